#!/bin/sh
# lint.sh: no build outputs under version control, banned functions, then
# cppcheck when installed (make lint, part of make check).
cd "$(dirname "$0")/.." || exit 1
rc=0
sh tests/tracked-outputs.sh . || rc=1
if grep -nE '\b(strcpy|strcat|sprintf|vsprintf|gets|strtok|atoi|system|popen)\s*\(' \
    lib/*.c lib/provider/*.c bin/*.c 2>/dev/null; then
	echo "lint: banned function used (see STYLE.md)" >&2
	rc=1
fi
# libjq asserts on the wrong kind: untrusted values are read through
# json.h's w_json_get/w_json_at, which are the only callers (json.h).
if grep -nE '\bjv_(object|array)_get\s*\(' lib/*.c lib/provider/*.c bin/*.c |
    grep -v '^lib/json\.c:'; then
	echo "lint: jv_object_get/jv_array_get outside lib/json.c (use" \
	    "w_json_get/w_json_at)" >&2
	rc=1
fi
# html_dom.c's drop_data() removes, before tidy parses, every data-
# attribute not in its data_read[] list: a name lib/ asks for must be there
# (data-wt-* marks are always kept).
kept=$(sed -n '/data_read\[\] = {/,/};/p' lib/html_dom.c)
for a in $(grep -ho '"data-[a-z0-9][a-z0-9-]*"' lib/*.c | sort -u); do
	case $a in '"data-wt-'*) continue ;; esac
	case $kept in *"$a"*) ;; *)
		echo "lint: $a is read in lib/ but drop_data() removes it" \
		    "(add it to data_read[] in lib/html_dom.c)" >&2
		rc=1 ;;
	esac
done
if command -v cppcheck >/dev/null 2>&1; then
	cppcheck -q --error-exitcode=1 --enable=warning,portability \
	    --inline-suppr -Ilib lib bin || rc=1
fi
exit $rc
