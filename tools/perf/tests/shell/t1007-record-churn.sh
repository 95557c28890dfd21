#!/bin/bash
test_description='perf record under churn: a binary replaced two hundred times, short
processes by the thousand, 64 descriptors, a full cache disk

A deploy loop replaces the binary at one path again and again while it
runs; each version is gone by the time the recording ends.  Record must
keep recording, secure every version it saw (or name the ones it could
not, in one line), and report must then resolve the samples of each.'
. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# Each build runs some 30 ms or more, as a deployed service does: a build
# that exits within the reader's latency can be gone before perf looks,
# which perf then names (the contract below), but the samples of such a
# build could not be resolved.
NR=200

cat >app.c <<'EOF2'
__attribute__((noinline)) unsigned long churn_work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * 3;
	return x;
}
int main(void) { return (int)churn_work(30000000UL) & 1; }
EOF2

# variant IN OUT N: OUT is IN with its build-id's last four bytes set to
# N: the same code, a build-id of its own (as a rebuild would give).
variant () {
	python3 - "$@" <<-\EOF2
	import struct, subprocess, sys
	src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
	out = subprocess.run(["readelf", "-n", src], capture_output=True, text=True).stdout
	bid = bytes.fromhex(out.split("Build ID: ")[1].split()[0])
	d = open(src, "rb").read()
	assert d.count(bid) == 1
	open(dst, "wb").write(d.replace(bid, bid[:-4] + struct.pack(">I", n)))
	EOF2
	chmod 755 "$2"
}

ids_of () {
	for f in "$@"; do readelf -n $f | sed -n "s/.*Build ID: //p"; done
}

# Every id the file lists for ./app is in the cache, or named in the
# record's stderr ($1) as not secured.
all_secured_or_named () {
	# the path is the rest of the line: the trash directory has a space
	perf buildid-list -i "$2" |
	awk -v p="$PWD/app" "{ id = \$1; sub(/^[^ ]* /, \"\"); if (\$0 == p) print id }" |
	sort -u >listed &&
	test -s listed &&
	while read id; do
		test -e "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}/elf" ||
		grep -q "$id" "$1" || { echo "not secured, not named: $id"; return 1; }
	done <listed
}

test_expect_success 'setup: a program and its variants' '
	gcc -O1 -Wl,--build-id -o app.base app.c &&
	i=1 &&
	while test $i -le $NR; do variant app.base v$i $i || return 1; i=$((i + 1)); done &&
	ids_of v* | sort -u >all-ids &&
	test $(wc -l <all-ids) = $NR &&
	cat >deploy <<-EOF2
	#!/bin/sh
	# replace ./app by each variant in turn (a rename, as deploys do) and run it
	i=1
	while [ \$i -le $NR ]; do
		cp v\$i app.new && mv app.new app && ./app
		i=\$((i + 1))
	done
	rm -f app
	EOF2
	chmod +x deploy
'

# samples on ./app resolved: no row of dso app shows a raw address, but
# for versions record said it could not secure (a build can exit before
# a loaded machine lets perf look): the file's header lists those, and
# report says so.
app_resolved () {
	perf report --stdio --no-children --sort dso,sym -i "$1" 2>report.err >report &&
	grep -E "^ +[0-9.]+%  app +\\[\\.\\] churn_work\$" report &&
	if grep -E "^ +[0-9.]+%  app +\\[\\.\\] 0x" report
	then
		perf report --header-only -i "$1" >header &&
		lost=$(sed -n "s/^# unsecured build-ids : \([0-9]*\).*/\1/p" header) &&
		test "${lost:-0}" -gt 0 &&
		test $(grep -c "perf record could not secure this file" report.err) -gt 0
	fi
}

test_expect_success PERF_EVENTS 'default mode: every version secured while it existed' '
	perf record -e cpu-clock -c 100000 -o churn.data -- ./deploy >/dev/null 2>record.err &&
	all_secured_or_named record.err churn.data &&
	app_resolved churn.data
'

test_expect_success PERF_EVENTS '-B, then --store after the versions are gone' '
	rm -rf "$HOME/.debug" &&
	perf record -B -e cpu-clock -c 100000 -o churn-b.data -- ./deploy >/dev/null 2>record.err &&
	perf buildid-list --store -i churn-b.data >store.out 2>store.err &&
	cat store.err >>record.err &&
	all_secured_or_named record.err churn-b.data &&
	app_resolved churn-b.data
'

test_expect_success PERF_EVENTS '-B with 64 descriptors: still recording, still secured' '
	rm -rf "$HOME/.debug" &&
	(ulimit -n 64 && perf record -B -e cpu-clock -c 100000 -o churn-64.data -- ./deploy) \
		>/dev/null 2>record.err &&
	perf buildid-list --store -i churn-64.data >store.out 2>store.err &&
	cat store.err >>record.err &&
	all_secured_or_named record.err churn-64.data &&
	app_resolved churn-64.data
'

test_expect_success PERF_EVENTS 'two thousand short processes: the summary counts what the file holds' '
	perf record -e cpu-clock -c 100000 -o short.data -- \
		sh -c "i=0; while [ \$i -lt 2000 ]; do /bin/true; i=\$((i + 1)); done" >/dev/null 2>record.err &&
	said=$(sed -n "s/.*(\\([0-9]*\\) samples) \\]\$/\\1/p" record.err) &&
	perf report --stats -i short.data >stats &&
	test "$(sed -n "s/^ *SAMPLE events: *\\([0-9]*\\).*/\\1/p" stats | head -1)" = "$said"
'

test_expect_success PERF_EVENTS,ROOT 'a full cache disk: the recording is whole, one line says what was not cached' '
	rm -rf "$HOME/.debug" && mkdir "$HOME/.debug" &&
	mount -t tmpfs -o size=64k tmpfs "$HOME/.debug" &&
	test_when_finished "umount \"$HOME/.debug\"" &&
	perf record -e cpu-clock -c 100000 -o full.data -- ./deploy >/dev/null 2>record.err &&
	perf report --stats -i full.data >stats &&
	grep -q "SAMPLE events" stats &&
	test $(grep -ci "no space" record.err) = 1
'

test_done
