# Two boxes for the remote-analysis tests (t0530, t0531), sourced after
# test-lib.sh: "prod" and "analysis", network namespaces that
# debuginfod_netns_up joins by a veth pair, each with its own HOME.
# Sets the NETNS prereq when root can make namespaces and debuginfod,
# curl and ip are there.  PROD and ANALYSIS name the namespaces (by the
# test's pid: two tests may run at once).
. "$MMAP3_TOP/tools/perf/tests/lib/debuginfod-server.sh"

if test_have_prereq ROOT && debuginfod_server__netns_usable; then
	test_set_prereq NETNS
fi

PROD="mmap3-prod-$$"
ANALYSIS="mmap3-ana-$$"

# CMD...: on prod, with HOME=$HOME/prodhome.
on_prod () {
	ip netns exec "$PROD" env HOME="$HOME/prodhome" "$@"
}

# CMD...: on the analysis box, HOME=$HOME/anahome, its own debuginfod
# client cache, and DEBUGINFOD_URLS=$URLS when URLS is set.
on_analysis () {
	ip netns exec "$ANALYSIS" env HOME="$HOME/anahome" \
		DEBUGINFOD_CACHE_PATH="$HOME/anahome/dcache" \
		${URLS:+DEBUGINFOD_URLS="$URLS"} "$@"
}
