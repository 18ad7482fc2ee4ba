#!/usr/bin/env bats
# mcp_server: `web-control mcp`, the MCP server on stdio, with the
# official SDK client (tests/mcp_client.mjs on @modelcontextprotocol/sdk,
# Client + StdioClientTransport) as the real peer, against the loopback
# fixture server and the fake SearXNG (tests/server/fake_search.py); raw
# lines for what no SDK client sends. The SDK comes from $WT_MCP_SDK_DIR
# (prepared by .ci/run) or /opt/wt-npm; SDK tests are skipped, saying
# so, when neither holds it.

load helpers/common

setup_file() {
	server_start
	fake_search_start
	D="$BATS_FILE_TMPDIR/sdk"
	mkdir -p "$D"
	for m in "${WT_MCP_SDK_DIR:+$WT_MCP_SDK_DIR/node_modules}" \
	    /opt/wt-npm/node_modules; do
		if [ -n "$m" ] && [ -d "$m/@modelcontextprotocol/sdk" ] &&
		    [ -d "$m/ajv" ]; then
			ln -s "$m" "$D/node_modules"
			break
		fi
	done
	cp "$BATS_TEST_DIRNAME/mcp_client.mjs" "$D/"
}

teardown_file() {
	server_stop
	fake_search_stop
}

setup() {
	common_setup
	server_env
	FP=$(cat "$BATS_FILE_TMPDIR/fs/port")
	export XDG_RUNTIME_DIR="$BATS_TEST_TMPDIR/rt"
	mkdir -m 700 "$XDG_RUNTIME_DIR"
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"http://127.0.0.1:$FP/searxng\"}}}"
}

# need_sdk: the SDK client is an optional peer (.ci/run installs it);
# without it or node the test says which is missing and does not run.
# Checked in the test's own shell: inside `run sdk` the check would
# only end run's subshell, and the test would go on and fail.
need_sdk() {
	[ -d "$BATS_FILE_TMPDIR/sdk/node_modules" ] ||
	    skip "@modelcontextprotocol/sdk is not installed (WT_MCP_SDK_DIR)"
	command -v node >/dev/null || skip "node is not installed"
}

# sdk STEPS [web-control args...]: run the SDK client over a session
# (the test calls need_sdk first)
sdk() {
	local steps=$1
	shift
	(cd "$BATS_FILE_TMPDIR/sdk" && timeout 120 node mcp_client.mjs \
	    "$steps" "$WT_BIN/web-control" mcp "$@")
}

# raw: send stdin's lines to a session as they are
raw() {
	timeout 60 web-control mcp "$@"
}

INIT='{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}'

@test "mcp: initialize and tools/list through the SDK client; schemas are the --schema tables" {
	need_sdk
	run -0 --separate-stderr sdk '[{"op":"init"},{"op":"list"}]'
	echo "${lines[0]}" | jq -e '.protocolVersion == "2025-11-25" and .serverInfo.name == "webtools" and .capabilities.tools and (.instructions | test("untrusted"))'
	echo "${lines[1]}" | jq -e '[.tools[].name] == ["web_search","web_fetch","web_extract"]'
	echo "${lines[1]}" | jq -e '.schemaErrors == []'
	echo "${lines[1]}" | jq -e '[.tools[] | .description | length > 200] | all'
	echo "${lines[1]}" | jq -e '[.tools[].description | test("untrusted")] | all'
	# the same tables as --schema
	[ "$(echo "${lines[1]}" | jq -S '.tools[1].inputSchema.properties')" = "$(wfetch --schema | jq -S .properties)" ]
	[ "$(echo "${lines[1]}" | jq -S '.tools[0].inputSchema.properties')" = "$(wsearch --schema | jq -S .properties)" ]
	[ "$(echo "${lines[1]}" | jq -S '.tools[2].inputSchema.properties | del(.text)')" = "$(wextract --schema | jq -S '.properties | del(.file)')" ]
	echo "${lines[1]}" | jq -e '.tools[0].inputSchema.required == ["query"] and .tools[1].inputSchema.required == ["url"]'
	# without --allow-files web_extract takes text only
	echo "${lines[1]}" | jq -e '.tools[2].inputSchema.properties.file == null and .tools[2].inputSchema.required == ["text"]'
}

