#!/bin/bash
test_description='the remote analysis box: DWARF unwinding and source lines by build-id

A program and a shared library built -O2 -fomit-frame-pointer -g; prod
runs them stripped (no symbols, no DWARF: only .eh_frame is left), as
distributions ship them, and records with perf record --call-graph
dwarf.  The build box keeps the unstripped files and serves them with a
real debuginfod.  On the analysis box, with the files gone from their
recorded paths and only DEBUGINFOD_URLS set, our report and script must
unwind every chain and name every source line as upstream perf does on
a box that has the unstripped files at those paths (both with
--no-inline: t0465 compares the inline frames).'
. "$(dirname "$0")/lib/test-lib.sh"
. "$SHARNESS_TEST_SRCDIR/lib/remote-box.sh"

# Rows and folded chains, without the header and upstream's random tip.
rows () {
	grep -v "^#" | grep -v "^$"
}

# binutils' addr2line (upstream) names libc-start.c for the line of
# libc_start_call_main.h inlined there; libdw names the header.
binutils_fix () {
	sed -e "s/libc-start\.c:\([0-9]\{1,2\}\)\$/libc_start_call_main.h:\1/"
}

test_expect_success NETNS,PERF_EVENTS 'the build box keeps the unstripped files, prod runs them stripped' '
	mkdir -p prodhome anahome srv app &&
	gcc -O2 -fomit-frame-pointer -g -fPIC -shared -Wl,--build-id \
		-o srv/libdwdemo.so "$SHARNESS_TEST_SRCDIR/lib/dwdemo-lib.c" &&
	gcc -O2 -fomit-frame-pointer -g -Wl,--build-id -o srv/dwdemo \
		"$SHARNESS_TEST_SRCDIR/lib/dwdemo-main.c" \
		-Lsrv -ldwdemo -Wl,-rpath,"$PWD/app" &&
	strip -o app/libdwdemo.so srv/libdwdemo.so &&
	strip -o app/dwdemo srv/dwdemo &&
	! nm app/dwdemo 2>/dev/null | grep -q spin &&
	mkdir stripped && cp app/dwdemo app/libdwdemo.so stripped/ &&
	debuginfod_netns_up "$PROD" "$ANALYSIS" &&
	set -- $DEBUGINFOD_NETNS_ADDRS &&
	echo "$1" >build.addr
'

test_expect_success NETNS,PERF_EVENTS 'prod records with --call-graph dwarf' '
	on_prod perf record -q -e cpu-clock -F 1999 --call-graph dwarf -o prod.data \
		-- app/dwdemo 300 >/dev/null &&
	perf buildid-list -i prod.data >ids &&
	grep -q " $PWD/app/dwdemo\$" ids &&
	grep -q " $PWD/app/libdwdemo.so\$" ids
'

# The reference: upstream perf, on a box where the unstripped files sit
# at the recorded paths (and no cache holds the stripped ones).
test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'upstream, with the unstripped files in place' '
	cp srv/dwdemo srv/libdwdemo.so app/ &&
	upstream_perf report --no-inline --stdio --no-children -g folded \
		--sort comm,dso,sym -i prod.data 2>/dev/null | rows >expect.chains &&
	grep "lib_leaf" expect.chains | grep -q "lib_mid;via_lib;work;main" &&
	grep -q "spin;via_spin;work;main" expect.chains &&
	upstream_perf report --stdio --no-children -g none --sort dso,srcline \
		--dsos dwdemo,libdwdemo.so -i prod.data 2>/dev/null | rows >expect.lines &&
	grep -q "libdwdemo.so  *dwdemo-lib\.c:[0-9]" expect.lines &&
	grep -q "dwdemo  *dwdemo-main\.c:[0-9]" expect.lines &&
	upstream_perf script --no-inline -F comm,tid,time,ip,sym,srcline --dsos dwdemo,libdwdemo.so \
		-i prod.data 2>/dev/null | binutils_fix >expect.script &&
	test -s expect.script &&
	# ours too: what cannot be unwound even with the files
	perf report --no-inline --stdio --no-children -g folded --sort comm,dso,sym -i prod.data \
		>local.chains 2>local.err &&
	rm -r app
