#!/bin/bash
test_description='the remote analysis box: record on prod, resolve elsewhere by build-id

Two network namespaces joined by a veth pair.  On "prod": perf record of
a private copy of the demo (build-ids in the MMAP records), prod'\''s own
report, and debuginfod -F serving the binary.  On "analysis": another
HOME, the demo gone from its recorded path; DEBUGINFOD_URLS=http://prod
perf report prints the same top symbols as prod did; perf buildid-list
--store fills the analysis cache; with the server stopped a second
report still resolves everything.

Until perf report resolves symbols, the report steps use the
resolve-samples driver (our symbol model over the same data) with the
cache --store filled: the REPORT_SYMBOLS prereq says which runs.'
. "$(dirname "$0")/lib/test-lib.sh"
. "$SHARNESS_TEST_SRCDIR/lib/remote-box.sh"

RESOLVE="$MMAP3_TOP/build/asan/drivers/resolve-samples"

# BOX ARGS...: the demo's lines of perf report, spaces squeezed.
report_symbols () {
	box=$1
	shift
	"$box" perf report --stdio "$@" 2>report.err | grep "hot_loop_[ab]" |
	awk '{ $1 = $1; print }'
}

# BOX ARGS...: the same from our symbol model, "count symbol (dso)".
resolved_symbols () {
	box=$1
	shift
	"$box" "$RESOLVE" "$@" | awk '$1 == "demo" { $1 = $2 = $3 = ""; print }' |
	sort | uniq -c | sort -rn | awk '{ $1 = $1; print }' | grep "hot_loop_[ab] "
}

test_expect_success NETNS,PERF_EVENTS 'two boxes joined by a link' '
	debuginfod_netns_up "$PROD" "$ANALYSIS" &&
	set -- $DEBUGINFOD_NETNS_ADDRS &&
	echo "$1" >prod.addr &&
	mkdir -p prodhome anahome prod/bin prod/srv &&
	cp "$WORKLOADS/demo" prod/bin/demo &&
	cp prod/bin/demo prod/srv/demo
'

test_expect_success NETNS,PERF_EVENTS 'prod records the demo with build-ids in its mmaps' '
	on_prod perf record -q -e cpu-clock:u --buildid-mmap -o prod.data \
		prod/bin/demo 0.3 >/dev/null &&
	perf buildid-list -H -i prod.data >ids &&
	grep " $PWD/prod/bin/demo\$" ids &&
	resolved_symbols on_prod -i prod.data >prod.resolved &&
	grep "hot_loop_a ($PWD/prod/bin/demo)" prod.resolved
'

# Does our perf report resolve symbols yet (the "report" work)?
if test_have_prereq NETNS,PERF_EVENTS &&
   test -n "$(report_symbols on_prod -i prod.data)"; then
	test_set_prereq REPORT_SYMBOLS
fi

test_expect_success NETNS,PERF_EVENTS,REPORT_SYMBOLS 'prod'\''s own report' '
	report_symbols on_prod -i prod.data >prod.top &&
	grep hot_loop_a prod.top
'

test_expect_success NETNS,PERF_EVENTS 'prod serves its binaries; on analysis the demo is gone' '
	debuginfod_server_start --netns "$PROD" --addr "$(cat prod.addr)" \
		"$HOME/pstate" "$HOME/prod/srv" &&
	echo "$DEBUGINFOD_SERVER_URL" >url &&
	mv prod/bin/demo demo.moved &&
	on_analysis "$RESOLVE" -i prod.data >unresolved &&
	! grep hot_loop_a unresolved
'

# libdebuginfod is loaded when a fetch is due, not linked: without it
# perf still runs, says why nothing is fetched, and reports the rest.
test_expect_success NETNS,PERF_EVENTS,REPORT_SYMBOLS 'analysis without libdebuginfod: a warning, no fetch, a report' '
	lib=$(ldconfig -p | awk "/^[[:space:]]*libdebuginfod\.so\.1 .*x86-64/ { print \$NF; exit }") &&
	test -n "$lib" &&
	URLS=$(cat url) on_analysis unshare -m sh -c \
		"mount --bind /dev/null $lib && perf --version && perf report --stdio -i prod.data" \
		>actual 2>err &&
	grep "^perf version" actual &&
	grep "debuginfod: cannot load libdebuginfod.so.1 (.*): symbols are not fetched" err &&
	grep " demo " actual &&
	! grep hot_loop_a actual &&
	test "$(debuginfod_server_metric pstate "http_requests_total{type=\"executable\"}")" = 0
'

test_expect_success NETNS,PERF_EVENTS,REPORT_SYMBOLS 'analysis: report with DEBUGINFOD_URLS prints prod'\''s top symbols' '
	URLS=$(cat url) report_symbols on_analysis -i prod.data >actual &&
	test_cmp prod.top actual &&
	! test -e anahome/.debug/.build-id
'

test_expect_success NETNS,PERF_EVENTS 'analysis: buildid-list --store fills the cache, the demo from prod' '
	sed "s/^/OK /" ids >expect &&
	URLS=$(cat url) on_analysis perf buildid-list --store -H -i prod.data >actual &&
	test_cmp expect actual &&
	id=$(grep " $PWD/prod/bin/demo\$" ids | cut -d" " -f1) &&
	cmp demo.moved "anahome/.debug$PWD/prod/bin/demo/$id/elf" &&
	test "$(debuginfod_server_metric pstate "http_requests_total{type=\"executable\"}")" -ge 1
'

test_expect_success NETNS,PERF_EVENTS 'the server stops: the analysis box resolves from its cache' '
	debuginfod_server_stop "$HOME/pstate" &&
	rm -rf anahome/dcache &&
	URLS=$(cat url) resolved_symbols on_analysis -i prod.data >actual &&
	test_cmp prod.resolved actual
'

test_expect_success NETNS,PERF_EVENTS,REPORT_SYMBOLS 'the server stops: a second report still matches prod'\''s' '
	URLS=$(cat url) report_symbols on_analysis -i prod.data >actual &&
	test_cmp prod.top actual
'

test_expect_success NETNS,PERF_EVENTS 'and --store again: everything already cached' '
	on_analysis perf buildid-list --store --no-debuginfod -H -i prod.data >actual &&
	test_cmp expect actual
'

test_done
