#!/bin/bash
test_description='perf script filters: --comms, --pid, --tid, --dsos, -S, --time, --cpu

The workload of t0620 (two demo processes, dd, a two-threaded callpaths)
recorded by upstream perf and by ours; our perf script with each filter
must print what upstream perf 6.1 prints on the same file, byte for byte,
call chains and side-band records included.  A filtered sample loses its
whole line (and chain); side-band records follow --cpu only.'
. "$(dirname "$0")/lib/test-lib.sh"

same_script () {
	upstream_try "$UPSTREAM_PERF" script "$@" >expect &&
	perf script "$@" >actual &&
	test_cmp expect actual
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
	perf record -q -g -a -e cpu-clock -c 100000 -o oursa.data ./wl.sh 2>err &&
	# system-wide: other programs named demo may run too, so by pid
	cp demo.pid oursa.demo &&
	for f in up ours
	do
		"$UPSTREAM_PERF" script -i $f.data -F comm,pid,tid >$f.threads &&
		awk "\$1 == \"demo\" { sub(\"/.*\", \"\", \$2); print \$2; exit }" $f.threads >$f.demo &&
		awk "\$1 == \"callpaths\" { print \$2 }" $f.threads | sort -u >$f.cp &&
		test -s $f.demo && test $(wc -l <$f.cp) -ge 2 || return 1
	done
'

for f in up ours upg
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data: every filter as upstream prints it" '
		t='$f' && t=${t%g} &&
		demo=$(cat $t.demo) &&
		pid=$(sed -n "1s|/.*||p" $t.cp) && tid=$(sed -n "\$s|.*/||p" $t.cp) &&
		for opts in "--comms dd" "--comm demo,wl.sh" "--pid $demo" "--tid $tid" \
			"--pid $pid --tid $tid" "--pid $demo --tid $tid" \
			"--dsos demo" "--dsos libc.so.6,[kernel.kallsyms]" \
			"-S hot_loop_a" "-S hot_loop_a,read_zero" "-S main --dsos demo" \
			"--comms nosuch" "--comms \"\"" "-c dd -F comm,tid,ip,sym" \
			"--comms dd --show-task-events" "--dsos demo --show-mmap-events" \
			"--pid $demo -G"
		do
			eval "same_script -i '$f'.data $opts" || { echo "differs: $opts"; return 1; }
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
		"--time 10%/1,10%/4" "--time 0%-25%,50%-75%" "--time 1,2" \
		"--time 20%/2 --show-task-events"
	do
		eval "same_script -i up.data $opts" || { echo "differs: $opts"; return 1; }
	done &&
	same_script -i ours.data --time 25%/2 &&
	same_script -i upg.data --time 0%-10%
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--cpu: samples and side-band records of those CPUs' '
	same_script -i up.data --cpu 0 &&
	same_script -i up.data -C 1 --show-task-events --show-mmap-events &&
	same_script -i up.data --cpu 0-1 --comms dd &&
	same_script -i oursa.data --cpu 1 --pid $(cat oursa.demo) &&
	same_script -i oursa.data --cpu 0 --pid $(cat oursa.demo) --comms demo
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a filtered sample loses its line, side-band records stay' '
	perf script -i up.data --show-task-events >all &&
	perf script -i up.data --show-task-events --comms dd >dd &&
	grep PERF_RECORD_ all >expect &&
	grep PERF_RECORD_ dd >actual &&
	test_cmp expect actual &&
	grep -v PERF_RECORD_ dd >samples &&
	test -s samples &&
	! grep -v "^ *dd " samples
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-h lists the filters' '
	test_expect_code 129 perf script -h >out 2>&1 &&
	for o in "-c, --comms <comm\[,comm...\]>" "-C, --cpu <cpu>" "--dsos <dso\[,dso...\]>" \
		"-S, --symbols <symbol\[,symbol...\]>" "--pid <pid\[,pid...\]>" \
		"--tid <tid\[,tid...\]>" "--time <str>"
	do
		grep -q -- "$o" out || { echo "missing: $o"; return 1; }
	done
'

test_done
