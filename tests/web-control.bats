#!/usr/bin/env bats
# web-control: runs (start/show/end), the run file's failure modes, host
# state (status/reset, fail closed), config and doctor.

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
}

# mode PATH: octal permission bits
mode() {
	stat -c %a "$1"
}

@test "web-control: --help, --version, usage errors exit 2" {
	run -0 web-control --help
	assert_output --partial "run start"
	run -0 web-control --version
	assert_output --regexp '^web-control [0-9]'
	run -2 web-control
	run -2 web-control frobnicate
	run -2 web-control run
	run -2 web-control run start --max-requests 0
	run -2 web-control run start --max-requests 21
	run -2 web-control run start --max-requests 3x
	run -2 web-control run start --coordination daemon
	run -0 web-control --schema
	echo "$output" | jq -e '.properties.command.enum | index("run start")'
}

@test "run start: a private 0700 directory with a 0600 run file" {
	run -0 web-control run start
	f=$output
	[[ "$f" == "$XDG_RUNTIME_DIR"/webtools-run.*/run.json ]]
	[ "$(mode "$f")" = 600 ]
	[ "$(mode "$(dirname "$f")")" = 700 ]
	# The run id stays in the file; show never prints it.
	id=$(jq -r .runId "$f")
	[ ${#id} -eq 32 ]
	WEB_RUN_FILE=$f run -0 web-control -c run show
	refute_output --partial "$id"
}

@test "run start: falls back to TMPDIR without XDG_RUNTIME_DIR" {
	unset XDG_RUNTIME_DIR
	export TMPDIR="$BATS_TEST_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	run -0 web-control run start
	[[ "$output" == "$TMPDIR"/webtools-run.*/run.json ]]
}

@test "run start --export, show, end --export: eval round trip" {
	eval "$(web-control run start --max-requests 6 --export)"
	[ -f "$WEB_RUN_FILE" ]
	d=$(dirname "$WEB_RUN_FILE")
	run -0 web-control -c run show
	echo "$output" | jq -e '.status == "ok" and .run.maxRequestsPerRun == 6
	    and .run.maxDispatches == 24 and .run.requestsUsed == 0
	    and .run.document_cache.max_documents == 64'
	run -0 web-control run show
	assert_output --partial "0 of 6 used"
	eval "$(web-control run end --export)"
	[ -z "${WEB_RUN_FILE:-}" ]
	[ ! -e "$d" ]
}

@test "run start: the limit defaults to search.maxRequestsPerRun" {
	write_config '{"search":{"maxRequestsPerRun":9}}'
	export WEB_RUN_FILE=$(web-control run start)
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.maxRequestsPerRun == 9'
	web-control run end
}

@test "run start --coordination host is recorded in the run" {
	export WEB_RUN_FILE=$(web-control run start --coordination host)
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.coordination == "host"'
}

@test "run show / run end without WEB_RUN_FILE: usage error" {
	run -2 --separate-stderr web-control run show
	[[ "$stderr" == *WEB_RUN_FILE* ]]
	run -2 web-control run end
}

@test "a missing run file is coordination_unavailable, never a fresh budget" {
	export WEB_RUN_FILE="$BATS_TEST_TMPDIR/nope/run.json"
	run -3 web-control -c run show
	echo "$output" | jq -e '.status == "blocked" and
	    .error.code == "coordination_unavailable"'
}

@test "a corrupt run file is coordination_unavailable" {
	export WEB_RUN_FILE=$(web-control run start)
	printf '{"webtoolsRun":1,' >"$WEB_RUN_FILE"
	run -3 web-control -c run show
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	# Out-of-range counters are corruption too.
	printf '{"webtoolsRun":1,"runId":"%032d","coordination":"default","maxRequestsPerRun":4,"maxDispatches":16,"requestsUsed":-3,"dispatchesUsed":0,"pending":0,"deferrals":{}}' 0 >"$WEB_RUN_FILE"
	run -3 web-control -c run show
}

@test "a world-readable run file or directory is refused" {
	export WEB_RUN_FILE=$(web-control run start)
	chmod 644 "$WEB_RUN_FILE"
	run -3 web-control -c run show
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	chmod 600 "$WEB_RUN_FILE"
	chmod 755 "$(dirname "$WEB_RUN_FILE")"
	run -3 web-control -c run show
	chmod 700 "$(dirname "$WEB_RUN_FILE")"
	run -0 web-control -c run show
}

@test "run end removes only its own files" {
	export WEB_RUN_FILE=$(web-control run start)
	d=$(dirname "$WEB_RUN_FILE")
	echo keep >"$d/other"
	run -3 web-control run end
	[ -f "$d/other" ]
	# A file that is not a run is never removed.
	echo '{}' >"$BATS_TEST_TMPDIR/x.json"
	chmod 600 "$BATS_TEST_TMPDIR/x.json"
	WEB_RUN_FILE="$BATS_TEST_TMPDIR/x.json" run -3 web-control run end
	[ -f "$BATS_TEST_TMPDIR/x.json" ]
}

@test "budget: reservations, refunds, deferrals and the session id" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start --max-requests 2)
	run -0 "$HAMMER" reserve 0
	run -0 "$HAMMER" reserve 1
	run -0 "$HAMMER" reserve 1
	run -3 "$HAMMER" reserve 1
	assert_output --partial search_budget_exhausted
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 2 and .run.dispatchesUsed == 3
	    and .run.refunds == 1 and .run.exhausted == 1 and .run.pending == 0'
	run -0 "$HAMMER" defer duckduckgo
	assert_output 1
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.deferrals | has("duckduckgo")'
	# webtools- + SHA-256 of the run id; the same for every process.
	id=$(jq -r .runId "$WEB_RUN_FILE")
	want="webtools-$(printf %s "$id" | sha256sum | cut -c1-64)"
	run -0 "$HAMMER" session
	assert_output "$want"
}

