#!/bin/bash
test_description='build-ids read by util/symbols/build-id.c agree with readelf -n

Binaries linked here with sha1, md5, uuid and literal build-ids, ELF32,
a relocatable module-like object, a separate debug file, compressed
images (.ko.xz/.ko.zst/.ko.gz), every file of /usr/bin and
/usr/lib/x86_64-linux-gnu, the running kernel and its modules.'

. "$(dirname "$0")/lib/test-lib.sh"

READ_BUILD_ID="$MMAP3_TOP/build/asan/drivers/read-build-id"
test -x "$READ_BUILD_ID" && test_set_prereq DRIVER

# "<id> <file>" for each FILE with a build-id note, as readelf -n sees it
# (/dev/null makes readelf print "File:" headers even for one file).
readelf_ids () {
	readelf -n /dev/null "$@" 2>/dev/null |
	awk '/^File: /{f = substr($0, 7); seen = 0}
	     /Build ID:/{if (!seen) print $3, f; seen = 1}'
}

test_expect_success DRIVER 'setup: binaries with every kind of build-id' '
	printf "int f(void) { return 1; }\n" >m.c &&
	printf "int main(void) { return 0; }\n" >p.c &&
	gcc -Wl,--build-id=sha1 -o prog-sha1 p.c &&
	gcc -Wl,--build-id=md5 -o prog-md5 p.c &&
	gcc -Wl,--build-id=uuid -o prog-uuid p.c &&
	gcc -Wl,--build-id=0x00112233445566778899aabbccddeeff -o prog-hex p.c &&
	gcc -Wl,--build-id=0x00112233445566778899 -o prog-hex10 p.c &&
	gcc -Wl,--build-id=none -o prog-none p.c &&
	objcopy --only-keep-debug prog-sha1 prog-sha1.debug &&
	strip -o prog-stripped prog-sha1 &&
	gcc -c -fno-asynchronous-unwind-tables m.c -o m.o &&
	ld -r --build-id=sha1 m.o -o mod.ko &&
	xz -k mod.ko && zstd -q mod.ko -o mod.ko.zst && gzip -k mod.ko &&
	gzip -c prog-md5 >prog-md5.gz &&
	echo "not an ELF file" >text
'

test_expect_success DRIVER 'linked build-ids: ids and sizes as readelf prints them' '
	readelf_ids prog-sha1 prog-md5 prog-uuid prog-hex prog-sha1.debug prog-stripped mod.ko >expect &&
	test $(wc -l <expect) = 7 &&
	"$READ_BUILD_ID" prog-sha1 prog-md5 prog-uuid prog-hex prog-sha1.debug prog-stripped mod.ko >actual &&
	test_cmp expect actual &&
	grep -q "^00112233445566778899aabbccddeeff prog-hex$" actual &&
	test $(awk "\$2 == \"prog-md5\" { print length(\$1) }" actual) = 32 &&
	test $(awk "\$2 == \"prog-sha1\" { print length(\$1) }" actual) = 40
'

# ld leaves the last pad of a 10-byte id out of the section: readelf
# refuses the note, we take it (it fits in its section).
test_expect_success DRIVER 'a 10-byte literal build-id' '
	echo "00112233445566778899 prog-hex10" >expect &&
	"$READ_BUILD_ID" prog-hex10 >actual &&
	test_cmp expect actual
'

test_expect_success DRIVER 'compressed modules and binaries: the id of the image inside' '
	id=$(readelf_ids mod.ko | cut -d" " -f1) &&
	pid=$(readelf_ids prog-md5 | cut -d" " -f1) &&
	cat >expect <<-EOF &&
	$id mod.ko.xz
	$id mod.ko.zst
	$id mod.ko.gz
	$pid prog-md5.gz
	EOF
	"$READ_BUILD_ID" mod.ko.xz mod.ko.zst mod.ko.gz prog-md5.gz >actual &&
	test_cmp expect actual
'

