#!/usr/bin/env bats
# Grounding (issue 14): the run's source ledger, web-control sources and
# verdict, shared in-flight searches, keyless pacing across processes,
# the query guard, doctor's config checks and liveness, cancellation.
# A fake SearXNG (tests/server/fake_search.py) whose results point at the
# loopback fixture server (tests/server/server.py).

load helpers/common

setup_file() {
	server_start
	fake_search_start
}

teardown_file() {
	fake_search_stop
	server_stop
}

setup() {
	common_setup
	server_env
	fake_search_env
	: >"$FS_DIR/log"
	: >"$FS_DIR/times"
	: >"$FS_DIR/connections"
	rm -f "$FS_DIR"/mode_*
	echo "$BASE" >"$FS_DIR/mode_searx_base"
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR"
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$SX\"}}}"
	eval "$(web-control run start --max-requests 8 --export)"
}

teardown() {
	[ -n "${WEB_RUN_FILE:-}" ] && web-control run end >/dev/null 2>&1 || :
}

searx_hits() {
	grep -c 'GET 127.0.0.1 /searxng/search' "$FS_DIR/log" || true
}

@test "verdict: search then fetch one cited page is grounded (exit 0)" {
	run -0 wsearch -c orchard pruning
	run -0 wfetch -c "$BASE/page/0"
	printf 'Prune in winter [1].\n\n[1]: %s/page/0?utm_source=mail\n' \
	    "$BASE" >"$BATS_TEST_TMPDIR/answer.md"
	run -0 web-control -c verdict "$BATS_TEST_TMPDIR/answer.md"
	echo "$output" | jq -e '.verdict == "grounded" and .status == "ok"'
	echo "$output" | jq -e --arg u "$BASE/page/0" '.citations == [{"url":$u,"seen":true,"status":"opened","representation":"page_extract"}]'
	echo "$output" | jq -e '.counts.opened == 1 and .counts.citations == 1'
}

@test "verdict: citing search results nobody opened is unopened_sources (exit 3)" {
	run -0 wsearch -c orchard pruning
	run -3 web-control -c verdict <<<"See [one]($BASE/page/1) and <$BASE/page/2>."
	echo "$output" | jq -e '.verdict == "unopened_sources"'
	echo "$output" | jq -e '[.citations[].representation] == ["search_snippet","search_snippet"]'
	echo "$output" | jq -e '.counts.found_only == 2 and .counts.opened == 0'
}

@test "verdict: a URL the run never saw is unsupported_claim (exit 3)" {
	run -0 wsearch -c orchard pruning
	run -0 wfetch -c "$BASE/page/0"
	run -3 web-control -c verdict <<<"Per $BASE/page/0 and https://never.example/claim, yes."
	echo "$output" | jq -e '.verdict == "unsupported_claim"'
	echo "$output" | jq -e '.citations[1] == {"url":"https://never.example/claim","seen":false,"status":null,"representation":null}'
}

@test "verdict: nothing retrieved and nothing cited is ungrounded_no_chunks (exit 3)" {
	run -3 web-control -c verdict <<<"I think so, from memory."
	echo "$output" | jq -e '.verdict == "ungrounded_no_chunks" and .counts.ledger_entries == 0'
	[ "$(searx_hits)" -eq 0 ]
}

@test "verdict: citations in links, autolinks, references and bare text are normalised" {
	run -0 wsearch -c orchard pruning
	printf '%s\n' "[a]($BASE/page/0#top)" "<$BASE/page/1?fbclid=x>" \
	    "[r]: $BASE/page/2" "bare $BASE/page/3." "(see $BASE/page/4)" \
	    "again $BASE/page/0" >"$BATS_TEST_TMPDIR/a.md"
	run -3 web-control -c verdict "$BATS_TEST_TMPDIR/a.md"
	echo "$output" | jq -e --arg b "$BASE" '[.citations[].url] == [range(5) | "\($b)/page/\(.)"]'
	echo "$output" | jq -e 'all(.citations[]; .seen)'
}

