#!/bin/bash
test_description='inline frames in call chains: perf script and perf report as upstream

The source-line program (lib/srcline-app.c: mix() inlined into left() and
right()) built -O2 -g, recorded by upstream perf with -g and with
--call-graph dwarf.  Upstream 6.1 shows an address of a DWARF-unwound
stack inside inlined code as its inline frames ("mix (inlined)" above
"left"), by default and with --inline, one frame per address with
--no-inline and in frame-pointer (-g) chains; a function whose
DWARF name is not its symbol'"'"'s is an inlined frame of the DWARF name
("__libc_start_main_impl (inlined)" in libc'"'"'s dwarf chains).  Ours must
print the same bytes: perf script, perf report --no-children graphs, and
the --children entries and graphs of the hot entries.'
. "$(dirname "$0")/lib/test-lib.sh"

# upstream's report without its "# (Tip: ...)" footer (3 lines, random text)
no_tip () {
	if tail -n 3 "$1" | grep -q "^# (Tip: "
	then
		head -n -3 "$1"
	else
		cat "$1"
	fi
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: an -O2 -g program, recorded by upstream with -g and dwarf' '
	gcc -O2 -g -Wl,--build-id -o inl "$SHARNESS_TEST_SRCDIR/lib/srcline-app.c" &&
	upstream_record -q -g -e cpu-clock -c 100000 -o g.data -- ./inl 3000000 &&
	upstream_record -q --call-graph dwarf -e cpu-clock -c 100000 -o dw.data -- \
		./inl 3000000
'

for data in g dw; do
	for inl in "" --inline --no-inline; do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$data.data: script $inl is upstream's" "
			upstream_perf script $inl -i $data.data 2>/dev/null >expect &&
			perf script $inl -i $data.data 2>err >actual &&
			test_cmp expect actual &&
			if test '$inl' = --no-inline || test $data = g
			then
				! grep -q inlined actual
			else
				grep -q '^	 *[0-9a-f]* mix+0x[0-9a-f]* (inlined)\$' actual
			fi
		"
	done

	# --children rows under 1% left out: upstream may split a rare
	# inlined function's row in two (its sort compares inline frames by
	# name and others by address, no total order), seen for the
	# loader's "_dl_start_final (inlined)" when startup got sampled
	for opts in "--no-children" "--no-children -g folded" "--no-children -G" \
		    "--children -g none --percent-limit 5" \
		    "--children -G -g none --percent-limit 1" \
		    "--no-children --no-inline" "--children --no-inline --percent-limit 5" \
		    "--no-children --inline --sort dso,sym"; do
		test_expect_success PERF_EVENTS,UPSTREAM_PERF "$data.data: report $opts is upstream's" "
			upstream_perf report --stdio $opts -i $data.data 2>/dev/null >up.out &&
			no_tip up.out >expect &&
			perf report --stdio $opts -i $data.data 2>err >actual &&
			test_cmp expect actual
		"
	done
done

# An inlined function in place of the samples' ip (mix (inlined) in the
# dwarf file) is a --children entry whose graph holds the samples that end
# there: "mix (inlined)" alone, as upstream prints it, in every graph mode.
for opts in "-g folded" "" "-G" "-g flat"; do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF "dw.data: --children $opts graphs of inline frames are upstream's" "
		upstream_perf report --stdio --children $opts --percent-limit 5 -i dw.data \
			2>/dev/null >up.out &&
		no_tip up.out >expect &&
		perf report --stdio --children $opts --percent-limit 5 -i dw.data >actual &&
		test_cmp expect actual &&
		awk '/\\[\\.\\] mix \\(inlined\\)\$/ { getline; n++; if (\$0 == \"\") empty++ }
		     END { exit !(n == 2 && !empty) }' actual
	"
done

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the inlined function shows under both its callers' '
	perf report --stdio --no-children -g folded --sort sym -i dw.data >out &&
	grep -q "mix (inlined);left;main" out &&
	grep -q "mix (inlined);right;main" out &&
	perf report --stdio --children --sort sym -i dw.data >out &&
	grep -E -q "^ +[0-9.]+% +0\.00%  \[\.\] mix \(inlined\)\$" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'dwarf: libc'"'"'s start-up function by its DWARF name' '
	perf script -i dw.data >out &&
	grep -q "__libc_start_main_impl+0x[0-9a-f]* (inlined)" out &&
	perf script --no-inline -i dw.data >out &&
	! grep -q "__libc_start_main_impl" out
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'without DWARF: one frame per address, as upstream' '
	rm -rf "$HOME/.debug" &&
	strip -g inl &&
	upstream_perf script -i dw.data 2>/dev/null >expect &&
	perf script -i dw.data >actual &&
	test_cmp expect actual &&
	grep -q " left+0x[0-9a-f]* (.*/inl)\$" actual &&
	! grep -q "mix.* (inlined)" actual
'

test_done
