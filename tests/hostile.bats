#!/usr/bin/env bats
# Hostile and broken SERVERS: every bad network answer wfetch, wrobots
# and wsearch can meet gives a stable error code, within the deadline,
# with no output file half written. tests/server/hostile.py writes each
# answer byte for byte on loopback (its cases: tests/server/README.md).
# Every run is bounded by timeout(1); nothing here times a program.

load helpers/common

setup_file() {
	fixture_start hostile "$BATS_FILE_TMPDIR/h" port
}

teardown_file() {
	fixture_stop "$BATS_FILE_TMPDIR/h"
}

setup() {
	common_setup
	HD="$BATS_FILE_TMPDIR/h"
	HP=$(cat "$HD/port")
	H="http://127.0.0.1:$HP"
	TP=$(cat "$HD/tlsport")
	EP=$(cat "$HD/expiredport")
	SP=$(cat "$HD/selfport")
	STP=$(cat "$HD/stallport")
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$HP\",\"127.0.0.1:$TP\",\"127.0.0.1:$EP\",\"127.0.0.1:$SP\",\"127.0.0.1:$STP\"]}}"
}

# hf CASE [WFETCH-OPTION...]: wfetch the hostile server's /CASE, bounded.
hf() {
	local c=$1
	shift
	run timeout 60 wfetch -c "$@" "$H/$c"
}

# hits CASE: requests the hostile server saw for /CASE.
hhits() {
	grep -c -x -F -- "/$1" "$HD/log" 2>/dev/null || true
}

# expect CODE: the envelope is an error with CODE (exit 1, or 3 when
# CODE is of the blocked class), the output names the case on failure.
expect() {
	local want=1
	case $1 in blocked_target|robots_denied) want=3 ;; esac
	[ "$status" -eq "$want" ] || { echo "exit $status: $output"; return 1; }
	[ "$(field .error.code)" = "$1" ] || { echo "$output"; return 1; }
	[ "$(field .tool)" = wfetch ] || [ "$(field .tool)" = wrobots ] ||
	    [ "$(field .tool)" = wsearch ]
}

@test "hostile server: trickles, silence and stalls end at the deadline as timeout" {
	# a byte a second in the body or in the headers, a server that
	# reads and never answers, chunk extensions or 1xx lines forever
	for c in trickle-body trickle-head silent chunk-ext-flood 1xx-endless; do
		hf $c --timeout 2
		expect timeout || { echo "case $c"; false; }
		[ "$(field .error.message)" = "the transfer hit its deadline" ]
	done
}

@test "hostile server: a TLS handshake that never comes is a timeout" {
	export WEB_RESOLVE="example.com:$STP:127.0.0.1"
	export WEB_CA_BUNDLE="$HD/ca.pem"
	run timeout 60 wfetch -c --timeout 2 "https://example.com:$STP/ok"
	expect timeout
}

@test "hostile server: closed at once, reset, reset mid-body: request_failed after the retries" {
	for c in close rst rst-body; do
		hf $c
		expect request_failed || { echo "case $c"; false; }
		[ "$(field .details.attempts)" = 3 ]
		[ "$(hhits $c)" = 3 ]
	done
}

@test "hostile server: header floods are response_too_large, never out of memory or a hang" {
	# 100,000 headers; one 10 MiB line; a status line that never ends;
	# 20,000 "100 Continue" answers before the real one
	for c in headers-100k header-10m no-crlf 1xx-storm; do
		hf $c
		expect response_too_large || { echo "case $c"; false; }
		[[ "$(field .error.message)" == "response header too large"* ]]
		[ "$(field .details.attempts)" = 1 ]
	done
	# a few 103 Early Hints before the page are skipped
	hf 1xx-few
	[ "$(field .status)" = ok ]
	[[ "$(field .content)" == *"Paragraph 059"* ]]
}

