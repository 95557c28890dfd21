#!/bin/bash
test_description='perf buildid-list --store keeps the DSOs call chains reach

A program spends its time in its own callback, called through a small
shared library: the library is on every call chain but no sample is
taken in it.  After perf record -B -g, --store on the recording box
must put the library into the cache too, or on the analysis box (its
own HOME, the binaries moved away) the library frames of perf report
-g stay raw addresses.'
. "$(dirname "$0")/lib/test-lib.sh"

cat >walk.c <<'EOF_C'
/* Not a tail call: walk() stays on the stack under the callback. */
int walk(int (*fn)(int), int n)
{
	return fn(n) + 1;
}
EOF_C

cat >app.c <<'EOF_C'
int walk(int (*fn)(int), int n);

static int spin(int n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < 300000000UL; i++)
		x += i * n;
	return (int)(x & 1);
}

int main(void)
{
	walk(spin, 3);
	return 0;
}
EOF_C

CFLAGS="-O1 -g -fno-omit-frame-pointer -fno-optimize-sibling-calls -fno-inline -Wl,--build-id"

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

test_expect_success PERF_EVENTS 'record -B -g: libwalk.so only on the call chains' '
	mkdir bin &&
	gcc $CFLAGS -shared -fPIC -o bin/libwalk.so walk.c &&
	gcc $CFLAGS -o bin/app app.c -Lbin -lwalk -Wl,-rpath,"$PWD/bin" &&
	perf record -q -B -g -e cpu-clock:u -o perf.data bin/app 2>record.err &&
	perf buildid-list -i perf.data >hits &&
	grep " $PWD/bin/app\$" hits &&
	! grep "libwalk" hits
'

test_expect_success PERF_EVENTS '--buildid-all lists every mapped DSO, hit or not' '
	perf buildid-list --buildid-all -i perf.data >all &&
	grep "^$(buildid bin/libwalk.so) $PWD/bin/libwalk.so\$" all &&
	grep " $PWD/bin/app\$" all &&
	test $(wc -l <all) -gt $(wc -l <hits)
'

test_expect_success PERF_EVENTS '--store on the recording box stores libwalk.so' '
	mkdir box &&
	HOME="$PWD/box" perf buildid-list --store --no-debuginfod -i perf.data >stored &&
	id=$(buildid bin/libwalk.so) &&
	grep -x "OK $id $PWD/bin/libwalk.so" stored &&
	cmp bin/libwalk.so "box/.debug$PWD/bin/libwalk.so/$id/elf"
'

test_expect_success PERF_EVENTS 'analysis box: every frame of libwalk.so resolved' '
	mv bin bin.away &&
	HOME="$PWD/box" perf report --stdio -g --no-children -i perf.data >report 2>report.err &&
	grep -q "spin" report &&
	grep -q "walk" report &&
	{ grep -E "^[ |-]*0x[0-9a-f]+\$" report >raw || :; } &&
	test_must_be_empty raw &&
	mv bin.away bin
'

test_done
