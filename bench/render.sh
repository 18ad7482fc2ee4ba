#!/bin/sh
# bench/render.sh: a page whose text only its script writes, on loopback:
# wfetch static (render never: unusable_content, the floor) against
# wfetch --render always (agent-browser + headless Chromium, start
# counted), median wall time over N runs each; peak RSS of wfetch alone
# and of the whole render (wfetch plus every browser process, summed,
# sampled every 50 ms). Runs in a loopback-only namespace. Skips when
# agent-browser ($WT_AGENT_BROWSER, 0.33.1 or newer) or Chromium is
# missing.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/bench/lib.sh"
bench_isolate "$@"
N=${N:-7}
BIN=${BIN:-$top/bin}
AB=${WT_AGENT_BROWSER:-/opt/wt-npm/node_modules/.bin/agent-browser}
if [ ! -x "$AB" ]; then
	echo "render bench skipped: agent-browser not installed ($AB)"
	exit 0
fi
v=$("$AB" --version 2>/dev/null | head -n 1)
if ! printf '0.33.1\n%s\n' "${v#agent-browser }" | sort -C -V; then
	echo "render bench skipped: $AB is \"$v\", older than 0.33.1"
	exit 0
fi
if ! command -v chromium-headless-shell >/dev/null 2>&1 &&
    ! command -v chromium >/dev/null 2>&1; then
	echo "render bench skipped: chromium-headless-shell not installed"
	exit 0
fi
tmp=$(mktemp -d)
trap 'kill $(cat "$tmp/pid") 2>/dev/null; rm -rf "$tmp"' EXIT
bench_server server "$tmp"
export WEB_CONFIG="$tmp/config.json" XDG_CACHE_HOME="$tmp/cache"
export TMPDIR="$tmp"
echo "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$port\"]},\
\"fetch\":{\"render\":\"auto\",\"browserCommand\":\"$AB\"}}" >"$WEB_CONFIG"
url="http://127.0.0.1:$port/js/page"

: >"$tmp/s"; : >"$tmp/r"
for i in $(seq "$N"); do
	ms "$BIN/wfetch" -c --render never "$url" >>"$tmp/s"
	ms "$BIN/wfetch" -c --render always "$url" >>"$tmp/r"
done
s=$(median <"$tmp/s") r=$(median <"$tmp/r")
ok=$("$BIN/wfetch" -c --render always "$url" | jq -r '.coverage.rendered')

# Peak RSS: wfetch alone (time -f %M), and the whole render sampled.
ws=$(command time -f %M "$BIN/wfetch" -c --render never "$url" 2>&1 >/dev/null | tail -1)
wr=$(command time -f %M "$BIN/wfetch" -c --render always "$url" 2>&1 >/dev/null | tail -1)
"$BIN/wfetch" -c --render always "$url" >/dev/null 2>&1 &
wpid=$!
# Sum VmRSS of wfetch and every process whose environment names a render
# directory under $tmp, every 50 ms while wfetch runs; print the peak.
peak=$(python3 - "$wpid" "$tmp/wt-render-" <<'PY'
import os, sys, time
pid, mark = int(sys.argv[1]), sys.argv[2].encode()
peak = 0
def rss(p):
    try:
        for line in open("/proc/%s/status" % p):
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return 0
def alive(p):
    try:
        return open("/proc/%d/stat" % p).read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
while alive(pid):
    total = rss(pid)
    for p in os.listdir("/proc"):
        if not p.isdigit() or int(p) == pid:
            continue
        try:
            if mark in open("/proc/%s/environ" % p, "rb").read():
                total += rss(p)
        except OSError:
            pass
    peak = max(peak, total)
    time.sleep(0.05)
print(peak)
PY
)
wait "$wpid"

printf '%-28s %10s %14s\n' "case" "median ms" "peak RSS KiB"
printf '%-28s %10s %14s\n' "static (render never)" "$s" "$ws"
printf '%-28s %10s %14s\n' "rendered (wfetch only)" "$r" "$wr"
printf '%-28s %10s %14s\n' "rendered (with browser)" "$r" "$peak"
echo "rendered: $ok; goal: rendered median under 1500 ms"