@test "hostile server: two different Content-Length headers are request_failed, not a guess" {
	# before: the second length (20 bytes) was taken, and the page
	# came back as unusable_content
	hf cl-two
	expect request_failed
	[ "$(field .error.message)" = "the response has two different Content-Length headers" ]
	[ "$(field .details.attempts)" = 1 ]
	[ "$(field .error.retryable)" = false ]
}

@test "hostile server: lying lengths and broken chunks are request_failed; endless chunks are bounded" {
	for c in cl-long cl-bad chunk-bad chunk-huge chunk-cut; do
		hf $c
		expect request_failed || { echo "case $c"; false; }
		[ "$(field .details.attempts)" = 3 ]
	done
	# a length shorter than the body: the length is the body
	hf cl-short -f raw
	[ "$status" -le 1 ]
	[[ "$(field .content)" != *"Paragraph 000"* ]]
	hf chunk-endless
	expect response_too_large
}

@test "hostile server: HTTP/0.9, a garbage status line and status 999 are request_failed" {
	hf http09
	expect request_failed
	[[ "$(field .error.message)" == *"HTTP/0.9"* ]]
	hf garbage-status
	expect request_failed
	# before: http_5xx "the server answered HTTP 999"
	hf status-999
	expect request_failed
	[ "$(field .error.message)" = "the server answered HTTP 999, which is not an HTTP status" ]
	[ "$(field .error.http_status)" = 999 ]
}

@test "hostile server: a Content-Encoding list is undone last coding first" {
	# before: only the first coding was read, and the page came back
	# as "binary content" (or failed to decode)
	# codings on two header lines are one list; a line repeated is one
	for c in enc-gzip-gzip enc-gzip-deflate enc-identity-gzip enc-deflate-raw \
	    enc-two-lines enc-repeated; do
		hf $c
		[ "$(field .status)" = ok ] || { echo "case $c: $output"; false; }
		[[ "$(field .content)" == *"Paragraph 059"* ]]
	done
	hf enc-gzip-br
	[ "$(field .status)" = ok ]
}

@test "hostile server: an unknown Content-Encoding is unsupported_content naming it" {
	# before: the encoded bytes were taken for the page itself
	for c in enc-zstd:zstd enc-compress:compress enc-unknown:x-made-up; do
		hf ${c%%:*}
		expect unsupported_content || { echo "case $c"; false; }
		[[ "$(field .error.message)" == "the body is sent with Content-Encoding ${c#*:}, which is not supported"* ]]
		[ "$(field .error.retryable)" = false ]
	done
	# plain bytes labelled gzip are named as such
	hf enc-gzip-plain
	expect request_failed
	[[ "$(field .error.message)" == *"Content-Encoding gzip says"* ]]
}

@test "hostile server: an error page whose body does not decode keeps its status's meaning" {
	# before: request_failed naming the coding, the 503 never retried
	# and the 429's Retry-After lost
	hf err-503-gzip-plain
	expect http_5xx
	[ "$(field .error.http_status)" = 503 ]
	[ "$(field .details.attempts)" = 3 ]
	[ "$(hhits err-503-gzip-plain)" = 3 ]
	hf err-404-zstd
	expect http_4xx
	[ "$(field .error.http_status)" = 404 ]
	run timeout 60 wfetch -c "$H/err-429-zstd"
	[ "$status" -eq 3 ]
	[ "$(field .error.code)" = http_429 ]
	[ "$(field .error.retry_after_ms)" = 7000 ]
}

@test "hostile server: a decompression bomb in any coding stops at the bound" {
	# 64 MiB of zeros as gzip, zlib deflate, raw deflate, and gzip in
	# gzip (before: the inner layer passed as "binary content")
	for c in bomb-gzip bomb-deflate bomb-deflate-raw bomb-gzip-gzip; do
		hf $c -f raw
		expect response_too_large || { echo "case $c"; false; }
		[ "$(field .error.message)" = "the response is larger than 20971520 bytes" ]
	done
	hf bomb-br -f raw
	expect response_too_large
}

