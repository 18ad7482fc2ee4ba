#!/bin/sh
# extract.sh: quality and speed of wextract's HTML extraction. Run from
# the top of the tree:
#   make bench-extract            (or: sh bench/extract.sh [BIN])
# 1. Quality on the readability corpus, beside Readability and Defuddle
#    when installed in /tmp/peers.
# 2. The WCXB development split (seven page types): word F1 per type with
#    the type classified, then beside it the oracle (each type's pages
#    with its profile forced by --page-type), the classifier's recall and
#    precision per type, its accuracy and confusion matrix: the
#    classifier's error and the profiles' told apart; and whether
#    coverage.confidence is honest: its rank correlation with each page's
#    F1 per type and its calibration (bench/wcxb_conf.py). Not run here
#    (five more runs over the whole split): what moving the pages of one
#    classified type to another profile would gain, by truth type, from
#    runs with each profile forced on every page (bench/wcxb_retype.py).
# 3. Speed: per-page start-up against a `cat` floor; then the CPU time
#    (user + system, best of 3) of one wextract process over all pages
#    against a bare tidy parse of the same pages (bench/tidyparse.c, the
#    floor of a tidy-based extractor), as a ratio, on the readability
#    corpus and on WCXB, with pages per CPU second beside Readability's
#    (one run) when it is installed; and, when valgrind is installed,
#    callgrind's instruction counts of both on the readability corpus
#    (the same every run, where CPU seconds swing by a third).
# 4. Peak memory on the largest page.
# Environment: EVAL (extract-eval dir), CORPUS, WCXB (the split; empty
# to skip it), PEERS (/tmp/peers), SPEED_ONLY=1 to skip the quality runs,
# RSAMPLE (10: Readability's WCXB speed over every RSAMPLE-th page).
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