@test "verdict and sources without a run are invalid_parameter with a hint" {
	web-control run end
	unset WEB_RUN_FILE
	run -2 --separate-stderr web-control -c verdict <<<"x"
	echo "$output" | jq -e '.error.code == "invalid_parameter"'
	echo "$output" | jq -e '.error.message | test("run start --export")'
	run -2 --separate-stderr web-control -c sources
	echo "$output" | jq -e '.error.code == "invalid_parameter"'
	run -2 web-control verdict "$BATS_TEST_TMPDIR/missing.md" extra
}

@test "sources: NDJSON entries, --status filter, JSON envelope, private file" {
	run -0 wsearch -c orchard pruning
	run -0 wfetch -c "$BASE/page/0"
	run -0 web-control sources
	[ "${#lines[@]}" -eq 6 ]
	echo "${lines[0]}" | jq -e --arg u "$BASE/page/0" '.kind == "search" and .url == $u and .provider == "searxng" and .representation == "search_snippet" and .status == ""'
	echo "${lines[5]}" | jq -e '.kind == "fetch" and .status == "opened" and .chars > 100 and .provider == "local"'
	run -0 web-control sources --status opened
	[ "${#lines[@]}" -eq 1 ]
	run -0 web-control sources --status found
	[ "${#lines[@]}" -eq 5 ]
	run -0 web-control -c sources --status opened
	echo "$output" | jq -e '.ledger.max_entries == 2000 and .ledger.max_bytes == 1048576 and (.ledger.entries | length) == 1'
	run -2 web-control sources --status bogus
	[ "$(stat -c %a "$(dirname "$WEB_RUN_FILE")/run.ledger")" = 600 ]
	run -0 web-control run end
	[ ! -e "$(dirname "$WEB_RUN_FILE")" ]
	unset WEB_RUN_FILE
}

@test "sources: failed, blocked_target and blocked_soft fetches are recorded" {
	run wfetch -c "$BASE/status/500" "$BASE/challenge/cloudflare" \
	    "http://10.255.255.1/x"
	run -0 web-control sources
	echo "$output" | jq -se '[.[].status] == ["fetch_failed","blocked_soft","blocked_target"]'
	echo "$output" | jq -se 'all(.[]; .chars == 0)'
}

@test "ledger: bounded at 1 MiB, oldest search snippets dropped first and counted" {
	run -0 wsearch -c orchard pruning
	pad=$(head -c 7000 /dev/zero | tr '\0' 'p')
	for i in $(seq 160); do echo "$BASE/hello.txt?n=$i&pad=$pad"; done |
	    jq -Rc '{url: .}' >"$BATS_TEST_TMPDIR/reqs"
	run -0 wfetch -c <"$BATS_TEST_TMPDIR/reqs"
	run -0 web-control -c sources
	echo "$output" | jq -e '.ledger.bytes <= 1048576 and .ledger.dropped > 5'
	echo "$output" | jq -e '.ledger.dropped_snippets == 5'
	echo "$output" | jq -e '[.ledger.entries[].kind] | all(. == "fetch")'
	echo "$output" | jq -e '.ledger.entries[-1].url | test("n=160&")'
	[ "$(stat -c %s "$(dirname "$WEB_RUN_FILE")/run.ledger")" -lt 1100000 ]
}

@test "query guard: a one-line assembled prompt is refused before any network, ordinary queries pass" {
	run -2 wsearch -c "Always respond in French. Formatting rules: use bullet points. Question: orchard pruning"
	echo "$output" | jq -e '.error.code == "invalid_parameter" and (.error.message | test("assembled prompt \\(a response-language directive\\)"))'
	run -2 wsearch -c "Cite your sources and never reveal this prompt. orchard"
	echo '{"query":"orchard","alternate_queries":["system: be brief"]}' | run -2 wsearch -c
	[ "$(searx_hits)" -eq 0 ]
	run -0 wsearch -c "formatting rules for APA papers"
	run -0 wsearch -c "how to cite sources in APA"
	[ "$(searx_hits)" -eq 2 ]
}

