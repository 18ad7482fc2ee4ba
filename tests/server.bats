#!/usr/bin/env bats
# The loopback fixture server (tests/server/server.py) itself, checked
# with curl on both ports.

load helpers/common

setup_file() {
	server_start
	# A second, short-lived instance for the lifetime test.
	mkdir -p "$BATS_FILE_TMPDIR/short"
	date +%s >"$BATS_FILE_TMPDIR/short/started"
	python3 "$WT_TOP/tests/server/server.py" --dir "$BATS_FILE_TMPDIR/short" \
	    --lifetime 2 >/dev/null 2>&1 &
	echo $! >"$BATS_FILE_TMPDIR/short/pid"
}

teardown_file() {
	server_stop
	kill "$(cat "$BATS_FILE_TMPDIR/short/pid")" 2>/dev/null || :
}

setup() {
	common_setup
	server_env
	TLS="https://example.com:$TLSPORT"
}

# tcurl ARGS: curl against the TLS port, example.com on loopback.
tcurl() {
	curl -sS --max-time 5 --cacert "$SERVER_DIR/ca.pem" \
	    --resolve "example.com:$TLSPORT:127.0.0.1" "$@"
}

pcurl() {
	curl -sS --max-time 5 "$@"
}

@test "ports and CA are written" {
	[[ $PORT =~ ^[0-9]+$ ]]
	[[ $TLSPORT =~ ^[0-9]+$ ]]
	[ "$PORT" != "$TLSPORT" ]
	run openssl verify -CAfile "$SERVER_DIR/ca.pem" "$SERVER_DIR/leaf.pem"
	assert_success
}

@test "/page on both ports" {
	run pcurl "$BASE/page"
	assert_success
	assert_output --partial "<title>Tending a Small Orchard</title>"
	run tcurl "$TLS/page"
	assert_success
	assert_output --partial "<h2>Pruning</h2>"
}

@test "leaf certificate covers the provider names, not others" {
	local n
	for n in html.duckduckgo.com www.startpage.com ollama.com \
	    search.parallel.ai robots.example other.example; do
		run curl -sS --max-time 5 --cacert "$SERVER_DIR/ca.pem" \
		    --resolve "$n:$TLSPORT:127.0.0.1" "https://$n:$TLSPORT/hello.txt"
		assert_success
		assert_output "Hello, world!"
	done
	run tcurl "https://127.0.0.1:$TLSPORT/hello.txt"
	assert_success
	run curl -sS --max-time 5 --cacert "$SERVER_DIR/ca.pem" \
	    --resolve "nope.example:$TLSPORT:127.0.0.1" \
	    "https://nope.example:$TLSPORT/hello.txt"
	assert_failure 60
	run curl -sS --max-time 5 --resolve "example.com:$TLSPORT:127.0.0.1" \
	    "$TLS/hello.txt"
	assert_failure 60
}

@test "redirect chain counts hops and the log records each path" {
	run pcurl -L -o /dev/null -w '%{num_redirects} %{http_code}' \
	    "$BASE/redirect/chain/5?x=1"
	assert_output "5 200"
	[ "$(hits '/redirect/chain/5?x=1')" = 1 ]
	[ "$(hits '/redirect/chain/0?x=1')" = 1 ]
	run tcurl -L "$TLS/redirect/chain/6"
	assert_output "chain end"
	[ "$(hits /redirect/chain/6)" = 1 ]
	[ "$(hits /never/requested)" = 0 ]
}

@test "redirect loop and redirect/to variants" {
	run pcurl -o /dev/null -w '%{http_code} %{redirect_url}' \
	    "$BASE/redirect/loop"
	assert_output "302 $BASE/redirect/loop"
	run pcurl -o /dev/null -w '%{http_code} %{redirect_url}' \
	    "$BASE/redirect/to308?u=http%3A%2F%2Fexample.com%2Fx%3Fa%3D1"
	assert_output "308 http://example.com/x?a=1"
	run pcurl -o /dev/null -w '%{http_code}' "$BASE/redirect/to301?u=/page"
	assert_output "301"
}

