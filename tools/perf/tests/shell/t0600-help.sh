#!/bin/bash
test_description='perf CMD -h prints the option table, perf help CMD our man page

Each command parses from one option table that -h prints in upstream'"'"'s
layout (short, long, argument, help; exit 129).  The options both our perf
and upstream 6.1 have must carry the same short and long names; perf help
record and perf record --help show our Documentation/perf-record.txt; perf
--help and perf help list our commands; --list-opts feeds completion.'
. "$(dirname "$0")/lib/test-lib.sh"

# "short long" per option line of a -h listing ("-" for a missing half).
opts_of () {
	sed -nE \
	    -e 's/^    -(.), --([^] =[]+).*/\1 \2/p' \
	    -e 's/^        --([^] =[]+).*/- \1/p' \
	    -e 's/^    -(.)( .*|)$/\1 -/p' "$1" | sort -u
}

# Every long name both listings have, with its short name on each side.
same_names () {
	join -j 2 -o 1.1,1.2,2.1 <(sort -k2 "$1") <(sort -k2 "$2") | grep -v "^[^ ]* - " >both &&
	awk '$1 != $3 { print "short names differ: --" $2 ": ours -" $1 ", upstream -" $3; bad = 1 }
	     END { exit bad }' both &&
	# a short name both have must name the same long option
	join -j 1 -o 1.1,1.2,2.2 <(grep -v "^- " "$1" | sort) <(grep -v "^- " "$2" | sort) >shorts &&
	awk '$2 != "-" && $3 != "-" && $2 != $3 { print "-" $1 ": ours --" $2 ", upstream --" $3; bad = 1 }
	     END { exit bad }' shorts
}

for cmd in record report script inject buildid-list buildid-cache diff archive
do
	test_expect_success "$cmd -h: the table on stderr as upstream, exit 129" "
		test_expect_code 129 perf $cmd -h 2>ours.$cmd >out &&
		test_must_be_empty out &&
		grep -q '^ Usage: perf $cmd' ours.$cmd &&
		opts_of ours.$cmd >ours.$cmd.opts &&
		test \$(wc -l <ours.$cmd.opts) -ge 3
	"

	# upstream 6.1's archive is a shell script with no option table
	test $cmd = archive ||
	test_expect_success UPSTREAM_PERF "$cmd -h: the options upstream has too carry its names" "
		test_expect_code 129 \"\$UPSTREAM_PERF\" $cmd -h 2>up.$cmd &&
		opts_of up.$cmd >up.$cmd.opts &&
		same_names ours.$cmd.opts up.$cmd.opts &&
		test -s both
	"
done

test_expect_success UPSTREAM_PERF 'diff: each upstream option ours lacks is one line, exit 129, and documented' '
	cut -d" " -f2 ours.diff.opts | sort >ours.diff.long &&
	cut -d" " -f2 up.diff.opts | grep -v "^-\$" | sort >up.diff.long &&
	comm -13 ours.diff.long up.diff.long >missing.diff &&
	test $(wc -l <missing.diff) -ge 10 &&
	sed -n "/^NOT SUPPORTED/,/^EXIT STATUS/p" "$MMAP3_TOP/Documentation/perf-diff.txt" >doc.nope &&
	test -s doc.nope &&
	while read o
	do
		# a value-taking option is refused only once it has its value, as upstream parses
		if grep -qE -e "^ +(-., )?--$o( <|\[=)" up.diff
		then
			arg="--$o=x"
		else
			arg="--$o"
		fi &&
		test_expect_code 129 perf diff $arg old.data new.data >out 2>err &&
		test_must_be_empty out &&
		test $(wc -l <err) = 1 &&
		grep "^perf diff: \(-./\)\?--$o is not supported: " err &&
		grep -e "--$o\>" doc.nope || { echo "failed: --$o"; return 1; }
	done <missing.diff &&
	# and the documentation names no other option as unsupported
	grep -o -e "--[a-z][a-z-]*" doc.nope | sed "s/^--//" | sort -u >doc.names &&
	comm -23 doc.names missing.diff >extra &&
	test_must_be_empty extra
'

test_expect_success UPSTREAM_PERF 'diff: a short option upstream has and ours lacks says so too' '
	test_expect_code 129 perf diff -b 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^perf diff: -b/--baseline-only is not supported: " err &&
	test_expect_code 129 perf diff -d libc.so.6 2>err &&
	grep "^perf diff: -d/--dsos is not supported: " err &&
	grep "^    -b, --baseline-only" up.diff
'

# Upstream 6.1'"'"'s perf archive is a shell script: it has no options (its
# -h is taken as the perf.data to read), so there is no table to compare;
# what compares is the file argument, and the options it gained later.
test_expect_success UPSTREAM_PERF 'archive: upstream 6.1 has no options; the file argument compares' '
	test_expect_code 1 "$UPSTREAM_PERF" archive -h >out 2>err &&
	grep "failed to open -h" err &&
	test_expect_code 1 "$UPSTREAM_PERF" archive nosuch.data 2>up.err &&
	test_expect_code 1 perf archive nosuch.data >out 2>ours.err &&
	grep "nosuch.data" up.err &&
	grep "nosuch.data" ours.err
