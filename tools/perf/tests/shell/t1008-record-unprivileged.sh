#!/bin/sh
test_description='perf record as a user without privileges, and starts that fail

With kernel.perf_event_paranoid at 2 (Debian'\''s default) a user may not
sample the kernel: like upstream, perf record falls back to user-only
events, named EVENT:u, and says so in one line.  System-wide recording is
refused with upstream'\''s explanation.  A start that fails leaves no file
behind, and an existing perf.data where it was.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# The user every Debian system has; a home of its own, like any user.
NOBODY=65534
as_user () {
	setpriv --reuid=$NOBODY --regid=$NOBODY --clear-groups env HOME="$USER_HOME" "$@"
}

test "$(cat /proc/sys/kernel/perf_event_paranoid)" = 2 && test_set_prereq PARANOID2
command -v setpriv >/dev/null && test_set_prereq SETPRIV

test_expect_success ROOT,SETPRIV 'a user with a home and a working directory' '
	USER_HOME="$PWD/home" &&
	mkdir -p home/work &&
	chown -R $NOBODY:$NOBODY home &&
	as_user test -w home/work
'
USER_HOME="$PWD/home"

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2 'no kernel profiling: user-only cpu-clock:u, said once' '
	(cd home/work && as_user perf record -F 999 -- "$WORKLOADS/demo" 0.5 >../../out 2>../../err) &&
	echo "Warning: kernel.perf_event_paranoid=2, trying to fall back to excluding kernel and hypervisor samples" >expect &&
	sed -n 1p err >actual &&
	test_cmp expect actual &&
	grep -E "^\[ perf record: Captured and wrote [0-9.]+ MB perf.data \([0-9]+ samples\) \]$" err &&
	test "$(wc -l <err)" = 3 &&
	test "$(stat -c %U home/work/perf.data)" = nobody
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2,UPSTREAM_PERF 'the file says cpu-clock:u and holds user-space samples only' '
	(cd home/work && as_user "$UPSTREAM_PERF" evlist) >actual &&
	echo cpu-clock:u >expect &&
	test_cmp expect actual &&
	(cd home/work && as_user "$UPSTREAM_PERF" script -F event,ip,dso) >samples 2>/dev/null &&
	test "$(wc -l <samples)" -gt 10 &&
	awk "\$1 != \"cpu-clock:u:\" { print; bad = 1 } END { exit bad }" samples &&
	# no kernel address: those start at 0xffff800000000000 on x86-64
	! grep -E " ffff[89a-f][0-9a-f]{12} " samples &&
	! grep -F "[kernel.kallsyms]" samples &&
	(cd home/work && as_user perf script -F event,ip,dso) >ours 2>/dev/null &&
	test_cmp samples ours &&
	(cd home/work && as_user perf report --stdio --no-children --sort sym) >report 2>/dev/null &&
	grep -q hot_loop_a report
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2 '-q: the fallback is silent' '
	(cd home/work && as_user perf record -q -o q.data -- true 2>../../err) &&
	test_must_be_empty err
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2 '-a is refused with upstream'"'"'s explanation, no file left' '
	cp home/work/perf.data before.data &&
	(cd home/work && test_expect_code 1 as_user perf record -a -- true 2>../../err) &&
	cat >expect <<-\EOF &&
	Error:
	Access to performance monitoring and observability operations is limited.
	Consider adjusting /proc/sys/kernel/perf_event_paranoid setting to open
	access to performance monitoring and observability operations for processes
	without CAP_PERFMON, CAP_SYS_PTRACE or CAP_SYS_ADMIN Linux capability.
	More information can be found at '\''Perf events and tool security'\'' document:
	https://www.kernel.org/doc/html/latest/admin-guide/perf-security.html
	perf_event_paranoid setting is 2:
	  -1: Allow use of (almost) all events by all users
	      Ignore mlock limit after perf_event_mlock_kb without CAP_IPC_LOCK
	>= 0: Disallow raw and ftrace function tracepoint access
	>= 1: Disallow CPU event access
	>= 2: Disallow kernel profiling
	To make the adjusted perf_event_paranoid setting permanent preserve it
	in /etc/sysctl.conf (e.g. kernel.perf_event_paranoid = <setting>)
	EOF
	test_cmp expect err &&
	# the profile already there is left alone, not moved to perf.data.old
	cmp before.data home/work/perf.data &&
	test ! -e home/work/perf.data.old
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2,UPSTREAM_PERF 'the same words as upstream' '
	(cd home/work && as_user "$UPSTREAM_PERF" record -o up.data -a -- true 2>../../up-err);
	test_cmp up-err err
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV,PARANOID2 'a kernel-only event is refused, no file left' '
	(cd home/work && test_expect_code 1 as_user perf record -e cpu-clock:k -o k.data -- true 2>../../err) &&
	sed -n 2p err >actual &&
	echo "Access to performance monitoring and observability operations is limited." >expect &&
	test_cmp expect actual &&
	test ! -e home/work/k.data
'

test_expect_success PERF_EVENTS,ROOT,SETPRIV 'a directory the user cannot write: one line, no file' '
	mkdir ro &&
	(cd home/work && test_expect_code 1 as_user perf record -q -o ../../ro/x.data -- true 2>../../err) &&
	echo "failed to create ../../ro/x.data: Permission denied" >expect &&
	test_cmp expect err &&
	test ! -e ro/x.data
'

test_expect_success PERF_EVENTS 'a process that does not exist: no file' '
	test_expect_code 1 perf record -p 999999999 -o nopid.data 2>err &&
	test ! -e nopid.data
'

test_expect_success 'a bad event: no file' '
	test_expect_code 129 perf record -e nosuch -o badev.data -- true 2>err &&
	test ! -e badev.data
'

test_done