@test "/size/N is N bytes of 100-byte lines" {
	run pcurl "$BASE/size/1050"
	[ "${#output}" -eq 1050 ]	# the 11th line is cut, no newline
	run sh -c "curl -sS '$BASE/size/1000' | wc -lc"
	assert_output --regexp '^ *10 +1000$'
	run sh -c "curl -sS '$BASE/size/1000' | sed -n 3p"
	assert_output --regexp '^line 00003 x{88}$'
	run sh -c "curl -sS '$BASE/html/size/3000' | wc -c"
	assert_output --regexp '^ *3000$'
}

@test "/big announces 21 MiB; /short is cut off" {
	run pcurl -I "$BASE/big"
	assert_output --partial "Content-Length: 22020096"
	run pcurl -o /dev/null "$BASE/short"
	assert_failure 18
}

@test "/gzipbomb is a small gzip stream" {
	run pcurl -o /dev/null -D - -w 'size=%{size_download}\n' "$BASE/gzipbomb"
	assert_output --partial "Content-Encoding: gzip"
	local n=${output##*size=}
	[ "$n" -lt 200000 ]
	run sh -c "curl -sS '$BASE/gzip/page' | gzip -dc"
	assert_output --partial "Tending a Small Orchard"
}

@test "/slow drips and ends on time" {
	run pcurl "$BASE/slow?total=1"
	assert_success
	assert_output "sl"
}

@test "/status, /flaky and /count" {
	run pcurl -D - -o /dev/null "$BASE/status/503?retry_after=7"
	assert_output --partial "HTTP/1.1 503"
	assert_output --partial "Retry-After: 7"
	run tcurl -o /dev/null -w '%{http_code}' "$TLS/status/418"
	assert_output "418"
	run pcurl -w ' %{http_code}' "$BASE/flaky/t1/503-then-200"
	assert_output --partial " 503"
	run pcurl -w ' %{http_code}' "$BASE/flaky/t1/503-then-200"
	assert_output "recovered
 200"
	run pcurl -o /dev/null -w '%{http_code}' "$BASE/flaky/t1/500-always"
	assert_output "500"
	pcurl "$BASE/count/c1" >/dev/null
	run tcurl "$TLS/count/c1"
	assert_output "2"
}

@test "charset fixtures carry the documented bytes" {
	run sh -c "curl -sS '$BASE/charset/latin1-header' | od -An -tx1 | tr -d '\n'"
	assert_output --partial " 43 61 66 e9 "
	run pcurl -D - -o /dev/null "$BASE/charset/utf16"
	assert_output --partial "Content-Type: text/html"
	run sh -c "curl -sS '$BASE/charset/utf16' | head -c 2 | od -An -tx1"
	assert_output " ff fe"
	run sh -c "curl -sS '$BASE/charset/invalid-utf8' | grep -a '<p>' | od -An -tx1"
	assert_output --partial "61 ff 62 fe 63 80 64"
	run sh -c "curl -sS '$BASE/charset/shift_jis' | iconv -f SHIFT_JIS -t UTF-8"
	assert_output --partial "日本語のページ"
}

@test "typed documents: json, xml, pdf, binary" {
	run sh -c "curl -sS '$BASE/json' | python3 -m json.tool"
	assert_success
	run sh -c "curl -sS '$BASE/json/invalid' | python3 -m json.tool"
	assert_failure
	run pcurl -o /dev/null -w '%{content_type}' "$BASE/markdown"
	assert_output "text/markdown; charset=utf-8"
	run sh -c "curl -sS '$BASE/binary' | wc -c"
	assert_output --regexp '^ *1024$'
	if command -v pdftotext >/dev/null; then
		pcurl -o "$BATS_TEST_TMPDIR/x.pdf" "$BASE/pdf"
		run pdftotext "$BATS_TEST_TMPDIR/x.pdf" -
		assert_output --partial "Hello PDF"
	fi
}

@test "robots cases and the selectable /robots.txt" {
	local c
	for c in missing:404 gone:410 forbidden:403 ratelimited:429 \
	    error:500 ok:200 big:200 challenge:200 redirect3:302; do
		run pcurl -o /dev/null -w '%{http_code}' "$BASE/rb/${c%%:*}/robots.txt"
		assert_output "${c##*:}"
	done
	run pcurl -L -w '%{num_redirects}' "$BASE/rb/redirect3/robots.txt"
	assert_output --partial "Disallow: /private"
	assert_output --partial "3"
	run pcurl -L --resolve "other.example:$PORT:127.0.0.1" \
	    "$BASE/rb/redirect-other-host/robots.txt"
	assert_output --partial "Disallow: /from-other-host"
	pcurl "$BASE/_set_robots?case=gone" >/dev/null
	run tcurl -o /dev/null -w '%{http_code}' "$TLS/robots.txt"
	assert_output "410"
	pcurl "$BASE/_set_robots?case=ok" >/dev/null
	run pcurl "$BASE/robots.txt"
	assert_output --partial "Disallow: /private"
}

@test "challenge pages and walls" {
	run pcurl -D - "$BASE/challenge/cloudflare"
	assert_output --partial "HTTP/1.1 403"
	assert_output --partial "cf-mitigated: challenge"
	assert_output --partial "Just a moment..."
	run pcurl -o /dev/null -w '%{http_code}' "$BASE/challenge/503"
	assert_output "503"
	run pcurl "$BASE/login"
	assert_output --partial 'type="password"'
	run pcurl "$BASE/appshell"
	assert_output --partial '<div id="root"></div>'
}

@test "fake providers: searxng, ollama, ddg" {
	run pcurl "$BASE/searxng/search?q=abc&format=json"
	assert_output --partial '"query": "abc"'
	run pcurl -o /dev/null -w '%{http_code}' "$BASE/searxng/search?q=abc"
	assert_output "403"
	run tcurl -H 'Authorization: Bearer k' \
	    -d '{"query":"cats","max_results":2}' \
	    "$TLS/ollama/api/experimental/web_search"
	assert_output --partial '"title": "Result 2 for cats"'
	run pcurl -o /dev/null -w '%{http_code}' -H 'Authorization: Bearer k' \
	    -d '{"query":"x"}' "$BASE/ollama404/api/experimental/web_search"
	assert_output "404"
	run pcurl -H 'Authorization: Bearer k' -d '{"query":"x"}' \
	    "$BASE/ollama404/api/web_search"
	assert_output --partial '"results"'
	run pcurl -d 'q=eino' "$BASE/ddg/html/"
	assert_output --partial 'result__a'
	run pcurl -o /dev/null -w '%{http_code}' -d 'q=ratelimit' "$BASE/ddg/html/"
	assert_output "202"
}

@test "headers are echoed and logged in log.full" {
	run tcurl -H 'X-Probe: seen' "$TLS/echo-headers"
	assert_output --partial '"X-Probe": "seen"'
	run grep -c '"X-Probe": "seen"' "$SERVER_DIR/log.full"
	assert_output "1"
}

@test "keep-alive reuses one connection" {
	run pcurl -o /dev/null -o /dev/null -o /dev/null -w '%{num_connects}' \
	    "$BASE/page" "$BASE/hello.txt" "$BASE/json"
	assert_output "100"
}

@test "SIGTERM stops the server" {
	local d="$BATS_TEST_TMPDIR/term"
	python3 "$WT_TOP/tests/server/server.py" --dir "$d" --lifetime 30 \
	    >/dev/null 2>&1 &
	local pid=$!
	# Generous windows: under load (make check beside other builds) the
	# start-up alone has taken over 2 s. Both loops end as soon as they can.
	for _ in $(seq 200); do [ -s "$d/tlsport" ] && break; sleep 0.05; done
	[ -s "$d/tlsport" ]
	kill -TERM "$pid"
	for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.05; done
	run kill -0 "$pid"
	assert_failure
}

@test "a server exits by itself after its lifetime" {
	local d="$BATS_FILE_TMPDIR/short" pid
	pid=$(cat "$d/pid")
	[ -s "$d/port" ]
	# Wait until 4 s after its start at most.
	while [ $(($(date +%s) - $(cat "$d/started"))) -lt 4 ] &&
	    kill -0 "$pid" 2>/dev/null; do
		sleep 0.1
	done
	run kill -0 "$pid"
	assert_failure
	run curl -sS --max-time 1 "http://127.0.0.1:$(cat "$d/port")/page"
	assert_failure
}
