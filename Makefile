# MMAP3: top-level build.
#
#   make            tools/perf/perf (and the ASan+UBSan twin in build/asan/), man pages
#   make install    perf and its man pages under prefix= (default /usr/local)
#   make check      build everything, run every test, end with "N passed, N failed"
#   make fuzz       run each libFuzzer target for FUZZ_SECONDS (default 60)
#   make bench      side-by-side benchmarks against /usr/bin/perf
#
# Sources are found by wildcard: a new util/<layer>/*.c, <command>/*.c,
# builtin-*.c, unit test,
# shell test or fuzz target needs no edit here.

CC        ?= gcc
FUZZ_CC   ?= clang
O         := build
PKGS      := libelf libdw libdebuginfod zlib liblzma libzstd libtraceevent

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
# libdebuginfod is opened at run time, not linked (see util/cache/debuginfod.c)
PKG_LIBS   := $(shell pkg-config --libs $(filter-out libdebuginfod,$(PKGS)) 2>/dev/null)
CMOCKA_LIBS := $(shell pkg-config --libs cmocka 2>/dev/null)

INCLUDES  := -Itools/include -Iinclude -Iinclude/uapi -Itools/perf
WARNINGS  := -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers \
             -Wshadow -Wformat=2 -Wvla -Werror
CPPFLAGS  += -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 $(INCLUDES)
CFLAGS    ?= -O2 -g
CFLAGS    += -std=gnu11 $(WARNINGS) $(PKG_CFLAGS) -pthread
# -liberty: cplus_demangle for C++/Rust symbol names (libiberty-dev)
LDLIBS    := $(PKG_LIBS) -liberty -pthread -lm

SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# lib/ also holds kernel-only files at their kernel path (buildid-vma.c,
# buildid_kunit.c): only the shared parser is built here.
LIB_SRCS     := lib/buildid.c
# util/<layer>/*.c: the shared model; tools/perf/<command>/*.c: a command's
# internals, next to its builtin (README's tour).
UTIL_SRCS    := $(wildcard tools/perf/util/*/*.c)
CMD_SRCS     := $(filter-out tools/perf/tests/% tools/perf/util/%,$(wildcard tools/perf/*/*.c))
BUILTIN_SRCS := $(wildcard tools/perf/builtin-*.c)
MAIN_SRC     := tools/perf/perf.c
CORE_SRCS    := $(LIB_SRCS) $(UTIL_SRCS) $(CMD_SRCS) $(BUILTIN_SRCS)
UNIT_SRCS    := $(wildcard tools/perf/tests/unit/test-*.c)
FUZZ_SRCS    := $(wildcard tools/perf/tests/fuzz/fuzz-*.c)
DEMO_SRCS    := $(wildcard tools/perf/tests/workloads/*.c)

obj = $(patsubst %.c,$(1)/%.o,$(2))

# ---- the normal build -------------------------------------------------------
$(O)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -MMD -MP -c -o $@ $<

$(O)/asan/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -O1 $(SAN_FLAGS) -MMD -MP -c -o $@ $<

CORE_OBJS      := $(call obj,$(O)/obj,$(CORE_SRCS))
CORE_ASAN_OBJS := $(call obj,$(O)/asan,$(CORE_SRCS))

tools/perf/perf: $(CORE_OBJS) $(call obj,$(O)/obj,$(MAIN_SRC))
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(O)/asan/perf: $(CORE_ASAN_OBJS) $(call obj,$(O)/asan,$(MAIN_SRC))
	$(CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

# Unit tests link the core (not perf.c's main) and cmocka; sanitized.
$(O)/tests/%: $(O)/asan/tools/perf/tests/unit/%.o $(CORE_ASAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(LDLIBS) $(CMOCKA_LIBS)

UNIT_BINS := $(patsubst tools/perf/tests/unit/%.c,$(O)/tests/%,$(UNIT_SRCS))

# Demo workloads: built with frame pointers and a build-id, never sanitized.
$(O)/workloads/%: tools/perf/tests/workloads/%.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -fno-omit-frame-pointer -fno-inline -Wl,--build-id=sha1 -o $@ $<

DEMO_BINS := $(patsubst tools/perf/tests/workloads/%.c,$(O)/workloads/%,$(DEMO_SRCS))

# Fuzz targets: clang + libFuzzer, linked with the parsers they exercise.
FUZZ_CFLAGS := -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined $(PKG_CFLAGS)
$(O)/fuzz/%: tools/perf/tests/fuzz/%.c $(filter-out $(MAIN_SRC),$(CORE_SRCS))
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -o $@ $^ $(LDLIBS)

FUZZ_BINS := $(patsubst tools/perf/tests/fuzz/%.c,$(O)/fuzz/%,$(FUZZ_SRCS))

# Drivers: small test/bench programs over the core (not perf commands),
# e.g. tools/perf/tests/drivers/debuginfod-fetch.c -> build/drivers/ and,
# sanitized for the shell tests, build/asan/drivers/.
DRIVER_SRCS := $(wildcard tools/perf/tests/drivers/*.c)
$(O)/drivers/%: $(O)/obj/tools/perf/tests/drivers/%.o $(CORE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(O)/asan/drivers/%: $(O)/asan/tools/perf/tests/drivers/%.o $(CORE_ASAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(SAN_FLAGS) -o $@ $^ $(LDLIBS)

DRIVER_BINS := $(patsubst tools/perf/tests/drivers/%.c,$(O)/drivers/%,$(DRIVER_SRCS)) \
	       $(patsubst tools/perf/tests/drivers/%.c,$(O)/asan/drivers/%,$(DRIVER_SRCS))

# Man pages: Documentation/perf.txt and perf-*.txt rendered by Debian's
# asciidoctor into build/man/man1/, where "perf help CMD" (tree or
# installed) points man(1) first.  linkperf:perf-x[1] is the kernel tree's
# asciidoc macro: spelled here as the page reference it stands for.
MAN_TXT   := Documentation/perf.txt $(wildcard Documentation/perf-*.txt)
MAN_PAGES := $(patsubst Documentation/%.txt,$(O)/man/man1/%.1,$(MAN_TXT))
$(O)/man/man1/%.1: Documentation/%.txt
	@mkdir -p $(dir $@)
	sed -E 's/linkperf:([a-z0-9-]+)\[([0-9])\]/*\1*(\2)/g' $< | \
		asciidoctor -b manpage -a mansource=perf -a manmanual='perf Manual' -o $@ -

man: $(MAN_PAGES)

all: tools/perf/perf $(O)/asan/perf $(DEMO_BINS) man

tests: all $(UNIT_BINS) $(FUZZ_BINS) $(DRIVER_BINS)

deps:
	scripts/install-deps

# `make check` runs every test; scripts/check (README, .ci/run) installs deps first.
check: deps
	$(MAKE) tests
	scripts/run-tests

# make install [prefix=DIR] [DESTDIR=...]: perf in bin/, its pages in
# share/man/man1/, where the installed perf's "perf help" looks first.
prefix ?= /usr/local
install: tools/perf/perf man
	install -d "$(DESTDIR)$(prefix)/bin" "$(DESTDIR)$(prefix)/share/man/man1"
	install -m 755 tools/perf/perf "$(DESTDIR)$(prefix)/bin/perf"
	install -m 644 $(MAN_PAGES) "$(DESTDIR)$(prefix)/share/man/man1/"

FUZZ_SECONDS ?= 60
fuzz: $(FUZZ_BINS)
	scripts/run-fuzz $(FUZZ_SECONDS) $(FUZZ_BINS)

bench: all
	bench/run

demo: deps all
	scripts/demo

# The MMAP3 kernel series against linux-source-6.1 (build/kernel-patches/),
# and its QEMU test (also run by make check, as t8000-kernel-mmap3.sh).
kernel-patches:
	scripts/kernel-patches --checkpatch

kernel-test:
	scripts/kernel-test

clean:
	rm -rf $(O) tools/perf/perf

.PHONY: all tests deps check fuzz bench demo clean kernel-patches kernel-test man install
.DEFAULT_GOAL := all

-include $(shell find $(O) -name '*.d' -type f 2>/dev/null)
