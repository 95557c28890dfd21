#!/bin/bash
test_description='perf report and perf script unwind --call-graph dwarf samples as upstream

A program and a shared library built -O2 -fomit-frame-pointer -g (no frame
pointer to follow: only the CFI unwinds them) are recorded by upstream
perf record --call-graph dwarf.  Our perf report --no-children and perf
script must show the call chains upstream shows on that file: the user
frames come from unwinding each sample'"'"'s stack copy with libdwfl, the
kernel frames from the chain the sample carries.  Upstream runs with
--no-inline: its inline frames come from source lines, which this
comparison leaves out; their own tests compare upstream'"'"'s default, where
libc'"'"'s start-up function shows under its DWARF name, inlined.  Walks
that end in the dynamic loader'"'"'s start code (no CFI there) reached the
outermost frame: no warning.'
. "$(dirname "$0")/lib/test-lib.sh"



# The hot entries (no ties, so no order upstream may vary) and the
# folded chains under them: comm, dso, symbol and every caller.
top_chains () {
	grep -v "^#" | grep -v "^$" | head -${1:-60}
}

# The same, every line at 0.5% or more, sorted: chains of equal weight
# under one entry (two samples each, in a longer recording) come in an
# order upstream takes from its DSO objects' addresses across DSOs, so
# the set is compared, not the order.
chain_set () {
	grep -v "^#" | grep -v "^$" |
	awk '{ p = $1; sub("%", "", p); if (p + 0 >= 0.5) print }' | sort
}

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'setup: upstream records a -fomit-frame-pointer program with --call-graph dwarf' '
	gcc -O2 -fomit-frame-pointer -g -fPIC -shared -o libdwdemo.so \
		"$SHARNESS_TEST_SRCDIR/lib/dwdemo-lib.c" &&
	gcc -O2 -fomit-frame-pointer -g -o dwdemo "$SHARNESS_TEST_SRCDIR/lib/dwdemo-main.c" \
		-L. -ldwdemo -Wl,-rpath,"$PWD" &&
	upstream_record -q -e cpu-clock -F 1999 --call-graph dwarf -o up.data -- ./dwdemo 400 \
		>/dev/null &&
	upstream_perf report --stdio --no-children -i up.data 2>/dev/null >up.txt &&
	grep -q lib_leaf up.txt
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --no-children: the chains of the top entries are upstream'"'"'s' '
	upstream_perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
		-i up.data 2>/dev/null | top_chains >expect &&
	perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym -i up.data \
		2>report.err | top_chains >actual &&
	test_cmp expect actual &&
	# the library frames were unwound through the executable to main
	grep "lib_leaf" actual | grep -q "lib_mid;via_lib;work;main" &&
	grep "spin" actual | grep -q "via_spin;work;main"
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report --no-children graph: the same callers' '
	upstream_perf report --no-inline --stdio --no-children --sort comm,dso,sym -i up.data \
		2>/dev/null | top_chains 80 >expect &&
	perf report --no-inline --stdio --no-children --sort comm,dso,sym -i up.data 2>/dev/null |
		top_chains 80 >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'script: every sample'"'"'s chain is upstream'"'"'s' '
	upstream_perf script --no-inline -F comm,tid,time,ip,sym,dso -i up.data 2>/dev/null \
		>expect &&
	perf script --no-inline -F comm,tid,time,ip,sym,dso -i up.data 2>script.err >actual &&
	test_cmp expect actual &&
	grep -q "lib_mid (.*libdwdemo.so)" actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'default (inline frames): script and report are upstream'"'"'s' '
	upstream_perf script -F comm,tid,time,ip,sym,dso -i up.data 2>/dev/null >expect &&
	perf script -F comm,tid,time,ip,sym,dso -i up.data 2>/dev/null >actual &&
	test_cmp expect actual &&
	grep -q "__libc_start_main_impl (inlined)" actual &&
	upstream_perf report --stdio --no-children -g folded --sort comm,dso,sym -i up.data \
		2>/dev/null | top_chains >expect &&
	perf report --stdio --no-children -g folded --sort comm,dso,sym -i up.data \
		2>/dev/null | top_chains >actual &&
	test_cmp expect actual &&
	upstream_perf report --stdio --no-children --sort comm,dso,sym -i up.data 2>/dev/null |
		top_chains 80 >expect &&
	perf report --stdio --no-children --sort comm,dso,sym -i up.data 2>/dev/null |
		top_chains 80 >actual &&
	test_cmp expect actual
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '64 KiB stacks per sample: the same chains, nothing lost' '
	upstream_record -q -e cpu-clock -F 999 --call-graph dwarf,65528 -o big.data -- \
		./dwdemo 200 >/dev/null &&
	upstream_perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym \
		-i big.data 2>/dev/null | chain_set >expect &&
	perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym -i big.data \
		2>big.err | chain_set >actual &&
	test $(wc -l <actual) -ge 4 &&
	test_cmp expect actual &&
	! grep "could not be unwound" big.err
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF '--max-stack bounds the unwound frames apart from the kernel'"'"'s, as upstream' '
	# a sample taken in the kernel, cut to one kernel frame, still has
	# its user frame: the children of the user functions count it.
	# Rows only: a kernel chain cut to its outermost frames ends in the
	# sample'"'"'s ip in our graphs, not in upstream'"'"'s (callchain.c, the
	# --max-stack cut), a line that shows once such samples pass the
	# graph threshold (seen in CI, the dwdemo preempted under load)
	for n in 1 2
	do
		upstream_perf report --stdio --children -g none --max-stack $n --sort comm,dso,sym \
			-i up.data 2>/dev/null | grep -v "^#" | grep -v "^\$" | sort >expect.$n &&
		perf report --stdio --children -g none --max-stack $n --sort comm,dso,sym -i up.data \
			2>/dev/null | grep -v "^#" | grep -v "^\$" | sort >actual.$n &&
		test_cmp expect.$n actual.$n || return 1
	done &&
	upstream_perf script --max-stack 1 -F ip,sym -i up.data 2>/dev/null >expect &&
	perf script --max-stack 1 -F ip,sym -i up.data 2>/dev/null >actual &&
	test_cmp expect actual
