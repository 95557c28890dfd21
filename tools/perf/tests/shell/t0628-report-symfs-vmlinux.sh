#!/bin/bash
test_description='perf report/script --symfs DIR and -k/--vmlinux FILE

A user analyses a recording made on another box: upstream perf records the
demo without filling the build-id cache (-N), the demo binary and the C
libraries it used are copied under a symfs directory, and the demo binary
is moved away from its recorded path.  report --symfs and script --symfs
must print what upstream 6.1 prints with the same --symfs on the same file
(its kernel, looked for as DIR/proc/kallsyms, stays unresolved too).  A
file under DIR that is not the recorded binary is refused, with one line.
-k: there is no vmlinux on this box, so the test builds one from this
kernel'"'"'s /proc/kallsyms (symbols renamed so their source shows), with the
recorded kernel build-id; one with another build-id is refused with one
line, and a missing file is one error line and upstream'"'"'s exit code.'
. "$(dirname "$0")/lib/test-lib.sh"

LIBDIR=/usr/lib/x86_64-linux-gnu

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: record on "the other box", copy its files under symfs' '
	mkdir bin &&
	cp "$WORKLOADS/demo" bin/demo &&
	upstream_record -N -q -e cpu-clock -c 100000 -o up.data "$PWD/bin/demo" 0.1 >/dev/null &&
	"$UPSTREAM_PERF" buildid-list -i up.data >ids &&
	grep -q " $PWD/bin/demo\$" ids &&
	mkdir -p "sfs$PWD/bin" "sfs$LIBDIR" &&
	mv bin/demo "sfs$PWD/bin/demo" &&
	for lib in $(awk "\$2 ~ \"^$LIBDIR/\" { print \$2 }" ids)
	do
		cp "$lib" "sfs$lib" || return 1
	done &&
	test ! -e bin/demo
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --symfs prints what upstream prints' '
	upstream_report --symfs sfs -i up.data >expect &&
	perf report --stdio --symfs sfs -i up.data >actual 2>err &&
	test_cmp expect actual &&
	grep -q "\[\.\] hot_loop_a\$" actual &&
	! grep "not used" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'without --symfs the moved binary has no symbols' '
	perf report --stdio -i up.data >plain 2>/dev/null &&
	! grep -q hot_loop_a plain
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'script --symfs prints what upstream prints' '
	upstream_try "$UPSTREAM_PERF" script --symfs sfs -F ip,sym,dso -i up.data >expect.raw &&
	perf script --symfs sfs -F ip,sym,dso -i up.data >actual.raw 2>/dev/null &&
	sort expect.raw | uniq -c >expect &&
	sort actual.raw | uniq -c >actual &&
	test_cmp expect actual &&
	grep -q hot_loop_a actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a different file under symfs is refused with one line' '
	mkdir -p "bad$PWD/bin" "bad$LIBDIR" &&
	build_version other 2 "bad$PWD/bin/demo" &&
	perf report --stdio --symfs bad -i up.data >actual 2>err &&
	test "$(grep -c "not used" err)" = 1 &&
	grep "^Warning: bad$PWD/bin/demo: build-id [0-9a-f]*, expected [0-9a-f]*: not used\$" err &&
	! grep -q -e hot_loop_a -e other_work actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a --symfs that is not a directory is a usage error' '
	test_expect_code 129 perf report --stdio --symfs nowhere -i up.data >out 2>err &&
	test "$(wc -l <err)" = 1 &&
	grep "symfs nowhere" err &&
	test_expect_code 129 perf script --symfs up.data -i up.data >out 2>err &&
	test "$(wc -l <err)" = 1
'

