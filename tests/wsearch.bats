#!/usr/bin/env bats
# wsearch: the provider chain against fake providers on loopback
# (tests/server/fake_search.py): SearXNG and local Ollama over HTTP,
# DuckDuckGo, Startpage and hosted Ollama over real TLS at their real
# host names through WEB_CONNECT_TO and a test CA.

load helpers/common

setup_file() {
	fake_search_start
}

teardown_file() {
	fake_search_stop
}

setup() {
	common_setup
	fake_search_env
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
	echo "$output" | jq -e '.coverage.backends[0].notes.empty_not_conclusive'
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

ol() {	# ollama on the fake's plain port
	cfg "{\"backend\":\"ollama\",\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\"}}"
}

@test "ollama: experimental path, max_results = limit, provider excerpts" {
	ol
	run -0 wsearch -c -n 3 ollama widgets
	[ "$(logged 'POST 127.0.0.1 /api/experimental/web_search auth=no')" -eq 1 ]
	[ "$(logged '"max_results":3')" -eq 1 ]
	echo "$output" | jq -e '(.results | length) == 3 and .results[0].representation == "provider_excerpt"'
	echo "$output" | jq -e '.results[0].url == "https://ollama.example/0"'
	echo "$output" | jq -e '.coverage.filterSupport.domains == "unverified"'
}

@test "ollama: 404 and 405 retry /api/web_search: two dispatches, one answer" {
	ol
	for code in 404 405; do
		: >"$FS_DIR/log"
		echo "$code" >"$FS_DIR/mode_ollama"
		run -0 wsearch -c -n 2 ollama widgets $code
		[ "$(logged ' /api/experimental/web_search')" -eq 1 ]
		[ "$(logged ' /api/web_search ')" -eq 1 ]
		[ "$(logged '"max_results":2')" -eq 2 ]
		echo "$output" | jq -e '.coverage.budget.requestsUsed == 1 and .coverage.budget.dispatchesUsed == 2'
	done
}

@test "ollama: redirects rejected, 401/403 unavailable, 429 rate limited" {
	ol
	echo 302 >"$FS_DIR/mode_ollama"
	run -1 wsearch -c ollama widgets
	echo "$output" | jq -e '.error.code == "backend_unavailable" and (.error.message | test("redirect"))'
	[ "$(logged 'elsewhere')" -eq 0 ]
	echo 401 >"$FS_DIR/mode_ollama"
	run -1 wsearch -c ollama widgets
	echo "$output" | jq -e '.error.message | test("sign")'
	echo 403 >"$FS_DIR/mode_ollama"
	run -1 wsearch -c ollama widgets
	rm "$FS_DIR/mode_ollama"
	run -3 wsearch -c ollama ratelimit widgets
	echo "$output" | jq -e '.error.code == "rate_limited" and .coverage.rateLimited'
}

@test "ollama: hosted origin sends the key only to ollama.com" {
	export OLLAMA_TEST_KEY=test-key-123
	cfg '{"backend":"ollama","ollama":{"baseUrl":"https://ollama.com","apiKeyEnv":"OLLAMA_TEST_KEY"}}'
	run -0 wsearch -c ollama widgets
	[ "$(logged 'POST ollama.com /api/web_search auth=yes')" -eq 1 ]
	[ "$(logged 'experimental')" -eq 0 ]
	run -0 wsearch -c ollama widgets again
	refute_output --partial test-key-123
	OLLAMA_TEST_KEY= run -2 wsearch -c ollama widgets
	assert_output --partial "unset or empty"
	refute_output --partial test-key-123
	cfg '{"backend":"ollama","ollama":{"baseUrl":"https://ollama.com"}}'
	run -2 wsearch ollama widgets
	cfg "{\"backend\":\"ollama\",\"ollama\":{\"baseUrl\":\"http://127.0.0.1:$FP\",\"apiKeyEnv\":\"OLLAMA_TEST_KEY\"}}"
	run -2 wsearch ollama widgets
	assert_output --partial "never sent to local"
	cfg '{"backend":"ollama","ollama":{"baseUrl":"http://ollama.example.net"}}'
	run -2 wsearch ollama widgets
	[ "$(logged 'auth=yes')" -eq 2 ]
}

@test "default chain: parallel fails offline, ollama is next" {
	write_config '{}'
	run wsearch -c widgets
	echo "$output" | jq -e '.coverage.chain == ["parallel","ollama"]'
	echo "$output" | jq -e '.coverage.backends[0] | .backend == "parallel" and .outcome == "failed"'
	echo "$output" | jq -e '.coverage.backends[1].backend == "ollama"'
}

@test "duckduckgo: HTML results over TLS at the real host name" {
	cfg '{"backend":"duckduckgo"}'
	run -0 wsearch -c -n 10 eino
	echo "$output" | jq -e '(.results | length) == 10 and .results[0].url == "https://github.com/cloudwego/eino"'
	echo "$output" | jq -e '.results[] | select(.url == "https://www.cloudwego.io/zh/docs/eino/overview/") | .published == "2025-06-23"'
	echo "$output" | jq -e '.coverage.filterSupport.country == "native"'
	[ "$(logged 'POST html.duckduckgo.com /html/ auth=no body=q=eino&b=&kl=wt-wt')" -eq 1 ]
}

@test "duckduckgo: starts within one process are 1.5 s apart" {
	cfg '{"backend":"duckduckgo"}'
	t0=$(date +%s%N)
	run -0 wsearch -c <<<'{"query":"eino","limit":3} {"query":"eino","limit":4}'
	t1=$(date +%s%N)
	echo "$output" | jq -se 'length == 2 and all(.[]; .status == "ok")'
	[ "$(logged 'POST html.duckduckgo.com /html/')" -eq 2 ]
	[ $(( (t1 - t0) / 1000000 )) -ge 1450 ]
}

@test "options are defaults for stdin requests; a request's own field wins" {
	cfg '{"backend":"duckduckgo"}'
	run -0 wsearch -c -n 2 <<<'{"query":"eino"}'
	echo "$output" | jq -e '(.results | length) == 2'
	run -0 wsearch -c -n 2 <<<'{"query":"eino","limit":5}'
	echo "$output" | jq -e '(.results | length) == 5'
}

@test "duckduckgo: country and time map to kl and df; unsupported country sends nothing" {
	cfg '{"backend":"duckduckgo"}'
	run -0 wsearch -c --country gb -t day eino
	[ "$(logged 'kl=uk-en&df=d')" -eq 1 ]
	echo "$output" | jq -e '.coverage.requestedFilters.country == "GB"'
	run -0 wsearch -c --country ch -l fr eino
	[ "$(logged 'kl=ch-fr')" -eq 1 ]
	: >"$FS_DIR/log"
	run -1 wsearch -c --country KE eino
	echo "$output" | jq -e '.error.code == "unsupported_country_filter"'
	[ ! -s "$FS_DIR/log" ]
	run -2 wsearch -c --country XX eino
	run -2 wsearch -c --country UK eino
	[ ! -s "$FS_DIR/log" ]
}

@test "duckduckgo: 202, 403, 429, redirects and challenges are rate limits" {
	cfg '{"backend":"duckduckgo"}'
	for w in ratelimit202 ratelimit403 ratelimit429 redirect challenge; do
		run -3 wsearch -c "eino $w"
		echo "$output" | jq -e '.error.code == "rate_limited" and .coverage.rateLimited'
		echo "$output" | jq -e 'has("next_actions") | not'
	done
	run -3 wsearch -c eino ratelimit429
	echo "$output" | jq -e '.error.retry_after_ms == 7000 and (.error.retry_at | test("Z$"))'
	run -1 wsearch -c eino servererror
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
}

@test "duckduckgo: genuine empty pages, wrappers unwrapped, ads skipped" {
	cfg '{"backend":"duckduckgo"}'
	run -0 wsearch -c eino noresults
	echo "$output" | jq -e '.summary == "No results."'
	run -0 wsearch -c eino eofpage
	echo "$output" | jq -e '.results == []'
	run -0 wsearch -c tidy html5 wrapped
	echo "$output" | jq -e '[.results[].url] == ["https://www.html-tidy.org/?page=2","https://github.com/htacg/tidy-html5"]'
}

@test "startpage: token, POST, results from the embedded JSON" {
	cfg '{"backend":"startpage"}'
	run -0 wsearch -c tidy html5
	echo "$output" | jq -e '[.results[].url] == ["https://www.html-tidy.org/","https://github.com/htacg/tidy-html5"]'
	[ "$(logged 'GET www.startpage.com / ')" -eq 1 ]
	[ "$(logged 'POST www.startpage.com /sp/search auth=no body=query=tidy+html5&cat=web&sc=Xk3mQ9wTzL0p20')" -eq 1 ]
}

@test "startpage: captcha redirect, Anubis, 429 are rate limits; empty is empty" {
	cfg '{"backend":"startpage"}'
	for w in captcha anubis spthrottle; do
		run -3 wsearch -c "tidy $w"
		echo "$output" | jq -e '.error.code == "rate_limited"'
	done
	run -0 wsearch -c tidy noresults
	echo "$output" | jq -e '.summary == "No results."'
	echo ratelimit >"$FS_DIR/mode_startpage_home"
	run -3 wsearch -c tidy html5
}

@test "startpage: no country transport, skipped before dispatch" {
	cfg '{"backend":"startpage"}'
	run -1 wsearch -c --country US tidy html5
	echo "$output" | jq -e '.error.code == "unsupported_country_filter"'
	[ ! -s "$FS_DIR/log" ]
}

@test "keyless: DuckDuckGo then Startpage; a rate limit advances and defers" {
	cfg '{"backend":"keyless"}'
	run -0 wsearch -c tidy html5 ratelimit429
	echo "$output" | jq -e '.coverage.chain == ["duckduckgo","startpage"]'
	echo "$output" | jq -e '.coverage.backend == "startpage" and .coverage.rateLimited == true'
	echo "$output" | jq -e '.coverage.retryAfterMs == 7000 and (.coverage.retryAt | test("Z$"))'
	: >"$FS_DIR/log"
	printf '%s\n' '{"query":"tidy html5 ratelimit429 more"}' \
	    '{"query":"tidy html5 again"}' >"$BATS_TEST_TMPDIR/in"
	run -0 wsearch -c <"$BATS_TEST_TMPDIR/in"
	[ "$(logged 'html.duckduckgo.com')" -eq 1 ]
	echo "${lines[1]}" | jq -e '.coverage.cooldownBackends == ["duckduckgo"] and .coverage.backends[0].outcome == "cooldown"'
	run -0 wsearch -c --country DE eino
	echo "$output" | jq -e '.coverage.backend == "duckduckgo"'
	cfg '{"backend":["keyless","duckduckgo"]}'
	run -2 wsearch eino
	assert_output --partial twice
}

@test "local: robots.txt first, then the engine; refusals advance the chain" {
	cfg '{"backend":"local"}'
	run -0 wsearch -c eino
	[ "$(logged 'GET html.duckduckgo.com /robots.txt')" -eq 1 ]
	[ "$(logged 'POST html.duckduckgo.com /html/')" -eq 1 ]
	echo "$output" | jq -e '.coverage.backend == "local" and .coverage.budget.dispatchesUsed == 2 and .coverage.budget.requestsUsed == 1'
	echo deny >"$FS_DIR/mode_robots"
	rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
	: >"$FS_DIR/log"
	run -3 wsearch -c eino
	echo "$output" | jq -e '.error.code == "robots_denied"'
	[ "$(logged 'POST html.duckduckgo.com')" -eq 0 ]
	cfg "{\"backend\":[\"local\",\"searxng\"],\"searxng\":{\"endpoint\":\"$SX\"}}"
	run -0 wsearch -c eino widgets
	echo "$output" | jq -e '.coverage.backends[0].code == "robots_denied" and .coverage.backend == "searxng"'
	echo missing >"$FS_DIR/mode_robots"
	rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
	cfg '{"backend":"local"}'
	run -0 wsearch -c eino
	echo error >"$FS_DIR/mode_robots"
	rm -rf "$XDG_CACHE_HOME" "$XDG_STATE_HOME"
	run -3 wsearch -c eino
}

@test "host coordination: a throttle cools the engine down for later processes" {
	write_config '{"coordination":"host","network":{"mode":"all","allow":["127.0.0.1"]},"search":{"backend":"keyless"}}'
	run -0 wsearch -c tidy html5 ratelimit429
	echo "$output" | jq -e '.coverage.backend == "startpage" and .coverage.rateLimited'
	: >"$FS_DIR/log"
	run -0 wsearch -c tidy html5
	[ "$(logged 'html.duckduckgo.com')" -eq 0 ]
	echo "$output" | jq -e '.coverage.backends[0] | .backend == "duckduckgo" and .outcome == "cooldown" and .code == "rate_limited"'
	echo "$output" | jq -e '.coverage.cooldownBackends == ["duckduckgo"] and .coverage.budget.requestsUsed == 1'
	write_config '{"coordination":"host","network":{"mode":"all","allow":["127.0.0.1"]},"search":{"backend":"duckduckgo"}}'
	run -3 wsearch -c eino
	echo "$output" | jq -e '.error.code == "rate_limited" and .error.retryInRun == false'
	[ "$(logged 'html.duckduckgo.com')" -eq 0 ]
}

@test "budget: exhaustion message, refunds, dispatch ceiling" {
	sx '"maxRequestsPerRun":1'
	printf '%s\n' '{"query":"garbage widgets"}' '{"query":"searxng widgets"}' \
	    '{"query":"searxng gadgets"}' >"$BATS_TEST_TMPDIR/in"
	run -1 wsearch -c <"$BATS_TEST_TMPDIR/in"
	echo "${lines[0]}" | jq -e '.coverage.budget.requestsUsed == 0'
	echo "${lines[1]}" | jq -e '.status == "ok" and .coverage.budget.requestsUsed == 1'
	echo "${lines[2]}" | jq -e '.error.code == "search_budget_exhausted" and .error.retryInRun == false'
	echo "${lines[2]}" | jq -e '.error.nextAction == "use_available_evidence" and .error.requestsRemaining == 0'
	echo "${lines[2]}" | jq -e '.error | has("dispatchesUsed") and has("maxDispatches") and has("dispatchesRemaining")'
	echo "${lines[2]}" | jq -e '.error.message | test("searxng: backend_unavailable")'
	[ "$(logged searxng)" -eq 2 ]
	printf '{"query":"garbage widgets"}\n%.0s' 1 2 3 4 5 >"$BATS_TEST_TMPDIR/in"
	run -1 wsearch -c <"$BATS_TEST_TMPDIR/in"
	echo "${lines[4]}" | jq -e '.error.code == "search_budget_exhausted"'
	echo "${lines[4]}" | jq -e '.error.message | test("spent its dispatches on failing providers")'
	echo "${lines[4]}" | jq -e '.error.requestsRemaining == 1 and .error.dispatchesRemaining == 0'
}

@test "cache: a success is reused for free; failures are not cached" {
	sx
	run -0 wsearch -c searxng widgets
	echo "$output" | jq -e 'has("details") | not'
	run -0 wsearch -c searxng widgets
	echo "$output" | jq -e '.details.cache_hit == true and .coverage.cache_hit == true'
	echo "$output" | jq -e '(.results | length) == 5 and (.next_actions | length) == 3'
	echo "$output" | jq -e '.coverage.budget.requestsUsed == 0'
	[ "$(logged searxng)" -eq 1 ]
	run -0 wsearch -c -n 4 searxng widgets
	[ "$(logged searxng)" -eq 2 ]
	run -1 wsearch -c garbage widgets
	run -1 wsearch -c garbage widgets
	[ "$(logged garbage)" -eq 2 ]
	# a different backend configuration is a different entry
	sx '"maxRequestsPerRun":5'
	run -0 wsearch -c searxng widgets
	[ "$(logged 'searxng+widgets')" -eq 3 ]
	[ "$(find "$XDG_CACHE_HOME/webtools" -type f | wc -l)" -ge 2 ]
}

@test "domains: site clause sent, include and exclude enforced, excludes not echoed" {
	sx
	run -0 wsearch -c -n 10 -d site1.example searxng widgets
	[ "$(logged 'q=searxng+widgets+site%3Asite1.example&')" -eq 1 ]
	echo "$output" | jq -e '(.results | length) == 2 and all(.results[]; .url | startswith("https://site1.example/"))'
	run -0 wsearch -c -n 10 -d site1.example -d site2.example searxng widgets
	[ "$(logged 'q=searxng+widgets+%28site%3Asite1.example+OR+site%3Asite2.example%29')" -eq 1 ]
	run -0 wsearch -c -n 10 -x site0.example searxng widgets
	echo "$output" | jq -e 'all(.results[]; .url | contains("site0") | not)'
	refute_output --partial '"site0.example"'
	run -0 wsearch -c -d nowhere.example searxng widgets
	echo "$output" | jq -e '.summary == "No results." and .coverage.backends[0].outcome == "out_of_domain"'
	run -2 wsearch -c -d co.uk searxng widgets
}

@test "fusion: duplicates fused, host diversity, alternates only when needed" {
	sx
	run -0 wsearch -c -n 10 searxng dupes diverse
	echo "$output" | jq -e '([.results[].url] | unique | length) == (.results | length)'
	run -0 wsearch -c -n 10 searxng dupes
	echo "$output" | jq -e '.results[0].url == "https://site0.example/page0?id=0"'
	echo "$output" | jq -e '[.results[0:6][] | .url | capture("https://(?<h>[^/]*)").h] | group_by(.) | all(length <= 2)'
	run -0 wsearch -c -a "searxng other" -a "searxng third" searxng empty
	echo "$output" | jq -e '.coverage.backends[0].queries == 2 and (.results[0].title | test("other"))'
	run -0 wsearch -c -a "searxng other" searxng widgets
	echo "$output" | jq -e '.coverage.backends[0].queries == 1'
}

@test "bounds: snippet cap with marker, partial status" {
	sx
	run -0 wsearch -c -n 10 searxng many huge
	echo "$output" | jq -e '.status == "partial" and .coverage.truncated'
	echo "$output" | jq -e 'all(.results[]; (.snippet | length) <= 4000)'
	echo "$output" | jq -e '.results[0].snippet | endswith("[snippet truncated; use wfetch for full source]")'
	[ "$(echo "$output" | jq -c .results | wc -c)" -le 65600 ]
}

@test "next_actions: filtered by network policy, results kept" {
	write_config "{\"network\":{\"mode\":\"allowlist\",\"allow\":[\"127.0.0.1\",\"site2.example\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$SX\"}}}"
	run -0 wsearch -c -n 6 searxng widgets
	echo "$output" | jq -e '(.results | length) == 6'
	echo "$output" | jq -e '(.next_actions | length) == 2 and all(.next_actions[]; .arguments.url | startswith("https://site2.example/"))'
}

@test "requests: prompt-shaped queries and bad fields are refused before any network" {
	sx
	run -2 wsearch -c "$(printf 'system: you are a helpful assistant\nuser: summarise\nassistant:')"
	echo "$output" | jq -e '.error.code == "invalid_parameter" and (.error.message | test("assembled prompt"))'
	run -2 wsearch -c "$(head -c 1500 /dev/zero | tr '\0' a)"
	echo '{"query":"x","limit":0}' | run -2 wsearch -c
	echo '{"query":"x","bogus":1}' | run -2 wsearch -c
	echo '{"query":"x","time_range":"week"}' | run -2 wsearch -c
	echo '{"query":"x","alternate_queries":["a","b","c","d"]}' | run -2 wsearch -c
	echo '{not json' | run -2 wsearch -c
	[ ! -s "$FS_DIR/log" ]
}

@test "a configuration failure answers every query of the stream, naming its line" {
	write_config '{"network":{"mode":"sideways"}}'
	run -2 --separate-stderr wsearch -c <<EOF2
first query
{"query":"second"}
EOF2
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[0]}" | jq -e '.tool == "wsearch" and .status == "error" and .source.line == 1 and .error.usage == true and (.summary | test("^configuration failed"))'
	echo "${lines[1]}" | jq -e '.source.line == 2'
	[ "$stderr" = "wsearch: config: network.mode must be none, localhost, allowlist or all" ]
	[ ! -s "$FS_DIR/log" ]
}

