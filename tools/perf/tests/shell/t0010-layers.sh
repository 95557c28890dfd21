#!/bin/bash
test_description='util/ never calls into a command

The model (tools/perf/util/) is below the commands (builtin-*.c): no
object of util/ may use a symbol that only a builtin defines (it did:
build-id-store.c called back into builtin-buildid-list.c).'
. "$(dirname "$0")/lib/test-lib.sh"

OBJ="$MMAP3_TOP/build/obj/tools/perf"

test_expect_success 'the objects are built' '
	ls "$OBJ"/builtin-*.o >/dev/null &&
	ls "$OBJ"/util/*.o >/dev/null
'

test_expect_success 'no util object needs a symbol of a builtin' '
	nm --defined-only -g "$OBJ"/builtin-*.o | awk "NF == 3 { print \$3 }" | sort -u >builtin-syms &&
	nm -u "$OBJ"/util/*.o | awk "NF == 2 { print \$2 }" | sort -u >util-needs &&
	comm -12 builtin-syms util-needs >crossing &&
	test_must_be_empty crossing
'

test_done