# A vmlinux-shaped ELF: this kernel's text symbols (from /proc/kallsyms,
# named "v_<name>" so the report shows where they came from; one per
# address) at their addresses, in a NOBITS executable section, with
# build-id $1.  vmlinux.kallsyms lists the same symbols as kallsyms.
make_vmlinux () {
	perl -e '
		my $base = hex("ffffffff81000000");
		my (%seen, @s);
		while (<STDIN>) {
			chomp;
			my ($ad, $t, $n, $m) = split;
			next if defined($m) || $t !~ /^[Tt]$/ || $n =~ /[^\w.]/;
			my $v = hex($ad) - $base;
			next if $v < 0 || $v >= 0x4000000 || $seen{$n}++;
			push @s, [$v, $n];
		}
		open(my $ks, ">", "vmlinux.kallsyms") or die;
		print "\t.section .ktext,\"ax\",\@nobits\n";
		my $last = -1;
		for (sort { $a->[0] <=> $b->[0] } @s) {
			next if $_->[0] == $last;
			$last = $_->[0];
			printf "\t.org 0x%x\n\t.globl v_%s\n\t.type v_%s,\@function\nv_%s:\n",
			       $_->[0], $_->[1], $_->[1], $_->[1];
			printf $ks "%x T v_%s\n", $base + $_->[0], $_->[1];
		}' </proc/kallsyms >vmlinux.s &&
	test -s vmlinux.s &&
	gcc -nostdlib -static -Wl,--section-start=.ktext=0xffffffff81000000 \
		-Wl,--build-id=0x$1 -Wl,-e,0 -o "$2" vmlinux.s
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: a kernel recording and vmlinux files' '
	# the demo may have no kernel sample (a CPU loop, 1000 samples, a
	# few in the kernel on most runs): dd from /dev/zero always has
	upstream_record -N -q -e cpu-clock -c 100000 -o k.data \
		dd if=/dev/zero of=/dev/null bs=64k count=20000 2>/dev/null &&
	"$UPSTREAM_PERF" buildid-list -i k.data >k.ids &&
	kid=$(awk "\$2 == \"[kernel.kallsyms]\" { print \$1 }" k.ids) &&
	test -n "$kid" &&
	head -c 1 /proc/kallsyms | grep -q "[1-9a-f]" &&
	make_vmlinux $kid vmlinux &&
	make_vmlinux 0123456789abcdef0123456789abcdef01234567 vmlinux.other
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-k: kernel symbols from the vmlinux with the recorded build-id' '
	perf report --stdio --sort sym --kallsyms vmlinux.kallsyms -i k.data \
		>kallsyms.out 2>/dev/null &&
	grep "\[k\]" kallsyms.out >expect &&
	grep -q "\[k\] v_" expect &&
	perf report --stdio --sort sym -k vmlinux -i k.data >vmlinux.out 2>err &&
	grep "\[k\]" vmlinux.out >actual &&
	test_cmp expect actual &&
	grep -q "\[k\] v_" vmlinux.out &&
	! grep "not used" err &&
	perf script -F ip,sym -k vmlinux -i k.data 2>/dev/null | grep -q " v_"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-k with another build-id is refused with one line' '
	perf report --stdio -k vmlinux.other -i k.data >actual 2>err &&
	test "$(grep -c "not used" err)" = 1 &&
	grep "^Warning: vmlinux.other: build-id 0123456789abcdef0123456789abcdef01234567, expected $kid: not used\$" err &&
	! grep -q "\[k\] v_" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-k of a missing file: one line, exit 234 as upstream' '
	test_expect_code 234 perf report --stdio -k no-such-vmlinux -i up.data >out 2>err &&
	test "$(wc -l <err)" = 1 &&
	grep "no-such-vmlinux: No such file or directory" err &&
	test_expect_code 234 perf script -k no-such-vmlinux -i up.data >out 2>err &&
	test "$(wc -l <err)" = 1
'

test_expect_success '-h lists --symfs and -k' '
	perf report -h >out 2>&1 ;
	grep -e "--symfs <directory>" out &&
	grep -e "-k, --vmlinux <file>" out &&
	perf script -h >out 2>&1 ;
	grep -e "--symfs <directory>" out &&
	grep -e "-k, --vmlinux <file>" out
'

test_done
