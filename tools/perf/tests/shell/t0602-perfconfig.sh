#!/bin/bash
test_description='perfconfig: upstream'"'"'s files, syntax and precedence; perf config

perf config writes $HOME/.perfconfig as upstream writes it and both perfs
read each other'"'"'s; PERF_CONFIG names another file (/dev/null: none);
buildid.dir, report.children and record.build-id act like their options and
the command line wins; a file that is a directory, a bad line, an unknown
key: one line each and the command goes on, as upstream'"'"'s does.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"

test_expect_success 'perf config --user writes what upstream writes' '
	perf config --user report.children=false buildid.dir=/tmp/nowhere &&
	mv .perfconfig ours.cfg &&
	"$UPSTREAM_PERF" config --user report.children=false buildid.dir=/tmp/nowhere &&
	mv .perfconfig up.cfg &&
	test_cmp up.cfg ours.cfg
' 

test_expect_success 'get, list, and upstream lists what we wrote' '
	cp ours.cfg .perfconfig &&
	perf config report.children >out &&
	echo report.children=false >expect &&
	test_cmp expect out &&
	perf config REPORT.children >out &&
	test_cmp expect out &&
	perf config report.nosuch >out &&
	test_must_be_empty out &&
	perf config -l >ours.list &&
	"$UPSTREAM_PERF" config -l >up.list &&
	test_cmp up.list ours.list
'

test_expect_success 'set replaces in place, keeps the rest' '
	perf config report.children=true &&
	perf config -l >out &&
	printf "report.children=true\nbuildid.dir=/tmp/nowhere\n" >expect &&
	test_cmp expect out
'

test_expect_success 'syntax: comments, quotes, subsections, case' '
	cat >.perfconfig <<-\EOF &&
	# a comment
	; another
	[Report]
		Children = "false" # trailing
	[record]
		build-id = no-cache ; trailing
	[pager "x"]
		y = 1
	EOF
	perf config -l >out &&
	printf "report.children=false\nrecord.build-id=no-cache\npager.x.y=1\n" >expect &&
	test_cmp expect out &&
	"$UPSTREAM_PERF" config -l >up &&
	test_cmp expect up
'

test_expect_success 'PERF_CONFIG names the file; /dev/null reads none' '
	printf "[report]\n\tchildren = true\n" >alt.cfg &&
	PERF_CONFIG=$PWD/alt.cfg perf config -l >out &&
	echo report.children=true >expect &&
	test_cmp expect out &&
	PERF_CONFIG=/dev/null perf config -l >out 2>err &&
	test_must_be_empty out &&
	test_must_be_empty err &&
	PERF_CONFIG_NOSYSTEM=1 PERF_CONFIG=$PWD/alt.cfg perf config -l >out &&
	test_cmp expect out
'

test_expect_success 'buildid.dir chooses the cache; --buildid-dir wins' '
	printf "[buildid]\n\tdir = %s\n" "$PWD/cfgcache" >.perfconfig &&
	perf buildid-cache -a "$DEMO" &&
	test -d cfgcache/.build-id &&
	perf --buildid-dir "$PWD/optcache" buildid-cache -a "$DEMO" &&
	test -d optcache/.build-id &&
	rm -rf optcache &&
	PERF_BUILDID_DIR="$PWD/envcache" perf buildid-cache -a "$DEMO" &&
	test -d envcache/.build-id
'

test_expect_success PERF_EVENTS,UPSTREAM_PERF 'report.children: as --no-children, the option wins' '
	rm -f .perfconfig &&
	upstream_record -q -g -F 999 -o g.data -- "$DEMO" 0.2 >/dev/null &&
	perf report --stdio --no-children -i g.data >expect-no 2>/dev/null &&
	perf report --stdio --children -i g.data >expect-yes 2>/dev/null &&
	! test_cmp expect-no expect-yes >/dev/null &&
	printf "[report]\n\tchildren = false\n" >.perfconfig &&
	perf report --stdio -i g.data >out 2>/dev/null &&
	test_cmp expect-no out &&
	perf report --stdio --children -i g.data >out 2>/dev/null &&
	test_cmp expect-yes out &&
	"$UPSTREAM_PERF" report --stdio -i g.data >up 2>/dev/null &&
	grep "^# Children" expect-yes && ! grep "^# Children" up
'

test_expect_success PERF_EVENTS 'record.build-id=no-cache: nothing goes to the cache' '
	printf "[record]\n\tbuild-id = no-cache\n" >.perfconfig &&
	rm -rf .debug &&
	perf record -q -o nc.data -- "$DEMO" 0.05 >/dev/null 2>err &&
	test ! -e .debug &&
	printf "[record]\n\tbuild-id = bogus\n" >.perfconfig &&
	test_expect_code 234 perf record -q -o bad.data -- true 2>err &&
	test $(wc -l <err) = 1 &&
	grep "record.build-id .bogus. in perfconfig" err
'

test_expect_success 'a config that is a directory: one line, the command goes on' '
	rm -f .perfconfig && mkdir .perfconfig &&
	perf buildid-cache -l >/dev/null 2>err &&
	test $(wc -l <err) = 1 &&
	grep "perfconfig is not a regular file" err &&
	rmdir .perfconfig
'

test_expect_success 'a bad line: upstream'"'"'s one line, the command goes on' '
	printf "[report]\ngarbage here\n" >.perfconfig &&
	perf buildid-cache -l >/dev/null 2>err &&
	"$UPSTREAM_PERF" buildid-cache -l >/dev/null 2>up &&
	grep "^bad config file line 2 in $HOME/.perfconfig$" err &&
	test $(wc -l <err) = 1 &&
	test_cmp up err
'

test_expect_success 'an unknown key: named once, the command goes on' '
	printf "[colors]\n\ttop = red\n[bogus]\n\tkey = 1\n" >.perfconfig &&
	perf buildid-cache -l >/dev/null 2>err &&
	test $(wc -l <err) = 1 &&
	grep "not used by this perf.*colors.top bogus.key" err &&
	perf config -l >/dev/null 2>err &&
	test_must_be_empty err
'

test_expect_success 'a bad value: one line, exit 1' '
	printf "[report]\n\tchildren = maybe\n" >.perfconfig &&
	test_expect_code 1 perf report -i nosuch.data >out 2>err &&
	test $(wc -l <err) = 1 &&
	grep "report.children .maybe. in perfconfig is no boolean" err
'

test_expect_success 'perf config: bad names 255 as upstream, no arguments 129' '
	rm -f .perfconfig &&
	test_expect_code 255 perf config nosection 2>err &&
	grep "^The config variable does not contain a section name: nosection$" err &&
	test_expect_code 255 perf config "a b.c=1" 2>err &&
	test ! -e .perfconfig &&
	test_expect_code 129 perf config 2>err &&
	test_expect_code 129 perf config --user --system -l 2>err
'

test_done
