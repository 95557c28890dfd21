#!/bin/bash
test_description='perf archive: the cache entries a perf.data needs, for another box

Box A: our perf record (default mode) of a program built here, then perf
archive.  Box B: another HOME, the program gone from its path; perf
archive --unpack (or upstream'"'"'s "tar xvf -C ~/.debug") installs the
archive, and upstream'"'"'s report and ours name the same symbols offline.
Hostile archives (path traversal, links pointing out, hard links, files
whose content is not the build-id they claim, oversized members, a
symlink planted in the cache, garbage) write nothing outside the cache.'
. "$(dirname "$0")/lib/test-lib.sh"

# time in libc too (snprintf): the archive then holds more than the
# program, whatever the loader's few samples do
cat >app.c <<'EOF_C'
#include <stdio.h>
__attribute__((noinline)) unsigned long archived_work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * 3;
	return x;
}
int main(void)
{
	char buf[32];
	unsigned long i, n = 0;

	for (i = 0; i < 300000; i++)
		n += (unsigned long)snprintf(buf, sizeof(buf), "%lu", i);
	return (int)(archived_work(150000000UL) + n) & 1;
}
EOF_C

# the report'"'"'s rows, the comment lines (upstream adds a random tip) dropped
rows () {
	grep -v "^#" | grep -v "^\$"
}

test_expect_success PERF_EVENTS 'box A: record a program built here, archive its perf.data' '
	mkdir boxa boxb &&
	gcc -O1 -Wl,--build-id -o boxa/app app.c &&
	id=$(readelf -n boxa/app | sed -n "s/.*Build ID: //p") &&
	echo "$id" >app.id &&
	(cd boxa && perf record -q -e cpu-clock:u -o app.data ./app) &&
	(cd boxa && perf archive app.data >../archive.out) &&
	test -s boxa/app.data.tar.bz2 &&
	grep "^\$ tar xvf app.data.tar.bz2 -C ~/.debug\$" archive.out &&
	tar tjf boxa/app.data.tar.bz2 >members &&
	grep "^\.build-id/$(cut -c1-2 app.id)/$(cut -c3- app.id)\$" members &&
	grep "^${PWD#/}/boxa/app/$id/elf\$" members &&
	(cd boxa && perf report --stdio -i app.data) | rows >boxa.rows &&
	grep "archived_work" boxa.rows
'

test_expect_success PERF_EVENTS 'the archive holds exactly the entries buildid-list --store would store' '
	perf buildid-list -H -i boxa/app.data | while read bid name; do
		printf ".build-id/%s/%s\n" "$(echo $bid | cut -c1-2)" "$(echo $bid | cut -c3-)"
	done | sort >expect &&
	grep "^\.build-id/" members | sort >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS 'box B: the program is gone; --unpack installs the archive' '
	mv boxa/app app.moved &&
	HOME=$PWD/boxb perf archive --unpack boxa/app.data.tar.bz2 >unpack.out 2>unpack.err &&
	test_must_be_empty unpack.err &&
	grep "^OK $(cat app.id) $PWD/boxa/app\$" unpack.out &&
	cmp app.moved "boxb/.debug$PWD/boxa/app/$(cat app.id)/elf"
'

# Upstream 6.1, reading the program from the build-id cache, named a
# sample in a PLT stub "_init" (the symbol before .plt) where we say
# "snprintf@plt", on box A as on box B (seen once in CI): the comparison
# with upstream leaves PLT rows out (no_plt_rows); ours must still equal
# box A's whole.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'box B: upstream and ours report the same symbols offline' '
	(cd boxa && HOME=$PWD/../boxb perf report --stdio -i app.data 2>../ours.err) | rows >ours &&
	(cd boxa && HOME=$PWD/../boxb "$UPSTREAM_PERF" report --stdio -i app.data 2>/dev/null) |
		rows >upstream &&
	grep "archived_work" ours &&
	test_cmp boxa.rows ours &&
	no_plt_rows upstream >upstream.noplt &&
	no_plt_rows ours >ours.noplt &&
	test_cmp upstream.noplt ours.noplt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream'"'"'s own instructions (tar xvf -C ~/.debug) work too' '
	mkdir -p boxc/.debug &&
	tar xf boxa/app.data.tar.bz2 -C boxc/.debug &&
	(cd boxa && HOME=$PWD/../boxc "$UPSTREAM_PERF" report --stdio -i app.data 2>/dev/null) |
		rows >upstream.tar &&
	test_cmp upstream upstream.tar