@test "mcp: tools/call web_search, web_fetch and web_extract" {
	need_sdk
	steps='[{"op":"call","name":"web_search","args":{"query":"mcp widgets"}},
	    {"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/page"}},
	    {"op":"call","name":"web_extract","args":{"text":"<html><head><title>Doc</title></head><body><article><h1>Heading</h1><p>Some words of the body.</p></article></body></html>","content_type":"text/html"}},
	    {"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/size/30000","format":"raw"}}]'
	run -0 --separate-stderr sdk "$steps"
	echo "${lines[0]}" | jq -e '.result.isError == false and .result.structuredContent.tool == "wsearch" and (.result.structuredContent.results | length) > 0'
	# the text block lists the results
	echo "${lines[0]}" | jq -e '.result.content[0].type == "text" and .result.structuredContent.results[0].url as $u | .result.content[0].text | contains($u)'
	echo "${lines[1]}" | jq -e '.result.isError == false and .result.structuredContent.tool == "wfetch" and .result.structuredContent.status == "ok"'
	echo "${lines[1]}" | jq -e '.result.content[0].text == .result.structuredContent.content and (.result.content[0].text | test("orchard"))'
	echo "${lines[2]}" | jq -e '.result.isError == false and .result.structuredContent.tool == "wextract" and (.result.content[0].text | test("Some words of the body"))'
	# a page cut short: a second text block says how to read on
	echo "${lines[3]}" | jq -e '.result.structuredContent.coverage.next_offset == 20000 and (.result.content | length) == 2'
	echo "${lines[3]}" | jq -e '.result.content[1].text | startswith("next: web_fetch {") and contains("\"offset\":20000")'
	echo "${lines[1]}" | jq -e '(.result.content | length) == 1'
	[ "$(hits /page)" -ge 1 ]
}

@test "mcp: error results carry the envelope with isError" {
	need_sdk
	steps='[{"op":"call","name":"web_fetch","args":{"url":"http://10.9.8.7/x"}},
	    {"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/status/404"}},
	    {"op":"call","name":"web_fetch","args":{"url":"ftp://x/","bogus":1}},
	    {"op":"call","name":"web_search","args":{}},
	    {"op":"call","name":"no_such_tool","args":{}}]'
	run -0 --separate-stderr sdk "$steps"
	echo "${lines[0]}" | jq -e '.result.isError == true and .result.structuredContent.status == "blocked" and .result.structuredContent.error.code == "blocked_target"'
	echo "${lines[0]}" | jq -e '.result.content[0].text | test("blocked_target")'
	echo "${lines[1]}" | jq -e '.result.isError == true and .result.structuredContent.error.code == "http_4xx"'
	echo "${lines[2]}" | jq -e '.result.isError == true and .result.structuredContent.error.code == "invalid_parameter"'
	echo "${lines[3]}" | jq -e '.result.isError == true and .result.structuredContent.error.code == "invalid_parameter"'
	# an unknown tool is a protocol error
	echo "${lines[4]}" | jq -e '.code == -32602 and (.error | test("unknown tool"))'
}

@test "mcp: web_extract reads files only under --allow-files" {
	need_sdk
	mkdir -p "$BATS_TEST_TMPDIR/docs/sub" "$BATS_TEST_TMPDIR/secret"
	printf '<html><body><article><h1>Allowed</h1><p>Readable file text.</p></article></body></html>' >"$BATS_TEST_TMPDIR/docs/sub/a.html"
	echo "top secret" >"$BATS_TEST_TMPDIR/secret/s.txt"
	ln -s "$BATS_TEST_TMPDIR/secret/s.txt" "$BATS_TEST_TMPDIR/docs/link.txt"
	steps='[{"op":"list"},
	    {"op":"call","name":"web_extract","args":{"file":"sub/a.html"}},
	    {"op":"call","name":"web_extract","args":{"file":"'"$BATS_TEST_TMPDIR"'/secret/s.txt"}},
	    {"op":"call","name":"web_extract","args":{"file":"../secret/s.txt"}},
	    {"op":"call","name":"web_extract","args":{"file":"link.txt"}},
	    {"op":"call","name":"web_extract","args":{"file":"sub/a.html","text":"x"}}]'
	run -0 --separate-stderr sdk "$steps" --allow-files "$BATS_TEST_TMPDIR/docs"
	echo "${lines[0]}" | jq -e '.tools[2].inputSchema.properties.file.type == "string" and .schemaErrors == []'
	echo "${lines[1]}" | jq -e '.result.isError == false and (.result.content[0].text | test("Readable file text"))'
	echo "${lines[1]}" | jq -e '.result.structuredContent.source.file | endswith("/docs/sub/a.html")'
	for i in 2 3 4 5; do
		echo "${lines[$i]}" | jq -e '.result.isError == true and .result.structuredContent.error.code == "invalid_parameter"'
		! echo "${lines[$i]}" | grep -q "top secret"
	done
	# without --allow-files, no file is read at all
	run -0 --separate-stderr sdk '[{"op":"call","name":"web_extract","args":{"file":"'"$BATS_TEST_TMPDIR"'/docs/sub/a.html"}}]'
	echo "${lines[0]}" | jq -e '.result.isError == true and (.result.structuredContent.error.message | test("--allow-files"))'
	run -2 web-control mcp --allow-files "$BATS_TEST_TMPDIR/nonexistent" </dev/null
}

