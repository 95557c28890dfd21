#!/bin/bash
test_description='perf record names the files it could not secure in the perf.data header

A program that is mapped, unlinks itself and exits within microseconds
is gone before perf record gets hold of its file; so is a build that runs
and is deleted while perf record does not run (stopped, as a frozen
cgroup or an overloaded host leaves it).  Record names those build-ids in
one stderr line and, in file mode, in its UNSECURED_BUILD_ID header
section (feature bit 255): report --header-only lists them, the closing
summary of report and script says which unresolved DSO record could not
secure and what to do, and upstream perf reads the file without a word
about the section.'
. "$(dirname "$0")/lib/test-lib.sh"

# How many builds one deploy runs, how many recordings the race may take.
NR=40
TRIES=5

cat >gone.c <<'EOF2'
#include <unistd.h>
/* Mapped by exec, its file unlinked, exited: all within microseconds. */
int main(int argc, char **argv) { return unlink(argv[0]) != 0; }
EOF2

cat >spin.c <<'EOF2'
__attribute__((noinline)) unsigned long spin_work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * 3;
	return x;
}
int main(void) { return (int)spin_work(20000000UL) & 1; }
EOF2

# gone_ids ERR: the ids a record's stderr names as gone, sorted.
gone_ids () {
	sed -n "s/^Warning: [0-9]* mapped files\\{0,1\\} w[a-z]* gone before perf record could copy .*/&/p" "$1" |
	grep -o "[0-9a-f]\\{40\\}" | sort
}

# gone_nr ERR: the count that line starts with.
gone_nr () {
	sed -n "s/^Warning: \\([0-9]*\\) mapped files\\{0,1\\} w[a-z]* gone before perf record.*/\\1/p" "$1"
}

# header_ids FILE: the ids our report --header-only lists as unsecured, sorted.
header_ids () {
	perf report --header-only -i "$1" >header.out 2>header.err &&
	sed -n "s/^#   \\([0-9a-f]\\{40\\}\\) .*/\\1/p" header.out | sort
}

# upstream_quiet FILE: upstream's report, script, header and build-id list
# read FILE, exit 0, and say nothing of a feature they do not know.
upstream_quiet () {
	for cmd in "report --stdio" "script" "report --header-only" "buildid-list"; do
		upstream_perf $cmd -i "$1" >up.out 2>up.err ||
		{ echo "upstream $cmd failed"; cat up.err; return 1; }
		if grep -i "feature\|invalid\|unknown\|unsupported\|warning" up.err; then
			echo "upstream $cmd complained"; return 1
		fi
	done
}

test_expect_success 'setup: builds that vanish, a build that runs' '
	gcc -O1 -c gone.c -o gone.o &&
	i=1 &&
	while test $i -le $NR; do
		gcc -static -o g$i gone.o -Wl,--build-id=0x$(printf "%040x" $((0xabc000 + i))) ||
		return 1
		i=$((i + 1))
	done &&
	gcc -O1 -o spin.bin spin.c -Wl,--build-id=0x$(printf "%040x" 0xfeed01) &&
	cat >deploy <<-EOF2 &&
	#!/bin/sh
	# each build at a path of its own, run once: it deletes itself and exits
	i=1
	while [ \$i -le $NR ]; do cp g\$i app\$i && ./app\$i; i=\$((i + 1)); done
	EOF2
	cat >stopped <<-\EOF2 &&
	#!/bin/sh
	# perf record (the parent) does not run while a build runs and is deleted
	trap "kill -CONT $PPID" EXIT
	kill -STOP $PPID
	cp spin.bin spin && ./spin
	rm -f spin
	EOF2
	chmod +x deploy stopped
'

# A race: how many builds are lost depends on how soon the machine lets
# perf look (on a quiet one perhaps none in $TRIES recordings).  The two
# cases after this one need a loss; the stopped record below makes one
# for certain.
test_expect_success PERF_EVENTS 'files gone within microseconds: recorded until one is lost' '
	n=0 &&
	while test $n -lt $TRIES; do
		n=$((n + 1)) &&
		perf record -e cpu-clock -c 100000 -o race.data -- ./deploy >/dev/null 2>record.err &&
		if test -n "$(gone_nr record.err)"; then break; fi
	done &&
	echo "gone after $n recording(s): $(gone_nr record.err)" &&
	if test -n "$(gone_nr record.err)"; then test_set_prereq RACE_LOST; fi
