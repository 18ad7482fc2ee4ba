# bench/lib.sh: what the benches share. Sourced after setting top (the
# source tree); `bench_isolate "$@"` first.

# bench_isolate ARGS: run the calling bench again, once, in a
# loopback-only network namespace.
bench_isolate() {
	if [ -z "$WEBTOOLS_ISOLATED" ]; then
		WEBTOOLS_ISOLATED=1 exec unshare -rn sh -c \
		    'ip link set lo up; exec sh "$0" "$@"' "$0" "$@"
	fi
}

# bench_server NAME DIR: start the loopback fixture tests/server/NAME.py
# in DIR (pid in DIR/pid, for the bench's trap), wait for it; sets port.
bench_server() {
	python3 "$top/tests/server/$1.py" --dir "$2" --lifetime 600 \
	    >/dev/null 2>&1 &
	echo $! >"$2/pid"
	while [ ! -s "$2/tlsport" ]; do sleep 0.05; done
	port=$(cat "$2/port")
}

# ms CMD...: wall milliseconds of one run
ms() {
	s=$(date +%s%N)
	"$@" >/dev/null 2>&1
	e=$(date +%s%N)
	echo $(((e - s) / 1000000))
}

# us CMD...: wall microseconds of one run
us() {
	s=$(date +%s%N)
	"$@" >/dev/null 2>&1
	e=$(date +%s%N)
	echo $(((e - s) / 1000))
}

# median: the median of the numbers on stdin, one a line.
median() {
	sort -n | awk '{a[NR]=$1} END {print (NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'
}
