#!/bin/bash
test_description='man pages: ours rendered from Documentation/, found first

make renders Documentation/perf.txt and perf-*.txt with asciidoctor into
build/man/man1; make install puts perf and the pages under a prefix.  perf
help CMD (and perf CMD --help) runs man(1) with our man directory ahead of
MANPATH, as upstream puts its own: the page shown is ours, not upstream 6.1
perf'"'"'s installed in /usr/share/man.  With no rendered pages, the text of
Documentation/ is shown.'
. "$(dirname "$0")/lib/test-lib.sh"

command -v man >/dev/null && test_set_prereq MAN
# wide enough that a NAME line stays one line
export MANPAGER=cat MANWIDTH=1000

# the NAME line of our page for CMD, from Documentation/
name_line () {
	sed -n "s/^\(perf-$1 - .*\)/\1/p" "$MMAP3_TOP/Documentation/perf-$1.txt"
}

test_expect_success 'make install: perf and one page per Documentation/perf*.txt' '
	make -s -C "$MMAP3_TOP" install prefix="$PWD/inst" >out 2>&1 &&
	test -x inst/bin/perf &&
	(cd "$MMAP3_TOP/Documentation" && ls perf.txt perf-*.txt | sed "s/\.txt\$/.1/") >expect &&
	(cd inst/share/man/man1 && ls) >actual &&
	test_cmp expect actual
'

for cmd in record report script list diff archive
do
	test_expect_success MAN "installed: perf help $cmd opens our page through man" "
		inst/bin/perf help $cmd >out &&
		grep '^PERF-$(echo $cmd | tr a-z A-Z)(1) ' out &&
		grep -F \"\$(name_line $cmd)\" out &&
		grep '^OPTIONS' out
	"
done

test_expect_success MAN 'the page shown is ours, not upstream'"'"'s in /usr/share/man' '
	# the NAME lines are the same: MMAP3 is in ours only
	# (man-db also looks beside each PATH entry: build/asan/../man is ours)
	PATH=/usr/bin:/bin man -w perf-record >system.path &&
	case "$(cat system.path)" in /usr/share/man/*) ;; *) false ;; esac &&
	PATH=/usr/bin:/bin man perf-record >upstream.page &&
	grep -F "$(name_line record)" upstream.page &&
	! grep MMAP3 upstream.page &&
	PATH=/usr/bin:/bin inst/bin/perf help record >ours.page &&
	grep MMAP3 ours.page &&
	# the user'"'"'s MANPATH is kept, after ours
	PATH=/usr/bin:/bin MANPATH=/nonexistent inst/bin/perf help record >ours2.page &&
	test_cmp ours.page ours2.page
'

test_expect_success MAN 'a user finds the installed pages with MANPATH, as upstream'"'"'s' '
	MANPATH="$PWD/inst/share/man:" man -w perf-list >path &&
	test "$(cat path)" = "$PWD/inst/share/man/man1/perf-list.1" &&
	MANPATH="$PWD/inst/share/man:" man perf-list >page &&
	grep -F "$(name_line list)" page
'

test_expect_success MAN 'in the tree: perf help and CMD --help render build/man' '
	perf help diff >help.out &&
	grep "^PERF-DIFF(1) " help.out &&
	perf diff --help >help2.out &&
	test_cmp help.out help2.out &&
	perf help perf >main.out &&
	grep "^PERF(1) " main.out
'

test_expect_success 'no rendered page beside the binary: the text of Documentation/' '
	mkdir -p nopages/a/b &&
	cp "$PERF_BIN" nopages/a/b/perf &&
	test_expect_code 1 nopages/a/b/perf help record >out 2>err &&
	test_must_be_empty out &&
	grep "^No manual entry for perf-record\$" err
'

test_expect_success 'perf help NOSUCH: one line, exit 1, man not asked' '
	test_expect_code 1 inst/bin/perf help nosuch >out 2>err &&
	test_must_be_empty out &&
	echo "No manual entry for perf-nosuch" >expect &&
	test_cmp expect err
'

test_expect_success 'every rendered page has the sections a man page needs' '
	for p in inst/share/man/man1/*.1
	do
		grep -q "^\.SH \"NAME\"" "$p" &&
		grep -q "^\.SH \"SYNOPSIS\"" "$p" &&
		! grep -q "linkperf" "$p" || { echo "bad: $p"; return 1; }
	done
'

test_done
