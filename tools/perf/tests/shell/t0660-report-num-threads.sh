#!/bin/bash
test_description='perf report --num-threads 2: the same report, byte for byte

With --num-threads 2 (the default where two CPUs are usable; or
report.num-threads in perfconfig) the session'"'"'s
thread reads and resolves samples while a second one adds them to the
histograms (report/pipeline.c).  The report must be the one a single
thread makes, whole, in every mode that builds call paths: on a session
where programs exec one after another (their maps replaced under queued
samples), where a thread renames itself (its comm string freed under
queued samples), with frame-pointer and DWARF chains, by pid, cpu and
parent.  Bad values are one line and exit 129.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"

# report FILE ARGS...: the whole --stdio output of one thread and of two, compared
same_report () {
	file=$1
	shift
	perf report --stdio -i "$file" --num-threads 1 "$@" >one.out 2>one.err &&
	perf report --stdio -i "$file" --num-threads 2 "$@" >two.out 2>two.err &&
	test_cmp one.out two.out &&
	test_cmp one.err two.err
}

test_expect_success PERF_EVENTS 'record programs that exec one after another, one renaming itself' '
	cat >rename.py <<-\EOF &&
	import ctypes, time
	libc = ctypes.CDLL(None)
	def spin(s):
	    end = time.time() + s
	    while time.time() < end:
	        sum(range(1000))
	spin(0.2)
	libc.prctl(15, b"renamed", 0, 0, 0)
	spin(0.2)
	EOF
	perf record -q -e cpu-clock -F 2999 -g -o rec.data -- sh -c \
		"\"$DEMO\" 0.2; \"$WORKLOADS/callpaths\" 0.3 3 200; python3 rename.py; \"$DEMO\" 0.2" \
		>/dev/null &&
	perf report --stdio -i rec.data --sort comm >comms.out &&
	grep -q " demo" comms.out &&
	grep -q " callpaths" comms.out &&
	grep -q " renamed" comms.out
'

test_expect_success PERF_EVENTS 'default report (children and call graphs)' '
	same_report rec.data &&
	test $(grep -c "^ .*%.*%" one.out) -ge 20 &&
	perf report --stdio -i rec.data --num-threads 2 -v >/dev/null 2>v.err &&
	grep -q "samples resolved on one thread, added on another" v.err &&
	perf report --stdio -i rec.data --num-threads 1 -v >/dev/null 2>v.err &&
	! grep -q "added on another" v.err
'

for mode in "--no-children" "-g caller" "-g callee,0.5,caller,address" "-g folded" \
	    "-g flat" "-G" "--sort pid,sym" "--sort cpu,comm,dso" "--sort parent,sym" \
	    "--children -g none" "--max-stack 3" "-F overhead,overhead_sys,sym"
do
	test_expect_success PERF_EVENTS "$mode" "
		same_report rec.data $mode
	"
done

test_expect_success PERF_EVENTS 'source-line rows: one thread anyway, the same report' '
	same_report rec.data --sort srcline &&
	perf report --stdio -i rec.data --num-threads 2 --sort srcline -v >/dev/null 2>v.err &&
	grep -q "one thread (source-line rows)" v.err
'

test_expect_success PERF_EVENTS 'a flat report' '
	same_report rec.data --no-children -g none
'

test_expect_success PERF_EVENTS 'DWARF chains (the unwinder on the reading thread)' '
	perf record -q -e cpu-clock -F 999 --call-graph dwarf,8192 -o dw.data -- \
		"$WORKLOADS/callpaths" 0.3 2 50 >/dev/null &&
	same_report dw.data &&
	same_report dw.data --no-children -g caller
'

test_expect_success PERF_EVENTS 'two events: samples of both, in turn, to two histograms' '
	perf record -q -e cpu-clock,task-clock -F 1999 -g -o two.data -- \
		"$WORKLOADS/callpaths" 0.3 2 100 >/dev/null &&
	same_report two.data &&
	test $(grep -c "^# Samples: " one.out) = 2 &&
	same_report two.data --no-children
