#!/bin/bash
test_description='perf report --sort srcline,srcfile: source lines through libdw

Builds a program with -O2 -g whose hot function is inlined at two call
sites, records it with upstream perf, and compares our perf report
--sort srcline / srcfile with upstream perf 6.1 (which runs addr2line) on
the same file, byte for byte apart from upstream'"'"'s random "Tip" footer
and the lines binutils'"'"' addr2line misnames (DWARF 5 files of inlined
headers, in ld.so: we give libdw'"'"'s answer, eu-addr2line'"'"'s).  Then the
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

# Rows of a report but those naming a file binutils gets wrong, on both
# sides; a column is as wide as its longest text, so runs of blanks are
# compared as one.
rows () {
	grep -v "^#" "$1" | grep -Ev "(dl-get-cpu-features\.c|dl-cacheinfo\.h)" |
	sed -e "s/  */ /g" -e "s/ \$//"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream perf' '
	cat >inl.c <<-\EOC &&
	#include <stdlib.h>

	static volatile unsigned long sink;

	static inline __attribute__((always_inline)) unsigned long mix(unsigned long x)
	{
		for (int i = 0; i < 64; i++)
			x = x * 6364136223846793005UL + 1442695040888963407UL;
		return x;
	}

	static __attribute__((noinline)) unsigned long left(unsigned long n)
	{
		unsigned long s = 0;

		for (unsigned long i = 0; i < n; i++)
			s += mix(i);
		return s;
	}

	static __attribute__((noinline)) unsigned long right(unsigned long n)
	{
		unsigned long s = 0;

		for (unsigned long i = 0; i < n; i++)
			s ^= mix(i + 7);
		return s;
	}

	int main(int argc, char **argv)
	{
		unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 0) : 2000000;

		sink = left(n);
		sink = right(n);
		return 0;
	}
	EOC
	gcc -O2 -g -Wl,--build-id -o inl inl.c &&
	upstream_record -q -e cpu-clock -c 100000 -o up.data -- ./inl 3000000 &&
	upstream_record -q -g -e cpu-clock -c 100000 -o g.data -- ./inl 3000000
'

for opts in "--sort srcline" "--sort srcfile" "--sort srcline,sym" "--sort sym,srcline" \
	    "--sort dso,srcfile" "-F overhead,srcline" "-F srcfile,overhead,sample" \
	    "--sort srcline -v"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "up.data $opts: identical to upstream" "
		upstream_report $opts -i up.data >expect &&
		perf report --stdio $opts -i up.data >actual &&
		grep -v '^# [^OS.]' expect >expect.head && grep -v '^# [^OS.]' actual >actual.head &&
		rows expect >expect.rows && rows actual >actual.rows &&
		test_cmp expect.rows actual.rows &&
		if ! grep -Eq '(dl-get-cpu-features\.c|dl-cacheinfo\.h)' expect actual
		then
			test_cmp expect actual
		fi
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the hot lines are the inlined function'"'"'s, in both callers' '
	perf report --stdio --sort sym,srcline -i up.data >out &&
	# mix() body, line 8, under left and under right
	grep -E "^ +[0-9.]+%  \[\.\] left +inl\.c:8\$" out &&
	grep -E "^ +[0-9.]+%  \[\.\] right +inl\.c:8\$" out
'

for opts in "--no-children --sort srcline" "-g none --sort srcline,sym"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "g.data $opts: the rows of upstream'"'"'s -g none" "
		upstream_report -g none $opts -i g.data >expect &&
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
	grep -q "inl\.c:8" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no DWARF at all: upstream'"'"'s function+offset text' '
	rm -rf "$HOME/.debug" &&
	strip -g inl &&
	perf report --stdio --sort srcline -i up.data >out &&
	! grep -q "inl\.c:" out &&
	grep -E "^ +[0-9.]+%  (left|right)\+[0-9]+ *\$" out
'

test_expect_success 'perf diff refuses srcline, one line, exit 129' '
	test_expect_code 129 perf diff --sort srcline a.data b.data 2>err &&
	test_line_count = 1 err && grep -q "srcline" err
'
test_done