test_expect_success DRIVER 'files without a build-id: why, and exit 1' '
	cat >expect <<-EOF &&
	ENOENT prog-none
	ENOEXEC text
	EISDIR .
	ENOENT no-such-file
	EINVAL /dev/null
	EOF
	test_expect_code 1 "$READ_BUILD_ID" prog-none text . no-such-file /dev/null >actual &&
	test_cmp expect actual
'

test_expect_success DRIVER 'a truncated module: an error, not a crash' '
	head -c 300 mod.ko >cut.ko &&
	head -c 100 mod.ko.xz >cut.ko.xz &&
	cat >expect <<-EOF &&
	EINVAL cut.ko
	EINVAL cut.ko.xz
	EOF
	test_expect_code 1 "$READ_BUILD_ID" cut.ko cut.ko.xz >actual &&
	test_cmp expect actual
'

# ELF32: a static i386 executable needs no 32-bit libc, only gcc -m32 -c.
if gcc -m32 -c -fno-asynchronous-unwind-tables -o m32.o m.c 2>/dev/null &&
   ld -m elf_i386 --build-id=md5 -e f -o m32 m32.o 2>/dev/null; then
	test_set_prereq ELF32
fi

test_expect_success DRIVER,ELF32 'ELF32 executable' '
	readelf_ids m32 >expect &&
	test $(wc -l <expect) = 1 &&
	"$READ_BUILD_ID" m32 >actual &&
	test_cmp expect actual
'

test_expect_success DRIVER 'every file of /usr/bin and /usr/lib/x86_64-linux-gnu agrees with readelf' '
	find /usr/bin /usr/lib/x86_64-linux-gnu -type f -print0 >files &&
	xargs -0 readelf -n /dev/null <files 2>/dev/null |
		awk "/^File: /{f = substr(\$0, 7); seen = 0}
		     /Build ID:/{if (!seen) print \$3, f; seen = 1}" | sort >expect &&
	test $(wc -l <expect) -gt 100 &&
	{ xargs -0 "$READ_BUILD_ID" <files >all; test $? -le 123; } &&
	grep -v "^E" all | sort >actual &&
	test_cmp expect actual &&
	# files without an id are not ELF, or ELF without the note: never "malformed"
	grep "^E" all | cut -d" " -f1 | sort -u >errors &&
	! grep -v -x -e ENOENT -e ENOEXEC errors
'

test -r /sys/kernel/notes && test_set_prereq KERNEL_NOTES

test_expect_success DRIVER,KERNEL_NOTES,UPSTREAM_PERF 'the running kernel: same id as upstream perf buildid-list -k' '
	echo "$($UPSTREAM_PERF buildid-list -k) [kernel.kallsyms]" >expect &&
	"$READ_BUILD_ID" --kernel >actual &&
	test_cmp expect actual &&
	echo "$($UPSTREAM_PERF buildid-list -k) /sys/kernel/notes" >expect &&
	"$READ_BUILD_ID" --notes /sys/kernel/notes >actual &&
	test_cmp expect actual
'

ls /sys/module/*/notes/.note.gnu.build-id >/dev/null 2>&1 && test_set_prereq MODULE_NOTES

# A module's notes file is one note: 12-byte header, "GNU\0", the id.
test_expect_success DRIVER,MODULE_NOTES 'loaded modules: the id in their sysfs note' '
	>expect && >actual &&
	for f in $(ls /sys/module/*/notes/.note.gnu.build-id | head -n 5)
	do
		m=$(echo "$f" | cut -d/ -f4) &&
		echo "$(od -An -tx1 -v -j16 "$f" | tr -d " \n") $m" >>expect &&
		"$READ_BUILD_ID" --module "$m" >>actual || return 1
	done &&
	test_cmp expect actual
'

test_expect_success DRIVER 'bad module names are refused' '
	cat >expect <<-EOF &&
	EINVAL ../kernel
	ENOENT no_such_module
	EOF
	test_expect_code 1 "$READ_BUILD_ID" --module ../kernel >actual &&
	test_expect_code 1 "$READ_BUILD_ID" --module no_such_module >>actual &&
	test_cmp expect actual
'

test_done
