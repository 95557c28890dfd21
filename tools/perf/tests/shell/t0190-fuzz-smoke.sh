#!/bin/bash
test_description='fuzz smoke: each libFuzzer target runs 15 s on its seed corpus without a finding

scripts/run-fuzz copies tools/perf/tests/fuzz/corpus/NAME/ and runs
build/fuzz/fuzz-NAME on it; a crash, leak, sanitizer report or hang on an
input fails the target, with the log and reproducer kept in TMPDIR.'

. "$(dirname "$0")/lib/test-lib.sh"

FUZZ_SECONDS=${FUZZ_SMOKE_SECONDS:-15}

targets=$(ls "$MMAP3_TOP"/build/fuzz/fuzz-* 2>/dev/null)
test -n "$targets" && test_set_prereq FUZZ_TARGETS

for bin in $targets; do
	name=$(basename "$bin")
	test_expect_success "$name: $FUZZ_SECONDS s without a finding" "
		echo '$name: ok' >expect &&
		TMPDIR=\"\$PWD\" \"\$MMAP3_TOP/scripts/run-fuzz\" $FUZZ_SECONDS '$bin' >out &&
		sed 's/ (.*//' out >actual &&
		test_cmp expect actual
	"
done

test_expect_success FUZZ_TARGETS 'run-fuzz reports a crashing target and exits 1' '
	printf "%s\n" "#include <stdint.h>" "#include <stddef.h>" \
		"int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)" \
		"{ if (n >= 1 && d[0] == 0x7f) __builtin_trap(); return 0; }" >crash.c &&
	clang -fsanitize=fuzzer -o fuzz-crashme crash.c &&
	test_expect_code 1 env TMPDIR="$PWD" "$MMAP3_TOP/scripts/run-fuzz" 10 ./fuzz-crashme >out &&
	grep "^fuzz-crashme: FAILED (exit [0-9]*), log .*/log, input .*/artifacts/crash-" out
'

test_expect_success 'run-fuzz usage errors exit 129' '
	test_expect_code 129 "$MMAP3_TOP/scripts/run-fuzz" &&
	test_expect_code 129 "$MMAP3_TOP/scripts/run-fuzz" ten build/fuzz/fuzz-buildid
'

test_done