@test "budget: the dispatch ceiling is not refunded" {
	need_hammer
	export WEB_RUN_FILE=$(web-control run start --max-requests 1)
	for _ in 1 2 3 4; do run -0 "$HAMMER" reserve 0; done
	run -3 "$HAMMER" reserve 0
	assert_output --partial "dispatch ceiling"
}

@test "status: metadata only, no state created by looking" {
	run -0 web-control -c status
	echo "$output" | jq -e '.host.exists == false and .host.buckets == 0
	    and .search_cache.ttl_ms == 900000'
	[ ! -e "$XDG_STATE_HOME/webtools" ]
	run -0 web-control status
	assert_output --partial "cooling down"
}

@test "host state: hashed keys only, private files, status counts" {
	need_hammer
	run -0 "$HAMMER" lease fetch "http://secret-origin.example:1" 0
	d="$XDG_STATE_HOME/webtools"
	[ "$(mode "$d")" = 700 ]
	[ "$(mode "$d/state.json")" = 600 ]
	[ -f "$d/state.lock" ]
	run grep -c secret-origin "$d/state.json"
	assert_output 0
	run -0 web-control -c status
	echo "$output" | jq -e '.host.buckets == 1 and
	    .host.entries[0].scope == "fetch" and .host.entries[0].admitted == 1'
	refute_output --partial secret-origin
}

@test "reset: clears idle state, refused while a request is active" {
	need_hammer
	"$HAMMER" lease codex k 4000 >"$BATS_TEST_TMPDIR/lease.out" &
	pid=$!
	for _ in $(seq 100); do
		grep -q admitted "$BATS_TEST_TMPDIR/lease.out" && break
		sleep 0.05
	done
	run -3 web-control -c reset
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	assert_output --partial "active"
	kill "$pid"
	wait "$pid" || :
	# The killed owner's lease is reclaimed; now reset succeeds.
	run -0 web-control -c reset
	echo "$output" | jq -e '.reset.reset == true and .reset.buckets_cleared == 1'
	run -0 web-control -c status
	echo "$output" | jq -e '.host.buckets == 0'
}

@test "reset and status do not repair corrupt or unsafe state" {
	mkdir -p -m 700 "$XDG_STATE_HOME/webtools"
	f="$XDG_STATE_HOME/webtools/state.json"
	printf '{"webtoolsHostState":1,"buckets":' >"$f"
	chmod 600 "$f"
	run -3 web-control -c reset
	echo "$output" | jq -e '.error.code == "coordination_unavailable"'
	run -3 web-control status
	[ "$(cat "$f")" = '{"webtoolsHostState":1,"buckets":' ]
	echo '{"webtoolsHostState":1,"buckets":{}}' >"$f"
	chmod 644 "$f"
	run -3 --separate-stderr web-control reset
	[[ "$stderr" == *"other users"* ]]
	[ "$(mode "$f")" = 644 ]
}

@test "host state: a 0644 state file and a foreign state dir are refused" {
	need_hammer
	mkdir -p -m 700 "$XDG_STATE_HOME/webtools"
	f="$XDG_STATE_HOME/webtools/state.json"
	echo '{"webtoolsHostState":1,"buckets":{}}' >"$f"
	chmod 644 "$f"
	run -1 "$HAMMER" lease fetch o 0
	assert_output --partial coordination_unavailable
	chmod 600 "$f"
	run -0 "$HAMMER" lease fetch o 0
	# a foreign owner: tests/unit/test_lock.c (no chown needed)
}

@test "host state: oversized state fails closed" {
	need_hammer
	mkdir -p -m 700 "$XDG_STATE_HOME/webtools"
	f="$XDG_STATE_HOME/webtools/state.json"
	head -c 300000 /dev/zero | tr '\0' ' ' >"$f"
	chmod 600 "$f"
	run -1 "$HAMMER" lease fetch o 0
	assert_output --partial coordination_unavailable
}

