#!/bin/bash
test_description='perf report --sort srcline,srcfile: source lines through libdw

Builds a program with -O2 -g whose hot function is inlined at two call
sites, records it with upstream perf, and compares our perf report
--sort srcline / srcfile with upstream perf 6.1 (which runs addr2line) on
the same file, byte for byte apart from upstream'"'"'s random "Tip" footer
and the files binutils'"'"' addr2line misnames (DWARF 5 headers inlined in
ld.so and libc: we give libdw'"'"'s answer, eu-addr2line'"'"'s).  Then the
separate debuginfo in the build-id cache, found by build-id with the
binary stripped, and the keys in -F and diff.'
. "$(dirname "$0")/lib/test-lib.sh"

# upstream's report without its "# (Tip: ...)" footer (3 lines, random text)
upstream_report () {
	upstream_perf report --stdio "$@" 2>/dev/null >up.out &&
	if tail -n 3 up.out | grep -q "^# (Tip: "
	then
		head -n -3 up.out
	else
		cat up.out
	fi
}

# binutils' addr2line names the unit's own file for a line of an inlined
# DWARF 5 header (eu-addr2line and libdw name the header): upstream's text
# with those files named as libdw does.
binutils_fix () {
	sed -e "s/dl-get-cpu-features\.c\(:32[17]\)\{0,1\}/dl-cacheinfo.h\1/" \
	    -e "s/libc-start\.c:74/libc_start_call_main.h:74/"
}

# The rows, runs of blanks as one: a column is as wide as its longest text.
rows () {
	grep -v "^#" "$1" | sed -e "s/  */ /g" -e "s/ \$//"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream perf' '
	gcc -O2 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	upstream_record -q -e cpu-clock -c 100000 -o up.data -- ./inl 3000000 &&
	upstream_record -q -g -e cpu-clock -c 100000 -o g.data -- ./inl 3000000
'

# Not "--sort sym,srcline": upstream computes a srcline when an entry is
# compared on it, and widens the column only for those, so behind other
# keys some rows are cut to the others' width; ours are whole.
for opts in "--sort srcline" "--sort srcfile" "--sort srcline,sym" "--sort srcline,dso" \
	    "--sort dso,srcfile" "-F overhead,srcline" "-F srcfile,overhead,sample" \
	    "--sort srcline -v"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "up.data $opts: identical to upstream" "
		upstream_report $opts -i up.data | binutils_fix >expect &&
		perf report --stdio $opts -i up.data >actual &&
		rows expect >expect.rows && rows actual >actual.rows &&
		test_cmp expect.rows actual.rows &&
		# byte for byte when the columns did not see a misnamed file
		if ! grep -q dl-cacheinfo.h expect
		then
			test_cmp expect actual
		fi
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the hot lines are the inlined function'"'"'s, in both callers' '
	perf report --stdio --sort sym,srcline -i up.data >out &&
	# the body of mix() (lines 10-14), under left and under right
	grep -E "^ +[0-9.]+%  \[\.\] left +srcline-app\.c:1[0-4]\$" out &&
	grep -E "^ +[0-9.]+%  \[\.\] right +srcline-app\.c:1[0-4]\$" out
'

for opts in "--no-children --sort srcline" "--no-children -g none --sort srcline,sym"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data $opts: the rows of upstream's -g none" "
		upstream_report -g none $opts -i g.data | binutils_fix >expect &&
		perf report --stdio $opts -i g.data >actual 2>err &&
		rows expect >expect.rows && rows actual >actual.rows &&
		test_cmp expect.rows actual.rows
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'with call graphs: rows without graphs, and a note' '
	perf report --stdio --no-children --sort srcline -i g.data >out 2>err &&
	grep "no call graphs under srcline/srcfile rows" err &&
	! grep -e "---" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'stripped binary: the debuginfo in the build-id cache, by build-id' '
	perf report --stdio --sort srcline -i up.data >expect &&
	id=$(perf buildid-list -i up.data | grep " .*/inl\$" | cut -d" " -f1) &&
	test -n "$id" &&
	# the cache upstream record filled holds the unstripped binary
	rm -rf "$HOME/.debug" &&
	objcopy --only-keep-debug inl inl.debug &&
	strip -g -o inl.stripped inl && cp inl.stripped inl &&
	mkdir -p "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}" &&
	cp inl.debug "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}/debug" &&
	perf report --stdio --sort srcline -i up.data >actual &&
	test_cmp expect actual &&
	grep -q "srcline-app\.c:1[0-4]" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no DWARF at all: upstream'"'"'s function+offset text' '
	rm -rf "$HOME/.debug" &&
	strip -g inl &&
	perf report --stdio --sort srcline -i up.data >out &&
	! grep -q "srcline-app\.c:" out &&
	grep -E "^ +[0-9.]+%  (left|right)\+[0-9]+ *\$" out
'

test_expect_success 'perf diff refuses srcline, one line, exit 129' '
	test_expect_code 129 perf diff --sort srcline a.data b.data 2>err &&
	test $(wc -l <err) = 1 && grep -q "srcline" err
'
test_done