@test "mcp: a cancelled call stops its transfer and the session goes on" {
	need_sdk
	steps='[{"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/slow?total=60"},"abortAfterMs":700},
	    {"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/hello.txt"}}]'
	run -0 --separate-stderr sdk "$steps"
	echo "${lines[0]}" | jq -e '.error and .result == null'
	# the server dropped the slow transfer at once: the next call is
	# answered long before the slow one could have ended
	echo "${lines[1]}" | jq -e '.result.isError == false and (.result.content[0].text | test("^Hello, world!"))'
	echo "${lines[1]}" | jq -e '.ms < 5000'
	[[ "$stderr" == *"call cancelled"* ]]
}

@test "mcp: progress notifications for a fetch when the client sends a progressToken" {
	need_sdk
	steps='[{"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/slow?total=3"},"progress":true},
	    {"op":"call","name":"web_fetch","args":{"url":"'"$BASE"'/hello.txt"}}]'
	run -0 --separate-stderr sdk "$steps"
	echo "${lines[0]}" | jq -e '.result.isError == false and .progress >= 2'
	echo "${lines[1]}" | jq -e '.progress == 0'
}

@test "mcp: one session's budget is shared and runs out after N searches; a new session starts afresh" {
	need_sdk
	steps='[{"op":"call","name":"web_search","args":{"query":"budget one"}},
	    {"op":"call","name":"web_search","args":{"query":"budget two"}},
	    {"op":"call","name":"web_search","args":{"query":"budget three"}}]'
	run -0 --separate-stderr sdk "$steps" --max-requests 2
	echo "${lines[0]}" | jq -e '.result.isError == false'
	echo "${lines[1]}" | jq -e '.result.isError == false'
	echo "${lines[2]}" | jq -e '.result.isError == true and .result.structuredContent.status == "blocked" and .result.structuredContent.error.code == "search_budget_exhausted"'
	# the session's run was removed at its end
	[ -z "$(ls -A "$XDG_RUNTIME_DIR")" ]
	run -0 --separate-stderr sdk '[{"op":"call","name":"web_search","args":{"query":"budget four"}}]' --max-requests 1
	echo "${lines[0]}" | jq -e '.result.isError == false'
}

@test "mcp: a session joins WEB_RUN_FILE when it is set" {
	need_sdk
	eval "$(web-control run start --max-requests 1 --export)"
	run -0 --separate-stderr sdk '[{"op":"call","name":"web_search","args":{"query":"joined run"}}]'
	echo "${lines[0]}" | jq -e '.result.isError == false'
	[ -f "$WEB_RUN_FILE" ]
	run -0 web-control -c run show
	echo "$output" | jq -e '.budget.requestsUsed == 1' || echo "$output" | jq -e '.. | objects | select(has("requestsUsed")) | .requestsUsed == 1'
	run -0 --separate-stderr sdk '[{"op":"call","name":"web_search","args":{"query":"joined run two"}}]'
	echo "${lines[0]}" | jq -e '.result.structuredContent.error.code == "search_budget_exhausted"'
	web-control run end
}

