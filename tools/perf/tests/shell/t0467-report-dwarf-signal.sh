#!/bin/bash
test_description='--call-graph dwarf chains through a signal handler are upstream'"'"'s

Most frames are unwound with cached CFI rules; a frame whose CFI is not
a plain register + offset rule (the signal trampoline: a signal frame
described by DWARF expressions) hands the sample to libdwfl, which
unwinds it from the start.  Samples taken in a SIGALRM handler go
through both: the handler'"'"'s frames by the cached rules, the trampoline
and the interrupted loop below it by libdwfl.  Their chains must be the
ones upstream shows, the trampoline'"'"'s own frame included: upstream shows
it as a called frame, at its return address minus one, the byte before
__restore_rt that no symbol holds ("[unknown]"), and the interrupted
frame under it at its own pc.'
. "$(dirname "$0")/lib/test-lib.sh"

# The samples taken in the handler.  (Samples whose user ip is in no file,
# a few taken on the way into the handler, differ before and after the
# rule cache alike: libdwfl guesses a frame pointer there where upstream
# stops; not compared here.)
handler_samples () {
	awk -v RS= -v ORS="\n\n" "/handler_work/"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: upstream records a program spending time in a signal handler' '
	gcc -O2 -fomit-frame-pointer -g -o dwsignal "$SHARNESS_TEST_SRCDIR/lib/dwsignal.c" &&
	upstream_record -q -e cpu-clock -F 1999 --call-graph dwarf -o sig.data -- ./dwsignal 1 \
		>/dev/null &&
	upstream_perf script --no-inline -F comm,tid,time,ip,sym,dso -i sig.data 2>/dev/null \
		>up.txt &&
	grep -q handler_work up.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'script: the handler samples'"'"' chains are upstream'"'"'s, through the signal frame' '
	perf script --no-inline -F comm,tid,time,ip,sym,dso -i sig.data 2>script.err >actual.txt &&
	handler_samples <up.txt >expect &&
	handler_samples <actual.txt >actual &&
	test $(grep -c "on_alarm (" actual) -gt 20 &&
	test_cmp expect actual &&
	# the handler was unwound past the trampoline, shown as upstream shows
	# it, into the interrupted loop
	grep -A4 "handler_work (" actual.txt | grep -A1 "on_alarm (" |
		grep -q "^	 *[0-9a-f]* \[unknown\] (.*/libc\.so\.6)\$" &&
	awk "/on_alarm \\(/ { h = 1 } h && /main_work \\(|loop \\(/ { n++; h = 0 } END { exit !(n > 0) }" \
		actual.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --no-children: the handler'"'"'s callers are upstream'"'"'s' '
	upstream_perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
		-i sig.data 2>/dev/null | grep -v "^#" | grep -v "^$" | head -4 >expect &&
	perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym -i sig.data \
		2>/dev/null | grep -v "^#" | grep -v "^$" | head -4 >actual &&
	test_cmp expect actual &&
	grep -q "handler_work;on_alarm;0x[0-9a-f]*;" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'our record: both tools show the signal frame alike' '
	perf record -q -e cpu-clock -F 1999 --call-graph dwarf -o ours.data -- ./dwsignal 1 \
		>/dev/null &&
	upstream_perf script --no-inline -F comm,tid,time,ip,sym,dso -i ours.data 2>/dev/null |
		handler_samples >expect &&
	perf script --no-inline -F comm,tid,time,ip,sym,dso -i ours.data 2>/dev/null |
		handler_samples >actual &&
	test $(grep -c "on_alarm (" actual) -gt 20 &&
	test_cmp expect actual &&
	grep -A1 "on_alarm (" actual | grep -q "\[unknown\] (.*/libc\.so\.6)\$"
'

test_done
