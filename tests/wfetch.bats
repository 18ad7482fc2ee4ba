#!/usr/bin/env bats
# wfetch against the loopback fixture server.

load helpers/common
load helpers/fixture

@test "a plain page: ok envelope with source and details" {
	run -0 wfetch -c "$BASE/hello.txt"
	[ "$(field .tool)" = wfetch ]
	[ "$(field .status)" = ok ]
	[ "$(field .content)" = "Hello, world!" ]
	[ "$(field .source.http_status)" = 200 ]
	[ "$(field .source.status)" = opened ]
	[ "$(field .source.representation)" = page_extract ]
	[ "$(field .details.resolved_address)" = 127.0.0.1 ]
	[ "$(field .details.cache_hit)" = false ]
	[ "$(field '.untrusted_fields|index("content")')" != null ]
}

@test "-r prints only the content" {
	run -0 wfetch -r "$BASE/hello.txt"
	assert_output "Hello, world!"
}

@test "a chain of 5 redirects is followed and recorded" {
	run -0 wfetch -c -f raw "$BASE/redirect/chain/5"
	[ "$(field .content)" = "chain end" ]
	[ "$(field '.details.redirects|length')" = 5 ]
	[ "$(field .source.final_url)" = "$BASE/redirect/chain/0" ]
}

@test "a chain of 6 redirects is too_many_redirects" {
	run -1 wfetch -c "$BASE/redirect/chain/6"
	[ "$(field .error.code)" = too_many_redirects ]
	[ "$(field .status)" = error ]
}

@test "a redirect loop ends as too_many_redirects" {
	run -1 wfetch -c "$BASE/redirect/loop"
	[ "$(field .error.code)" = too_many_redirects ]
	[ "$(hits /redirect/loop)" -le 6 ]
}

@test "redirects to loopback, metadata and odd spellings are refused, naming the hop" {
	# only the plain port is allowed; every target is loopback elsewhere
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	for target in "http://127.0.0.1:$TLSPORT/x" "http://169.254.169.254/latest/meta-data/" \
	    "http://[::1]:$PORT/page" "http://0x7f000001:$TLSPORT/page" \
	    "http://2130706433:$TLSPORT/page" "http://0177.0.0.1:$TLSPORT/page" \
	    "http://127.1:$TLSPORT/page" "http://127.0.0.2:$PORT/page"; do
		u=$(jq -rn --arg u "$target" '$u|@uri')
		run -3 wfetch -c "$BASE/redirect/to?u=$u"
		[ "$(field .error.code)" = blocked_target ]
		[ "$(field .source.status)" = blocked_target ]
		[[ "$(field .error.message)" == "redirect 1 refused"* ]]
	done
}

@test "redirects to file:// and gopher:// are refused" {
	for target in "file:///etc/passwd" "gopher://127.0.0.1:$PORT/1"; do
		u=$(jq -rn --arg u "$target" '$u|@uri')
		run -3 wfetch -c "$BASE/redirect/to?u=$u"
		[ "$(field .error.code)" = blocked_target ]
		[[ "$(field .error.message)" == "redirect 1"* ]]
	done
}

@test "the loopback server itself is refused without an allow entry" {
	write_config '{}'
	run -3 wfetch -c "$BASE/count/noallow"
	[ "$(field .error.code)" = blocked_target ]
	[ "$(hits /count/noallow)" = 0 ]
}

@test "a public name resolved to 127.0.0.1 is refused unless allowed" {
	write_config '{}'
	export WEB_RESOLVE="public.example:$PORT:127.0.0.1"
	run -3 wfetch -c "http://public.example:$PORT/count/resolve-deny"
	[ "$(field .error.code)" = blocked_target ]
	[ "$(hits /count/resolve-deny)" = 0 ]
	allow_server
	run -0 wfetch -c "http://public.example:$PORT/count/resolve-allow"
	[ "$(field .status)" = ok ]
}

@test "metadata and private addresses are refused before any packet" {
	write_config '{}'
	run -3 wfetch -c "http://169.254.169.254/latest/meta-data/"
	[ "$(field .error.code)" = blocked_target ]
	run -3 wfetch -c "http://10.0.0.1/"
	[ "$(field .error.code)" = blocked_target ]
	run -3 wfetch -c "http://[fd00:ec2::254]/"
	[ "$(field .error.code)" = blocked_target ]
}

@test "network mode none refuses everything" {
	write_config '{"network":{"mode":"none"}}'
	run -3 wfetch -c "$BASE/hello.txt"
	[ "$(field .error.code)" = network_denied ]
}

@test "real TLS at a public name through WEB_RESOLVE and the test CA" {
	export WEB_RESOLVE="example.com:$TLSPORT:127.0.0.1"
	export WEB_CA_BUNDLE="$SERVER_DIR/ca.pem"
	run -0 wfetch -c -f raw "https://example.com:$TLSPORT/hello.txt"
	[ "$(field .content)" = "Hello, world!" ]
	unset WEB_CA_BUNDLE
	run -1 wfetch -c "https://example.com:$TLSPORT/hello.txt"
	[ "$(field .error.code)" = request_failed ]
}

@test "a body over 20 MiB is response_too_large" {
	run -1 wfetch -c -f raw "$BASE/big"
	[ "$(field .error.code)" = response_too_large ]
	run -1 wfetch -c -f raw "$BASE/big/nolength"
	[ "$(field .error.code)" = response_too_large ]
}

@test "a gzip bomb stops at the bound on decoded bytes" {
	run -1 wfetch -c -f raw "$BASE/gzipbomb"
	[ "$(field .error.code)" = response_too_large ]
}

@test "a gzip-encoded page is decoded" {
	run -0 wfetch -c -f raw "$BASE/gzip/page"
	[[ "$(field .content)" == *"Orchard"* ]]
}

