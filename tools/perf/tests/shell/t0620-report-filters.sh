#!/bin/bash
test_description='perf report filters: --comms, --pid, --tid, --dsos, -S, --symbol-filter, --time, --cpu, -n

A workload of two demo processes, dd (kernel and libc time) and a
two-threaded callpaths is recorded by upstream perf and by ours; on each
file our perf report --stdio with each filter must print what upstream
perf 6.1 prints, byte for byte (call graphs: the same rows and the same
graph blocks, as t0410 compares them, since upstream orders ties at
random).  Then what the filters mean, spelled out: the percentages stay
shares of the whole file, a one-value filter names its value and drops
its column, --pid and --tid must both match, --time slices say so;
--percentage relative makes the rows shown the 100%, as upstream; -U
leaves out the samples and frames of no symbol, totals too.'
. "$(dirname "$0")/lib/test-lib.sh"

# (no_plt_rows: a sample in a PLT stub, now and then, has another name
# in upstream 6.1; see test-lib.sh)
same_report () {
	upstream_report "$@" >expect.raw &&
	perf report --stdio "$@" >actual.raw &&
	no_plt_rows expect.raw >expect &&
	no_plt_rows actual.raw >actual &&
	test_cmp expect actual
}

BLOCKS="python3 $SHARNESS_TEST_SRCDIR/lib/callgraph-blocks.py --canonical --low-addresses"
rows () {
	grep -E "^ +[0-9.]+%" "$1" |
	grep -Ev "^ +[0-9.]+% +0\.00%  .*\[\.\] 0x[0-9a-f]{16}\$" | sort
}