'

test_expect_success PERF_EVENTS '--unpack again: everything already there, still OK' '
	HOME=$PWD/boxb perf archive --unpack boxa/app.data.tar.bz2 >again.out &&
	test_cmp unpack.out again.out
'

test_expect_success PERF_EVENTS 'with no name: the one perf*.tar.bz2 of the directory' '
	cp boxa/app.data.tar.bz2 perf.data.tar.bz2 &&
	mkdir boxd &&
	HOME=$PWD/boxd perf archive --unpack >found.out &&
	grep "^Found target file for unpacking: ./perf.data.tar.bz2\$" found.out &&
	test -f "boxd/.debug$PWD/boxa/app/$(cat app.id)/elf" &&
	cp perf.data.tar.bz2 perf.two.tar.bz2 &&
	test_expect_code 1 perf archive --unpack 2>two.err &&
	grep "2 files perf\*.tar.bz2 found here: name the one to unpack" two.err &&
	rm perf.data.tar.bz2 perf.two.tar.bz2
'

test_expect_success PERF_EVENTS 'an entry missing from the cache is named, with the next step' '
	rm -rf ".debug$PWD/boxa/app" &&
	(cd boxa && test_expect_code 1 perf archive app.data >../miss.out 2>../miss.err) &&
	grep "$(cat app.id) $PWD/boxa/app is not in the build-id cache .*: run '"'"'perf buildid-list --store -i app.data'"'"' first" miss.err &&
	grep "1 of [0-9]* build-ids were not in the cache" miss.err
'

test_expect_success 'a file without samples: upstream'"'"'s "no build-ids found"' '
	test_expect_code 1 perf archive /dev/null >none.out 2>none.err ||
	test_expect_code 1 perf archive nonexistent.data >none.out 2>none.err &&
	test $(wc -l <none.err) = 1
'

# evil.tar.bz2: what an attacker could put in an archive, built with
# python's tarfile (upstream's tar would create most of it as told).
test_expect_success PERF_EVENTS 'setup: a hostile archive' '
	id=$(cat app.id) &&
	other=$(readelf -n /bin/true | sed -n "s/.*Build ID: //p") &&
	mkdir -p outside &&
	python3 - "$id" "$other" "$PWD" <<-\EOF_PY
	import io, sys, tarfile
	bid, other, top = sys.argv[1], sys.argv[2], sys.argv[3]
	app = open(top + "/app.moved", "rb").read()
	t = tarfile.open("evil.tar.bz2", "w:bz2", format=tarfile.GNU_FORMAT)
	def add(name, data=b"", kind=tarfile.REGTYPE, link=""):
	    ti = tarfile.TarInfo(name); ti.type = kind; ti.linkname = link
	    ti.size = len(data) if kind == tarfile.REGTYPE else 0
	    t.addfile(ti, io.BytesIO(data) if kind == tarfile.REGTYPE else None)
	add("../../outside/traversal", b"x")
	add("/" + top.lstrip("/") + "/outside/absolute", b"x")
	add("evil/" + bid + "/../../../outside/dotdot/" + bid + "/elf", app)
	add("escape", kind=tarfile.SYMTYPE, link=top + "/outside")
	add("escape/" + bid + "/elf", app)
	add(".build-id/ab/cdef", kind=tarfile.SYMTYPE, link="/etc/passwd")
	add("hard/" + bid + "/elf", kind=tarfile.LNKTYPE, link="/etc/passwd")
	add("liar/" + other + "/elf", app)
	add("notelf/" + bid + "/elf", b"#!/bin/sh\n")
	add("planted/" + bid + "/elf", app)
	add("big/" + bid + "/elf", app + bytes(200000))
	add("ok" + top + "/boxa/app/" + bid + "/probes", b"p")
	t.close()
	EOF_PY