@test "Content-Length longer than the body fails and is retried" {
	run -1 wfetch -c -f raw "$BASE/short"
	[ "$(field .error.code)" = request_failed ]
	[ "$(field .details.attempts)" = 3 ]
}

@test "a slow drip past the deadline is a timeout" {
	run -1 wfetch -c --timeout 2 -f raw "$BASE/slow?total=30"
	[ "$(field .error.code)" = timeout ]
}

@test "401 and 407 are authentication_required, 403 terminal, never retried" {
	run -3 wfetch -c "$BASE/status/401"
	[ "$(field .error.code)" = authentication_required ]
	[ "$(field .source.status)" = blocked_soft ]
	run -3 wfetch -c "$BASE/status/407"
	[ "$(field .error.code)" = authentication_required ]
	run -1 wfetch -c "$BASE/status/403"
	[ "$(field .error.code)" = http_4xx ]
	[ "$(field .error.http_status)" = 403 ]
	[ "$(hits /status/403)" = 1 ]
}

@test "429 with Retry-After is reported, not retried" {
	run -3 wfetch -c "$BASE/status/429?retry_after=120"
	[ "$(field .error.code)" = http_429 ]
	[ "$(field .error.retry_after_ms)" = 120000 ]
	[ "$(field .error.retry_at)" != null ]
	[ "$(hits '/status/429?retry_after=120')" = 1 ]
}

@test "503 with Retry-After: 1 then success: exactly one retry" {
	run -0 wfetch -c -f raw "$BASE/flaky/w503/503-then-200"
	[ "$(field .content)" = recovered ]
	[ "$(hits /flaky/w503/503-then-200)" = 2 ]
}

@test "500 three times: three attempts, then error" {
	run -1 wfetch -c "$BASE/flaky/w500/500-always"
	[ "$(field .error.code)" = http_5xx ]
	[ "$(hits /flaky/w500/500-always)" = 3 ]
}

@test "Latin-1 by header, by meta; UTF-8 BOM beats the header" {
	run -0 wfetch -c -f raw "$BASE/charset/latin1-header"
	[ "$(field .source.charset)" = windows-1252 ]
	[[ "$(field .content)" == *"Café"* ]]
	run -0 wfetch -c -f raw "$BASE/charset/latin1-meta"
	[[ "$(field .content)" == *"Café"* ]]
	run -0 wfetch -c -f raw "$BASE/charset/utf8-bom"
	[ "$(field .source.charset)" = utf-8 ]
}

@test "header charset wins over a disagreeing meta" {
	run -0 wfetch -c -f raw "$BASE/charset/disagree"
	[ "$(field .source.charset)" = windows-1252 ]
	[[ "$(field .content)" == *"Café"* ]]
}

@test "Shift_JIS and UTF-16 with BOM decode" {
	run -0 wfetch -c -f raw "$BASE/charset/shift_jis"
	[[ "$(field .content)" == *"日本語のページ"* ]]
	run -0 wfetch -c -f raw "$BASE/charset/utf16"
	[ "$(field .source.charset)" = utf-16le ]
}

@test "an undecodable declared charset is unsupported_charset" {
	run -1 wfetch -c "$BASE/charset/undecodable"
	[ "$(field .error.code)" = unsupported_charset ]
}

@test "invalid UTF-8 bytes are counted as replacements" {
	run -0 wfetch -c -f raw "$BASE/charset/invalid-utf8"
	[ "$(field .coverage.replacement_chars)" = 3 ]
}

@test "JSON is pretty-printed; invalid JSON fails" {
	run -0 wfetch -c "$BASE/json"
	[ "$(field .coverage.content_kind)" = json ]
	printf '%s' "$(field .content)" | jq -e . >/dev/null
	run -1 wfetch -c "$BASE/json/invalid"
	[ "$(field .status)" = error ]
}

@test "XML is strictly checked" {
	run -0 wfetch -c -f raw "$BASE/xml"
	run -1 wfetch -c "$BASE/xml/invalid"
	[ "$(field .status)" = error ]
}

@test "plain text and Markdown pass through" {
	run -0 wfetch -c "$BASE/text"
	[ "$(field .coverage.content_kind)" = text ]
	run -0 wfetch -c "$BASE/markdown"
	[ "$(field .coverage.content_kind)" = markdown ]
}

@test "binary content is refused without an artifact, saved byte for byte with one" {
	run -1 wfetch -c "$BASE/binary"
	[ "$(field .error.code)" = unsupported_content ]
	run -0 wfetch -c --artifact blob.bin "$BASE/binary"
	path=$(field .artifact)
	[ "$path" = "$XDG_CACHE_HOME/webtools/artifacts/blob.bin" ]
	curl -s "$BASE/binary" | cmp - "$path"
	[[ "$(field .summary)" == *"$path"* ]]
}

@test "a PDF gives its text through pdftotext; with an artifact it is saved whole" {
	command -v pdftotext >/dev/null || skip "pdftotext (poppler-utils) not installed"
	run -0 wfetch -c "$BASE/pdf"
	[[ "$(field .content)" == *"Hello PDF"* ]]
	[ "$(field .coverage.content_kind)" = pdf ]
	run -0 wfetch -c --artifact doc.pdf "$BASE/pdf"
	path=$(field .artifact)
	[ -f "$path" ]
}

@test "forbidden headers and URL credentials are refused before connecting" {
	for h in "Cookie: a=b" "Authorization: Bearer x" "Proxy-Authorization: x" \
	    "Forwarded: for=1" "X-Forwarded-For: 1.2.3.4" "X-Custom: 1"; do
		run -2 wfetch -c -H "$h" "$BASE/count/hdr"
		[ "$(field .error.code)" = invalid_parameter ]
	done
	run -2 wfetch -c "http://user:pass@127.0.0.1:$PORT/count/hdr"
	[ "$(field .error.code)" = invalid_parameter ]
	[ "$(hits /count/hdr)" = 0 ]
}

