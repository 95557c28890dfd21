#!/bin/bash
test_description='perf inject --convert-mmap3: MMAP3 records as MMAP2

No kernel here emits PERF_RECORD_MMAP3, so the input is crafted: one
cpu-clock attr asking for MMAP3, a COMM, an MMAP3 with the build-id of the
demo workload under a path that does not exist on this machine, an MMAP3
without an id (no note, inode fields set) and samples in hot_loop_a.
Converted, the first must become MMAP2 in the build-id form, the second
MMAP2 in the inode form; our perf and upstream perf must print the same
MMAP2 records, and upstream perf report must find hot_loop_a through the
build-id cache.  File and stream, in and out.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO=$WORKLOADS/demo
test -x "$DEMO" && test_set_prereq DEMO

# craft.pl BINARY OUT [short]: the input file (see the description).
cat >craft.pl <<'EOT'
use strict;
my ($bin, $out, $short) = @ARGV;
my ($id) = `readelf -n $bin` =~ /Build ID: ([0-9a-f]+)/ or die "no id\n";
my ($off, $vaddr, $size) = `readelf -lW $bin` =~
	/LOAD\s+(0x[0-9a-f]+)\s+(0x[0-9a-f]+)\s+\S+\s+\S+\s+(0x[0-9a-f]+)\s+R E/ or die "no text\n";
my ($sym) = `nm $bin` =~ /^([0-9a-f]+) T hot_loop_a$/m or die "no hot_loop_a\n";
($off, $vaddr, $size, $sym) = map { hex } ($off, $vaddr, $size, $sym);
my $base = 0x555555554000;
my ($pid, $t) = (4242, 1000000);

sub str { my $s = shift; $s .= "\0" x (8 - length($s) % 8); $s }
sub rec { my ($type, $misc, $body) = @_; pack("LSS", $type, $misc, 8 + length $body) . $body }
sub sid { pack("LLQ", $pid, $pid, $t++) }	# sample_id: TID, TIME
sub mmap3 {
	my ($addr, $len, $pgoff, $maj, $min, $ino, $status, $bid, $name) = @_;
	my $b = pack("H*", $bid);
	rec(22, 2, pack("LLQQQLLQQLLCCSa20", $pid, $pid, $addr, $len, $pgoff, $maj,
			$min, $ino, 7, 5, 2, length $b, $status, 0, $b) . str($name) . sid());
}

my $data = rec(3, 0, pack("LL", $pid, $pid) . str("hot") . sid());
$data .= mmap3($base + $vaddr, $size, $off, 8, 1, 1111, 0, $id, "/nonexistent/guest/demo");
$data .= mmap3(0x7f0000001000, 0x2000, 0x1000, 8, 1, 2222, 3, "", "/nonexistent/guest/libnoid.so");
$data .= rec(9, 2, pack("QLLQQ", $base + $sym + 4, $pid, $pid, $t++, 250000)) for 1..20;
$data .= pack("LSS", 22, 2, 96) . "\0" x 88 if $short;

# 128-byte attr: cpu-clock, IP|TID|TIME|PERIOD, comm, freq, sample_id_all, mmap3.
my $flags = (1 << 9) | (1 << 10) | (1 << 18) | (1 << 40) | (1 << 5) | (1 << 6);
my $attr = pack("LLQQQQQ", 1, 128, 0, 4000, 0x107, 0, $flags) . "\0" x 80;
# One id (file offset 248), as perf record writes: the data at 256.
# One feature, EVENT_DESC (bit 12), which holds a copy of the attr.
my $desc = pack("LL", 1, 128) . $attr . pack("LL", 1, 64) . pack("a64", "cpu-clock") .
	pack("Q", 77);
my $feat_at = 256 + length $data;
my $hdr = "PERFILE2" . pack("QQ", 104, 144) . pack("QQ", 104, 144) .
	pack("QQ", 256, length $data) . pack("QQ", 0, 0) . pack("QQQQ", 1 << 12, 0, 0, 0);
open(my $fh, ">", $out) or die;
binmode $fh;
print $fh $hdr, $attr, pack("QQ", 248, 8), pack("Q", 77), $data,
	pack("QQ", $feat_at + 16, length $desc), $desc;
EOT

mmap_lines () {
	grep -o "PERF_RECORD_MMAP.*" | sed "s/^PERF_RECORD_MMAP2 4242\/4242:/&/"
}

