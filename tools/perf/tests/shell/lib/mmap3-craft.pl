#!/usr/bin/perl
# mmap3-craft.pl BINARY OUT [short]: a perf.data with MMAP3 records, which no
# kernel here emits: one cpu-clock attr asking for MMAP3, a COMM, an MMAP3
# with BINARY's build-id under a path that does not exist on this machine,
# an MMAP3 without an id (no note, inode fields set) and 20 samples in
# hot_loop_a; with "short", a last MMAP3 too short to be one.
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
	rec(23, 2, pack("LLQQQLLQQLLCCSa20", $pid, $pid, $addr, $len, $pgoff, $maj,
			$min, $ino, 7, 5, 2, length $b, $status, 0, $b) . str($name) . sid());
}

my $data = rec(3, 0, pack("LL", $pid, $pid) . str("hot") . sid());
$data .= mmap3($base + $vaddr, $size, $off, 8, 1, 1111, 0, $id, "/nonexistent/guest/demo");
$data .= mmap3(0x7f0000001000, 0x2000, 0x1000, 8, 1, 2222, 3, "", "/nonexistent/guest/libnoid.so");
$data .= rec(9, 2, pack("QLLQQ", $base + $sym + 4, $pid, $pid, $t++, 250000)) for 1..20;
$data .= pack("LSS", 23, 2, 96) . "\0" x 88 if $short;

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