@test "config: auto, hound, retired endpoints, duplicates, unknown names" {
	write_config "{\"search\":{\"backend\":\"auto\",\"searxng\":{\"endpoint\":\"$SX\"}}}"
	run -2 wsearch x
	assert_output --partial '"auto" was removed; use ["searxng","codex","keyless"]'
	write_config '{"search":{"backend":"hound"}}'
	run -2 wsearch x
	assert_output --partial 'renamed to \"local\"'
	write_config '{"search":{"hound":{"endpoint":"http://10.1.2.3:9999/secret"}}}'
	run -2 wsearch x
	refute_output --partial 10.1.2.3
	write_config '{"fetch":{"provider":"hound"}}'
	run -2 wsearch x
	assert_output --partial 'not equivalent'
	write_config '{"search":{"backend":["duckduckgo","duckduckgo"]}}'
	run -2 wsearch x
	write_config '{"search":{"backend":"nosuch"}}'
	run -2 wsearch x
	write_config '{"search":{"endpoint":"http://192.0.2.7:8888"}}'
	run -2 wsearch x
	refute_output --partial 192.0.2.7
	write_config "{\"search\":{\"backend\":\"searxng\",\"endpoint\":\"$SX\"}}"
	run -0 wsearch -c searxng widgets
}

@test "output: -r prints URLs; a full stdout is an error" {
	sx
	run -0 wsearch -r -n 2 searxng widgets
	assert_output "$(printf 'https://site0.example/page0?id=0\nhttps://site1.example/page1?id=1')"
	run -1 sh -c 'wsearch searxng widgets >/dev/full'
	assert_output --partial "writing output failed"
}

