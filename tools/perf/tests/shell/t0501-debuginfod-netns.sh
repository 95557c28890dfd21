#!/bin/bash
test_description='debuginfod across two network namespaces: a production box and an analysis box

The test makes two network namespaces joined by a veth pair.  In "prod",
debuginfod serves programs built here; from "analysis", util/cache/debuginfod
(build/asan/drivers/debuginfod-fetch) fetches them over the veth link, with
its own client cache.  Then prod becomes unreachable in two ways: the
server stops (connections refused at once) and the link goes down (packets
vanish: the time bounds must hold).'

. "$(dirname "$0")/lib/test-lib.sh"
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"

FETCH="${DEBUGINFOD_FETCH:-$MMAP3_TOP/build/asan/drivers/debuginfod-fetch}"
if test_have_prereq ROOT && command -v eu-readelf >/dev/null && test -x "$FETCH" &&
   debuginfod_server__netns_usable; then
	test_set_prereq NETNS
fi

PROD="mmap3-prod-$$"
ANALYSIS="mmap3-analysis-$$"

buildid () {
	eu-readelf -n "$1" | sed -n 's/^ *Build ID: //p'
}

# Run the fetcher on the analysis box.
analysis_fetch () {
	ip netns exec "$ANALYSIS" env DEBUGINFOD_URLS="$URL" \
		DEBUGINFOD_CACHE_PATH="$HOME/analysis-cache" "$FETCH" "$@"
}

test_expect_success NETNS 'two boxes joined by a link' '
	debuginfod_netns_up "$PROD" "$ANALYSIS" &&
	set -- $DEBUGINFOD_NETNS_ADDRS &&
	echo "$1" >prod.addr &&
	echo "$2" >analysis.addr &&
	ip -n "$ANALYSIS" -brief addr show | grep -F " $(cat analysis.addr)/24" &&
	! ip -n "$ANALYSIS" -brief addr show | grep -F " $(cat prod.addr)/24"
'

test_expect_success NETNS 'the production box serves its programs' '
	mkdir prod &&
	echo "int main(void) { return N; }" >prog.c &&
	for i in 1 2 3 4; do
		gcc -O1 -DN=$i -Wl,--build-id=sha1 -o prod/prog$i prog.c || return 1
	done &&
	for i in 1 2 3 4; do
		buildid prod/prog$i || return 1
	done >ids &&
	debuginfod_server_start --netns "$PROD" --addr "$(cat prod.addr)" \
		"$HOME/pstate" "$HOME/prod" &&
	echo "$DEBUGINFOD_SERVER_URL" >url &&
	grep "^http://$(cat prod.addr):[0-9]*$" url
'

test_expect_success NETNS 'the analysis box fetches them over the link' '
	URL=$(cat url) &&
	while read id; do
		echo "OK $id $HOME/analysis-cache/$id/executable"
	done <ids >expect &&
	analysis_fetch -j 4 $(cat ids) >actual &&
	test_cmp expect actual &&
	i=1 &&
	for id in $(cat ids); do
		cmp "$HOME/analysis-cache/$id/executable" prod/prog$i &&
		i=$((i + 1)) || return 1
	done &&
	test "$(debuginfod_server_metric pstate "http_requests_total{type=\"executable\"}")" = 4
'

test_expect_success NETNS 'from the analysis box, 127.0.0.1 is not prod' '
	id=$(head -n 1 ids) &&
	echo "FAIL $id ECONNREFUSED" >expect &&
	test_expect_code 1 ip netns exec "$ANALYSIS" \
		env DEBUGINFOD_URLS=http://127.0.0.1:$(cat pstate/port) \
		DEBUGINFOD_CACHE_PATH="$HOME/analysis-cache-lo" "$FETCH" $id >actual &&
	test_cmp expect actual
'

test_expect_success NETNS 'prod link down: packets vanish, ETIME in bounded time' '
	URL=$(cat url) &&
	ip -n "$PROD" link set "$(ip -n "$PROD" -o link show type veth | sed -n "s/^[0-9]*: \([^@:]*\).*/\1/p")" down &&
	while read id; do
		echo "FAIL $id ETIME"
	done <ids >expect &&
	start=$(date +%s) &&
	test_expect_code 1 env DEBUGINFOD_RETRY_LIMIT=0 \
		ip netns exec "$ANALYSIS" env DEBUGINFOD_URLS="$URL" \
		DEBUGINFOD_CACHE_PATH="$HOME/analysis-cache2" \
		"$FETCH" -j 4 -t 1 $(cat ids) >actual &&
	end=$(date +%s) &&
	test_cmp expect actual &&
	test $((end - start)) -lt 30
'

test_expect_success NETNS 'prod server stopped: refused at once, the cache still answers' '
	ip -n "$PROD" link set "$(ip -n "$PROD" -o link show type veth | sed -n "s/^[0-9]*: \([^@:]*\).*/\1/p")" up &&
	debuginfod_server_stop "$HOME/pstate" &&
	URL=$(cat url) &&
	id=$(head -n 1 ids) &&
	echo "FAIL $id ECONNREFUSED" >expect &&
	test_expect_code 1 ip netns exec "$ANALYSIS" env DEBUGINFOD_URLS="$URL" \
		DEBUGINFOD_CACHE_PATH="$HOME/analysis-cache3" "$FETCH" $id >actual &&
	test_cmp expect actual &&
	while read id; do
		echo "OK $id $HOME/analysis-cache/$id/executable"
	done <ids >expect &&
	analysis_fetch -j 4 $(cat ids) >actual &&
	test_cmp expect actual
'

test_done
