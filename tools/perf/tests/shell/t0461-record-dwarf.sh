#!/bin/bash
test_description='perf record --call-graph dwarf records what upstream records

--call-graph dwarf[,SIZE] (and --call-graph=dwarf) asks for the user
registers and a copy of the user stack: `perf evlist -v` of ours and
upstream'"'"'s recording must agree, bad sizes and modes fail as upstream'"'"'s
(exit 129, its lines), and upstream'"'"'s report of our file shows the
chains ours shows, in file and pipe mode (with --no-inline and by default,
inline frames included).'
. "$(dirname "$0")/lib/test-lib.sh"

# The attr of each event, minus what differs by design (see t1025).
attrs () {
	upstream_perf evlist -v -i "$1" 2>/dev/null |
	sed -e "s/^[^ ]*: //" -e "s/, precise_ip: 3//" -e "s/, ksymbol: 1//" \
	    -e "s/, bpf_event: 1//" -e "s/, build_id: 1//"
}

for opts in "--call-graph dwarf" "--call-graph=dwarf" "--call-graph dwarf,4096" \
	    "--call-graph dwarf,100" "--call-graph dwarf,65528"; do
	name=$(echo "$opts" | tr -c "a-zA-Z0-9\n" _)
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "record $opts: upstream's attr bits" "
		perf record -q -o ours-$name.data $opts -- true &&
		upstream_record -q -o up-$name.data $opts -- true &&
		attrs up-$name.data >expect-$name &&
		attrs ours-$name.data >actual-$name &&
		test -s expect-$name &&
		grep -q REGS_USER actual-$name &&
		test_cmp expect-$name actual-$name
	"
done

for size in 0 65529 70000 abc -8 8k; do
	test_expect_success UPSTREAM_PERF "--call-graph dwarf,$size: upstream's error, exit 129" "
		test_expect_code 129 perf record --call-graph dwarf,$size -o x.data -- true \
			2>err &&
		head -1 err >actual &&
		echo 'callchain: Incorrect stack dump size (max 65528): $size' >expect &&
		test_cmp expect actual &&
		! test -e x.data
	"
done

test_expect_success 'an unknown mode: upstream'"'"'s error, exit 129' '
	test_expect_code 129 perf record --call-graph frame -o x.data -- true 2>err &&
	head -1 err >actual &&
	echo "callchain: Unknown --call-graph option value: frame" >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: our --call-graph dwarf record of a -fomit-frame-pointer program' '
	gcc -O2 -fomit-frame-pointer -g -fPIC -shared -o libdwdemo.so \
		"$SHARNESS_TEST_SRCDIR/lib/dwdemo-lib.c" &&
	gcc -O2 -fomit-frame-pointer -g -o dwdemo "$SHARNESS_TEST_SRCDIR/lib/dwdemo-main.c" \
		-L. -ldwdemo -Wl,-rpath,"$PWD" &&
	perf record -q -e cpu-clock -F 1999 --call-graph dwarf -o ours.data -- ./dwdemo 150 &&
	perf record -q -e cpu-clock -F 1999 --call-graph dwarf -o - -- ./dwdemo 150 >pipe.data &&
	test -s pipe.data
'

for f in ours pipe; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$f.data: upstream's report of our file is ours" "
		upstream_perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
			-i $f.data 2>/dev/null | grep -v '^#' | grep -v '^\$' >expect &&
		perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
			-i $f.data 2>/dev/null | grep -v '^#' | grep -v '^\$' >actual &&
		test_cmp expect actual &&
		grep spin actual | grep -q 'spin;via_spin;work;main' &&
		upstream_perf report --stdio --no-children -g folded --sort comm,dso,sym \
			-i $f.data 2>/dev/null | grep -v '^#' | grep -v '^\$' >expect &&
		perf report --stdio --no-children -g folded --sort comm,dso,sym -i $f.data \
			2>/dev/null | grep -v '^#' | grep -v '^\$' >actual &&
		test_cmp expect actual
	"
done

test_done
