#!/usr/bin/env bats
# The searxng provider against a real SearXNG-family peer: Debian's searx
# (1.1.0), started offline on loopback with settings written here, its
# json_engine engines pointed at tests/server/fake_search.py.

load helpers/common

setup_file() {
	command -v searx-run >/dev/null 2>&1 || return 0
	D="$BATS_FILE_TMPDIR/sx"
	mkdir -p "$D"
	python3 "$BATS_TEST_DIRNAME/server/fake_search.py" --dir "$D" \
	    --lifetime 600 >"$D/fs.out" 2>&1 3>&- &
	echo $! >"$D/fs.pid"
	for _ in $(seq 200); do
		[ -s "$D/tlsport" ] && break
		sleep 0.05
	done
	FP=$(cat "$D/port")
	SXP=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
	echo "$SXP" >"$D/sxport"
	cat >"$D/settings.yml" <<EOF
general:
    debug: False
    instance_name: "webtools-test"
search:
    safe_search: 0
    autocomplete: ""
    default_lang: ""
    ban_time_on_fail: 0
    max_ban_time_on_fail: 0
server:
    port: $SXP
    bind_address: "127.0.0.1"
    secret_key: "webtools-test-only"
    base_url: False
    image_proxy: False
    http_protocol_version: "1.0"
    method: "GET"
ui:
    static_path: "/usr/share/python3-searx/static"
    templates_path: "/usr/share/python3-searx/templates"
    default_theme: oscar
    default_locale: ""
outgoing:
    request_timeout: 2.0
    pool_connections: 10
    pool_maxsize: 10
engines:
  - name: loopback json
    engine: json_engine
    shortcut: lj
    categories: general
    search_url: http://127.0.0.1:$FP/engine/json?q={query}&p={pageno}
    results_query: items
    url_query: url
    title_query: title
    content_query: content
    paging: True
    time_range_support: True
    enable_http: True
    timeout: 2.0
  - name: loopback other
    engine: json_engine
    shortcut: lo
    categories: general
    search_url: http://127.0.0.1:$FP/engine/other?q={query}&p={pageno}
    results_query: items
    url_query: url
    title_query: title
    content_query: content
    paging: True
    enable_http: True
    timeout: 2.0
locales:
    en: English
doi_resolvers:
    oadoi.org: 'https://oadoi.org/'
default_doi_resolver: 'oadoi.org'
EOF
	# searx 1.1.0 has no search.formats (SearXNG's 403 without json is
	# covered against the fake in wsearch.bats)
	SEARX_SETTINGS_PATH="$D/settings.yml" searx-run >"$D/searx.out" 2>&1 3>&- &
	echo $! >"$D/searx.pid"
	for _ in $(seq 150); do
		curl -s -o /dev/null "http://127.0.0.1:$SXP/" && break
		sleep 0.1
	done
}

teardown_file() {
	for p in searx fs; do
		[ -f "$BATS_FILE_TMPDIR/sx/$p.pid" ] &&
		    kill "$(cat "$BATS_FILE_TMPDIR/sx/$p.pid")" 2>/dev/null || :
	done
}

setup() {
	command -v searx-run >/dev/null 2>&1 ||
	    skip "searx is not installed (apt-get install searx)"
	common_setup
	D="$BATS_FILE_TMPDIR/sx"
	SXP=$(cat "$D/sxport")
	curl -s -o /dev/null "http://127.0.0.1:$SXP/" ||
	    { cat "$D/searx.out" >&2; false; }
	write_config "{\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"http://127.0.0.1:$SXP\"}}}"
}

@test "searx peer: results from both engines, fused and cleaned" {
	run -0 wsearch -c -n 10 widgets
	echo "$output" | jq -e '.status == "ok" and (.results | length) == 6'
	echo "$output" | jq -e '[.results[].url | test("utm_")] | any | not'
	echo "$output" | jq -e '[.results[].url] | map(select(startswith("https://json.example/"))) | length == 3'
	echo "$output" | jq -e '[.results[].url] | map(select(startswith("https://other.example/"))) | length == 3'
}

@test "searx peer: a time range skips the engine without support" {
	run -0 wsearch -c -n 10 -t month widgets
	echo "$output" | jq -e '(.results | length) == 3 and all(.results[]; .url | startswith("https://json.example/"))'
}

@test "searx peer: every engine failing is an error naming each engine" {
	run wsearch -c allfail widgets
	[ "$status" -eq 3 ] || [ "$status" -eq 1 ]
	echo "$output" | jq -e '.error.code == "rate_limited" or .error.code == "backend_unavailable"'
	echo "$output" | jq -e '.error.message | test("loopback json: ") and test("loopback other: ")'
	echo "$output" | jq -e '.summary != "No results."'
}

@test "searx peer: genuine emptiness is No results" {
	run -0 wsearch -c engempty widgets
	echo "$output" | jq -e '.summary == "No results."'
}
