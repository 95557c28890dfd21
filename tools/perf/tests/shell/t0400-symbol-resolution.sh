#!/bin/bash
test_description='samples resolved by build-id: machine, threads, maps, DSOs, symbols

Records workloads with upstream perf, then resolves every sample with our
model (the resolve-samples driver: machine -> thread -> map -> dso ->
symbol) and compares comm, tid, ip, symbol and DSO with upstream perf
script.  Then the binaries change under the recording: symbols must come
from the build-id cache, and a different file at the recorded path must
never be used.'
. "$(dirname "$0")/lib/test-lib.sh"

RESOLVE="$MMAP3_TOP/build/asan/drivers/resolve-samples"

# perf record and so the workload on one CPU: side-band and samples arrive
# in time order without sorting (ordering is the session's job, not the
# model's), so the output is compared line by line.
# Upstream perf 6.1 itself sometimes aborts while saving build-ids at the
# end of a recording ("assertion failed at util/build-id.c"): retry then.
record () {
	out=$1
	shift
	upstream_try taskset -c 0 "$UPSTREAM_PERF" record -q -e cpu-clock -c 100000 -o "$out" "$@"
}

# upstream's "comm tid ip sym (dso)" lines, spaces squeezed.  The comm is
# left out of line-by-line comparisons (squeeze_tid): a sample taken while
# a COMM is written precedes it in the ring buffer and follows it in time,
# and upstream sorts by time (the session's job, not the model's).
upstream_script () {
	for try in 1 2 3; do	# upstream 6.1 occasionally dies on vdso handling
		upstream_perf script -F comm,tid,ip,sym,dso -i "$1" >script.out 2>script.err &&
		test -s script.out && break
		cat script.err >&2
	done
	awk '{ $1 = $1; print }' script.out
}

resolve () {
	"$RESOLVE" "$@" | awk '{ $1 = $1; print }'
}

squeeze_tid () {
	cut -d" " -f2- "$@"
}

build () {
	build_version "$1" "$2" "$3" -DITERATIONS=200000000UL
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record fork/exec-heavy workloads' '
	build first 3 app &&
	record plain.data -- sh -c "./app; ls -lR /usr/lib/x86_64-linux-gnu >/dev/null" &&
	record bid.data --buildid-mmap -- sh -c "./app; $WORKLOADS/demo 0.1" &&
	record - -- sh -c "$WORKLOADS/demo 0.1 >/dev/null" >pipe.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'every sample resolves like upstream perf script' '
	upstream_script plain.data >expect.full &&
	resolve -i plain.data >actual.full &&
	squeeze_tid expect.full >expect &&
	squeeze_tid actual.full >actual &&
	test_cmp expect actual &&
	grep -q "^app [0-9]* [0-9a-f]* first_work (.*/app)\$" actual.full &&
	grep -q "^ls [0-9]* [0-9a-f]* .* (/usr/bin/ls)\$" actual.full &&
	grep -q "\[kernel.kallsyms\]" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'MMAP2 with build-ids (--buildid-mmap) and pipe mode too' '
	upstream_script bid.data | squeeze_tid >expect &&
	resolve -i bid.data | squeeze_tid >actual &&
	test_cmp expect actual &&
	upstream_script pipe.data | squeeze_tid >expect &&
	resolve -i - <pipe.data | squeeze_tid >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'kernel symbols from the cached kallsyms of the recording kernel' '
	kid=$(upstream_perf buildid-list -i plain.data 2>/dev/null |
	      awk "\$2 == \"[kernel.kallsyms]\" { print \$1 }") &&
	k="$HOME/.debug/[kernel.kallsyms]/$kid/kallsyms" &&
	test -s "$k" &&
	cp "$k" kallsyms.orig &&
	sed "s/^\([0-9a-f]* [tTwW] \)/\1cached_/" kallsyms.orig >"$k" &&
	upstream_script plain.data |
	awk "\$NF == \"([kernel.kallsyms])\" && \$4 != \"[unknown]\" { \$4 = \"cached_\" \$4 } { print }" |
	squeeze_tid >expect &&
	resolve -i plain.data --kallsyms /nonexistent | squeeze_tid >actual &&
	cp kallsyms.orig "$k" &&
	test_cmp expect actual &&
	grep -q "cached_.* (\[kernel.kallsyms\])" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'binary rebuilt after recording: symbols from the cache' '
	upstream_script plain.data | grep "(.*/app)\$" | squeeze_tid >expect &&
	test -s expect &&
	build second 5 app &&
	resolve -i plain.data | grep "(.*/app)\$" | squeeze_tid >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no cache, other file at the path: not used, reported' '
	id=$(upstream_perf buildid-list -i plain.data 2>/dev/null | awk "/\/app\$/ { print \$1 }") &&
	test -n "$id" &&
	mv "$HOME/.debug" debug.saved &&
	resolve -i plain.data --mismatches >actual &&
	grep "(.*/app)\$" actual | awk "{ print \$4 }" | sort -u >syms &&
	echo "[unknown]" >expect &&
	test_cmp expect syms &&
	grep "^build-id mismatch:" actual >mismatches &&
	echo "build-id mismatch: $PWD/app $id" >expect &&
	test_cmp expect mismatches &&
	mv debug.saved "$HOME/.debug"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'binary rebuilt during the recording: each run on its own symbols' '
	build one 3 app.one &&
	build two 5 app.two &&
	record during.data --buildid-mmap -- sh -c \
		"cp app.one app; ./app; $UPSTREAM_PERF buildid-cache -a ./app; rm app; cp app.two app; ./app" &&
	test $(upstream_perf buildid-list -i during.data 2>/dev/null | grep -c "/app\$") = 2 &&
	resolve -i during.data >actual &&
	grep -q "one_work (.*/app)" actual &&
	grep -q "two_work (.*/app)" actual &&
	# every sample of the first run is on the first binary, and vice versa
	awk "/one_work/ { one[\$2] = 1 } /two_work/ { two[\$2] = 1 }
	     END { for (t in one) if (t in two) exit 1 }" actual
'

test_done