@test "allowed headers are sent" {
	run -0 wfetch -c -f raw -H "Accept-Language: de" -H "User-Agent: probe/1" "$BASE/echo-headers"
	printf '%s' "$(field .content)" | jq -e '."Accept-Language" == "de" and ."User-Agent" == "probe/1"'
}

@test "line slices report coordinates and a typed continuation" {
	run -0 wfetch -c -f raw --start-line 3 --max-lines 2 "$BASE/size/1000"
	[ "$(field .status)" = partial ]
	[ "$(field .coverage.startLine)" = 3 ]
	[ "$(field .coverage.endLine)" = 4 ]
	[ "$(field .coverage.totalLines)" = 10 ]
	[ "$(field .coverage.nextLine)" = 5 ]
	[ "$(field '.next_actions[0].tool')" = wfetch ]
	[ "$(field '.next_actions[0].arguments.start_line')" = 5 ]
	[ "$(field '.next_actions[0].arguments.format')" = raw ]
	# the continuation is a valid request: run it
	printf '%s' "$output" | jq -c '.next_actions[0].arguments' | wfetch -c >"$BATS_TEST_TMPDIR/next"
	[ "$(jq -r .coverage.startLine "$BATS_TEST_TMPDIR/next")" = 5 ]
}

@test "a start beyond the end is partial with no content" {
	run -0 wfetch -c -f raw --start-line 500 "$BASE/size/1000"
	[ "$(field .status)" = partial ]
	[ "$(field .content)" = null ]
}

@test "char pages with offset and max_chars" {
	run -0 wfetch -c -f raw --max-chars 150 "$BASE/size/1000"
	[ "$(field .status)" = partial ]
	[ "$(field '.content|length')" = 150 ]
	[ "$(field .coverage.next_offset)" = 150 ]
	run -0 wfetch -c -f raw --offset 950 "$BASE/size/1000"
	[ "$(field '.content|length')" = 50 ]
	[ "$(field .status)" = partial ]
}

@test "a long text is saved automatically as an artifact" {
	run -0 wfetch -c -f raw "$BASE/size/300000"
	path=$(field .artifact)
	[[ "$path" == "$XDG_CACHE_HOME/webtools/web/127.0.0.1-"* ]]
	[ "$(wc -c <"$path")" = 300000 ]
	[ "$(field .status)" = partial ]
	[[ "$(field .summary)" == *"$path"* ]]
}

@test "invalid parameters are refused before any network work" {
	run -2 wfetch -c --max-lines 0 "$BASE/count/inv"
	[ "$(field .error.code)" = invalid_parameter ]
	[[ "$(field .error.message)" == *--max-lines* ]]
	run -2 wfetch -c -f raw --render always "$BASE/count/inv"
	[ "$(field .error.code)" = invalid_parameter ]
	echo '{"url":"'"$BASE"'/count/inv","bogus":1}' | { run -2 wfetch -c; }
	[ "$(hits /count/inv)" = 0 ]
}

@test "stdin JSON requests: one envelope each, worst exit wins" {
	printf '{"url":"%s/hello.txt"}\n{"url":"%s/status/404"}\n' "$BASE" "$BASE" >"$BATS_TEST_TMPDIR/req"
	run -1 wfetch -c <"$BATS_TEST_TMPDIR/req"
	[ "${#lines[@]}" = 2 ]
	[ "$(printf '%s\n' "${lines[1]}" | jq -r .error.code)" = http_4xx ]
}

@test "bad JSON on stdin gives an invalid_parameter envelope" {
	run -2 wfetch -c <<<'{"url": '
	[ "$(field .error.code)" = invalid_parameter ]
}

@test "a wsearch envelope on stdin: next_actions, or --top N results" {
	cat >"$BATS_TEST_TMPDIR/ws" <<EOF
{"tool":"wsearch","status":"ok","results":[{"rank":1,"url":"$BASE/count/top1"},{"rank":2,"url":"$BASE/count/top2"},{"rank":3,"url":"$BASE/count/top3"}],
 "next_actions":[{"tool":"wfetch","arguments":{"url":"$BASE/count/na1"},"reason":"r"}]}
EOF
	run -0 wfetch -c <"$BATS_TEST_TMPDIR/ws"
	[ "${#lines[@]}" = 1 ]
	[ "$(hits /count/na1)" = 1 ]
	run -0 wfetch -c --top 2 <"$BATS_TEST_TMPDIR/ws"
	[ "${#lines[@]}" = 2 ]
	[ "$(hits /count/top3)" = 0 ]
}

@test "--schema is JSON Schema and next_actions validate against its fields" {
	run -0 wfetch --schema
	printf '%s' "$output" | jq -e '.properties.url.type == "string" and .additionalProperties == false' >/dev/null
	printf '%s' "$output" | jq -e '.properties.max_lines.maximum == 10000' >/dev/null
}

@test "writing to /dev/full fails loudly" {
	run -1 --separate-stderr bash -c 'wfetch -c "$1" >/dev/full' _ "$BASE/hello.txt"
	[[ "$stderr" == *"writing output failed"* ]]
}

@test "usage errors exit 2" {
	run -2 wfetch --no-such-option
	run -2 wfetch --timeout 99 "$BASE/hello.txt"
	run -0 wfetch --help
	[[ "$output" == *"usage: wfetch"* ]]
}

@test "no progress line when stderr is not a terminal" {
	run -1 --separate-stderr wfetch -c --timeout 2 -f raw "$BASE/slow?total=10"
	[ -z "$stderr" ]
}