@test "man page: options documented, EXAMPLES run" {
	for o in limit alt domain exclude-domain language country time-range \
	    raw-output compact schema; do
		man_has_option "$WT_TOP/man/wsearch.1" "$o" ||
		    { echo "not in man: $o"; false; }
	done
	cfg "{\"backend\":[\"searxng\",\"duckduckgo\"],\"searxng\":{\"endpoint\":\"$SX\"}}"
	n=0
	while IFS= read -r line; do
		run bash -c "$line"
		[ "$status" -ne 2 ] && [ "$status" -ne 127 ] ||
		    { echo "usage error: $line"; false; }
		n=$((n + 1))
	done < <(man_examples "$WT_TOP/man/wsearch.1" | grep -E '^(wsearch|echo)')
	[ "$n" -eq 3 ]
}

@test "stdin: plain query lines and JSON requests, a bad line answered with its number, the stream goes on" {
	sx
	run -2 sh -c "printf '%s\n' 'widgets one' '{\"query\" 5}' '' '{\"query\":\"widgets two\"}' | wsearch -c"
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 3 ]
	printf '%s\n' "$output" | sed -n 1p | jq -e '.status == "ok" and .coverage.query == "widgets one" and .source.line == 1'
	printf '%s\n' "$output" | sed -n 2p | jq -e '.error.code == "invalid_parameter" and .source.line == 2 and .summary != null'
	printf '%s\n' "$output" | sed -n 3p | jq -e '.status == "ok" and .coverage.query == "widgets two" and .source.line == 4'
}

