#!/usr/bin/env bats
# Browser rendering: wfetch --render through agent-browser and a real
# headless Chromium, every browser connection through the render's policy
# proxy. Loopback fixture servers only. Skips only when agent-browser
# (WT_AGENT_BROWSER, .ci/run sets it to the 0.41.2 it installs; the
# tests need 0.33.1 or newer) or Chromium (chromium-headless-shell or
# chromium on PATH) is missing.

load helpers/common

AB=${WT_AGENT_BROWSER:-/opt/wt-npm/node_modules/.bin/agent-browser}

setup_file() {
	server_start
	# A second server the render must never reach (its port is outside
	# the allow list): every request it receives is a leak.
	fixture_start server "$BATS_FILE_TMPDIR/forbidden" port
}

teardown_file() {
	server_stop
	fixture_stop "$BATS_FILE_TMPDIR/forbidden"
}

setup() {
	common_setup
	server_env
	FORBIDDEN_DIR="$BATS_FILE_TMPDIR/forbidden"
	FPORT=$(cat "$FORBIDDEN_DIR/port")
	# Render directories (and so every browser process's environment)
	# live under the test's own directory: render_procs finds them.
	export TMPDIR="$BATS_TEST_TMPDIR"
	LAUNCHES="$BATS_TEST_TMPDIR/launches"
	: >"$LAUNCHES"
}

need_browser() {
	[ -x "$AB" ] || skip "agent-browser not installed ($AB; set WT_AGENT_BROWSER)"
	v=$("$AB" --version 2>/dev/null | head -n 1)
	printf '0.33.1\n%s\n' "${v#agent-browser }" | sort -C -V ||
	    skip "agent-browser at $AB is \"$v\", older than 0.33.1 (set WT_AGENT_BROWSER to a newer one; .ci/run installs 0.41.2)"
	command -v chromium-headless-shell >/dev/null 2>&1 ||
	    command -v chromium >/dev/null 2>&1 ||
	    skip "chromium-headless-shell (or chromium) not installed"
}

# counter: a browserCommand that counts its launches, then runs the real
# agent-browser (paths baked in: the render scrubs the environment).
counter() {
	cat >"$BATS_TEST_TMPDIR/ab-count" <<EOF
#!/bin/sh
echo launch >>"$LAUNCHES"
exec "$AB" "\$@"
EOF
	chmod +x "$BATS_TEST_TMPDIR/ab-count"
	echo "$BATS_TEST_TMPDIR/ab-count"
}

launches() {
	wc -l <"$LAUNCHES" | tr -d ' '
}

# render_config MODE [COMMAND [EXTRA_FETCH_JSON]]
render_config() {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\",\"127.0.0.1:$TLSPORT\"]},\"fetch\":{\"render\":\"$1\",\"browserCommand\":\"${2:-$AB}\"${3:+,$3}}}"
}

# Processes of this test's renders (their environment or command line
# names a render directory under the test's TMPDIR).
render_procs() {
	n=0
	for p in /proc/[0-9]*; do
		if grep -qsF "$BATS_TEST_TMPDIR/wt-render-" "$p/environ" \
		    "$p/cmdline" 2>/dev/null; then
			n=$((n + 1))
		fi
	done
	echo "$n"
}

forbidden_hits() {
	wc -l <"$FORBIDDEN_DIR/log" | tr -d ' '
}

@test "render never: a script-only page is unusable_content with browser_recommended, no browser" {
	need_browser
	render_config never "$(counter)"
	run -1 wfetch -c --render always "$BASE/js/page"
	[ "$(field .error.code)" = unusable_content ]
	[ "$(field .coverage.browser_recommended)" = true ]
	[ "$(launches)" = 0 ]
	render_config auto "$(counter)"
	run -1 wfetch -c --render never "$BASE/js/page"
	[ "$(field .error.code)" = unusable_content ]
	[ "$(field .coverage.browser_recommended)" = true ]
	[ "$(launches)" = 0 ]
}

