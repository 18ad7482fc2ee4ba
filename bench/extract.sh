#!/bin/sh
# extract.sh: quality and speed of wextract's HTML extraction on the
# readability corpus, beside Readability and Defuddle when installed in
# /tmp/peers, a bare tidy parse (the floor of a tidy-based extractor)
# and a `cat` per-page floor. Run from the top of the tree:
#   make bench-extract            (or: sh bench/extract.sh [BIN])
# Then the WCXB development split (seven page types) per type, and the
# same speed rows on its pages.
# Environment: EVAL (extract-eval dir), CORPUS, WCXB (the split; empty
# to skip it), PEERS (/tmp/peers), SPEED_ONLY=1 to skip the quality runs.
BIN=${1:-${BIN:-bin}}
# shared/ sits beside the checkout (../shared from the top of the tree)
SHARED=${SHARED:-$(cd "$(dirname "$0")/../../shared" 2>/dev/null && pwd)}
EVAL=${EVAL:-$SHARED/tools/extract-eval}
CORPUS=${CORPUS:-$SHARED/corpus/readability}
WCXB=${WCXB-$SHARED/corpus/wcxb-dev}
PEERS=${PEERS:-/tmp/peers}
W=$(cd "$BIN" 2>/dev/null && pwd)/wextract
# paging off as far as wextract allows: the scorer wants whole articles
WOPT="--max-chars 100000"

