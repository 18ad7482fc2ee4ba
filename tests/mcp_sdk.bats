#!/usr/bin/env bats
# mcp_sdk: the webtools MCP client (lib/mcp.c) against a real peer: a
# tiny server on the official MCP SDK (tests/server/mcp_sdk_server.mjs,
# @modelcontextprotocol/sdk from npm) at https://search.parallel.ai/mcp
# through WEB_CONNECT_TO and a test CA. The SDK comes from
# $WT_MCP_SDK_DIR (a directory whose node_modules holds it, prepared by
# .ci/run), else from an npm install into this file's temp dir (outside
# the repository); the file is skipped when neither works.

load helpers/common

SDK_VERSION=1.32.2

sdk_prepare() {
	D="$BATS_FILE_TMPDIR/sdk"
	mkdir -p "$D"
	if [ -n "${WT_MCP_SDK_DIR:-}" ] &&
	    [ -d "$WT_MCP_SDK_DIR/node_modules/@modelcontextprotocol/sdk" ]; then
		ln -s "$WT_MCP_SDK_DIR/node_modules" "$D/node_modules"
	elif command -v npm >/dev/null && command -v node >/dev/null; then
		(cd "$D" && timeout 240 npm install --prefer-offline --fetch-retries=0 \
		    --no-audit --no-fund --silent \
		    "@modelcontextprotocol/sdk@$SDK_VERSION" >"$D/npm.log" 2>&1) ||
		    return 1
	else
		return 1
	fi
	[ -d "$D/node_modules/@modelcontextprotocol/sdk" ] || return 1
	cp "$BATS_TEST_DIRNAME/server/mcp_sdk_server.mjs" "$D/"
	printf '[req]\ndistinguished_name=dn\n[dn]\n[ext]\nbasicConstraints=CA:FALSE\nsubjectAltName=DNS:search.parallel.ai,IP:127.0.0.1\n' >"$D/fm.cnf"
	openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	    -keyout "$D/ca.key" -out "$D/ca.pem" -days 2 \
	    -subj "/CN=mcp_sdk test CA" >/dev/null 2>&1 &&
	openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	    -keyout "$D/fm.key" -out "$D/fm.csr" -subj "/CN=sdk" \
	    -config "$D/fm.cnf" >/dev/null 2>&1 &&
	openssl x509 -req -in "$D/fm.csr" -CA "$D/ca.pem" -CAkey "$D/ca.key" \
	    -CAcreateserial -out "$D/fm.pem" -days 2 -extfile "$D/fm.cnf" \
	    -extensions ext >/dev/null 2>&1
}

# sdk_start MODE: (re)start the SDK server in json, sse or stateless mode.
sdk_start() {
	D="$BATS_FILE_TMPDIR/sdk"
	[ -f "$D/pid" ] && kill "$(cat "$D/pid")" 2>/dev/null
	rm -f "$D/sdkport"
	(cd "$D" && exec node mcp_sdk_server.mjs "$D" "$1" >"$D/node.log" 2>&1) &
	echo $! >"$D/pid"
	for _ in $(seq 200); do
		[ -s "$D/sdkport" ] && break
		sleep 0.05
	done
	[ -s "$D/sdkport" ] || { cat "$D/node.log" >&2; return 1; }
	export WEB_CONNECT_TO="search.parallel.ai:443:127.0.0.1:$(cat "$D/sdkport")"
}

setup_file() {
	if sdk_prepare; then
		touch "$BATS_FILE_TMPDIR/sdk/ready"
	fi
}

teardown_file() {
	D="$BATS_FILE_TMPDIR/sdk"
	[ -f "$D/pid" ] && kill "$(cat "$D/pid")" 2>/dev/null || :
}

setup() {
	[ -f "$BATS_FILE_TMPDIR/sdk/ready" ] ||
	    skip "@modelcontextprotocol/sdk could not be installed (npm offline?)"
	common_setup
	export WEB_CA_BUNDLE="$BATS_FILE_TMPDIR/sdk/ca.pem"
	write_config '{"network":{"mode":"all","allow":["127.0.0.1"]},"search":{"backend":"parallel"}}'
}

@test "mcp_sdk: web_search against the SDK peer in each transport mode" {
	for m in sse json stateless; do
		sdk_start "$m"
		rm -rf "$XDG_CACHE_HOME"
		run -0 wsearch -c -a "second wording" "sdk peer $m"
		echo "$output" | jq -e '.status == "ok" and
		    .results[0].representation == "provider_excerpt" and
		    (.results | map(.url) | index("https://sdk.example/1") != null)' ||
		    { echo "mode $m: $output"; false; }
	done
	# the stateful run ended with DELETE of its session
	sdk_start sse
	: >"$BATS_FILE_TMPDIR/sdk/sdklog"
	rm -rf "$XDG_CACHE_HOME"
	run -0 wsearch -c "sdk peer delete"
	run grep -c "^DELETE /mcp session=yes" "$BATS_FILE_TMPDIR/sdk/sdklog"
	assert_output 1
}

@test "mcp_sdk: an isError tool result is backend_unavailable" {
	sdk_start sse
	run -1 wsearch -c "FAIL please"
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
}