'

# --all: t0644
test_expect_success 'archive: upstream'"'"'s later --exclude-buildids: one line, exit 129' '
	for o in exclude-buildids
	do
		! grep -e "--$o\>" ours.archive &&
		test_expect_code 129 perf archive --$o nosuch.data >out 2>err &&
		test_must_be_empty out &&
		test $(wc -l <err) = 1 &&
		grep "^perf archive: --$o is not supported: " err || return 1
	done &&
	test_expect_code 129 perf archive a.data b.data 2>err &&
	grep "^  Error: unexpected argument .b.data.\$" err
'

test_expect_success 'the table is sorted as upstream sorts it' '
	grep -E "^    -(.), " ours.report | sed -E "s/^    -(.).*/\1/" >shorts.report &&
	printf "%s
" c C d F f g G i I k n q s S t T U v >expect &&
	test_cmp expect shorts.report
'

test_expect_success '--help-short and a --help after other options print the table' '
	test_expect_code 129 perf report --help-short 2>out &&
	test_cmp ours.report out &&
	test_expect_code 129 perf report -q --help 2>out &&
	test_cmp ours.report out
'

test_expect_success 'usage errors: unknown, missing value, ambiguous, value to a flag' '
	test_expect_code 129 perf report --no-such >out 2>err &&
	test_must_be_empty out &&
	grep "^  Error: unknown option .no-such.\$" err &&
	test_expect_code 129 perf report -Z 2>err &&
	grep "^  Error: unknown switch .Z.\$" err &&
	test_expect_code 129 perf report -i 2>err &&
	grep "^ Error: switch .i. requires a value\$" err &&
	grep "^    -i, --input <file>" err &&
	test $(grep -c "^    -" err) = 1 &&
	test_expect_code 129 perf report --input 2>err &&
	grep "^ Error: option .input. requires a value\$" err &&
	test_expect_code 129 perf report --he 2>err &&
	grep "Ambiguous option: he (could be --header" err &&
	test_expect_code 129 perf report --force=1 2>err &&
	grep "option .force. takes no value" err &&
	test_expect_code 129 perf record --bogus -- true 2>err &&
	grep "unknown option .bogus." err
'

test_expect_success 'long names: unique prefixes, --no-NAME, --name=value' '
	test_expect_code 1 perf report --inp=nosuch.data 2>err &&
	grep "nosuch.data" err &&
	test_expect_code 1 perf report --no-force --input nosuch.data 2>err &&
	grep "nosuch.data" err
'

test_expect_success 'an upstream option impossible here: one line, exit 129' '
	test_expect_code 129 perf buildid-cache --kcore /proc/kcore >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^perf buildid-cache: -k/--kcore is not supported" err &&
	test_expect_code 129 perf record -b -o b.data -- true 2>err &&
	test ! -e b.data &&
	test $(wc -l <err) = 1 &&
	grep "^perf record: -b/--branch-any is not supported: branch stacks need a hardware PMU" err &&
	test_expect_code 129 perf record --off-cpu -- true 2>err &&
	grep "^perf record: --off-cpu is not supported: off-cpu analysis needs BPF" err &&
	test_expect_code 129 perf report --branch-stack -i nosuch.data 2>err &&
	test $(wc -l <err) = 1 &&
	grep "^perf report: -b/--branch-stack is not supported" err
'

test_expect_success UPSTREAM_PERF 'the impossible options are not in -h, and upstream has each' '
	for o in branch-any branch-filter weight transaction snapshot aux-sample off-cpu clang-path kcore
	do
		! grep -e "--$o\>" ours.record &&
		grep -e "--$o\>" up.record || return 1
	done
'

test_expect_success '--list-opts lists the long names (completion), exit 130' '
	test_expect_code 130 perf record --list-opts >out &&
	grep -- "--output" out && grep -- "--no-buildid" out
'

# man(1) renders build/man/ (make man, from Documentation/): t0641
test_expect_success 'perf help record and perf record --help show our man page' '
	MANPAGER=cat perf help record >help.out &&
	grep "^PERF-RECORD(1) " help.out &&
	grep "$(sed -n "s/^perf-record - //p" "$MMAP3_TOP/Documentation/perf-record.txt")" help.out &&
	MANPAGER=cat perf record --help >help2.out &&
	test_cmp help.out help2.out &&
	MANPAGER=cat perf help perf-report >help3.out &&
	grep "^PERF-REPORT(1) " help3.out
'

test_expect_success 'perf help NOSUCH: one line, exit 1' '
	test_expect_code 1 perf help nosuch >out 2>err &&
	test_must_be_empty out &&
	test_cmp - err <<-\EOF
	No manual entry for perf-nosuch
	EOF
'

test_expect_success 'perf --help and perf help list our commands' '
	perf --help >out &&
	perf help >out2 &&
	test_cmp out out2 &&
	for c in record report script inject buildid-list buildid-cache help version
	do
		grep "^   $c " out || return 1
	done &&
	grep "^ usage: perf \[--version\] \[--help\] \[OPTIONS\] COMMAND \[ARGS\]" out
'

test_done
