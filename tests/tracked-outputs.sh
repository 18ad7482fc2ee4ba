#!/bin/sh
# tracked-outputs.sh [DIR]: fail when the git checkout at DIR (default .)
# tracks a build output: an ELF object or Python bytecode. Part of make lint.
cd "${1:-.}" || exit 2
git rev-parse --git-dir >/dev/null 2>&1 || exit 0   # not a checkout
git ls-files -z | xargs -0 sh -c '
bad=0
for f; do
	[ -f "$f" ] || continue
	case $f in
	*.pyc|*.pyo|*/__pycache__/*|__pycache__/*)
		echo "lint: bytecode under version control: $f" >&2
		bad=1; continue ;;
	esac
	if [ "$(head -c 4 "$f" | od -An -c | tr -d " ")" = "177ELF" ]; then
		echo "lint: ELF object under version control: $f" >&2
		bad=1
	fi
done
exit $bad' tracked-outputs || exit 1