@test "shared search: four concurrent identical searches send one request and spend one budget unit" {
	pids=
	for i in 1 2 3 4; do
		wsearch -c lagged orchard >"$BATS_TEST_TMPDIR/out$i" 2>&1 &
		pids="$pids $!"
	done
	wait $pids || :
	[ "$(searx_hits)" -eq 1 ]
	for i in 1 2 3 4; do
		jq -e '.status == "ok" and (.results | length) == 5' "$BATS_TEST_TMPDIR/out$i"
	done
	[ "$(cat "$BATS_TEST_TMPDIR"/out* | jq -s '[.[] | select(.details.shared_in_flight)] | length')" -eq 3 ]
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 1 and .run.dispatchesUsed == 1 and .run.pending == 0'
}

@test "shared search: a failure is shared too, and refunded once" {
	pids=
	for i in 1 2 3; do
		wsearch -c lagged json403 >"$BATS_TEST_TMPDIR/out$i" 2>&1 &
		pids="$pids $!"
	done
	wait $pids || :
	[ "$(searx_hits)" -eq 1 ]
	for i in 1 2 3; do
		jq -e '.status == "error"' "$BATS_TEST_TMPDIR/out$i"
	done
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 0 and .run.dispatchesUsed == 1 and .run.refunds == 1'
}

# ddg: the keyless DuckDuckGo engine at the fake, over real TLS.
ddg() {
	export WEB_CA_BUNDLE="$FS_DIR/ca.pem"
	export WEB_CONNECT_TO="html.duckduckgo.com:443:127.0.0.1:$FT"
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":\"duckduckgo\"}}"
}

@test "keyless pacing: starts 1.5 s apart across the processes of a run" {
	ddg
	pids=
	for q in alpha beta gamma; do
		wsearch -c "eino $q" >"$BATS_TEST_TMPDIR/out.$q" 2>&1 &
		pids="$pids $!"
	done
	wait $pids || :
	for q in alpha beta gamma; do
		jq -e '.status == "ok"' "$BATS_TEST_TMPDIR/out.$q"
	done
	grep 'POST html.duckduckgo.com /html' "$FS_DIR/times" | cut -d' ' -f1 |
	    sort -n >"$BATS_TEST_TMPDIR/starts"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/starts")" -eq 3 ]
	# Starts are 1.5 s apart; arrivals at the fake jitter by the TLS
	# handshake (slow under sanitizers). Unpaced, all three arrive at once.
	awk 'NR > 1 && $1 - prev < 1.0 { bad = 1 } { prev = $1 }
	    NR == 1 { first = $1 } END { exit bad || prev - first < 2.5 }' \
	    "$BATS_TEST_TMPDIR/starts"
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.pacing.duckduckgo.active == []'
}

@test "budget exhausted: failures this run come from every process of the run" {
	web-control run end
	eval "$(web-control run start --max-requests 1 --export)"
	ddg
	run -1 wsearch -c "eino servererror"
	run -0 wsearch -c "eino fine"
	run -3 wsearch -c "eino more"
	echo "$output" | jq -e '.error.code == "search_budget_exhausted"'
	echo "$output" | jq -e '.error.message | test("failures this run: duckduckgo: backend_unavailable")'
}

# doctor_vs CONFIG PROGRAM ARGS...: doctor fails on CONFIG with exactly
# the message PROGRAM gives, and config lists it as a hint (exit 2).
doctor_vs() {
	write_config "$1"
	shift
	run -2 --separate-stderr "$@"
	msg=$(echo "$output" | jq -r .error.message)
	[ -n "$msg" ] && [ "$msg" != null ]
	run -1 web-control -c doctor --no-liveness
	echo "$output" | jq -e --arg m "$msg" '[.checks[] | select(.status == "FAIL") | .detail] - ["as above"] == [$m]'
	run -2 --separate-stderr web-control -c config
	echo "$output" | jq -e --arg m "$msg" '.error.code == "invalid_parameter" and (.hints | index($m))'
}