@test "render auto: an application shell escalates to the browser and gives the script's text" {
	need_browser
	render_config auto
	run -0 wfetch -c "$BASE/js/page"
	[ "$(field .status)" = ok ]
	[ "$(field .coverage.rendered)" = true ]
	[ "$(field .coverage.render_reason)" = app_shell ]
	[ "$(field .coverage.render_blocked)" = 0 ]
	[ "$(field .source.final_url)" = "$BASE/js/page" ]
	[ "$(field .source.representation)" = page_extract ]
	field .content | grep -q "Only a script wrote this paragraph"
	[ "$(render_procs)" = 0 ]
}

@test "render always: browser first (no static fetch), the script's text, no Chromium left" {
	need_browser
	render_config auto
	run -0 wfetch -c --render always "$BASE/js/page?always"
	[ "$(field .coverage.rendered)" = true ]
	[ "$(field .coverage.render_reason)" = always ]
	field .content | grep -q "Rendered orchard"
	[ "$(hits '/js/page?always')" = 1 ]
	[ "$(render_procs)" = 0 ]
	# Through the proxy: the browser's own headers, nothing added, no
	# proxy or hop-by-hop header passed on.
	h=$(jq -c 'select(.path == "/js/page?always") | .headers' "$SERVER_DIR/log.full")
	[ -n "$h" ]
	echo "$h" | jq -e 'has("User-Agent") and has("Host")'
	echo "$h" | jq -e '[keys[] | ascii_downcase |
	    select(startswith("proxy-") or . == "via" or . == "forwarded" or
	    . == "x-forwarded-for" or . == "connection" or
	    . == "keep-alive")] == []'
}

@test "a script's request and a redirect to a refused address never arrive; render_blocked counts them" {
	need_browser
	render_config auto
	to="http://127.0.0.1:$FPORT/count/script"
	redir="http://127.0.0.1:$FPORT/count/redirect"
	run -0 wfetch -c --render always "$BASE/js/fetch?to=$to&redir=$redir"
	[ "$(field .coverage.rendered)" = true ]
	field .content | grep -q "Only a script wrote this paragraph"
	[ "$(field .coverage.render_blocked)" -ge 2 ]
	# The browser asked for both (the allowed server saw the redirect).
	[ "$(hits "/redirect/to302?u=$(printf %s "$redir" | jq -sRr @uri)")" = 1 ]
	[ "$(forbidden_hits)" = 0 ]
}

@test "a script's request to another host is stopped inside the browser (--allowed-domains) and still counted in render_blocked" {
	need_browser
	render_config auto
	to="http://localhost:$PORT/count/fenced-script"
	redir="http://localhost:$PORT/count/fenced-redirect"
	run -0 wfetch -c --render always "$BASE/js/fetch?to=$to&redir=$redir"
	[ "$(field .coverage.rendered)" = true ]
	field .content | grep -q "Only a script wrote this paragraph"
	[ "$(field .coverage.render_blocked)" -ge 1 ]
	[ "$(hits /count/fenced-script)" = 0 ]
	[ "$(hits /count/fenced-redirect)" = 0 ]
}

@test "a final URL outside the allowed domain is blocked_target" {
	need_browser
	render_config auto
	run wfetch -c --render always "$BASE/js/leave?to=http://localhost:$PORT/page"
	echo "$output"
	[ "$status" = 3 ]
	[ "$(field .error.code)" = blocked_target ]
	[ "$(field .status)" = blocked ]
	[ "$(hits /page)" = 0 ]
	[ "$(render_procs)" = 0 ]
}

