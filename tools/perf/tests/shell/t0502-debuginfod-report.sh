#!/bin/bash
test_description='perf report against debuginfod servers that misbehave

Eight programs (each with its own hot_N function and build-id) are
recorded, then removed: report has no local file for any of them and asks
DEBUGINFOD_URLS.  The server is tools/perf/tests/shell/lib/
debuginfod-bad-server.py on 127.0.0.1, answering for each program one of:
the file, the file cut short, another program (wrong build-id), a whole
gzip'\''ed body of the ELF plus 64 MiB of zeros, a 64 MiB gzip bomb as
Content-Encoding, an endless body, HTTP 500, silence, and an ELF whose
zlib-compressed section inflates 1000 times.  Report must
finish within its bound, name each failure once, keep nothing bad in the
client cache (whose parent directories do not exist yet), and, once the
server is fixed, fetch everything on the next run.  A real debuginfod
then serves the fixed files, and a 404 stays negatively cached.'

. "$(dirname "$0")/lib/test-lib.sh"
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"

BAD_SERVER="$MMAP3_TOP/tools/perf/tests/shell/lib/debuginfod-bad-server.py"
if command -v python3 >/dev/null && command -v eu-readelf >/dev/null &&
   test_have_prereq PERF_EVENTS; then
	test_set_prereq BADSERVER
fi

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

id_of () {	# N
	sed -n "${1}p" "$HOME/ids"
}

# Start the bad server (killed when this script exits, passing or not).
# Its plan names files relative to $HOME, where it runs (the trash
# directory has a space in its name, the plan is split on blanks).
bad_server_start () {
	rm -f "$HOME/port"
	(cd "$HOME" && exec setsid python3 "$BAD_SERVER" "$HOME/plan" "$HOME/requests" "$HOME/port" \
		</dev/null >"$HOME/server.log" 2>&1 3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&-) &
	echo $! >"$HOME/server.pid"
	setsid sh -c 'tail --pid="$1" -f /dev/null; kill "$2" 2>/dev/null' \
		watchdog $$ "$(cat "$HOME/server.pid")" </dev/null >/dev/null 2>&1 \
		3>&- 4>&- 5>&- 6>&- 7>&- 8>&- 9>&- &
	n=0
	while ! test -s "$HOME/port"; do
		n=$((n + 1))
		test $n -lt 100 || return 1
		sleep 0.1
	done
	BAD_URL="http://127.0.0.1:$(cat "$HOME/port")"
}

# The report, with our bounds: 2 s per transfer, 16 MiB per file.
report () {
	env DEBUGINFOD_URLS="$BAD_URL" DEBUGINFOD_CACHE_PATH="$HOME/no/such/dir/cache" \
		DEBUGINFOD_TIMEOUT=2 DEBUGINFOD_MAXSIZE=16777216 \
		perf report --stdio -i "$HOME/perf.data" "$@"
}

