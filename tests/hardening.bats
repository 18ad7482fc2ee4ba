#!/usr/bin/env bats
# Hostile and broken input (issue 13): bytes on stdin, answers and pages
# that once aborted, leaked or lost content. Loopback fixture server only.

load helpers/common

setup_file() {
	server_start
}

teardown_file() {
	server_stop
}

setup() {
	common_setup
	server_env
	allow_server
}

field() {
	printf '%s\n' "$output" | jq -r "$1"
}

FF=$WT_TOP/tests/fixtures/fuzz-findings

@test "an RS byte on stdin is invalid input, not an abort (wfetch, wsearch)" {
	run -2 wfetch -c <"$FF/ndjson-rs-byte.txt"
	[ "$(field .error.code)" = invalid_parameter ]
	[ "$(field .error.message)" = "stdin is not a stream of JSON texts" ]
	run -2 sh -c 'printf "\036 " | wsearch -c'
	[ "$(field .error.code)" = invalid_parameter ]
	run -2 wsearch -c <"$FF/jq-invalid-json-leak.json"
	[ "$(field .error.code)" = invalid_parameter ]
}

@test "requests before a bad byte are still answered" {
	printf '{"url":"%s/hello.txt"}\036{"url":"x"}' "$BASE" >"$BATS_TEST_TMPDIR/req"
	run -2 wfetch -c <"$BATS_TEST_TMPDIR/req"
	[ "${#lines[@]}" = 2 ]
	[ "$(printf '%s\n' "${lines[0]}" | jq -r .status)" = ok ]
	[ "$(printf '%s\n' "${lines[1]}" | jq -r .error.code)" = invalid_parameter ]
}

@test "a feed tag with 65 attributes is refused cleanly" {
	run -1 wextract -c --content-type application/rss+xml <"$FF/feed-attr65-overread.xml"
	[ "$(field .error.code)" = extraction_failed ]
}

@test "100,000 nested elements keep their deepest text" {
	python3 -c 'print("<html><body><p>Top words of the page.</p>" + "<div>"*100000 + "<p>The deepest words survive.</p>" + "</div>"*100000 + "</body></html>")' >"$BATS_TEST_TMPDIR/deep.html"
	run -0 wextract -c --content-type text/html <"$BATS_TEST_TMPDIR/deep.html"
	[ "$(field .coverage.html_truncated)" = true ]
	[[ "$(field .content)" == *"The deepest words survive."* ]]
}
