#!/usr/bin/env bats
# The build frame: configure's diagnostics and make install.

load helpers/common

setup() {
	common_setup
}

@test "configure names the apt-get line for a missing dependency" {
	cp -r "$WT_TOP/configure" "$WT_TOP/conf" "$BATS_TEST_TMPDIR/"
	cd "$BATS_TEST_TMPDIR"
	# A compiler that cannot build the probes: every library is missing.
	run -1 ./configure CC=false
	[[ "$output" == *"apt-get install -y libcurl4-openssl-dev libjq-dev libtidy-dev libpsl-dev libidn2-dev"* ]]
	[ ! -f config.mk ]
}

@test "configure treats hiredis as optional" {
	cp -r "$WT_TOP/configure" "$WT_TOP/conf" "$BATS_TEST_TMPDIR/"
	cd "$BATS_TEST_TMPDIR"
	if [ -f /usr/include/hiredis/hiredis.h ]; then
		run -0 ./configure
		grep -q -- '-DW_HAVE_HIREDIS=1' config.mk
		grep -q -- '-lhiredis' config.mk
	fi
	# Without it (the probe cannot compile): built anyway, said so.
	echo '#include <no-such-hiredis.h>' >conf/test-hiredis.c
	run -0 ./configure
	assert_output --partial 'building without hiredis'
	refute_output --partial 'apt-get install'
	[ -z "$(grep -i hiredis config.mk)" ]
}

@test "configure honours --prefix, CC and CFLAGS" {
	cp -r "$WT_TOP/configure" "$WT_TOP/conf" "$BATS_TEST_TMPDIR/"
	cd "$BATS_TEST_TMPDIR"
	run -0 ./configure --prefix=/opt/wt CC=cc CFLAGS=-O1
	grep -qx 'PREFIX = /opt/wt' config.mk
	grep -qx 'CFLAGS = -O1' config.mk
}

@test "make install puts programs and man pages under DESTDIR/PREFIX" {
	run -0 make -s -C "$WT_TOP" install DESTDIR="$BATS_TEST_TMPDIR/root" PREFIX=/usr
	for p in wfetch wextract wrobots wsearch web-control; do
		[ -x "$BATS_TEST_TMPDIR/root/usr/bin/$p" ]
	done
	[ -f "$BATS_TEST_TMPDIR/root/usr/share/man/man7/webtools.7" ]
	[ -f "$BATS_TEST_TMPDIR/root/usr/share/man/man1/wfetch.1" ]
}

@test "make lint refuses a tracked ELF object or Python bytecode" {
	d="$BATS_TEST_TMPDIR/repo"
	mkdir -p "$d/tests/server/__pycache__"
	cd "$d"
	git init -q . && git config user.email t@t && git config user.name t
	echo 'int main(void) { return 0; }' >a.c
	git add a.c && git commit -qm src
	run -0 sh "$WT_TOP/tests/tracked-outputs.sh" "$d"
	cp "$(type -P true)" prog
	git add prog
	run -1 sh "$WT_TOP/tests/tracked-outputs.sh" "$d"
	[[ "$output" == *"ELF object under version control: prog"* ]]
	git rm -q --cached prog
	printf 'bytecode' >tests/server/__pycache__/server.cpython-311.pyc
	git add -f tests/server/__pycache__/server.cpython-311.pyc
	run -1 sh "$WT_TOP/tests/tracked-outputs.sh" "$d"
	[[ "$output" == *"bytecode under version control: tests/server/__pycache__/server.cpython-311.pyc"* ]]
	# and the project itself tracks none
	run -0 sh "$WT_TOP/tests/tracked-outputs.sh" "$WT_TOP"
}

