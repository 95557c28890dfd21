#!/bin/bash
test_description='a lower layer never reaches up into a higher one

tools/perf/util/ is the model every command uses, in layer folders ranked
from the bottom up (README, "Tour"):

  base < symbols < data < cache < session < model < hists < commands

where "commands" is tools/perf/*.[ch] and every command folder beside
its builtin (record/, report/, script/, inject/, buildid-list/).  A file
may include headers of its own folder and of lower ranks only, named by
their path from tools/perf/ ("util/model/dso.h").  An include that goes
up (as util/build-id-store.c once called back into
builtin-buildid-list.c) makes a circle: the lower layer then builds only
with the higher one linked in.  This reads the #include lines and the
symbols the built objects need.'
. "$(dirname "$0")/lib/test-lib.sh"

OBJ="$MMAP3_TOP/build/obj/tools/perf"

# The ranks; a util/ folder missing here is an error, not a free pass.
LAYERS="base symbols data cache session model hists"

# rank_awk: awk code, rank(path) of a tools/perf-relative path: 1.. for
# util/<layer>/, 0 for an unranked util/ path, 99 for the commands.
rank_awk='
function rank(p,   parts) {
	if (p !~ /^util\//)
		return 99
	split(p, parts, "/")
	if (!(parts[2] in rk) || p !~ /^util\/[^\/]+\/[^\/]+$/)
		return 0
	return rk[parts[2]]
}
BEGIN { n = split(layers, l, " "); for (i = 1; i <= n; i++) rk[l[i]] = i }
'

# up_includes DIR: "file: header" for each util/ file under DIR that
# includes a header of a higher rank, one not named by its path from DIR,
# or anything of an unranked place (util/*.c, util/newfolder/).
up_includes () {
	(cd "$1" && find util -name "*.[ch]" | sort | while read -r f; do
		grep -H "^#[ 	]*include[ 	]*\"" "$f" |
		sed "s/:#[ 	]*include[ 	]*\"\\([^\"]*\\)\".*/ \\1/" |
		while read -r file hdr; do
			if [ -f "$hdr" ]; then
				echo "$file $hdr"
			else
				echo "$file $hdr missing"
			fi
		done
		# a file of an unranked place says so even if it includes nothing
		echo "$f -"
	done) |
	awk -v layers="$LAYERS" "$rank_awk"'
	     $2 == "-" { if (!rank($1)) print $1 ": not in a layer folder"; next }
	     $3 == "missing" { print $1 ": " $2 " (not a path from tools/perf/)"; next }
	     rank($1) && rank($2) > rank($1) { print $1 ": " $2 }' | sort -u
}

test_expect_success 'every util/ folder has its rank' '
	(cd "$MMAP3_TOP/tools/perf/util" && ls -d */ | tr -d /) >folders &&
	for d in $(cat folders); do
		case " $LAYERS " in *" $d "*) ;; *) echo "$d" ;; esac
	done >unranked &&
	test_must_be_empty unranked
'

test_expect_success 'no util/ file includes a higher layer or a command' '
	up_includes "$MMAP3_TOP/tools/perf" >bad &&
	test_must_be_empty bad
'

test_expect_success 'the check sees such includes' '
	mkdir -p fake/util/base fake/util/model fake/util/hists fake/record &&
	: >fake/builtin.h && : >fake/record/record.h &&
	: >fake/util/hists/hist.h && : >fake/util/base/debug.h &&
	printf "#include <stdio.h>\n#include \"builtin.h\"\n" >fake/util/model/x.c &&
	printf "#include \"../perf.h\"\n#include \"util/base/debug.h\"\n" >fake/util/model/y.h &&
	printf "#include \"util/hists/hist.h\"\n#include \"record/record.h\"\n" >fake/util/model/z.c &&
	printf "#include \"debug.h\"\n" >fake/util/base/w.c &&
	: >fake/util/loose.c &&
	up_includes fake >bad &&
	cat >expect <<-\EOF &&
	util/base/w.c: debug.h (not a path from tools/perf/)
	util/loose.c: not in a layer folder
	util/model/x.c: builtin.h
	util/model/y.h: ../perf.h (not a path from tools/perf/)
	util/model/z.c: record/record.h
	util/model/z.c: util/hists/hist.h
	EOF
	test_cmp expect bad
'

test_expect_success 'the objects are built' '
	ls "$OBJ"/builtin-*.o >/dev/null &&
	ls "$OBJ"/util/*/*.o >/dev/null
'

# needs_up OBJDIR [SRCDIR]: "source: symbol" for each object of a util/
# layer that needs a symbol defined in a higher layer or a command.  With
# SRCDIR, objects whose source is gone (left by an older tree) are skipped.
needs_up () {
	(cd "$1" && find . -name "*.o" ! -path "./tests/*" ! -name perf.o | sed "s|^\\./||" | sort |
	 while read -r o; do
		if [ -n "$2" ] && [ ! -f "$2/${o%.o}.c" ]; then
			continue
		fi
		nm --defined-only -g "$o" | awk -v o="${o%.o}.c" "NF == 3 { print o, \"def\", \$3 }"
		nm -u "$o" | awk -v o="${o%.o}.c" "NF == 2 { print o, \"use\", \$2 }"
	 done) |
	awk -v layers="$LAYERS" "$rank_awk"'
	     $2 == "def" { def[$3] = rank($1); next }
	     { use[NR] = $1 " " $3 }
	     END {
		for (i in use) {
			split(use[i], u, " ")
			if ((u[2] in def) && rank(u[1]) && def[u[2]] > rank(u[1]))
				print u[1] ": " u[2]
		}
	     }' | sort -u
}

test_expect_success 'no util object needs a symbol of a higher layer' '
	needs_up "$OBJ" "$MMAP3_TOP/tools/perf" >crossing &&
	test_must_be_empty crossing
'

test_expect_success 'the object check sees such a need' '
	mkdir -p o/util/symbols o/util/cache &&
	printf "int up(void);\nint low(void) { return up(); }\n" >o/low.c &&
	printf "int up(void) { return 1; }\n" >o/up.c &&
	${CC:-cc} -c -o o/util/symbols/low.o o/low.c &&
	${CC:-cc} -c -o o/util/cache/up.o o/up.c &&
	needs_up o >crossing &&
	echo "util/symbols/low.c: up" >expect &&
	test_cmp expect crossing
'

test_done