@test "mcp: raw lines: malformed, batch, wrong version, unknown method, before initialize; stdout is only protocol" {
	run -0 --separate-stderr raw <<EOF2
{"jsonrpc":"2.0","id":1,"method":"tools/list"}
$INIT
this is not json
[{"jsonrpc":"2.0","id":2,"method":"ping"}]
{"jsonrpc":"1.0","id":3,"method":"ping"}
{"jsonrpc":"2.0","id":4,"method":"no/such"}
{"jsonrpc":"2.0","id":{"x":1},"method":"ping"}
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"web_fetch","arguments":"x"}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":[]}
"just a string"
{"jsonrpc":"2.0","method":"notifications/initialized"}
{"jsonrpc":"2.0","id":7,"method":"ping"}
EOF2
	[ "${#lines[@]}" = 11 ]
	for l in "${lines[@]}"; do
		echo "$l" | jq -e '.jsonrpc == "2.0" and has("id")' >/dev/null
	done
	echo "${lines[0]}" | jq -e '.id == 1 and .error.code == -32600'
	echo "${lines[1]}" | jq -e '.id == 0 and .result.protocolVersion == "2025-11-25"'
	echo "${lines[2]}" | jq -e '.id == null and .error.code == -32700'
	echo "${lines[3]}" | jq -e '.id == null and .error.code == -32600'
	echo "${lines[4]}" | jq -e '.id == 3 and .error.code == -32600'
	echo "${lines[5]}" | jq -e '.id == 4 and .error.code == -32601'
	echo "${lines[6]}" | jq -e '.id == null and .error.code == -32600'
	echo "${lines[7]}" | jq -e '.id == 5 and .error.code == -32602'
	echo "${lines[8]}" | jq -e '.id == 6 and .error.code == -32600'
	echo "${lines[9]}" | jq -e '.id == null and .error.code == -32600'
	echo "${lines[10]}" | jq -e '.id == 7 and .result == {}'
}

@test "mcp: an oversized message is refused and the session goes on" {
	{
		echo "$INIT"
		head -c $((9 * 1024 * 1024)) /dev/zero | tr '\0' 'a'
		echo
		echo '{"jsonrpc":"2.0","id":8,"method":"ping"}'
	} >"$BATS_TEST_TMPDIR/in"
	run -0 --separate-stderr raw <"$BATS_TEST_TMPDIR/in"
	[ "${#lines[@]}" = 3 ]
	echo "${lines[1]}" | jq -e '.id == null and .error.code == -32600 and (.error.message | test("8 MiB"))'
	echo "${lines[2]}" | jq -e '.id == 8 and .result == {}'
}

@test "mcp: protocol negotiation down to the client's revision" {
	run -0 --separate-stderr raw <<'EOF2'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"old","version":"1"}}}
{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"web_extract","arguments":{"text":"plain words"}}}
EOF2
	echo "${lines[0]}" | jq -e '.result.protocolVersion == "2024-11-05"'
	# structuredContent came with 2025-06-18: not sent to an older client
	echo "${lines[1]}" | jq -e '.result.structuredContent == null and (.result.content[0].text | test("plain words"))'
	run -0 --separate-stderr raw <<'EOF2'
{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2030-01-01","capabilities":{},"clientInfo":{"name":"new","version":"1"}}}
{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}
EOF2
	echo "${lines[0]}" | jq -e '.result.protocolVersion == "2025-11-25"'
	echo "${lines[1]}" | jq -e '.result.protocolVersion == "2025-06-18"'
}

# signal_ends_session SIG: SIG ends a session and removes its run.
signal_ends_session() {
	mkfifo "$BATS_TEST_TMPDIR/in"
	web-control mcp <"$BATS_TEST_TMPDIR/in" >"$BATS_TEST_TMPDIR/out" \
	    2>"$BATS_TEST_TMPDIR/err" &
	pid=$!
	exec 5>"$BATS_TEST_TMPDIR/in"
	echo "$INIT" >&5
	for _ in $(seq 100); do
		[ -s "$BATS_TEST_TMPDIR/out" ] && break
		sleep 0.05
	done
	jq -e '.result.protocolVersion' "$BATS_TEST_TMPDIR/out"
	[ -n "$(ls -A "$XDG_RUNTIME_DIR")" ]
	kill -"$1" "$pid"
	wait "$pid"
	exec 5>&-
	[ -z "$(ls -A "$XDG_RUNTIME_DIR")" ]
}

@test "mcp: SIGTERM ends a session and removes its run" {
	signal_ends_session TERM
}

@test "mcp: SIGHUP (lib/cancel.c's flag) ends a session and removes its run" {
	signal_ends_session HUP
}

@test "mcp: a request cancelled before it starts is dropped unanswered" {
	run -0 --separate-stderr raw <<EOF2
$INIT
{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"web_fetch","arguments":{"url":"$BASE/slow?total=2"}}}
{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"web_fetch","arguments":{"url":"$BASE/count/never"}}}
{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":6,"reason":"changed my mind"}}
{"jsonrpc":"2.0","id":7,"method":"ping"}
EOF2
	[ "$(printf '%s\n' "$output" | jq -c .id | tr '\n' ' ')" = "0 5 7 " ]
	echo "${lines[1]}" | jq -e '.result.isError == false'
	[ "$(hits /count/never)" = 0 ]
}
