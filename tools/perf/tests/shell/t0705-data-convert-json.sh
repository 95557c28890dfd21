#!/bin/bash
test_description='perf data convert --to-json writes upstream perf 6.1'"'"'s JSON

Records the demo with upstream perf and with ours (plain, -g, -a),
converts each file with both tools and compares the documents byte for
byte; every document goes through a JSON parser, and the samples must
show the demo'"'"'s hot functions with their callers.  Then what upstream
cannot do: a stream and a file without HOSTNAME (upstream crashes on
both), MMAP3 records (resolved by build-id), names that need escaping;
and the usage errors.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"
CRAFT="$SHARNESS_TEST_SRCDIR/lib/mmap3-craft.pl"
command -v python3 >/dev/null && test_set_prereq PYTHON

# json_ok FILE: FILE parses as JSON (python3's parser, strict about
# control characters and escapes).
json_ok () {
	python3 -m json.tool "$1" >/dev/null
}

# up_convert IN OUT: upstream's conversion (retried: see upstream_try).
up_convert () {
	upstream_try "$UPSTREAM_PERF" data convert --force --to-json "$2" -i "$1"
}

# samples_in FILE.json: "comm frame0-symbol frame0-dso caller-symbols..." per
# sample, for checks that read like a profile.
cat >samples.py <<'EOT'
import json, sys
doc = json.load(open(sys.argv[1]))
for s in doc["samples"]:
    chain = s["callchain"]
    print(s["comm"], " ".join(f.get("symbol", "?") + "@" + f.get("dso", "?") for f in chain))
EOT
samples_in () {
	python3 samples.py "$1"
}

