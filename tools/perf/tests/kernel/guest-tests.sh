#!/bin/sh
# Runs inside the QEMU guest (busybox sh), started by /init; see
# scripts/kernel-test.  Prints "PASS <name>", "FAIL <name>: <why>" and
# "INFO ..." lines, each prefixed with "MMAP3-TEST: " so the host can pick
# them out of the console.  /t holds the programs, /t/ids "<file> <hex id>"
# lines computed on the host with readelf -n, /t/ext2.img an ext2 image
# holding bignote and hello-md5 (a file system whose page cache can be
# dropped, unlike the initramfs).

T=/t
out() { echo "MMAP3-TEST: $*"; }
id_of() { awk -v f="$1" '$1 == f { print $2 }' $T/ids; }

# check NAME EXPECTED_FILE ACTUAL_FILE
check() {
	if cmp -s "$2" "$3"; then
		out "PASS $1"
	else
		out "FAIL $1: records differ (expected, then actual):"
		sed 's/^/MMAP3-TEST:   want /' "$2"
		sed 's/^/MMAP3-TEST:   got  /' "$3"
	fi
}

# 1. The probe file says what the attr bit and record type mean here.
echo "record=22 bit=40" > /tmp/want
$T/mmap3-rec probe > /tmp/got 2>&1
check probe /tmp/want /tmp/got

# 2. MMAP3 for mapped files: ids equal the host's readelf -n, sizes 20 and
#    16, and the reason when there is no id.
cat > /tmp/want <<EOT
S0 MMAP3 $T/mmap3-rec size=20 status=0 id=$(id_of mmap3-rec)
S0 MMAP3 $T/hello-md5 size=16 status=0 id=$(id_of hello-md5)
S0 MMAP3 $T/bignote size=20 status=0 id=$(id_of bignote)
S0 MMAP3 $T/hello-noid size=0 status=3 id=-
S0 MMAP3 $T/not-elf size=0 status=2 id=-
EOT
$T/mmap3-rec -s mmap3 map $T/mmap3-rec $T/hello-md5 $T/bignote $T/hello-noid \
	$T/not-elf > /tmp/got 2>&1
check mmap3-map /tmp/want /tmp/got

# 3. MMAP3 for an exec'd program (mmap3 alone enables mmap tracking); the
#    vdso is not a file.
cat > /tmp/want <<EOT
S0 MMAP3 $T/hello-md5 size=16 status=0 id=$(id_of hello-md5)
S0 MMAP3 [vdso] size=0 status=1 id=-
EOT
$T/mmap3-rec -s mmap3 exec $T/hello-md5 2>&1 | grep -v '^hello$' > /tmp/got
check mmap3-exec /tmp/want /tmp/got

# 4. The misc fix: plain MMAP2 sessions around a build-id session never
#    carry PERF_RECORD_MISC_MMAP_BUILD_ID (stock 6.1 leaks it into the
#    sessions iterated after the build-id one).
$T/mmap3-rec -s mmap2 -s buildid -s mmap2 exec $T/hello-md5 2>&1 |
	grep -v '^hello$' > /tmp/got
leaks=$(grep -c '^S[02] MMAP2 .* buildid=' /tmp/got)
plain=$(grep -c '^S[02] MMAP2 .* ino=' /tmp/got)
good=$(grep -c "^S1 MMAP2 $T/hello-md5 buildid=$(id_of hello-md5)\$" /tmp/got)
out "INFO two sessions: plain MMAP2 records $plain, with a leaked build-id bit $leaks"
if [ "$leaks" = 0 ] && [ "$plain" = 4 ] && [ "$good" = 1 ]; then
	out "PASS mmap2-misc-not-leaked"
else
	out "FAIL mmap2-misc-not-leaked: leaks=$leaks plain=$plain good=$good"
	sed 's/^/MMAP3-TEST:   got  /' /tmp/got
fi

# 5. Page cache dropped: the note of bignote lies ~2.7 MiB into the file.
#    MMAP3 reads it; the MMAP2 build-id path (cached pages only, as in
#    stock 6.1, which also looked at page 0 only) cannot.
mkdir -p /mnt
if ! mount -o loop,ro $T/ext2.img /mnt; then
	out "FAIL drop-caches: cannot mount the ext2 image"
else
	count() { # SESSION MODE FILE... -> number of records with the right id
		echo 3 > /proc/sys/vm/drop_caches
		s=$1 mode=$2
		shift 2
		$T/mmap3-rec -s $s $mode "$@" 2>&1 > /tmp/got
		n=0
		for f in /mnt/bignote /mnt/hello-md5; do
			grep -q " $f .*id=$(id_of ${f#/mnt/})\$" /tmp/got && n=$((n + 1))
		done
		echo $n
	}
	m3_exec=$(count mmap3 exec /mnt/bignote)
	m2_exec=$(count buildid exec /mnt/bignote)
	m3_map=$(count mmap3 map /mnt/bignote /mnt/hello-md5)
	m2_map=$(count buildid map /mnt/bignote /mnt/hello-md5)
	out "INFO drop_caches, exec bignote: MMAP3 build-id $m3_exec/1, MMAP2+build_id $m2_exec/1"
	out "INFO drop_caches, map bignote hello-md5: MMAP3 build-id $m3_map/2, MMAP2+build_id $m2_map/2"
	if [ "$m3_exec" = 1 ] && [ "$m3_map" = 2 ]; then
		out "PASS drop-caches-mmap3"
	else
		out "FAIL drop-caches-mmap3: exec $m3_exec/1 map $m3_map/2"
	fi
	# Not a goal, a fact worth keeping an eye on: MMAP2 keeps 6.1's limits.
	if [ "$m2_exec" = 0 ] && [ "$m2_map" = 0 ]; then
		out "PASS drop-caches-mmap2-unchanged"
	else
		out "FAIL drop-caches-mmap2-unchanged: exec $m2_exec/1 map $m2_map/2"
	fi
	umount /mnt
fi
out "DONE"