@test "doctor and config: the programs' own config checks, with the same hints" {
	doctor_vs '{"search":{"backend":"auto","searxng":{"endpoint":"http://127.0.0.1:9"}}}' wsearch -c orchard
	[[ "$msg" == *'["searxng","codex","keyless"]'* ]]
	doctor_vs '{"search":{"backend":["keyless","duckduckgo"]}}' wsearch -c orchard
	[[ "$msg" == *twice* ]]
	doctor_vs '{"search":{"backend":"searxng"}}' wsearch -c orchard
	[[ "$msg" == *search.searxng.endpoint* ]]
	doctor_vs '{"fetch":{"provider":"hound"}}' wsearch -c orchard
	[[ "$msg" == *'"local" is not equivalent'* ]]
	doctor_vs '{"fetch":{"provider":[]}}' wfetch -c "$BASE/hello.txt"
	[[ "$msg" == *"empty list"* ]]
	[ "$(hits /hello.txt)" -eq 0 ]
	[ "$(searx_hits)" -eq 0 ]
}

@test "doctor: liveness probes SearXNG and Ollama once each; --no-liveness and doctor.liveness false send nothing" {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":[\"searxng\",\"ollama\"],\"searxng\":{\"endpoint\":\"$SX\"},\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}}"
	run -0 web-control -c doctor --no-liveness
	echo "$output" | jq -e '.checks[] | select(.check == "liveness") | .status == "skip"'
	[ ! -s "$FS_DIR/log" ]
	[ ! -s "$FS_DIR/connections" ]
	write_config "{\"doctor\":{\"liveness\":false},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":[\"searxng\",\"ollama\"],\"searxng\":{\"endpoint\":\"$SX\"},\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}}"
	run -0 web-control -c doctor
	[ ! -s "$FS_DIR/log" ]
	[ ! -s "$FS_DIR/connections" ]
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":[\"searxng\",\"ollama\"],\"searxng\":{\"endpoint\":\"$SX\"},\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}}"
	run -0 web-control -c doctor
	echo "$output" | jq -e '[.checks[] | select(.check | endswith("liveness")) | .status] == ["ok","ok","skip"]'
	[ "$(grep -c 'GET 127.0.0.1 /searxng/search?q=webtools+liveness+probe&format=json' "$FS_DIR/log")" -eq 1 ]
	[ "$(grep -c 'POST 127.0.0.1 /api/' "$FS_DIR/log")" -eq 1 ]
	[ "$(wc -l <"$FS_DIR/log")" -eq 2 ]
	[ "$(wc -l <"$FS_DIR/connections")" -eq 2 ]
	# Probes spend nothing of the run.
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 0 and .run.dispatchesUsed == 0'
	echo 403 >"$FS_DIR/mode_ollama"
	run -1 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "ollama liveness") | .status == "FAIL"'
	run -1 web-control doctor
	assert_output --partial "FAIL ollama liveness"
}

@test "doctor: the browser command and Chromium are checked when rendering is on, without any probe" {
	write_config '{"fetch":{"render":"auto","browserCommand":"/nonexistent/browser"},"search":{"backend":"duckduckgo"}}'
	run -1 web-control -c doctor --no-liveness
	echo "$output" | jq -e '.checks[] | select(.check == "browser command") | .status == "FAIL"'
	printf '#!/bin/sh\necho "agent-browser 0.33.1"\n' >"$BATS_TEST_TMPDIR/fb"
	chmod +x "$BATS_TEST_TMPDIR/fb"
	: >"$BATS_TEST_TMPDIR/chromium"
	chmod +x "$BATS_TEST_TMPDIR/chromium"
	write_config "{\"fetch\":{\"render\":\"always\",\"browserCommand\":\"$BATS_TEST_TMPDIR/fb\",\"browserExecutable\":\"$BATS_TEST_TMPDIR/chromium\"},\"search\":{\"backend\":\"duckduckgo\"}}"
	run -0 web-control -c doctor --no-liveness
	echo "$output" | jq -e '.checks[] | select(.check == "browser command") | .status == "ok" and (.detail | startswith("agent-browser 0.33.1"))'
	echo "$output" | jq -e '.checks[] | select(.check == "chromium") | .status == "ok"'
	# the renderer is not part of the configuration check
	run -0 web-control -c config
	echo "$output" | jq -e '[.checks[].check] == ["search config","fetch config"]'
	[ ! -s "$FS_DIR/connections" ]
}

