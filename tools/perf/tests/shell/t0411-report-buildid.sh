#!/bin/bash
test_description='perf report resolves by build-id

A binary rebuilt at one path during the recording: each version'"'"'s samples
on its own functions (upstream perf 6.1 puts them all on the last one).
Analysis after the binaries moved away: symbols from the build-id cache
perf record filled, never from another file at the recorded path (which is
warned about, with upstream'"'"'s words).  Kernel symbols from the cached
kallsyms of the recording kernel.'
. "$(dirname "$0")/lib/test-lib.sh"

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
int main(void) { return (int)XCAT(VERSION, _work)(100000000UL) & 1; }
EOF

build () {
	gcc -O1 -DVERSION=$1 -DVNUM=$2 -Wl,--build-id -o "$3" app.c
}

# rows "dso sym" with their percentages, header lines dropped
rows () {
	perf report --stdio --no-children --sort dso,sym "$@" 2>report.err |
	grep -v "^#" | grep -v "^\$"
}

# One CPU: the side-band of the exec reaches the file before its samples.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: one recording, the binary replaced in the middle' '
	build one 3 app.one &&
	build two 5 app.two &&
	taskset -c 0 perf record -q -e cpu-clock -c 100000 -o during.data -- sh -c \
		"cp app.one app; ./app; $UPSTREAM_PERF buildid-cache -a ./app; rm app; cp app.two app; ./app" \
		2>record.err &&
	test -s during.data
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'each version of app on its own function' '
	rows -i during.data >out &&
	grep -E "^ +[0-9.]+%  app +\[\.\] one_work\$" out &&
	grep -E "^ +[0-9.]+%  app +\[\.\] two_work\$" out &&
	one=$(awk "/one_work/ { sub(\"%\", \"\", \$1); print int(\$1) }" out) &&
	two=$(awk "/two_work/ { sub(\"%\", \"\", \$1); print int(\$1) }" out) &&
	# the two runs do the same work
	test $one -ge 10 && test $two -ge 10 &&
	test_must_be_empty report.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'perf buildid-list lists both builds of app' '
	for b in app.one app.two; do
		echo "$(readelf -n $b | sed -n "s/.*Build ID: //p") $PWD/app"
	done | sort >expect &&
	perf buildid-list -i during.data | grep " $PWD/app\$" | sort >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'contrast: upstream puts both runs on the last binary' '
	upstream_perf report --stdio --no-children --sort dso,sym -i during.data 2>/dev/null >up &&
	grep -q "two_work" up &&
	! grep -q "one_work" up
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'binaries gone, another app at the path: symbols from the cache' '
	rm -f app app.one app.two &&
	build three 7 app &&
	rows -i during.data >out2 &&
	grep -q "one_work" out2 &&
	grep -q "two_work" out2 &&
	! grep -q "three_work" out2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no cache: the other file is not used, and a warning says so' '
	mkdir empty-cache &&
	PERF_BUILDID_DIR=$PWD/empty-cache rows -i during.data >out3 &&
	! grep -q "three_work" out3 &&
	! grep -q "one_work\|two_work" out3 &&
	grep -E "^ +[0-9.]+%  app +\[\.\] 0x[0-9a-f]{16}\$" out3 &&
	grep "^$PWD/app with build id [0-9a-f]* not found, continuing without symbols\$" \
		report.err >warn &&
	test $(wc -l <warn) = 2
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'setup: a system-wide recording with kernel samples' '
	taskset -c 0 perf record -q -a -e cpu-clock -c 100000 -o all.data -- \
		sh -c "ls -lR /usr/lib >/dev/null; $WORKLOADS/demo 0.1 >/dev/null" 2>record.err &&
	rows -i all.data >k.out &&
	grep -q "\[k\] " k.out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT '[k] rows equal upstream'"'"'s' '
	upstream_perf report --stdio --no-children --sort dso,sym -i all.data 2>/dev/null |
	grep "\[k\] " | head -n 30 >expect &&
	grep "\[k\] " k.out | head -n 30 >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'kernel symbols from the cached kallsyms, not /proc' '
	grep "\[k\] " k.out | head -n 30 >expect &&
	rows -i all.data --kallsyms=/nonexistent | grep "\[k\] " | head -n 30 >actual &&
	test_cmp expect actual
'

test_done
