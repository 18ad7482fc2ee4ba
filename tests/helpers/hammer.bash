# hammer.bash: build tests/helpers/budget_hammer.c against the built
# library (setup_file), so the run, cache and admission rules can be
# driven directly. HAMMER is empty when no library is found.
hammer_build() {
	local lib="" cand deps cflags
	HAMMER="$BATS_FILE_TMPDIR/budget_hammer"
	export HAMMER
	for cand in "${WT_LIB:-}" "$WT_BIN/../libwebtools.a" \
	    "$WT_TOP/build/libwebtools.a"; do
		if [ -n "$cand" ] && [ -f "$cand" ]; then
			lib=$cand
			break
		fi
	done
	if [ -z "$lib" ]; then
		HAMMER=""
		return 0
	fi
	deps=$(sed -n 's/^DEP_LIBS = //p' "$WT_TOP/config.mk")
	# A sanitizer build of the library needs its runtime at link time.
	if nm "$lib" 2>/dev/null | grep -q __asan_; then
		deps="$deps -fsanitize=address,undefined"
	fi
	cflags=$(sed -n 's/^DEP_CFLAGS = //p' "$WT_TOP/config.mk")
	# shellcheck disable=SC2086
	cc -std=c11 -O1 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	    -I"$WT_TOP/lib" $cflags -o "$HAMMER" \
	    "$WT_TOP/tests/helpers/budget_hammer.c" "$lib" $deps || HAMMER=""
}

need_hammer() {
	HAMMER="$BATS_FILE_TMPDIR/budget_hammer"
	[ -x "$HAMMER" ] || skip "budget_hammer could not be built"
}