@test "HTML becomes Markdown through the wextract code, boilerplate dropped" {
	run -0 wfetch -c "$BASE/page"
	[[ "$(field .content)" == *"## Pruning"* ]]
	[ "$(field .coverage.content_kind)" = html ]
	[ "$(field .source.title)" != null ]
	curl -s "$BASE/page" | wextract --url "$BASE/page" -r >"$BATS_TEST_TMPDIR/wx"
	[ "$(field .content)" = "$(cat "$BATS_TEST_TMPDIR/wx")" ]
	run -0 wfetch -c -f text "$BASE/page"
	[[ "$(field .content)" != *"## "* ]]
}

@test "include_links and focus on a fetched page" {
	run -0 wfetch -c --include-links "$BASE/page"
	[ "$(field '.links|length')" -ge 1 ]
	[ "$(field '.links[0].where')" = main-content ]
	run -0 wfetch -c --focus potash "$BASE/page"
	[ "$(field .status)" = partial ]
	[[ "$(field .content)" == *potash* ]]
	[[ "$(field .content)" != *Pruning* ]]
	run -1 wfetch -c --focus zzyzx "$BASE/page"
	[ "$(field .error.code)" = focus_no_match ]
	[ "$(field .content)" = null ]
}

@test "challenges, log-in walls and app shells are not pretended content" {
	run -3 wfetch -c "$BASE/challenge/cloudflare"
	[ "$(field .error.code)" = access_challenge ]
	[ "$(field .source.status)" = blocked_soft ]
	run -3 wfetch -c "$BASE/challenge/503"
	[ "$(field .error.code)" = access_challenge ]
	[ "$(hits /challenge/503)" = 1 ]
	run -3 wfetch -c "$BASE/login"
	[ "$(field .error.code)" = authentication_required ]
	run -1 wfetch -c "$BASE/appshell"
	[ "$(field .error.code)" = unusable_content ]
	[ "$(field .coverage.browser_recommended)" = true ]
	run -0 wfetch -c "$BASE/article/captcha"
	[ "$(field .status)" = ok ]
}

@test "in one run, slices reuse the cached extraction without refetching" {
	eval "$(web-control run start --export)"
	run -0 wfetch -c -f raw --start-line 1 --max-lines 2 "$BASE/count/runcache"
	[ "$(field .details.cache_hit)" = false ]
	run -0 wfetch -c -f raw --start-line 2 --max-lines 2 "$BASE/count/runcache"
	[ "$(field .details.cache_hit)" = true ]
	[ "$(hits /count/runcache)" = 1 ]
	# another format is another document
	run -0 wfetch -c -f text "$BASE/count/runcache"
	[ "$(field .details.cache_hit)" = false ]
	web-control run end
	unset WEB_RUN_FILE
	run -0 wfetch -c -f raw "$BASE/count/runcache"
	[ "$(field .details.cache_hit)" = false ]
}

@test "16 concurrent identical wfetch calls in one run share one request" {
	eval "$(web-control run start --export)"
	pids=
	for i in $(seq 16); do
		wfetch -c -f raw "$BASE/slow?total=1" >"$BATS_TEST_TMPDIR/out.$i" &
		pids="$pids $!"
	done
	wait $pids
	[ "$(hits '/slow?total=1')" = 1 ]
	for i in $(seq 16); do
		[ "$(jq -r .status "$BATS_TEST_TMPDIR/out.$i")" = ok ]
	done
	web-control run end
}

@test "a corrupt run file is coordination_unavailable, never a fresh budget" {
	echo 'not json' >"$BATS_TEST_TMPDIR/run.json"
	chmod 600 "$BATS_TEST_TMPDIR/run.json"
	WEB_RUN_FILE="$BATS_TEST_TMPDIR/run.json" run -3 --separate-stderr wfetch -c "$BASE/count/corrupt"
	[ "$(field .error.code)" = coordination_unavailable ]
	[ "$(hits /count/corrupt)" = 0 ]
}

@test "-r without slicing options prints the whole text, not a 20000-char page" {
	run -0 --separate-stderr wfetch -r -f raw "$BASE/size/50000"
	[ "${#output}" -ge 49999 ]
	run -0 --separate-stderr wfetch -r -f raw --max-chars 100 "$BASE/size/50000"
	[ "${#output}" -ge 99 ] && [ "${#output}" -le 100 ]
}

@test "a progress line on a terminal's stderr when a transfer lasts over a second" {
	command -v script >/dev/null || skip "script (util-linux) not installed"
	run script -qfec "wfetch -c -f raw '$BASE/slow?total=2'" /dev/null
	[[ "$output" == *" B/s, "* ]]
}

@test "pretty JSON on a terminal, one line per envelope otherwise" {
	command -v script >/dev/null || skip "script (util-linux) not installed"
	run script -qfec "wfetch '$BASE/hello.txt'" /dev/null
	[[ "$output" == *'"tool": "wfetch"'* ]]
	run -0 wfetch "$BASE/hello.txt"
	[ "${#lines[@]}" = 1 ]
}

@test "a line longer than the budget is cut and continued by offset, never repeated" {
	run -0 wfetch -c -f raw --start-line 1 --max-output-chars 20 "$BASE/size/1000"
	[ "$(field .coverage.line_cut)" = true ]
	[ "$(field '.content|length')" = 20 ]
	[ "$(field '.next_actions[0].arguments.offset')" = 20 ]
	[ "$(field '.next_actions[0].arguments.start_line')" = null ]
	printf '%s' "$output" | jq -c '.next_actions[0].arguments' | wfetch -c >"$BATS_TEST_TMPDIR/next"
	[ "$(jq -r '.content|length' "$BATS_TEST_TMPDIR/next")" = 20 ]
	[ "$(jq -r .coverage.offset "$BATS_TEST_TMPDIR/next")" = 20 ]
}

