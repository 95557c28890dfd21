#!/bin/bash
test_description='perf buildid-cache: upstream layout, both ways

Our buildid-cache -a fills a cache that upstream perf report resolves a
profile from (binary moved away, another HOME), and a cache upstream
filled resolves the same profile in our perf report.  -l, -r, -p, -P, -u, -M,
usage errors, and a symlink planted in the cache.'
. "$(dirname "$0")/lib/test-lib.sh"
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"
command -v debuginfod >/dev/null && command -v curl >/dev/null && test_set_prereq DEBUGINFOD

RESOLVE="$MMAP3_TOP/build/asan/drivers/resolve-samples"

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

# -N: the cache stays empty, the tests fill it.
record () {
	out=$1
	shift
	upstream_record -q -N -e cpu-clock:u -c 100000 -o "$out" "$@"
}

# The demo's lines of upstream's report: "overhead command dso symbol".
upstream_report () {
	"$UPSTREAM_PERF" report -f --stdio -q --sort comm,dso,sym -i "$1" 2>/dev/null |
	awk '{ $1 = $1; print }' | grep " demo "
}

# Our report's lines against upstream's ($1, $2): the same, but for the
# vDSO, which ours names from its own image when the cache has no copy
# (upstream prints addresses then): each of our vDSO rows names a
# __vdso_ function or is one of upstream's rows.  A sample in x86's
# unexported clock-read helper has no name for anyone (seen in CI;
# t1006 checks that such addresses lie outside every vDSO function).
same_report_but_vdso () {
	grep -v " \[vdso\] " "$1" >expect.novdso &&
	grep -v " \[vdso\] " "$2" >actual.novdso &&
	test_cmp expect.novdso actual.novdso &&
	{ grep " \[vdso\] " "$2" | grep -v " \[vdso\] \[\.\] __vdso_" || :; } >actual.vdso-bare &&
	{ grep " \[vdso\] " "$1" || :; } >expect.vdso &&
	{ grep -v -x -F -f expect.vdso actual.vdso-bare || :; } >unnamed &&
	test_must_be_empty unnamed
}

# The same lines from our perf report.
our_report () {
	perf report --stdio -q --sort comm,dso,sym -i "$1" 2>/dev/null |
	awk '{ $1 = $1; print }' | grep " demo "
}