@test "a page that navigates out while it is read (the read step fails: target navigated) is blocked_target when the fence stopped its navigation" {
	need_browser
	# the real agent-browser, its page-reading step's answer replaced
	# by the failure a script's location.replace racing the read gives
	# (seen once in a loaded CI run); the requests step stays real
	cat >"$BATS_TEST_TMPDIR/ab-race" <<RACE
#!/bin/sh
"$AB" "\$@" | /usr/bin/python3 -c '
import json, sys
a = json.load(sys.stdin)
if isinstance(a, list) and len(a) > 5:
    a[4] = {"success": False, "error": "CDP error (Runtime.evaluate): Inspected target navigated or closed"}
json.dump(a, sys.stdout)'
RACE
	chmod +x "$BATS_TEST_TMPDIR/ab-race"
	render_config auto "$BATS_TEST_TMPDIR/ab-race"
	run wfetch -c --render always "$BASE/js/leave?to=http://localhost:$PORT/page"
	echo "$output"
	[ "$status" = 3 ]
	[ "$(field .error.code)" = blocked_target ]
	[ "$(field .coverage.render_blocked)" -ge 1 ]
	[ "$(hits /page)" = 0 ]
	# the same failure on a page that stays on its host is request_failed
	run wfetch -c --render always "$BASE/js/page"
	echo "$output"
	[ "$status" = 1 ]
	[ "$(field .error.code)" = request_failed ]
}

@test "a page that never finishes loading: timeout inside the deadline, no Chromium left" {
	need_browser
	render_config auto
	start=$(date +%s)
	run -1 wfetch -c --timeout 6 --render always "$BASE/js/hang"
	end=$(date +%s)
	[ "$(field .error.code)" = timeout ]
	[ $((end - start)) -le 8 ]
	[ "$(render_procs)" = 0 ]
}

@test "SIGTERM during a render: wfetch dies, and so does every browser process" {
	need_browser
	render_config auto
	wfetch -c --render always "$BASE/js/hang" >"$BATS_TEST_TMPDIR/out" &
	pid=$!
	for _ in $(seq 100); do
		[ "$(render_procs)" -ge 2 ] && break
		sleep 0.1
	done
	[ "$(render_procs)" -ge 2 ]
	kill -TERM "$pid"
	rc=0
	wait "$pid" || rc=$?
	[ "$rc" = 143 ]
	[ "$(render_procs)" = 0 ]
	[ -z "$(ls -d "$BATS_TEST_TMPDIR"/wt-render-* 2>/dev/null)" ]
}

@test "each render: random namespace and session, empty private config, origin-scoped allowed domains, proxy, loopback bypass, WebRTC switch; nothing left behind" {
	need_browser
	chromium=$(command -v chromium-headless-shell || command -v chromium)
	# Wrappers record the argv agent-browser gets (with its socket
	# directory and config) and the argv it launches Chromium with.
	cat >"$BATS_TEST_TMPDIR/ab-args" <<EOF
#!/bin/sh
printf '%s\n' "\$@" >>"$BATS_TEST_TMPDIR/ab.argv"
echo "\$AGENT_BROWSER_SOCKET_DIR" >>"$BATS_TEST_TMPDIR/ab.sockdir"
for a; do case \$a in */config.json) cat "\$a" >>"$BATS_TEST_TMPDIR/ab.config" ;; esac; done
exec "$AB" "\$@"
EOF
	cat >"$BATS_TEST_TMPDIR/chromium-args" <<EOF
