#!/bin/bash
test_description='the pager on a terminal, as upstream'"'"'s

report and script output goes through the pager when stdout is a terminal
(script -qc gives one): PERF_PAGER, then PAGER, LESS=FRSX unless LESS is
set; not through a pipe, not with --no-pager/-P or pager.<cmd> = false;
-p/--paginate and pager.<cmd> = true page any command.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"

# on_tty CMD...: run CMD with a terminal as stdin, stdout and stderr; without
# test-lib'"'"'s PERF_PAGER=cat, so that PAGER counts.
on_tty () {
	script -qec "unset PERF_PAGER; $*" /dev/null </dev/null | tr -d '\r'
}

# The pager runs through sh -c as upstream'"'"'s: a name in PATH, since the
# trash directory'"'"'s path has a space.
test_expect_success 'a marking pager' '
	cat >.bin/mark <<-\EOF &&
	#!/bin/sh
	sed "s/^/PAGED:/"
	EOF
	chmod +x .bin/mark &&
	cat >.bin/showless <<-\EOF &&
	#!/bin/sh
	echo "LESS=$LESS"
	cat >/dev/null
	EOF
	chmod +x .bin/showless
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a recording' '
	upstream_record -q -F 999 -o p.data -- "$DEMO" 0.1 >/dev/null
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --stdio on a terminal: every line paged' '
	PAGER=mark on_tty perf report --stdio -i p.data >out &&
	grep "^PAGED:# Overhead" out &&
	! grep -v "^PAGED:" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'script on a terminal: paged' '
	PAGER=mark on_tty perf script -i p.data >out &&
	test -s out &&
	! grep -v "^PAGED:" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'not through a pipe' '
	PAGER=mark perf report --stdio -i p.data >out 2>&1 &&
	grep "^# Overhead" out &&
	! grep "PAGED:" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--no-pager, -P, PAGER=cat: no pager' '
	PAGER=mark on_tty perf --no-pager report --stdio -i p.data >out &&
	grep "^# Overhead" out && ! grep "PAGED:" out &&
	PAGER=mark on_tty perf -P script -i p.data >out &&
	test -s out && ! grep "PAGED:" out &&
	PAGER=cat on_tty perf report --stdio -i p.data >out &&
	grep "^# Overhead" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'PERF_PAGER beats PAGER' '
	PAGER=false on_tty PERF_PAGER=mark perf report --stdio -i p.data >out &&
	grep "^PAGED:# Overhead" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pager.report = false in perfconfig; -p wins' '
	printf "[pager]\n\treport = false\n" >.perfconfig &&
	PAGER=mark on_tty perf report --stdio -i p.data >out &&
	grep "^# Overhead" out && ! grep "PAGED:" out &&
	PAGER=mark on_tty perf -p report --stdio -i p.data >out &&
	grep "^PAGED:# Overhead" out &&
	rm .perfconfig
'

test_expect_success '-p/--paginate and pager.<cmd> = true page any command' '
	PAGER=mark on_tty perf version >out &&
	grep "^perf version" out &&
	PAGER=mark on_tty perf -p version >out &&
	grep "^PAGED:perf version" out &&
	PAGER=mark on_tty perf --paginate version >out &&
	grep "^PAGED:perf version" out &&
	printf "[pager]\n\tversion = true\n" >.perfconfig &&
	PAGER=mark on_tty perf version >out &&
	grep "^PAGED:perf version" out &&
	rm .perfconfig
'

test_expect_success 'LESS=FRSX unless LESS is set' '
	PAGER=showless on_tty perf -p version >out &&
	grep -x "LESS=FRSX" out &&
	LESS=X PAGER=showless on_tty perf -p version >out &&
	grep -x "LESS=X" out
'

test_expect_success 'perf help CMD pages our man page on a terminal' '
	PAGER=mark on_tty perf help record >out &&
	grep "^PAGED:PERF-RECORD(1) " out
'

test_expect_success 'a pager that cannot run: the shell says so once, perf ends well' '
	PAGER=/nonexistent/pager on_tty "perf -p version; echo status=\$?" >out &&
	test $(grep -c "nonexistent/pager" out) = 1 &&
	grep -x "status=0" out
'

test_done