@test "config: effective values, no secrets" {
	export MY_KEY=supersecretvalue
	write_config '{"search":{"parallel":{"apiKeyEnv":"MY_KEY"},"searxng":{"endpoint":"http://127.0.0.1:9/"}}}'
	run -0 web-control -c config
	echo "$output" | jq -e '.config.search.parallel.apiKeyEnv == "MY_KEY"
	    and .config.search.maxRequestsPerRun == 4
	    and .config.coordination == "process"'
	refute_output --partial supersecretvalue
	run -0 web-control config
	assert_output --partial '"fetch"'
}

@test "config: a bad config is a usage error naming the key" {
	write_config '{"search":{"maxRequestsPerRun":99}}'
	run -2 --separate-stderr web-control config
	[[ "$stderr" == *maxRequestsPerRun* ]]
}

@test "doctor: reports each check" {
	write_config '{"search":{"backend":"ollama"}}'
	run -0 web-control -c doctor --no-liveness
	echo "$output" | jq -e '[.checks[].check] | index("host state")'
	export WEB_RUN_FILE="$BATS_TEST_TMPDIR/none.json"
	run -1 web-control doctor
	assert_output --partial FAIL
}

@test "doctor: an unreachable default Parallel endpoint is a failed check" {
	unset WEB_RUN_FILE
	run -1 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "parallel search") | .status == "FAIL"'
}

@test "web-control: writing to a full device fails" {
	run -1 --separate-stderr sh -c 'web-control -c status >/dev/full'
	[[ "$stderr" == *"writing output failed"* ]]
}

@test "web-control(1) EXAMPLES run" {
	man="$WT_TOP/man/web-control.1"
	[ -f "$man" ]
	man_examples "$man" >"$BATS_TEST_TMPDIR/ex.sh"
	[ -s "$BATS_TEST_TMPDIR/ex.sh" ]
	run -0 sh -e "$BATS_TEST_TMPDIR/ex.sh"
}

@test "run end on a vanished run prints the unset line and says the run is gone" {
	eval "$(web-control run start --export)"
	dir=$(dirname "$WEB_RUN_FILE")
	rm -rf "$dir"
	run -0 --separate-stderr web-control run end --export
	assert_output "unset WEB_RUN_FILE"
	[[ "$stderr" == *"is gone"* ]]
	[[ "$stderr" != *unsafe* ]]
	run -0 --separate-stderr web-control -c run end
	echo "$output" | jq -e '.status == "ok" and (.summary | test("gone"))'
}

@test "options a command would ignore are errors; an unknown option is one line" {
	export WEB_RUN_FILE=$(web-control run start)
	run -2 --separate-stderr web-control run show --max-requests 3
	[[ "$stderr" == *"--max-requests applies to run start and mcp only"* ]]
	run -2 --separate-stderr web-control status --coordination host
	[[ "$stderr" == *"--coordination applies to run start only"* ]]
	run -2 --separate-stderr web-control status --export
	[[ "$stderr" == *"--export applies to run start and run end only"* ]]
	run -2 --separate-stderr web-control --bogus status
	[ "$stderr" = "web-control: unknown option --bogus (see web-control --help)" ]
	run -2 --separate-stderr web-control frobnicate
	[ "$stderr" = "web-control: unknown command: frobnicate (see web-control --help)" ]
}

@test "status names the origin or provider of a cooling bucket, and only then; reset ORIGIN clears one" {
	need_hammer
	run -0 "$HAMMER" lease fetch "https://cool.example:443" 0 throttled 60000
	run -0 "$HAMMER" lease fetch "https://fine.example:443" 0 success
	run -0 "$HAMMER" lease duckduckgo "" 0 failure
	run -0 "$HAMMER" lease duckduckgo "" 0 failure
	d="$XDG_STATE_HOME/webtools"
	run grep -c fine.example "$d/state.json"
	assert_output 0
	run -0 web-control -c status
	echo "$output" | jq -e '[.host.entries[] | select(.cooling_down) | .name] | sort == ["duckduckgo", "https://cool.example:443"]'
	run -0 web-control status
	assert_output --partial "https://cool.example:443"
	run -0 web-control -c reset cool.example
	echo "$output" | jq -e '.reset.target == "cool.example" and .reset.buckets_cleared == 1'
	run -0 web-control -c status
	echo "$output" | jq -e '[.host.entries[] | select(.cooling_down) | .name] == ["duckduckgo"]'
	run -0 web-control reset duckduckgo
	assert_output --partial "of duckduckgo cleared (1 bucket)"
	run -0 web-control -c status
	echo "$output" | jq -e '[.host.entries[] | select(.cooling_down)] == []'
}

@test "envelope names: snake_case but for the reference's (webtools(7))" {
	eval "$(web-control run start --export)"
	for c in "run show" status "doctor --no-liveness" sources config; do
		run web-control -c $c
		[ -z "$(key_case)" ]
	done
	web-control run end >/dev/null
}
