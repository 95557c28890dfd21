#!/bin/bash
test_description='fetching by build-id from a real debuginfod server

Programs and kernel-module-like ET_REL objects are built here, served by
debuginfod -F on 127.0.0.1 (modules raw, in a .tar.xz and in a .tar.zst),
and fetched concurrently through libdebuginfod by util/cache/debuginfod, driven
by build/asan/drivers/debuginfod-fetch until the perf commands use it.
Expected build-ids come from eu-readelf, not from our own parser.'

. "$(dirname "$0")/lib/test-lib.sh"
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"

FETCH="${DEBUGINFOD_FETCH:-$MMAP3_TOP/build/asan/drivers/debuginfod-fetch}"
# The optimized build, for the stress test: timing closer to perf's own.
FETCH_FAST="$MMAP3_TOP/build/drivers/debuginfod-fetch"
if command -v debuginfod >/dev/null && command -v curl >/dev/null &&
   command -v eu-readelf >/dev/null && test -x "$FETCH" && test -x "$FETCH_FAST"; then
	test_set_prereq DEBUGINFOD
fi

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

# The server's count of requests of one kind (executable, debuginfo).
requests () {
	debuginfod_server_metric "$HOME/dstate" "http_requests_total{type=\"$1\"}"
}

test_expect_success DEBUGINFOD 'build six programs and four module-like objects' '
	mkdir srv &&
	cat >prog.c <<-\EOF &&
	#include <stdio.h>
	int main(void) { printf("%d\n", N); return 0; }
	EOF
	for i in 1 2 3 4 5 6; do
		gcc -O1 -DN=$i -Wl,--build-id=sha1 -o srv/prog$i prog.c || return 1
	done &&
	for m in a b c d; do
		echo "int mod_$m(int x) { return x + 1; }" >mod_$m.c &&
		gcc -g -c -o mod_$m.o mod_$m.c &&
		ld -r --build-id=sha1 -o mod_$m.ko mod_$m.o || return 1
	done &&
	cp mod_a.ko srv/ &&
	tar cf - mod_b.ko | xz >srv/mod_b.tar.xz &&
	tar cf - mod_c.ko | zstd -q >srv/mod_c.tar.zst &&
	xz -k mod_d.ko && mv mod_d.ko.xz srv/ &&
	for i in 1 2 3 4 5 6; do
		buildid srv/prog$i || return 1
	done >prog.ids &&
	for m in a b c d; do
		buildid mod_$m.ko || return 1
	done >mod.ids &&
	test $(sort -u prog.ids mod.ids | grep -c "^[0-9a-f]\{40\}$") = 10
'

test_expect_success DEBUGINFOD 'debuginfod scans them, archives included' '
	debuginfod_server_start "$HOME/dstate" -Z .ko.xz=xzcat "$HOME/srv" &&
	echo "$DEBUGINFOD_SERVER_URL" | grep "^http://127.0.0.1:[0-9]*$" &&
	cat >expect <<-\EOF &&
	1
	1
	EOF
	{
		debuginfod_server_metric dstate "scanned_files_total{source=\".tar.xz archive\"}" &&
		debuginfod_server_metric dstate "scanned_files_total{source=\".tar.zst archive\"}"
	} >actual &&
	test_cmp expect actual
'

test_expect_success DEBUGINFOD 'six executables fetched on four threads' '
	export DEBUGINFOD_URLS="$DEBUGINFOD_SERVER_URL" &&
	export DEBUGINFOD_CACHE_PATH="$HOME/cache" &&
	before=$(requests executable) &&
	while read id; do
		echo "OK $id $HOME/cache/$id/executable"
	done <prog.ids >expect &&
	"$FETCH" -j 4 $(cat prog.ids) >actual &&
	test_cmp expect actual &&
	i=1 &&
	for id in $(cat prog.ids); do
		cmp "$HOME/cache/$id/executable" srv/prog$i && i=$((i + 1)) || return 1
	done &&
	test $(($(requests executable) - before)) = 6
'

# libdebuginfod 0.188 double-closes a descriptor on every query: in
# threads, concurrent downloads corrupt each other a few times in 50.  The
# fetcher's workers are processes; this would catch a regression.
test_expect_success DEBUGINFOD 'ten rounds of six concurrent fetches, all intact' '
	for round in 1 2 3 4 5 6 7 8 9 10; do
		rm -rf "$HOME/cache-stress" &&
		DEBUGINFOD_CACHE_PATH="$HOME/cache-stress" \
			"$FETCH_FAST" -j 6 $(cat prog.ids) >actual &&
		grep -c "^OK " actual >count &&
		echo 6 >expect &&
		test_cmp expect count &&
		i=1 &&
		for id in $(cat prog.ids); do
			cmp "$HOME/cache-stress/$id/executable" srv/prog$i &&
			i=$((i + 1)) || return 1
		done || return 1
	done