@test "hostile server: content and charset lies" {
	# a <meta> that says UTF-16 over ASCII bytes is read as UTF-8
	hf meta-utf16
	[ "$(field .status)" = ok ]
	[ "$(field .source.charset)" = utf-8 ]
	[ "$(field .coverage.replacement_chars)" = 0 ]
	[[ "$(field .content)" == *"Paragraph 059"* ]]
	# HTML labelled image/png is binary, not extracted
	hf html-as-png
	expect unsupported_content
	# nothing at all, or a body after 204 / 304: no pretended page
	for c in empty-200 204-body; do
		hf $c
		expect unusable_content || { echo "case $c"; false; }
	done
	# the 204 is named, not taken for an empty page
	[[ "$(field .error.message)" == *"204 (No Content)"* ]] ||
	    { echo "$output"; false; }
	hf 304-body
	expect request_failed
	[ "$(field .source.http_status)" = 304 ]
}

@test "hostile server: a Location with spaces or control bytes is percent-encoded and followed" {
	# before: "redirect 1 has no valid Location"
	hf redirect-space
	[ "$(field .status)" = ok ] || { echo "$output"; false; }
	[ "$(field .source.final_url)" = "$H/ok/with%20space?q=a%20b" ]
	hf redirect-ctl
	[ "$(field .status)" = ok ]
	[ "$(field .source.final_url)" = "$H/ok/%01%7Fx" ]
}

@test "hostile server: redirects to other schemes are blocked_target naming the scheme" {
	# before: data: and javascript: were "no valid Location"
	for c in data javascript ftp file gopher; do
		hf redirect-$c
		expect blocked_target || { echo "case $c"; false; }
		[[ "$(field .error.message)" == "redirect 1 refused"*"scheme $c is not allowed" ]]
	done
}

@test "hostile server: redirects to mapped, NAT64, 6to4, private and link-local addresses are blocked_target" {
	for c in mapped mapped-hex nat64 6to4 compat linklocal private v6ll zero; do
		hf redirect-$c
		expect blocked_target || { echo "case $c"; false; }
		[[ "$(field .error.message)" == "redirect 1 refused (to "* ]]
	done
}

@test "hostile server: a redirect with no, an empty, two or a huge Location" {
	hf redirect-none
	expect request_failed
	[ "$(field .error.message)" = "redirect 1 has no valid Location" ]
	# an empty Location is the same URL again: a loop, bounded
	hf redirect-empty
	expect too_many_redirects
	[ "$(hhits redirect-empty)" = 6 ]
	# two targets: neither is followed (before: the last one was)
	hf redirect-two
	expect request_failed
	[ "$(field .error.message)" = "the response has two different Location headers" ]
	[ "$(hhits ok/two-first)" = 0 ]
	hf redirect-huge
	expect request_failed
}

@test "hostile server: expired, self-signed and wrong-name certificates are request_failed, not retried" {
	export WEB_CA_BUNDLE="$HD/ca.pem"
	export WEB_RESOLVE="example.com:$TP:127.0.0.1 other.example:$TP:127.0.0.1 example.com:$EP:127.0.0.1 example.com:$SP:127.0.0.1"
	run timeout 60 wfetch -c "https://example.com:$TP/ok"
	[ "$(field .status)" = ok ]
	run timeout 60 wfetch -c "https://other.example:$TP/ok"
	expect request_failed
	[[ "$(field .error.message)" == *"other.example"* ]]
	[ "$(field .details.attempts)" = 1 ]
	run timeout 60 wfetch -c "https://example.com:$EP/ok"
	expect request_failed
	[[ "$(field .error.message)" == *"expired"* ]]
	[ "$(field .details.attempts)" = 1 ]
	run timeout 60 wfetch -c "https://example.com:$SP/ok"
	expect request_failed
	[[ "$(field .error.message)" == *"self-signed"* ]]
	[ "$(field .details.attempts)" = 1 ]
}

