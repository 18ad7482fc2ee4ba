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
	[[ "$output" == *"apt-get install -y libcurl4-openssl-dev libjq-dev libtidy-dev libpsl-dev"* ]]
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
