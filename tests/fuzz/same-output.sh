#!/bin/sh
# same-output.sh A B: whether two builds of wextract (bin directories A
# and B) write byte-identical envelopes, in Markdown and in text, for
# every page of the readability corpus and the WCXB development split:
# the check that a change to the parse (lib/html_dom.c) left every
# output as it was. One process per corpus and format (wextract -c over
# all the pages, as the batch benchmarks run it). Prints one line per
# corpus and format, "same" or "DIFFERENT" with the first differing
# page; exits 1 when any differs. Not run by make check (minutes).
# Environment: SHARED (../shared), CORPORA (the corpus directories).
set -u
[ $# -eq 2 ] || { echo "usage: same-output.sh BIN_A BIN_B" >&2; exit 2; }
A=$(cd "$1" && pwd)/wextract B=$(cd "$2" && pwd)/wextract
if [ ! -x "$A" ] || [ ! -x "$B" ]; then
	echo "same-output.sh: no wextract in $1 or $2" >&2
	exit 2
fi
SHARED=${SHARED:-$(cd "$(dirname "$0")/../../../shared" 2>/dev/null && pwd)}
CORPORA=${CORPORA:-"$SHARED/corpus/readability $SHARED/corpus/wcxb-dev"}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
rc=0
for c in $CORPORA; do
	name=$(basename "$c")
	mkdir -p "$tmp/$name"
	for f in "$c"/html/*.html "$c"/html/*.html.gz; do
		[ -f "$f" ] || continue
		case $f in
		*.gz) gzip -dc "$f" > "$tmp/$name/$(basename "$f" .gz)" ;;
		*) cp "$f" "$tmp/$name/" ;;
		esac
	done
	n=$(find "$tmp/$name" -name '*.html' | wc -l)
	for fmt in markdown text; do
		for w in A B; do
			bin=$A
			[ "$w" = B ] && bin=$B
			find "$tmp/$name" -name '*.html' | LC_ALL=C sort |
			    xargs "$bin" --format "$fmt" --max-chars 100000 \
			    -c > "$tmp/$w.out" 2>/dev/null
		done
		if cmp -s "$tmp/A.out" "$tmp/B.out"; then
			echo "$name $fmt: same ($n pages)"
		else
			first=$(diff "$tmp/A.out" "$tmp/B.out" | sed -n \
			    's/.*"file":"\([^"]*\)".*/\1/p' | head -1)
			echo "$name $fmt: DIFFERENT (first: $first)"
			rc=1
		fi
	done
	rm -rf "${tmp:?}/$name"
done
exit $rc
