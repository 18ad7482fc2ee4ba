#!/usr/bin/env bats
# The documentation says what the code does: error codes, options, and
# the man pages' EXAMPLES, which are run against the fixture server.

load helpers/common
load helpers/fixture

@test "every error code of lib/err.c is documented in webtools(7)" {
	codes=$(sed -n '/^static const struct code codes/,/^};/p' "$WT_TOP/lib/err.c" |
	    grep -o '"[a-z_0-9]*"' | tr -d '"')
	[ -n "$codes" ]
	for c in $codes; do
		grep -q "^\.It Cm $c\$" "$WT_TOP/man/webtools.7" || { echo "undocumented: $c"; false; }
	done
}

@test "every wfetch long option is in --help and in wfetch(1)" {
	opts=$(grep -o '{ "[a-z-]*", [a-z_]*_argument' "$WT_TOP/bin/wfetch.c" | cut -d'"' -f2)
	[ -n "$opts" ]
	run -0 wfetch --help
	for o in $opts; do
		[[ "$output" == *"--$o"* ]] || { echo "not in --help: $o"; false; }
		man_has_option "$WT_TOP/man/wfetch.1" "$o" || { echo "not in man: $o"; false; }
	done
}

@test "every wfetch request field is in wfetch(1)" {
	run -0 wfetch --schema
	for f in $(printf '%s' "$output" | jq -r '.properties|keys[]'); do
		grep -q -- "${f}" "$WT_TOP/man/wfetch.1" || { echo "not in man: $f"; false; }
	done
}

@test "the wfetch(1) EXAMPLES run" {
	n=0
	while IFS= read -r line; do
		cmd=$(printf '%s' "$line" | sed \
		    -e "s|https://example.com/guide|$BASE/size/30000|" \
		    -e "s|https://example.com/|$BASE/page|" -e "s|URL|$BASE/page|")
		case $cmd in wsearch*) continue ;; esac
		run bash -c "$cmd"
		[ "$status" -eq 0 ] || { echo "example failed: $cmd"; echo "$output"; false; }
		n=$((n + 1))
	done < <(man_examples "$WT_TOP/man/wfetch.1" | grep '^w')
	[ "$n" -ge 3 ]
}

@test "every man page is mdoc and mandoc finds no error in it" {
	command -v mandoc >/dev/null || fail "mandoc is a build dependency (configure --install-deps)"
	n=0
	for m in "$WT_TOP"/man/*.[157]; do
		head -1 "$m" | grep -q '^\.Dd ' || fail "not mdoc: $m"
		! grep -nE '^\.(TH|SH|SS|TP|PP|IP|B|I|BR|RB|BI|IB|IR|RI|nf|fi|EX|EE|br)( |$)' "$m" ||
		    fail "man(7) macro in $m"
		run mandoc -T lint -W warning "$m"
		# only STYLE remarks and the conventional-order warnings are allowed
		bad=$(printf '%s\n' "$output" | grep -E 'ERROR|WARNING' |
		    grep -vE 'sections out of conventional order|unusual Xr order|unexpected section|outdated mandoc.db' || :)
		[ -z "$bad" ] || fail "$bad"
		n=$((n + 1))
	done
	[ "$n" -eq 7 ]
}

@test "wrobots(1) renders its quoted words whole" {
	run -0 sh -c "mandoc -T ascii '$WT_TOP/man/wrobots.1' | sed 's/.\x08//g'"
	[[ "$output" == *'({"url": "...", "agent": "..."})'* ]]
	[[ "$output" == *"(\`ok' or \`blocked')"* ]]
	[[ "$output" == *"(\`allow' or \`disallow')"* ]]
	[[ "$output" == *"(\`ExampleBot/1.1' is ExampleBot)"* ]]
}

@test "the README's usage lines are the programs' --help usage lines" {
	for p in wfetch wextract wsearch wrobots; do
		run -0 "$p" --help
		# the lines from "usage:" up to the first option line
		printf '%s\n' "$output" | sed -n '/^usage:/,/^  *-/p' |
		    grep -v '^  *-' | sed -e 's/^usage: //' -e 's/^ *//' |
		    while IFS= read -r l; do
			grep -qxF -- "    $l" "$WT_TOP/README.md" ||
			    { echo "README lacks: $l"; return 1; }
		done
	done
}

@test "the README says where a query goes by default and how to keep it local" {
	# the default chain as the programs see it, unconfigured
	run -0 web-control -c config
	chain=$(printf '%s\n' "$output" | jq -r '.config.search.backend | join(", ")')
	[ "$chain" = "parallel, ollama" ]
	tr '\n' ' ' <"$WT_TOP/README.md" | grep -q 'Unconfigured, the chain is `\["parallel", "ollama"\]`'
	grep -q "sent off this machine to Parallel's hosted search" "$WT_TOP/README.md"
	grep -q 'To keep queries local' "$WT_TOP/README.md"
	! grep -qi 'registered slot' "$WT_TOP/README.md"
}