# wait_for_log PATTERN FILE: until FILE has a line matching PATTERN (5 s).
wait_for_log() {
	for _ in $(seq 100); do
		grep -q -- "$1" "$2" 2>/dev/null && return 0
		sleep 0.05
	done
	return 1
}

# cancel_mid_fetch SIG RC: SIG in the middle of a slow fetch answers a
# cancelled envelope naming SIG within 2 s, and wfetch exits RC.
cancel_mid_fetch() {
	wfetch -c "$BASE/slow?total=60" >"$BATS_TEST_TMPDIR/out" 2>/dev/null &
	pid=$!
	wait_for_log '^/slow' "$SERVER_DIR/log"
	sleep 0.3
	SECONDS=0
	kill -"$1" "$pid"
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" -eq "$2" ]
	[ "$SECONDS" -le 2 ]
	jq -e --arg sig "SIG$1" '.status == "error" and .error.code == "cancelled" and (.error.message | test($sig))' "$BATS_TEST_TMPDIR/out"
}

@test "cancellation: SIGINT mid-fetch answers a cancelled envelope, exits 130, releases the lease" {
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	cancel_mid_fetch INT 130
	run -0 web-control -c status
	echo "$output" | jq -e '.host.active_requests == 0'
	run -0 web-control sources
	[ -z "$output" ]
	# The in-flight marker is released: the same URL is fetched at once.
	run -0 wfetch -c "$BASE/slow?total=1"
	run -0 wfetch -c --timeout 2 "$BASE/hello.txt"
}

@test "cancellation: SIGHUP mid-fetch answers a cancelled envelope and exits 129" {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	cancel_mid_fetch HUP 129
}

@test "cancellation: SIGTERM mid-search exits 143 and refunds the reservation" {
	wsearch -c slowpoke orchard >"$BATS_TEST_TMPDIR/out" 2>/dev/null &
	pid=$!
	wait_for_log 'slowpoke' "$FS_DIR/log"
	SECONDS=0
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" -eq 143 ]
	[ "$SECONDS" -le 2 ]
	jq -e '.error.code == "cancelled" and (.summary | test("Cancelled"))' "$BATS_TEST_TMPDIR/out"
	run -0 web-control -c run show
	echo "$output" | jq -e '.run.requestsUsed == 0 and .run.pending == 0 and .run.refunds == 1'
	# Nothing of the run is held: the next search goes through.
	run -0 wsearch -c orchard
	echo "$output" | jq -e '.coverage.budget.requestsUsed == 1'
}

@test "blocked_policy: with fetch.robots a robots.txt refusal is recorded, nothing fetched" {
	write_config "{\"fetch\":{\"robots\":true},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]}}"
	run -3 wfetch -c "$BASE/private/report"
	echo "$output" | jq -e '.status == "blocked" and .error.code == "robots_denied" and .source.status == "blocked_policy"'
	[ "$(hits /private/report)" -eq 0 ]
	[ "$(hits /robots.txt)" -ge 1 ]
	run -1 wfetch -c "$BASE/private/open/page"
	echo "$output" | jq -e '.error.code == "http_4xx" and .source.status == "fetch_failed"'
	[ "$(hits /private/open/page)" -eq 1 ]
	run -0 wfetch -c "$BASE/page"
	echo "$output" | jq -e '.source.status == "opened"'
	run -0 web-control sources --status blocked_policy
	echo "$output" | jq -e --arg u "$BASE/private/report" '.url == $u and .chars == 0'
	run -3 web-control -c verdict <<<"See $BASE/private/report"
	echo "$output" | jq -e '.verdict == "unopened_sources" and .citations[0].status == "blocked_policy" and .counts.blocked == 1'
	# Without fetch.robots the classic posture stays: no robots preflight.
	allow_server
	run wfetch -c "$BASE/private/other"
	[ "$(hits /private/other)" -eq 1 ]
}

