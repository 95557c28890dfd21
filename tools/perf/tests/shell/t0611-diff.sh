#!/bin/bash
test_description='perf diff: two profiles compared, each through its own build-ids

Nothing rebuilt: our perf diff prints what upstream'"'"'s prints, byte for
byte (delta-abs and delta, --sort keys, -q).  A binary rebuilt at one
path between two recordings: each version'"'"'s functions are named, the
function both share is compared with itself.  Upstream 6.1, on its own
recordings, has lost the old version (its cache entry is a hard link to
the path that the rebuild overwrote): the old samples are one unknown
address and the shared function looks new.  A binary renamed between
recordings (same build-id) is compared with itself.'
. "$(dirname "$0")/lib/test-lib.sh"

# rows without the comment lines
rows () {
	grep -v "^#" | grep -v "^\$"
}

test_expect_success PERF_EVENTS 'setup: two builds of one program, two recordings of the first' '
	build_version one 3 app.one -DSHARED_WORK -DITERATIONS=80000000UL &&
	build_version two 5 app.two -DSHARED_WORK -DITERATIONS=80000000UL &&
	mkdir same &&
	cp app.one same/app &&
	(cd same && perf record -q -e cpu-clock -o a.data ./app && perf record -q -e cpu-clock -o b.data ./app)
'

for opts in "" "-c delta" "-c delta-abs" "-s sym" "-s dso" "-s comm,dso,sym" "-s pid" "-q"; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "nothing rebuilt: byte-identical to upstream (${opts:-defaults})" '
		(cd same && perf diff $opts a.data b.data >../ours 2>../ours.err) &&
		(cd same && "$UPSTREAM_PERF" diff $opts a.data b.data >../upstream 2>/dev/null) &&
		grep -E "shared_work|app " ours &&
		test_cmp upstream ours
	'
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the baseline against itself: every row +0.00%, as upstream' '
	(cd same && perf diff a.data a.data >../ours && "$UPSTREAM_PERF" diff a.data a.data >../upstream 2>/dev/null) &&
	test_cmp upstream ours &&
	rows <ours >all-rows &&
	grep shared_work all-rows &&
	! grep -v "+0.00%" all-rows
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'two events: one section each, as upstream' '
	(cd same && perf record -q -e cpu-clock:u,task-clock:u -o m1.data ./app &&
		perf record -q -e cpu-clock:u,task-clock:u -o m2.data ./app &&
		perf diff m1.data m2.data >../ours &&
		"$UPSTREAM_PERF" diff m1.data m2.data >../upstream 2>/dev/null) &&
	grep "^# Event '"'"'task-clock:u'"'"'\$" ours &&
	test_cmp upstream ours
'

# record_rebuilt DIR RECORD...: in DIR, the first build run as ./app and
# recorded into old.data, then the second copied over it (cp: the same
# inode, as "make install" without unlink does) and recorded into new.data.
record_rebuilt () {
	dir=$1 &&
	shift &&
	mkdir "$dir" &&
	cp app.one "$dir"/app &&
	(cd "$dir" && "$@" -q -e cpu-clock:u -o old.data ./app) &&
	cp app.two "$dir"/app &&
	(cd "$dir" && "$@" -q -e cpu-clock:u -o new.data ./app)
}

test_expect_success PERF_EVENTS 'rebuilt between recordings: each version'"'"'s functions named' '
	record_rebuilt rebuilt perf record &&
	rm rebuilt/app &&
	(cd rebuilt && perf diff old.data new.data >../rebuilt.out 2>../rebuilt.err) &&
	cat rebuilt.out &&
	test_must_be_empty rebuilt.err &&
	# the old version only in the baseline, the new one only in the new file
	grep -E "^ +[0-9.]+% +app +\[\.\] one_work\$" rebuilt.out &&
	grep -E "^ +\+[0-9.]+%  app +\[\.\] two_work\$" rebuilt.out &&
	# the shared function compared with itself: a baseline and a small delta
	grep -E "^ +[0-9.]+% +[-+][0-9.]+%  app +\[\.\] shared_work\$" rebuilt.out &&
	! grep -E "app +\[\.\] 0x" rebuilt.out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream, on its own recordings of the same, loses the old version' '
	mkdir uphome &&
	(
		HOME=$PWD/uphome &&
		export HOME &&
		record_rebuilt uprebuilt upstream_record &&
		cd uprebuilt &&
		"$UPSTREAM_PERF" diff old.data new.data >../up.out 2>/dev/null &&
		# ours on the same files says why, instead of comparing in silence
		perf diff old.data new.data >../ours.up 2>../ours.up.err
	) &&
	cat up.out &&
	# the old samples: one unknown address; shared_work "new" at ~50%
	grep -E "^ +[0-9.]+% +app +\[\.\] 0x" up.out &&
	! grep one_work up.out &&
	grep -E "^ {14}\+[0-9.]+%  app +\[\.\] shared_work\$" up.out &&
	grep "no symbols for 1 DSO with samples" ours.up.err &&
	grep "next step" ours.up.err
'

test_expect_success PERF_EVENTS 'renamed between recordings, same build-id: compared with itself' '
	mkdir renamed &&
	cp app.one renamed/app &&
	(cd renamed && perf record -q -e cpu-clock:u -o old.data ./app) &&
	mv renamed/app renamed/app-renamed &&
	(cd renamed && perf record -q -e cpu-clock:u -o new.data ./app-renamed) &&
	(cd renamed && perf diff old.data new.data >../renamed.out) &&
	cat renamed.out &&
	grep -E "^ +[0-9.]+% +[-+][0-9.]+%  app +\[\.\] one_work\$" renamed.out &&
	grep -E "^ +[0-9.]+% +[-+][0-9.]+%  app +\[\.\] shared_work\$" renamed.out &&
	! grep app-renamed renamed.out
'

test_expect_success PERF_EVENTS 'bad input: one line, an error status' '
	(cd same && test_expect_code 1 perf diff nope.data b.data 2>../nope.err) &&
	test $(wc -l <nope.err) = 1 &&
	grep "nope.data" nope.err &&
	(cd same && test_expect_code 129 perf diff -c cycles a.data b.data 2>../cycles.err) &&
	grep "^perf diff: -c cycles is not supported: " cycles.err &&
	(cd same && test_expect_code 129 perf diff -c bogus a.data b.data 2>../bogus.err) &&
	grep "'"'"'bogus'"'"' is not computation method" bogus.err &&
	(cd same && test_expect_code 129 perf diff -s bogus a.data b.data 2>../sort.err) &&
	grep "Unknown --sort key" sort.err &&
	(cd same && test_expect_code 129 perf diff a.data b.data a.data 2>../three.err) &&
	grep "compares two files here" three.err &&
	echo garbage >same/garbage.data &&
	(cd same && test_expect_code 1 perf diff garbage.data b.data 2>../garbage.err) &&
	test $(wc -l <garbage.err) = 1
'

test_done