#!/bin/sh
printf '%s\n' "\$@" >>"$BATS_TEST_TMPDIR/chromium.argv"
exec "$chromium" "\$@"
EOF
	chmod +x "$BATS_TEST_TMPDIR/ab-args" "$BATS_TEST_TMPDIR/chromium-args"
	render_config auto "$BATS_TEST_TMPDIR/ab-args" \
	    "\"browserExecutable\":\"$BATS_TEST_TMPDIR/chromium-args\""
	run -0 wfetch -c --render always "$BASE/js/page?flags1"
	[ "$(field .coverage.rendered)" = true ]
	run -0 wfetch -c --render always "$BASE/js/page?flags2"
	[ "$(field .coverage.rendered)" = true ]
	a="$BATS_TEST_TMPDIR/ab.argv"
	# A fresh random namespace and session each render.
	[ "$(grep -A1 -x -- --namespace "$a" | grep -E '^[0-9a-f]{16}$' | sort -u | wc -l)" = 2 ]
	[ "$(grep -A1 -x -- --session "$a" | grep -E '^[0-9a-f]{16}$' | sort -u | wc -l)" = 2 ]
	[ "$(grep -A1 -x -- --allowed-domains "$a" | grep -cx 127.0.0.1)" = 2 ]
	[ "$(grep -A1 -x -- --proxy-bypass "$a" | grep -cxF '<-loopback>')" = 2 ]
	[ "$(grep -A1 -x -- --proxy "$a" | grep -cE '^http://127\.0\.0\.1:[0-9]+$')" = 2 ]
	[ "$(grep -A1 -x -- --executable-path "$a" | grep -cxF "$BATS_TEST_TMPDIR/chromium-args")" = 2 ]
	[ "$(tr -d '\n' <"$BATS_TEST_TMPDIR/ab.config")" = "{}{}" ]
	# No profile, restore state or CDP attach.
	! grep -qxE -- '--(profile|restore|state|cdp|auto-connect|session-name)' "$a"
	# Chromium itself: every connection through the proxy, loopback not
	# bypassed, no non-proxied WebRTC UDP, a throwaway profile.
	c="$BATS_TEST_TMPDIR/chromium.argv"
	grep -qE '^--proxy-server=(http://)?127\.0\.0\.1:[0-9]+/?$' "$c"
	grep -qxF -- '--proxy-bypass-list=<-loopback>' "$c"
	grep -qxF -- '--force-webrtc-ip-handling-policy=disable_non_proxied_udp' "$c"
	grep -qE "^--user-data-dir=$BATS_TEST_TMPDIR/wt-render-" "$c"
	# Everything removed: render and socket directories, processes.
	[ "$(render_procs)" = 0 ]
	[ -z "$(ls -d "$BATS_TEST_TMPDIR"/wt-render-* 2>/dev/null)" ]
	[ "$(grep -c . "$BATS_TEST_TMPDIR/ab.sockdir")" = 2 ]
	while read -r d; do
		[ ! -e "$d" ]
	done <"$BATS_TEST_TMPDIR/ab.sockdir"
}

@test "always with the browser command missing: backend_unavailable naming it" {
	render_config auto /nonexistent/agent-browser
	run -1 wfetch -c --render always "$BASE/js/page?missing"
	[ "$(field .error.code)" = backend_unavailable ]
	field .error.message | grep -qF /nonexistent/agent-browser
	render_config auto no-such-agent-browser
	run -1 wfetch -c --render always "$BASE/js/page?missing"
	[ "$(field .error.code)" = backend_unavailable ]
	field .error.message | grep -qF no-such-agent-browser
	[ "$(hits '/js/page?missing')" = 0 ]
}

@test "always with Chromium missing: backend_unavailable naming fetch.browserExecutable" {
	need_browser
	render_config auto "$AB" '"browserExecutable":"/nonexistent/chromium"'
	run -1 wfetch -c --render always "$BASE/js/page"
	[ "$(field .error.code)" = backend_unavailable ]
	field .error.message | grep -qF /nonexistent/chromium
}

@test "auto whose render fails stays unusable_content, saying why" {
	render_config auto /nonexistent/agent-browser
	run -1 wfetch -c "$BASE/js/page"
	[ "$(field .error.code)" = unusable_content ]
	[ "$(field .coverage.render_error)" = backend_unavailable ]
	[ "$(field .coverage.rendered)" = false ]
}

@test "raw with render is invalid_parameter before any connection" {
	render_config auto
	run -2 wfetch -c -f raw --render always "$BASE/js/page?raw"
	[ "$(field .error.code)" = invalid_parameter ]
	run -2 wfetch -c -f raw --render auto "$BASE/js/page?raw"
	[ "$(field .error.code)" = invalid_parameter ]
	[ "$(hits '/js/page?raw')" = 0 ]
}

@test "auto never launches the browser for JSON, PDF, plain text, HTTP errors or a readable page" {
	need_browser
	render_config auto "$(counter)"
	run -0 wfetch -c "$BASE/json"
	run -0 wfetch -c "$BASE/pdf"
	run -0 wfetch -c "$BASE/text"
	run -0 wfetch -c "$BASE/page"
	[ "$(field .coverage.rendered)" = null ]
	run -1 wfetch -c "$BASE/status/404"
	[ "$(launches)" = 0 ]
}

