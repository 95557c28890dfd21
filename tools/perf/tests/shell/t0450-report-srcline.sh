#!/bin/bash
test_description='perf report --sort srcline,srcfile: source lines through libdw

Builds a program with -O2 -g whose hot function is inlined at two call
sites, records it with upstream perf, and compares our perf report
--sort srcline / srcfile with upstream perf 6.1 (which runs addr2line) on
the same file, byte for byte apart from upstream'"'"'s random "Tip" footer,
on the program'"'"'s and the kernel'"'"'s rows (binutils'"'"' addr2line misnames
DWARF 5 headers inlined in ld.so and libc: we give libdw'"'"'s answer,
eu-addr2line'"'"'s, and other tests check those).  Then the
separate debuginfo in the build-id cache, found by build-id with the
binary stripped, and the keys in -F and diff.'
. "$(dirname "$0")/lib/test-lib.sh"

# binutils' addr2line names the unit's own file for a line of an inlined
# DWARF 5 header (eu-addr2line and libdw name the header), and which lines
# of ld.so's start-up code get a sample is chance: the comparisons are on
# the program's own rows and the kernel's.
dsos="inl,[kernel.kallsyms]"

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
		upstream_report $opts --dsos \"\$dsos\" -i up.data >expect &&
		perf report --stdio $opts --dsos \"\$dsos\" -i up.data >actual &&
		test_cmp expect actual
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
		upstream_report -g none $opts --dsos \"\$dsos\" -i g.data >expect &&
		perf report --stdio $opts --dsos \"\$dsos\" -i g.data >actual 2>err &&
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

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: the program with a part built without -g' '
	# -fno-plt: upstream names a PLT entry after the symbol before it
	# (_init), ours after its target (clock_gettime@plt)
	gcc -O2 -fno-plt -c -o nodebug.o "$SHARNESS_TEST_SRCDIR/lib/srcline-nodebug.c" &&
	gcc -O2 -g -Wl,--build-id -o mixed "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" nodebug.o &&
	upstream_record -q -e cpu-clock -c 100000 -o mixed.data -- ./mixed 1000000
'

# addr2line answers "??:0" for an address of a file at hand that no DWARF
# covers; function+offset only stands for a file it could not read (the
# kernel and the [vdso] here).
for opts in "--sort srcline" "--sort srcfile,sym"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "code without DWARF, $opts: identical to upstream" "
		upstream_report $opts --dsos \"mixed,[vdso],[kernel.kallsyms]\" -i mixed.data >expect &&
		perf report --stdio $opts --dsos \"mixed,[vdso],[kernel.kallsyms]\" -i mixed.data >actual &&
		grep -q \"nodebug_spin\|??:0\" actual &&
		grep -q \"clock_gettime\|vdso\" actual &&
		rows expect >expect.rows && rows actual >actual.rows &&
		test_cmp expect.rows actual.rows
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no DWARF at all: upstream'"'"'s "??:0"' '
	rm -rf "$HOME/.debug" &&
	strip -g inl &&
	upstream_report --sort srcline --dsos "$dsos" -i up.data >expect &&
	perf report --stdio --sort srcline --dsos "$dsos" -i up.data >actual 2>err &&
	! grep -q "srcline-app\.c:" actual &&
	# said once, with the next step
	grep "^perf report: no DWARF for the source lines of 1 DSO with samples (shown as ??:0):\$" err &&
	grep "^  $PWD/inl (build-id [0-9a-f]*)\$" err &&
	grep -q "^Install its debug info" err &&
	grep -E "^ +[0-9.]+%  \?\?:0\$" actual &&
	rows expect >expect.rows && rows actual >actual.rows &&
	test_cmp expect.rows actual.rows
'

test_expect_success 'perf diff refuses srcline, one line, exit 129' '
	test_expect_code 129 perf diff --sort srcline a.data b.data 2>err &&
	test $(wc -l <err) = 1 && grep -q "srcline" err
'
test_done
