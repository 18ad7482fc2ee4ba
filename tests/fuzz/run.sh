#!/bin/sh
# run.sh: build the HTML fuzz target with clang (libFuzzer, ASan, UBSan)
# and run it for FUZZ_SECONDS (default 600) over a corpus seeded with
# tests/fixtures/html. Not run in CI. Crashes land in $FUZZ_DIR.
# Usage: sh tests/fuzz/run.sh   (from the top of the tree, after ./configure)
set -e
FUZZ_SECONDS=${FUZZ_SECONDS:-600}
FUZZ_DIR=${FUZZ_DIR:-build-fuzz}
CC=${FUZZ_CC:-clang}
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
[ -f config.mk ] || { echo "run.sh: run ./configure first" >&2; exit 2; }
DEP_CFLAGS=$(sed -n 's/^DEP_CFLAGS = //p' config.mk)
DEP_LIBS=$(sed -n 's/^DEP_LIBS = //p' config.mk)
LDFLAGS=$(sed -n 's/^LDFLAGS = //p' config.mk)
mkdir -p "$FUZZ_DIR/obj" "$FUZZ_DIR/corpus" "$FUZZ_DIR/crashes"
# the rest of the library, plain; the HTML files instrumented
make -s B="$FUZZ_DIR/lib" "$FUZZ_DIR/lib/libwebtools.a" >/dev/null
for f in lib/html*.c; do
	$CC -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	    -Ilib $DEP_CFLAGS $SAN -c "$f" -o "$FUZZ_DIR/obj/$(basename "$f" .c).o"
done
$CC -g -O1 -std=c11 -Ilib $DEP_CFLAGS \
    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -o "$FUZZ_DIR/fuzz_html" tests/fuzz/fuzz_html.c "$FUZZ_DIR"/obj/*.o \
    "$FUZZ_DIR/lib/libwebtools.a" $LDFLAGS $DEP_LIBS
for f in tests/fixtures/html/*.html; do
	# option byte 7: text, links, a base URL
	{ printf '\007'; cat "$f"; } > "$FUZZ_DIR/corpus/$(basename "$f")"
done
echo "fuzzing for ${FUZZ_SECONDS}s; crashes go to $FUZZ_DIR/crashes/"
"./$FUZZ_DIR/fuzz_html" -max_total_time="$FUZZ_SECONDS" -max_len=65536 \
    -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$FUZZ_DIR/crashes/" \
    "$FUZZ_DIR/corpus"
