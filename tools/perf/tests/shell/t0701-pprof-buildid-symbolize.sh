#!/bin/bash
test_description='perf data convert --no-symbolize: pprof symbolizes by build-id from our cache

A profile written without symbols keeps addresses, mappings and
build-ids, for a backend that symbolizes later.  pprof looks binaries up
by build-id in the directories of PPROF_BINARY_PATH: a file in
DIR/<build-id>/ is taken once its build-id is checked.  Our build-id
cache keeps each binary as <cache>/<path>/<build-id>/elf, so the parent
of each .build-id link target is such a DIR (Documentation/perf-data.txt
gives the one-line recipe).

go tool pprof (Debian golang-go 1.19) reads no build-ids from binaries:
it refuses every file found by build-id.  The pprof of Debian'"'"'s
golang-github-google-pprof-dev, built here with Debian'"'"'s go, does check
them; it is the one used.  The program is rebuilt at its path after the
recording, so a symbolizer that went by path would name the new build.

The program and the cache live in a directory without blanks: pprof
hands paths to llvm-symbolizer on its standard input, where a blank
(as in sharness'"'"'s "trash directory") splits the path and pprof then
waits forever.'
. "$(dirname "$0")/lib/test-lib.sh"

WORK=$(mktemp -d /tmp/t0701.XXXXXX)
export PERF_BUILDID_DIR="$WORK/debug"

PPROF_SRC=/usr/share/gocode/src/github.com/google/pprof
export GOCACHE="$HOME/.cache/go-build"
if command -v go >/dev/null && test -f "$PPROF_SRC/pprof.go" &&
   GO111MODULE=off GOPATH=/usr/share/gocode timeout 600 go build -o "$HOME/pprof" github.com/google/pprof \
	>go-build.out 2>&1
then
	test_set_prereq PPROF
fi

# PPROF_BINARY_PATH for our cache: the directory above each <build-id>/
cache_binary_path () {
	for link in "$PERF_BUILDID_DIR"/.build-id/*/*; do
		dirname "$(readlink -f "$link")"
	done | sort -u | paste -sd:
}

test_expect_success PERF_EVENTS 'record version one of the program, call chains, with our perf' '
	build_version one 3 "$WORK/app" -O1 -fno-omit-frame-pointer -fno-inline &&
	perf record -q -e cpu-clock -F 4999 -g -o in.data -- "$WORK/app" >/dev/null &&
	readelf -n "$WORK/app" | awk "/Build ID:/ { print \$3 }" >one.id &&
	test -s one.id
'

test_expect_success PERF_EVENTS 'the program is rebuilt at its path' '
	build_version two 5 "$WORK/app" -O1 -fno-omit-frame-pointer -fno-inline &&
	readelf -n "$WORK/app" | awk "/Build ID:/ { print \$3 }" >two.id &&
	! test_cmp one.id two.id
'

test_expect_success PERF_EVENTS 'convert --no-symbolize: addresses and build-ids, no functions' '
	perf data convert -i in.data --to-pprof nosym.pb.gz --no-symbolize 2>err &&
	grep -q "Converted and wrote" err &&
	perf data convert -i in.data --to-pprof sym.pb.gz 2>/dev/null &&
	test $(wc -c <nosym.pb.gz) -lt $(wc -c <sym.pb.gz)
'

test_expect_success PERF_EVENTS,PPROF 'the profile has mappings with build-ids and no functions' '
	PPROF_BINARY_PATH=/nonexistent timeout 300 "$HOME/pprof" -symbolize=none -raw nosym.pb.gz >raw 2>/dev/null &&
	sed -n "/^Mappings/,\$p" raw >mappings &&
	cat mappings &&
	grep -q " $WORK/app $(cat one.id) *\$" mappings &&
	! grep -q "\[FN\]" mappings &&
	sed -n "/^Locations/,/^Mappings/p" raw >locations &&
	! grep -q "work" locations
'

test_expect_success PERF_EVENTS,PPROF 'pprof symbolizes from the build-id cache: version one, not the file at the path' '
	PPROF_BINARY_PATH=$(cache_binary_path) timeout 300 "$HOME/pprof" -top nosym.pb.gz >top 2>top.err &&
	cat top top.err &&
	awk "seen && NF == 6 { print \$6 } /flat%/ { seen = 1 }" top | head -1 >hot &&
	echo one_work >expect &&
	test_cmp expect hot &&
	! grep -q two_work top
'

test_expect_success PERF_EVENTS,PPROF 'the shares equal the symbolized conversion'"'"'s' '
	top_of () {
		PPROF_BINARY_PATH=$(cache_binary_path) timeout 300 "$HOME/pprof" -top -nodefraction=0 "$1" 2>/dev/null |
		awk "seen && NF == 6 && \$6 == \"one_work\" { print \$2 } /flat%/ { seen = 1 }"
	} &&
	top_of sym.pb.gz >sym.share &&
	top_of nosym.pb.gz >nosym.share &&
	test -s sym.share &&
	test_cmp sym.share nosym.share
'

test_expect_success PERF_EVENTS,PPROF 'without the cache in its path pprof cannot name version one' '
	PPROF_BINARY_PATH=/nonexistent timeout 300 "$HOME/pprof" -top nosym.pb.gz >top2 2>/dev/null &&
	! grep -q one_work top2
'

rm -rf "$WORK"
test_done
