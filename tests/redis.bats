#!/usr/bin/env bats
# Fleet coordination on Redis (coordination "redis"): a real
# redis-server on a fresh loopback port with --save '' (started and
# stopped here), and two "machines" that are two sets of XDG dirs
# sharing it. The fixture server plays the providers and sites.

load helpers/common
load helpers/hammer

# free_port: a loopback TCP port nobody listens on now.
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# redis_up PORT NAME [ARGS...]: start redis-server, wait for PING.
redis_up() {
	local port=$1 name=$2 i
	shift 2
	redis-server --port "$port" --bind 127.0.0.1 --save '' \
	    --appendonly no --daemonize no --logfile "$BATS_FILE_TMPDIR/$name.log" \
	    "$@" >/dev/null 2>&1 &
	echo $! >"$BATS_FILE_TMPDIR/$name.pid"
	for i in $(seq 100); do
		redis-cli -p "$port" ${REDISCLI_AUTH:+--no-auth-warning} ping 2>/dev/null |
		    grep -q -e PONG -e NOAUTH && return 0
		sleep 0.05
	done
	return 1
}

# redis_down NAME: stop that redis-server and wait for it to go.
redis_down() {
	local pid
	pid=$(cat "$BATS_FILE_TMPDIR/$1.pid" 2>/dev/null) || return 0
	kill "$pid" 2>/dev/null || :
	for _ in $(seq 100); do
		kill -0 "$pid" 2>/dev/null || return 0
		sleep 0.05
	done
	kill -9 "$pid" 2>/dev/null || :
}

setup_file() {
	command -v redis-server >/dev/null && command -v redis-cli >/dev/null ||
	    return 0
	RPORT=$(free_port)
	echo "$RPORT" >"$BATS_FILE_TMPDIR/rport"
	redis_up "$RPORT" redis
	server_start
	hammer_build
}

teardown_file() {
	redis_down redis
	redis_down redis2
	server_stop
}

setup() {
	command -v redis-server >/dev/null ||
	    skip "redis-server (Debian redis-server) is not installed"
	common_setup
	server_env
	RPORT=$(cat "$BATS_FILE_TMPDIR/rport")
	redis-cli -p "$RPORT" flushall >/dev/null
	OUT="$BATS_TEST_TMPDIR/out"
	mkdir -p "$OUT"
	: >"$SERVER_DIR/log"
	# A loaded CI machine may be slower than the 250 ms default.
	machines '"prefix":"wt:","timeoutMs":3000'
}

# machines EXTRA: config of machines A and B (same Redis; EXTRA goes
# into the redis object).
machines() {
	local m
	for m in A B; do
		mkdir -p -m 700 "$BATS_TEST_TMPDIR/$m/config/webtools" \
		    "$BATS_TEST_TMPDIR/$m/rt"
		machine_config "$m" "{\"url\":\"redis://127.0.0.1:$RPORT\",$1}"
	done
}

# machine_config M REDIS-OBJECT: machine M's config.
machine_config() {
	printf '%s\n' "{\"coordination\":\"redis\",\"redis\":$2,\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]},\"search\":{\"backend\":\"searxng\",\"maxRequestsPerRun\":4,\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}" \
	    >"$BATS_TEST_TMPDIR/$1/config/webtools/config.json"
}

# on M CMD...: run CMD as machine M (its own XDG dirs and config).
on() {
	local d="$BATS_TEST_TMPDIR/$1"
	shift
	XDG_CONFIG_HOME="$d/config" XDG_STATE_HOME="$d/state" \
	    XDG_CACHE_HOME="$d/cache" XDG_RUNTIME_DIR="$d/rt" \
	    WEB_CONFIG="$d/config/webtools/config.json" "$@"
}

# share_run: start a run on A (budget $1) and give B a copy of its file
# (it names only the run id and the Redis): RUN_A, RUN_B.
share_run() {
	RUN_A=$(on A web-control run start --coordination redis \
	    --max-requests "$1")
	mkdir -p -m 700 "$BATS_TEST_TMPDIR/B/rt/run"
	cp "$RUN_A" "$(dirname "$RUN_A")/run.lock" "$BATS_TEST_TMPDIR/B/rt/run/"
	RUN_B="$BATS_TEST_TMPDIR/B/rt/run/run.json"
}