@test "make lint refuses jv_object_get/jv_array_get outside lib/json.c" {
	d="$BATS_TEST_TMPDIR/tree"
	mkdir -p "$d/tests" "$d/lib/provider" "$d/bin"
	cp "$WT_TOP/tests/lint.sh" "$WT_TOP/tests/tracked-outputs.sh" "$d/tests/"
	printf 'int\nf(void)\n{\n\treturn 0;\n}\n' >"$d/bin/p.c"
	printf '/* jv_object_get(o, k) wrapped here only */\n' >"$d/lib/json.c"
	run -0 sh "$d/tests/lint.sh"
	printf 'x = jv_array_get(jv_copy(a), 0);\n' >"$d/lib/provider/p.c"
	run -1 sh "$d/tests/lint.sh"
	[[ "$output" == *"lib/provider/p.c:1:"* ]]
	[[ "$output" == *"outside lib/json.c"* ]]
}

@test "make install puts share/webtools there; make uninstall removes everything it installed" {
	root="$BATS_TEST_TMPDIR/root"
	run -0 make -s -C "$WT_TOP" install DESTDIR="$root" PREFIX=/usr
	s="$root/usr/share"
	[ -f "$s/webtools/config.json" ]
	[ -f "$s/bash-completion/completions/wfetch" ]
	[ -f "$s/bash-completion/completions/web-control" ]
	[ -f "$s/zsh/site-functions/_webtools" ]
	# the schemas are the programs' own --schema (the CI check)
	for p in wfetch wextract wsearch wrobots; do
		diff <("$WT_BIN/$p" --schema) "$s/webtools/schema/$p.request.json"
		diff <("$WT_BIN/$p" --schema=envelope) "$s/webtools/schema/$p.envelope.json"
	done
	run -0 make -s -C "$WT_TOP" uninstall DESTDIR="$root" PREFIX=/usr
	run find "$root" -type f
	assert_output ""
	[ ! -e "$s/webtools" ]
}

@test "the envelope schema lists every error code of the table and requires tool, status, summary" {
	run -0 wfetch --schema=envelope
	printf '%s' "$output" | jq -e '.required == ["tool","status","summary"]'
	n=$(printf '%s' "$output" | jq '.properties.error.properties.code.enum | length')
	for c in $(printf '%s' "$output" | jq -r '.properties.error.properties.code.enum[]'); do
		grep -q "^\.It Cm $c\$" "$WT_TOP/man/webtools.7" || fail "undocumented: $c"
	done
	[ "$n" -ge 25 ]
	run -2 --separate-stderr wfetch --schema=nonsense
	[[ "$stderr" == *"--schema takes request or envelope"* ]]
}

@test "the example config loads as it is and with every key line uncommented" {
	ex="$WT_TOP/share/webtools/config.json"
	WEB_CONFIG="$ex" run -0 web-control -c config
	printf '%s' "$output" | jq -e '.config.search.maxRequestsPerRun == 4'
	# every key uncommented: config runs the programs' checks, so the
	# values lose their "(example; ...)" notes, the variable the
	# apiKeyEnv examples name is set, and Ollama's key (only for the
	# hosted origin; the example's baseUrl is local) stays out
	sed 's|^//  |  |' "$ex" | grep -v '^//' | grep -v OLLAMA_API_KEY |
	    sed 's| (example[^"]*)"|"|' >"$BATS_TEST_TMPDIR/all.json"
	export PARALLEL_API_KEY=example
	WEB_CONFIG="$BATS_TEST_TMPDIR/all.json" run -0 web-control -c config
	# the defaults it shows are the programs' defaults
	WEB_CONFIG="$BATS_TEST_TMPDIR/all.json" run -0 web-control -c config
	printf '%s' "$output" | jq -e '.config.network.mode == "all" and
	    .config.search.backend == ["parallel","ollama"] and
	    .config.fetch.render == "never" and .config.coordination == "process"'
	# every key of the config table is in the example
	for k in $(sed -n '/^static const struct key keys/,/^};/p' "$WT_TOP/lib/config.c" |
	    grep -o '{ "[a-zA-Z.]*", K_[A-Z_]*' | grep -v 'K_RETIRED\|K_OBJ' |
	    cut -d'"' -f2 | grep -v '^search.endpoint$'); do
		grep -q "\"${k##*.}\":" "$ex" || fail "not in the example: $k"
	done
}