@test "each request on stdin is answered before the next arrives" {
	mkfifo "$BATS_TEST_TMPDIR/in"
	wfetch -c <"$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out" &
	pid=$!
	exec 7>"$BATS_TEST_TMPDIR/in"
	echo "{\"url\":\"$BASE/hello.txt\"}" >&7
	for _ in $(seq 50); do
		[ -s "$BATS_TEST_TMPDIR/out" ] && break
		sleep 0.1
	done
	n=$(wc -l <"$BATS_TEST_TMPDIR/out")
	exec 7>&-
	wait "$pid"
	[ "$n" = 1 ]
}

@test "a final 3xx, and a redirect without Location, are request_failed" {
	run -1 wfetch -c "$BASE/status/300"
	[ "$(field .error.code)" = request_failed ]
	run -1 wfetch -c "$BASE/status/302"
	[ "$(field .error.code)" = request_failed ]
}

@test "a Retry-After over 5 seconds is not cut short into a retry" {
	run -1 wfetch -c "$BASE/status/503?retry_after=3600"
	[ "$(field .error.code)" = http_5xx ]
	[ "$(field .error.retry_after_ms)" = 3600000 ]
	[ "$(hits '/status/503?retry_after=3600')" = 1 ]
}

@test "a dotted config key is refused, never silently ignored" {
	write_config '{"network.mode":"none"}'
	run -2 --separate-stderr wfetch -c "$BASE/count/dotted"
	[ "$(field .error.code)" = invalid_parameter ]
	[ "$(hits /count/dotted)" = 0 ]
}

@test "a header value over 1000 bytes is refused before connecting" {
	long=$(head -c 1200 /dev/zero | tr '\0' a)
	run -2 wfetch -c -H "User-Agent: $long" "$BASE/count/longhdr"
	[ "$(field .error.code)" = invalid_parameter ]
	[ "$(hits /count/longhdr)" = 0 ]
}

@test "automatic artifacts are capped, oldest removed first" {
	mkdir -p "$XDG_CACHE_HOME/webtools/web"
	chmod 700 "$XDG_CACHE_HOME/webtools/web"	# artifacts need a private dir
	for i in $(seq 70); do
		touch -d "2020-01-01 00:00:$((i % 60))" "$XDG_CACHE_HOME/webtools/web/old-$i.txt"
	done
	run -0 wfetch -c -f raw "$BASE/size/300000"
	[ -f "$(field .artifact)" ]
	[ "$(ls "$XDG_CACHE_HOME/webtools/web" | wc -l)" -le 64 ]
}

@test "without a private cache directory nothing is saved under /tmp" {
	run -0 env -u HOME -u XDG_CACHE_HOME "$WT_BIN/wfetch" -c -f raw --artifact x.txt "$BASE/hello.txt"
	[ "$(field .artifact)" = null ]
	[[ "$(field .summary)" == *"could not be saved"* ]]
}

@test "stdin: plain URL lines and JSON requests, a bad line answered with its number, the stream goes on" {
	run -2 --separate-stderr sh -c "printf '%s\n' '$BASE/count/plain1' '{bad json' '' \
	    '{\"url\":\"$BASE/count/plain2\"}' '{\"url\":7}' | wfetch -c"
	[ "$(printf '%s\n' "$output" | wc -l)" -eq 4 ]
	printf '%s\n' "$output" | sed -n 1p | jq -e '.status == "ok" and .source.line == 1'
	printf '%s\n' "$output" | sed -n 2p | jq -e '.status == "error" and
	    .source.line == 2 and .source.url == null and .summary != null and
	    (.error.message | test("line 2 is not a request: not a valid JSON text"))'
	printf '%s\n' "$output" | sed -n 3p | jq -e '.status == "ok" and .source.line == 4'
	printf '%s\n' "$output" | sed -n 4p | jq -e '.source.line == 5 and .source.url == 7 and
	    .error.code == "invalid_parameter"'
	[ "$(hits /count/plain1)" = 1 ]
	[ "$(hits /count/plain2)" = 1 ]
}

@test "a JSON request may span lines" {
	run -0 sh -c "printf '{\n  \"url\": \"$BASE/count/multi\"\n}\n' | wfetch -c"
	[ "$(field .source.line)" = 1 ]
	[ "$(hits /count/multi)" = 1 ]
}

@test "raw 8-bit bytes in a URL argument are percent-encoded as given" {
	run -0 wfetch -c "$(printf '%s/count/caf\xe9' "$BASE")"
	[ "$(hits '/count/caf%E9')" = 1 ]
	[ "$(hits '/count/caf%EF%BF%BD')" = 0 ]
	[ "$(field .source.url)" = "$BASE/count/caf%E9" ]
	run -0 sh -c "printf '%s/count/plain\351\n' '$BASE' | wfetch -c"
	[ "$(hits '/count/plain%E9')" = 1 ]
}

@test "wsearch | wfetch --top: a failed or empty search fails loudly" {
	run -1 sh -c 'echo "{\"tool\":\"wsearch\",\"status\":\"error\",\"results\":[],\"error\":{\"code\":\"backend_unavailable\",\"message\":\"down\"}}" | wfetch -c --top 2'
	[ "$(field .tool)" = wfetch ]
	[ "$(field .error.code)" = backend_unavailable ]
	[[ "$(field .summary)" == *"wsearch envelope on stdin is an error"* ]]
	run -2 sh -c 'echo "{\"tool\":\"wsearch\",\"status\":\"ok\",\"results\":[]}" | wfetch -c --top 2'
	[[ "$(field .error.message)" == *"offers no result to fetch"* ]]
	run -2 sh -c 'echo "{\"tool\":\"wsearch\",\"status\":\"ok\",\"next_actions\":[]}" | wfetch -c'
	[[ "$(field .error.message)" == *"no wfetch next action"* ]]
	run -2 sh -c "echo '{\"url\":\"$BASE/count/top\"}' | wfetch -c --top 1"
	[[ "$(field .error.message)" == *"--top takes a wsearch envelope"* ]]
	[ "$(hits /count/top)" = 0 ]
}

