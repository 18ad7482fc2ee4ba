# common.bash: loaded by every tests/*.bats. Puts the built programs on
# PATH, fixes the locale, unsets proxies and gives each test a private
# XDG tree and config.
bats_require_minimum_version 1.5.0
load '/usr/lib/bats/bats-support/load'
load '/usr/lib/bats/bats-assert/load'

WT_TOP=${WT_TOP:-$(cd "$BATS_TEST_DIRNAME/.." && pwd)}
WT_BIN=${WT_BIN:-$WT_TOP/bin}
PATH="$WT_BIN:$PATH"
export LC_ALL=C
unset http_proxy https_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY all_proxy \
    no_proxy NO_PROXY WEB_RUN_FILE WEB_RESOLVE WEB_CA_BUNDLE
CORPUS=${WT_CORPUS:-$WT_TOP/../shared/corpus}
FIXTURES=$WT_TOP/tests/fixtures

common_setup() {
	export XDG_CONFIG_HOME="$BATS_TEST_TMPDIR/config"
	export XDG_STATE_HOME="$BATS_TEST_TMPDIR/state"
	export XDG_CACHE_HOME="$BATS_TEST_TMPDIR/cache"
	mkdir -p "$XDG_CONFIG_HOME/webtools"
	export WEB_CONFIG="$XDG_CONFIG_HOME/webtools/config.json"
	echo '{}' >"$WEB_CONFIG"
}

# write_config JSON: the test's config file.
write_config() {
	printf '%s\n' "$1" >"$WEB_CONFIG"
}

# server_start: start the loopback fixture server for this file; sets
# PORT, TLSPORT, BASE, and SERVER_DIR (request log in $SERVER_DIR/log).
server_start() {
	SERVER_DIR="$BATS_FILE_TMPDIR/server"
	mkdir -p "$SERVER_DIR"
	python3 "$WT_TOP/tests/server/server.py" --dir "$SERVER_DIR" \
	    --lifetime 600 >"$SERVER_DIR/out" 2>&1 &
	echo $! >"$SERVER_DIR/pid"
	for _ in $(seq 100); do
		[ -s "$SERVER_DIR/port" ] && [ -s "$SERVER_DIR/tlsport" ] && break
		sleep 0.05
	done
	[ -s "$SERVER_DIR/port" ] || { cat "$SERVER_DIR/out" >&2; return 1; }
	server_env
}

# server_env: export the server's coordinates (call from setup()).
server_env() {
	SERVER_DIR="$BATS_FILE_TMPDIR/server"
	PORT=$(cat "$SERVER_DIR/port")
	TLSPORT=$(cat "$SERVER_DIR/tlsport")
	BASE="http://127.0.0.1:$PORT"
	export PORT TLSPORT BASE SERVER_DIR
}

server_stop() {
	[ -f "$BATS_FILE_TMPDIR/server/pid" ] &&
	    kill "$(cat "$BATS_FILE_TMPDIR/server/pid")" 2>/dev/null || :
}

# hits PATH: how many requests the server saw for PATH (exact match of
# the request path, query included).
hits() {
	grep -c -x -F -- "$1" "$SERVER_DIR/log" 2>/dev/null || true
}

# allow_server: config admitting the fixture server's ports on loopback.
allow_server() {
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\",\"127.0.0.1:$TLSPORT\"]}}"
}

# man_examples PAGE: the command lines of an mdoc page's EXAMPLES section
# (.Dl lines and .Bd -literal blocks), with roff escapes undone.
man_examples() {
	sed -n '/^\.Sh EXAMPLES/,/^\.Sh /p' "$1" | awk '
		/^\.Bd -literal/ { lit = 1; next }
		/^\.Ed/ { lit = 0; next }
		lit { print; next }
		/^\.Dl / { sub(/^\.Dl /, ""); print }' |
	    sed -e 's/\\(dq/"/g' -e 's/\\-/-/g' -e 's/\\&//g' -e 's/\\e/\\/g'
}

# man_has_option PAGE OPTION: the mdoc page documents --OPTION (.Fl -OPTION).
man_has_option() {
	grep -qE -- "Fl -$2( |$)" "$1"
}
