#!/bin/bash
test_description='the shared model never reaches up into a command

util/ is the model every command uses; the commands (tools/perf/*.c and
their headers) sit on top.  A util/ file that includes a command header,
or an object of util/ that needs a symbol only a builtin defines (as
buildid-list/store.c once called back into builtin-buildid-list.c), makes a
circle between the two: the model then builds only with that command
linked in.  This reads the #include lines and the built objects.'
. "$(dirname "$0")/lib/test-lib.sh"

OBJ="$MMAP3_TOP/build/obj/tools/perf"

# up_includes DIR: "file: header" for each util/ file under DIR that
# includes one of DIR's command headers, or anything through "../".
up_includes () {
	(cd "$1" && ls *.h 2>/dev/null) >commands &&
	(cd "$1" && grep -H "^#include \"" util/*.[ch]) |
	sed "s/:#include \"\\(.*\\)\".*/ \\1/" |
	awk "NR == FNR { cmd[\$1] = 1; next }
	     (\$2 in cmd) || (\$2 ~ /^\\.\\.\\//) { print \$1 \": \" \$2 }" commands -
}

test_expect_success 'no util/ file includes a command header' '
	up_includes "$MMAP3_TOP/tools/perf" >bad &&
	test_must_be_empty bad
'

test_expect_success 'the check sees such an include' '
	mkdir -p fake/util &&
	: >fake/builtin.h &&
	printf "#include <stdio.h>\n#include \"builtin.h\"\n" >fake/util/x.c &&
	printf "#include \"../perf.h\"\n#include \"util/y.h\"\n" >fake/util/y.h &&
	up_includes fake >bad &&
	printf "util/x.c: builtin.h\nutil/y.h: ../perf.h\n" >expect &&
	test_cmp expect bad
'

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
