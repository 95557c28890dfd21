#!/bin/bash
test_description='perf report and perf script --demangle / --no-demangle, as upstream

A C++ program (a namespace, a template, a std::map argument) is built and
recorded with our perf.  By default both commands show its functions
demangled ("ns::spin"), --no-demangle shows the names as in the binary
("_ZN2ns4spin..."), for a user who greps a symbol table or feeds the
names to c++filt; with -v, as upstream, with their parameter lists; each
output is upstream 6.1'"'"'s on the same file.'
. "$(dirname "$0")/lib/test-lib.sh"

command -v g++ >/dev/null && test_set_prereq CXX

test_expect_success PERF_EVENTS,CXX 'setup: build and record a C++ program' '
	cat >cxx.cc <<-\EOF &&
	#include <cstdio>
	#include <cstdlib>
	#include <map>
	namespace ns {
	template <typename T> struct Box { T v; };
	__attribute__((noinline)) long spin(const std::map<int, Box<long>> &m, long n)
	{
		long s = 0;
		for (long i = 0; i < n; i++)
			s += m.at((int)(i & 7)).v * i;
		return s;
	}
	}
	int main(int argc, char **argv)
	{
		std::map<int, ns::Box<long>> m;
		for (int i = 0; i < 8; i++)
			m[i] = ns::Box<long>{i};
		printf("%ld\n", ns::spin(m, argc > 1 ? atol(argv[1]) : 20000000));
		return 0;
	}
	EOF
	g++ -O1 -g -fno-omit-frame-pointer -o cxx cxx.cc &&
	perf record -q -g -e cpu-clock -c 100000 -o c.data -- ./cxx >/dev/null
'

MANGLED=_ZN2ns4spinERKSt3mapIiNS_3BoxIlEESt4lessIiESaISt4pairIKiS2_EEEl

test_expect_success PERF_EVENTS,CXX 'report: demangled by default, raw with --no-demangle' '
	perf report --stdio --no-children -g none -i c.data >out &&
	grep -E "^ +[0-9.]+% +cxx +cxx +\[\.\] ns::spin\$" out &&
	! grep "_ZN" out &&
	perf report --stdio --demangle --no-children -g none -i c.data >again &&
	test_cmp out again &&
	perf report --stdio --no-demangle --no-children -g none -i c.data >raw &&
	grep -E "\[\.\] $MANGLED\$" raw &&
	! grep "ns::spin" raw
'

test_expect_success PERF_EVENTS,CXX 'script: the frames of a chain too' '
	perf script -i c.data >out &&
	grep -E "ns::spin\+0x[0-9a-f]+ \(.*/cxx\)\$" out &&
	perf script --no-demangle -i c.data >raw &&
	grep -E "$MANGLED\+0x[0-9a-f]+ \(.*/cxx\)\$" raw &&
	! grep "ns::spin" raw
'

# Rows of unresolved addresses are left out on both sides (report_as_upstream);
# the graphs keep to the hot path (a 5% threshold: no ties among kernel
# frames).
for opts in "--no-children -g none" "--no-demangle --no-children -g none" "-g graph,5" \
	    "--no-demangle -g graph,5" "--no-demangle --no-children -g caller,5" \
	    "-v --no-children -g none" "-v --no-demangle --no-children -g none"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,CXX "report $opts: identical to upstream" "
		report_as_upstream c.data $opts
	"
done

for opts in "" "--no-demangle" "--no-demangle -F comm,tid,ip,sym" "-v"
do
	test_expect_success PERF_EVENTS,UPSTREAM_PERF,CXX "script $opts: identical to upstream" "
		script_as_upstream c.data $opts
	"
done

test_done
