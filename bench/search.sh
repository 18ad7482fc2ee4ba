#!/bin/sh
# bench/search.sh: whole-process wall time of `wsearch` against the fake
# SearXNG on loopback (tests/server/fake_search.py) versus `curl -s` of
# the same JSON, alternating, medians and their ratio. Goal: <= 1.3x.
# Each run asks a new query, so wsearch always goes to the provider
# (its result cache would otherwise answer).
# Runs in a loopback-only namespace. Environment: N (runs, default 41),
# BIN (programs, default ./bin).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bench_isolate "$@"
N=${N:-41}
BIN=${BIN:-$top/bin}
tmp=$(mktemp -d)
trap 'kill $(cat "$tmp/pid") 2>/dev/null; rm -rf "$tmp"' EXIT
bench_server fake_search "$tmp"
export WEB_CONFIG="$tmp/config.json" XDG_CACHE_HOME="$tmp/cache" \
    XDG_STATE_HOME="$tmp/state"
echo "{\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"http://127.0.0.1:$port/searxng\"}}}" \
    >"$WEB_CONFIG"
# a new query each time: a repeated one would be a search-cache hit
url="http://127.0.0.1:$port/searxng/search?format=json&pageno=1&q=searxng+widgets"

"$BIN/wsearch" -c searxng widgets 0 | grep -q '"status":"ok"' ||
    { echo "search.sh: wsearch does not answer" >&2; exit 1; }
: >"$tmp/w"; : >"$tmp/c"
for i in $(seq "$N"); do
	us "$BIN/wsearch" -c searxng widgets "$i" >>"$tmp/w"
	us curl -s "$url+$i" >>"$tmp/c"
done
w=$(median <"$tmp/w") c=$(median <"$tmp/c")
printf '%-28s %12s %12s %8s\n' "case" "wsearch us" "curl us" "ratio"
printf '%-28s %12s %12s %8s\n' "searxng JSON, 6 results" "$w" "$c" \
    "$(awk -v w="$w" -v c="$c" 'BEGIN {printf "%.2fx", (c > 0 ? w / c : 0)}')"