'

# The dynamic loader's start code has no CFI: a walk ends there with an
# error from libdwfl, yet that frame is the outermost (_start while the
# loader maps the libraries, _dl_start_user while their constructors
# run), so no stack was "not unwound".  It was said for every sample of
# a constructor, and for the odd sample of a busy machine'"'"'s start-up.
test_expect_success PERF_EVENTS,UPSTREAM_PERF 'a library constructor: chains end in the loader, no false alarm' '
	cat >ctor.c <<-\EOF &&
	volatile unsigned long sink;
	__attribute__((noinline)) void ctor_spin(void)
	{
		unsigned long i;

		for (i = 0; i < 300000000; i++)
			sink += i;
	}
	__attribute__((constructor)) static void init(void) { ctor_spin(); }
	EOF
	echo "int main(void) { return 0; }" >ctormain.c &&
	gcc -O2 -fomit-frame-pointer -g -fPIC -shared -o libctor.so ctor.c &&
	gcc -O2 -g -o ctormain ctormain.c -Wl,--no-as-needed -L. -lctor \
		-Wl,-rpath,"$PWD" &&
	perf record -q -e cpu-clock -F 999 --call-graph dwarf -o ctor.data -- ./ctormain &&
	perf report --stdio --no-children -g folded --sort comm,dso,sym -i ctor.data \
		2>ctor.err | chain_set >actual &&
	grep -q "ctor_spin;call_init;.*_dl_init;_dl_start_user" actual &&
	! grep "could not be unwound" ctor.err &&
	upstream_perf report --stdio --no-children -g folded --sort comm,dso,sym -i ctor.data \
		2>/dev/null | chain_set >expect &&
	test_cmp expect actual
'

test_done
