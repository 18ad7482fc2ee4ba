#!/bin/sh
# bench/robots.sh: wrobots --robots-file on the shared corpus (a 565-rule
# robots.txt and 2,000 URLs). Two ratios measured in the same run:
#   bulk:   one wrobots process answering all 2,000 URLs against Python's
#           urllib.robotparser parsing once and answering the same URLs
#           (goal: wrobots at least 50x faster);
#   single: one wrobots process for one URL against `jq -n 1`
#           (goal: at most 2x).
# Whole-process wall time, medians; hyperfine when installed, else a loop.
top=$(cd "$(dirname "$0")/.." && pwd)
BIN=${BIN:-$top/bin}
CORPUS=${CORPUS:-$top/../shared/corpus/robots}
N=${N:-31}
W="$BIN/wrobots"
R="$CORPUS/robots-500.txt"
[ -x "$W" ] || { echo "robots.sh: no $W (make first)" >&2; exit 1; }
[ -r "$R" ] || { echo "robots.sh: no corpus at $CORPUS" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export WEB_CONFIG="$tmp/none.json"	# offline runs need no config

cat >"$tmp/rp.py" <<'EOF'
# Parse once with urllib.robotparser, then one verdict line per URL.
import sys
import urllib.robotparser

rp = urllib.robotparser.RobotFileParser()
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    rp.parse(f.read().splitlines())
agent = sys.argv[2]
out = sys.stdout
for u in sys.argv[3:]:
    out.write("%s\t%s\n" % (rp.can_fetch(agent, u), u))
EOF
urls=$(tr '\n' ' ' <"$CORPUS/urls.txt")
one=$(head -n 1 "$CORPUS/urls.txt")
n=$(wc -l <"$CORPUS/urls.txt")

bulk_w="$W --robots-file $R --agent webtools -c $urls"
bulk_p="python3 $tmp/rp.py $R webtools $urls"
single_w="$W --robots-file $R --agent webtools -c $one"
single_j="jq -n 1"

# Sanity: both sides answer every URL.
[ "$($bulk_w | wc -l)" -eq "$n" ] || { echo "robots.sh: wrobots short" >&2; exit 1; }
[ "$($bulk_p | wc -l)" -eq "$n" ] || { echo "robots.sh: python short" >&2; exit 1; }

# median_ms CMD: median wall milliseconds of N runs (no shell).
median_ms() {
	: >"$tmp/t"
	for i in $(seq "$N"); do
		s=$(date +%s%N)
		$1 >/dev/null 2>&1
		e=$(date +%s%N)
		echo "$(((e - s) / 1000))" >>"$tmp/t"
	done
	sort -n "$tmp/t" | awk '{a[NR]=$1} END {printf "%.2f\n",
	    ((NR%2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2) / 1000}'
}

if command -v hyperfine >/dev/null 2>&1; then
	how="hyperfine, medians"
	hyperfine -N -i -w 5 -r "$N" --export-json "$tmp/bulk.json" \
	    "$bulk_w" "$bulk_p" >/dev/null 2>&1
	hyperfine -N -i -w 10 -r "$((N * 3))" --export-json "$tmp/single.json" \
	    "$single_w" "$single_j" >/dev/null 2>&1
	set -- $(jq -r '.results[].median * 1000' "$tmp/bulk.json" \
	    "$tmp/single.json")
	bw=$1 bp=$2 sw=$3 sj=$4
else
	how="loop of $N, medians"
	bw=$(median_ms "$bulk_w") bp=$(median_ms "$bulk_p")
	sw=$(median_ms "$single_w") sj=$(median_ms "$single_j")
fi

echo "wrobots on $(basename "$R") ($(grep -ciE '^(dis)?allow:' "$R") rules), $n URLs ($how)"
awk -v bw="$bw" -v bp="$bp" -v sw="$sw" -v sj="$sj" -v n="$n" 'BEGIN {
	printf "%-42s %10s\n", "case", "ms"
	printf "%-42s %10.2f\n", "wrobots, " n " URLs, one process", bw
	printf "%-42s %10.2f\n", "urllib.robotparser, " n " URLs", bp
	printf "%-42s %10.2f\n", "wrobots, one URL", sw
	printf "%-42s %10.2f\n", "jq -n 1", sj
	printf "bulk ratio   python / wrobots = %6.1fx  (goal >= 50x): %s\n",
	    bp / bw, (bp / bw >= 50) ? "met" : "NOT met"
	printf "single ratio wrobots / jq     = %6.2fx  (goal <= 2x): %s\n",
	    sw / sj, (sw / sj <= 2) ? "met" : "NOT met"
	printf "per URL: wrobots %.2f us, urllib.robotparser %.2f us\n",
	    bw * 1000 / n, bp * 1000 / n
}'
