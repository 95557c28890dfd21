#!/bin/bash
test_description='perf CMD -h: the options upstream has too, spelled as upstream spells them

For every command both perfs have, each option in both -h listings has the
same long name, short letter and argument placeholder ("-i, --input
<file>").  Where ours takes less than upstream'"'"'s placeholder says, the
difference is listed below with its reason; a difference not listed, or a
listed one that went away, fails.'
. "$(dirname "$0")/lib/test-lib.sh"

# "long<TAB>short<TAB>arg" per option of a -h listing ("-": no short name;
# the arg as printed between <>, "" for none), sorted by long name.
opts_of () {
	sed -nE \
	    -e 's/^    -(.), --([^] =[<]+)( <([^>]*)>| \[<([^>]*)>\]|\[=<([^>]*)>\])?.*/\2\t\1\t\4\5\6/p' \
	    -e 's/^        --([^] =[<]+)( <([^>]*)>| \[<([^>]*)>\]|\[=<([^>]*)>\])?.*/\1\t-\t\3\4\5/p' \
	    "$1" | LC_ALL=C sort
}

# command, long option, our placeholder, upstream's: why ours is smaller
cat >known <<'EOF_KNOWN'
record	mmap-pages	pages	pages[,pages]
diff	compute	delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs)	delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs),cycles
EOF_KNOWN
# record: the second number sizes the AUX area, hardware PMU only;
# diff: -c cycles needs branch stacks (hardware PMU).

for cmd in record report script inject buildid-list buildid-cache diff list config annotate
do
	test_expect_success UPSTREAM_PERF "$cmd -h: names, short letters and placeholders as upstream's" "
		test_expect_code 129 perf $cmd -h 2>ours.h &&
		test_expect_code 129 \"\$UPSTREAM_PERF\" $cmd -h 2>up.h &&
		opts_of ours.h >ours.opts &&
		opts_of up.h >up.opts &&
		test \$(wc -l <ours.opts) -ge 3 &&
		LC_ALL=C join -t \"\$(printf '\t')\" ours.opts up.opts >both &&
		test \$(wc -l <both) -ge 3 &&
		awk -F '\t' -v cmd=$cmd '\$2 != \$4 || \$3 != \$5 { print cmd \"\t\" \$1 \"\t\" \$3 \"\t\" \$5 }' both >differ &&
		{ grep \"^$cmd	\" known || :; } >expect &&
		test_cmp expect differ
	"
done

test_expect_success UPSTREAM_PERF 'the comparison sees a wrong placeholder' '
	printf "\n Usage: x\n\n    -i, --input <path>    in\n" >fake.h &&
	opts_of fake.h >fake.opts &&
	printf "input\ti\tpath\n" >expect &&
	test_cmp expect fake.opts
'

test_done
