#!/usr/bin/env bats
# mcp: the streamable-HTTP MCP client (lib/mcp.c) through the parallel
# search provider and the parallel fetch provider, against the fake
# Parallel Search MCP server (tests/server/fake_mcp.py) reached at its
# real name https://search.parallel.ai/mcp through WEB_CONNECT_TO and
# the fake's test CA. The fake's behaviour is picked by $FM/mode.

load helpers/common

setup_file() {
	fixture_start fake_mcp "$BATS_FILE_TMPDIR/fm" tlsport
}

teardown_file() {
	fixture_stop "$BATS_FILE_TMPDIR/fm"
}

setup() {
	common_setup
	FM="$BATS_FILE_TMPDIR/fm"
	export WEB_CA_BUNDLE="$FM/ca.pem"
	export WEB_CONNECT_TO="search.parallel.ai:443:127.0.0.1:$(cat "$FM/tlsport")"
	: >"$FM/log"
	rm -f "$FM/mode" "$FM/key" "$FM/lost" "$FM/last_args.json"
	unset PARALLEL_TEST_KEY
	pcfg
}

mode() {
	echo "$1" >"$FM/mode"
}

# pcfg [SEARCH-EXTRA]: parallel alone, loopback admitted for the fake.
pcfg() {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":\"parallel\"${1:+,$1}}}"
}

rpcs() {	# rpcs METHOD: how many requests carried that JSON-RPC method
	grep -c -- "rpc=$1 " "$FM/log" || true
}

@test "mcp: JSON answers, handshake, session, protocol header, DELETE" {
	run -0 wsearch -c "searxng metasearch"
	echo "$output" | jq -e '.status == "ok" and
	    .results[0].representation == "provider_excerpt" and
	    .results[0].published == "2025-10-08" and
	    (.results[0].snippet | test("Excerpt 1a")) and
	    .coverage.backends[0].backend == "parallel" and
	    .coverage.backends[0].notes.access == "anonymous" and
	    .coverage.budget.requestsUsed == 1'
	run cat "$FM/log"
	assert_line --index 0 "POST /mcp rpc=initialize session=no proto=- auth=no"
	assert_line --index 1 "POST /mcp rpc=notifications/initialized session=yes proto=2025-11-25 auth=no"
	assert_line --index 2 "POST /mcp rpc=tools/call session=yes proto=2025-11-25 auth=no"
	assert_line --index 3 "DELETE /mcp rpc=- session=yes proto=2025-11-25 auth=no"
	jq -e '.search_queries == ["searxng metasearch"] and
	    (.objective | test("searxng metasearch")) and
	    (.session_id | test("^webtools-[0-9a-f]{64}$"))' "$FM/last_args.json"
}

@test "mcp: SSE answers, priming events, notifications before the result" {
	for m in sse priming notify batchid; do
		mode "$m"
		rm -rf "$XDG_CACHE_HOME"
		run -0 wsearch -c "searxng metasearch $m"
		echo "$output" | jq -e '.status == "ok" and
		    (.results | length) == 1' || { echo "mode $m"; false; }
	done
}

@test "mcp: a server without sessions is accepted (no session header, no DELETE)" {
	mode stateless
	run -0 wsearch -c "stateless search"
	echo "$output" | jq -e '.status == "ok"'
	run grep -c "session=yes" "$FM/log"
	assert_output 0
	[ "$(grep -c '^DELETE' "$FM/log")" = 0 ]
}

@test "mcp: primary and alternates go unchanged in one call costing one request" {
	run -0 wsearch -c -a "alt one" -a "alt two" -a "alt three" "main query"
	echo "$output" | jq -e '.coverage.budget.requestsUsed == 1 and
	    .coverage.backends[0].dispatches == 1'
	[ "$(rpcs tools/call)" = 1 ]
	jq -e '.search_queries == ["main query","alt one","alt two","alt three"]' \
	    "$FM/last_args.json"
}

@test "mcp: the objective carries language, country, time range and domains; country advisory" {
	run -0 wsearch -c -l fr -C PL -t month -d example.com "tidy html"
	echo "$output" | jq -e '.coverage.filterSupport.country == "advisory" and
	    .coverage.filterSupport.domains == "operator"'
	jq -e '(.objective | test("language fr")) and
	    (.objective | test("country PL")) and
	    (.objective | test("last month")) and
	    (.objective | test("Prefer these domains: example.com")) and
	    (.search_queries[0] | test("site:example.com"))' "$FM/last_args.json"
}

@test "mcp: the default chain starts at parallel" {
	write_config '{"network":{"mode":"all","allow":["127.0.0.1"]}}'
	run -0 wsearch -c "default chain"
	echo "$output" | jq -e '.coverage.chain == ["parallel","ollama"] and
	    .coverage.backend == "parallel"'
}

@test "mcp: a genuine empty answer is No results, ok" {
	mode empty
	run -0 wsearch -c "nothing here"
	echo "$output" | jq -e '.status == "ok" and (.results | length) == 0'
}