'

test_expect_success DEBUGINFOD 'an unknown build-id is ENOENT, asked once in a run' '
	missing=0123456789abcdef0123456789abcdef01234567 &&
	before=$(requests executable) &&
	cat >expect <<-EOF &&
	FAIL $missing ENOENT
	FAIL $missing ENOENT
	FAIL $missing ENOENT
	EOF
	test_expect_code 1 "$FETCH" --rounds 3 --stats $missing >actual 2>stats &&
	test_cmp expect actual &&
	grep "^requests 1, found 0/1, " stats &&
	test $(($(requests executable) - before)) = 1
'

test_expect_success DEBUGINFOD 'ET_REL modules are debuginfo: raw, in .tar.xz, in .tar.zst' '
	head -n 3 mod.ids >ids &&
	while read id; do
		echo "OK $id $HOME/cache/$id/debuginfo"
	done <ids >expect &&
	"$FETCH" --debuginfo $(cat ids) >actual &&
	test_cmp expect actual &&
	set -- a b c &&
	for id in $(cat ids); do
		cmp "$HOME/cache/$id/debuginfo" mod_$1.ko && shift || return 1
	done
'

# debuginfod 0.188 classifies only ET_EXEC/ET_DYN as executables.
test_expect_success DEBUGINFOD 'ET_REL modules are not served as executables' '
	while read id; do
		echo "FAIL $id ENOENT"
	done <ids >expect &&
	test_expect_code 1 "$FETCH" $(cat ids) >actual &&
	test_cmp expect actual
'

# -Z EXT=CMD expects CMD to output an archive (tar, cpio...): a compressed
# lone ELF file is rejected.  Documented in Documentation/debuginfod.txt.
test_expect_success DEBUGINFOD 'a .ko.xz is not served by debuginfod 0.188, even with -Z' '
	id=$(sed -n 4p mod.ids) &&
	echo "FAIL $id ENOENT" >expect &&
	test_expect_code 1 "$FETCH" --debuginfo $id >actual &&
	test_cmp expect actual &&
	grep "cannot open archive from pipe.*mod_d.ko.xz" dstate/log
'

test_expect_success DEBUGINFOD 'one progress line on a terminal, none otherwise' '
	export DEBUGINFOD_CACHE_PATH="$HOME/cache-progress" &&
	script -qec "\"$FETCH\" -j 2 --progress $(echo $(cat prog.ids)) 2>&1 >/dev/null" /dev/null |
		tr "\r" "\n" | grep -v "^$" >progress &&
	tail -n 1 progress >actual &&
	echo "debuginfod: 6/6 executable fetched, 6 found" >expect &&
	test_cmp expect actual &&
	test $(wc -l <progress) = 6 &&
	"$FETCH" --progress $(cat prog.ids) >/dev/null 2>err &&
	test_must_be_empty err
'

test_expect_success DEBUGINFOD 'a server that never answers: ETIME, in bounded time' '
	export DEBUGINFOD_CACHE_PATH="$HOME/cache-hung" &&
	{
		perl -MIO::Socket::INET -e "
			my \$s = IO::Socket::INET->new(LocalAddr => q(127.0.0.1),
						       LocalPort => 0, Listen => 64) or die;
			open(my \$f, q(>), q(hung.port)) or die;
			print \$f \$s->sockport; close \$f;
			sleep 120;" </dev/null >/dev/null 2>&1 5>&- 6>&- &
	} &&
	echo $! >hung.pid &&
	test_when_finished "kill \$(cat hung.pid)" &&
	n=0 && while ! test -s hung.port && test $n -lt 100; do sleep 0.1; n=$((n + 1)); done &&
	head -n 4 prog.ids >ids &&
	while read id; do
		echo "FAIL $id ETIME"
	done <ids >expect &&
	start=$(date +%s) &&
	test_expect_code 1 env DEBUGINFOD_URLS=http://127.0.0.1:$(cat hung.port) \
		DEBUGINFOD_RETRY_LIMIT=0 "$FETCH" -j 2 -t 1 $(cat ids) >actual &&
	end=$(date +%s) &&
	test_cmp expect actual &&
	test $((end - start)) -lt 30 &&
	! test -e "$HOME/cache-hung/$(head -n 1 ids)/executable"
'

test_expect_success DEBUGINFOD 'with the server stopped, the client cache still answers' '
	debuginfod_server_stop "$HOME/dstate" &&
	test_must_fail curl -sf "$DEBUGINFOD_SERVER_URL/metrics" &&
	export DEBUGINFOD_CACHE_PATH="$HOME/cache" &&
	while read id; do
		echo "OK $id $HOME/cache/$id/executable"
	done <prog.ids >expect &&
	"$FETCH" -j 4 $(cat prog.ids) >actual &&
	test_cmp expect actual
'

test_done