@test "wsearch: an unknown option is one line with a --help hint; a terminal on stdin prints the usage" {
	run -2 --separate-stderr wsearch --bogus
	[ "$stderr" = "wsearch: unknown option --bogus (see wsearch --help)" ]
	run -0 timeout 10 script -qec "$WT_BIN/wsearch; echo rc=\$?" /dev/null
	[[ "$output" == *"usage: wsearch"* ]]
	[[ "$output" == *"rc=2"* ]]
}

@test "wsearch: a configuration failure is a whole envelope with a summary" {
	write_config '{"search":{"backend":"searxng"}}'
	run -2 --separate-stderr wsearch -c widgets
	[ "$(printf '%s' "$output" | jq -r '.tool + " " + .status')" = "wsearch error" ]
	[[ "$(printf '%s' "$output" | jq -r .summary)" == "configuration failed (invalid_parameter): "* ]]
	[[ "$stderr" != *"config: config:"* ]]
}

@test "answers of an unexpected shape fail over instead of aborting (fuzz-findings)" {
	sx
	for q in fuzznonarray fuzzleak; do
		run wsearch -c "$q widgets"
		[ "$status" -ne 134 ] && [ "$status" -lt 128 ] || { echo "$q: $status $output"; false; }
		echo "$output" | jq -e '.error.code == "backend_unavailable"'
	done
	cfg "{\"backend\":[\"startpage\",\"searxng\"],\"searxng\":{\"endpoint\":\"$SX\"}}"
	for q in fuzzchain fuzzmainline; do
		run wsearch -c "$q widgets"
		[ "$status" -lt 128 ] || { echo "$q: $status $output"; false; }
		echo "$output" | jq -e '.tool == "wsearch" and (.results | length) > 0 and .coverage.backend == "searxng"'
	done
}