die() { echo "extract.sh: $*" >&2; exit 1; }
[ -x "$W" ] || die "no $W: run make first"
[ -x "$EVAL/run.sh" ] || die "no $EVAL/run.sh"
[ -d "$CORPUS/html" ] || die "no corpus at $CORPUS"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-extract.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
# the pages, uncompressed, for the speed runs
for f in "$CORPUS"/html/*.html "$CORPUS"/html/*.html.gz; do
	[ -f "$f" ] || continue
	case $f in
	*.gz) gzip -dc "$f" > "$tmp/$(basename "$f" .gz)" ;;
	*) cp "$f" "$tmp/" ;;
	esac
done
mkdir -p "$tmp/pages" && mv "$tmp"/*.html "$tmp/pages/"
n=$(ls "$tmp/pages" | wc -l)

now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { s = b - a;
	printf "%.2f", (s > 0 ? n / s : 0) }'; }

if [ -z "$SPEED_ONLY" ]; then
echo "== quality (extract-eval, $n pages of $CORPUS)"
"$EVAL/run.sh" --header --name wextract-text "$CORPUS" \
    "'$W' --format text -r $WOPT --url \"\$PAGE_URL\"" 2>/dev/null |
    tee "$tmp/q"
"$EVAL/run.sh" --md --name wextract-md "$CORPUS" \
    "'$W' -r $WOPT --url \"\$PAGE_URL\"" 2>/dev/null | tee -a "$tmp/q"
if command -v node >/dev/null 2>&1 && [ -f "$PEERS/extract.mjs" ] &&
    [ -d "$PEERS/node_modules" ]; then
	for m in readability-text readability-md defuddle-md-linkedom; do
		md=; case $m in *-md*) md=--md ;; esac
		"$EVAL/run.sh" --batch $md --name "$m" "$CORPUS" \
		    "node '$PEERS/extract.mjs' $m --batch" 2>/dev/null |
		    tee -a "$tmp/q"
	done
else
	echo "(Readability and Defuddle are not installed in $PEERS:" \
	    "see $EVAL/README.md; skipped)"
fi
fi

if [ -z "$SPEED_ONLY" ] && [ -n "$WCXB" ] && [ -d "$WCXB/html" ]; then
	echo
	echo "== WCXB dev split per page type (word F1, $WCXB)"
	python3 "$EVAL/wcxb.py" --name wextract "$WCXB" \
	    "$EVAL/wextract-batch.sh '$W' text" 2>/dev/null
fi

echo
echo "== speed (one process over all $n pages, and one per page)"
floor=
if cc -O2 $(pkg-config --cflags tidy 2>/dev/null) -I/usr/include/tidy \
    -o "$tmp/tidyparse" bench/tidyparse.c -ltidy 2>"$tmp/cc.err"; then
	floor=$("$tmp/tidyparse" "$tmp"/pages/*.html | awk '{print $3}')
else
	echo "(could not build bench/tidyparse.c: $(head -1 "$tmp/cc.err"))"
fi
a=$(now)
"$W" --format text -c $WOPT "$tmp"/pages/*.html > "$tmp/batch.out" 2>&1
b=$(now)
batch=$(rate "$n" "$a" "$b")
a=$(now)
for f in "$tmp"/pages/*.html; do
	"$W" --format text -r $WOPT < "$f" > /dev/null 2>&1
done
b=$(now)
perpage=$(rate "$n" "$a" "$b")
a=$(now)
for f in "$tmp"/pages/*.html; do
	cat < "$f" > /dev/null
done
b=$(now)
catfloor=$(rate "$n" "$a" "$b")

# ratio SLOW FAST: how many times slower SLOW is than FAST
ratio() { awk -v s="$1" -v f="$2" 'BEGIN {
	if (s > 0 && f > 0) printf "%.2fx", f / s; else print "n/a" }'; }
printf '%-34s %10s %14s\n' "run" "pages/s" "vs its floor"
printf '%-34s %10s %14s\n' "tidy parse only (floor)" "${floor:-n/a}" "-"
printf '%-34s %10s %14s\n' "wextract FILE... (one process)" "$batch" \
    "$(ratio "$batch" "${floor:-0}")"
printf '%-34s %10s %14s\n' "cat per page (floor)" "$catfloor" "-"
printf '%-34s %10s %14s\n' "wextract per page" "$perpage" \
    "$(ratio "$perpage" "$catfloor")"
printf '%-34s %10s %14s\n' "wextract per page vs one process" "$perpage" \
    "$(ratio "$perpage" "$batch")"

# The same one-process rows on the WCXB pages.
if [ -n "$WCXB" ] && [ -d "$WCXB/html" ]; then
	mkdir -p "$tmp/wcxb"
	for f in "$WCXB"/html/*.html.gz; do
		gzip -dc "$f" > "$tmp/wcxb/$(basename "$f" .gz)"
	done
	nw=$(ls "$tmp/wcxb" | wc -l)
	wfloor=
	[ -x "$tmp/tidyparse" ] &&
	    wfloor=$("$tmp/tidyparse" "$tmp"/wcxb/*.html | awk '{print $3}')
	a=$(now)
	"$W" --format text -c $WOPT "$tmp"/wcxb/*.html > /dev/null 2>&1
	b=$(now)
	wbatch=$(rate "$nw" "$a" "$b")
	printf '%-34s %10s %14s\n' "WCXB: tidy parse only (floor)" \
	    "${wfloor:-n/a}" "-"
	printf '%-34s %10s %14s\n' "WCXB: wextract FILE... ($nw pages)" \
	    "$wbatch" "$(ratio "$wbatch" "${wfloor:-0}")"
	rm -rf "$tmp/wcxb"
fi

# Readability's batch rate from the quality table, for the 20x goal.
rb=$(awk '$1 == "readability-text" {print $7}' "$tmp/q" 2>/dev/null)
if [ -n "$rb" ]; then
	printf '%-34s %10s %14s\n' "readability-text (batch)" "$rb" \
	    "$(awk -v b="$batch" -v r="$rb" 'BEGIN {printf "wextract %.1fx", b / r}')"
fi

# Peak memory on the largest page: goal under 10 x its size + 16 MiB.
big=$(ls -S "$tmp"/pages/*.html | head -1)
size=$(wc -c < "$big")
/usr/bin/time -f '%M' -o "$tmp/rss" "$W" --format text -c $WOPT "$big" \
    > /dev/null 2>&1
rss=$(cat "$tmp/rss")
bound=$(( (size * 10 + 16 * 1024 * 1024) / 1024 ))
echo
printf 'peak RSS on the largest page (%s, %d bytes): %d KiB, bound %d KiB (%s)\n' \
    "$(basename "$big")" "$size" "$rss" "$bound" \
    "$([ "$rss" -lt "$bound" ] && echo met || echo NOT met)"
