#!/usr/bin/env bats
# wrobots: the robots.txt fetch path against the loopback fixture server
# (every outcome of the fail-closed table, redirects, bounds, the cache)
# and the offline --robots-file path, exit codes and output handling.

load helpers/common
load helpers/fixture

setup() {
	fixture_setup
	U="http://127.0.0.1:$PORT"
	RB="$BATS_TEST_TMPDIR/robots.txt"
	printf '%s\n' \
	    'Sitemap: https://example.com/sitemap.xml' \
	    'User-agent: *' \
	    'Disallow: /private' \
	    'Allow: /private/open' \
	    '' \
	    'User-agent: ExampleBot' \
	    'User-agent: OtherBot' \
	    'Crawl-delay: 2' \
	    'Disallow: /' \
	    'Allow: /pub/' >"$RB"
}

# robots_case NAME: what the server's /robots.txt does from now on.
robots_case() {
	curl -sS --max-time 5 "$U/_set_robots?case=$1" >/dev/null
}

@test "200: rules decide; disallowed is blocked, robots_denied, exit 3" {
	robots_case ok
	run -3 --separate-stderr wrobots "$U/private/x"
	[ "$(field .status)" = blocked ]
	[ "$(field .allowed)" = false ]
	[ "$(field .error.code)" = robots_denied ]
	[ "$(field .robots_status)" = fetched ]
	[ "$(field .rule.directive)" = disallow ]
	[ "$(field .rule.pattern)" = /private ]
	[ "$(field .rule.line)" = 3 ]
	[ "$(field '.group.user_agents[0]')" = '*' ]
	[ "$(field .agent)" = webtools ]
	[ "$(field .source.robots_url)" = "$U/robots.txt" ]
	[ "$(field .source.http_status)" = 200 ]
	run -0 wrobots "$U/private/open/x"
	[ "$(field .allowed)" = true ]
	[ "$(field .rule.directive)" = allow ]
	[ "$(field .status)" = ok ]
	run -0 wrobots "$U/public"
	[ "$(field .rule)" = null ]
}

@test "200: the agent picks its group" {
	robots_case ok
	run -3 wrobots --agent BadBot "$U/public"
	[ "$(field '.group.user_agents[0]')" = BadBot ]
	run -0 wrobots --agent GoodBot "$U/public"
}

@test "an agent that is not a product token matches no group, only * (RFC 9309 2.2.1)" {
	for a in 'ExampleBot/1.2' ' ExampleBot' 'ExampleBot ' 'Example Bot' 'Bot2' '123'; do
		run -0 wrobots -f "$RB" --agent "$a" https://e.com/pub/x
		[ "$(field '.group.user_agents[0]')" = '*' ] || { echo "$a: $output"; false; }
		[ "$(field .agent)" = "$a" ]
		run -3 wrobots -f "$RB" --agent "$a" https://e.com/private/x
	done
	run -3 wrobots -f "$RB" --agent ExampleBot https://e.com/x
	[ "$(field '.group.user_agents[0]')" = ExampleBot ]
	printf '{"url":"https://e.com/x","agent":"ExampleBot/1.0"}' >"$BATS_TEST_TMPDIR/req"
	run -0 wrobots -f "$RB" <"$BATS_TEST_TMPDIR/req"
	[ "$(field '.group.user_agents[0]')" = '*' ]
	run -0 wrobots -f "$RB" --agent 'a"b\c' https://e.com/x
	[ "$(field .agent)" = 'a"b\c' ]
}

@test "a query's reserved characters compare as encoded (RFC 9309 figure 4)" {
	printf 'User-agent: *\nDisallow: /foo/bar?baz=https://foo.bar\n' >"$BATS_TEST_TMPDIR/q.txt"
	run -3 wrobots -f "$BATS_TEST_TMPDIR/q.txt" 'https://e.com/foo/bar?baz=https%3A%2F%2Ffoo.bar'
	run -3 wrobots -f "$BATS_TEST_TMPDIR/q.txt" 'https://e.com/foo/bar?baz=https://foo.bar'
	run -0 wrobots -f "$BATS_TEST_TMPDIR/q.txt" 'https://e.com/foo/bar?baz=https%3A%2F%2Fother'
}

@test "404 is missing: everything allowed" {
	robots_case missing
	run -0 wrobots "$U/private/x"
	[ "$(field .robots_status)" = missing ]
	[ "$(field .allowed)" = true ]
	[ "$(field .source.http_status)" = 404 ]
}

@test "410 is missing: everything allowed" {
	robots_case gone
	run -0 wrobots "$U/private/x"
	[ "$(field .robots_status)" = missing ]
	[ "$(field .source.http_status)" = 410 ]
}