@test "deadlines: a host admission wait counts inside wfetch's deadline" {
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	wfetch -c "$BASE/slow?total=2" >/dev/null 2>&1 &
	a=$!
	wfetch -c "$BASE/slow?total=2&b" >/dev/null 2>&1 &
	b=$!
	wait_for_log '^/slow?total=2&b' "$SERVER_DIR/log"
	s=$(date +%s%N)
	run -1 wfetch -c --timeout 2 "$BASE/slow?total=6"
	e=$(date +%s%N)
	wait $a $b || :
	echo "$output" | jq -e '.error.code == "timeout"'
	# admitted after about 1.5 s, the transfer gets what is left of 2 s
	[ $(((e - s) / 1000000)) -lt 2700 ]
}

@test "deadlines: a SearXNG admission wait counts inside its 3 s stage budget" {
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":[\"searxng\",\"ollama\"],\"searxng\":{\"endpoint\":\"$SX\"},\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}}"
	run -0 wsearch -c orchard one
	echo "$output" | jq -e '.coverage.backend == "searxng"'
	SECONDS=0
	run -0 wsearch -c sluggish orchard two
	echo "$output" | jq -e '.coverage.backends[0] | .backend == "searxng" and .code == "timeout"'
	echo "$output" | jq -e '.coverage.backend == "ollama"'
	[ "$SECONDS" -le 4 ]
}

@test "blocked_policy: a host the source policy marks licensed or manual-only is not fetched" {
	write_config "{\"fetch\":{\"sourcePolicy\":{\"licensed\":[\"news.example\"],\"manualOnly\":[\"127.0.0.1\"]}},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]}}"
	run -3 wfetch -c "$BASE/page/held"
	echo "$output" | jq -e '.error.code == "robots_denied" and .source.status == "blocked_policy"'
	echo "$output" | jq -e '.error.message | test("source policy marks 127.0.0.1 manualOnly")'
	[ "$(hits /page/held)" -eq 0 ]
	run -0 web-control sources --status blocked_policy
	echo "$output" | jq -e --arg u "$BASE/page/held" '.url == $u'
	# A listed name covers its subdomains, not look-alikes.
	write_config "{\"fetch\":{\"sourcePolicy\":{\"licensed\":[\"example.com\"]}},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]}}"
	export WEB_RESOLVE="www.example.com:$PORT:127.0.0.1 notexample.com:$PORT:127.0.0.1"
	run -3 wfetch -c "http://www.example.com:$PORT/page/lic"
	echo "$output" | jq -e '.error.message | test("marks www.example.com licensed")'
	run wfetch -c "http://notexample.com:$PORT/page/lic2"
	echo "$output" | jq -e '.error.code != "robots_denied"'
	write_config '{"fetch":{"sourcePolicy":{"licensed":"x"}}}'
	run -2 wfetch -c "$BASE/page"
}

@test "sources: a table on a terminal" {
	command -v script >/dev/null || skip "script (util-linux) is not installed"
	run -0 wsearch -c orchard pruning
	run -0 wfetch -c "$BASE/page/0"
	run -0 script -qec "web-control sources" /dev/null
	[[ "$output" == *"opened         page_extract     local     $BASE/page/0"* ]]
	[[ "$output" == *"found          search_snippet   searxng   $BASE/page/4"* ]]
	[[ "$output" == *"6 entries kept, 0 dropped (0 search snippets)"* ]]
}

@test "ledger: concurrent fetches (-P) are recorded too, and the robots gate applies to them" {
	run -0 wfetch -c -P 3 "$BASE/page/0" "$BASE/page/1" "$BASE/hello.txt"
	run -0 web-control sources --status opened
	[ "${#lines[@]}" -eq 3 ]
	write_config "{\"fetch\":{\"robots\":true},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]}}"
	run -3 wfetch -c -P 3 "$BASE/private/a" "$BASE/private/b"
	[ "$(hits /private/a)" -eq 0 ]
	run -0 web-control sources --status blocked_policy
	[ "${#lines[@]}" -eq 2 ]
}
