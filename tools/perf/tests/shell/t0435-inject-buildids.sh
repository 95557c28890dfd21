#!/bin/sh
test_description='perf inject -b/--build-ids and --buildid-all

HEADER_BUILD_ID records for the DSOs samples hit (or every mapped one),
in files and streams, with the ids the recording carries: a binary
rebuilt after the recording keeps its recorded id, where upstream 6.1
reads the path again and injects the new build'"'"'s.'

. "$(dirname "$0")/lib/test-lib.sh"

bid_records () {
	python3 "$SHARNESS_TEST_SRCDIR/lib/build-id-records.py" "$@"
}

id_of () {
	readelf -n "$1" | sed -n "s/.*Build ID: //p"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: a recording of the demo' '
	perf record -q -o f.data -- "$WORKLOADS/demo" 0.3 >/dev/null &&
	bid_records f.data >none &&
	test ! -s none
'

# Upstream injects only for DSOs hit whose mmap carried no id: here the
# kernel and a [vdso], when a sample landed there.  The demo is a CPU
# loop: on an idle machine it may have no kernel sample at all, and then
# upstream injects nothing (seen in CI), so its list may be empty.
test_expect_success PERF_EVENTS,UPSTREAM_PERF '-b on a file: every record upstream injects, the demo'"'"'s among them' '
	perf inject -b -i f.data -o ours.data &&
	upstream_try "$UPSTREAM_PERF" inject -b -i f.data -o up.data &&
	bid_records up.data | sort >up-records &&
	bid_records ours.data | sort >our-records &&
	comm -23 up-records our-records >missing &&
	test_must_be_empty missing &&
	grep " $(id_of "$WORKLOADS/demo") $WORKLOADS/demo\$" our-records ||
	{ cat our-records; false; }
'

# Mmaps without ids, as from a kernel without build-id mmaps: upstream
# injects every DSO hit, the demo always among them.
test_expect_success PERF_EVENTS,UPSTREAM_PERF '-b on a recording without mmap ids: every record upstream injects' '
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 perf record -q -o u.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	perf inject -b -i u.data -o ours-u.data &&
	upstream_try "$UPSTREAM_PERF" inject -b -i u.data -o up-u.data &&
	bid_records up-u.data | sort >up-records &&
	bid_records ours-u.data | sort >our-records &&
	grep " $(id_of "$WORKLOADS/demo") $WORKLOADS/demo\$" up-records &&
	comm -23 up-records our-records >missing &&
	test_must_be_empty missing
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-b output: upstream and we report it as the input' '
	upstream_perf report --stdio --no-children --sort dso,sym -i f.data 2>/dev/null |
		grep -v "^#" >expect &&
	upstream_perf report --stdio --no-children --sort dso,sym -i ours.data 2>/dev/null |
		grep -v "^#" >actual &&
	test_cmp expect actual &&
	perf report --stdio --no-children --sort dso,sym -i ours.data 2>/dev/null |
		grep -v "^#" >ours &&
	test_cmp expect ours &&
	grep -q hot_loop_a ours
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe: perf record -o - | perf inject -b | perf report -i -' '
	perf record -q -o - -- "$WORKLOADS/demo" 0.3 2>/dev/null >in.pipe &&
	perf inject -b <in.pipe >out.pipe &&
	bid_records out.pipe >records &&
	grep -q " $(id_of "$WORKLOADS/demo") $WORKLOADS/demo\$" records &&
	perf report -i - --stdio --no-children --sort sym <out.pipe 2>/dev/null >ours &&
	grep -q hot_loop_a ours &&
	upstream_perf report -i - --stdio --no-children --sort sym <out.pipe 2>/dev/null >up &&
	grep -q hot_loop_a up &&
	perf record -q -o - -- "$WORKLOADS/demo" 0.3 2>/dev/null | perf inject -b |
		perf report -i - --stdio --sort sym 2>/dev/null | grep -q hot_loop_a
'

test_expect_success PERF_EVENTS '--buildid-all: every mapped DSO, hit or not' '
	perf inject --buildid-all -i f.data -o all.data &&
	bid_records all.data >records &&
	libc=$(grep -o "/[^ ]*/libc\.so\.6" /proc/$$/maps | head -1) &&
	grep -q " $(id_of "$libc") $libc\$" records &&
	grep -q " $(id_of "$WORKLOADS/demo") $WORKLOADS/demo\$" records
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a binary rebuilt since: the recorded id, never the new build'"'"'s' '
	build_version one 3 app.one -DITERATIONS=30000000UL &&
	build_version two 5 app.two &&
	cp app.one app &&
	# userspace build-ids: a stream names them at its end, after the samples
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 perf record -q -o - ./app >app.pipe 2>/dev/null &&
	cp app.two app.new && mv app.new app &&
	perf inject -b <app.pipe >ours.pipe &&
	bid_records ours.pipe >ours &&
	grep -q " $(id_of app.one) $PWD/app\$" ours &&
	! grep -q "$(id_of app.two)" ours &&
	upstream_try "$UPSTREAM_PERF" inject -b <app.pipe >up.pipe &&
	bid_records up.pipe >up &&
	# upstream read the path: the rebuilt binary'"'"'s id names the old samples
	grep -q " $(id_of app.two) $PWD/app\$" up &&
	# into a file the stream'"'"'s ids lead: the recorded build resolves
	perf inject -b -o ours-file.data <app.pipe &&
	perf report -i ours-file.data --stdio --sort sym 2>/dev/null | grep -q one_work
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no id in the recording: read from the file at the end, said with -v' '
	# upstream'"'"'s -B: inode maps, no table
	upstream_record -q -B -o nb.data -- "$WORKLOADS/demo" 0.2 >/dev/null &&
	perf inject -v -b -i nb.data -o nbb.data 2>err &&
	bid_records nbb.data >records &&
	grep -q " $(id_of "$WORKLOADS/demo") $WORKLOADS/demo\$" records &&
	grep -q "injected [0-9]* build-ids" err
'

test_expect_success 'bad input: one line, exit 129' '
	test_expect_code 129 perf inject -b --bogus 2>err &&
	grep -q "unknown option" err &&
	test_expect_code 129 perf inject -b=1 2>err
'

test_done
