#!/bin/bash
test_description='the shared model never reaches up into a command

util/ is the model every command uses; the commands (tools/perf/*.c and
their headers) sit on top.  A util/ file that includes a command header
makes a circle between the two, and the model then builds only with that
command linked in.  This reads the #include lines of the tree.'
. "$(dirname "$0")/lib/test-lib.sh"

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

test_done