@test "403 is denied: everything disallowed" {
	robots_case forbidden
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = denied ]
	[ "$(field .allowed)" = false ]
	[ "$(field .error.code)" = robots_denied ]
	[ "$(field .details.robots_error.http_status)" = 403 ]
}

@test "429 is unavailable, with the server's Retry-After" {
	robots_case ratelimited
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = http_429 ]
	[ "$(field .error.retryable)" = true ]
	[ "$(field .error.retry_after_ms)" -ge 1 ]
}

@test "500 is unavailable" {
	robots_case error
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = http_5xx ]
	[ "$(field .details.robots_error.http_status)" = 500 ]
}

@test "a gzip robots.txt cut short fails closed (rules could be missing)" {
	robots_case gzip-cut
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = request_failed ]
	[[ "$(field .details.robots_error.message)" == *"cut short"* ]]
}

@test "a robots.txt slower than five seconds is unavailable" {
	robots_case slow
	start=$(date +%s)
	run -3 wrobots "$U/public"
	end=$(date +%s)
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = timeout ]
	[ $((end - start)) -le 8 ]
}

@test "a redirect to another host is followed; its rules apply here" {
	robots_case redirect-other-host
	export WEB_RESOLVE="other.example:$PORT:127.0.0.1"
	run -3 wrobots "$U/from-other-host/x"
	[ "$(field .robots_status)" = fetched ]
	[ "$(field .source.final_url)" = "http://other.example:$PORT/robots.txt" ]
	run -0 wrobots "$U/private/x"
}

@test "three redirects are refused: unavailable" {
	robots_case redirect3
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = too_many_redirects ]
	[ "$(hits /rb/redirect3/final)" -eq 0 ]
}

@test "a 100 KiB robots.txt exceeds the 64 KiB bound: unavailable" {
	robots_case big
	run -3 wrobots "$U/public" "$U/late"
	[ "$(jq -s 'map(.robots_status) | unique | .[0]' <<<"$output")" = \
	    '"unavailable"' ]
	[ "$(jq -rs '.[0].details.robots_error.code' <<<"$output")" = \
	    response_too_large ]
}

@test "a challenge page is challenged" {
	robots_case challenge
	run -3 wrobots "$U/public"
	[ "$(field .robots_status)" = challenged ]
	[ "$(field .details.robots_error.code)" = access_challenge ]
}

@test "a BOM and CRLF line endings are read" {
	robots_case bom-crlf
	run -3 wrobots "$U/private/x"
	[ "$(field .rule.line)" = 3 ]
	run -0 wrobots "$U/private/open/y"
}

