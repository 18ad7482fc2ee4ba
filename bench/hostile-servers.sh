#!/bin/sh
# hostile-servers.sh: wfetch against every broken answer of the hostile
# server (tests/server/hostile.py; make bench-hostile-servers, or:
# sh bench/hostile-servers.sh [BIN]), in a loopback-only namespace.
# Per case: exit status, error code (or status), wall seconds, and a
# flag when the answer is not a stable envelope: no envelope or an exit
# above 3 (a crash), a run past the deadline by more than 3 s, an error
# code outside webtools(7)'s list, or a -o file left behind by a failure.
# The last line counts the cases and the flagged ones.
# Environment: TIMEOUT (wfetch --timeout, default 4), CASES (names,
# space-separated: only those).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bench_isolate "$@"
BIN=${1:-${BIN:-bin}}
F=$(cd "$BIN" 2>/dev/null && pwd)/wfetch
[ -x "$F" ] || { echo "hostile-servers.sh: no $F: run make first" >&2; exit 1; }
command -v jq >/dev/null 2>&1 || { echo "hostile-servers.sh: jq is needed" >&2; exit 1; }
TIMEOUT=${TIMEOUT:-4}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-hostile-servers.XXXXXX") || exit 1
trap 'kill "$(cat "$tmp/h/pid" 2>/dev/null)" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp/h" "$tmp/o"
python3 "$top/tests/server/hostile.py" --dir "$tmp/h" --lifetime 1800 \
    >"$tmp/h/out" 2>&1 &
echo $! >"$tmp/h/pid"
i=0
while [ ! -s "$tmp/h/port" ] || [ ! -s "$tmp/h/bombs" ]; do
	i=$((i + 1))
	[ $i -le 600 ] || { cat "$tmp/h/out" >&2; exit 1; }
	sleep 0.05
done
hp=$(cat "$tmp/h/port")
export WEB_CONFIG="$tmp/config.json" XDG_CACHE_HOME="$tmp/cache" \
    XDG_STATE_HOME="$tmp/state"
printf '{"network":{"mode":"all","allow":["127.0.0.1:%s"]}}\n' "$hp" \
    >"$WEB_CONFIG"
codes=" network_denied blocked_target access_challenge authentication_required
rate_limited http_429 robots_denied search_budget_exhausted
coordination_unavailable backend_unavailable request_failed timeout
too_many_redirects response_too_large unsupported_content
unsupported_charset unusable_content extraction_failed invalid_parameter
unsupported_parameter unsupported_country_filter focus_no_match http_4xx
http_5xx cancelled "
codes=" $(echo $codes) "	# one line, one space apart
limit=$(((TIMEOUT + 3) * 1000))
n=0 bad=0
printf '%-20s %4s %-22s %7s  %s\n' case exit result seconds flag
for c in ${CASES:-$(cat "$tmp/h/cases")}; do
	s=$(date +%s%N)
	timeout 120 "$F" -c --timeout "$TIMEOUT" -o "$tmp/o/out" \
	    "http://127.0.0.1:$hp/$c" >"$tmp/env" 2>/dev/null
	rc=$?
	e=$(date +%s%N)
	t=$(((e - s) / 1000000))
	res=$(jq -r 'if .status == "error" or .status == "blocked" then
	    .error.code else .status end' "$tmp/env" 2>/dev/null | head -1)
	flag=
	if [ -z "$res" ] || [ $rc -gt 3 ]; then
		flag="no envelope or crash (exit $rc)"
	elif [ $t -gt $limit ]; then
		flag="past the deadline"
	elif [ $rc -ne 0 ] && [ "${codes#* "$res" }" = "$codes" ]; then
		flag="unknown code"
	elif [ $rc -ne 0 ] && [ -e "$tmp/o/out" ]; then
		flag="-o file left behind"
	fi
	rm -f "$tmp/o/out"
	n=$((n + 1))
	[ -z "$flag" ] || bad=$((bad + 1))
	printf '%-20s %4s %-22s %3d.%03d  %s\n' "$c" "$rc" "${res:-none}" \
	    $((t / 1000)) $((t % 1000)) "$flag"
done
echo "$n cases, $bad flagged"
[ $bad -eq 0 ]
