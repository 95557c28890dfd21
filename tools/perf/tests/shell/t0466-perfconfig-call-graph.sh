#!/bin/bash
test_description='perfconfig call-graph.record-mode and call-graph.dump-size, as upstream

call-graph.record-mode = dwarf[,SIZE] makes perf record -g ask for DWARF
unwinding (the user registers and a copy of the user stack), and
call-graph.dump-size sizes that copy; the command line'"'"'s --call-graph
wins.  `perf evlist -v` of ours and upstream'"'"'s recordings under the same
file must agree; bad values fail as upstream'"'"'s do (two lines, exit 255).'
. "$(dirname "$0")/lib/test-lib.sh"

# The attr of each event, minus what differs by design (see t1025).
attrs () {
	upstream_perf evlist -v -i "$1" 2>/dev/null |
	sed -e "s/^[^ ]*: //" -e "s/, precise_ip: 3//" -e "s/, ksymbol: 1//" \
	    -e "s/, bpf_event: 1//" -e "s/, build_id: 1//"
}

n=0
while read -r cfg; do
	n=$((n + 1))
	printf "$cfg" >cfg$n
	for opts in "-g" "" "--call-graph fp" "--call-graph dwarf" "--call-graph dwarf,2048"; do
		name=$n$(echo "$opts" | tr -c "a-zA-Z0-9\n" _)
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "'$cfg' record $opts: upstream's attr" "
			PERF_CONFIG=\$PWD/cfg$n perf record -q -o ours-$name.data $opts -- true &&
			PERF_CONFIG=\$PWD/cfg$n upstream_record -q -o up-$name.data $opts -- true &&
			attrs up-$name.data >expect-$name &&
			attrs ours-$name.data >actual-$name &&
			test -s expect-$name &&
			test_cmp expect-$name actual-$name
		"
	done
done <<'EOF'
[call-graph]\n\trecord-mode = dwarf\n
[call-graph]\n\trecord-mode = dwarf\n\tdump-size = 4096\n
[call-graph]\n\tdump-size = 4096\n\trecord-mode = dwarf\n
[call-graph]\n\trecord-mode = dwarf,16384\n
[call-graph]\n\trecord-mode = fp\n\tdump-size = 4096\n
EOF

test_expect_success UPSTREAM_PERF 'bad values: upstream'"'"'s two lines, exit 255' '
	printf "[call-graph]\n\trecord-mode = foo\n" >bad1.cfg &&
	printf "[call-graph]\n\trecord-mode = dwarf\n\tdump-size = 100000\n" >bad2.cfg &&
	for c in bad1 bad2; do
		PERF_CONFIG=$PWD/$c.cfg test_expect_code 255 perf record -q -g -o x.data -- true \
			2>actual &&
		PERF_CONFIG=$PWD/$c.cfg test_expect_code 255 "$UPSTREAM_PERF" record -q -g \
			-o x.data -- true 2>expect &&
		test_cmp expect actual || return 1
	done &&
	! test -e x.data
'

test_expect_success PERF_EVENTS 'record-mode = dwarf with -g: the samples unwind' '
	printf "[call-graph]\n\trecord-mode = dwarf\n" >dw.cfg &&
	gcc -O2 -fomit-frame-pointer -g -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	PERF_CONFIG=$PWD/dw.cfg perf record -q -g -e cpu-clock -c 100000 -o dw.data -- \
		./inl 2000000 &&
	upstream_perf evlist -v -i dw.data | grep -q STACK_USER &&
	perf report --stdio --no-children -g folded --sort sym -i dw.data >out &&
	grep -q "left;main" out
'

test_done
