#!/bin/bash
test_description='perf annotate --stdio: per-instruction percentages, objdump by build-id

An -O2 -g program (lib/srcline-app.c: mix() inlined into left() and
right()) is recorded by upstream perf with -e cpu-clock -c 100000.  Our
perf annotate --stdio of its hot functions is compared with upstream
perf 6.1'"'"'s on the same file, byte for byte: both run binutils'"'"' objdump
on the same file (the build-id cache'"'"'s copy that upstream record put
there), with the same flags, and count the same samples, so the
instructions, source lines and percentages are the same text.  Then the
binary stripped with its debuginfo in the cache, the binary gone from its
path, a rebuilt binary at the path (ours refuses it, by build-id), symbols
with no samples, bad options and damaged files.'
. "$(dirname "$0")/lib/test-lib.sh"

# The instruction lines alone: percent, address, mnemonic and operands,
# without objdump'"'"'s "<symbol+offset>" comments (they need a .symtab).
insns () {
	grep -E "^ +[0-9.]+ : +[0-9a-f]+:" "$1" | sed -e "s/ *<[^>]*>\$//"
}

cache_dir () {
	id=$(perf buildid-list -i up.data | grep " .*/inl\$" | cut -d" " -f1) &&
	test -n "$id" &&
	echo "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}"
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream perf' '
	gcc -O2 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	upstream_record -q -e cpu-clock -c 100000 -o up.data -- ./inl 3000000 &&
	test -f "$(cache_dir)/elf"
'

for sym in left right
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "annotate --stdio $sym: identical to upstream" "
		upstream_perf annotate --stdio -i up.data $sym >expect 2>/dev/null &&
		perf annotate --stdio -i up.data $sym >actual &&
		test_cmp expect actual &&
		# the header, source lines from objdump -S, a hot instruction
		grep -q \"Source code & Disassembly of inl for cpu-clock\" actual &&
		grep -q \"x = x \\* 6364136223846793005UL\" actual &&
		grep -E -q \"^ +([1-9][0-9]?|100)\\.[0-9]{2} : +[0-9a-f]+:\" actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'every symbol of the program, hottest first, as upstream' '
	upstream_perf annotate --stdio -d inl -i up.data >expect 2>/dev/null &&
	perf annotate --stdio -d inl -i up.data >actual &&
	test_cmp expect actual &&
	test $(grep -c "Source code & Disassembly" actual) -ge 2
'

for opts in "--percent-type local-hits" "--percent-type global-period" "--percent-type period-local" \
	    "-n" "--show-total-period" "--no-source" "-s left" "-P" "-v"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "left $opts: identical to upstream" "
		upstream_perf annotate --stdio $opts -i up.data left >expect 2>/dev/null &&
		perf annotate --stdio $opts -i up.data left >actual &&
		test_cmp expect actual
	"
done

# Upstream 6.1 divides global hits by a count its annotate never sets
# (hists->stats.nr_non_filtered_samples stays 0): every line shows 0.00.
# Ours divides by the samples counted, which a symbol filter makes this
# function'"'"'s alone: the same figures as local hits.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'global-hits: of the samples counted (upstream prints 0.00)' '
	upstream_perf annotate --stdio --percent-type global-hits -i up.data left >up.out 2>/dev/null &&
	! grep -E -q "^ +([1-9][0-9]?|100)\.[0-9]{2} :" up.out &&
	perf annotate --stdio --percent-type local-hits -i up.data left >local &&
	perf annotate --stdio --percent-type global-hits -i up.data left >actual &&
	grep -q "percent: global hits)\$" actual &&
	# past the header and its rule (one dash longer)
	tail -n +3 local >expect && tail -n +3 actual >actual.body &&
	test_cmp expect actual.body
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'no tty: the text as --stdio gives it, no pager' '
	perf annotate --stdio -i up.data left >expect &&
	PAGER=false perf annotate -i up.data left >actual </dev/null &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the binary gone from its path: found by build-id in the cache' '
	perf annotate --stdio -i up.data left >expect &&
	mv inl inl.saved &&
	perf annotate --stdio -i up.data left >actual 2>err &&
	mv inl.saved inl &&
	test_cmp expect actual &&
	test_must_be_empty err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'stripped binary, its debuginfo in the build-id cache' '
	perf annotate --stdio -i up.data left >full &&
	dir=$(cache_dir) &&
	cp "$dir/elf" elf.saved &&
	objcopy --only-keep-debug inl inl.debug &&
	strip -o inl.stripped inl &&
	cp inl.stripped "$dir/elf" && cp inl.debug "$dir/debug" &&
	mv inl inl.saved &&
	perf annotate --stdio -i up.data left >actual 2>err &&
	mv inl.saved inl && cp elf.saved "$dir/elf" && rm -f "$dir/debug" &&
	# the symbol from the debuginfo, the code from the stripped binary
	grep -q "Source code & Disassembly of inl for cpu-clock" actual &&
	insns full >expect.insns && insns actual >actual.insns &&
	test -s expect.insns &&
	test_cmp expect.insns actual.insns
'

# Upstream disassembles whatever file sits at the recorded path; ours
# takes only a file with the recorded build-id.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a rebuilt binary at the path, only debuginfo cached: refused by build-id' '
	id=$(perf buildid-list -i up.data | grep " .*/inl\$" | cut -d" " -f1) &&
	dir=$(cache_dir) &&
	objcopy --only-keep-debug inl inl.debug &&
	mv "$dir/elf" elf.saved && cp inl.debug "$dir/debug" &&
	mv inl inl.saved &&
	gcc -O0 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	perf annotate --stdio -i up.data left >actual 2>err
	rc=$?
	mv inl.saved inl && mv elf.saved "$dir/elf" && rm -f "$dir/debug" &&
	test $rc = 0 &&
	! grep -q "Source code" actual &&
	test $(grep -c "no file with the code of" err) = 1 &&
	grep -q "no file with the code of .*/inl (build-id $id)" err
'

for sym in no_such_symbol _init
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "$sym: upstream's output and exit status" "
		upstream_perf annotate --stdio -i up.data $sym >expect 2>up.err
		echo \$? >expect.rc &&
		perf annotate --stdio -i up.data $sym >actual 2>err
		echo \$? >actual.rc &&
		test_cmp expect.rc actual.rc &&
		test_cmp expect actual &&
		if ! test -s actual
		then
			test \$(wc -l <err) = 1 &&
			grep -q \"The up.data data has no samples\" err
		fi
	"
done

test_expect_success 'bad options: one line, exit 129' '
	test_expect_code 129 perf annotate --percent-type nonsense 2>err &&
	grep -q "invalid --percent-type" err &&
	test_expect_code 129 perf annotate --no-such-option 2>err &&
	grep -q "unknown option" err &&
	test_expect_code 129 perf annotate --stdio one two 2>err &&
	grep -q "only one symbol" err &&
	test_expect_code 129 perf annotate -h >out 2>&1 &&
	grep -q -- "--percent-type" out && grep -q -- "--stdio" out
'

test_expect_success '--tui and --gtk: only --stdio exists, one line' '
	test_expect_code 1 perf annotate --tui 2>err &&
	test $(wc -l <err) = 1 && grep -q "only --stdio" err &&
	test_expect_code 1 perf annotate --gtk 2>err &&
	test $(wc -l <err) = 1 && grep -q "only --stdio" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'objdump missing or failing: one line, exit 1' '
	test_expect_code 1 perf annotate --stdio --objdump /nonexistent/objdump -i up.data left \
		>out 2>err &&
	test $(wc -l <err) = 1 && grep -q "cannot run /nonexistent/objdump" err &&
	test_expect_code 1 perf annotate --stdio --objdump /bin/false -i up.data left >out 2>err &&
	test $(wc -l <err) = 1 && grep -q "failed (exit 1)" err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a hostile objdump: anything printed is parsed within bounds' '
	cat >evil-objdump <<-\EOS &&
	#!/bin/sh
	# a huge line, addresses everywhere and out of range, tabs, no newline
	head -c 300000 /dev/zero | tr "\0" "A"; echo
	printf "/x:99999999999999999999\n/:\n:\n0:\n%s\n" "ffffffffffffffffffff:	ret"
	i=0; while test $i -lt 2000; do printf "%x:\t\t\tnop\n" $((4096 + i)); i=$((i + 1)); done
	printf "1180:\tlast"
	EOS
	chmod +x evil-objdump &&
	perf annotate --stdio --objdump ./evil-objdump -i up.data left >out 2>err &&
	grep -q "Source code & Disassembly" out &&
	# lines cut at 4 KiB
	test -z "$(awk "length > 4200" out)" &&
	test_must_be_empty err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'damaged perf.data: one line, non-zero exit' '
	head -c 200 up.data >short.data &&
	test_expect_code 1 perf annotate --stdio -i short.data left >out 2>err &&
	test $(wc -l <err) = 1 &&
	head -c 4096 /dev/urandom >random.data &&
	test_expect_code 1 perf annotate --stdio -i random.data >out 2>err &&
	test $(wc -l <err) = 1
'

test_done
