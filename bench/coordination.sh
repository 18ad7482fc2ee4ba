#!/bin/sh
# bench/coordination.sh: what a run file and host coordination add to one
# call, and how many admissions per second many processes get through.
#  1. In-process medians (microseconds) of one call's coordination work
#     (run open, document cache miss + store; host admit + release),
#     measured by tests/helpers/budget_hammer.c, with the run directory
#     on $XDG_RUNTIME_DIR (tmpfs when it exists) and on /tmp.
#  2. Whole-process medians of one wfetch of a loopback page without a
#     run, in a run, and in a run with coordination "host".
#  3. Admission throughput: P processes x M admit/release each.
#  4. Redis mode (coordination "redis", a redis-server started here on a
#     free loopback port with --save ''): admission latency per call
#     (median and p99 of admit+release, in-process on one connection,
#     and with a fresh connection each call as a new process pays),
#     beside host mode; and admissions/s with P processes.
# Goals: under 1 ms added per call at the median; redis mode at least
# 5,000 admissions/s with 16 processes.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bench_isolate "$@"
N=${N:-301}
BIN=${BIN:-$top/bin}
LIB=${LIB:-}
[ -n "$LIB" ] || for c in "$BIN/../libwebtools.a" "$top/build/libwebtools.a"; do
	[ -f "$c" ] && { LIB=$c; break; }
done
tmp=$(mktemp -d)
trap 'kill $(cat "$tmp/pid" "$tmp/rpid" 2>/dev/null) 2>/dev/null; rm -rf "$tmp"' EXIT
deps=$(sed -n 's/^DEP_LIBS = //p' "$top/config.mk")
cflags=$(sed -n 's/^DEP_CFLAGS = //p' "$top/config.mk")
H=$tmp/budget_hammer
# shellcheck disable=SC2086
cc -std=c11 -O2 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I"$top/lib" \
    $cflags -o "$H" "$top/tests/helpers/budget_hammer.c" "$LIB" $deps ||
    { echo "coordination: cannot build the helper against $LIB"; exit 1; }

export XDG_CONFIG_HOME="$tmp/config" XDG_CACHE_HOME="$tmp/cache"
export WEB_CONFIG="$tmp/config.json"
echo '{}' >"$WEB_CONFIG"
rt=${XDG_RUNTIME_DIR:-}
[ -d "$rt" ] && [ -w "$rt" ] || rt=""
shm=/dev/shm
[ "$rt" != "" ] || [ ! -w "$shm" ] && shm=""

echo "1. coordination work per call, median of $N (microseconds)"
printf '%-28s %8s %8s %8s %8s\n' "run dir / state on" "none" "host" "run" \
    "run+host"
for where in ${rt:+"$rt"} ${shm:+"$shm"} /tmp; do
	d=$(mktemp -d "$where/wcbench.XXXXXX")
	export XDG_STATE_HOME="$d/state" XDG_RUNTIME_DIR="$d"
	unset WEB_RUN_FILE
	a=$("$H" bench "$N") b=$("$H" bench "$N" host)
	WEB_RUN_FILE=$("$BIN/web-control" run start --max-requests 20)
	export WEB_RUN_FILE
	c=$("$H" bench "$N") e=$("$H" bench "$N" host)
	"$BIN/web-control" run end
	unset WEB_RUN_FILE
	fs=$(stat -f -c %T "$d")
	printf '%-28s %8s %8s %8s %8s\n' "$where ($fs)" "$a" "$b" "$c" "$e"
	rm -rf "$d"
done
[ -n "$rt" ] && export XDG_RUNTIME_DIR="$rt" || unset XDG_RUNTIME_DIR
export XDG_STATE_HOME="$tmp/state"

# A redis-server for the redis rows (2 and 4), when installed.
rport=
if command -v redis-server >/dev/null; then
	rport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	redis-server --port "$rport" --bind 127.0.0.1 --save '' --appendonly no \
	    --daemonize no --logfile "$tmp/redis.log" >/dev/null 2>&1 &
	echo $! >"$tmp/rpid"
	for _ in $(seq 100); do
		redis-cli -p "$rport" ping >/dev/null 2>&1 && break
		sleep 0.05
	done
	echo "{\"coordination\":\"redis\",\"redis\":{\"url\":\"redis://127.0.0.1:$rport\"}}" \
	    >"$tmp/redis.json"
fi

