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
record () {
	out=$1
	shift
	taskset -c 0 "$UPSTREAM_PERF" record -q -e cpu-clock -c 100000 -o "$out" "$@" \
		2>record.err || { cat record.err >&2; false; }
}

# upstream's "comm tid ip sym (dso)" lines, spaces squeezed
upstream_script () {
	upstream_perf script -F comm,tid,ip,sym,dso -i "$1" 2>/dev/null |
	awk '{ $1 = $1; print }'
}

resolve () {
	"$RESOLVE" "$@" | awk '{ $1 = $1; print }'
}

cat >app.c <<'EOF'
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
__attribute__((noinline)) unsigned long XCAT(VERSION, _work)(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * VNUM;
	return x;
}
int main(void) { return (int)XCAT(VERSION, _work)(200000000UL) & 1; }
EOF

build () {
	gcc -O1 -DVERSION=$1 -DVNUM=$2 -Wl,--build-id -o "$3" app.c
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record fork/exec-heavy workloads' '
	build first 3 app &&
	record plain.data -- sh -c \
		"$WORKLOADS/demo 0.2; ls -lR /usr/lib/x86_64-linux-gnu >/dev/null; ./app" &&
	record bid.data --buildid-mmap -- sh -c "./app; $WORKLOADS/demo 0.1" &&
	record - -- sh -c "$WORKLOADS/demo 0.1 >/dev/null" >pipe.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'every sample resolves like upstream perf script' '
	upstream_script plain.data >expect &&
	resolve -i plain.data >actual &&
	test_cmp expect actual &&
	grep -q "hot_loop_a (.*/demo)" actual &&
	grep -q "first_work (.*/app)" actual &&
	grep -q "\[kernel.kallsyms\]" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'MMAP2 with build-ids (--buildid-mmap) and pipe mode too' '
	upstream_script bid.data >expect &&
	resolve -i bid.data >actual &&
	test_cmp expect actual &&
	upstream_script pipe.data >expect &&
	resolve -i - <pipe.data >actual &&
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
	awk "\$NF == \"([kernel.kallsyms])\" && \$4 != \"[unknown]\" { \$4 = \"cached_\" \$4 } { print }" >expect &&
	resolve -i plain.data --kallsyms /nonexistent >actual &&
	cp kallsyms.orig "$k" &&
	test_cmp expect actual &&
	grep -q "cached_.* (\[kernel.kallsyms\])" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'binary rebuilt after recording: symbols from the cache' '
	upstream_script plain.data | grep "(.*/app)\$" >expect &&
	test -s expect &&
	build second 5 app &&
	resolve -i plain.data | grep "(.*/app)\$" >actual &&
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
	build one 3 app &&
	record during.data --buildid-mmap -- sh -c \
		"./app; $UPSTREAM_PERF buildid-cache -a ./app; gcc -O1 -DVERSION=two -DVNUM=5 -Wl,--build-id -o app app.c; ./app" &&
	test $(upstream_perf buildid-list -i during.data 2>/dev/null | grep -c "/app\$") = 2 &&
	resolve -i during.data >actual &&
	grep -q "one_work (.*/app)" actual &&
	grep -q "two_work (.*/app)" actual &&
	# every sample of the first run is on the first binary, and vice versa
	awk "/one_work/ { one[\$2] = 1 } /two_work/ { two[\$2] = 1 }
	     END { for (t in one) if (t in two) exit 1 }" actual
'

test_done