@test "hostile server: -o FILE is never left half written" {
	mkdir "$BATS_TEST_TMPDIR/o"
	out="$BATS_TEST_TMPDIR/o/out.html"
	for c in trickle-body rst-body cl-long chunk-cut cl-two enc-zstd bomb-gzip chunk-endless; do
		run timeout 60 wfetch -c --timeout 2 -o "$out" "$H/$c"
		[ "$status" -eq 1 ] || { echo "case $c: $output"; false; }
		[ ! -e "$out" ] || { echo "case $c left $out"; false; }
		[ -z "$(ls -A "$BATS_TEST_TMPDIR/o")" ] || { echo "case $c:"; ls -A "$BATS_TEST_TMPDIR/o"; false; }
	done
	run -0 timeout 60 wfetch -c -o "$out" "$H/ok"
	grep -q 'Paragraph 059' "$out"
}

# robots CASE: what the hostile server's /robots.txt does from now on.
robots() {
	run -0 timeout 20 wfetch -c -f raw "$H/_robots/$1"
	rm -rf "$XDG_STATE_HOME/webtools/robots"
}

@test "hostile server: wrobots fails closed on every broken robots.txt, with a stable code" {
	for c in robots-huge:response_too_large header-10m:response_too_large \
	    headers-100k:response_too_large cl-two:request_failed \
	    rst-body:request_failed http09:request_failed \
	    enc-zstd:unsupported_content bomb-gzip:response_too_large \
	    redirect-data:blocked_target redirect-mapped:blocked_target \
	    status-999:request_failed; do
		robots ${c%%:*}
		run timeout 60 wrobots -c "$H/blocked/x"
		expect robots_denied || { echo "case $c"; false; }
		[ "$(field .robots_status)" = unavailable ] || { echo "case $c: $output"; false; }
		[ "$(field .details.robots_error.code)" = "${c#*:}" ] || { echo "case $c: $output"; false; }
	done
	# a header flood is not called a robots.txt over the body bound
	robots header-10m
	run timeout 60 wrobots -c "$H/blocked/x"
	[[ "$(field .details.robots_error.message)" == "response header too large"* ]]
	robots robots-huge
	run timeout 60 wrobots -c "$H/blocked/x"
	[ "$(field .details.robots_error.message)" = "robots.txt is larger than the 64 KiB bound" ]
	# an HTML page is no robots.txt
	robots robots-html
	run timeout 60 wrobots -c "$H/blocked/x"
	[ "$(field .robots_status)" = malformed ]
	[ "$(field .details.robots_error.code)" = unusable_content ]
	# a stalled robots.txt is unavailable at its own 5 s bound
	robots trickle-head
	run timeout 60 wrobots -c "$H/blocked/x"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = timeout ]
	robots robots-ok
	run timeout 60 wrobots -c "$H/blocked/x"
	[ "$(field .robots_status)" = fetched ]
}

@test "hostile server: wsearch's provider call meets the same answers with stable codes" {
	for c in json-bomb:response_too_large header-10m:response_too_large \
	    chunk-endless:response_too_large rst:request_failed \
	    http09:request_failed cl-two:request_failed \
	    enc-zstd:unsupported_content status-999:backend_unavailable \
	    redirect-mapped:backend_unavailable empty-200:backend_unavailable; do
		write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$HP\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$H/${c%%:*}\"}}}"
		run timeout 60 wsearch -c "hostile widgets"
		expect "${c#*:}" || { echo "case $c"; false; }
	done
}

@test "hostile server: web-control doctor's liveness probe FAILs a hostile endpoint with its code" {
	for c in silent:timeout json-bomb:response_too_large header-10m:response_too_large \
	    rst:request_failed enc-zstd:unsupported_content; do
		write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$HP\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$H/${c%%:*}\"}},\"doctor\":{\"liveness\":true}}"
		run -1 timeout 60 web-control doctor --json
		printf '%s\n' "$output" | jq -e --arg code "${c#*:}" \
		    '.checks[] | select(.check == "searxng liveness") |
		    .status == "FAIL" and (.detail | startswith($code + ": "))' ||
		    { echo "case $c: $output"; false; }
	done
}

# Hostile PAGES (session 15, x174): shapes whose cost bench/hostile.sh
# measures; here only what comes out, bounded by timeout(1), untimed.

