#!/bin/sh
# bench/run.sh: every benchmark script in bench/ (make bench).
cd "$(dirname "$0")" || exit 1
for b in *.sh; do
	[ "$b" = run.sh ] && continue
	[ "$b" = extract.sh ] && continue
	[ "$b" = hostile.sh ] && continue
	echo "== $b"
	sh "./$b" || echo "bench: $b failed"
done