@test "completions know every long option, the formats and the provider names" {
	bc="$WT_TOP/share/webtools/completions/webtools.bash"
	zc="$WT_TOP/share/webtools/completions/_webtools"
	for p in wfetch wextract wsearch wrobots web-control; do
		for o in $("$WT_BIN/$p" --help | grep -o -- '--[a-z-]*' | sort -u); do
			grep -q -- "$o\b" "$bc" || fail "bash: $p $o"
			grep -q -- "$o\[" "$zc" || grep -q -- "$o}" "$zc" || fail "zsh: $p $o"
		done
	done
	run -0 bash -c "source '$bc'; COMP_WORDS=(wfetch --format ''); COMP_CWORD=2; _webtools; echo \${COMPREPLY[*]}"
	assert_output "markdown text raw"
	run -0 bash -c "source '$bc'; COMP_WORDS=(wfetch --for); COMP_CWORD=1; _webtools; echo \${COMPREPLY[*]}"
	assert_output "--format"
	run -0 bash -c "source '$bc'; COMP_WORDS=(web-control reset d); COMP_CWORD=2; _webtools; echo \${COMPREPLY[*]}"
	assert_output "duckduckgo"
	run -0 bash -c "source '$bc'; COMP_WORDS=(web-control ''); COMP_CWORD=1; _webtools; echo \${COMPREPLY[*]}"
	assert_output "run status reset config doctor sources verdict mcp"
}

@test "bench/wcxb_retype.py: page units a retyping would move, by truth type, and the best-profile ceiling" {
	# three pages typed collection (truths: collection, collection,
	# listing); forced runs of the listing and product profiles
	k=$BATS_TEST_TMPDIR/classified
	mkdir -p "$k" "$BATS_TEST_TMPDIR/listing" "$BATS_TEST_TMPDIR/product"
	for d in "$k" "$BATS_TEST_TMPDIR/listing" "$BATS_TEST_TMPDIR/product"; do
		printf 'id\ttype\tprecision\trecall\tf1\twith\twithout\n' >"$d/per-page.tsv"
	done
	: >"$k/.all.ndjson"
	for p in 1:collection:0.5:0.7:0.2 2:collection:0.9:0.8:0.9 3:listing:0.4:0.9:0.4; do
		IFS=: read -r i t f l r <<-EOS
		$p
		EOS
		printf '%s\t%s\t1\t1\t%s\t-\t-\n' "$i" "$t" "$f" >>"$k/per-page.tsv"
		printf '%s\t%s\t1\t1\t%s\t-\t-\n' "$i" "$t" "$l" \
		    >>"$BATS_TEST_TMPDIR/listing/per-page.tsv"
		printf '%s\t%s\t1\t1\t%s\t-\t-\n' "$i" "$t" "$r" \
		    >>"$BATS_TEST_TMPDIR/product/per-page.tsv"
		printf '{"source":{"file":"/x/%s.html"},"coverage":{"page_type":"collection"}}\n' \
		    "$i" >>"$k/.all.ndjson"
	done
	run -0 python3 "$WT_TOP/bench/wcxb_retype.py" "$k" \
	    listing="$BATS_TEST_TMPDIR/listing" product="$BATS_TEST_TMPDIR/product"
	assert_line "typed collection: 3 pages, loss 1.20 units"
	# listing: page 1 +0.2, page 2 -0.1 (collection +0.10), page 3 +0.5
	assert_line --regexp '^  -> listing +\+0\.60  collection 2: \+0\.10 \(1 up, 1 down\)  listing 1: \+0\.50 \(1 up, 0 down\)$'
	# product: page 1 -0.3, pages 2 and 3 unchanged
	assert_line --regexp '^  -> product +-0\.30  collection 2: -0\.30 \(0 up, 1 down\)  listing 1: \+0\.00 \(0 up, 0 down\)$'
	# best per page: 0.7 (listing), 0.9 (classified), 0.9 (listing)
	assert_line "  best profile per page (ceiling): +0.70 units"
	run -1 python3 "$WT_TOP/bench/wcxb_retype.py" "$k"
	assert_output --partial "usage: wcxb_retype.py"
}

