# Helpers shared by the perf record tests (t10NN): the demo's build-id and
# bounded waits for a workload to start, exec or write.  Source after
# test-lib.sh.

demo_id () {
	readelf -n "$WORKLOADS/demo" | sed -n "s/.*Build ID: //p"
}

# Wait (up to 10 s) until process $2 has a child named $1 (the workload).
wait_for_child () {
	n=0
	while ! pgrep -x -P "$2" "$1" >/dev/null; do
		n=$((n + 1))
		test $n -lt 1000 || return 1
		sleep 0.01
	done
}

# Wait until file $1 is larger than $2 bytes.
wait_for_size () {
	n=0
	while test "$(stat -c %s "$1" 2>/dev/null || echo 0)" -le "$2"; do
		n=$((n + 1))
		test $n -lt 1000 || return 1
		sleep 0.01
	done
}

# Wait until process $1 has exec'ed $2 (its maps are the program's).
wait_for_exec () {
	n=0
	while test "$(cat /proc/$1/comm 2>/dev/null)" != "$2"; do
		n=$((n + 1))
		test $n -lt 1000 || return 1
		sleep 0.01
	done
}