'

test_expect_success PERF_EVENTS 'a hostile archive writes nothing outside the cache' '
	id=$(cat app.id) &&
	mkdir -p boxe/.debug/planted elsewhere &&
	ln -s "$PWD/elsewhere" "boxe/.debug/planted/$id" &&
	HOME=$PWD/boxe test_expect_code 1 perf archive --unpack \
		--max-member-size 100000 evil.tar.bz2 >evil.out 2>evil.err &&
	cat evil.out evil.err &&
	test -z "$(ls -A outside)" && test -z "$(ls -A elsewhere)" &&
	! test -e boxe/outside && ! test -e boxe/escape &&
	! test -e boxe/.debug/.build-id/ab/cdef &&
	! test -e boxe/.debug/hard &&
	! test -e "boxe/.debug/liar" &&
	! test -e "boxe/.debug/notelf/$id/elf" &&
	grep "skipping '"'"'../../outside/traversal'"'"': not a build-id cache entry" evil.err &&
	grep "skipping '"'"'escape'"'"': a symbolic link outside .build-id/" evil.err &&
	grep "skipping '"'"'hard/$id/elf'"'"': not a regular file (tar type '"'"'1'"'"')" evil.err &&
	grep "skipping '"'"'liar/.*/elf'"'"': its content is build-id $id, not " evil.err &&
	grep "skipping '"'"'notelf/$id/elf'"'"': its content has no build-id (Exec format error)" evil.err &&
	grep "^FAIL $id /planted\$" evil.out &&
	grep "skipping '"'"'.*/probes'"'"': not a build-id cache entry" evil.err
'

test_expect_success PERF_EVENTS 'what passes the checks lands under the cache, links made by perf' '
	id=$(cat app.id) &&
	grep "^OK $id /escape\$" evil.out &&
	test -f "boxe/.debug/escape/$id/elf" && ! test -L boxe/.debug/escape &&
	test "$(readlink "boxe/.debug/.build-id/$(cut -c1-2 app.id)/$(cut -c3- app.id)")" = \
		"../../escape/$id"
'

test_expect_success PERF_EVENTS 'members over --max-member-size are refused' '
	grep "skipping '"'"'big/$(cat app.id)/elf'"'"': [0-9]* bytes, more than --max-member-size 100000" evil.err &&
	! test -e boxe/.debug/big
'

test_expect_success 'garbage, a truncated archive, bad options: one line, an error status' '
	echo "not a tarball" >garbage.tar.bz2 &&
	test_expect_code 1 perf archive --unpack garbage.tar.bz2 2>garbage.err &&
	test $(wc -l <garbage.err) = 1 &&
	grep "not a tar archive, or damaged" garbage.err &&
	head -c 3000 boxa/app.data.tar.bz2 >cut.tar.bz2 &&
	test_expect_code 1 perf archive --unpack cut.tar.bz2 2>cut.err &&
	grep "bzip2 cannot decompress it: a damaged archive" cut.err &&
	test $(wc -l <cut.err) = 1 &&
	test_expect_code 1 perf archive --unpack missing.tar.bz2 2>missing.err &&
	grep "cannot open missing.tar.bz2: No such file or directory" missing.err &&
	test_expect_code 129 perf archive --max-member-size -5 --unpack x 2>opt.err &&
	grep "expects a positive number of bytes" opt.err &&
	test_expect_code 129 perf archive a b 2>extra.err &&
	grep "unexpected argument" extra.err
'

test_done
