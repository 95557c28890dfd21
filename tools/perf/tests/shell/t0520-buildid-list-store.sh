#!/bin/bash
test_description='perf buildid-list --store: every DSO of a perf.data into the cache

The DSOs come from the recorded paths (when the build-id still matches),
from a debuginfod server, or fail with a FAIL line.  A hostile build-id
table (names with "..", a symlink planted in the cache, control
characters, overlong names) writes nothing outside the cache.'
. "$(dirname "$0")/lib/test-lib.sh"
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"

REWRITE="$SHARNESS_TEST_SRCDIR/lib/rewrite-buildids.py"
command -v debuginfod >/dev/null && command -v curl >/dev/null && test_set_prereq DEBUGINFOD

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

# Upstream perf 6.1 sometimes aborts while saving build-ids: upstream_record retries.
record () {
	out=$1
	shift
	upstream_record -q -N -e cpu-clock:u -o "$out" "$@"
}

# Every file and link of the test directory outside the cache (and the
# snapshots themselves), with its type, size and link target.  The names
# of the hostile table all lead (after "..") into this directory.
snapshot () {
	find "$PWD" \( -path "$HOME/.debug" -o -path "$PWD/snap" \) -prune -o \
		-printf "%y %s %p %l\n" | sort
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record a copy of the demo' '
	mkdir bin &&
	cp "$WORKLOADS/demo" bin/demo &&
	record perf.data bin/demo 0.2 >/dev/null &&
	perf buildid-list -H -i perf.data >hits &&
	grep " $PWD/bin/demo\$" hits
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--store takes the binaries from their paths' '
	id=$(buildid bin/demo) &&
	perf buildid-list -H -i perf.data |
	sed "s/^/OK /" >expect &&
	perf buildid-list --store -H -i perf.data >actual &&
	test_cmp expect actual &&
	cmp bin/demo "$HOME/.debug$PWD/bin/demo/$id/elf" &&
	test "$(readlink "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}")" = \
		"../..$PWD/bin/demo/$id" &&
	test "$(stat -c %a "$HOME/.debug$PWD/bin/demo/$id/elf")" = "$(stat -c %a bin/demo)"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a second --store finds them cached' '
	perf buildid-list --store -H -i perf.data >again &&
	test_cmp expect again
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a rebuilt binary is not taken: FAIL, exit 1' '
	rm -rf "$HOME/.debug" &&
	echo >>bin/demo &&
	printf "\\177ELF garbage" >bin/demo &&
	test_expect_code 1 perf buildid-list --store --no-debuginfod -H -i perf.data >actual &&
	grep "^FAIL $id $PWD/bin/demo\$" actual &&
	! test -e "$HOME/.debug$PWD/bin/demo" &&
	cp "$WORKLOADS/demo" bin/demo
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,DEBUGINFOD 'a missing binary comes from debuginfod, one request' '
	mkdir srv &&
	mv bin/demo srv/demo &&
	debuginfod_server_start "$HOME/dstate" "$HOME/srv" &&
	export DEBUGINFOD_CACHE_PATH="$HOME/dcache" &&
	rm -rf "$HOME/.debug" &&
	DEBUGINFOD_URLS="$DEBUGINFOD_SERVER_URL" \
		perf buildid-list --store -H -i perf.data >actual &&
	test_cmp expect actual &&
	cmp srv/demo "$HOME/.debug$PWD/bin/demo/$id/elf" &&
	test "$(debuginfod_server_metric "$HOME/dstate" \
		"http_requests_total{type=\"executable\"}")" = 1 &&
	debuginfod_server_stop "$HOME/dstate" &&
	mv srv/demo bin/demo
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--debuginfod=URL: a dead server is a FAIL, quickly' '
	rm -rf "$HOME/.debug" &&
	mv bin/demo bin/demo.away &&
	DEBUGINFOD_CACHE_PATH="$HOME/dcache2" &&
	test_expect_code 1 perf buildid-list --store --debuginfod=http://127.0.0.1:1 \
		-H -i perf.data >actual &&
	grep "^FAIL $id $PWD/bin/demo\$" actual &&
	mv bin/demo.away bin/demo
'

test_expect_success 'usage errors are 129' '
	test_expect_code 129 perf buildid-list --bogus &&
	test_expect_code 129 perf buildid-list extra &&
	test_expect_code 1 perf buildid-list --store -i does-not-exist.data
'

test_expect_success 'buildid-list -k prints the running kernel id, -m with its text' '
	perf buildid-list -k >actual &&
	"$UPSTREAM_PERF" buildid-list -k >expect &&
	test_cmp expect actual &&
	perf buildid-list -m >actual &&
	"$UPSTREAM_PERF" buildid-list -m | head -1 >expect &&
	test_cmp expect actual
'

# A table naming real binaries (so a naive writer would have a source)
# under names that lead out of the cache.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a hostile build-id table' '
	mkdir -p outside/usr/bin plant &&
	cp /usr/bin/true outside/true &&
	tid=$(buildid /usr/bin/true) &&
	long=$(printf "/%0250d" $(seq 1 20) | tr -d "\n") &&
	cat >table <<-EOF &&
	$tid /../../../../../../..$PWD/outside/true
	$tid /usr/bin/../../../../../../../..$PWD/outside/true
	$tid /usr/bin/true
	$tid /usr/bin/./true
	$tid //usr/bin/true
	$tid /usr/bin/true/
	$tid ../../../..$PWD/outside/true
	$tid [kernel.kallsyms]/../../../..$PWD/outside/k
	$tid /tmp/a\\nOK fake line
	$tid $long
	0123456789abcdef0123456789abcdef01234567 [kernel.kallsyms]
	EOF
	"$REWRITE" perf.data hostile.data <table &&
	perf buildid-list -i hostile.data >listed &&
	test $(wc -l <listed) = 12
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--store of it writes nothing outside the cache' '
	rm -rf "$HOME/.debug" &&
	mkdir -p "$HOME/.debug" &&
	ln -s "$PWD/outside/usr" "$HOME/.debug/usr" &&
	mkdir snap &&
	snapshot >snap/before &&
	test_expect_code 1 perf buildid-list --store --no-debuginfod -i hostile.data \
		>snap/actual &&
	snapshot >snap/after &&
	test_cmp snap/before snap/after &&
	mv snap/actual actual &&
	test_must_fail grep "^OK " actual &&
	test $(grep -c "^FAIL $tid " actual) = 10 &&
	grep -x "FAIL $tid /tmp/a?OK fake line" actual &&
	! test -e "$HOME/.debug/.build-id" &&
	find "$HOME/.debug" -perm -o+w ! -type l >ww &&
	test_must_be_empty ww
'

test_expect_success 'a FIFO at a recorded path does not hang --store' '
	mkfifo fifo &&
	echo "$tid $PWD/fifo" | "$REWRITE" perf.data fifo.data &&
	rm -rf "$HOME/.debug" &&
	test_expect_code 1 timeout 60 perf buildid-list --store --no-debuginfod \
		-i fifo.data >actual &&
	echo "FAIL $tid $PWD/fifo" >expect &&
	test_cmp expect actual
'

test_done