# The demo's samples resolved by our model: "symbol (dso)", counted.
our_symbols () {
	"$RESOLVE" -i "$1" | awk '$1 == "demo" { $1 = $2 = $3 = ""; print }' |
	sort | uniq -c | sort -rn | awk '{ $1 = $1; print }'
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the demo, build a private copy' '
	mkdir app &&
	cp "$WORKLOADS/demo" app/demo &&
	id=$(buildid app/demo) &&
	record perf.data app/demo 0.3 >/dev/null &&
	upstream_report perf.data >expect.report &&
	grep "hot_loop_a" expect.report &&
	our_symbols perf.data >expect.ours &&
	grep "hot_loop_a (.*/app/demo)" expect.ours &&
	! test -e "$HOME/.debug"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'buildid-cache -a: upstream layout, files keep their mode' '
	perf buildid-cache -a app/demo &&
	d=${id%${id#??}} &&
	cmp app/demo "$HOME/.debug$PWD/app/demo/$id/elf" &&
	test "$(readlink "$HOME/.debug/.build-id/$d/${id#??}")" = "../..$PWD/app/demo/$id" &&
	test "$(stat -c %a "$HOME/.debug$PWD/app/demo/$id/elf")" = "$(stat -c %a app/demo)" &&
	echo "$id $PWD/app/demo" >expect &&
	perf buildid-cache -l >actual &&
	test_cmp expect actual &&
	"$UPSTREAM_PERF" buildid-cache -l >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream perf report uses the cache we filled' '
	mkdir analysis &&
	mv "$HOME/.debug" analysis/.debug &&
	mv app/demo demo.away &&
	HOME=$PWD/analysis upstream_report perf.data >actual &&
	test_cmp expect.report actual &&
	HOME=$PWD upstream_report perf.data >without &&
	! grep hot_loop_a without
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'we use a cache upstream filled' '
	rm -rf analysis/.debug &&
	cp demo.away app/demo &&
	HOME=$PWD/analysis "$UPSTREAM_PERF" buildid-cache -a app/demo &&
	test -f "analysis/.debug$PWD/app/demo/$id/elf" &&
	mv app/demo demo.away &&
	HOME=$PWD/analysis our_symbols perf.data >actual &&
	test_cmp expect.ours actual &&
	HOME=$PWD/analysis our_report perf.data >actual &&
	same_report_but_vdso expect.report actual &&
	HOME=$PWD our_report perf.data >without &&
	! grep hot_loop_a without &&
	HOME=$PWD/analysis perf buildid-cache -l >actual &&
	echo "$id $PWD/app/demo" >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'buildid-cache -M lists what the cache lacks' '
	HOME=$PWD/analysis perf buildid-cache -M perf.data >missing &&
	! grep "$id" missing &&
	perf buildid-cache -M perf.data >missing &&
	grep "^$id $PWD/app/demo\$" missing
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-r removes one entry, -p a path, -P all' '
	cp demo.away app/demo &&
	cp /usr/bin/true app/true &&
	perf buildid-cache -a app/demo,app/true &&
	test $(perf buildid-cache -l | wc -l) = 2 &&
	perf buildid-cache -r app/demo &&
	echo "$(buildid app/true) $PWD/app/true" >expect &&
	perf buildid-cache -l >actual &&
	test_cmp expect actual &&
	! test -e "$HOME/.debug$PWD/app/demo/$id" &&
	perf buildid-cache -a app/demo &&
	perf buildid-cache -p app/true &&
	echo "$id $PWD/app/demo" >expect &&
	perf buildid-cache -l >actual &&
	test_cmp expect actual &&
	perf buildid-cache -u app/demo &&
	perf buildid-cache -l >actual &&
	test_cmp expect actual &&
	perf buildid-cache -P &&
	perf buildid-cache -l >actual &&
	test_must_be_empty actual &&
	"$UPSTREAM_PERF" buildid-cache -l >actual &&
	test_must_be_empty actual
'

test_expect_success 'errors: usage 129, a missing or non-ELF file 1' '
	test_expect_code 129 perf buildid-cache --bogus &&
	test_expect_code 129 perf buildid-cache -a &&
	test_expect_code 129 perf buildid-cache -k /proc/kcore &&
	test_expect_code 129 perf buildid-cache stray &&
	test_expect_code 1 perf buildid-cache -a does-not-exist 2>err &&
	grep "^Couldn.t add does-not-exist: No such file or directory\$" err &&
	echo text >notelf &&
	test_expect_code 1 perf buildid-cache -a notelf 2>err &&
	grep "^Couldn.t add notelf: no build-id\$" err
'

test_expect_success DEBUGINFOD '--debuginfod: the debuginfo lands next to the binary' '
	rm -rf "$HOME/.debug" &&
	echo "int main(void) { return 3; }" >dbg.c &&
	mkdir srv &&
	gcc -g -O1 -Wl,--build-id=sha1 -o srv/dbg dbg.c &&
	cp srv/dbg app/dbg &&
	strip -g app/dbg &&
	dbgid=$(buildid app/dbg) &&
	test "$dbgid" = "$(buildid srv/dbg)" &&
	debuginfod_server_start "$HOME/dstate" "$HOME/srv" &&
	DEBUGINFOD_CACHE_PATH="$HOME/dcache" \
		perf buildid-cache --debuginfod="$DEBUGINFOD_SERVER_URL" -a app/dbg &&
	cmp app/dbg "$HOME/.debug$PWD/app/dbg/$dbgid/elf" &&
	cmp srv/dbg "$HOME/.debug$PWD/app/dbg/$dbgid/debug" &&
	debuginfod_server_stop "$HOME/dstate"
'

test_expect_success 'a symlink planted in the cache is not followed' '
	rm -rf "$HOME/.debug" outside &&
	mkdir -p "$HOME/.debug" outside &&
	cp /usr/bin/true app/true &&
	ln -s "$PWD/outside" "$HOME/.debug/work" &&
	ln -s "$PWD/outside" "$HOME/.debug/.build-id" &&
	test_expect_code 1 perf buildid-cache -a app/true 2>err &&
	grep "Too many levels of symbolic links" err &&
	test -z "$(ls outside)" &&
	mkdir -p outside/ab &&
	ln -s ../../work/x/0123 outside/ab/cdef &&
	echo keep >outside/keep &&
	test_expect_code 1 perf buildid-cache -P 2>err &&
	grep "Too many levels of symbolic links" err &&
	test_expect_code 1 perf buildid-cache -p "$PWD/work/x" 2>err &&
	test -f outside/keep &&
	test -L outside/ab/cdef &&
	test -L "$HOME/.debug/work"
'

test_done
