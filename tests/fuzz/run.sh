#!/bin/sh
# run.sh [TARGET...]: build the fuzz targets (tests/fuzz/fuzz_*.c) with
# clang's libFuzzer, ASan and UBSan over an instrumented copy of the
# library, in $FUZZ_DIR (default build-fuzz); with FUZZ_SECONDS > 0 run
# each named target (default: all) that long over a corpus seeded from
# tests/fuzz/seeds. Crashes, leaks, timeouts (> 1 s) and OOMs (> 256 MiB)
# land in $FUZZ_DIR/crashes/TARGET/. Not run in CI (make fuzz-smoke is).
# Usage: make fuzz [FUZZ="fuzz_url fuzz_robots"] [FUZZ_SECONDS=300]
set -e
FUZZ_SECONDS=${FUZZ_SECONDS:-0}
FUZZ_DIR=${FUZZ_DIR:-build-fuzz}
FUZZ_JOBS=${FUZZ_JOBS:-2}
CC=${FUZZ_CC:-clang}
SAN="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined"
[ -f config.mk ] || { echo "run.sh: run ./configure first" >&2; exit 2; }
command -v "$CC" >/dev/null 2>&1 ||
	{ echo "run.sh: $CC is needed for libFuzzer (make fuzz-smoke needs no clang)" >&2; exit 2; }
DEP_LIBS=$(sed -n 's/^DEP_LIBS = //p' config.mk)
mkdir -p "$FUZZ_DIR"
# the whole library instrumented for coverage and the sanitizers
make -s -j"$FUZZ_JOBS" CC="$CC" B="$FUZZ_DIR" WERROR= \
    CFLAGS="-g -O1 -fno-omit-frame-pointer $SAN" \
    "$FUZZ_DIR/libwebtools.a" >/dev/null
targets=$*
[ -n "$targets" ] || targets=$(ls tests/fuzz/fuzz_*.c | sed 's|.*/||; s|\.c$||')
for t in $targets; do
	$CC -g -O1 -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	    -Ilib -Itests/fuzz $(sed -n 's/^DEP_CFLAGS = //p' config.mk) \
	    -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
	    -o "$FUZZ_DIR/$t" "tests/fuzz/$t.c" tests/fuzz/util.c \
	    "$FUZZ_DIR/libwebtools.a" $DEP_LIBS
done
echo "built: $targets (in $FUZZ_DIR)"
[ "$FUZZ_SECONDS" -gt 0 ] || exit 0
# ASan's default 256 MiB quarantine alone would trip -rss_limit_mb=256
# (a false out-of-memory after some thousands of inputs): keep it small.
ASAN_OPTIONS=${ASAN_OPTIONS:-quarantine_size_mb=16}
export ASAN_OPTIONS
for t in $targets; do
	corpus="$FUZZ_DIR/corpus/$t" crashes="$FUZZ_DIR/crashes/$t"
	mkdir -p "$corpus" "$crashes"
	{ grep -v '^#' "tests/fuzz/seeds/$t.txt"; ls -d tests/fuzz/seeds/"$t"/* 2>/dev/null; } |
	while read -r f; do
		[ -f "$f" ] && cp "$f" "$corpus/seed-$(basename "$f")"
	done
	echo "fuzzing $t for ${FUZZ_SECONDS}s; crashes go to $crashes/"
	# fuzz_mcpserver's tools/call could reach the network: none there
	iso=
	[ "$t" = fuzz_mcpserver ] && iso="unshare -rn"
	$iso "./$FUZZ_DIR/$t" -max_total_time="$FUZZ_SECONDS" -max_len=65536 \
	    -timeout=1 -rss_limit_mb=256 -malloc_limit_mb=256 \
	    -artifact_prefix="$crashes/" -print_final_stats=1 "$corpus" \
	    >"$FUZZ_DIR/$t.log" 2>&1 || echo "$t: FOUND something, see $FUZZ_DIR/$t.log"
done
