#!/bin/bash
test_description='perf data convert --to-pprof on damaged files and bad invocations

A real recording is truncated, bit-flipped and given absurd header
fields.  perf data convert (ASan+UBSan build) must exit 0 or 1 on each,
in bounded time, with no sanitizer report; a failure says why in one
line (warnings may precede it); a success leaves a profile pprof reads,
and so does damage inside the data (t0221'"'"'s rule: what came before it,
the offset named in one line, exit 1).  Then the usage errors, upstream'"'"'s exit
status 129 and one error line each.'
. "$(dirname "$0")/lib/test-lib.sh"

LEAKS_OFF=$(echo "$ASAN_OPTIONS" | sed "s/detect_leaks=1/detect_leaks=0/")
nr_runs=0

if command -v go >/dev/null && go tool -n pprof >/dev/null 2>&1; then
	test_set_prereq GO_PPROF
fi
export GOCACHE="$HOME/.cache/go-build"

# convert_one FILE: anything wrong goes to ./problems
convert_one () {
	nr_runs=$((nr_runs + 1))
	rm -f out.pb.gz
	if test $((nr_runs % 8)) = 0
	then
		timeout 20 perf data convert -i "$1" --to-pprof out.pb.gz >/dev/null 2>err
	else
		ASAN_OPTIONS=$LEAKS_OFF timeout 20 perf data convert -i "$1" --to-pprof out.pb.gz \
			>/dev/null 2>err
	fi
	rc=$?
	case $rc in
	0)	if ! gzip -t out.pb.gz 2>/dev/null
		then
			echo "$1: exit 0 without a valid profile" >>problems
		fi ;;
	1)	if test $(grep -v -c "^Warning:" err) != 1
		then
			echo "$1: failed without exactly one error line" >>problems
			cat err >>problems
		fi
		# damage inside the data: the profile of what came before it
		if test -e out.pb.gz && ! gzip -t out.pb.gz 2>/dev/null
		then
			echo "$1: failed and left a broken profile" >>problems
		fi ;;
	*)	echo "$1: exit $rc" >>problems
		head -5 err >>problems ;;
	esac
	if grep -q -e Sanitizer -e "runtime error" err
	then
		echo "$1: sanitizer report" >>problems
		head -5 err >>problems
	fi
	return 0
}

set_u64 () {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 print F pack("Q<", $ARGV[2])' "$@"
}
flip () {
	perl -e 'open(F, "+<", $ARGV[0]) or die; seek(F, $ARGV[1], 0);
		 read(F, $b, 1); seek(F, $ARGV[1], 0); print F chr(ord($b) ^ 0xff)' "$@"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the original with upstream perf' '
	upstream_record -q -e cpu-clock -F 999 -g -o file.data -- \
		sh -c "ls -R /usr/lib/x86_64-linux-gnu >/dev/null 2>&1" &&
	: >problems &&
	convert_one file.data &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'truncated at 40 points' '
	: >problems &&
	size=$(stat -c %s file.data) &&
	for n in 0 8 64 104 $(seq 200 $((size / 36 + 1)) $size)
	do
		head -c $n file.data >t.data && convert_one t.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a byte flipped at 60 places' '
	: >problems &&
	size=$(stat -c %s file.data) &&
	for i in $(seq 0 59)
	do
		pos=$(( (i * 7919 + i * i * 13) % size )) &&
		cp file.data f.data && flip f.data $pos &&
		convert_one f.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'absurd header fields' '
	: >problems &&
	for field in 16:0 16:9223372036854775807 24:18446744073709551615 \
		     40:18446744073709551615 48:18446744073709551615 8:0 48:0
	do
		cp file.data h.data &&
		set_u64 h.data ${field%%:*} ${field#*:} &&
		convert_one h.data || return 1
	done &&
	test_must_be_empty problems
'

test_expect_success 'not a perf.data: random bytes, a directory, nothing there' '
	: >problems &&
	head -c 4096 /dev/urandom >random.data &&
	convert_one random.data &&
	mkdir dir.data && convert_one dir.data &&
	convert_one missing.data &&
	test_must_be_empty problems
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'what a truncated file gives, pprof reads' '
	head -c $(data_cut file.data) file.data >cut.data &&
	perf data convert -i cut.data --to-pprof cut.pb.gz 2>err &&
	grep -q "^Warning: cut.data" err &&
	timeout 300 go tool pprof -raw cut.pb.gz >raw 2>/dev/null &&
	grep -q "^Samples:" raw
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'an output that cannot be written: one line, exit 1' '
	test_expect_code 1 perf data convert -i file.data --to-pprof nodir/out.pb.gz 2>err &&
	echo "perf data convert: cannot write nodir/out.pb.gz: No such file or directory" >expect &&
	test_cmp expect err &&
	ls >files && ! grep "out.pb.gz" files
'

test_expect_success 'usage errors: 129 and one error line' '
	test_expect_code 255 perf data convert 2>err &&
	echo "You must specify one of --to-ctf, --to-json or --to-pprof." >expect && test_cmp expect err &&
	test_expect_code 129 perf data convert --to-pprof 2>err &&
	grep -q "^ Error: option .to-pprof. requires a value" err &&
	test_expect_code 129 perf data convert --to-pprof x.pb.gz extra 2>err &&
	grep -q "Error: unexpected argument .extra." err &&
	test_expect_code 129 perf data convert --to-pprof x.pb.gz --bogus 2>err &&
	grep -q "Error: unknown option .bogus." err &&
	test_expect_code 129 perf data convert --to-ctf dir 2>err &&
	echo "perf data convert: --to-ctf is not supported: CTF output needs libbabeltrace'"'"'s CTF writer, not built in" >expect &&
	test_cmp expect err &&
	test_expect_code 129 perf data 2>err &&
	grep -q "Usage: perf data convert" err &&
	test_expect_code 129 perf data frobnicate 2>err &&
	head -1 err >first && echo "Unknown command: frobnicate" >expect && test_cmp expect first &&
	ls >files && ! grep "x.pb.gz" files
'

test_expect_success 'perf data convert -h lists the options' '
	test_expect_code 129 perf data convert -h 2>help &&
	grep -q -- "--to-pprof <file>" help &&
	grep -q -- "--symbolize" help &&
	grep -q -- "-i, --input <file>" help
'

test_done