'

test_expect_success 'a file where nearly every path differs' '
	python3 "$SHARNESS_TEST_SRCDIR/lib/synth-perf-data.py" --dsos 4 --depth 16 \
		--random 3 --samples 20000 -o random.data &&
	same_report random.data &&
	same_report random.data --sort pid,sym -g callee
'

test_expect_success PERF_EVENTS 'a file cut short and hostile bytes: the same report and exit code' '
	size=$(stat -c %s rec.data) &&
	head -c $((size * 2 / 3)) rec.data >cut.data &&
	cp rec.data bad.data &&
	for off in 9000 30000 60000
	do
		printf "\377\377\377\377\377\377\377\377" |
		dd of=bad.data bs=1 seek=$off conv=notrunc 2>/dev/null || return 1
	done &&
	for f in cut.data bad.data
	do
		perf report --stdio -f -i $f --num-threads 1 >one.out 2>one.err
		one=$?
		perf report --stdio -f -i $f --num-threads 2 >two.out 2>two.err
		two=$?
		echo "$f: $one $two" &&
		test $one = $two &&
		test_cmp one.out two.out &&
		test_cmp one.err two.err &&
		! grep -i "sanitizer\|runtime error" two.err || return 1
	done
'

test_expect_success PERF_EVENTS 'from a pipe' '
	perf inject -i rec.data -o - | perf report --stdio -i - --num-threads 2 >two.out &&
	perf inject -i rec.data -o - | perf report --stdio -i - --num-threads 1 >pipe1.out &&
	test_cmp pipe1.out two.out &&
	grep -q "%" two.out
'

test_expect_success PERF_EVENTS 'report.num-threads in perfconfig; the command line wins' '
	printf "[report]\n\tnum-threads = 1\n" >.perfconfig &&
	perf report --stdio -i rec.data -v >cfg.out 2>v.err &&
	! grep -q "added on another" v.err &&
	perf report --stdio -i rec.data -v --num-threads 2 >cli.out 2>v.err &&
	grep -q "added on another" v.err &&
	test_cmp cfg.out cli.out &&
	rm .perfconfig
'

test_expect_success PERF_EVENTS 'default: two threads when two CPUs are usable, else one' '
	if test $(nproc) -ge 2
	then
		perf report --stdio -i rec.data -v >/dev/null 2>v.err &&
		grep -q "added on another" v.err
	fi &&
	taskset -c 0 perf report --stdio -i rec.data -v >/dev/null 2>v.err &&
	! grep -q "added on another" v.err
'

test_expect_success PERF_EVENTS 'no second thread to be had (a process limit): one thread, the same report' '
	cp rec.data nproc.data &&
	chmod 644 nproc.data &&
	as_nobody () {
		setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all "$@"
	} &&
	# LeakSanitizer stops the world with a thread of its own: none here
	as_nobody prlimit --nproc=1 env ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		"$PERF_BIN" report --stdio -f -v -i nproc.data >limited.out 2>limited.err &&
	grep "one thread (no second thread could start)" limited.err &&
	as_nobody "$PERF_BIN" report --stdio -f -v -i nproc.data >free.out 2>free.err &&
	grep "added on another" free.err &&
	test_cmp free.out limited.out
'

test_expect_success 'bad values: one line, exit 129' '
	for v in 0 -1 abc 2x 99999 ""; do
		test_expect_code 129 perf report --stdio -i random.data --num-threads "$v" \
			>out 2>err &&
		test $(wc -l <err) = 1 &&
		grep -q "invalid --num-threads" err &&
		test_must_be_empty out || return 1
	done
'

test_expect_success 'a bad report.num-threads: one line, exit non-zero' '
	printf "[report]\n\tnum-threads = none\n" >.perfconfig &&
	test_must_fail perf report --stdio -i random.data >out 2>err &&
	grep -q "report.num-threads" err &&
	rm .perfconfig
'

test_expect_success '-h lists the option' '
	perf report -h >help.out 2>&1 ;
	grep -q -- "--num-threads" help.out
'

test_done
