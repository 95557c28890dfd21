#!/bin/bash
test_description='perf data convert --to-pprof: what go tool pprof shows equals perf report

Records the demo workload with call chains, converts it to a pprof
profile and reads it with Debian golang-go'"'"'s go tool pprof, as a user
opening the profile elsewhere would: -top lists the functions and shares
of perf report --no-children --sort sym, -traces the call chains perf
script prints, -raw the build-ids readelf -n reads from the binaries.'
. "$(dirname "$0")/lib/test-lib.sh"

if command -v go >/dev/null && go tool -n pprof >/dev/null 2>&1; then
	test_set_prereq GO_PPROF
fi
# go keeps its build cache under HOME: the trash directory
export GOCACHE="$HOME/.cache/go-build" GOFLAGS=-mod=mod

# the shell that starts the demo burns a little CPU first: its samples
# come first, and the demo is still the main binary (most samples)
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'record the demo with call chains' '
	upstream_record -q -e cpu-clock -F 4999 -g -o in.data -- \
		sh -c "i=0; while [ \$i -lt 5000 ]; do i=\$((i + 1)); done; exec \"\$0\" \"\$@\" >/dev/null" \
		"$WORKLOADS/demo" 0.5 &&
	upstream_perf script -i in.data -F comm 2>/dev/null | head -n 1 | tr -d " " >first &&
	echo "sh" >expect && test_cmp expect first
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'convert: one profile, the two summary lines' '
	perf data convert -i in.data --to-pprof out.pb.gz 2>err &&
	cat err &&
	grep -q "^\[ perf data convert: Converted '"'"'in.data'"'"' into pprof data '"'"'out.pb.gz'"'"' \]$" err &&
	grep -q "^\[ perf data convert: Converted and wrote [0-9.]* MB ([0-9]* samples) \]$" err &&
	test $(wc -l <err) -eq 2 &&
	gzip -t out.pb.gz
'

# "share name" per function: perf report --no-children --sort sym, resolved names only
report_shares () {
	perf report -i in.data --no-children --sort sym --stdio -g none 2>/dev/null |
	awk '/^#/ || NF < 3 { next } $3 !~ /^0x/ { sub("%", "", $1); print $1, $3 }' |
	sort -k2
}

