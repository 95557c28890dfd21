#!/bin/bash
test_description='perf archive --all: the perf.data and its cache entries in one file

Upstream'"'"'s perf-archive gained --all after 6.1 (6.2): the cache entries as
perf.symbols.tar.bz2, packed with the perf.data into
perf.all-<host>-<date>.tar.bz2 in the current directory, and instructions
to unpack both.  On box B (another HOME, the program gone) that one file
is all it takes for upstream'"'"'s report and ours to name the same symbols.'
. "$(dirname "$0")/lib/test-lib.sh"

cat >app.c <<'EOF_C'
__attribute__((noinline)) unsigned long packed_work(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i * 5;
	return x;
}
int main(void) { return (int)packed_work(150000000UL) & 1; }
EOF_C

rows () {
	grep -v "^#" | grep -v "^\$"
}

test_expect_success PERF_EVENTS 'box A: --all packs the perf.data with its cache entries' '
	mkdir boxa boxb &&
	gcc -O1 -Wl,--build-id -o boxa/app app.c &&
	(cd boxa && perf record -q -e cpu-clock:u -o app.data ./app) &&
	(cd boxa && perf archive app.data >plain.out && mv app.data.tar.bz2 ../plain.tar.bz2) &&
	(cd boxa && perf archive --all app.data >../all.out) &&
	ls "$PWD"/boxa/perf.all-$(hostname)-*.tar.bz2 >all.name &&
	test $(wc -l <all.name) = 1 &&
	basename "$(cat all.name)" | grep -E "^perf\.all-$(hostname)-[0-9]{8}-[0-9]{6}\.tar\.bz2\$" &&
	test ! -e boxa/perf.symbols.tar.bz2 &&
	tar tjf "$(cat all.name)" >members &&
	printf "app.data\nperf.symbols.tar.bz2\n" >expect &&
	test_cmp expect members
'

test_expect_success PERF_EVENTS 'upstream'"'"'s instructions, and the entries of a plain archive' '
	all=$(basename "$(cat all.name)") &&
	grep "^\$ tar xvf $all && tar xvf perf.symbols.tar.bz2 -C ~/.debug\$" all.out &&
	grep "^wherever you need to run .perf report. on\.\$" all.out &&
	mkdir inner &&
	tar xjf "$(cat all.name)" -C inner &&
	cmp inner/app.data boxa/app.data &&
	tar tjf inner/perf.symbols.tar.bz2 | sort >inner.members &&
	tar tjf plain.tar.bz2 | sort >plain.members &&
	test_cmp plain.members inner.members &&
	grep "/elf\$" inner.members
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'box B: the one file, upstream'"'"'s steps, both reports name the symbols' '
	(cd boxa && perf report --stdio -i app.data) | rows >boxa.rows &&
	grep packed_work boxa.rows &&
	mv boxa/app app.moved &&
	mkdir -p boxb/.debug boxb/work &&
	(cd boxb/work && tar xvf "$(cat ../../all.name)" >/dev/null &&
		tar xvf perf.symbols.tar.bz2 -C ../.debug >/dev/null) &&
	(cd boxb/work && HOME=$PWD/.. perf report --stdio -i app.data 2>/dev/null) | rows >ours &&
	(cd boxb/work && HOME=$PWD/.. "$UPSTREAM_PERF" report --stdio -i app.data 2>/dev/null) |
		rows >upstream &&
	test_cmp boxa.rows ours &&
	test_cmp upstream ours
'

test_expect_success PERF_EVENTS 'box B, checked: --unpack installs the inner archive' '
	mkdir -p boxc/work &&
	(cd boxc/work && tar xf "$(cat ../../all.name)" perf.symbols.tar.bz2 app.data &&
		HOME=$PWD/.. perf archive --unpack perf.symbols.tar.bz2 >../unpack.out &&
		HOME=$PWD/.. perf report --stdio -i app.data 2>/dev/null) | rows >ours.c &&
	grep "^OK [0-9a-f]* $PWD/boxa/app\$" boxc/unpack.out &&
	test_cmp boxa.rows ours.c
'

test_expect_success 'bad input: one line, an error status, nothing left behind' '
	test_expect_code 1 perf archive --all nosuch.data >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "nosuch.data" err &&
	! ls perf.all-* perf.symbols.tar.bz2 2>/dev/null &&
	test_expect_code 129 perf archive --all --unpack 2>err &&
	grep "one at a time" err
'

test_done
