#!/bin/sh
# bench/fetch.sh: whole-process wall time of `wfetch --format raw` against
# `curl -s` on loopback (10 KiB and 5 MiB pages), alternating, medians and
# ratios; 40 slow URLs with wfetch -P 8, xargs -P 8 curl and sequential
# wfetch; and peak RSS of a 20 MiB fetch against its bound
# (2.5 x body + 16 MiB). Runs in a loopback-only namespace.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bench_isolate "$@"
N=${N:-21}
BIN=${BIN:-$top/bin}
tmp=$(mktemp -d)
trap 'kill $(cat "$tmp/pid") 2>/dev/null; rm -rf "$tmp"' EXIT
bench_server server "$tmp"
export WEB_CONFIG="$tmp/config.json" XDG_CACHE_HOME="$tmp/cache"
echo "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$port\"]}}" \
    >"$WEB_CONFIG"

printf '%-22s %10s %10s %8s\n' "case" "wfetch ms" "curl ms" "ratio"
for size in 10240 5242880; do
	url="http://127.0.0.1:$port/size/$size"
	: >"$tmp/w"; : >"$tmp/c"
	for i in $(seq "$N"); do
		ms "$BIN/wfetch" -c --format raw --max-chars 100000 "$url" >>"$tmp/w"
		ms curl -s "$url" >>"$tmp/c"
	done
	w=$(median <"$tmp/w") c=$(median <"$tmp/c")
	printf '%-22s %10s %10s %8s\n' "raw $size bytes" "$w" "$c" \
	    "$(awk -v w="$w" -v c="$c" 'BEGIN {printf "%.2fx", (c > 0 ? w / c : 0)}')"
done

# A text over 200,000 characters is also saved as an artifact, so the fair
# peer for the 5 MiB case also writes the body to a file.
url="http://127.0.0.1:$port/size/5242880"
: >"$tmp/w"; : >"$tmp/c"
for i in $(seq "$N"); do
	ms "$BIN/wfetch" -c --format raw --max-chars 100000 "$url" >>"$tmp/w"
	ms curl -s -o "$tmp/curl.out" "$url" >>"$tmp/c"
done
w=$(median <"$tmp/w") c=$(median <"$tmp/c")
printf '%-22s %10s %10s %8s\n' "raw 5 MiB vs curl -o" "$w" "$c" \
    "$(awk -v w="$w" -v c="$c" 'BEGIN {printf "%.2fx", (c > 0 ? w / c : 0)}')"

# Many URLs at once: 40 pages that each answer after 200 ms.
urls=
for i in $(seq 40); do
	urls="$urls http://127.0.0.1:$port/delay/200/$i"
done
M=${M:-5}
: >"$tmp/p"; : >"$tmp/x"; : >"$tmp/s"
for i in $(seq "$M"); do
	ms "$BIN/wfetch" -c -P 8 $urls >>"$tmp/p"
	# shellcheck disable=SC2086
	ms sh -c "echo $urls | xargs -P 8 -n 1 curl -s" >>"$tmp/x"
done
ms "$BIN/wfetch" -c $urls >>"$tmp/s"
p=$(median <"$tmp/p") x=$(median <"$tmp/x") s=$(median <"$tmp/s")
printf '%-22s %10s %10s %8s\n' "40 x 200 ms, -P 8" "$p" "$x" \
    "$(awk -v w="$p" -v c="$x" 'BEGIN {printf "%.2fx", (c > 0 ? w / c : 0)}')"
printf '%-22s %10s %10s %8s\n' "40 x 200 ms, sequential" "$s" "$x" \
    "$(awk -v w="$s" -v c="$x" 'BEGIN {printf "%.2fx", (c > 0 ? w / c : 0)}')"
echo "(the curl column of the many-URL rows is xargs -P 8 -n 1 curl -s)"

body=$((20 * 1024 * 1024 - 4096))
/usr/bin/time -f '%M' -o "$tmp/rss" "$BIN/wfetch" -c --format raw \
    "http://127.0.0.1:$port/size/$body" >/dev/null 2>&1
rss=$(cat "$tmp/rss")
bound=$(( (body * 5 / 2 + 16 * 1024 * 1024) / 1024 ))
printf 'peak RSS of a %d-byte fetch: %d KiB (bound %d KiB, %.2f of it)\n' \
    "$body" "$rss" "$bound" "$(awk -v r="$rss" -v b="$bound" 'BEGIN {print r / b}')"