@test "options accepted and ignored are errors; messages name options as typed" {
	run -2 --separate-stderr wfetch -c --top 2 "$BASE/count/ign"
	[[ "$stderr" == *"--top"*"cannot be used with URL arguments"* ]]
	run -2 wfetch -c --offset 5 --start-line 2 "$BASE/count/ign"
	[[ "$(field .error.message)" == *"--offset"*"--start-line"* ]]
	[ "$(field .source.url)" = "$BASE/count/ign" ]
	run -2 wfetch -c --max-chars 0 "$BASE/count/ign"
	[[ "$(field .error.message)" == *"--max-chars must be"* ]]
	[[ "$output" != *max_chars* ]]
	run -2 wfetch -c --format pdf "$BASE/count/ign"
	[[ "$(field .error.message)" == *"--format must be markdown, text or raw"* ]]
	run -2 sh -c "echo '{\"url\":\"$BASE/count/ign\",\"offset\":3,\"max_lines\":2}' | wfetch -c"
	[[ "$(field .error.message)" == *"offset"*"max_lines"* ]]
	[ "$(hits /count/ign)" = 0 ]
}

@test "an unknown option is one line and a --help hint, not the usage" {
	run -2 --separate-stderr wfetch --bogus
	[ "$stderr" = "wfetch: unknown option --bogus (see wfetch --help)" ]
	run -2 --separate-stderr wfetch --max-chars
	[ "$stderr" = "wfetch: --max-chars needs a value (see wfetch --help)" ]
	run -2 --separate-stderr wfetch -q
	[ "$stderr" = "wfetch: unknown option -q (see wfetch --help)" ]
}

@test "a terminal on stdin with no arguments prints the usage" {
	run -0 timeout 10 script -qec "$WT_BIN/wfetch; echo rc=\$?" /dev/null
	[[ "$output" == *"usage: wfetch"* ]]
	[[ "$output" == *"rc=2"* ]]
}

@test "the loopback refusal says how to allow it" {
	write_config '{}'
	run -3 wfetch -c "$BASE/count/lo"
	[[ "$(field .error.message)" == *"network.allow"*"network.mode to localhost"* ]]
}

@test "a configuration failure is a whole envelope naming the URL" {
	write_config '{"network":{"mode":"sideways"}}'
	run -2 --separate-stderr wfetch -c "$BASE/count/cfg"
	[ "$(field .tool)" = wfetch ]
	[ "$(field .status)" = error ]
	[ "$(field .source.url)" = "$BASE/count/cfg" ]
	[[ "$(field .summary)" == *"failed (invalid_parameter)"* ]]
	[[ "$stderr" != *"config: config:"* ]]
	# every request of the stream is answered, naming its URL and line
	run -2 --separate-stderr wfetch -c <<EOF2
$BASE/count/cfg1
{"url":"not a url"}
EOF2
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[0]}" | jq -e --arg u "$BASE/count/cfg1" '.source.url == $u and .source.line == 1 and .error.code == "invalid_parameter"'
	echo "${lines[1]}" | jq -e '.source.url == "not a url" and .source.line == 2 and .status == "error"'
	run -2 --separate-stderr wfetch -c "$BASE/count/a" "$BASE/count/b"
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[1]}" | jq -e --arg u "$BASE/count/b" '.source.url == $u'
	[ "$(hits /count/cfg1)" = 0 ]
}

@test "-o FILE writes the content to FILE; the envelope names it" {
	run -0 wfetch -c -o "$BATS_TEST_TMPDIR/out.txt" "$BASE/hello.txt"
	[ "$(field .output)" = "$BATS_TEST_TMPDIR/out.txt" ]
	[ "$(field .content)" = null ]
	grep -q . "$BATS_TEST_TMPDIR/out.txt"
	run -0 wfetch -r "$BASE/hello.txt"
	[ "$(cat "$BATS_TEST_TMPDIR/out.txt")" = "$output" ]
	run -1 wfetch -c -o "$BATS_TEST_TMPDIR/no/such/dir/x" "$BASE/hello.txt"
	[[ "$(field .error.message)" == *"cannot write $BATS_TEST_TMPDIR/no/such/dir/x: No such file or directory"* ]]
	run -2 --separate-stderr wfetch -o "$BATS_TEST_TMPDIR/x" "$BASE/a" "$BASE/b"
	[[ "$stderr" == *"exactly one URL"* ]]
}

@test "the progress line: percent and rate when the length is known, at most 10 redraws a second, -s silences it" {
	command -v script >/dev/null || skip "script (util-linux) not installed"
	run script -qfec "wfetch -c -f raw '$BASE/slow?total=3'" /dev/null
	[[ "$output" == *"% "*" of "*"/s"* ]]
	# redraws: one per \r; the transfer lasts about 3 s
	n=$(printf '%s' "$output" | tr -cd '\r' | wc -c)
	[ "$n" -ge 2 ] && [ "$n" -le 40 ]
	run script -qfec "wfetch -s -c -f raw '$BASE/slow?total=2'" /dev/null
	[[ "$output" != *"/s,"* ]]
	run script -qfec "wfetch --silent -c -f raw '$BASE/slow?total=2'" /dev/null
	[[ "$output" != *"/s,"* ]]
}

# ---- many URLs at once (-P)