@test "envelope names: snake_case but for the reference's (webtools(7))" {
	sx
	for q in "searxng widgets" "empty widgets" "ratelimit429 widgets" "garbage widgets"; do
		run wsearch -c -t day $q
		[ -z "$(key_case)" ]
	done
	sx '"maxRequestsPerRun":1'
	printf '%s\n' '{"query":"searxng widgets"}' '{"query":"searxng gadgets"}' \
	    >"$BATS_TEST_TMPDIR/in"
	run wsearch -c <"$BATS_TEST_TMPDIR/in"
	echo "${lines[1]}" | jq -e '.error.code == "search_budget_exhausted"'
	[ -z "$(key_case)" ]
}

@test "messages name options as typed; a request on stdin keeps its field names" {
	run -2 wsearch -c -t week widgets
	[ "$(field .error.message)" = "--time-range must be day, month or year" ]
	[ "$(field .error.usage)" = true ]
	run -2 wsearch -c -a a -a b -a c -a d widgets
	[ "$(field .error.message)" = "--alt has more than 3 entries" ]
	run -2 wsearch -c -n 50 widgets
	[ "$(field .error.message)" = "--limit must be between 1 and 10" ]
	run -2 wsearch -c -d bad..dom widgets
	[[ "$(field .error.message)" == "--domain: "* ]]
	run -2 wsearch -c <<<'{"query":"widgets","time_range":"week"}'
	[ "$(field .error.message)" = "time_range must be day, month or year" ]
	[ ! -s "$FS_DIR/log" ]
}
