#!/bin/sh
test_description='perf record: a workload profiled with build-ids from the kernel

Records the demo workload, then checks the file with upstream perf (the
interop peer): its report shows the hot functions, every executable map
of the demo carries the build-id readelf prints, the header build-id
table and the build-id cache are filled, and errors behave like upstream.'

. "$(dirname "$0")/lib/test-lib.sh"

. "$SHARNESS_TEST_SRCDIR/lib/record-lib.sh"

# sharness lacks these two git test-lib helpers.
line_count_is () {
	test "$(wc -l <"$2")" -eq "$1" || { echo "$2: want $1 lines:"; cat "$2"; false; }
}
path_is_missing () {
	test ! -e "$1" || { echo "$1 exists"; false; }
}

demo_id () {
	readelf -n "$WORKLOADS/demo" | sed -n "s/.*Build ID: //p"
}

test_expect_success PERF_EVENTS 'record the demo with call graphs, no build-id table' '
	perf record -B -e cpu-clock -F 999 -g -o ours.data -- "$WORKLOADS/demo" 0.5 >out 2>err &&
	echo "demo: done" >expect &&
	sed "s/ (.*//" out >actual &&
	test_cmp expect actual &&
	sed -n 1p err >actual &&
	grep -E "^\[ perf record: Woken up [0-9]+ times to write data \]$" actual &&
	sed -n 2p err >actual &&
	grep -E "^\[ perf record: Captured and wrote [0-9]+\.[0-9]{3} MB ours.data \([0-9]+ samples\) \]$" actual &&
	line_count_is 2 err &&
	test "$(stat -c %a ours.data)" = 600
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream report shows the two hot functions on top' '
	upstream_perf report --stdio --no-children -g none -i ours.data --sort sym 2>/dev/null >report &&
	grep -v "^#" report | grep "%" | head -2 | sed "s/.*\] //" | sort >actual &&
	printf "hot_loop_a\nhot_loop_b\n" >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'call graphs reach main' '
	upstream_perf report --stdio -i ours.data --sort sym -G 2>/dev/null >graph &&
	grep -q "main" graph
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'every MMAP2 of the demo carries its readelf build-id' '
	upstream_perf script -i ours.data --show-mmap-events 2>/dev/null >script &&
	grep "PERF_RECORD_MMAP2.*r-xp $WORKLOADS/demo\$" script >mmaps &&
	line_count_is 1 mmaps &&
	sed "s/.*<\([0-9a-f]*\)>.*/\1/" mmaps >actual &&
	demo_id >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'the kernel map carries the running kernel build-id' '
	grep "PERF_RECORD_MMAP2 -1/0: .*\[kernel.kallsyms\]_text\$" script >kmap &&
	line_count_is 1 kmap &&
	sed "s/.*<\([0-9a-f]*\)>.*/\1/" kmap >actual &&
	"$UPSTREAM_PERF" buildid-list -k >expect &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'default mode: build-id table and cache' '
	perf record -q -o table.data -- "$WORKLOADS/demo" 0.3 >/dev/null &&
	echo "$(demo_id) $WORKLOADS/demo" >expect_line &&
	id=$(demo_id) &&
	rest=${id#??} && first=${id%$rest} &&
	test -L "$HOME/.debug/.build-id/$first/$rest" &&
	echo "../..$WORKLOADS/demo/$id" >expect &&
	readlink "$HOME/.debug/.build-id/$first/$rest" >actual &&
	test_cmp expect actual &&
	cmp "$WORKLOADS/demo" "$HOME/.debug/.build-id/$first/$rest/elf" &&
	kid=$("$UPSTREAM_PERF" buildid-list -k) &&
	test -s "$HOME/.debug/[kernel.kallsyms]/$kid/kallsyms"
'

# Written from the text read at start-up, not read again at the end: the
# entry must still be the whole file (one module loaded meanwhile aside).
test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'the cached kallsyms is the running kernel'"'"'s, whole' '
	kid=$("$UPSTREAM_PERF" buildid-list -k) &&
	cmp "$HOME/.debug/[kernel.kallsyms]/$kid/kallsyms" /proc/kallsyms &&
	PERF_BUILDID_DIR="$PWD/b-cache" perf record -q -B -o b.data -- "$WORKLOADS/demo" 0.1 >/dev/null &&
	path_is_missing b-cache
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'upstream buildid-list reads our table' '
	upstream_perf buildid-list -i table.data >list 2>/dev/null &&
	grep -Fx "$(cat expect_line)" list &&
	kid=$("$UPSTREAM_PERF" buildid-list -k) &&
	grep -Fx "$kid [kernel.kallsyms]" list
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'our buildid-list equals upstream on our file' '
	perf buildid-list -i table.data >ours &&
	test_cmp list ours &&
	test "$(wc -l <ours)" -ge 3
'

test_expect_success PERF_EVENTS 'PERF_BUILDID_DIR moves the cache, -N skips it' '
	PERF_BUILDID_DIR="$PWD/cache" perf record -q -o c.data -- "$WORKLOADS/demo" 0.1 >/dev/null &&
	test -d cache/.build-id &&
	PERF_BUILDID_DIR="$PWD/nocache" perf record -q -N -o n.data -- "$WORKLOADS/demo" 0.1 >/dev/null &&
	path_is_missing nocache
'

test_expect_success PERF_EVENTS 'the exit status of the workload is ours' '
	test_expect_code 3 perf record -q -o st.data -- sh -c "exit 3"
'

test_expect_success PERF_EVENTS 'a workload that cannot be run is reported' '
	test_expect_code 255 perf record -q -o nx.data -- ./does-not-exist 2>err &&
	echo "Failed to collect '\''cpu-clock'\'' for the '\''./does-not-exist'\'' workload: No such file or directory" >expect &&
	test_cmp expect err
'

test_expect_success 'an unknown event is a usage error like upstream' '
	test_expect_code 129 perf record -e foo -o x.data -- true 2>err &&
	head -3 err >actual &&
	cat >expect <<-\EOF &&
	event syntax error: '\''foo'\''
	                     \___ parser error
	Run '\''perf list'\'' for a list of valid events
	EOF
	test_cmp expect actual &&
	path_is_missing x.data
'

test_expect_success 'bad option values are usage errors' '
	test_expect_code 129 perf record -F abc -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record -m 0 -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --call-graph dwarf,0 -o x.data -- true 2>/dev/null &&
	test_expect_code 129 perf record --no-such-option -- true 2>/dev/null
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '-F above the kernel limit is throttled to it, like upstream' '
	perf record -F 1000000000 -o fmax.data -- true 2>err &&
	limit=$(sed -n "1s/^warning: Maximum frequency rate (\([0-9]*\) Hz) exceeded, throttling from 1000000000 Hz to \1 Hz\.$/\1/p" err) &&
	test -n "$limit" &&
	cat >expect <<-EOF &&
	         The limit can be raised via /proc/sys/kernel/perf_event_max_sample_rate.
	         The kernel will lower it when perf'\''s interrupts take too long.
	         Use --strict-freq to disable this throttling, refusing to record.
	EOF
	sed -n 2,4p err >actual &&
	test_cmp expect actual &&
	echo "cpu-clock: sample_freq=$limit" >expect &&
	upstream_perf evlist -F -i fmax.data >actual &&
	test_cmp expect actual &&
	perf record -q -F 1000000000 -o fmax.data -- true 2>err &&
	test_must_be_empty err
'

test_expect_success '--strict-freq refuses instead, and leaves no file' '
	test_expect_code 234 perf record --strict-freq -F 1000000000 -o strict.data -- true 2>err &&
	limit=$(sed -n "1s/^error: Maximum frequency rate (\([0-9]*\) Hz) exceeded\.$/\1/p" err) &&
	test -n "$limit" &&
	cat >expect <<-EOF &&
	       Please use -F freq option with a lower value or consider
	       tweaking /proc/sys/kernel/perf_event_max_sample_rate.
	EOF
	sed 1d err >actual &&
	test_cmp expect actual &&
	path_is_missing strict.data
'

test_expect_success '-F and -c together are refused, in either order, like upstream' '
	echo "cannot set frequency and period at the same time" >expect &&
	test_expect_code 234 perf record -F 999 -c 1000 -o both.data -- true 2>actual &&
	test_cmp expect actual &&
	test_expect_code 234 perf record -c 1000 -F 999 -o both.data -- true 2>actual &&
	test_cmp expect actual &&
	path_is_missing both.data
'

test_expect_success PERF_EVENTS 'a process that does not exist' '
	test_expect_code 1 perf record -p 999999999 -o x.data 2>err &&
	echo "Couldn'\''t create thread/CPU maps: No such process" >expect &&
	test_cmp expect err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF,ROOT 'the [vdso] entry carries the build-id of the vDSO image' '
	sleep 30 &
	pid=$! &&
	test_when_finished "kill $pid" &&
	# its maps are sleep'"'"'s once it has exec'"'"'ed (a busy machine may not be there yet)
	wait_for_exec $pid sleep &&
	set -- $(sed -n "s/^\([0-9a-f]*\)-\([0-9a-f]*\) .*\[vdso\]$/\1 \2/p" /proc/$pid/maps) &&
	dd if=/proc/$pid/mem of=vdso.so bs=4096 skip=$((0x$1 / 4096)) count=$(((0x$2 - 0x$1) / 4096)) 2>/dev/null &&
	id=$(readelf -n vdso.so | sed -n "s/.*Build ID: //p") &&
	test -n "$id" &&
	perf record -q -o vdso.data -- "$WORKLOADS/demo" 0.1 >/dev/null &&
	upstream_perf buildid-list -i vdso.data >list &&
	grep -Fx "$id [vdso]" list
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'read_format LOST is asked for, like upstream' '
	perf record -q -o lost.data -- true &&
	upstream_perf evlist -v -i lost.data >evlist &&
	grep "read_format: ID|LOST" evlist
'

test_done