@test "-P 8: 8 slow pages take about one delay, envelopes in input order" {
	urls=
	for i in 8 7 6 5 4 3 2 1; do
		urls="$urls $BASE/delay/$((i * 100))/o$i"
	done
	s=$(date +%s%N)
	run -0 wfetch -c -f raw -P 8 $urls
	ms=$((($(date +%s%N) - s) / 1000000))
	[ "$ms" -lt 2500 ]
	[ "$(printf '%s\n' "$output" | jq -r .source.url | sed 's,.*/,,' | tr '\n' ' ')" = "o8 o7 o6 o5 o4 o3 o2 o1 " ]
	[ "$(printf '%s\n' "$output" | jq -r .status | sort -u)" = ok ]
	# the server saw them overlap: every start before the first end
	first_end=$(awk '{print $2}' "$SERVER_DIR/log.times" | sort -n | head -1)
	last_start=$(awk '{print $1}' "$SERVER_DIR/log.times" | sort -n | tail -1)
	awk -v a="$last_start" -v b="$first_end" 'BEGIN {exit !(a < b)}'
}

@test "--unordered prints each envelope as it completes" {
	run -0 wfetch -c -f raw -P 4 --unordered "$BASE/delay/700/slow" \
	    "$BASE/delay/50/fast"
	[ "$(printf '%s\n' "$output" | jq -r .source.url | sed 's,.*/,,' | tr '\n' ' ')" = "fast slow " ]
	run -0 wfetch -c -f raw -P 4 "$BASE/delay/700/slow" "$BASE/delay/50/fast"
	[ "$(printf '%s\n' "$output" | jq -r .source.url | sed 's,.*/,,' | tr '\n' ' ')" = "slow fast " ]
}

@test "-P: a refused URL among good ones; the exit status is the worst" {
	run -3 wfetch -c -f raw -P 4 "$BASE/hello.txt" "http://10.1.2.3/x" \
	    "$BASE/text"
	[ "${#lines[@]}" = 3 ]
	[ "$(printf '%s\n' "$output" | jq -r '.error.code // "-"' | tr '\n' ' ')" = "- blocked_target - " ]
	[ "$(printf '%s\n' "$output" | sed -n 1p | jq -r .content)" = "Hello, world!" ]
	[ "$(hits /text)" -ge 1 ]
	# an error outranks blocked, as in sequential mode
	run -1 wfetch -c -f raw -P 4 "$BASE/hello.txt" "http://10.1.2.3/x" \
	    "$BASE/status/404"
	[ "$(printf '%s\n' "$output" | jq -r '.error.code // "-"' | tr '\n' ' ')" = "- blocked_target http_4xx " ]
}

@test "-P: NDJSON requests, a bad line keeps its place, --top works" {
	run -2 --separate-stderr wfetch -c -f raw -P 3 <<EOF2
{"url": "$BASE/delay/300/a"}
{"url": 5}
not json
EOF2
	[ "$(printf '%s\n' "$output" | jq -r '.error.code // .source.url' | sed 's,.*/,,' | tr '\n' ' ')" = "a invalid_parameter invalid_parameter " ]
	env="{\"tool\":\"wsearch\",\"results\":[{\"url\":\"$BASE/delay/300/r1\"},{\"url\":\"$BASE/delay/10/r2\"},{\"url\":\"$BASE/delay/10/r3\"}]}"
	run -0 wfetch -c -f raw -P 3 --top 2 <<<"$env"
	[ "$(printf '%s\n' "$output" | jq -r .source.url | sed 's,.*/,,' | tr '\n' ' ')" = "r1 r2 " ]
}

@test "-P: identical URLs are fetched once" {
	run -0 wfetch -c -f raw -P 8 "$BASE/count/dup" "$BASE/count/dup" \
	    "$BASE/hello.txt" "$BASE/count/dup"
	[ "$(hits /count/dup)" = 1 ]
	[ "$(printf '%s\n' "$output" | jq -c .content | tr '\n' ' ')" = '"1\n" "1\n" "Hello, world!\n" "1\n" ' ]
}

@test "-P: a run's document cache is shared with other processes" {
	command -v web-control >/dev/null || skip "web-control not built"
	eval "$(web-control run start --export)"
	run -0 wfetch -c -f raw -P 4 "$BASE/count/runp1" "$BASE/count/runp2"
	[ "$(printf '%s\n' "$output" | jq -r .details.cache_hit | sort -u)" = false ]
	run -0 wfetch -c -f raw -P 4 "$BASE/count/runp2" "$BASE/count/runp1" \
	    "$BASE/count/runp3"
	[ "$(printf '%s\n' "$output" | jq -r .details.cache_hit | tr '\n' ' ')" = "true true false " ]
	[ "$(hits /count/runp1)" = 1 ]
	[ "$(hits /count/runp2)" = 1 ]
	web-control run end
}

@test "-P with host coordination: per-origin cap and spacing hold, origins overlap" {
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\",\"127.0.0.1:$TLSPORT\"]}}"
	export WEB_CA_BUNDLE="$SERVER_DIR/ca.pem"
	: >"$SERVER_DIR/log.times"
	urls=
	for i in 1 2 3 4; do
		urls="$urls $BASE/delay/300/h$i https://127.0.0.1:$TLSPORT/delay/300/t$i"
	done
	run -0 wfetch -c -f raw -P 8 $urls
	[ "$(printf '%s\n' "$output" | jq -r .status | sort -u)" = ok ]
	[ "$(wc -l <"$SERVER_DIR/log.times")" = 8 ]
	# per origin (Host): starts at least 500 ms apart (fetch spacing),
	# never more than 2 in flight (the origin's cap); the two origins
	# start together
	python3 - "$SERVER_DIR/log.times" <<'PY'
import sys, collections
by = collections.defaultdict(list)
for line in open(sys.argv[1]):
    s, e, host, path = line.split()
    by[host].append((float(s), float(e)))
assert len(by) == 2, by
firsts = []
for host, v in by.items():
    v.sort()
    firsts.append(v[0][0])
    # admissions are 500 ms apart; arrival at the server adds the
    # jitter of connecting (a TLS handshake), so allow some of it
    for a, b in zip(v, v[1:]):
        assert b[0] - a[0] >= 0.3, (host, v)
    for s, _ in v:
        inflight = sum(1 for s2, e2 in v if s2 <= s < e2)
        assert inflight <= 2, (host, v)
assert abs(firsts[0] - firsts[1]) < 0.3, firsts
PY
}