echo
if [ -x "$BIN/wfetch" ]; then
	bench_server server "$tmp"
	n=$(( N / 5 ))
	echo "2. one wfetch of a loopback page, median of $n (microseconds)"
	allow="\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$port\"]}"
	echo "{$allow}" >"$tmp/plain.json"
	echo "{\"coordination\":\"host\",$allow}" >"$tmp/host.json"
	modes="none run host"
	if [ -n "$rport" ]; then
		echo "{\"coordination\":\"redis\",\"redis\":{\"url\":\"redis://127.0.0.1:$rport\"},$allow}" \
		    >"$tmp/redisf.json"
		modes="$modes redis"
	fi
	unset WEB_RUN_FILE
	runf=$("$BIN/web-control" run start)
	hostf=$("$BIN/web-control" run start)
	: >"$tmp/t.none"; : >"$tmp/t.run"; : >"$tmp/t.host"; : >"$tmp/t.redis"
	# The modes take turns, so a change in machine load touches all
	# three alike. A fresh origin each time (a name pointed at
	# loopback): a cache hit would skip the fetch, and host mode
	# spaces starts to one origin 500 ms apart by design.
	for i in $(seq "$n"); do
		for mode in $modes; do
			case $mode in
			none)	cfg=plain.json rf="";;
			run)	cfg=plain.json rf=$runf;;
			host)	cfg=host.json rf=$hostf;;
			redis)	cfg=redisf.json rf=$runf;;
			esac
			WEB_CONFIG="$tmp/$cfg" WEB_RUN_FILE=$rf \
			    WEB_RESOLVE="$mode$i.bench:$port:127.0.0.1" us \
			    "$BIN/wfetch" -c "http://$mode$i.bench:$port/hello.txt" \
			    >>"$tmp/t.$mode"
		done
	done
	WEB_RUN_FILE=$runf "$BIN/web-control" run end
	WEB_RUN_FILE=$hostf "$BIN/web-control" run end
	for mode in $modes; do
		printf '%-28s %8s\n' "$mode" "$(median <"$tmp/t.$mode")"
	done
else
	echo "2. skipped: no $BIN/wfetch"
fi

echo
P=${P:-16} M=${M:-50}
echo "3. admission throughput: $P processes x $M admit/release"
for keys in distinct shared; do
	s=$(date +%s%N) pids=""
	for p in $(seq "$P"); do
		k=key-$p
		[ $keys = shared ] && k=shared
		"$H" loop "$M" "$k" >"$tmp/loop.$p" &
		pids="$pids $!"
	done
	# Not a bare wait: the fixture server is a child too.
	# shellcheck disable=SC2086
	wait $pids
	e=$(date +%s%N)
	cat "$tmp"/loop.* | head -3
	printf '%-28s %8s admissions/s\n' "$keys keys" \
	    "$(awk -v n=$((P * M)) -v t=$((e - s)) 'BEGIN {printf "%d", n / (t / 1e9)}')"
done

echo
R=${R:-2001}
if [ -z "$rport" ]; then
	echo "4. skipped: no redis-server (Debian redis-server)"
	exit 0
fi
echo "4. redis mode: admit+release per call, $R calls (microseconds)"
printf '%-36s %8s %8s\n' "" median p99
set -- $(WEB_CONFIG="$tmp/config.json" "$H" alat "$R")
printf '%-36s %8s %8s\n' "host (state files)" "$1" "$2"
set -- $(WEB_CONFIG="$tmp/redis.json" "$H" alat "$R")
printf '%-36s %8s %8s\n' "redis, one connection" "$1" "$2"
set -- $(WEB_CONFIG="$tmp/redis.json" "$H" alat "$R" connect)
printf '%-36s %8s %8s\n' "redis, a new connection each call" "$1" "$2"
RM=${RM:-500}
echo "admission throughput, redis: $P processes x $RM admit/release"
for keys in distinct shared; do
	s=$(date +%s%N) pids=""
	for p in $(seq "$P"); do
		k=key-$p
		[ $keys = shared ] && k=shared
		WEB_CONFIG="$tmp/redis.json" "$H" loop "$RM" "$k" >"$tmp/rloop.$p" &
		pids="$pids $!"
	done
	# shellcheck disable=SC2086
	wait $pids
	e=$(date +%s%N)
	cat "$tmp"/rloop.* | head -3
	printf '%-28s %8s admissions/s\n' "$keys keys" \
	    "$(awk -v n=$((P * RM)) -v t=$((e - s)) 'BEGIN {printf "%d", n / (t / 1e9)}')"
done
