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