@test "-P: memory is bounded by the parallelism, not the number of URLs" {
	[ -x /usr/bin/time ] || skip "GNU time (/usr/bin/time) is not installed"
	body=$((8 * 1024 * 1024))
	# rss P COUNT: peak KiB of wfetch -P P over COUNT distinct 8 MiB bodies
	rss() {
		urls=
		for i in $(seq "$2"); do
			urls="$urls $BASE/size/$body?m=$1-$2-$i"
		done
		/usr/bin/time -f '%M' -o "$BATS_TEST_TMPDIR/rss" wfetch -c \
		    -f raw -P "$1" $urls >"$BATS_TEST_TMPDIR/out"
		[ "$(jq -r '.error.code // "-"' "$BATS_TEST_TMPDIR/out" | grep -c -x -- -)" = "$2" ]
		tail -1 "$BATS_TEST_TMPDIR/rss"
	}
	r8=$(rss 8 8)
	r2x4=$(rss 2 4)
	r2x12=$(rss 2 12)
	echo "peak RSS: -P 8 x8 $r8, -P 2 x4 $r2x4, -P 2 x12 $r2x12 KiB"
	# at most N bodies in flight, each under 2.5x its size, plus the
	# run's 32 MiB document cache and 16 MiB
	[ "$r8" -lt $(( (8 * body * 5 / 2 + 48 * 1024 * 1024) / 1024 )) ]
	[ "$r2x12" -lt $(( (2 * body * 5 / 2 + 48 * 1024 * 1024) / 1024 )) ]
	# eight more bodies cost far less than eight bodies: none is held
	[ "$r2x12" -lt $((r2x4 + 3 * body / 1024)) ]
}

@test "-P and fetch.concurrency: ranges checked" {
	run -2 wfetch -P 17 "$BASE/hello.txt"
	run -2 wfetch -P 0 "$BASE/hello.txt"
	run -2 wfetch --parallel x "$BASE/hello.txt"
	write_config '{"fetch":{"concurrency":17}}'
	run -2 wfetch -c "$BASE/hello.txt"
	write_config "{\"fetch\":{\"concurrency\":4},\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]}}"
	s=$(date +%s%N)
	run -0 wfetch -c -f raw "$BASE/delay/500/c1" "$BASE/delay/500/c2" \
	    "$BASE/delay/500/c3" "$BASE/delay/500/c4"
	ms=$((($(date +%s%N) - s) / 1000000))
	[ "$ms" -lt 1800 ]
	# -P 1 overrides the config: one at a time
	s=$(date +%s%N)
	run -0 wfetch -c -f raw -P 1 "$BASE/delay/300/d1" "$BASE/delay/300/d2"
	ms=$((($(date +%s%N) - s) / 1000000))
	[ "$ms" -ge 600 ]
}

@test "-P: transfers go on and envelopes come out while input is slow to arrive" {
	s=$(date +%s%N)
	{
		echo "{\"url\":\"$BASE/delay/100/early\"}"
		sleep 3
		echo "{\"url\":\"$BASE/hello.txt\"}"
	} | wfetch -c -f raw -P 4 | while IFS= read -r line; do
		echo "$((($(date +%s%N) - s) / 1000000)) $line"
	done >"$BATS_TEST_TMPDIR/out"
	cat "$BATS_TEST_TMPDIR/out"
	[ "$(wc -l <"$BATS_TEST_TMPDIR/out")" = 2 ]
	# the first envelope long before the second request was even written
	first=$(sed -n 1p "$BATS_TEST_TMPDIR/out" | cut -d' ' -f1)
	[ "$first" -lt 2000 ]
	sed -n 1p "$BATS_TEST_TMPDIR/out" | cut -d' ' -f2- | jq -e '.status == "ok" and (.source.url | endswith("early"))'
}

@test "-P: each URL keeps its redirects and retries; a retry wait holds no other transfer" {
	curl -s "$BASE/_reset" >/dev/null
	run -0 wfetch -c -f raw -P 2 --unordered "$BASE/flaky/pa/503-then-200" \
	    "$BASE/delay/100/x" "$BASE/delay/100/y"
	[ "$(printf '%s\n' "$output" | jq -r .status | sort -u)" = ok ]
	# the 503 is retried after its Retry-After (1 s); meanwhile x ends
	# and y takes its slot and ends too
	[ "$(printf '%s\n' "$output" | jq -r .source.url | sed 's,.*/,,' | tr '\n' ' ')" = "x y 503-then-200 " ]
	[ "$(printf '%s\n' "$output" | sed -n 3p | jq -r .details.attempts)" = 2 ]
	run -0 wfetch -c -f raw -P 2 "$BASE/redirect/chain/3" "$BASE/hello.txt"
	[ "$(printf '%s\n' "$output" | sed -n 1p | jq -r '.details.redirects|length')" = 3 ]
	[ "$(printf '%s\n' "$output" | sed -n 1p | jq -r .content)" = "chain end" ]
}

@test "envelope names: snake_case but for the reference's (webtools(7))" {
	for a in "" "--max-chars 5" "--start-line 1 --max-lines 1" "--include-links"; do
		run wfetch -c $a "$BASE/hello.txt"
		[ -z "$(key_case)" ]
	done
	run wfetch -c "$BASE/status/404" "$BASE/gzip/page"
	[ -z "$(key_case)" ]
}