# call graphs: the lines outside the graphs, the rows, the graph blocks
same_graph_report () {
	upstream_report "$@" >expect.raw &&
	perf report --stdio "$@" >actual.raw &&
	no_plt_rows expect.raw >expect &&
	no_plt_rows actual.raw >actual &&
	grep "^#" expect >expect.head && grep "^#" actual >actual.head &&
	test_cmp expect.head actual.head &&
	rows expect >expect.rows && rows actual >actual.rows &&
	test_cmp expect.rows actual.rows &&
	$BLOCKS <expect >expect.blocks && $BLOCKS <actual >actual.blocks &&
	test_cmp expect.blocks actual.blocks
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record the workload with upstream perf and ours' '
	cat >wl.sh <<-EOF &&
	#!/bin/sh
	"$WORKLOADS/demo" 0.15 >/dev/null &
	echo \$! >demo.pid
	"$WORKLOADS/demo" 0.15 >/dev/null
	dd if=/dev/zero of=/dev/null bs=64k count=3000 2>/dev/null
	"$WORKLOADS/callpaths" 0.1 2 200 >/dev/null
	wait
	EOF
	chmod +x wl.sh &&
	upstream_record -q -e cpu-clock -c 100000 --sample-cpu -o up.data ./wl.sh &&
	upstream_record -q -g -e cpu-clock -c 100000 --sample-cpu -o upg.data ./wl.sh &&
	perf record -q -e cpu-clock -c 100000 -o ours.data ./wl.sh 2>err &&
	perf record -q -a -e cpu-clock -c 100000 -o oursa.data ./wl.sh 2>err &&
	# system-wide: other programs named demo may run too, so by pid
	cp demo.pid oursa.demo &&
	# the processes and threads to filter on, from upstream
	for f in up ours
	do
		"$UPSTREAM_PERF" script -i $f.data -F comm,pid,tid >$f.threads &&
		awk "\$1 == \"demo\" { sub(\"/.*\", \"\", \$2); print \$2; exit }" $f.threads >$f.demo &&
		awk "\$1 == \"callpaths\" { print \$2 }" $f.threads | sort -u >$f.cp &&
		test -s $f.demo && test $(wc -l <$f.cp) -ge 2 || return 1
	done
'

for f in up ours
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data: every filter as upstream prints it" '
		demo=$(cat '$f'.demo) &&
		tid=$(sed -n "1s|.*/||p" '$f'.cp) &&
		for opts in "--comms dd" "--comm demo,wl.sh" "--comms dd --sort comm" \
			"--pid $demo" "--pid $demo --sort pid" "--tid $tid --sort pid,sym" \
			"--dsos demo" "--dsos libc.so.6,[kernel.kallsyms]" \
			"-S hot_loop_a" "-S hot_loop_a,read_zero --sort sym" \
			"-S hot_loop_b --dsos demo --comms demo" "--comms nosuch" "--comms \"\"" \
			"--symbol-filter hot" "--symbol-filter loop --sort sym,comm" \
			"-n" "-n --sort pid" "-n --comms dd" "-q --comms dd" \
			"--sort pid --comms dd" "--sort pid --comms \"\""
		do
			eval "same_report -i '$f'.data $opts" || {
				echo "differs: $opts"; return 1; }
		done
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--time: absolute ranges, percent slices and ranges' '
	first=$("$UPSTREAM_PERF" script -i up.data -F time | head -n 1 | tr -d " :") &&
	mid=$(echo "$first + 0.05" | bc) &&
	end=$(echo "$first + 0.1" | bc) &&
	later=$(echo "$first + 0.2" | bc) &&
	for opts in "--time $first,$mid" "--time $mid," "--time ,$mid" \
		"--time \"$first,$mid $end,$later\"" "--time 10%" "--time 10%/3" \
		"--time 10%/1,10%/4" "--time 0%-25%,50%-75%" "--time 20%/2 -n --sort pid" \
		"--time 1,2"
	do
		eval "same_report -i up.data $opts" || { echo "differs: $opts"; return 1; }
	done &&
	same_report -i ours.data --time 25%/2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--cpu on our system-wide recording and upstream'"'"'s --sample-cpu one' '
	same_report -i up.data --cpu 0 &&
	same_report -i up.data --cpu 0-1 &&
	same_report -i up.data --cpu 1 --comms dd &&
	# by thread too: upstream merges rows of DSOs of one name (other demos)
	same_report -i oursa.data -C 0 -n --pid $(cat oursa.demo) --sort pid,sym &&
	same_report -i oursa.data -C 1 -n --pid $(cat oursa.demo) --sort pid,dso,sym
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'with call graphs: the same rows and graphs as upstream' '
	for opts in "--comms dd" "--dsos demo" "--dsos libc.so.6" "-S main" "-n --comms demo" \
		"--no-children --comms demo" "--no-children -n --dsos demo" "-g none --dsos demo" \
		"--no-children --time 0%-50%" "--cpu 1" "--symbol-filter loop" "-G --pid $(cat up.demo)"
	do
		same_graph_report -i upg.data $opts || { echo "differs: $opts"; return 1; }
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'our -g recording and a stream: as upstream' '
	perf record -q -g -e cpu-clock -c 100000 -o oursg.data ./wl.sh 2>err &&
	upstream_record -q -e cpu-clock -c 100000 --sample-cpu -o - ./wl.sh >pipe.data &&
	for opts in "--comms dd" "--dsos demo -n" "-S hot_loop_a,main" "--no-children --comms demo" \
		"--time 10%/2,10%/5"
	do
		same_graph_report -i oursg.data $opts || { echo "differs: $opts"; return 1; }
	done &&
	pdemo=$("$UPSTREAM_PERF" script -i pipe.data -F comm,pid | awk "\$1 == \"demo\" { print \$2; exit }") &&
	test -n "$pdemo" &&
	for opts in "--comms dd" "--dsos demo -n" "--pid $pdemo" "--time 0," "--comms demo -q"
	do
		same_report -i pipe.data $opts || { echo "differs: $opts"; return 1; }
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--percentage relative with the filters: as upstream' '
	demo=$(cat up.demo) &&
	for opts in "--comms dd" "--comms dd -n" "--pid $demo -n --sort pid" "--dsos demo" \
		"-S hot_loop_a -n" "--symbol-filter hot --sort comm,sym -n" \
		"--comms demo -F overhead,sample,sym" "--comms dd --hierarchy" \
		"--comms dd,wl.sh --percent-limit 10" "--time 10%/2 --dsos demo"
	do
		eval "same_report -i up.data --percentage relative $opts" || {
			echo "differs: $opts"; return 1; }
	done &&
	# with call graphs: the threshold is a share of the shown samples
	for opts in "--comms dd -n" "--dsos demo" "--no-children --comms demo" \
		"--pid $(cat up.demo)" "-S hot_loop_a,main -G"
	do
		eval "same_graph_report -i upg.data --percentage relative $opts" || {
			echo "differs: $opts"; return 1; }
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-U/--hide-unresolved: as upstream, totals without them' '
	for opts in "-U" "-U --sort dso" "-U -n --sort comm,dso" "-U --comms dd"
	do
		same_report -i up.data $opts || { echo "differs: $opts"; return 1; }
	done &&
	for opts in "-U" "-U --no-children" "-U -g caller" "-U --no-children -g callee"
	do
		same_graph_report -i upg.data $opts || { echo "differs: $opts"; return 1; }
	done &&
	# the samples of no symbol (dd has none) are not counted at all
	perf report --stdio -i up.data >all &&
	perf report --stdio -U -i up.data >known &&
	grep -q "\[\.\] 0x" all &&
	! grep -q "\[\.\] 0x" known &&
	! grep -q "\[unknown\]" known &&
	grep "^# Event count" all >count.all &&
	grep "^# Event count" known >count.known &&
	! cmp -s count.all count.known
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--percentage relative: the rows shown make 100%' '
	perf report --stdio -i up.data --percentage relative --comms dd >rel &&
	perf report --stdio -i up.data --comms dd >abs &&
	! test_cmp abs rel &&
	# each row is its period over the periods of the rows shown; the
	# printed sum need not be 100.00 (213 rows of one sample each
	# print 0.47% and make 100.11%), so each row is checked
	perf report --stdio -i up.data --comms dd -F period,comm,dso,sym >per &&
	awk "/^ +[0-9]+  / { p[NR] = \$1; s += \$1 }
	     END { for (i in p) printf \"%.2f%%\n\", 100 * p[i] / s }" per | sort >expect &&
	awk "/^ +[0-9.]+%/ { print \$1 }" rel | sort >actual &&
	test_cmp expect actual &&
	# the relative event count is that of the rows shown
	awk "/^ +[0-9]+  / { s += \$1 } END { print \"# Event count (approx.): \" s }" per >expect &&
	grep "^# Event count" rel >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the percentages stay shares of the whole file' '
	perf report --stdio -i up.data >all &&
	perf report --stdio -i up.data --comms dd >dd &&
	grep "^# Event count" all >expect &&
	grep "^# Event count" dd >actual &&
	test_cmp expect actual &&
	grep "^# Samples" all >expect &&
	grep "^# Samples" dd >actual &&
	test_cmp expect actual &&
	# the dd rows of the whole report, with their percentages, and no others
	grep -E "^ +[0-9.]+%  dd " all | sed "s/  dd  */  /" >expect.rows &&
	grep -E "^ +[0-9.]+%  " dd | sed "s/  */ /g" >actual.rows &&
	sed "s/  */ /g" expect.rows >expect.norm &&
	test_cmp expect.norm actual.rows &&
	# and not the whole file (dd is a few ms of it: 0.8% on a fast box)
	awk "/^ +[0-9.]+%/ { s += \$1 } END { exit !(s > 0 && s < 99) }" dd
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a one-value filter names its value and drops its column' '
	perf report --stdio -i up.data --comms dd --dsos "[kernel.kallsyms]" >out &&
	sed -n "1,4p" out >head &&
	printf "%s\n" "# To display the perf.data header info, please use --header/--header-only options." \
		"#" "# comm: dd" "# dso: [kernel.kallsyms]" >expect &&
	test_cmp expect head &&
	grep -x "# Overhead  Symbol *" out &&
	grep -E "^ +[0-9.]+%  \[k\] read_zero\$" out &&
	# all columns named: they all stay
	perf report --stdio -i up.data --comms dd --sort comm >out &&
	grep -x "# Overhead  Command" out &&
	grep -Ex " +[0-9.]+%  dd *" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--pid and --tid: both must match' '
	pid=$(sed -n "1s|/.*||p" up.cp) && t1=$(sed -n "\$s|.*/||p" up.cp) &&
	perf report --stdio -q -i up.data --sort pid --pid $pid >out &&
	test $(grep -c ":callpaths" out) -ge 2 &&
	perf report --stdio -q -i up.data --sort pid --pid $pid --tid $t1 >out &&
	grep -v "^\$" out >rows &&
	test $(wc -l <rows) = 1 &&
	grep -E "^ +[0-9.]+% +$t1:callpaths" rows &&
	perf report --stdio -q -i up.data --sort pid --pid $(cat up.demo) --tid $t1 >out &&
	! grep % out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-n: a Samples column, counts that add up' '
	perf report --stdio -i up.data -n --sort comm >out &&
	grep -x "# Overhead       Samples  Command *" out &&
	grep -Ex "# \.{8}  \.{12}  \.+" out &&
	# one line a sample
	n=$("$UPSTREAM_PERF" script -i up.data | wc -l) &&
	awk -v n=$n "/^ +[0-9.]+%/ { s += \$2 } END { exit s != n }" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--time: the slice is named in the Samples line' '
	perf report --stdio -i up.data --time 25%/2 >out &&
	grep -E "^# Samples: [0-9]+[KMG ] of event .cpu-clock. \(time slices: 25%/2\)\$" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-h lists the filters' '
	test_expect_code 129 perf report -h >out 2>&1 &&
	for o in "-c, --comms <comm\[,comm...\]>" "-C, --cpu <cpu>" "-d, --dsos <dso\[,dso...\]>" \
		"-n, --show-nr-samples" "-S, --symbols <symbol\[,symbol...\]>" \
		"--pid <pid\[,pid...\]>" "--tid <tid\[,tid...\]>" "--time <str>" \
		"--symbol-filter <filter>"
	do
		grep -q -- "$o" out || { echo "missing: $o"; return 1; }
	done
'

test_done
