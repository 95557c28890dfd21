#!/bin/bash
test_description='perf script report flamegraph: one self-contained interactive HTML file

Records the demo workload with call chains, draws its flame graph and
checks the page: well-formed, no external reference (no URL, no other
file), the two hot functions present and as wide as their share of the
samples, which upstream perf script counts independently.  Then the
folded and JSON outputs and bad invocations.'
. "$(dirname "$0")/lib/test-lib.sh"

record () {
	upstream_record -q -e cpu-clock -F 4999 -g -o "$1" -- \
		sh -c 'exec "$0" "$@" >/dev/null' "$WORKLOADS/demo" 0.3
}

# Samples whose call path holds function $1, per 10000, as upstream sees them.
upstream_share () {
	for try in 1 2 3; do	# upstream 6.1 occasionally dies on vdso handling
		upstream_perf script -F ip,sym -i in.data >script.out 2>/dev/null &&
			test -s script.out && break
	done
	awk -v f="$1" '
		NF == 0 { if (seen) hit++; if (n) total++; seen = 0; n = 0; next }
		{ n++; if ($2 == f) seen = 1 }
		END { if (n) { total++; if (seen) hit++ } print int(hit * 10000 / total) }
	' script.out
}

# The width of the frames named $1, per 10000 of the root frame's.
html_share () {
	python3 - "$1" <<-\EOF
	import re, sys
	html = open("flamegraph.html").read()
	frames = re.findall(r'<g class="f" data-x="[^"]*" data-w="([^"]*)" data-d="(\d+)" data-n="([^"]*)"', html)
	root = [float(w) for w, d, n in frames if d == "0"][0]
	print(int(sum(float(w) for w, d, n in frames if n == sys.argv[1]) * 10000 / root))
	EOF
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the demo with call chains' '
	record in.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'flamegraph.html is written, named as upstream' '
	perf script report flamegraph -i in.data >out &&
	echo "dumping data to flamegraph.html" >expect &&
	test_cmp expect out &&
	test -s flamegraph.html
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the page is well-formed' '
	if command -v xmllint >/dev/null
	then
		xmllint --noout flamegraph.html
	fi &&
	python3 -c "
import html.parser, sys
class P(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.stack = []
    def handle_starttag(self, tag, attrs):
        if tag not in (\"meta\",): self.stack.append(tag)
    def handle_startendtag(self, tag, attrs): pass
    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, tag
p = P(); p.feed(open(\"flamegraph.html\").read()); p.close()
assert not p.stack, p.stack
"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'nothing external: no URL, no other file' '
	! grep -i -E "https?:|ftp:|//[a-z0-9.-]+\.[a-z]|src=|href=|url\(|@import" flamegraph.html &&
	grep -q "<svg" flamegraph.html &&
	grep -q "<script>" flamegraph.html
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'hot functions as wide as their share of the samples' '
	grep -q "data-n=\"hot_loop_a\"" flamegraph.html &&
	grep -q "data-n=\"hot_loop_b\"" flamegraph.html &&
	for f in hot_loop_a hot_loop_b main
	do
		want=$(upstream_share $f) &&
		got=$(html_share $f) &&
		echo "$f: upstream $want, drawn $got (per 10000)" &&
		test $want -gt 1000 &&
		test $((got - want)) -le 100 && test $((want - got)) -le 100 || return 1
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'folded stacks: comm (pid) first, callers first, every sample' '
	perf script report flamegraph -i in.data -f folded >folded &&
	pid=$(sed -n "s/^demo (\([0-9]*\));.*/\1/p" folded | sort -u) &&
	test -n "$pid" &&
	grep -q "^demo ($pid);__libc_start_call_main;main;hot_loop_a [0-9]*$" folded &&
	total=$(awk "{ s += \$NF } END { print s }" folded) &&
	upstream_perf script -F tid -i in.data 2>/dev/null | grep -c . >n-samples &&
	test "$total" -eq $(cat n-samples)
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'json: upstream tree, -o' '
	perf script report flamegraph -i in.data -f json -o stacks.out >/dev/null &&
	python3 -c "
import json
t = json.load(open(\"stacks.out\"))
assert t[\"n\"] == \"all\" and t[\"l\"] == \"root\", t[\"n\"]
names = set()
def walk(n):
    names.add(n[\"n\"]); [walk(c) for c in n[\"c\"]]
walk(t)
assert \"hot_loop_a\" in names and \"main\" in names
"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-o - writes the page to standard output' '
	perf script report flamegraph -i in.data -o - --colorscheme orange >page &&
	head -1 page >first &&
	echo "<!DOCTYPE html>" >expect &&
	test_cmp expect first
'

test_expect_success 'bad invocations: usage errors, missing file' '
	test_expect_code 129 perf script report flamegraph --format svg 2>err &&
	test_expect_code 129 perf script report flamegraph --bogus 2>err &&
	test_expect_code 129 perf script report nosuchreport 2>err &&
	mkdir -p bad &&
	(cd bad && test_expect_code 1 perf script report flamegraph -i missing.data 2>../err) &&
	test $(wc -l <err) -eq 1 &&
	test ! -e bad/flamegraph.html
'

test_done
