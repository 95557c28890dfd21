// SPDX-License-Identifier: GPL-2.0
// Scopes the inline-chain index of util/symbols/srcline-inline.c must
// find as the plain DIE walk does: functions inside namespaces and
// classes (C++ nests their DIEs there), inlined members and templates.
// Built into tools/perf/tests/fuzz/corpus/srcline/cpp-scopes.debug with
//   clang++ -O2 -g -o cpp-scopes.debug srcline-scopes.cc
// (clang keeps a namespace function's definition inside its namespace DIE,
// g++ at the unit's top level, where the index needs nothing special)
namespace outer {
namespace inner {
struct acc {
	unsigned long v;
	__attribute__((always_inline)) inline void add(unsigned long x) { v = v * 31 + x; }
	__attribute__((noinline)) void twice(unsigned long x) { add(x); add(x ^ 7); }
};
template <typename T> __attribute__((noinline)) T mix(T a, T b)
{
	acc c = { a };

	c.add(b);
	return c.v;
}
} // namespace inner

__attribute__((noinline)) unsigned long run(unsigned long n)
{
	inner::acc a = { 1 };

	for (unsigned long i = 0; i < n; i++) {
		a.twice(i);
		a.v += inner::mix<unsigned long>(a.v, i) + inner::mix<unsigned int>(i, 3);
	}
	return a.v;
}
} // namespace outer

int main(int argc, char **argv)
{
	(void)argv;
	return (int)(outer::run((unsigned long)argc * 1000) & 1);
}
