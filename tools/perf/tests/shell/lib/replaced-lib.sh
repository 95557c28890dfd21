# The replaced-binary session shared by t0411 (the kernel's build-ids) and
# t1009 (the userspace build-id source): two builds of one program run
# one after the other as ./app within one recording, then both removed.
# Source after test-lib.sh; the builds are app.one and app.two
# (build_version one 3 app.one, build_version two 5 app.two).

# rows "dso sym" with their percentages, header lines dropped
rows () {
	perf report --stdio --no-children --sort dso,sym "$@" 2>report.err |
	grep -v "^#" | grep -v "^\$"
}

# "<build-id> <dir>/app" for both builds, sorted, as buildid-list prints them
ids () {
	for b in app.one app.two; do
		echo "$(readelf -n $b | sed -n "s/.*Build ID: //p") $1/app"
	done | sort
}

# both versions of app with samples on their own functions
both_versions () {
	grep -E "^ +[0-9.]+%  app +\[\.\] one_work\$" "$1" &&
	grep -E "^ +[0-9.]+%  app +\[\.\] two_work\$" "$1" &&
	one=$(awk "/one_work/ { sub(\"%\", \"\", \$1); print int(\$1) }" "$1") &&
	two=$(awk "/two_work/ { sub(\"%\", \"\", \$1); print int(\$1) }" "$1") &&
	# the two runs do the same work
	test $one -ge 10 && test $two -ge 10
}

# record_replaced DIR rename|rmcp [option...]: in DIR, one recording of
# app.one run as ./app, replaced by app.two (cp to a new name and mv over
# it, or rm and cp), run, removed; then the builds are removed too.
# One CPU: the side-band of the exec reaches the file before its samples.
record_replaced () {
	dir=$1 how=$2 &&
	shift 2 &&
	case $how in
	rename) swap="cp app.two app.new; mv app.new app" ;;
	rmcp) swap="rm app; cp app.two app" ;;
	esac &&
	mkdir "$dir" &&
	cp app.one app.two "$dir"/ &&
	ids "$PWD/$dir" >"$dir"/ids &&
	(
		cd "$dir" &&
		taskset -c 0 perf record -q -e cpu-clock -c 100000 "$@" -- \
			sh -c "cp app.one app; ./app; $swap; ./app; rm app" 2>record.err &&
		test_must_be_empty record.err &&
		rm app.one app.two
	)
}