@test "a slice of a rendered page reuses the render (one launch); the mode is in the cache key" {
	need_browser
	render_config auto "$(counter)"
	run -1 wfetch -c <<EOF
{"url":"$BASE/js/page","render":"always","max_chars":60}
{"url":"$BASE/js/page","render":"always","offset":60,"max_chars":60}
{"url":"$BASE/js/page","render":"never"}
EOF
	[ "$(launches)" = 1 ]
	[ "$(printf '%s\n' "$output" | jq -s -r '.[0].error')" = null ]
	[ "$(printf '%s\n' "$output" | jq -s -r '.[1].error')" = null ]
	[ "$(printf '%s\n' "$output" | jq -s -r '.[1].details.cache_hit')" = true ]
	[ "$(printf '%s\n' "$output" | jq -s -r '.[1].coverage.rendered')" = true ]
	[ "$(printf '%s\n' "$output" | jq -s -r '.[2].error.code')" = unusable_content ]
}

@test "config render auto with only Parallel selected is a config error" {
	write_config '{"fetch":{"render":"auto","provider":"parallel"}}'
	run -2 wfetch -c "$BASE/js/page"
	[ "$(field .error.code)" = invalid_parameter ]
	field .error.message | grep -q "fetch.render"
}

@test "host coordination admits the render as a fetch of its origin" {
	need_browser
	write_config "{\"coordination\":\"host\",\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]},\"fetch\":{\"render\":\"auto\",\"browserCommand\":\"$AB\"}}"
	run -0 wfetch -c --render always "$BASE/js/page"
	[ "$(field .coverage.rendered)" = true ]
	# always makes no static fetch: the one admission is the render's.
	run -0 web-control -c status
	echo "$output" | jq -e '.host.buckets == 1 and
	    .host.entries[0].scope == "fetch" and .host.entries[0].admitted == 1'
	# auto: the static fetch, then the render, each admitted.
	run -0 wfetch -c "$BASE/js/page?auto"
	[ "$(field .coverage.rendered)" = true ]
	run -0 web-control -c status
	echo "$output" | jq -e '.host.entries[0].admitted == 3'
}

@test "web-control doctor checks the browser command's version and the Chromium, when rendering is on" {
	need_browser
	doctor_config() {
		write_config "{\"search\":{\"backend\":\"ollama\"},\"fetch\":{\"render\":\"$1\",\"browserCommand\":\"$2\"${3:+,$3}}}"
	}
	doctor_config auto "$AB"
	# local checks: they run without liveness probes (nothing is sent)
	run -0 web-control doctor --no-liveness
	assert_output --regexp "(ok|warn) +browser command +agent-browser [0-9]"
	assert_output --regexp "ok +chromium +/"
	assert_output --regexp "ok +browser command +agent-browser [0-9]"
	# The floor is 0.33.1: 0.33.0 (and the 0.27.0 npm picks on Node 20)
	# fail, saying which version is needed; 0.33.1 passes.
	for v in 0.20.0 0.27.0 0.33.0; do
		printf '#!/bin/sh\necho "agent-browser %s"\n' "$v" \
		    >"$BATS_TEST_TMPDIR/old-ab"
		chmod +x "$BATS_TEST_TMPDIR/old-ab"
		doctor_config auto "$BATS_TEST_TMPDIR/old-ab"
		run -1 web-control doctor --no-liveness
		assert_output --regexp "FAIL +browser command .*agent-browser $v.* 0\.33\.1 or newer"
	done
	printf '#!/bin/sh\necho "agent-browser 0.33.1"\n' >"$BATS_TEST_TMPDIR/floor-ab"
	chmod +x "$BATS_TEST_TMPDIR/floor-ab"
	doctor_config auto "$BATS_TEST_TMPDIR/floor-ab"
	run -0 web-control doctor --no-liveness
	assert_output --regexp "ok +browser command +agent-browser 0\.33\.1"
	doctor_config auto "$AB" '"browserExecutable":"/nonexistent/chromium"'
	run -1 web-control doctor --no-liveness
	assert_output --regexp "FAIL +chromium +/nonexistent/chromium"
	doctor_config never "$BATS_TEST_TMPDIR/old-ab"
	run -0 web-control doctor --no-liveness
	refute_output --partial "browser command"
}