test_expect_success DEMO 'a crafted MMAP3 file reads as MMAP3' '
	perl craft.pl "$DEMO" mmap3.data &&
	chmod 600 mmap3.data &&
	id=$(readelf -n "$DEMO" | sed -n "s/.*Build ID: //p") &&
	perf script -D -i mmap3.data >dump &&
	grep -o "PERF_RECORD_MMAP.*" dump >actual &&
	cat >expect <<-EOT &&
	PERF_RECORD_MMAP3 4242/4242: [0x555555555000(0x2fd) @ 0x1000 08:01 1111 7 <$id>]: r-xp /nonexistent/guest/demo
	PERF_RECORD_MMAP3 4242/4242: [0x7f0000001000(0x2000) @ 0x1000 08:01 2222 7 <no build-id: no build-id note>]: r-xp /nonexistent/guest/libnoid.so
	EOT
	test_cmp expect actual
'

test_expect_success DEMO 'converted: MMAP2, build-id form with an id, inode form without' '
	perf inject --convert-mmap3 -i mmap3.data -o mmap2.data &&
	perf script -D -i mmap2.data >dump &&
	grep -o "PERF_RECORD_MMAP.*" dump >actual &&
	cat >expect <<-EOT &&
	PERF_RECORD_MMAP2 4242/4242: [0x555555555000(0x2fd) @ 0x1000 <$id>]: r-xp /nonexistent/guest/demo
	PERF_RECORD_MMAP2 4242/4242: [0x7f0000001000(0x2000) @ 0x1000 08:01 2222 7]: r-xp /nonexistent/guest/libnoid.so
	EOT
	test_cmp expect actual &&
	grep -c "PERF_RECORD_SAMPLE" dump >nr &&
	echo 20 >expect &&
	test_cmp expect nr
'

test_expect_success DEMO 'without --convert-mmap3 the records stay MMAP3' '
	perf inject -i mmap3.data -o same.data &&
	perf script -D -i same.data | grep -c "PERF_RECORD_MMAP3 " >nr &&
	echo 2 >expect &&
	test_cmp expect nr
'

test_expect_success DEMO,UPSTREAM_PERF 'upstream perf prints the MMAP2 records as we do' '
	upstream_perf script -D -i mmap2.data 2>/dev/null >up-dump &&
	grep -o "PERF_RECORD_MMAP.*" up-dump >up &&
	grep -o "PERF_RECORD_MMAP.*" dump >ours &&
	test_cmp ours up &&
	upstream_perf evlist -v -i mmap2.data >evlist 2>&1 &&
	grep "mmap: 1, comm: 1, freq: 1, sample_id_all: 1, mmap2: 1, build_id: 1\$" evlist &&
	! grep "Reserved bits" evlist
'

test_expect_success DEMO,UPSTREAM_PERF 'upstream perf report finds hot_loop_a by build-id' '
	upstream_perf buildid-cache -a "$DEMO" &&
	upstream_perf report --stdio -i mmap2.data 2>err >report &&
	! grep "Reserved bits" err &&
	grep "%" report | grep -v "^#" | awk "{ print \$1, \$2, \$3, \$4, \$5 }" >actual &&
	echo "100.00% hot demo [.] hot_loop_a" >expect &&
	test_cmp expect actual
'

test_expect_success DEMO,UPSTREAM_PERF 'stream in, stream out, both: the same records' '
	perf inject --convert-mmap3 -i mmap3.data -o - >conv.pipe &&
	perf inject -i mmap3.data -o - >mmap3.pipe &&
	perf inject --convert-mmap3 -i - -o conv-from-pipe.data <mmap3.pipe &&
	perf inject --convert-mmap3 -i - -o - <mmap3.pipe >conv2.pipe &&
	for f in conv.pipe conv-from-pipe.data conv2.pipe
	do
		perf script -D -i $f | grep -o "PERF_RECORD_MMAP.*" >actual-$f &&
		test_cmp ours actual-$f &&
		upstream_perf report --stdio -i $f 2>err-$f | grep "hot_loop_a\$" &&
		! grep "Reserved bits" err-$f || return 1
	done
'

test_expect_success DEMO 'an MMAP3 record too short to convert: one error line, exit 1' '
	perl craft.pl "$DEMO" short.data short &&
	chmod 600 short.data &&
	test_expect_code 1 perf inject --convert-mmap3 -i short.data -o short-out.data 2>err &&
	cat >expect <<-EOT &&
	perf inject: MMAP3 record of 96 bytes at 0x560 is too short to convert
	EOT
	test_cmp expect err
'

test_done
