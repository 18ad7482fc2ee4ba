#!/bin/sh
# run-all.sh BUILD SANBUILD BIN: run every suite inside a private network
# namespace that has only loopback, then print "N passed, N failed,
# N skipped" (a skip is never counted as a pass).
# Re-executes itself under unshare -rnm unless already isolated.
B=${1:-build} SAN=${2:-build-san} BIN=${3:-bin}
top=$(cd "$(dirname "$0")/.." && pwd)

if [ -z "$WEBTOOLS_ISOLATED" ]; then
	if ! command -v unshare >/dev/null 2>&1; then
		echo "run-all: unshare (util-linux) is needed to isolate the suites" >&2
		echo "0 passed, 1 failed, 0 skipped"
		exit 1
	fi
	WEBTOOLS_ISOLATED=1 exec unshare -rnm sh -c '
		ip link set lo up 2>/dev/null || ifconfig lo up 2>/dev/null
		mount -t sysfs sysfs /sys 2>/dev/null
		exec sh "$0" "$@"' "$0" "$B" "$SAN" "$BIN"
fi

cd "$top" || exit 1
pass=0 fail=0 skip=0 log=$(mktemp)
export WT_BIN="$top/$BIN" WT_TOP="$top"

add() {	# add LOGFILE: sum "N passed, N failed" lines
	p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$1" |
	    awk '{s+=$1} END {print s+0}')
	f=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$1" |
	    awk '{s+=$1} END {print s+0}')
	pass=$((pass + p)) fail=$((fail + f))
}

for dir in "$B" "$SAN"; do
	for t in "$dir"/unit/test_*; do
		[ -x "$t" ] || continue
		name="$dir/$(basename "$t")"
		if ! "$t" >"$log" 2>"$log.err"; then
			cat "$log.err" >&2
			grep -q ' passed, ' "$log" || echo "$name: 0 passed, 1 failed" >"$log"
		fi
		sed "s|^[^:]*:|$name:|" "$log"
		add "$log"
	done
done

if [ -n "$(ls tests/*.bats 2>/dev/null)" ]; then
	BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-120} bats --tap tests/*.bats >"$log" 2>&1
	cat "$log"
	s=$(grep -c '^ok .* # skip' "$log")
	p=$(($(grep -c '^ok ' "$log") - s))
	f=$(grep -c '^not ok ' "$log")
	echo "bats: $p passed, $f failed, $s skipped"
	grep '^ok .* # skip' "$log" | sed 's/^/skipped: /'
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + s))
fi
rm -f "$log" "$log.err"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