ms() {
	echo $(($(date +%s%N) / 1000000))
}

@test "two machines, budget 4, 24 concurrent wsearch: exactly 4 answered" {
	share_run 4
	run -0 jq -e '.coordination == "redis" and (has("requestsUsed") | not)' "$RUN_A"
	pids=""
	for i in $(seq 12); do
		for m in A B; do
			WEB_RUN_FILE=$([ $m = A ] && echo "$RUN_A" || echo "$RUN_B") \
			    on $m timeout 90 wsearch -c "orchard $m $i" \
			    >"$OUT/$m$i" 2>/dev/null &
			pids="$pids $!"
		done
	done
	# shellcheck disable=SC2086
	wait $pids || :
	[ "$(grep -l '"status":"ok"' "$OUT"/* | wc -l)" -eq 4 ]
	[ "$(grep -l search_budget_exhausted "$OUT"/* | wc -l)" -eq 20 ]
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 4 ]
	WEB_RUN_FILE=$RUN_B run -0 on B web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 4 and .run.pending == 0
	    and .run.dispatchesUsed == 4 and .run.coordination == "redis"'
	# Both machines answered some.
	ls "$OUT" | grep -q A && ls "$OUT" | grep -q B
}

@test "refunds and the dispatch ceiling are atomic across machines" {
	need_hammer
	share_run 4
	pids=""
	for i in $(seq 16); do
		for m in A B; do
			WEB_RUN_FILE=$([ $m = A ] && echo "$RUN_A" || echo "$RUN_B") \
			    on $m timeout 60 "$HAMMER" reserve 0 >"$OUT/$m$i" 2>&1 &
			pids="$pids $!"
		done
	done
	# shellcheck disable=SC2086
	wait $pids || :
	[ "$(cat "$OUT"/* | grep -c '^ok$')" -eq 16 ]
	# Refused at the ceiling, or (while 4 answers are still pending)
	# for the answered budget: 16 either way.
	[ "$(cat "$OUT"/* | grep -c '^search_budget_exhausted')" -eq 16 ]
	WEB_RUN_FILE=$RUN_A run -0 on A web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 0 and .run.refunds == 16
	    and .run.dispatchesUsed == 16 and .run.exhausted == 16 and
	    .run.pending == 0'
}

@test "a cooldown set by one machine's 429 holds on the other" {
	run on A wfetch -c "$BASE/status/429?retry_after=30"
	SECONDS=0
	run -3 on B wfetch -c "$BASE/hello.txt"
	[ "$SECONDS" -lt 3 ]
	echo "$output" | jq -e '.status == "blocked" and
	    .error.code == "rate_limited" and .error.retry_after_ms > 20000'
	[ "$(hits /hello.txt)" -eq 0 ]
	run -0 on B web-control -c status
	echo "$output" | jq -e '.coordination == "redis" and
	    .host.cooling_down == 1 and .host.entries[0].throttled == 1'
}

@test "a throttle without Retry-After doubles on the next, shared" {
	need_hammer
	run -0 on A "$HAMMER" lease fetch o9 0 throttled
	run -0 on A web-control -c status
	first=$(echo "$output" | jq '.host.entries[0].retryAfterMs')
	redis-cli -p "$RPORT" --scan --pattern 'wt:host:*' |
	    xargs -I{} redis-cli -p "$RPORT" hset {} cool 1 >/dev/null
	run -0 on B "$HAMMER" lease fetch o9 0 throttled
	assert_output --partial probe
	run -0 on B web-control -c status
	second=$(echo "$output" | jq '.host.entries[0].retryAfterMs')
	[ "$first" -gt 55000 ] && [ "$first" -le 60000 ]
	[ "$second" -gt 115000 ] && [ "$second" -le 120000 ]
}

@test "a lease held by a killed process frees after its TTL" {
	need_hammer
	machines '"prefix":"wt:","timeoutMs":3000,"leaseMs":1500'
	on A "$HAMMER" lease codex k 60000 >"$OUT/owner" &
	pid=$!
	for _ in $(seq 100); do
		grep -q admitted "$OUT/owner" && break
		sleep 0.05
	done
	kill -9 "$pid"
	wait "$pid" || :
	s=$(ms)
	run -0 on B timeout 20 "$HAMMER" lease codex k 0
	e=$(ms)
	assert_output --partial admitted
	# Not before the TTL (no pid check across machines), soon after.
	[ $((e - s)) -ge 1000 ]
	[ $((e - s)) -lt 5000 ]
}

