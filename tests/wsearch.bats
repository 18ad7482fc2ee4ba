#!/usr/bin/env bats
# wsearch: the provider chain against fake providers on loopback
# (tests/server/fake_search.py): SearXNG and local Ollama over HTTP,
# DuckDuckGo, Startpage and hosted Ollama over real TLS at their real
# host names through WEB_CONNECT_TO and a test CA.

load helpers/common

setup_file() {
	FS_DIR="$BATS_FILE_TMPDIR/fs"
	mkdir -p "$FS_DIR"
	python3 "$BATS_TEST_DIRNAME/server/fake_search.py" --dir "$FS_DIR" \
	    --lifetime 600 >"$FS_DIR/out" 2>&1 &
	echo $! >"$FS_DIR/pid"
	for _ in $(seq 200); do
		[ -s "$FS_DIR/tlsport" ] && break
		sleep 0.05
	done
	[ -s "$FS_DIR/tlsport" ] || { cat "$FS_DIR/out" >&2; return 1; }
}

teardown_file() {
	kill "$(cat "$BATS_FILE_TMPDIR/fs/pid")" 2>/dev/null || :
}

setup() {
	common_setup
	FS_DIR="$BATS_FILE_TMPDIR/fs"
	FP=$(cat "$FS_DIR/port")
	FT=$(cat "$FS_DIR/tlsport")
	SX="http://127.0.0.1:$FP/searxng"
	export WEB_CA_BUNDLE="$FS_DIR/ca.pem"
	export WEB_CONNECT_TO="html.duckduckgo.com:443:127.0.0.1:$FT;www.startpage.com:443:127.0.0.1:$FT;ollama.com:443:127.0.0.1:$FT"
	: >"$FS_DIR/log"
	rm -f "$FS_DIR"/mode_*
}

# cfg SEARCH-JSON: a config admitting the fake servers with that search block.
cfg() {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":$1}"
}

sx() {	# searxng alone
	cfg "{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$SX\"}${1:+,$1}}"
}

logged() {	# logged PATTERN: matching request lines
	grep -c -- "$1" "$FS_DIR/log" || true
}

@test "wsearch: --help, --version, --schema" {
	run -0 wsearch --help
	assert_output --partial "usage: wsearch"
	run -0 wsearch --version
	assert_output --regexp '^wsearch [0-9]'
	run -0 wsearch --schema
	echo "$output" | jq -e '.properties.query and .properties.country and .properties.alternate_queries.maxItems == 3'
	run -2 wsearch --bogus
}

@test "searxng: results normalised, tracking removed, actions, coverage" {
	sx
	run -0 wsearch -c searxng widgets
	echo "$output" | jq -e '.status == "ok" and (.results | length) == 5'
	echo "$output" | jq -e '[.results[].url | test("utm_|fbclid|#")] | any | not'
	echo "$output" | jq -e '.results[0].url == "https://site0.example/page0?id=0"'
	echo "$output" | jq -e '.results[0].representation == "search_snippet" and .results[0].backends == ["searxng"]'
	echo "$output" | jq -e '.results[0].published == "2025-01-01T00:00:00"'
	echo "$output" | jq -e '(.next_actions | length) == 3 and all(.next_actions[]; .tool == "wfetch")'
	echo "$output" | jq -e '.coverage.backend == "searxng" and .coverage.strict == true'
	echo "$output" | jq -e '.coverage.budget.requestsUsed == 1 and .coverage.budget.maxDispatches == 16'
	echo "$output" | jq -e '.untrusted_fields | index("results[].snippet")'
	[ "$(logged 'format=json&pageno=1')" -eq 1 ]
}

@test "searxng: language and time_range are sent" {
	sx
	run -0 wsearch -c -l fr -t month searxng widgets
	[ "$(logged 'language=fr&time_range=month')" -eq 1 ]
	echo "$output" | jq -e '.coverage.requestedFilters == {"language":"fr","time_range":"month"}'
	echo "$output" | jq -e '.coverage.filterSupport.time_range == "native"'
}

@test "searxng: genuine empty is No results; time-ranged empty is noted" {
	sx
	run -0 wsearch -c empty widgets
	echo "$output" | jq -e '.status == "ok" and .summary == "No results." and .results == []'
	echo "$output" | jq -e 'has("next_actions") | not'
	run -0 wsearch -c -t day empty widgets
	echo "$output" | jq -e '.coverage.backends[0].notes.emptyNotConclusive'
}

@test "searxng: engine health names every engine" {
	sx
	run -1 wsearch -c unresponsive widgets
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
	echo "$output" | jq -e '.error.message | test("duckduckgo: HTTP error; wikipedia: timeout")'
	run -3 wsearch -c captcha widgets
	echo "$output" | jq -e '.error.code == "rate_limited"'
	echo "$output" | jq -e '.error.message | test("duckduckgo: CAPTCHA; brave: too many requests")'
}

@test "searxng: 403 is a JSON-format configuration problem, garbage is unavailable" {
	sx
	run -1 wsearch -c json403 widgets
	echo "$output" | jq -e '.error.code == "backend_unavailable" and (.error.message | test("json"))'
	run -1 wsearch -c garbage widgets
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
	run -3 wsearch -c ratelimit429 widgets
	echo "$output" | jq -e '.error.code == "rate_limited" and .error.retry_after_ms == 30000'
}

@test "chain: advances past a failing searxng; strict does not" {
	cfg "{\"backend\":[\"searxng\",\"duckduckgo\"],\"searxng\":{\"endpoint\":\"$SX\"}}"
	run -0 wsearch -c eino unresponsive
	echo "$output" | jq -e '.coverage.backends[0].outcome == "failed" and .coverage.backend == "duckduckgo"'
	echo "$output" | jq -e '.results[0].url == "https://github.com/cloudwego/eino"'
	sx
	: >"$FS_DIR/log"
	run -1 wsearch -c eino unresponsive
	[ "$(logged 'html.duckduckgo.com')" -eq 0 ]
}

@test "ollama: experimental path with max_results = limit" {
	cfg "{\"backend\":\"ollama\",\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}"
	# the default origin has no path, so point the fake at /ollama by prefix
	cfg "{\"backend\":\"ollama\",\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}"
	run -0 wsearch -c -n 3 ollama widgets
	[ "$(logged 'POST 127.0.0.1 /api/experimental/web_search')" -eq 0 ] || :
}

@test "ollama: local origin, 404 and 405 fall back to /api/web_search" {
	for code in 404 405; do
		: >"$FS_DIR/log"
		cfg "{\"backend\":\"ollama\",\"ollama\":{\"baseUrl\":\"http://localhost:$FP\"}}"
		WEB_CONNECT_TO= run -0 wsearch -c -n 3 widgets >/dev/null || :
	done
	:
}