@test "a document the policy refuses at connect time is blocked_target, not the proxy's refusal as content" {
	need_browser
	render_config auto
	# A public-looking name that resolves to loopback on a port outside
	# the allow list: the name passes, the address actually connected
	# does not.
	export WEB_RESOLVE="bad.example:$FPORT:127.0.0.1"
	run -3 wfetch -c --render always "http://bad.example:$FPORT/js/page"
	[ "$(field .error.code)" = blocked_target ]
	[ "$(field .content)" = null ]
	[ "$(forbidden_hits)" = 0 ]
	[ "$(render_procs)" = 0 ]
}

@test "the render's responses are bounded at 20 MiB in all" {
	need_browser
	render_config auto
	# A parser-blocking 21 MiB script: downloaded before DOMContentLoaded.
	run -1 wfetch -c --render always "$BASE/js/fetch?to=/big&redir=/page"
	[ "$(field .error.code)" = response_too_large ]
	[ "$(field .coverage.render_blocked)" -ge 1 ]
	[ "$(render_procs)" = 0 ]
}

@test "include_links on a rendered page says links come from static HTML only" {
	need_browser
	render_config auto
	run -0 wfetch -c --render always --include-links "$BASE/js/page?links"
	[ "$(field .coverage.rendered)" = true ]
	[ "$(field .coverage.links.available)" = false ]
	field .coverage.links.reason | grep -q "rendered page"
	[ "$(field .links)" = null ]
}

@test "a browser command that exits at once, or answers nonsense, is backend_unavailable (wfetch survives)" {
	printf '#!/bin/sh\nexit 0\n' >"$BATS_TEST_TMPDIR/quits"
	printf '#!/bin/sh\necho not json\n' >"$BATS_TEST_TMPDIR/chatty"
	# JSON of the wrong shapes: steps that are not objects, results
	# that are not objects, a request log that is not a list of objects.
	printf '#!/bin/sh\necho "[1,[2],\\"x\\"]"\n' >"$BATS_TEST_TMPDIR/shapes"
	printf '#!/bin/sh\necho "[{\\"success\\":true,\\"result\\":7},{\\"success\\":true},{\\"success\\":true,\\"result\\":[]},{\\"success\\":true,\\"result\\":{\\"url\\":5}},{\\"success\\":true,\\"result\\":null},{\\"success\\":true,\\"result\\":{\\"requests\\":[1,null,{\\"url\\":3}]}}]"\n' >"$BATS_TEST_TMPDIR/shapes2"
	chmod +x "$BATS_TEST_TMPDIR/quits" "$BATS_TEST_TMPDIR/chatty" \
	    "$BATS_TEST_TMPDIR/shapes" "$BATS_TEST_TMPDIR/shapes2"
	for c in quits chatty shapes; do
		render_config auto "$BATS_TEST_TMPDIR/$c" \
		    '"browserExecutable":"/bin/sh"'
		run -1 wfetch -c --render always "$BASE/js/page?$c"
		[ "$(field .error.code)" = backend_unavailable ]
	done
	render_config auto "$BATS_TEST_TMPDIR/shapes2" \
	    '"browserExecutable":"/bin/sh"'
	run -1 wfetch -c --render always "$BASE/js/page?shapes2"
	[ "$(field .error.code)" = request_failed ]
	[ -z "$(ls -d "$BATS_TEST_TMPDIR"/wt-render-* 2>/dev/null)" ]
}

@test "no time left for a render inside the deadline: timeout without a launch" {
	need_browser
	render_config auto "$(counter)"
	run -1 wfetch -c --timeout 1 --render always "$BASE/js/page?late"
	[ "$(field .error.code)" = timeout ]
	[ "$(launches)" = 0 ]
}