# the same from pprof -top: flat% and name, named functions only (not
# pprof's '[file]' for the frames of a file without symbols)
pprof_shares () {
	timeout 300 go tool pprof -top -nodecount=100000 -nodefraction=0 out.pb.gz 2>/dev/null |
	awk 'seen && $2 != "0%" && NF == 6 && $6 !~ /^(0x|<unknown>|\[)/ { sub("%", "", $2); print $2, $6 }
	     /flat%/ { seen = 1 }' |
	sort -k2
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'pprof -top: the functions and shares of perf report' '
	report_shares >report.txt &&
	pprof_shares >pprof.txt &&
	cat report.txt &&
	grep -q " hot_loop_a$" report.txt &&
	grep -q " hot_loop_b$" report.txt &&
	join -1 2 -2 2 -a 1 -a 2 -e missing -o 0,1.1,2.1 report.txt pprof.txt >both.txt &&
	! grep missing both.txt &&
	awk "{ d = \$2 - \$3; if (d < -0.011 || d > 0.011) { print \"differ:\", \$0; bad = 1 } }
	     END { exit bad }" both.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'pprof -top: the same order at the top' '
	head -2 report.txt >/dev/null &&
	perf report -i in.data --no-children --sort sym --stdio -g none 2>/dev/null |
		awk "/^#/ || NF < 3 { next } { print \$3 }" | head -2 >expect &&
	timeout 300 go tool pprof -top out.pb.gz 2>/dev/null |
		awk "seen && NF == 6 { print \$6 } /flat%/ { seen = 1 }" | head -2 >actual &&
	test_cmp expect actual
'

# one line per sample: its frames leaf first, "?" for an unknown one
script_chains () {
	perf script -F ip,sym -i in.data 2>/dev/null |
	awk 'NF == 0 { if (c != "") print c; c = ""; next }
	     { n = ($2 == "" || $2 == "[unknown]") ? "?" : $2; c = c == "" ? n : c ";" n }
	     END { if (c != "") print c }' | sort
}

# the same from pprof -traces, each trace as often as its sample count;
# pprof names a frame of no function by its address or '[its file]'
pprof_chains () {
	timeout 300 go tool pprof -traces -sample_index=samples out.pb.gz 2>/dev/null |
	awk 'function out() { for (i = 0; i < n; i++) print c } 
	     /^-----------\+/ { out(); c = ""; n = 0; intrace = 0; next }
	     !intrace && $1 ~ /^[0-9]+$/ && NF >= 2 { intrace = 1; n = $1; $1 = "" }
	     intrace { sub(/^ +/, ""); f = ($0 ~ /^(<unknown>|0x|\[)/) ? "?" : $1
		       c = c == "" ? f : c ";" f }
	     END { out() }' | sort
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'pprof -traces: the call chains perf script prints' '
	script_chains >script-chains &&
	pprof_chains >pprof-chains &&
	grep -q "^hot_loop_a;main;" script-chains &&
	test_cmp script-chains pprof-chains
'

# Upstream's record puts only DSOs that samples hit into the build-id
# table: a DSO only call chains pass through (libc) has none, and the
# mapping says so rather than guess from the file now at that path.
test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'pprof -raw: each build-id the one readelf -n reads' '
	timeout 300 go tool pprof -raw out.pb.gz 2>/dev/null | sed -n "/^Mappings/,\$p" >mappings &&
	cat mappings &&
	grep -q " $WORKLOADS/demo [0-9a-f]\{40\}" mappings &&
	"$UPSTREAM_PERF" buildid-list -i in.data 2>/dev/null >table &&
	grep "^[0-9]*: " mappings | while read -r id range path bid rest
	do
		case "$path" in \[*) continue ;; esac
		case "$bid" in
		[0-9a-f]*)
			want=$(readelf -n "$path" | awk "/Build ID:/ { print \$3 }") &&
			echo "$path: $bid, readelf $want" &&
			test "$bid" = "$want" || return 1 ;;
		*)
			echo "$path: no build-id, none in the file'"'"'s table" &&
			! grep " $path\$" table || return 1 ;;
		esac
	done
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'the first mapping, pprof'"'"'s main binary, is the demo' '
	timeout 300 go tool pprof -top out.pb.gz 2>/dev/null | head -2 >head &&
	grep -q "^File: demo$" head &&
	grep -q "^Build ID: $(readelf -n "$WORKLOADS/demo" | awk "/Build ID:/ { print \$3 }")$" head
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'sample types: samples/count and cpu/nanoseconds, the period of cpu-clock' '
	timeout 300 go tool pprof -raw out.pb.gz 2>/dev/null >raw &&
	grep -q "^PeriodType: cpu nanoseconds$" raw &&
	grep -q "^Samples:$" raw &&
	sed -n "/^Samples:/{n;p}" raw >types &&
	grep -q "samples/count cpu/nanoseconds" types
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-v: each mapping, its build-id, where its symbols came from' '
	perf data convert -v -i in.data --to-pprof v.pb.gz 2>err &&
	id=$(readelf -n "$WORKLOADS/demo" | awk "/Build ID:/ { print \$3 }") &&
	grep "^mapping $WORKLOADS/demo \[$id\]: symbols from " err &&
	perf data convert -v -i in.data --to-pprof v.pb.gz --no-symbolize 2>err &&
	grep "^mapping $WORKLOADS/demo \[$id\]: not symbolized$" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,GO_PPROF 'the same shares through upstream perf report' '
	upstream_try "$UPSTREAM_PERF" report -i in.data --no-children --sort sym --stdio -g none >up.txt &&
	awk "/^#/ || NF < 3 { next } \$3 !~ /^0x/ { sub(\"%\", \"\", \$1); print \$1, \$3 }" up.txt |
		sort -k2 >up-shares.txt &&
	join -1 2 -2 2 -o 0,1.1,2.1 up-shares.txt pprof.txt >up-both.txt &&
	grep -q "^hot_loop_a " up-both.txt &&
	awk "{ d = \$2 - \$3; if (d < -0.011 || d > 0.011) { print \"differ:\", \$0; bad = 1 } }
	     END { exit bad }" up-both.txt
'

test_done
