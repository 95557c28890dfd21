#!/bin/bash
test_description='--call-graph dwarf chains through a signal handler are upstream'"'"'s

Most frames are unwound with cached CFI rules; a frame whose CFI is not
a plain register + offset rule (the signal trampoline: a signal frame
described by DWARF expressions) hands the sample to libdwfl, which
unwinds it from the start.  Samples taken in a SIGALRM handler go
through both: the handler'"'"'s frames by the cached rules, the trampoline
and the interrupted loop below it by libdwfl.  Their chains must be the
ones upstream shows, but for the trampoline'"'"'s own frame: upstream shows
its return address minus one, outside any symbol ("[unknown]"), ours the
trampoline, __restore_rt (libdwfl treats the frame under a signal frame
as interrupted, not called); that one line is set aside.'
. "$(dirname "$0")/lib/test-lib.sh"

# The samples taken in the handler, without the trampoline line of either
# tool.  (Samples whose user ip is in no file, a few taken on the way into
# the handler, differ before and after the rule cache alike: libdwfl
# guesses a frame pointer there where upstream stops; not compared here.)
handler_samples () {
	awk -v RS= -v ORS="\n\n" "/handler_work/" |
	grep -v " __restore_rt (" | grep -v "^	 *[0-9a-f]* \[unknown\] (.*/libc\.so\.6)$"
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
	# the handler was unwound past the trampoline into the interrupted loop
	grep -A4 "handler_work (" actual.txt | grep -A3 "on_alarm (" | grep -q "__restore_rt (" &&
	awk "/on_alarm \\(/ { h = 1 } h && /main_work \\(|loop \\(/ { n++; h = 0 } END { exit !(n > 0) }" \
		actual.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --no-children: the handler'"'"'s callers are upstream'"'"'s' '
	upstream_perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
		-i sig.data 2>/dev/null | grep -v "^#" | grep -v "^$" |
		sed "s/;0x[0-9a-f]*;/;/" | head -4 >expect &&
	perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym -i sig.data \
		2>/dev/null | grep -v "^#" | grep -v "^$" | sed "s/;__restore_rt;/;/" | head -4 >actual &&
	test_cmp expect actual &&
	grep -q "handler_work;on_alarm;" actual
'

test_done
