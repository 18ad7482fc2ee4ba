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

# fixture_start NAME DIR FILE...: start the loopback fixture
# tests/server/NAME.py (--dir DIR, --lifetime 600; output in DIR/out, pid
# in DIR/pid) and wait up to 10 s until every DIR/FILE is written; fails,
# showing the output, when one is not.
fixture_start() {
	local name=$1 dir=$2 f
	shift 2
	mkdir -p "$dir"
	python3 "$WT_TOP/tests/server/$name.py" --dir "$dir" \
	    --lifetime 600 >"$dir/out" 2>&1 3>&- &
	echo $! >"$dir/pid"
	for _ in $(seq 200); do
		for f in "$@"; do
			[ -s "$dir/$f" ] || break
		done
		[ -s "$dir/$f" ] && return 0
		sleep 0.05
	done
	cat "$dir/out" >&2
	return 1
}

# fixture_stop DIR: stop the fixture started in DIR, if any.
fixture_stop() {
	[ -f "$1/pid" ] && kill "$(cat "$1/pid")" 2>/dev/null || :
}

# server_start: start the loopback fixture server for this file; sets
# PORT, TLSPORT, BASE, and SERVER_DIR (request log in $SERVER_DIR/log).
server_start() {
	fixture_start server "$BATS_FILE_TMPDIR/server" port tlsport || return 1
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
	fixture_stop "$BATS_FILE_TMPDIR/server"
}

# fixture_setup: the usual per-test setup of a fixture-server suite:
# private XDG tree, the server's coordinates, a config admitting it.
fixture_setup() {
	common_setup
	server_env
	allow_server
}

# fake_search_start / fake_search_stop: the fake search providers
# (tests/server/fake_search.py) for this file, in $BATS_FILE_TMPDIR/fs.
fake_search_start() {
	fixture_start fake_search "$BATS_FILE_TMPDIR/fs" tlsport
}

fake_search_stop() {
	fixture_stop "$BATS_FILE_TMPDIR/fs"
}

# fake_search_env: FS_DIR, its plain and TLS ports FP and FT, and SX, the
# SearXNG endpoint on the plain port (call from setup()).
fake_search_env() {
	FS_DIR="$BATS_FILE_TMPDIR/fs"
	FP=$(cat "$FS_DIR/port")
	FT=$(cat "$FS_DIR/tlsport")
	SX="http://127.0.0.1:$FP/searxng"
}

# field JQ: the jq expression, raw, on the envelope in $output.
field() {
	printf '%s\n' "$output" | jq -r "$1"
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

# key_case: the envelope keys (all JSON texts in $output; web-control
# config's .config, the config file's own keys, left out) that break the
# naming rule of webtools(7): snake_case, except the names the reference
# behaviour fixes (listed there). Prints them; empty when none.
key_case() {
	printf '%s\n' "$output" | jq -r '
		del(.config?) | [paths | .[] | strings] | .[] |
		select(test("[A-Z]")) |
		select(IN("startLine", "endLine", "totalLines", "nextLine",
		    "retryAfterMs", "retryAt", "rateLimited", "retryInRun",
		    "nextAction", "cooldownBackends", "requestedFilters", "filterSupport",
		    "requestsUsed", "requestsRemaining", "dispatchesUsed",
		    "dispatchesRemaining", "maxDispatches",
		    "maxRequestsPerRun") | not)' | sort -u
}