@test "Redis stopped mid-run: every tool blocks promptly, nothing sent" {
	share_run 4
	WEB_RUN_FILE=$RUN_A run -0 on A wsearch -c "orchard before"
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 1 ]
	: >"$SERVER_DIR/log"
	redis_down redis
	SECONDS=0
	WEB_RUN_FILE=$RUN_B run -3 --separate-stderr on B wsearch -c "orchard after"
	echo "$output" | jq -e '.status == "blocked" and
	    .error.code == "coordination_unavailable"'
	WEB_RUN_FILE=$RUN_B run -3 --separate-stderr on B wfetch -c "$BASE/hello.txt"
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	run -3 --separate-stderr on A wfetch -c "$BASE/hello.txt"
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	WEB_RUN_FILE=$RUN_A run -3 on A web-control -c run show
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	run -3 on A web-control -c status
	run -1 on A web-control -c doctor --no-liveness
	echo "$output" | jq -e '.checks[] | select(.check == "coordination") |
	    .status == "FAIL"'
	[ "$SECONDS" -lt 5 ]
	redis_up "$RPORT" redis
	[ ! -s "$SERVER_DIR/log" ]
}

@test "Redis restarted: the budget is not refilled" {
	share_run 2
	WEB_RUN_FILE=$RUN_A run -0 on A wsearch -c "orchard one"
	redis_down redis
	redis_up "$RPORT" redis
	: >"$SERVER_DIR/log"
	WEB_RUN_FILE=$RUN_B run -3 on B wsearch -c "orchard two"
	echo "$output" | jq -e '.error.code == "search_budget_exhausted"'
	assert_output --partial "run is over"
	[ ! -s "$SERVER_DIR/log" ]
	WEB_RUN_FILE=$RUN_A run -3 on A web-control -c run show
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	# Ending it still removes the local files.
	WEB_RUN_FILE=$RUN_A run -0 on A web-control run end
	[ ! -e "$RUN_A" ]
}

@test "a wrong password is blocked and never printed" {
	P2=$(free_port)
	redis_up "$P2" redis2 --requirepass 'right-Pw-4417'
	machine_config A "{\"url\":\"redis://:wrong-Pw-9931@127.0.0.1:$P2\"}"
	run -3 --separate-stderr on A wsearch -c "orchard pw"
	echo "$output" | jq -e '.status == "blocked" and
	    .error.code == "coordination_unavailable"'
	assert_output --partial authentication
	refute_output --partial 'wrong-Pw-9931'
	[[ "$stderr" != *wrong-Pw-9931* ]]
	run on A web-control -c doctor
	refute_output --partial 'wrong-Pw-9931'
	run -0 on A web-control -c config
	refute_output --partial 'wrong-Pw-9931'
	run -3 on A web-control run start
	refute_output --partial 'wrong-Pw-9931'
	# No password at all: NOAUTH, blocked the same way.
	machine_config A "{\"url\":\"redis://127.0.0.1:$P2\"}"
	run -3 on A wfetch -c "$BASE/hello.txt"
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	# The right one from passwordEnv (with an ACL user) works.
	machine_config A "{\"url\":\"redis://default@127.0.0.1:$P2\",\"passwordEnv\":\"WT_REDIS_PW\"}"
	WT_REDIS_PW=right-Pw-4417 run -0 on A web-control -c doctor
	refute_output --partial 'right-Pw-4417'
	WT_REDIS_PW=right-Pw-4417 run -0 on A wfetch -c "$BASE/hello.txt"
	[ "$(hits /hello.txt)" -eq 1 ]
	redis_down redis2
}