test_expect_success BADSERVER 'record eight programs, then remove them' '
	cat >prog.c <<-\EOF &&
	#define HOT_(n) hot_ ## n
	#define HOT(n) HOT_(n)
	volatile unsigned long sink;
	__attribute__((noinline)) void HOT(N)(void)
	{
		for (unsigned long i = 0; i < 60000000UL + N; i++)
			sink += i;
	}
	int main(void) { HOT(N)(); return 0; }
	EOF
	mkdir bin srv &&
	for i in 1 2 3 4 5 6 7 8; do
		gcc -O1 -DN=$i -Wl,--build-id=sha1 -o bin/p$i prog.c || return 1
	done &&
	for i in 1 2 3 4 5 6 7 8; do
		buildid bin/p$i || return 1
	done >ids &&
	test $(sort -u ids | grep -c "^[0-9a-f]\{40\}$") = 8 &&
	perf record -q -N -e cpu-clock:u --buildid-mmap -o perf.data -- \
		sh -c "for i in 1 2 3 4 5 6 7 8; do bin/p\$i; done" &&
	mv bin/* srv/ && rm -rf "$HOME/.debug" &&
	# p8 with 64 MiB of zeros in a zlib-compressed section: same build-id
	head -c 67108864 /dev/zero >zeros &&
	objcopy --add-section .debug_junk=zeros --set-section-flags .debug_junk=noload,readonly \
		srv/p8 p8.big &&
	objcopy --compress-debug-sections=zlib p8.big srv/p8.bomb &&
	rm zeros p8.big &&
	test $(stat -c %s srv/p8.bomb) -lt 1000000 &&
	test "$(buildid srv/p8.bomb)" = "$(id_of 8)" &&
	report -q >local.out 2>local.err </dev/null &&
	! grep "hot_[1-7]" local.out
'

test_expect_success BADSERVER 'a misbehaving server: bounded, each failure said once' '
	cat >plan <<-EOF &&
	$(id_of 1) * file srv/p1
	$(id_of 2) * truncate srv/p2 3000
	$(id_of 3) * file srv/p1
	$(id_of 4) * gzip-file srv/p4 64
	$(id_of 5) * gzip-bomb 64
	$(id_of 6) * status 500
	$(id_of 7) * endless
	$(id_of 8) * file srv/p8.bomb
	EOF
	bad_server_start &&
	start=$(date +%s) &&
	report >bad.out 2>bad.err </dev/null &&
	elapsed=$(($(date +%s) - start)) &&
	cat bad.err &&
	echo "report took $elapsed s" &&
	# all at once: nothing waits for long.  Generous for a busy machine.
	test $elapsed -lt 20 &&
	grep "hot_1" bad.out &&
	for i in 2 3 4 5 6 7 8; do
		! grep "hot_$i" bad.out || return 1
	done &&
	for i in 2 3 4 5 6 7 8; do
		test $(grep -c "$(id_of $i)" bad.err) = 1 || return 1
	done &&
	grep "$(id_of 2).*ends past the end of the file" bad.err &&
	grep "$(id_of 3).*its build-id is $(id_of 1)" bad.err &&
	grep "$(id_of 4).*gzip-compressed" bad.err &&
	grep "$(id_of 5).*more than DEBUGINFOD_MAXSIZE=16777216" bad.err &&
	grep "$(id_of 6).*HTTP 500 from" bad.err &&
	grep "$(id_of 7).*more than DEBUGINFOD_MAXSIZE=16777216" bad.err &&
	grep "$(id_of 8).*compressed section [0-9]* inflates [0-9]* bytes to 67108864" bad.err &&
	grep "DSOs without a local file: 1 fetched, [0-9]* on no server, 7 failed" bad.err
'

test_expect_success BADSERVER 'a server that never answers: one timeout, not one per DSO' '
	for i in 1 2 3 4 5 6 7 8; do
		echo "$(id_of $i) * silent" || return 1
	done >plan &&
	: >requests &&
	start=$(date +%s) &&
	DEBUGINFOD_RETRY_LIMIT=0 report >silent.out 2>silent.err </dev/null &&
	elapsed=$(($(date +%s) - start)) &&
	cat silent.err &&
	echo "report took $elapsed s" &&
	# one round of requests (8 workers), 2 s each, then no more
	test $elapsed -lt 12 &&
	test $(wc -l <requests) -le 8 &&
	grep "hot_1" silent.out &&
	for i in 2 3 4 5 6 7 8; do
		test $(grep -c "$(id_of $i)" silent.err) = 1 || return 1
	done &&
	grep "DEBUGINFOD_TIMEOUT=2 s" silent.err &&
	grep "not asked: an earlier request timed out" silent.err
'

test_expect_success BADSERVER 'nothing bad stays in the client cache' '
	cache="$HOME/no/such/dir/cache" &&
	test -s "$cache/$(id_of 1)/debuginfo" &&
	for i in 2 3 4 5 6 7 8; do
		for k in debuginfo executable; do
			! test -e "$cache/$(id_of $i)/$k" || return 1
		done
	done &&
	test -z "$(find "$cache" -size +1M)"
'

test_expect_success BADSERVER 'the fixed server is asked again and used at once' '
	for i in 1 2 3 4 5 6 7 8; do
		echo "$(id_of $i) * file srv/p$i" || return 1
	done >plan &&
	: >requests &&
	report >fixed.out 2>fixed.err </dev/null &&
	cat fixed.err &&
	for i in 1 2 3 4 5 6 7 8; do
		grep "hot_$i" fixed.out || return 1
	done &&
	# p1 came from the client cache; the others were asked once each,
	# debuginfo only
	! grep "$(id_of 1)" requests &&
	test $(grep -c "^[0-9a-f]* debuginfo file$" requests) = 7 &&
	test $(grep -c " executable " requests) = 0 &&
	grep "DSOs without a local file: 8 fetched, [0-9]* on no server, 0 failed" fixed.err
'

test_expect_success BADSERVER 'perf script fetches the same way' '
	rm -rf "$HOME/no" &&
	: >requests &&
	env DEBUGINFOD_URLS="$BAD_URL" DEBUGINFOD_CACHE_PATH="$HOME/no/such/dir/cache" \
		perf script -F comm,ip,sym -i perf.data >script.out 2>script.err </dev/null &&
	cat script.err &&
	for i in 1 2 3 4 5 6 7 8; do
		grep "p$i .* hot_$i" script.out || return 1
	done &&
	test $(grep -c "^[0-9a-f]* debuginfo file$" requests) = 8 &&
	grep "DSOs without a local file: 8 fetched, [0-9]* on no server, 0 failed" script.err
'

test_expect_success BADSERVER 'a real debuginfod: a 404 stays negatively cached, files are used' '
	rm srv/p8.bomb &&
	debuginfod_server_start "$HOME/dstate" "$HOME/srv" &&
	rm -rf real-cache &&
	DEBUGINFOD_URLS="$DEBUGINFOD_SERVER_URL" DEBUGINFOD_CACHE_PATH="$HOME/real-cache" \
		perf report --stdio -i perf.data >real.out 2>real.err </dev/null &&
	cat real.err &&
	for i in 1 2 3 4 5 6 7 8; do
		grep "hot_$i" real.out &&
		test -s "real-cache/$(id_of $i)/executable" &&
		# built without -g: debuginfod serves no debuginfo, a real 404
		# whose negative entry libdebuginfod keeps
		test -f "real-cache/$(id_of $i)/debuginfo" &&
		! test -s "real-cache/$(id_of $i)/debuginfo" || return 1
	done &&
	grep "DSOs without a local file: 8 fetched, [0-9]* on no server, 0 failed" real.err &&
	echo "0123456789abcdef0123456789abcdef01234567" >missing.id &&
	DEBUGINFOD_URLS="$DEBUGINFOD_SERVER_URL" DEBUGINFOD_CACHE_PATH="$HOME/real-cache" \
		"$MMAP3_TOP/build/asan/drivers/debuginfod-fetch" $(cat missing.id) >miss.out;
	grep "^FAIL $(cat missing.id) ENOENT" miss.out &&
	test -f "real-cache/$(cat missing.id)/executable" &&
	! test -s "real-cache/$(cat missing.id)/executable"
'

test_done
