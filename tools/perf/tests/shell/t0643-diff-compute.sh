#!/bin/bash
test_description='perf diff -c ratio, -c wdiff, -p, -F, -o, --percentage: upstream'"'"'s output

Two recordings of one program (every entry in both files) and a pair of
two programs sharing a library (entries only in the new file, entries
only in the baseline): for each computation and column option, our diff
prints what upstream 6.1 prints on the same files, byte for byte.  Bad
values get upstream'"'"'s first line and exit status.'
. "$(dirname "$0")/lib/test-lib.sh"

test_expect_success PERF_EVENTS 'setup: two recordings of one build, one of another' '
	build_version one 3 app -DSHARED_WORK -DITERATIONS=60000000UL &&
	build_version two 5 app2 -DSHARED_WORK -DITERATIONS=60000000UL &&
	perf record -q -e cpu-clock -o a.data ./app &&
	perf record -q -e cpu-clock -o b.data ./app &&
	perf record -q -e cpu-clock -o c.data ./app2
'

for pair in "a.data b.data" "a.data c.data"
do
	for opts in "-c ratio" "-c wdiff:1,2" "-c wdiff:3,1" "-p" "-F" "-c delta -F" \
		"-c ratio -F" "-c wdiff:2,3 -F" "-p -c ratio" "-p -F -c wdiff:1,1" "-c delta -p -F" \
		"-o 0" "-o 1" "-c delta -o 0" "-c ratio -o 0" "-c wdiff:1,2 -o 0 -p" \
		"--percentage relative" "--percentage absolute" "-s sym -c ratio -p" "-q -c ratio -F"
	do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$pair, $opts: byte-identical to upstream" "
			perf diff $opts $pair >ours 2>ours.err &&
			\"\$UPSTREAM_PERF\" diff $opts $pair >upstream 2>/dev/null &&
			grep -E 'shared_work' ours &&
			test_cmp upstream ours
		"
	done
done

test_expect_success PERF_EVENTS 'the values are what the formula says' '
	perf diff -c wdiff:2,3 -F -p a.data b.data >out &&
	grep shared_work out | tr -d "()" >row &&
	read base bp wd op s1 w2 m bp2 s2 w1 period rest <row &&
	test "$w2" = 3 && test "$w1" = 2 &&
	test "$wd" = $((op * 3 - bp * 2)) &&
	test "$bp" = "$bp2" && test "$op" = "$period" &&
	# entries of one file only: N/A, and the new ones come before the old
	perf diff -c wdiff:2,3 a.data c.data >out &&
	grep -E "^ +N/A .*two_work\$" out &&
	grep -E "^ +[0-9.]+% +app +\[\.\] one_work\$" out &&
	test $(grep -n two_work out | cut -d: -f1) -lt $(grep -n one_work out | cut -d: -f1)
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'bad values: upstream'"'"'s first line and exit status' '
	for o in "-c wdiff" "-c wdiff:0,1" "-c wdiff:a,b" "-c wdiff:1" "-c ratio:1" "-c foo" \
		"-o x" "-o -1" "-o 2"
	do
		perf diff $o a.data b.data >out 2>ours.err
		ours=$? &&
		"$UPSTREAM_PERF" diff $o a.data b.data >/dev/null 2>up.err
		up=$? &&
		test_must_be_empty out &&
		test $ours = $up &&
		test "$(sed "s/^ *//" ours.err | head -1)" = "$(sed "s/^ *//" up.err | head -1)" ||
		{ echo "differs: $o ($ours vs $up)"; return 1; }
	done
'

test_expect_success PERF_EVENTS '--percentage takes relative or absolute; -c cycles is refused' '
	test_expect_code 129 perf diff --percentage foo a.data b.data 2>err &&
	grep "percentage takes relative or absolute, not .foo." err &&
	test_expect_code 129 perf diff -c cycles a.data b.data >out 2>err &&
	test_must_be_empty out &&
	test $(wc -l <err) = 1 &&
	grep "^perf diff: -c cycles is not supported: " err
'

test_done