@test "a key prefix isolates two fleets" {
	machine_config A "{\"url\":\"redis://127.0.0.1:$RPORT\",\"prefix\":\"fleet-a:\"}"
	machine_config B "{\"url\":\"redis://127.0.0.1:$RPORT\",\"prefix\":\"fleet-b:\"}"
	run on A wfetch -c "$BASE/status/429?retry_after=30"
	run -3 on A wfetch -c "$BASE/hello.txt"
	run -0 on B wfetch -c "$BASE/hello.txt"
	[ "$(hits /hello.txt)" -eq 1 ]
	[ "$(redis-cli -p "$RPORT" --scan --pattern 'fleet-a:host:*' | wc -l)" -eq 1 ]
	run -0 on B web-control -c status
	echo "$output" | jq -e '.host.cooling_down == 0'
	# Every key has a TTL.
	for k in $(redis-cli -p "$RPORT" --scan); do
		[ "$(redis-cli -p "$RPORT" pttl "$k")" -gt 0 ]
	done
}

@test "NOSCRIPT after SCRIPT FLUSH is recovered" {
	need_hammer
	run -0 on A "$HAMMER" lease codex ns 0
	run -0 on A web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "coordination") |
	    .redis.scripts.loaded >= 2 and .redis.version != "unknown" and
	    .redis.latency_us >= 0'
	redis-cli -p "$RPORT" script flush >/dev/null
	run -0 on A web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "coordination") |
	    .redis.scripts.loaded == 0'
	run -0 on B "$HAMMER" lease codex ns 0
	assert_output --partial admitted
	share_run 4
	WEB_RUN_FILE=$RUN_B run -0 on B wsearch -c "orchard noscript"
}

@test "the search cache and in-flight sharing span machines" {
	share_run 4
	WEB_RUN_FILE=$RUN_A run -0 on A wsearch -c "orchard shared"
	WEB_RUN_FILE=$RUN_B run -0 on B wsearch -c "orchard shared"
	echo "$output" | jq -e '.details.cache_hit == true'
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 1 ]
	# Identical calls at once on both machines: one request.
	pids=""
	for i in 1 2 3; do
		for m in A B; do
			WEB_RUN_FILE=$([ $m = A ] && echo "$RUN_A" || echo "$RUN_B") \
			    on $m timeout 60 wsearch -c "orchard together" \
			    >"$OUT/$m$i" &
			pids="$pids $!"
		done
	done
	# shellcheck disable=SC2086
	wait $pids || :
	[ "$(grep -l '"status":"ok"' "$OUT"/* | wc -l)" -eq 6 ]
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 2 ]
	WEB_RUN_FILE=$RUN_A run -0 on A web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 2'
}

@test "web-control reset clears Redis buckets, refused while one is active" {
	need_hammer
	on A "$HAMMER" lease codex busy 3000 >"$OUT/h" &
	pid=$!
	for _ in $(seq 100); do
		grep -q admitted "$OUT/h" && break
		sleep 0.05
	done
	run -3 on B web-control -c reset
	assert_output --partial "reset refused"
	wait "$pid"
	run -0 on B web-control -c reset
	echo "$output" | jq -e '.reset.buckets_cleared == 1'
	[ "$(redis-cli -p "$RPORT" --scan --pattern 'wt:host:*' | wc -l)" -eq 0 ]
}

@test "redis config errors are usage errors naming the key" {
	write_config '{"coordination":"redis"}'
	run -2 wfetch -c "$BASE/hello.txt"
	assert_output --partial "redis.url"
	write_config '{"coordination":"redis","redis":{"url":"http://x"}}'
	run -2 wfetch -c "$BASE/hello.txt"
	assert_output --partial "redis.url"
	write_config '{"coordination":"redis","redis":{"url":"redis://127.0.0.1:1","timeoutMs":0}}'
	run -2 wsearch -c "orchard"
	write_config '{"coordination":"redis","redis":{"url":"redis://127.0.0.1:1","bogus":1}}'
	run -2 web-control -c config
	assert_output --partial "redis.bogus"
	[ "$(hits /hello.txt)" -eq 0 ]
}

@test "a Redis address outside the policy is refused before connecting" {
	write_config '{"coordination":"redis","redis":{"url":"redis://192.0.2.1:6379"},"network":{"mode":"all"}}'
	SECONDS=0
	run -3 wsearch -c "orchard"
	echo "$output" | jq -e '.error.code == "blocked_target"'
	write_config "{\"coordination\":\"redis\",\"redis\":{\"url\":\"redis://127.0.0.1:$RPORT\"},\"network\":{\"mode\":\"none\"}}"
	run -3 wsearch -c "orchard"
	echo "$output" | jq -e '.error.code == "network_denied"'
	[ "$SECONDS" -lt 3 ]
}