@test "bench/wcxb_retype.py --features: a move's best one-signal rule priced on the other site fold" {
	# four pages typed collection, two on a site of fold 0 (a.example),
	# two on one of fold 1 (b.example); the listing profile gains +0.2,
	# -0.1, +0.3, -0.2 on them
	k=$BATS_TEST_TMPDIR/classified l=$BATS_TEST_TMPDIR/listing
	mkdir -p "$k" "$l"
	for d in "$k" "$l"; do
		printf 'id\ttype\tprecision\trecall\tf1\twith\twithout\n' >"$d/per-page.tsv"
	done
	: >"$k/.all.ndjson"
	: >"$BATS_TEST_TMPDIR/feat"
	for p in 1:0.5:0.7:a:5 2:0.9:0.8:a:1 3:0.4:0.7:b:6 4:0.8:0.6:b:0; do
		IFS=: read -r i f g site n <<-EOS
		$p
		EOS
		printf '%s\tcollection\t1\t1\t%s\t-\t-\n' "$i" "$f" >>"$k/per-page.tsv"
		printf '%s\tcollection\t1\t1\t%s\t-\t-\n' "$i" "$g" >>"$l/per-page.tsv"
		printf '{"source":{"file":"/x/%s.html"},"coverage":{"page_type":"collection"}}\n' \
		    "$i" >>"$k/.all.ndjson"
		printf '%s %s.example n=%s\n' "$i" "$site" "$n" >>"$BATS_TEST_TMPDIR/feat"
	done
	run -0 python3 "$WT_TOP/bench/wcxb_retype.py" "$k" listing="$l" \
	    --features "$BATS_TEST_TMPDIR/feat"
	assert_line --regexp '^  -> listing +\+0\.20  collection 4: \+0\.20 \(2 up, 2 down\)$'
	# fitted on fold 0 (n >= 5: page 1), it takes page 3 of fold 1
	# (+0.3); fitted on fold 1 (n >= 6: page 3), no page of fold 0
	assert_line "     held out +0.30: fold 0: n >= 5 +0.20, held out +0.30; fold 1: n >= 6 +0.30, held out +0.00"
	run -1 python3 "$WT_TOP/bench/wcxb_retype.py" "$k" listing="$l" --features
	assert_output --partial "usage: wcxb_retype.py"
}

@test "bench/wcxb_conf.py: confidence's rank correlation and calibration against per-page F1" {
	d=$BATS_TEST_TMPDIR/keep
	mkdir -p "$d"
	# four pages whose confidence is their F1, then one that claims 0.95
	# for an F1 of 0.15
	printf 'id\ttype\tprecision\trecall\tf1\twith\twithout\n' >"$d/per-page.tsv"
	: >"$d/.all.ndjson"
	for p in 1:article:0.95 2:article:0.75 3:forum:0.65 4:forum:0.85; do
		IFS=: read -r i t f <<-EOS
		$p
		EOS
		printf '%s\t%s\t1\t1\t%s\t-\t-\n' "$i" "$t" "$f" >>"$d/per-page.tsv"
		printf '{"source":{"file":"/x/%s.html"},"coverage":{"confidence":%s}}\n' \
		    "$i" "$f" >>"$d/.all.ndjson"
	done
	run -0 python3 "$WT_TOP/bench/wcxb_conf.py" "$d"
	assert_output --partial "calibration error 0.000"
	assert_line --regexp '^all +4 +1\.000$'
	printf '5\tarticle\t1\t1\t0.15\t-\t-\n' >>"$d/per-page.tsv"
	printf '{"source":{"file":"/x/5.html"},"coverage":{"confidence":0.95}}\n' \
	    >>"$d/.all.ndjson"
	run -0 python3 "$WT_TOP/bench/wcxb_conf.py" "$d"
	assert_output --partial "calibration error 0.160"
	run -1 python3 "$WT_TOP/bench/wcxb_conf.py" "$BATS_TEST_TMPDIR"
	assert_output --partial "no per-page.tsv"
}
