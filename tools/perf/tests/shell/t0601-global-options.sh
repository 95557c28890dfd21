#!/bin/bash
test_description='perf [OPTIONS] COMMAND: upstream'"'"'s global options

--buildid-dir chooses the build-id cache as upstream'"'"'s does (same layout
as upstream perf writes with it), --debug verbose=N gives the command N -v,
-v/--version and -vv/--build-options print the version, a bad global
option is one line and the usage with exit 129.'
. "$(dirname "$0")/lib/test-lib.sh"

DEMO="$WORKLOADS/demo"

test_expect_success '--version, -v, version: one line' '
	perf --version >out &&
	grep -x "perf version [0-9.]*[0-9a-z.]*" out &&
	perf -v >out2 && test_cmp out out2 &&
	perf version >out3 && test_cmp out out3
'

test_expect_success '-vv, --version --build-options, version --build-options: the features' '
	perf -vv >out &&
	head -1 out | grep "^perf version " &&
	grep -E "^ +dwarf: \[ on  \]  # HAVE_DWARF_SUPPORT$" out &&
	grep -E "^ +zstd: \[ on  \]" out &&
	perf --version --build-options >out2 && test_cmp out out2 &&
	perf version --build-options >out3 && test_cmp out out3
'

test_expect_success '--buildid-dir DIR: the cache goes there, not to ~/.debug' '
	perf --buildid-dir "$PWD/ours" buildid-cache -a "$DEMO" &&
	id=$(readelf -n "$DEMO" | sed -n "s/.*Build ID: //p") &&
	test -e "ours/.build-id/${id%${id#??}}/${id#??}" &&
	test ! -e "$HOME/.debug" &&
	perf --buildid-dir="$PWD/ours" buildid-cache -l >list &&
	grep "^$id " list
'

test_expect_success UPSTREAM_PERF '--buildid-dir: the layout upstream writes with it' '
	"$UPSTREAM_PERF" --buildid-dir "$PWD/up" buildid-cache -a "$DEMO" &&
	# upstream adds an empty "probes" file for perf probe, which we lack
	(cd up && find . | grep -v "/probes\$" | sort) >up.tree &&
	(cd ours && find . | sort) >ours.tree &&
	test_cmp up.tree ours.tree
'

test_expect_success '--buildid-dir beats PERF_BUILDID_DIR' '
	PERF_BUILDID_DIR="$PWD/env" perf --buildid-dir "$PWD/opt" buildid-cache -a "$DEMO" &&
	test -d opt/.build-id && test ! -e env
'

test_expect_success '--debug verbose[=N] is the command'"'"'s -v' '
	perf --buildid-dir "$PWD/v" buildid-cache -a "$DEMO" &&
	perf --debug verbose --buildid-dir "$PWD/v" buildid-cache -P 2>err &&
	grep "^Removed 1 entries$" err &&
	perf --buildid-dir "$PWD/v" buildid-cache -a "$DEMO" &&
	perf --buildid-dir "$PWD/v" buildid-cache -P 2>err &&
	test_must_be_empty err
'

test_expect_success 'bad global options: one line and the usage, exit 129' '
	test_expect_code 129 perf --buildid-dir 2>err &&
	grep "^No directory given for --buildid-dir.$" err &&
	test_expect_code 129 perf --debug 2>err &&
	grep "^No variable specified for --debug.$" err &&
	test_expect_code 129 perf --debug bogus version 2>err &&
	grep "^Unknown option name for --debug: bogus$" err &&
	test_expect_code 129 perf --debug verbose=x version 2>err &&
	test_expect_code 129 perf --bogus version >out 2>err &&
	test_must_be_empty out &&
	grep "^Unknown option: --bogus$" err &&
	grep "^ Usage: perf \[--version\] \[--help\] \[OPTIONS\] COMMAND \[ARGS\]$" err &&
	test_expect_code 1 perf nosuch 2>err &&
	grep "not a perf-command" err
'

test_expect_success '--list-cmds names every command' '
	perf --list-cmds >out &&
	for c in record report script inject buildid-list buildid-cache config help version
	do
		grep -w -- "$c" out || return 1
	done
'

test_done