# Our record does not write CPUID yet, and upstream then prints the cpuid
# of the machine it runs on: compare our files without that line.
no_host_cpuid () {
	if "$UPSTREAM_PERF" report --header-only -i "$1" 2>/dev/null | grep -q "^# cpuid :"
	then
		cat "$2"
	else
		grep -v "^		\"cpuid\": " "$2"
	fi
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: the demo recorded by upstream perf and by ours' '
	upstream_record -q -o up.data -- "$DEMO" 0.2 &&
	upstream_record -q -g -o upg.data -- "$DEMO" 0.2 &&
	upstream_record -q -a -o upa.data -- "$DEMO" 0.2 &&
	perf record -q -o our.data -- "$DEMO" 0.2 &&
	perf record -q -g -o ourg.data -- "$DEMO" 0.2 &&
	perf record -q -a -o oura.data -- "$DEMO" 0.2
'

# Not -a -g: other programs' garbage frame pointers can land in data, where
# upstream names data objects ("vtable for ...") and our symbol tables,
# functions only, do not (perf script differs alike).
for f in up upg upa
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON "$f.data: upstream's JSON, byte for byte" "
		up_convert $f.data expect.json &&
		perf data convert --force --to-json actual.json -i $f.data 2>err &&
		test_cmp expect.json actual.json &&
		json_ok actual.json &&
		grep -q '^\[ perf data convert: Converted .$f.data. into JSON data .actual.json. \]\$' err
	"
done

for f in our ourg oura
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON "$f.data (ours): upstream's JSON, byte for byte" "
		up_convert $f.data up.json &&
		perf data convert --force --to-json actual.json -i $f.data &&
		no_host_cpuid $f.data up.json >expect.json &&
		test_cmp expect.json actual.json &&
		json_ok actual.json
	"
done

# A tracepoint samples the CPU, cpu-clock does not: upstream then gives
# every sample a "cpu", -1 for the events that do not sample it.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON 'several events, one sampling the CPU: upstream'"'"'s JSON' '
	upstream_record -q -g -e cpu-clock -e task-clock -e sched:sched_switch \
		-o multi.data -- "$DEMO" 0.1 &&
	up_convert multi.data expect.json &&
	perf data convert --to-json multi.json -i multi.data &&
	test_cmp expect.json multi.json &&
	json_ok multi.json &&
	grep -q "\"cpu\": -1," multi.json
'

test_expect_success PERF_EVENTS,PYTHON 'the samples name the hot functions, and -g their callers' '
	perf data convert --to-json flat.json -i our.data &&
	samples_in flat.json >flat &&
	grep -q "^demo hot_loop_[ab]@demo\$" flat &&
	perf data convert --to-json g.json -i ourg.data &&
	samples_in g.json >g &&
	grep -q "^demo hot_loop_a@demo main@demo .*" g &&
	grep -q "^demo hot_loop_b@demo main@demo .*" g &&
	# as many samples as perf report counts
	perf report --stats -i ourg.data >stats &&
	sed -n "s/^ *SAMPLE events: *\([0-9]*\).*/\1/p" stats | head -n 1 >expect &&
	wc -l <g | tr -d " " >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,PYTHON 'a stream: the same samples as the file made from it' '
	perf record -q -g -o - -- "$DEMO" 0.2 >pipe.data &&
	perf data convert --to-json pipe.json -i - <pipe.data &&
	json_ok pipe.json &&
	perf inject -i - -o frompipe.data <pipe.data &&
	perf data convert --to-json file.json -i frompipe.data &&
	samples_in pipe.json >expect &&
	samples_in file.json >actual &&
	test_cmp expect actual &&
	test -s actual &&
	python3 -c "import json, sys; h = json.load(open(sys.argv[1]))[\"headers\"]; sys.exit(\"data-offset\" in h or h[\"hostname\"] == \"\")" pipe.json
'

# (upstream 6.1 crashes on this file: it has no HOSTNAME feature)
test_expect_success PYTHON 'MMAP3 records: resolved by build-id, and once converted to MMAP2' '
	perl "$CRAFT" "$DEMO" mmap3.data &&
	chmod 600 mmap3.data &&
	perf buildid-cache -a "$DEMO" &&
	perf data convert --to-json mmap3.json -i mmap3.data &&
	samples_in mmap3.json | sort | uniq -c >actual &&
	echo "     20 hot hot_loop_a@demo" >expect &&
	test_cmp expect actual &&
	perf inject --convert-mmap3 -i mmap3.data -o mmap2.data &&
	perf data convert --to-json ours.json -i mmap2.data &&
	samples_in ours.json | sort | uniq -c >actual &&
	test_cmp expect actual
'

# Our record on an MMAP3 kernel writes MMAP3 records (here made from a
# real recording): upstream 6.1 skips them, ours resolves by their ids;
# after perf inject --convert-mmap3 both agree byte for byte.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON 'our MMAP3 file: the JSON of its MMAP2 conversion, upstream'"'"'s' '
	python3 "$SHARNESS_TEST_SRCDIR/lib/mmap2-to-mmap3.py" ourg.data ourg3.data &&
	chmod 600 ourg3.data &&
	perf data convert --to-json ourg3.json -i ourg3.data &&
	perf data convert --to-json ourg.json -i ourg.data &&
	samples_in ourg.json >expect &&
	samples_in ourg3.json >actual &&
	test_cmp expect actual &&
	perf inject --convert-mmap3 -i ourg3.data -o ourg2.data &&
	up_convert ourg2.data up.json &&
	perf data convert --to-json ourg2.json -i ourg2.data &&
	no_host_cpuid ourg2.data up.json >expect.json &&
	test_cmp expect.json ourg2.json
'

# A program whose name needs JSON escapes: a quote, a backslash, a tab,
# a control character and UTF-8.  Upstream writes each byte >= 0x80 as
# "\uffffffXX" (a sign-extended char): ours keeps UTF-8 as it is.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON 'names that need escaping: valid JSON, upstream'"'"'s escapes' '
	name=$(printf "q\"b\\\\t\tx\001\303\251") &&
	cp "$DEMO" "./$name" &&
	upstream_record -q -o esc.data -- "./$name" 0.1 &&
	perf data convert --to-json esc.json -i esc.data &&
	json_ok esc.json &&
	python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[\"samples\"][0][\"comm\"])" \
		esc.json >actual &&
	printf "%s\n" "$name" >expect &&
	test_cmp expect actual &&
	up_convert esc.data up.json &&
	perl -pe "s/\\\\uffffff([0-9a-f]{2})/chr(hex(\$1))/ge" up.json >expect &&
	test_cmp expect esc.json
'

test_expect_success PERF_EVENTS,PYTHON 'a byte that is no UTF-8 is written as \u00XX: still JSON' '
	name=$(printf "bad\377name") &&
	cp "$DEMO" "./$name" &&
	perf record -q -o bad.data -- "./$name" 0.1 &&
	perf data convert --to-json bad.json -i bad.data &&
	json_ok bad.json &&
	grep -q "\"comm\": \"bad\\\\u00ffname\"" bad.json
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,PYTHON 'a file cut short: the samples before the cut, still a document' '
	cut=$(data_cut upg.data) &&
	head -c $cut upg.data >cut.data &&
	chmod 600 cut.data &&
	perf data convert --to-json cut.json -i cut.data 2>err &&
	grep -q "^Warning: cut.data: .*truncated" err &&
	json_ok cut.json &&
	samples_before upg.data $cut >expect &&
	samples_in cut.json | wc -l >actual &&
	test_cmp expect actual &&
	test $(cat actual) -gt 0
'

test_expect_success PERF_EVENTS 'an existing output is kept without --force, replaced with it' '
	echo keep >exists.json &&
	test_expect_code 255 perf data convert --to-json exists.json -i our.data 2>err &&
	echo "Output file exists. Use --force to overwrite it." >expect &&
	test_cmp expect err &&
	echo keep >expect &&
	test_cmp expect exists.json &&
	perf data convert --to-json exists.json -f -i our.data 2>err &&
	json_ok exists.json
'

test_expect_success 'no input: one line, exit 255, no output left behind' '
	test_expect_code 255 perf data convert --to-json none.json -i nonexistent.data 2>err &&
	test $(wc -l <err) = 1 &&
	grep -q nonexistent.data err &&
	! test -e none.json
'

test_expect_success 'usage errors: upstream'"'"'s words and exit codes' '
	test_expect_code 255 perf data convert -i our.data 2>err &&
	echo "You must specify one of --to-ctf, --to-json or --to-pprof." >expect &&
	test_cmp expect err &&
	test_expect_code 255 perf data convert --to-json x.json --all -i our.data 2>err &&
	echo "--all is currently unsupported for JSON output." >expect &&
	test_cmp expect err &&
	test_expect_code 255 perf data convert --to-json x.json --tod -i our.data 2>err &&
	echo "--tod is currently unsupported for JSON output." >expect &&
	test_cmp expect err &&
	! test -e x.json &&
	test_expect_code 129 perf data convert --to-json 2>err &&
	grep -q "requires a value" err &&
	test_expect_code 129 perf data convert --to-ctf dir -i our.data 2>err &&
	grep -q "to-ctf is not supported" err &&
	test_expect_code 129 perf data convert --bogus 2>err &&
	test_expect_code 129 perf data convert extra --to-json x.json 2>err &&
	test_expect_code 129 perf data 2>err &&
	grep -q "Usage: perf data convert" err &&
	test_expect_code 129 perf data foo 2>err &&
	grep -q "^Unknown command: foo\$" err &&
	! test -e x.json
'

test_expect_success UPSTREAM_PERF 'perf data convert -h: upstream'"'"'s options, but --to-ctf (and our --to-pprof)' '
	test_expect_code 129 perf data convert -h 2>help &&
	grep -q -- "--to-json <...> *Convert to JSON format" help &&
	test_expect_code 129 "$UPSTREAM_PERF" data convert -h 2>up-help &&
	names="s/^ *\(-., \)\{0,1\}--\([a-z-]*\).*/\1\2/p" &&
	sed -n "$names" help | grep -v -e "^to-pprof\$" -e "^symbolize\$" >ours &&
	sed -n "$names" up-help | grep -v "^to-ctf\$" >expect &&
	test_cmp expect ours
'

test_done