'

test_expect_success NETNS,PERF_EVENTS 'the build box serves them; analysis has no file' '
	debuginfod_server_start --netns "$PROD" --addr "$(cat build.addr)" \
		"$HOME/bstate" "$HOME/srv" &&
	echo "$DEBUGINFOD_SERVER_URL" >url &&
	! test -e app/dwdemo &&
	! test -e anahome/.debug
'

test_expect_success NETNS,PERF_EVENTS 'analysis without DEBUGINFOD_URLS: nothing unwound through them, and said' '
	on_analysis perf report --stdio --no-children -g folded --sort comm,dso,sym \
		-i prod.data >actual 2>err &&
	! grep -q "lib_mid;via_lib;work;main" actual &&
	grep -i "dwdemo" err
'

test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'analysis, DEBUGINFOD_URLS only: upstream'"'"'s chains' '
	URLS=$(cat url) on_analysis perf report --no-inline --stdio --no-children -g folded \
		--sort comm,dso,sym -i prod.data 2>report.err | rows >actual &&
	{ test_cmp expect.chains actual || { cat report.err; false; }; } &&
	# as many stacks left short as with the files at hand
	{ grep "could not be unwound" local.err || :; } >expect.unwound &&
	{ grep "could not be unwound" report.err || :; } >actual.unwound &&
	test_cmp expect.unwound actual.unwound
'

test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'analysis, DEBUGINFOD_URLS only: upstream'"'"'s source lines' '
	URLS=$(cat url) on_analysis perf report --stdio --no-children -g none \
		--sort dso,srcline --dsos dwdemo,libdwdemo.so -i prod.data 2>lines.err |
		rows >actual &&
	test_cmp expect.lines actual || { cat lines.err; false; }
'

test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'analysis: script -F srcline, every frame'"'"'s line as upstream' '
	URLS=$(cat url) on_analysis perf script --no-inline -F comm,tid,time,ip,sym,srcline \
		--dsos dwdemo,libdwdemo.so -i prod.data >actual 2>script.err &&
	test_cmp expect.script actual
'

# A box with the package installed and not its debug info: symbols from
# the stripped files (.dynsym), the lines from their debuginfo by build-id.
test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'the stripped files at their paths: the lines still fetched' '
	mkdir app && cp stripped/dwdemo stripped/libdwdemo.so app/ &&
	test_when_finished "rm -r app" &&
	on_analysis perf report --stdio --no-children -g none --sort dso,srcline \
		--dsos dwdemo,libdwdemo.so -i prod.data 2>err | rows >actual &&
	! grep -q "dwdemo-lib\.c:" actual &&
	grep "no DWARF for the source lines of 2 DSOs" err &&
	grep -q "or set DEBUGINFOD_URLS" err &&
	URLS=$(cat url) on_analysis env DEBUGINFOD_CACHE_PATH="$HOME/anahome/dcache2" \
		perf report --stdio --no-children -g none --sort dso,srcline \
		--dsos dwdemo,libdwdemo.so -i prod.data 2>err | rows >actual &&
	test_cmp expect.lines actual &&
	! grep "no DWARF" err
'

test_expect_success NETNS,PERF_EVENTS 'the debuginfo came from the server, by build-id' '
	test "$(debuginfod_server_metric bstate "http_requests_total{type=\"debuginfo\"}")" -ge 1
'

test_expect_success NETNS,PERF_EVENTS,UPSTREAM_PERF 'the server stops: the same chains and lines from the client cache' '
	debuginfod_server_stop "$HOME/bstate" &&
	URLS=$(cat url) on_analysis perf report --no-inline --stdio --no-children -g folded \
		--sort comm,dso,sym -i prod.data 2>chains.err | rows >actual &&
	{ test_cmp expect.chains actual || { cat chains.err; false; }; } &&
	URLS=$(cat url) on_analysis perf report --stdio --no-children -g none \
		--sort dso,srcline --dsos dwdemo,libdwdemo.so -i prod.data 2>lines.err |
		rows >actual &&
	test_cmp expect.lines actual || { cat lines.err; false; }
'

test_done