@test "hostile page: a short line under nests of empty or blank elements is read once, the post stays" {
	# a review label and an edit note at the bottom of 470 nested
	# boxes of 20 empty (then blank) elements, three times over
	python3 - "$BATS_TEST_TMPDIR" <<'PY'
import sys
d = sys.argv[1]
post = '<p>' + 'Words of the post go here. ' * 12 + '</p>'
for name, fill, line in (('empty', '<i></i>', '<h3>Customers say</h3>'),
                         ('blank', '<i> </i>\n', 'Last edited by sam')):
    nest = ('<div>' + fill * 20) * 470 + line + '</div>' * 470
    open('%s/%s.html' % (d, name), 'w').write(
        '<html><body><article><h1>Title</h1>' + post + nest * 3 +
        '</article></body></html>')
PY
	for f in empty blank; do
		run -0 timeout 60 wextract -r --format text --page-type product "$BATS_TEST_TMPDIR/$f.html"
		[[ "$output" == *"Words of the post go here."* ]] || { echo "$f: $output"; false; }
		run -0 timeout 60 wextract -r --format text --page-type article "$BATS_TEST_TMPDIR/$f.html"
		[[ "$output" == *"Words of the post go here."* ]] || { echo "$f: $output"; false; }
	done
}

@test "hostile page: an unclosed span in each open paragraph ends with its paragraph" {
	# 400 of them: past 512 tags left open (each span counts as one
	# in the depth cut, the paragraph closing it or not) the
	# paragraphs' own tags go and their lines join
	python3 -c "import sys; sys.stdout.write('<html><body><h1>Lines</h1>' + ''.join('<p><span class=a>line %d ' % k for k in range(400)))" >"$BATS_TEST_TMPDIR/spans.html"
	run -0 timeout 60 wextract -r --format text --max-chars 100000 "$BATS_TEST_TMPDIR/spans.html"
	# every line once, each its own paragraph, in order
	[ "$(printf '%s\n' "$output" | grep -c '^line [0-9]*$')" -eq 400 ]
	[ "$(printf '%s\n' "$output" | grep '^line' | head -1)" = "line 0" ]
	[ "$(printf '%s\n' "$output" | grep '^line' | tail -1)" = "line 399" ]
}

@test "hostile page: a row of contact forms above the post, each emptied, leaves the post" {
	python3 -c "import sys; sys.stdout.write('<html><body>' + '<div><h3>Contact us</h3><form><input name=a><button>Send</button></form></div>' * 4000 + '<h1>Title</h1><p>' + 'One sentence here. Two sentences here. ' * 5 + '</p></body></html>')" >"$BATS_TEST_TMPDIR/forms.html"
	run -0 timeout 60 wextract -r --format text --page-type article "$BATS_TEST_TMPDIR/forms.html"
	[[ "$output" == *"One sentence here. Two sentences here."* ]]
	[[ "$output" != *"Contact us"* ]]
}

@test "hostile page: a cart button's label after an icon of many shapes is read, in tiles and in a nest" {
	# 40 tiles of other items, each bought by a button whose label
	# follows an svg of 70 paths (a read of 64 nodes missed it), then
	# 300 nested buttons
	python3 -c "import sys; sys.stdout.write('<html><body><h1>Item</h1><p>\$10</p><p>' + 'The item is described here in words. ' * 8 + '</p><div>' + ''.join('<div><p>Other item %d</p><button><svg>' % k + '<path d=\"M0 0\"/>' * 70 + '</svg>Add to cart</button></div>' for k in range(40)) + '</div>' + '<button>' * 300 + 'Add to cart' + '</button>' * 300 + '</body></html>')" >"$BATS_TEST_TMPDIR/carts.html"
	run -0 timeout 60 wextract -r --format text --page-type product "$BATS_TEST_TMPDIR/carts.html"
	[[ "$output" == *"The item is described here in words."* ]]
	[[ "$output" != *"Other item 2"* ]] || { echo "$output" | head; false; }
}