@test "mcp: isError results and JSON-RPC errors are failures, never No results" {
	for m in iserror rpcerror; do
		mode "$m"
		run -1 wsearch -c "failing $m"
		echo "$output" | jq -e '.status == "error" and
		    .error.code == "backend_unavailable" and
		    (.results // [] | length) == 0 and
		    (.summary | test("No results") | not)' ||
		    { echo "mode $m"; false; }
	done
}

@test "mcp: HTTP 429 and rate-limit errors open a cooldown" {
	mode ratelimit
	run -3 wsearch -c "throttled"
	echo "$output" | jq -e '.status == "blocked" and
	    .error.code == "rate_limited" and .error.retry_after_ms == 7000 and
	    .coverage.rateLimited == true'
	for m in toolrate rpcrate; do
		mode "$m"
		run -3 wsearch -c "throttled $m"
		echo "$output" | jq -e '.error.code == "rate_limited"' ||
		    { echo "mode $m"; false; }
	done
}

@test "mcp: 401, 403, malformed, wrong id, non-JSON text and redirects are backend_unavailable" {
	for m in auth401 forbid403 malformed wrongid badtext redirect; do
		mode "$m"
		run -1 wsearch -c "broken $m"
		echo "$output" | jq -e '.status == "error" and
		    .error.code == "backend_unavailable"' ||
		    { echo "mode $m: $output"; false; }
	done
	# the redirect was not followed
	run grep -c "/elsewhere" "$FM/log"
	assert_output 0
}

@test "mcp: an endless event stream stops at the 2 MiB search bound" {
	mode oversized
	run -1 wsearch -c "huge stream"
	echo "$output" | jq -e '.error.code == "response_too_large"'
}

@test "mcp: a lost session is re-initialised once, not in a loop" {
	mode lostonce
	run -0 wsearch -c "lost once"
	echo "$output" | jq -e '.status == "ok"'
	[ "$(rpcs initialize)" = 2 ]
	: >"$FM/log"
	mode lostalways
	run -1 wsearch -c "lost always"
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
	[ "$(rpcs initialize)" = 2 ]
	[ "$(rpcs tools/call)" = 2 ]
}

@test "mcp: apiKeyEnv sends the key as a bearer token and never prints it" {
	echo "sekrit-key-42" >"$FM/key"
	export PARALLEL_TEST_KEY=sekrit-key-42
	pcfg '"parallel":{"apiKeyEnv":"PARALLEL_TEST_KEY"}'
	run -0 --separate-stderr wsearch -c "keyed search"
	echo "$output" | jq -e '.status == "ok" and
	    .coverage.backends[0].notes.access == "apiKeyEnv"'
	refute_output --partial "sekrit"
	[[ "$stderr" != *sekrit* ]]
	run grep -c "auth=no" "$FM/log"
	assert_output 0
	# the key is only a digest in the search cache
	run grep -r -l "sekrit" "$XDG_CACHE_HOME"
	assert_failure
}

@test "mcp: a named but missing or empty key variable is an error, not anonymous" {
	pcfg '"parallel":{"apiKeyEnv":"PARALLEL_TEST_KEY"}'
	run -2 wsearch -c "no key"
	assert_output --partial "apiKeyEnv"
	export PARALLEL_TEST_KEY=
	run -2 wsearch -c "empty key"
	[ "$(rpcs initialize)" = 0 ]
}

@test "mcp: the endpoint passes network policy like any target" {
	write_config '{"network":{"mode":"none"},"search":{"backend":"parallel"}}'
	run wsearch -c "denied search"
	assert_failure
	echo "$output" | jq -e '.status != "ok"'
	[ ! -s "$FM/log" ]
	# the address actually connected (loopback) must be allowed too
	write_config '{"network":{"mode":"all"},"search":{"backend":"parallel"}}'
	run wsearch -c "loopback not allowed"
	assert_failure
	[ "$(rpcs tools/call)" = 0 ]
}

# fcfg PROVIDER-JSON [FETCH-EXTRA]: a config with that fetch.provider.
fcfg() {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"fetch\":{\"provider\":$1${2:+,$2}}}"
}

@test "mcp fetch: parallel web_fetch with full content, honestly labelled" {
	fcfg '"parallel"'
	run -0 wfetch -c https://example.org/a
	echo "$output" | jq -e '.status == "ok" and
	    (.content | test("Full markdown body")) and
	    .source.representation == "page_extract" and
	    .source.title == "Title of https://example.org/a" and
	    .coverage.provider == "parallel" and
	    .coverage.redirects_attested == false and
	    .details.redirects_attested == false'
	jq -e '.urls == ["https://example.org/a"] and .full_content == true and
	    (.session_id | test("^webtools-"))' "$FM/last_args.json"
	[ "$(rpcs tools/call)" = 1 ]
	[ "$(grep -c '^DELETE' "$FM/log")" = 1 ]
}

@test "mcp fetch: excerpts only are said so" {
	fcfg '"parallel"'
	mode excerpts
	run -0 wfetch -c https://example.org/b
	echo "$output" | jq -e '.source.representation == "provider_excerpt" and
	    .coverage.excerpts_only == true and
	    (.coverage.note | test("excerpts only")) and
	    (.content | test("Excerpt one"))'
}

@test "mcp fetch: raw, headers, render and include_links are refused before any connection" {
	fcfg '"parallel"'
	for args in "--format raw" "--render auto" "--include-links"; do
		run -2 wfetch -c $args https://example.org/c
		echo "$output" | jq -e '.error.code == "unsupported_parameter"' ||
		    { echo "$args: $output"; false; }
	done
	echo '{"url":"https://example.org/c","headers":{"Accept":"text/html"}}' |
	    { run -2 wfetch -c; echo "$output" | jq -e '.error.code == "unsupported_parameter" and (.error.message | test("headers"))'; }
	[ ! -s "$FM/log" ]
}

@test "mcp fetch: a chain advances from local on an ordinary failure only" {
	FP=$(cat "$FM/port")
	fcfg '["local","parallel"]'
	run -0 wfetch -c "http://127.0.0.1:$FP/status/404"
	echo "$output" | jq -e '.status == "ok" and .coverage.provider == "parallel" and
	    .details.providers_failed == ["local: http_4xx"]'
	[ "$(rpcs tools/call)" = 1 ]
	# a refusal (403) is terminal: Parallel is never asked
	: >"$FM/log"
	run -1 wfetch -c "http://127.0.0.1:$FP/status/403"
	echo "$output" | jq -e '.error.code == "http_4xx" and .error.http_status == 403'
	[ "$(rpcs tools/call)" = 0 ]
	# successful local extraction never triggers Parallel
	run -0 wfetch -c "http://127.0.0.1:$FP/page"
	echo "$output" | jq -e '(.content | test("Read locally")) and
	    .source.representation == "page_extract"'
	[ "$(rpcs tools/call)" = 0 ]
}

@test "mcp fetch: in a chain, options Parallel cannot honour go to local extraction" {
	FP=$(cat "$FM/port")
	fcfg '["parallel","local"]'
	run -0 wfetch -c --include-links "http://127.0.0.1:$FP/page"
	echo "$output" | jq -e '(.content | test("Read locally"))'
	[ "$(rpcs tools/call)" = 0 ]
}

@test "mcp fetch: a local failure stays an error when Parallel is skipped for its options" {
	FP=$(cat "$FM/port")
	fcfg '["local","parallel"]'
	run -1 wfetch -c --include-links "http://127.0.0.1:$FP/status/404"
	echo "$output" | jq -e '.status == "error" and .error.code == "http_4xx"'
	[ "$(rpcs tools/call)" = 0 ]
}

@test "mcp fetch: rate limits, source errors and a missing key" {
	fcfg '"parallel"'
	mode ratelimit
	run -3 wfetch -c https://example.org/d
	echo "$output" | jq -e '.error.code == "rate_limited"'
	mode fetcherr
	run -1 wfetch -c https://example.org/e
	echo "$output" | jq -e '.error.code == "http_4xx" and .error.http_status == 404'
	mode json
	: >"$FM/log"
	fcfg '"parallel"' '"parallel":{"apiKeyEnv":"PARALLEL_TEST_KEY"}'
	run -2 wfetch -c https://example.org/f
	echo "$output" | jq -e '.error.code == "invalid_parameter"'
	[ ! -s "$FM/log" ]
}

@test "mcp fetch: a silent endpoint ends at the request deadline" {
	fcfg '"parallel"'
	mode silent
	SECONDS=0
	run -1 wfetch -c --timeout 2 https://example.org/g
	echo "$output" | jq -e '.error.code == "timeout"'
	[ "$SECONDS" -lt 10 ]
}

@test "doctor: Parallel liveness uses tools/list only, never a query" {
	run -0 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "parallel search") | .status == "ok" and (.detail | test("access: anonymous"))'
	[ "$(rpcs tools/list)" -ge 1 ]
	[ "$(rpcs tools/call)" = 0 ]
	echo k-123 >"$FM/key"
	export PARALLEL_TEST_KEY=k-123
	pcfg '"parallel":{"apiKeyEnv":"PARALLEL_TEST_KEY"}'
	run -0 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "parallel search") | .status == "ok" and (.detail | test("access: key"))'
	: >"$FM/log"
	run -0 web-control -c doctor --no-liveness
	[ ! -s "$FM/log" ]
}

@test "mcp fetch: Parallel is never handed a URL the policy refuses" {
	fcfg '"parallel"'
	run -3 wfetch -c http://169.254.169.254/latest/meta-data/
	echo "$output" | jq -e '.error.code == "blocked_target"'
	run -3 wfetch -c http://10.0.0.1/admin
	echo "$output" | jq -e '.error.code == "blocked_target"'
	write_config '{"network":{"mode":"allowlist","allow":["search.parallel.ai","127.0.0.1"]},"fetch":{"provider":"parallel"}}'
	run -3 wfetch -c https://not-allowed.example/
	echo "$output" | jq -e '.error.code == "network_denied"'
	[ "$(rpcs tools/call)" = 0 ]
}
