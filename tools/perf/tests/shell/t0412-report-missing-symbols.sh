#!/bin/bash
test_description='every DSO left without symbols is said once, with the next step

Analysis with an empty build-id cache and the binary gone: perf report and
perf script end with one summary line per DSO (what was tried) and the next
step; -q silences it; pipe mode says what file mode says.  A recording
whose kernel is not this one gets upstream'"'"'s one "No kallsyms or vmlinux"
line.'
. "$(dirname "$0")/lib/test-lib.sh"

unset DEBUGINFOD_URLS PERF_BUILDID_DIR

cat >app.c <<'EOF_C'
__attribute__((noinline)) unsigned long work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i;
	return x;
}
int main(void) { return (int)work(200000000UL) & 1; }
EOF_C

# The kernel's build-id bytes in @1 inverted into @2: a recording made
# on another kernel, as far as any reader can tell.
other_kernel () {
	python3 - "$(perf buildid-list -k)" "$1" "$2" <<-\EOF_PY
	import sys
	k = bytes.fromhex(sys.argv[1])
	d = open(sys.argv[2], "rb").read()
	assert d.count(k) >= 1
	open(sys.argv[3], "wb").write(d.replace(k, bytes(b ^ 0xff for b in k)))
	print(bytes(b ^ 0xff for b in k).hex())
	EOF_PY
}

test_expect_success PERF_EVENTS 'setup: record app in a file and in a pipe, then lose it' '
	gcc -O1 -Wl,--build-id -o app app.c &&
	id=$(readelf -n app | sed -n "s/.*Build ID: //p") &&
	echo "$id" >app.id &&
	perf record -q -e cpu-clock -o file.data -- ./app &&
	perf record -q -e cpu-clock -o - -- ./app >pipe.data &&
	rm -rf "$HOME/.debug" app
'

test_expect_success PERF_EVENTS 'report: one line for app, what was tried, the next step' '
	perf report --stdio -i file.data >out 2>err &&
	cat >expect <<-EOF &&
	perf report: no symbols for 1 DSO with samples:
	  $PWD/app $(cat app.id): cache: not in $HOME/.debug; path: No such file or directory; debuginfod: not configured
	  next step: '"'"'perf buildid-list --store'"'"' on the recording host, or set DEBUGINFOD_URLS
	EOF
	test_cmp expect err
'

test_expect_success PERF_EVENTS 'script: the same summary' '
	perf script -i file.data >out 2>err &&
	sed "s/^perf report:/perf script:/" expect >expect.script &&
	test_cmp expect.script err
'

test_expect_success PERF_EVENTS '-q: nothing on stderr' '
	perf report -q --stdio -i file.data >out 2>err &&
	test_must_be_empty err &&
	perf script -q -i file.data >out 2>err &&
	test_must_be_empty err
'

test_expect_success PERF_EVENTS 'DEBUGINFOD_URLS set but no server answers: debuginfod is said to have been tried' '
	DEBUGINFOD_URLS=http://127.0.0.1:1 DEBUGINFOD_TIMEOUT=1 \
		perf report --stdio -i file.data >out 2>err &&
	# named once, by debuginfod, with its next step; not again below
	test $(grep -c "$(cat app.id)" err) = 1 &&
	grep "^Warning: debuginfod: $PWD/app $(cat app.id): .*: check DEBUGINFOD_URLS and that the server runs\$" err &&
	! grep "set DEBUGINFOD_URLS" err &&
	! grep "vdso" err
'

test_expect_success PERF_EVENTS 'pipe mode prints what file mode prints' '
	perf report --stdio -i - <pipe.data >out 2>err.pipe &&
	test_cmp expect err.pipe &&
	perf record -q -e cpu-clock -o - -- sh -c "cp app.c /dev/null" |
		perf report --stdio -i - >out 2>err.live &&
	! grep "no symbols" err.live
'

test_expect_success PERF_EVENTS 'a rebuilt app: upstream'"'"'s line, then the summary says why' '
	sed "s/work/other/" app.c >app2.c &&
	gcc -O1 -Wl,--build-id -o app app2.c &&
	perf report --stdio -i file.data >out 2>err.file &&
	perf report --stdio -i - <pipe.data >out 2>err.pipe &&
	test_cmp err.file err.pipe &&
	grep -c "^$PWD/app with build id $(cat app.id) not found, continuing without symbols\$" \
		err.file >n && test "$(cat n)" = 1 &&
	grep "^  $PWD/app $(cat app.id): .*; path: has another build-id;" err.file &&
	! grep -q "[^a-z_]other\$" out
'

test_expect_success PERF_EVENTS 'twelve binaries gone: ten lines and "and 2 more"' '
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do
		sed "s/200000000UL/2000000UL * $i/" app.c >a$i.c &&
		gcc -O1 -Wl,--build-id -o a$i a$i.c || return 1
	done &&
	perf record -q -e cpu-clock -c 100000 -o many.data -- \
		sh -c "for i in 1 2 3 4 5 6 7 8 9 10 11 12; do ./a\$i; done" &&
	rm -rf "$HOME/.debug" a1 a2 a3 a4 a5 a6 a7 a8 a9 a10 a11 a12 &&
	perf report --stdio -i many.data >out 2>err &&
	grep "^perf report: no symbols for 12 DSOs with samples:\$" err &&
	test $(grep -c "^  $PWD/a[0-9]* [0-9a-f]*: cache: not in" err) = 10 &&
	grep "^  and 2 more\$" err &&
	test $(wc -l <err) = 13
'

test_expect_success PERF_EVENTS,ROOT 'another kernel: one line, as upstream says it' '
	perf record -q -e cpu-clock -o k.data -- sh -c "ls -lR /usr/lib >/dev/null" &&
	kid=$(other_kernel k.data k-other.data) &&
	rm -rf "$HOME/.debug" &&
	perf report --stdio -i k-other.data >out 2>err &&
	echo "No kallsyms or vmlinux with build-id $kid was found" >expect &&
	grep "^No kallsyms" err >actual &&
	test_cmp expect actual &&
	grep "^  \[kernel.kallsyms\] $kid: cache: not in $HOME/.debug; /proc/kallsyms: of another kernel;" err
'

test_expect_success PERF_EVENTS,ROOT,UPSTREAM_PERF 'upstream says the same of that file' '
	upstream_perf report --stdio -i k-other.data 2>&1 >/dev/null | grep "^No kallsyms" >up &&
	test_cmp expect up
'

# A stream without build-ids in its maps (the userspace source, as on a
# kernel without build-id mmaps) names them only at its end: by then the
# symbols came from whatever file is at the path.  A rebuilt binary there
# must be said, not used in silence.
test_expect_success PERF_EVENTS 'a stream that names its ids at the end: a rebuilt binary is said' '
	sed "s/work(/other_work(/g" app.c >app2.c &&
	gcc -O1 -Wl,--build-id -o app app.c &&
	id=$(readelf -n app | sed -n "s/.*Build ID: //p") &&
	PERF_MMAP3_FORCE_USERSPACE_BUILDID=1 perf record -q -e cpu-clock -o - -- ./app >late.pipe &&
	gcc -O1 -Wl,--build-id -o app app2.c &&
	perf report --stdio -i - <late.pipe >out 2>err &&
	grep "^Warning: perf report: $PWD/app: symbols were read from the file now at the path, which is not the recorded build $id " err &&
	perf script -i - <late.pipe >out 2>err &&
	grep "^Warning: perf script: $PWD/app: symbols were read from the file now at the path" err &&
	perf report -q --stdio -i - <late.pipe >out 2>err &&
	test_must_be_empty err &&
	rm -f app
'

test_done