'

test_expect_success PERF_EVENTS,RACE_LOST 'files gone within microseconds: the header lists the ids stderr names' '
	gone_ids record.err >stderr-ids &&
	test $(wc -l <stderr-ids) = "$(gone_nr record.err)" &&
	header_ids race.data >header-ids &&
	test_cmp stderr-ids header-ids &&
	grep "^# unsecured build-ids : $(gone_nr record.err) (mapped files gone before perf record could copy them)\$" header.out &&
	test_must_be_empty header.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,RACE_LOST 'upstream reads that file without a word about the section' '
	upstream_quiet race.data &&
	upstream_perf buildid-list -i race.data >up.bl &&
	perf buildid-list -i race.data >our.bl &&
	test_cmp up.bl our.bl
'

test_expect_success PERF_EVENTS 'a build run and deleted while record is stopped: report says record could not secure it' '
	id=$(printf "%040x" 0xfeed01) &&
	perf record -e cpu-clock -c 100000 -o stop.data -- ./stopped >/dev/null 2>record.err &&
	gone_ids record.err >stderr-ids &&
	grep -x $id stderr-ids &&
	header_ids stop.data >header-ids &&
	test_cmp stderr-ids header-ids &&
	perf report --stdio -i stop.data >report.out 2>report.err &&
	grep "^  $PWD/spin $id: perf record could not secure this file (gone before it could copy it); " report.err &&
	grep "^  next step for the 1 file perf record could not secure: .perf buildid-cache -a FILE. if you still have that build" report.err &&
	perf script -i stop.data >script.out 2>script.err &&
	grep "^  $PWD/spin $id: perf record could not secure this file" script.err
'

test_expect_success PERF_EVENTS 'the next step it gives works: the build kept, added, resolves' '
	perf buildid-cache -a spin.bin &&
	perf report --stdio --no-children --sort dso,sym -i stop.data >report.out 2>report.err &&
	grep -E "^ +[0-9.]+%  spin +\\[\\.\\] spin_work\$" report.out &&
	! grep "could not secure" report.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream reads the stopped-record file quietly too' '
	upstream_quiet stop.data
'

test_expect_success PERF_EVENTS 'pipe mode: the stderr line only, no header section' '
	rm -rf "$HOME/.debug" &&
	perf record -e cpu-clock -c 100000 -o - -- ./stopped 2>record.err >pipe.data &&
	test "$(gone_nr record.err)" = 1 &&
	perf report --header-only -i pipe.data >header.out &&
	! grep unsecured header.out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'pipe: upstream reads it; a file rewritten to a stream drops the section' '
	upstream_quiet pipe.data &&
	perf inject -i stop.data -o - >injected.pipe &&
	upstream_quiet injected.pipe &&
	perf inject -i stop.data -o injected.data &&
	header_ids injected.data >inj-ids &&
	header_ids stop.data >orig-ids &&
	test_cmp orig-ids inj-ids
'

test_expect_success 'a damaged section: one warning, the good entries kept, no crash' '
	python3 - stop.data bad.data <<-\EOF2 &&
	import struct, sys
	d = bytearray(open(sys.argv[1], "rb").read())
	data_off, data_size = struct.unpack_from("<QQ", d, 40)
	bits = struct.unpack_from("<4Q", d, 72)
	n = sum(bin(b).count("1") for b in bits)
	assert bits[3] >> 63, "no UNSECURED_BUILD_ID section"
	off, size = struct.unpack_from("<QQ", d, data_off + data_size + (n - 1) * 16)
	# claim a million entries in a section that holds one
	struct.pack_into("<I", d, off, 1000000)
	open(sys.argv[2], "wb").write(d)
	EOF2
	perf report --header-only -i bad.data >header.out 2>header.err &&
	test $(grep -c "UNSECURED_BUILD_ID feature damaged (fewer entries than it counts): 1 of its 1000000 entries kept" header.err) = 1 &&
	grep "^#   $(printf "%040x" 0xfeed01) " header.out
'

test_done
