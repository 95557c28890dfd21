#!/bin/bash
test_description='report, script, inject and buildid-list agree on damaged files

A file cut short (a killed writer, a full disk) is read to the cut: a
warning, exit 0.  A record of impossible size inside the data is damage
no writer leaves: every command still gives what came before it, names
the offset in one line, and exits 1, so a script that runs perf can tell
a partial answer from a whole one.'
. "$(dirname "$0")/lib/test-lib.sh"

# zero_size IN OUT N: OUT is IN with the size of its Nth data record zeroed;
# prints that record's offset (as perf prints it, 0x...).
zero_size () {
	python3 - "$@" <<-\EOF
	import struct, sys
	d = bytearray(open(sys.argv[1], "rb").read())
	off, size = struct.unpack_from("<QQ", d, 40)
	p, n = off, 0
	while n < int(sys.argv[3]):
	    p += struct.unpack_from("<H", d, p + 6)[0]
	    n += 1
	struct.pack_into("<H", d, p + 6, 0)
	open(sys.argv[2], "wb").write(d)
	print(hex(p))
	EOF
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: a recording, cut short and damaged inside' '
	upstream_record -q -e cpu-clock -c 100000 -o good.data -- \
		"$WORKLOADS/demo" 0.1 >/dev/null &&
	cut=$(data_cut good.data) &&
	head -c $cut good.data >cut.data &&
	samples_before good.data $cut >cut.samples &&
	off=$(zero_size good.data mid.data 60) &&
	echo $off >mid.off &&
	samples_before good.data $(($off)) >mid.samples &&
	test $(cat mid.samples) -gt 0 &&
	test $(cat cut.samples) -gt 0
'

# run_on FILE CMD...: perf CMD -i FILE, stdout in out, stderr in err,
# exit status in rc.
run_on () {
	file=$1
	shift
	perf "$@" -i $file >out 2>err
	echo $? >rc
}

for f in cut mid
do
	if test $f = cut
	then
		want=0 what="cut short: a warning, exit 0"
	else
		want=1 what="damaged inside: the offset named, exit 1"
	fi

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f: report, $what, the samples before it" '
		run_on $f.data report --stdio &&
		test $(cat rc) = '$want' &&
		test $(wc -l <err) -le 2 &&
		grep -x "# Samples: $(cat $f.samples)  of event .cpu-clock." out
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f: report --stats, $what, the samples before it" '
		run_on $f.data report --stats &&
		test $(cat rc) = '$want' &&
		grep -E "^ +SAMPLE events: +$(cat $f.samples)  \(" out
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f: script, $what, the samples before it" '
		run_on $f.data script &&
		test $(cat rc) = '$want' &&
		test $(grep -c " cpu-clock:" out) = $(cat $f.samples)
	'

	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f: inject, $what, the samples before it written" '
		run_on $f.data inject -o inj-$f.data &&
		test $(cat rc) = '$want' &&
		perf report --stats -i inj-$f.data >stats &&
		grep -E "^ +SAMPLE events: +$(cat $f.samples)  \(" stats
	'

	# -H: the hits come from the records (the plain listing reads the
	# BUILD_ID table of the header, not the data)
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f: buildid-list -H, $what" '
		run_on $f.data buildid-list -H &&
		test $(cat rc) = '$want'
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the damage inside is named by its offset, once' '
	for c in "report --stdio" "report --stats" script "inject -o x.data" "buildid-list -H"
	do
		perf $c -i mid.data >/dev/null 2>err
		test $(grep -c "mid.data: record of bad size at offset $(cat mid.off)\$" err) = 1 || return 1
	done
'

test_done