@test "the second call is a cache hit: the server sees one request" {
	robots_case ok
	before=$(hits /robots.txt)
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = false ]
	run -3 wrobots "$U/private"
	[ "$(field .cache_hit)" = true ]
	[ "$(field .rule.line)" = 3 ]
	[ $(($(hits /robots.txt) - before)) -eq 1 ]
	d="$XDG_STATE_HOME/webtools/robots"
	[ "$(stat -c %a "$d")" = 700 ]
	for f in "$d"/*; do [ "$(stat -c %a "$f")" = 600 ]; done
}

@test "a missing robots.txt is cached too" {
	robots_case missing
	run -0 wrobots "$U/a"
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = true ]
	[ "$(field .robots_status)" = missing ]
}

@test "failures are never cached" {
	robots_case forbidden
	run -3 wrobots "$U/a"
	run -3 wrobots "$U/a"
	[ "$(field .cache_hit)" = false ]
	[ -z "$(ls "$XDG_STATE_HOME/webtools/robots")" ]
}

@test "a corrupt cache entry is ignored and refetched" {
	robots_case ok
	run -0 wrobots "$U/a"
	for f in "$XDG_STATE_HOME"/webtools/robots/*; do
		sed -i 's/Disallow: \/private/Disallow: \/a/' "$f"
	done
	before=$(hits /robots.txt)
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = false ]
	[ $(($(hits /robots.txt) - before)) -eq 1 ]
	for f in "$XDG_STATE_HOME"/webtools/robots/*; do
		printf 'garbage\n' >"$f"
	done
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = false ]
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = true ]
}

@test "the cache is keyed by the network policy" {
	robots_case ok
	run -0 wrobots "$U/a"
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]}}"
	run -0 wrobots "$U/a"
	[ "$(field .cache_hit)" = false ]
}

@test "--no-cache neither reads nor writes the cache" {
	robots_case ok
	run -0 wrobots --no-cache "$U/a"
	[ ! -d "$XDG_STATE_HOME/webtools/robots" ] ||
	    [ -z "$(ls "$XDG_STATE_HOME/webtools/robots")" ]
}

@test "many URLs of one origin fetch its robots.txt once" {
	robots_case ok
	before=$(hits /robots.txt)
	run -3 wrobots --no-cache "$U/a" "$U/private" "$U/b" "$U/private/open"
	[ "$(jq -s length <<<"$output")" = 4 ]
	[ "$(jq -sc 'map(.allowed)' <<<"$output")" = '[true,false,true,true]' ]
	[ $(($(hits /robots.txt) - before)) -eq 1 ]
}

@test "network mode none: unavailable and nothing is sent" {
	write_config '{"network":{"mode":"none"}}'
	before=$(wc -l <"$SERVER_DIR/log")
	run -3 wrobots "$U/a"
	[ "$(field .robots_status)" = unavailable ]
	[ "$(field .details.robots_error.code)" = network_denied ]
	[ "$(wc -l <"$SERVER_DIR/log")" -eq "$before" ]
}

@test "config userAgent gives the default agent and the User-Agent header" {
	robots_case ok
	ua='Mozilla/5.0 (compatible; BadBot/1.0)'
	write_config "{\"userAgent\":\"$ua\",\"network\":{\"mode\":\"all\",
	    \"allow\":[\"127.0.0.1:$PORT\"]}}"
	run -3 wrobots "$U/public"
	[ "$(field .agent)" = BadBot ]
	tail -n 20 "$SERVER_DIR/log.full" | grep -q 'compatible; BadBot/1.0'
}

@test "invalid URLs are usage errors (exit 2) and nothing is sent" {
	before=$(wc -l <"$SERVER_DIR/log")
	run -2 wrobots "not a url"
	[ "$(field .error.code)" = invalid_parameter ]
	run -2 wrobots "ftp://127.0.0.1:$PORT/x"
	run -2 wrobots "http://user:secret@127.0.0.1:$PORT/x"
	[[ $output != *secret* ]]
	[ "$(wc -l <"$SERVER_DIR/log")" -eq "$before" ]
}

@test "offline: --robots-file answers with no network and no config" {
	export WEB_CONFIG="$BATS_TEST_TMPDIR/none.json"
	run -3 wrobots --robots-file "$RB" https://example.com/private/x
	[ "$(field .rule.line)" = 3 ]
	[ "$(field .source.robots_file)" = "$RB" ]
	[ "$(field .sitemaps[0])" = https://example.com/sitemap.xml ]
	[ "$(field .crawl_delay)" = null ]
	run -0 wrobots -f "$RB" -a ExampleBot https://example.com/pub/x
	[ "$(field .crawl_delay)" = 2 ]
	[ "$(field '.group.user_agents | join(",")')" = ExampleBot,OtherBot ]
	[ "$(field '.group.lines | join(",")')" = 6,7 ]
	run -3 wrobots -f "$RB" -a otherbot https://example.com/x
	run -0 wrobots -f "$RB" -a ExampleBot https://example.com/robots.txt
	[ "$(field .allowed)" = true ]
	run -0 wrobots -f "$RB" /private/open/x
}

@test "offline: URLs on stdin, one per line, or JSON requests" {
	run -3 wrobots -f "$RB" <<-EOF
	https://example.com/a

	  https://example.com/private/b
	{"url": "https://example.com/pub/c", "agent": "ExampleBot"}
	{"url": "https://example.com/d", "agent": "ExampleBot"}
	EOF
	[ "$(jq -sc 'map(.allowed)' <<<"$output")" = '[true,false,true,false]' ]
	[ "$(jq -sc 'map(.agent)' <<<"$output")" = \
	    '["webtools","webtools","ExampleBot","ExampleBot"]' ]
}

@test "bad requests on stdin are usage errors; the stream goes on" {
	run -2 wrobots -f "$RB" <<-EOF
	{"url": "https://example.com/a", "colour": "red"}
	{not json
	https://example.com/b
	EOF
	[ "$(jq -sc 'map(.error.code // "none")' <<<"$output")" = \
	    '["invalid_parameter","invalid_parameter","none"]' ]
}

@test "exit status: the most severe of the URLs wins" {
	run -0 wrobots -f "$RB" https://e.com/a https://e.com/b
	run -3 wrobots -f "$RB" https://e.com/a https://e.com/private
	run -2 wrobots -f "$RB" https://e.com/private nonsense
}

@test "usage errors exit 2" {
	run -2 wrobots --bogus
	run -2 wrobots --agent '' https://e.com/
	run -2 wrobots -f "$RB" --agent "$(printf 'x%.0s' $(seq 70))" https://e.com/
	run -2 wrobots -f "$BATS_TEST_TMPDIR/absent" https://e.com/
	write_config '{"network":{"mode":"sideways"}}'
	run -2 --separate-stderr wrobots https://e.com/
}

@test "--help, --version and --schema" {
	run -0 wrobots --help
	assert_output --partial "usage: wrobots"
	run -0 wrobots --version
	assert_output --regexp '^wrobots [0-9]'
	run -0 wrobots --schema
	[ "$(jq -r '.required[0]' <<<"$output")" = url ]
	[ "$(jq -r '.properties.agent.type' <<<"$output")" = string ]
}

@test "writing to a full device fails with exit 1" {
	run -1 --separate-stderr sh -c "wrobots -f '$RB' https://e.com/a >/dev/full"
	[[ $stderr == *"writing output failed"* ]]
}

@test "the wrobots(1) EXAMPLES run" {
	robots_case ok
	cd "$BATS_TEST_TMPDIR"
	printf 'User-agent: *\nDisallow: /private\n' >robots.txt
	printf '%s\n' https://example.com/a https://example.com/private/b \
	    >urls.txt
	n=0
	while IFS= read -r cmd; do
		case $cmd in *wfetch*) command -v wfetch >/dev/null || continue ;; esac
		case $cmd in *robots.txt*) ;; *) cmd=${cmd//https:\/\/example.com/$U} ;; esac
		run bash -c "$cmd"
		[ "$status" -eq 0 ] || [ "$status" -eq 3 ] ||
		    { echo "example failed ($status): $cmd"; echo "$output"; false; }
		n=$((n + 1))
	done < <(man_examples "$WT_TOP/man/wrobots.1" | grep -E '^(wrobots|echo) ')
	[ "$n" -ge 4 ]
}

@test "wrobots: an unknown option is one line; -f names the file and the reason; a terminal on stdin prints usage" {
	run -2 --separate-stderr wrobots --bogus
	[ "$stderr" = "wrobots: unknown option --bogus (see wrobots --help)" ]
	run -2 --separate-stderr wrobots -f "$BATS_TEST_TMPDIR/absent" https://e.com/
	[ "$stderr" = "wrobots: cannot read $BATS_TEST_TMPDIR/absent: No such file or directory" ]
	run -0 timeout 10 script -qec "$WT_BIN/wrobots; echo rc=\$?" /dev/null
	[[ "$output" == *"usage: wrobots"* ]]
	[[ "$output" == *"rc=2"* ]]
}

@test "config errors name the file, the reason and the valid values, prefixed once" {
	export WEB_CONFIG="$BATS_TEST_TMPDIR/none.json"
	run -2 --separate-stderr wrobots https://e.com/
	[[ "$stderr" == *"config: cannot read $WEB_CONFIG (WEB_CONFIG): No such file or directory"* ]]
	export WEB_CONFIG="$BATS_TEST_TMPDIR/c.json"
	echo '{"network":{"mode":"sideways"}}' >"$WEB_CONFIG"
	run -2 --separate-stderr wrobots https://e.com/
	[[ "$stderr" == *"network.mode must be none, localhost, allowlist or all"* ]]
	# every URL gets its envelope, naming it (credentials redacted) and
	# its stdin line
	run -2 --separate-stderr wrobots -c <<EOF2
https://e.com/a
{"url":"https://u:pw@e.com/b"}
EOF2
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[0]}" | jq -e '.tool == "wrobots" and .status == "error" and .source.url == "https://e.com/a" and .source.line == 1 and (.summary | test("network.mode"))'
	echo "${lines[1]}" | jq -e '.source.url == "https://[redacted]@e.com/b" and .source.line == 2'
	run -2 --separate-stderr wrobots -c https://e.com/a https://f.com/b
	[ "${#lines[@]}" -eq 2 ]
	echo "${lines[1]}" | jq -e '.source.url == "https://f.com/b" and .error.usage == true'
	run -2 --separate-stderr web-control config
	[ "$stderr" = "web-control: config: network.mode must be none, localhost, allowlist or all" ]
	echo '{bad' >"$WEB_CONFIG"
	run -2 --separate-stderr wfetch -c https://e.com/
	[[ "$stderr" == *"config: $WEB_CONFIG is not valid JSON"* ]]
}

@test "envelope names: snake_case but for the reference's (webtools(7))" {
	printf 'User-agent: *\nDisallow: /private\nSitemap: https://e.com/s.xml\n' >"$BATS_TEST_TMPDIR/r.txt"
	run wrobots -c -f "$BATS_TEST_TMPDIR/r.txt" https://e.com/private https://e.com/open
	[ -z "$(key_case)" ]
	robots_case ok
	run wrobots -c "$U/private/x" "$U/open"
	[ -z "$(key_case)" ]
}
