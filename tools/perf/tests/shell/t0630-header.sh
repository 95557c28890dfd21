#!/bin/bash
test_description='perf report/script --header, --header-only: upstream 6.1'"'"'s listing

The header block of a recording, upstream'"'"'s and ours, file and stream,
printed by our report and script byte for byte as upstream prints it:
layout lines, every feature the file carries (nrcpus, total memory, one
"# event :" line per event with every attr field that is not zero, pmu
mappings, group, sample times, clock, compression...), the "-I" notes for
topologies and caches, the missing features.  Our record writes the
machine features upstream'"'"'s writes (CPUID, topologies, caches, PMU
mappings), which upstream'"'"'s -I decodes as its own, and ours with -I as
upstream'"'"'s.'
. "$(dirname "$0")/lib/test-lib.sh"

demo () {
	echo "$WORKLOADS/demo 0.05"
}

# same_header FILE: our report/script header listings of FILE are
# upstream's, with the topologies and caches announced and with -I decoded.
same_header () {
	for cmd in "report --header-only" "script --header-only" "script --header" \
		"report --header-only -I" "script --header -I" "script --header-only --show-info"
	do
		upstream_try "$UPSTREAM_PERF" $cmd -i "$1" >expect &&
		perf $cmd -i "$1" >actual &&
		test_cmp expect actual || return 1
	done
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: recordings by upstream and by us' '
	upstream_record -q -e cpu-clock -o up.data -- $(demo) >/dev/null &&
	upstream_record -q -e "{cpu-clock,task-clock}" -o group.data -- $(demo) >/dev/null &&
	upstream_record -q -e cpu-clock:u,task-clock -c 100000 -o two.data -- $(demo) >/dev/null &&
	upstream_record -q -k mono -o clock.data -- $(demo) >/dev/null &&
	upstream_record -q -z -o zstd.data -- $(demo) >/dev/null &&
	upstream_record -q -o - -- $(demo) >up.pipe &&
	perf record -q -e cpu-clock -o ours.data -- $(demo) >/dev/null &&
	perf record -q -e cpu-clock:u -g -o ours-g.data -- $(demo) >/dev/null &&
	perf record -q -o - -- $(demo) >ours.pipe
'

for f in up group two clock zstd; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "upstream's $f.data: our header listing is upstream's, byte for byte" '
		same_header $f.data
	'
done

for f in ours ours-g; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "our $f.data: our header listing is upstream's, byte for byte" '
		same_header $f.data
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'what the listing holds, spelled out' '
	perf report --header-only -i group.data >hdr &&
	grep -x "# nrcpus online : $(getconf _NPROCESSORS_ONLN)" hdr &&
	grep -x "# total memory : $(sed -n "s/^MemTotal: *\([0-9]*\) kB/\1/p" /proc/meminfo) kB" hdr &&
	grep "^# event : name = task-clock, , id = { [0-9, ]* }, type = 1, size = 128, config = 0x1, " hdr &&
	grep -x "# group: {cpu-clock,task-clock}" hdr &&
	grep -E "^# time of first sample : [0-9]+\.[0-9]{6}\$" hdr &&
	grep -E "^# sample duration : +[0-9]+\.[0-9]{3} ms\$" hdr &&
	grep "^# missing features: " hdr &&
	perf report --header-only -i clock.data >hdr &&
	grep -x "# clockid: monotonic (1)" hdr &&
	perf report --header-only -i zstd.data >hdr &&
	grep -E "^# compressed : Zstd, level = 1, ratio = [0-9]+\$" hdr
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'every attr field set: each one named and formatted as upstream' '
	cp up.data all.data &&
	python3 "$SHARNESS_TEST_SRCDIR/lib/patch-event-desc.py" all.data &&
	upstream_perf report --header-only -i all.data >expect 2>/dev/null &&
	perf report --header-only -i all.data >actual &&
	test_cmp expect actual &&
	grep "sample_type = IP|TID|TIME|ADDR|READ|CALLCHAIN|ID|CPU|PERIOD|STREAM_ID|RAW|BRANCH_STACK|REGS_USER|STACK_USER|IDENTIFIER|REGS_INTR|DATA_SRC|WEIGHT|PHYS_ADDR|AUX|CGROUP|DATA_PAGE_SIZE|CODE_PAGE_SIZE|WEIGHT_STRUCT, " actual &&
	grep "precise_ip = 3, " actual &&
	grep ", sigtrap = 1, " actual &&
	grep ", sig_data = 42\$" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'streams: upstream'"'"'s and ours, report and script' '
	for f in up.pipe ours.pipe
	do
		for cmd in "report --header-only" "script --header-only" "script --header" \
			"report --header-only -I" "script --header -I"
		do
			upstream_perf $cmd -i - <$f >expect 2>/dev/null &&
			perf $cmd -i - <$f >actual &&
			test_cmp expect actual || return 1
		done
	done &&
	perf report --header-only -i - <up.pipe >actual &&
	grep -x "# data offset    : 0" actual &&
	grep "^# event : name = cpu-clock" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --header: the listing, then the report' '
	perf report --header --stdio -i up.data >out &&
	perf report --header-only -i up.data >hdr &&
	head -n $(wc -l <hdr) out >head &&
	test_cmp hdr head &&
	grep "^# Samples: " out &&
	! grep "To display the perf.data header" out
'

# the feature sections upstream writes that ours lacks, by name
missing () {
	upstream_perf report --header-only -i "$1" 2>/dev/null | sed -n "s/^# missing features: //p" | tr " " "\n" | sort
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'our record writes the machine features upstream writes' '
	missing up.data >up.missing &&
	missing ours.data >ours.missing &&
	comm -13 up.missing ours.missing >only-ours &&
	printf "%s\n" BPF_BTF BPF_PROG_INFO PMU_CAPS >expect &&
	test_cmp expect only-ours
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream -I decodes our topologies, caches and PMU mappings as its own' '
	machine_lines () {
		upstream_perf report --header-only -I -i "$1" 2>&1 |
		grep -E "^# (sibling|CPU [0-9]|node[0-9]+ cpu list|pmu mappings|CPU cache|  L[0-9]|memory nodes|  +[0-9]+ \[|cpuid)"
	} &&
	machine_lines up.data >expect &&
	machine_lines ours.data >actual &&
	grep "^# sibling threads" actual &&
	grep "^# CPU 0: Core ID" actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS 'a damaged section: one line in its place, the rest printed' '
	cp ours.data bad.data &&
	python3 - bad.data <<-\PY &&
	import struct, sys
	d = bytearray(open(sys.argv[1], "rb").read())
	off, size = struct.unpack_from("<QQ", d, 40)
	feats = struct.unpack_from("<4Q", d, 72)
	bits = [b for b in range(256) if feats[b // 64] >> (b % 64) & 1]
	i = bits.index(16)                       # PMU_MAPPINGS: claims 1000 PMUs
	o, s = struct.unpack_from("<QQ", d, off + size + 16 * i)
	struct.pack_into("<I", d, o, 1000)
	open(sys.argv[1], "wb").write(d)
	PY
	perf report --header-only -i bad.data >out 2>err &&
	grep "^# pmu mappings: software = 1, " out &&
	grep -x "# pmu mappings: unable to read" out &&
	grep "^# missing features: " out
'

# bit N of the feature bitmap: section N, in order after the data
damage_feature () {
	python3 - "$@" <<-\PY
	import struct, sys
	path, feat, value = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
	d = bytearray(open(path, "rb").read())
	off, size = struct.unpack_from("<QQ", d, 40)
	feats = struct.unpack_from("<4Q", d, 72)
	bits = [b for b in range(256) if feats[b // 64] >> (b % 64) & 1]
	if feat not in bits:
	    sys.exit(2)                          # not written on this machine
	o, s = struct.unpack_from("<QQ", d, off + size + 16 * bits.index(feat))
	struct.pack_into("<I", d, o, value)
	open(path, "wb").write(d)
	PY
}

test_expect_success PERF_EVENTS '-I: a damaged topology or cache is one line, the rest printed' '
	perf report --header-only -I -i ours.data >good &&
	grep "^# sibling sockets : " good &&
	for feat in 13:CPU_TOPOLOGY 14:NUMA_TOPOLOGY 20:CACHE
	do
		cp ours.data bad.data &&
		{ damage_feature bad.data ${feat%%:*} 100000 || test $? = 2 || return 1; } &&
		cmp -s ours.data bad.data && continue
		perf report --header-only -I -i bad.data >out 2>err &&
		test "$(grep -c "^# ${feat#*:}: section malformed, not shown\$" out)" = 1 &&
		grep "^# missing features: " out &&
		grep "^# pmu mappings: " out || return 1
	done
'

test_done