# fake_redis PORT MODE: a TCP listener that answers HTTP (garbage) or
# nothing (hang) to whatever it is sent; its pid in FPID.
fake_redis() {
	python3 -c '
import socket, sys, time
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(8); s.settimeout(20)
held = []
while True:
    try:
        c, _ = s.accept()
    except OSError:
        break
    try:
        c.recv(4096)
        if sys.argv[2] == "hang":
            held.append(c)
        else:
            c.sendall(b"HTTP/1.1 200 OK\r\n\r\nhello"); c.close()
    except OSError:
        pass' "$1" "$2" &
	FPID=$!
	for _ in $(seq 100); do
		python3 -c 'import socket, sys; socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' "$1" 2>/dev/null && return 0
		sleep 0.05
	done
}

@test "a Redis that does not answer times out promptly, nothing sent" {
	GP=$(free_port)
	fake_redis "$GP" hang
	write_config "{\"coordination\":\"redis\",\"redis\":{\"url\":\"redis://127.0.0.1:$GP\",\"timeoutMs\":200},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}"
	s=$(ms)
	run -3 wfetch -c "$BASE/hello.txt"
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	assert_output --partial "in time"
	run -3 wsearch -c "orchard hang"
	e=$(ms)
	kill "$FPID" 2>/dev/null || :
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	[ $((e - s)) -lt 3000 ]
	[ "$(hits /hello.txt)" -eq 0 ]
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 0 ]
}

@test "a unix socket Redis works under any network mode" {
	sock="$BATS_TEST_TMPDIR/redis.sock"
	redis_down redis2
	redis-server --port 0 --unixsocket "$sock" --save '' --appendonly no \
	    --daemonize no >/dev/null 2>&1 &
	echo $! >"$BATS_FILE_TMPDIR/redis2.pid"
	for _ in $(seq 100); do
		[ -S "$sock" ] && break
		sleep 0.05
	done
	write_config "{\"coordination\":\"redis\",\"redis\":{\"url\":\"unix://$sock\"},\"network\":{\"mode\":\"localhost\"},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}"
	run -0 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "coordination") |
	    .redis.where == "unix:'"$sock"'"'
	run -0 wfetch -c "$BASE/hello.txt"
	run -0 web-control -c status
	echo "$output" | jq -e '.host.buckets == 1 and .host.entries[0].scope == "fetch"'
	redis_down redis2
}

@test "a server that answers garbage is coordination_unavailable" {
	GP=$(free_port)
	fake_redis "$GP" garbage
	write_config "{\"coordination\":\"redis\",\"redis\":{\"url\":\"redis://127.0.0.1:$GP\"},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	run -3 wfetch -c "$BASE/hello.txt"
	kill "$FPID" 2>/dev/null || :
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	[ "$(hits /hello.txt)" -eq 0 ]
}

@test "a build without hiredis reports backend_unavailable" {
	cflags=$(sed -n 's/^DEP_CFLAGS = //p' "$WT_TOP/config.mk" | sed 's/-DW_HAVE_HIREDIS=1//')
	libs=$(sed -n 's/^DEP_LIBS = //p' "$WT_TOP/config.mk")
	lib=$WT_TOP/build/libwebtools.a
	[ -f "$lib" ] || fail "no build/libwebtools.a: make check builds it before the suites"
	cat >"$BATS_TEST_TMPDIR/m.c" <<'EOF'
#include <stdio.h>
#include "coord.h"
int
main(void)
{
	struct w_coordinator *co;
	struct w_policy p;
	struct w_err e;

	w_policy_default(&p);
	w_err_clear(&e);
	if (w_coord_open(&co, W_COORD_KIND_REDIS, jv_null(), &p, &e) == -1)
		printf("%s %s\n", w_err_name(e.code), e.msg);
	return 0;
}
EOF
	# shellcheck disable=SC2086
	cc -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I"$WT_TOP/lib" \
	    $cflags -o "$BATS_TEST_TMPDIR/m" "$BATS_TEST_TMPDIR/m.c" \
	    "$WT_TOP/lib/redis.c" "$lib" $libs
	run -0 "$BATS_TEST_TMPDIR/m"
	assert_output --partial "backend_unavailable"
	assert_output --partial "hiredis"
}