if [ -n "$WCXB" ] && [ -d "$WCXB/html" ]; then
	mkdir -p "$tmp/wcxb"
	for f in "$WCXB"/html/*.html.gz "$WCXB"/html/*.html; do
		[ -f "$f" ] || continue
		case $f in
		*.gz) gzip -dc "$f" > "$tmp/wcxb/$(basename "$f" .gz)" ;;
		*) cp "$f" "$tmp/wcxb/" ;;
		esac
	done
fi
if [ -z "$SPEED_ONLY" ] && [ -d "$tmp/wcxb" ]; then
	echo
	echo "== WCXB dev split per page type (word F1, $WCXB), type classified"
	python3 "$EVAL/wcxb.py" --name wextract --keep "$tmp/wc" \
	    --json "$tmp/wc.json" "$WCXB" \
	    "$EVAL/wextract-batch.sh '$W' text" 2>/dev/null
	# The oracle: each type's pages with its profile forced, so that
	# the classifier's error and the profiles' are told apart.
	echo
	echo "== WCXB: classified beside oracle (the type's profile forced" \
	    "with --page-type)"
	orc=
	for t in article collection documentation forum listing product \
	    service; do
		printf '#!/bin/sh\nexec %s --page-type %s "$@"\n' "'$W'" "$t" \
		    > "$tmp/wx-$t"
		chmod +x "$tmp/wx-$t"
		python3 "$EVAL/wcxb.py" --only "$t" --json "$tmp/or-$t.json" \
		    "$WCXB" "$EVAL/wextract-batch.sh '$tmp/wx-$t' text" \
		    > /dev/null 2>&1 && orc="$orc $t=$tmp/or-$t.json"
	done
	# shellcheck disable=SC2086
	python3 bench/wcxb_types.py "$WCXB" "$tmp/wc.json" \
	    "$tmp/wc/.all.ndjson" $orc
	echo
	echo "== WCXB: coverage.confidence against each page's F1"
	python3 bench/wcxb_conf.py "$tmp/wc"
	rm -rf "$tmp/wc"
fi

echo
echo "== speed: per-page start-up (wall clock, one process per page)"
now() { date +%s.%N; }
rate() { awk -v n="$1" -v a="$2" -v b="$3" 'BEGIN { s = b - a;
	printf "%.2f", (s > 0 ? n / s : 0) }'; }
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
printf '%-34s %10s\n' "wextract per page, pages/s" "$perpage"
printf '%-34s %10s\n' "cat per page (floor), pages/s" "$catfloor"

# cpu CMD...: user + system seconds of CMD, the best of 3 runs.
cpu() {
	best=
	for _ in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" \
		    > /dev/null 2>&1 || :
		best=$(tail -1 "$tmp/time" | awk -v b="$best" '{ s = $1 + $2;
			if (b == "" || s < b + 0) b = s; print b }')
	done
	echo "$best"
}
# cpu1 CMD...: the same, one run (for the slow peers).
cpu1() {
	/usr/bin/time -f '%U %S' -o "$tmp/time" "$@" > /dev/null 2>&1 || :
	tail -1 "$tmp/time" | awk '{ print $1 + $2 }'
}
per() { awk -v n="$1" -v s="$2" 'BEGIN {
	if (s > 0) printf "%.1f", n / s; else print "n/a" }'; }
xratio() { awk -v a="$1" -v b="$2" 'BEGIN {
	if (a > 0 && b > 0) printf "%.2fx", a / b; else print "n/a" }'; }

tidy=
if cc -O2 $(pkg-config --cflags tidy 2>/dev/null) -I/usr/include/tidy \
    -o "$tmp/tidyparse" bench/tidyparse.c -ltidy 2>"$tmp/cc.err"; then
	tidy=$tmp/tidyparse
else
	echo "(could not build bench/tidyparse.c: $(head -1 "$tmp/cc.err"))"
fi
peer=
if command -v node >/dev/null 2>&1 && [ -f "$PEERS/extract.mjs" ] &&
    [ -d "$PEERS/node_modules" ]; then
	peer=$PEERS/extract.mjs
fi

# speed DIR NAME: the CPU row of one set of pages.
speed() {
	dir=$1
	np=$(ls "$dir" | wc -l)
	tc=n/a
	[ -n "$tidy" ] && tc=$(cpu "$tidy" "$dir"/*.html)
	wc_=$(cpu "$W" --format text -c $WOPT "$dir"/*.html)
	rp=- rx=-
	if [ -n "$peer" ]; then
		# Readability is slow: every $3-th page when $3 is given
		mkdir -p "$tmp/rout"
		ls "$dir" | awk -v k="${3:-1}" 'NR % k == 0 {
			sub(/\.html$/, ""); print $0 "\t" }' > "$tmp/rpages"
		rn=$(wc -l < "$tmp/rpages")
		rc=$(IN_DIR=$dir OUT_DIR=$tmp/rout PAGES=$tmp/rpages \
		    cpu1 node "$peer" readability-text --batch)
		rp=$(per "$rn" "$rc")
		rx=$(xratio "$(per "$np" "$wc_")" "$rp")
		rm -rf "$tmp/rout"
	fi
	printf '%-12s %6s %9s %9s %8s %10s %10s %9s\n' "$2" "$np" "$tc" \
	    "$wc_" "$(xratio "$wc_" "$tc")" "$(per "$np" "$wc_")" "$rp" "$rx"
}
echo
echo "== speed: CPU seconds (user + system, best of 3) of one process" \
    "over all the pages"
echo "(ratio: wextract / bare tidy parse, goal <= 1.3x; vs-R: wextract's" \
    "pages/s over Readability's, goal >= 15x, one Readability run; on" \
    "WCXB over every ${RSAMPLE:-10}th page)"
printf '%-12s %6s %9s %9s %8s %10s %10s %9s\n' "pages" "n" "tidy s" \
    "wextract" "ratio" "wx pg/s" "R pg/s" "vs-R"
speed "$tmp/pages" readability
[ -d "$tmp/wcxb" ] && speed "$tmp/wcxb" wcxb-dev "${RSAMPLE:-10}"
[ -z "$peer" ] && echo "(Readability is not installed in $PEERS: R columns" \
    "skipped; see $EVAL/README.md)"

# Instructions: CPU seconds swing by a third between runs on a shared
# machine; callgrind's instruction count does not. Readability pages only
# (valgrind runs ~50x slower).
icount() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
	    2>&1 >/dev/null | awk '/Collected :/ { n = $NF } END { print n + 0 }'
}
echo
if [ -n "$tidy" ] && command -v valgrind >/dev/null 2>&1; then
	ti=$(icount "$tidy" "$tmp"/pages/*.html)
	wi=$(icount "$W" --format text -c $WOPT "$tmp"/pages/*.html)
	awk -v t="$ti" -v w="$wi" 'BEGIN {
		printf "instructions (callgrind, readability pages): tidy %.2f G, wextract %.2f G, ratio %s\n",
		    t / 1e9, w / 1e9, (t > 0 ? sprintf("%.3fx", w / t) : "n/a") }'
else
	echo "(valgrind is not installed: instruction counts skipped)"
fi
rm -rf "$tmp/wcxb"

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
