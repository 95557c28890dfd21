#!/bin/bash
test_description='the build-id cache keeps secrets, never hangs, cleans up

Copies keep their source'"'"'s mode (a 0711 binary stays unreadable to
others; kallsyms, with real kernel addresses, is 0600).  A FIFO planted as
a cached kallsyms is refused with one line, not read forever.  A temporary
file a killed writer left is removed by the next one.  perf record -v says
what a rebuilt binary means, not "Stale file handle".'
. "$(dirname "$0")/lib/test-lib.sh"

unset PERF_BUILDID_DIR DEBUGINFOD_URLS

test_expect_success PERF_EVENTS 'setup: a 0711 binary, recorded' '
	cp "$WORKLOADS/demo" app &&
	chmod 0711 app &&
	id=$(readelf -n app | sed -n "s/.*Build ID: //p") &&
	echo "$id" >app.id &&
	perf record -q -e cpu-clock -o app.data -- ./app 0.1 >/dev/null
'

test_expect_success PERF_EVENTS 'record: the copy of a 0711 binary is not world-readable' '
	test "$(stat -c %a "$HOME/.debug$PWD/app/$(cat app.id)/elf")" = 711
'

test_expect_success PERF_EVENTS 'buildid-cache -a: the same' '
	rm -rf "$HOME/.debug" &&
	perf buildid-cache -a app &&
	test "$(stat -c %a "$HOME/.debug$PWD/app/$(cat app.id)/elf")" = 711
'

test_expect_success PERF_EVENTS 'record: the cached kallsyms is 0600' '
	rm -rf "$HOME/.debug" &&
	perf record -q -e cpu-clock -o k.data -- sh -c "ls -lR /usr/lib >/dev/null" &&
	kid=$(perf buildid-list -k) &&
	test "$(stat -c %a "$HOME/.debug/[kernel.kallsyms]/$kid/kallsyms")" = 600
'

test_expect_success PERF_EVENTS 'a FIFO planted as the cached kallsyms: one line, the report ends' '
	kid=$(perf buildid-list -k) &&
	k="$HOME/.debug/[kernel.kallsyms]/$kid/kallsyms" &&
	rm "$k" &&
	mkfifo "$k" &&
	timeout 60 perf report --stdio -i k.data >out 2>err &&
	echo "Warning: $HOME/.debug/.build-id/${kid%${kid#??}}/${kid#??}/kallsyms: not a regular file" >expect &&
	test_cmp expect err &&
	grep -q "\[k\] [a-z_]" out
'

test_expect_success PERF_EVENTS 'a temporary file of a killed writer is removed by the next' '
	rm -rf "$HOME/.debug" &&
	d="$HOME/.debug$PWD/app/$(cat app.id)" &&
	mkdir -p "$d" &&
	dead=$(sh -c "echo \$\$") &&
	echo partial >"$d/.elf.tmp.$dead" &&
	echo partial >"$d/.elf.tmp.$$" &&
	perf buildid-list --store -i app.data >out &&
	grep "^OK $(cat app.id) $PWD/app\$" out &&
	! test -e "$d/.elf.tmp.$dead" &&
	# a live process may still be writing its own: left alone
	test -f "$d/.elf.tmp.$$" &&
	cmp app "$d/elf"
'

# Record secures each file at first sight now: the build that ran is
# cached before it is replaced, and nothing says "Stale file handle".
test_expect_success PERF_EVENTS 'record -v: a binary rebuilt meanwhile is kept, no stale handle' '
	rm -rf "$HOME/.debug" &&
	cp "$WORKLOADS/callpaths" other &&
	id=$(readelf -n app | sed -n "s/.*Build ID: //p") &&
	perf record -v -q -e cpu-clock -o rebuilt.data -- sh -c "./app 0.1 >/dev/null; cp other app" \
		2>err &&
	! grep -i "stale file handle" err &&
	perf buildid-list -i rebuilt.data | grep "^$id $PWD/app\$" &&
	cmp "$HOME/.debug/.build-id/${id%${id#??}}/${id#??}/elf" "$WORKLOADS/demo"
'

test_done
