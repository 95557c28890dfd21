#!/bin/bash
test_description='hotspot (the perf GUI) reads our files: its samples are ours

hotspot parses perf.data with a parser of its own, hotspot-perfparser
(Debian package hotspot).  On our recordings of the demo (plain, -g, -a,
build-ids from the kernel in MMAP2 and from user space, a stream) its
--print-stats must count the samples perf report --stats counts, and its
output must name the demo'"'"'s hot functions from the demo binary.  Then
hotspot itself, headless under Xvfb, opens a -g recording: the screenshot
of its summary (Top Hotspots: hot_loop_a, hot_loop_b) is kept as
build/test-output/t0706-hotspot-summary.png.

hotspot 1.3.0 skips MMAP3 records (a record type it does not know): it
counts the samples of such a file but cannot name their functions until
perf inject --convert-mmap3 made MMAP2 records of them.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"
PARSER=$(dpkg -L hotspot 2>/dev/null | grep "/hotspot-perfparser\$" | head -n 1)
test -n "$PARSER" && test -x "$PARSER" && test_set_prereq HOTSPOT
command -v hotspot >/dev/null && command -v xvfb-run >/dev/null &&
	command -v import >/dev/null && command -v identify >/dev/null &&
	test_set_prereq XVFB
command -v python3 >/dev/null && test_set_prereq PYTHON

# The parser on an unexpected file can grow without bound: cap it (4 GB).
parser () {
	(ulimit -v 4194304 && "$PARSER" "$@")
}

# parser_samples FILE: the samples hotspot's parser counts ("-": stdin).
parser_samples () {
	if test "$1" = -
	then
		parser --print-stats 2>&1
	else
		parser --input "$1" --print-stats 2>&1
	fi | sed -n "s/^samples: //p"
}

# our_samples FILE: the samples perf report --stats counts.
our_samples () {
	perf report --stats -i "$1" | sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" | head -n 1
}

test_expect_success PERF_EVENTS,HOTSPOT 'setup: the demo recorded by our perf' '
	perf record -q -o plain.data -- "$DEMO" 0.2 &&
	perf record -q -g -o g.data -- "$DEMO" 0.3 &&
	perf record -q -a -o a.data -- "$DEMO" 0.2 &&
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 perf record -q -g -o user-ids.data -- "$DEMO" 0.2 &&
	perf record -q -g -o - -- "$DEMO" 0.2 >pipe.data &&
	perf script -D -i g.data >dump &&
	grep -q "PERF_RECORD_MMAP2 .*<[0-9a-f]\{40\}>.*/demo\$" dump &&
	perf script -D -i user-ids.data >dump &&
	grep -q "PERF_RECORD_MMAP2 .* [0-9a-f]*:[0-9a-f]* [0-9]* [0-9]*\]: r-xp .*/demo\$" dump
'

for f in plain g a user-ids
do
	test_expect_success PERF_EVENTS,HOTSPOT "$f.data: hotspot-perfparser counts our samples" "
		our_samples $f.data >expect &&
		test -s expect &&
		parser_samples $f.data >actual &&
		test_cmp expect actual
	"
done

test_expect_success PERF_EVENTS,HOTSPOT 'a stream on stdin: the samples of the file made from it' '
	perf inject -i - -o frompipe.data <pipe.data &&
	our_samples frompipe.data >expect &&
	parser_samples - <pipe.data >actual &&
	test_cmp expect actual
'

for f in plain g user-ids
do
	test_expect_success PERF_EVENTS,HOTSPOT "$f.data: hotspot-perfparser names the hot functions" "
		parser --input $f.data --output $f.qt 2>err &&
		grep -a -q hot_loop_a $f.qt &&
		grep -a -q hot_loop_b $f.qt
	"
done

# Our record on an MMAP3 kernel writes MMAP3 records (here made from a
# real recording by lib/mmap2-to-mmap3.py): hotspot 1.3.0 does not know
# the type, skips those records and cannot name the functions; after perf
# inject --convert-mmap3 (Documentation/perf-data.txt) it can.
test_expect_success PERF_EVENTS,HOTSPOT,PYTHON 'MMAP3 records: counted, named once converted to MMAP2' '
	python3 "$SHARNESS_TEST_SRCDIR/lib/mmap2-to-mmap3.py" g.data mmap3.data &&
	chmod 600 mmap3.data &&
	perf script -D -i mmap3.data | grep -q "PERF_RECORD_MMAP3 .*/demo\$" &&
	perf report --stdio --no-children -i mmap3.data | grep -q "\[\.\] hot_loop_a\$" &&
	our_samples mmap3.data >expect &&
	parser_samples mmap3.data >actual &&
	test_cmp expect actual &&
	parser --input mmap3.data --output mmap3.qt 2>err &&
	grep -q "unhandled event type 23" err &&
	! grep -a -q hot_loop_a mmap3.qt &&
	perf inject --convert-mmap3 -i mmap3.data -o mmap2.data &&
	parser_samples mmap2.data >actual &&
	test_cmp expect actual &&
	parser --input mmap2.data --output mmap2.qt 2>err &&
	grep -a -q hot_loop_a mmap2.qt
'

# hotspot_summary FILE PNG: hotspot opens FILE on a virtual screen; once
# its summary has the data (hotspot says "Show top hotspots for ..." as it
# fills the Top Hotspots table) and two screenshots in a row agree (the
# table is painted), the last one is PNG.  Polls, with a generous cap.
cat >shot.sh <<'EOT'
hotspot "$1" >hotspot.out 2>hotspot.err &
pid=$!
n=0
until grep -q "Show top hotspots for" hotspot.err
do
	kill -0 $pid 2>/dev/null || exit 1
	n=$((n + 1))
	test $n -lt 1200 || { kill $pid; exit 1; }
	sleep 0.5
done
prev=
while :
do
	import -window root "$2" || break
	cur=$(md5sum <"$2")
	test "$cur" = "$prev" && break
	prev=$cur
	n=$((n + 1))
	test $n -lt 1200 || break
	sleep 0.5
done
kill $pid
wait $pid
test "$cur" = "$prev"
EOT
hotspot_summary () {
	XDG_RUNTIME_DIR="$PWD/xdg" && mkdir -p -m 700 "$XDG_RUNTIME_DIR" && export XDG_RUNTIME_DIR &&
	xvfb-run -a -s "-screen 0 1280x800x24" sh shot.sh "$1" "$2"
}

test_expect_success PERF_EVENTS,HOTSPOT,XVFB 'hotspot under Xvfb: the summary of a -g recording' '
	hotspot_summary g.data summary.png &&
	identify summary.png >id &&
	grep -q "PNG 1280x800" id &&
	cp summary.png "$SHARNESS_TEST_DIRECTORY/t0706-hotspot-summary.png" &&
	# a painted page, not an empty screen: many colours
	test $(identify -format "%k" summary.png) -gt 50
'

test_done
