#!/usr/bin/env bats
# Stress tests of runs and host coordination: many processes at once must
# never oversubscribe a budget, duplicate a fetch or break admission
# spacing. The budget_hammer helper drives the library directly; the
# wsearch/wfetch cases run once those programs work.

load helpers/common
load helpers/hammer

setup_file() {
	hammer_build
}

setup() {
	common_setup
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR/rt"
	mkdir -p -m 700 "$XDG_RUNTIME_DIR"
	unset WEB_RUN_FILE
	OUT="$BATS_TEST_TMPDIR/out"
	mkdir -p "$OUT"
}

teardown() {
	server_stop
}

# spawn N CMD...: run CMD N times at once, outputs in $OUT/1..N
spawn() {
	local n=$1 i pids=""
	shift
	for i in $(seq "$n"); do
		"$@" >"$OUT/$i" 2>&1 &
		pids="$pids $!"
	done
	# Not a bare wait: a fixture server may be a child too.
	# shellcheck disable=SC2086
	wait $pids || :
}

count() {
	cat "$OUT"/* | grep -c -- "$1" || true
}

# wait_for FILE TEXT: until FILE holds TEXT (5 s at most)
wait_for() {
	for _ in $(seq 100); do
		grep -q -- "$2" "$1" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

@test "32 concurrent reservations, budget 4: exactly 4 answered" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start --max-requests 4)
	SECONDS=0
	spawn 32 timeout 60 "$HAMMER" reserve 1
	[ "$SECONDS" -lt 30 ]
	[ "$(count '^ok$')" -eq 4 ]
	[ "$(count '^search_budget_exhausted')" -eq 28 ]
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 4 and
	    .run.dispatchesUsed == 4 and .run.pending == 0 and
	    .run.exhausted == 28'
}

@test "32 concurrent failed answers: refunds, but only 16 dispatches" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start --max-requests 4)
	spawn 32 timeout 60 "$HAMMER" reserve 0
	[ "$(count '^ok$')" -eq 16 ]
	[ "$(count 'dispatch ceiling')" -eq 16 ]
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 0 and .run.refunds == 16
	    and .run.dispatchesUsed == 16'
}

@test "16 concurrent identical documents: one fetch, 15 shared" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start)
	spawn 16 timeout 60 "$HAMMER" doc "http://x/page|text|never" 300
	[ "$(count '^miss$')" -eq 1 ]
	[ "$(count '^hit text-by-')" -eq 15 ]
	[ "$(cat "$OUT"/* | grep '^hit' | sort -u | wc -l)" -eq 1 ]
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.document_cache.documents == 1 and
	    .run.document_cache.in_flight == 0'
	# A different key is a different document.
	run -0 "$HAMMER" doc "http://x/page|markdown|never" 0
	assert_output miss
}

@test "a failed fetch is shared with the waiters, then not cached" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start)
	spawn 8 timeout 60 "$HAMMER" doc "k-fail" 300 fail
	[ "$(count '^miss$')" -eq 1 ]
	[ "$(count '^shared http_5xx$')" -eq 7 ]
	run -0 "$HAMMER" doc "k-fail" 0
	assert_output miss
}

@test "a dead in-flight owner's marker is reclaimed" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start)
	"$HAMMER" doc k-dead 30000 >"$OUT/owner" &
	pid=$!
	d=$(dirname "$WEB_RUN_FILE")/docs
	for _ in $(seq 100); do
		ls "$d" 2>/dev/null | grep -q inflight && break
		sleep 0.05
	done
	kill -9 "$pid"
	wait "$pid" || :
	SECONDS=0
	run -0 timeout 20 "$HAMMER" doc k-dead 0
	assert_output miss
	[ "$SECONDS" -lt 5 ]
}

@test "the document cache keeps at most 64 documents" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start)
	for i in $(seq 70); do "$HAMMER" doc "doc-$i" 0 >/dev/null; done
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.document_cache.documents == 64'
	# The oldest went first, the newest stay.
	run -0 "$HAMMER" doc doc-70 0
	assert_output --partial hit
	run -0 "$HAMMER" doc doc-1 0
	assert_output miss
}

@test "a private run (no WEB_RUN_FILE) has its own budget" {
	need_hammer
	run -0 "$HAMMER" reserve 1
	run -0 "$HAMMER" reserve 1
	run -0 "$HAMMER" session
	a=$output
	run -0 "$HAMMER" session
	[ "$a" != "$output" ]
}

@test "host admission: fetch origin starts at least 500 ms apart" {
	need_hammer
	spawn 4 timeout 60 "$HAMMER" lease fetch http://127.0.0.1:9 0
	cat "$OUT"/* | awk '{print $2}' | sort -n >"$BATS_TEST_TMPDIR/t"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/t")" -eq 4 ]
	run awk 'NR > 1 && $1 - p < 495 { bad++ } { p = $1 } END { print bad + 0 }' \
	    "$BATS_TEST_TMPDIR/t"
	assert_output 0
}

@test "host admission: a fetch origin admits two at a time" {
	need_hammer
	spawn 3 timeout 60 "$HAMMER" lease fetch http://127.0.0.1:8 1500
	cat "$OUT"/* | awk '{print $2}' | sort -n >"$BATS_TEST_TMPDIR/t"
	first=$(sed -n 1p "$BATS_TEST_TMPDIR/t")
	second=$(sed -n 2p "$BATS_TEST_TMPDIR/t")
	third=$(sed -n 3p "$BATS_TEST_TMPDIR/t")
	[ $((second - first)) -lt 1400 ]
	[ $((third - first)) -ge 1495 ]
}

@test "host admission: a search scope is one at a time, 2 s apart" {
	need_hammer
	spawn 2 timeout 60 "$HAMMER" lease ollama http://127.0.0.1:11434 0
	cat "$OUT"/* | awk '{print $2}' | sort -n >"$BATS_TEST_TMPDIR/t"
	run awk 'NR == 2 { print ($1 - p >= 1995) } { p = $1 }' \
	    "$BATS_TEST_TMPDIR/t"
	assert_output 1
}

@test "host admission: a killed lease owner is reclaimed" {
	need_hammer
	"$HAMMER" lease codex k 60000 >"$OUT/owner" &
	pid=$!
	wait_for "$OUT/owner" admitted
	kill -9 "$pid"
	wait "$pid" || :
	SECONDS=0
	run -0 timeout 20 "$HAMMER" lease codex k 0
	assert_output --partial admitted
	[ "$SECONDS" -lt 5 ]
}

@test "host admission: throttling cools down, then one probe" {
	need_hammer
	run -0 "$HAMMER" lease fetch o3 0 throttled 1200
	SECONDS=0
	run -1 "$HAMMER" lease fetch o3 0
	assert_output --partial rate_limited
	[ "$SECONDS" -lt 2 ]
	sleep 1.3
	"$HAMMER" lease fetch o3 800 >"$OUT/probe" &
	pid=$!
	wait_for "$OUT/probe" admitted
	grep -q probe "$OUT/probe"
	# While the probe is out the next caller waits on it.
	run -0 timeout 20 "$HAMMER" lease fetch o3 0
	wait "$pid"
	refute_output --partial probe
	run -0 web-control -c status
	echo "$output" | jq -e '.host.entries[0].throttle_streak == 0 and
	    .host.entries[0].throttled == 1'
}

@test "host admission: two infrastructure failures open a cooldown" {
	need_hammer
	run -0 "$HAMMER" lease codex inf 0 failure
	run -0 "$HAMMER" lease codex inf 0 failure
	run -1 "$HAMMER" lease codex inf 0
	assert_output --partial rate_limited
	run -0 web-control -c status
	echo "$output" | jq -e '.host.entries[0].cooling_down == true and
	    .host.entries[0].retry_after_ms > 55000'
}

# --- the programs, once they exist ---

# A server for one test: server_start would reuse an earlier test's
# port files, so clear them first.
fresh_server() {
	rm -rf "$BATS_FILE_TMPDIR/server"
	server_start
}

@test "32 concurrent wsearch in one run, budget 4: exactly 4 answered" {
	fresh_server
	write_config "{\"search\":{\"backend\":\"searxng\",\"maxRequestsPerRun\":4,\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}"
	export WEB_RUN_FILE=$(web-control run start)
	SECONDS=0
	# Distinct queries ($$ of each shell): no cache or in-flight sharing.
	spawn 32 timeout 90 sh -c 'exec wsearch -c "orchard pruning $$"'
	server_stop
	[ "$SECONDS" -lt 60 ]
	[ "$(grep -l '"status":"ok"' "$OUT"/* | wc -l)" -eq 4 ]
	[ "$(grep -l search_budget_exhausted "$OUT"/* | wc -l)" -eq 28 ]
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 4 ]
}

@test "16 concurrent identical wfetch in one run: one request" {
	fresh_server
	allow_server
	export WEB_RUN_FILE=$(web-control run start)
	spawn 16 timeout 60 wfetch -c "$BASE/page"
	server_stop
	jq -c "select(.status != \"ok\") | .error" "$OUT"/* >&3 || :
	[ "$(grep -l '"status":"ok"' "$OUT"/* | wc -l)" -eq 16 ]
	[ "$(hits /page)" -eq 1 ]
}

# host_buckets SCOPE: how many host-state buckets of SCOPE exist
host_buckets() {
	web-control -c status | jq "[.host.entries[] | select(.scope == \"$1\")] | length"
}

@test "wfetch in host mode: one origin's starts are 500 ms apart" {
	fresh_server
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	wfetch -c "$BASE/hello.txt" >/dev/null || :
	[ "$(host_buckets fetch)" -ge 1 ]
	SECONDS=0
	s=$(date +%s%N)
	spawn 4 sh -c "exec wfetch -c \"$BASE/count/\$\$\""
	e=$(date +%s%N)
	server_stop
	[ "$(grep -l '"status":"ok"' "$OUT"/* | wc -l)" -eq 4 ]
	# The last of four starts waits out three spacings after the first
	# call above, which may itself have just started one.
	[ $(((e - s) / 1000000)) -ge 1400 ]
}

@test "wfetch in host mode: a throttled origin cools down, nothing sent" {
	fresh_server
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	wfetch -c "$BASE/status/429?retry_after=30" >"$OUT/1" || :
	[ "$(host_buckets fetch)" -ge 1 ]
	run wfetch -c "$BASE/hello.txt"
	server_stop
	echo "$output" | jq -e '.status == "blocked" and
	    (.error.retry_after_ms // 0) > 20000'
	[ "$(hits /hello.txt)" -eq 0 ]
}

@test "wsearch in host mode: one SearXNG endpoint, 2 s apart" {
	fresh_server
	write_config "{\"coordination\":\"host\",\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}"
	wsearch -c "orchard first" >/dev/null || :
	[ "$(host_buckets searxng)" -ge 1 ]
	s=$(date +%s%N)
	spawn 2 sh -c 'exec wsearch -c "orchard pruning $$"'
	e=$(date +%s%N)
	server_stop
	[ "$(grep -c '^/searxng/search' "$SERVER_DIR/log")" -eq 3 ]
	[ $(((e - s) / 1000000)) -ge 1900 ]
}
