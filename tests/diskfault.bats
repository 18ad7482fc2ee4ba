#!/usr/bin/env bats
# Disk faults (issue 13): every file the tools write, on a full and on a
# read-only filesystem (a 64 KiB tmpfs mounted in the test's private
# mount namespace). A failed write says so; the run file and host state
# keep their previous content and fail closed; a cache or artifact that
# cannot be written does not fail the fetch, the summary says what was
# not saved. Loopback fixture server only.

load helpers/common
load helpers/fixture

setup() {
	common_setup
	server_env
	write_config "{\"network\":{\"mode\":\"all\",\"allow\":[\"127.0.0.1:$PORT\"]},\"search\":{\"backend\":\"searxng\",\"searxng\":{\"endpoint\":\"$BASE/searxng\"}}}"
	unset XDG_RUNTIME_DIR
	export TMPDIR="$BATS_TEST_TMPDIR/tmp"
	mkdir -p "$TMPDIR"
	MOUNTS=
}

teardown() {
	for m in $MOUNTS; do umount "$m" 2>/dev/null || :; done
}

# tiny DIR: a 64 KiB tmpfs on DIR (made), unmounted by teardown.
tiny() {
	mkdir -p "$1"
	mount -t tmpfs -o size=64k,mode=0700 tmpfs "$1" ||
	    fail "mounting a tmpfs needs the private mount namespace make check runs the suites in (unshare -rnm)"
	MOUNTS="$1 $MOUNTS"
}

# full DIR: fill DIR's filesystem to the last byte.
full() {
	dd if=/dev/zero of="$1/.fill" bs=4k 2>/dev/null || :
	! dd if=/dev/zero of="$1/.more" bs=1 count=1 2>/dev/null
}

# readonly DIR: remount DIR's tmpfs read-only.
readonly_fs() {
	mount -o remount,ro "$1"
}

@test "diskfault: web-control run start on a full or read-only disk says so" {
	tiny "$TMPDIR"
	full "$TMPDIR"
	run -3 web-control -c run start
	[ "$(field .error.code)" = coordination_unavailable ]
	[[ "$(field .error.message)" == *"No space left on device"* ]] || { echo "$output"; false; }
	[ -z "$(ls "$TMPDIR" | grep webtools-run)" ]
	# a read-only TMPDIR is passed over (not writable): /tmp is used
	rm -f "$TMPDIR/.fill" "$TMPDIR/.more"
	readonly_fs "$TMPDIR"
	run -0 web-control -c run start
	[[ "$(field .run_file)" != "$TMPDIR"/* ]]
	WEB_RUN_FILE=$(field .run_file) web-control run end
}

@test "diskfault: the run file on a full disk: a search fails closed, the run file survives" {
	tiny "$TMPDIR"
	eval "$(web-control run start --export)"
	cp "$WEB_RUN_FILE" "$BATS_TEST_TMPDIR/before"
	full "$TMPDIR"
	run -3 wsearch -c "disk fault"
	[ "$(field .status)" = blocked ]
	[ "$(field .error.code)" = coordination_unavailable ]
	[[ "$(field .error.message)" == *"run.json: No space left on device"* ]] || { echo "$output"; false; }
	[ "$(hits '/searxng/search')" = 0 ] || [ -z "$(grep searxng "$SERVER_DIR/log")" ]
	cmp "$WEB_RUN_FILE" "$BATS_TEST_TMPDIR/before"
	# the run is still readable
	run -0 web-control -c run show
	[ "$(field .run.requestsUsed)" = 0 ]
	# no temporary file is left behind
	[ "$(ls -A "$(dirname "$WEB_RUN_FILE")" | grep -c 'run.json.')" = 0 ]
}

@test "diskfault: the run file on a read-only disk: a search fails closed, the run file survives" {
	tiny "$TMPDIR"
	eval "$(web-control run start --export)"
	cp "$WEB_RUN_FILE" "$BATS_TEST_TMPDIR/before"
	readonly_fs "$TMPDIR"
	run -3 wsearch -c "disk fault"
	[ "$(field .error.code)" = coordination_unavailable ]
	[[ "$(field .error.message)" == *"Read-only file system"* ]] || { echo "$output"; false; }
	cmp "$WEB_RUN_FILE" "$BATS_TEST_TMPDIR/before"
	# a fetch in that run cannot lock it either: it fails closed too
	run -3 --separate-stderr wfetch -c "$BASE/hello.txt"
	[[ "$(field .error.message)" == *"cannot be locked"*"Read-only file system"* ]] || { echo "$output"; false; }
	run web-control -c run end
	[ "$status" -ne 0 ]
	[[ "$(field .error.message)" == *"Read-only file system"* ]] || { echo "$output"; false; }
	[ -f "$WEB_RUN_FILE" ]
}

@test "diskfault: host state read-only: fetches fail closed, state.json survives" {
	tiny "$XDG_STATE_HOME"
	eval "$(web-control run start --coordination host --export)"
	run -0 wfetch -c "$BASE/page"
	[ "$(field .status)" = ok ]
	st="$XDG_STATE_HOME/webtools/state.json"
	[ -s "$st" ]
	cp "$st" "$BATS_TEST_TMPDIR/before"
	readonly_fs "$XDG_STATE_HOME"
	run -3 wfetch -c "$BASE/hello.txt"
	[ "$(field .status)" = blocked ]
	[ "$(field .error.code)" = coordination_unavailable ]
	[[ "$(field .error.message)" == *"Read-only file system"* ]] || { echo "$output"; false; }
	cmp "$st" "$BATS_TEST_TMPDIR/before"
	run -3 web-control -c reset
	[[ "$(field .error.message)" == *"Read-only file system"* ]] || { echo "$output"; false; }
	cmp "$st" "$BATS_TEST_TMPDIR/before"
}

@test "diskfault: host state on a full disk before its first write fails closed" {
	tiny "$XDG_STATE_HOME"
	eval "$(web-control run start --coordination host --export)"
	full "$XDG_STATE_HOME"
	run -3 wfetch -c "$BASE/page"
	[ "$(field .error.code)" = coordination_unavailable ]
	[[ "$(field .error.message)" == *"No space left on device"* ]] || { echo "$output"; false; }
	[ ! -s "$XDG_STATE_HOME/webtools/state.json" ]
}

@test "diskfault: the run's document cache full or read-only: the fetch is ok and says what was not saved" {
	tiny "$TMPDIR"
	eval "$(web-control run start --export)"
	full "$TMPDIR"
	for i in 1 2; do
		run -0 wfetch -c "$BASE/page"
		[ "$(field .status)" = ok ]
		[[ "$(field .content)" == *"Example page"* ]] || [ -n "$(field .content)" ]
		[[ "$(field .summary)" == *"the run's document cache entry could not be saved"*"No space left on device"* ]] || { echo "$output"; false; }
	done
	# no empty in-flight marker is left to hold up identical fetches
	[ -z "$(find "$TMPDIR" -name '*.inflight')" ]
	rm -f "$TMPDIR/.fill" "$TMPDIR/.more"
	run -0 wfetch -c "$BASE/page"
	[[ "$(field .summary)" != *"could not be saved"* ]]
	[ "$(field .details.cache_hit)" = false ]
	run -0 wfetch -c "$BASE/page"
	[ "$(field .details.cache_hit)" = true ]
}

@test "diskfault: the document cache directory cannot be made: the fetch is ok and says so" {
	tiny "$TMPDIR"
	eval "$(web-control run start --export)"
	# the run's docs directory does not exist yet; nothing more fits
	rm -rf "$(dirname "$WEB_RUN_FILE")/docs"
	full "$TMPDIR"
	run -0 wfetch -c "$BASE/hello.txt"
	[ "$(field .status)" = ok ]
	[ "$(field .content)" = "Hello, world!" ]
	[[ "$(field .summary)" == *"could not be saved"* ]] || { echo "$output"; false; }
}

@test "diskfault: --artifact on a full or read-only cache: ok, the summary says why it was not saved" {
	tiny "$XDG_CACHE_HOME"
	full "$XDG_CACHE_HOME"
	run -0 wfetch -c --artifact a.txt "$BASE/page"
	[ "$(field .status)" = ok ]
	[ "$(field .artifact)" = null ]
	[ -n "$(field .content)" ]
	[[ "$(field .summary)" == *"the artifact could not be saved"*"a.txt: No space left on device"* ]] || { echo "$output"; false; }
	rm -f "$XDG_CACHE_HOME/.fill" "$XDG_CACHE_HOME/.more"
	readonly_fs "$XDG_CACHE_HOME"
	run -0 wfetch -c --artifact a.txt "$BASE/page"
	[[ "$(field .summary)" == *"the artifact could not be saved"*"Read-only file system"* ]] || { echo "$output"; false; }
}

@test "diskfault: a binary artifact that cannot be written is request_failed naming the reason" {
	tiny "$XDG_CACHE_HOME"
	full "$XDG_CACHE_HOME"
	run -1 wfetch -c --artifact a.bin "$BASE/binary"
	[ "$(field .error.code)" = request_failed ]
	[[ "$(field .error.message)" == *"a.bin: No space left on device"* ]] || { echo "$output"; false; }
	[[ "$(field .summary)" == *"could not save them"* ]]
	[ ! -e "$XDG_CACHE_HOME/webtools/artifacts/a.bin" ]
}

@test "diskfault: the automatic full-text artifact on a full cache: the fetch stands, the summary says so" {
	tiny "$XDG_CACHE_HOME"
	full "$XDG_CACHE_HOME"
	run -0 wfetch -c "$BASE/size/300000"
	[ "$(field .status)" = partial ]
	[ "$(field .artifact)" = null ]
	[[ "$(field .summary)" == *"the full text could not be saved"*"No space left on device"* ]] || { echo "$output"; false; }
	[ -z "$(find "$XDG_CACHE_HOME" -name '*.txt.*')" ]
}

@test "diskfault: the search cache full or read-only: the search is answered and says it was not cached" {
	tiny "$XDG_CACHE_HOME"
	full "$XDG_CACHE_HOME"
	run -0 wsearch -c "disk fault"
	[ "$(field .status)" = ok ]
	[[ "$(field .summary)" == *"the answer could not be saved in the search cache"* ]] || { echo "$output"; false; }
	rm -f "$XDG_CACHE_HOME/.fill" "$XDG_CACHE_HOME/.more"
	readonly_fs "$XDG_CACHE_HOME"
	run -0 wsearch -c "disk fault two"
	[[ "$(field .summary)" == *"search cache"*"Read-only file system"* ]] || { echo "$output"; false; }
}

@test "diskfault: the robots.txt cache full or read-only: the verdict stands and says it was not cached" {
	tiny "$XDG_STATE_HOME"
	full "$XDG_STATE_HOME"
	run -0 wrobots -c "$BASE/page"
	[ "$(field .allowed)" = true ] || [ "$(field .status)" = ok ]
	[[ "$(field .summary)" == *"the robots.txt cache entry could not be saved"*"No space left on device"* ]] || { echo "$output"; false; }
	rm -f "$XDG_STATE_HOME/.fill" "$XDG_STATE_HOME/.more"
	readonly_fs "$XDG_STATE_HOME"
	run -0 wrobots -c "$BASE/page"
	[[ "$(field .summary)" == *"robots.txt cache entry could not be saved"*"Read-only file system"* ]] || { echo "$output"; false; }
}

@test "diskfault: a PDF's temporary copy on a full TMPDIR is extraction_failed naming the reason" {
	command -v pdftotext >/dev/null || skip "pdftotext (poppler-utils) is not installed"
	tiny "$TMPDIR"
	full "$TMPDIR"
	run -1 wextract -c --content-type application/pdf <"$FIXTURES/wextract/tiny.pdf"
	[ "$(field .error.code)" = extraction_failed ]
	[[ "$(field .error.message)" == *"temporary copy of the PDF: No space left on device"* ]] || { echo "$output"; false; }
	[ -z "$(find "$TMPDIR" -name 'webtools-pdf-*')" ]
}

@test "diskfault: the run's source ledger full or read-only: the fetch stands and says so; the ledger survives" {
	tiny "$TMPDIR"
	eval "$(web-control run start --export)"
	run -0 wfetch -c "$BASE/page"
	led="$(dirname "$WEB_RUN_FILE")/run.ledger"
	[ -s "$led" ]
	cp "$led" "$BATS_TEST_TMPDIR/before"
	full "$TMPDIR"
	run -0 wfetch -c "$BASE/hello.txt"
	[ "$(field .status)" = ok ]
	[[ "$(field .summary)" == *"the run's source ledger entry could not be saved"*"No space left on device"* ]] || { echo "$output"; false; }
	cmp "$led" "$BATS_TEST_TMPDIR/before"
	rm -f "$TMPDIR/.fill" "$TMPDIR/.more"
	readonly_fs "$TMPDIR"
	run -3 --separate-stderr wfetch -c "$BASE/hello.txt"
	[[ "$(field .error.message)" == *"Read-only file system"* ]] || { echo "$output"; false; }
	cmp "$led" "$BATS_TEST_TMPDIR/before"
}

@test "diskfault: wfetch -o FILE on a full or read-only disk is request_failed naming the file" {
	out="$BATS_TEST_TMPDIR/out"
	tiny "$out"
	full "$out"
	run -1 wfetch -c -o "$out/page.md" "$BASE/page"
	[ "$(field .error.code)" = request_failed ]
	[[ "$(field .error.message)" == "cannot write $out/page.md: No space left on device"* ]] || { echo "$output"; false; }
	rm -f "$out/.fill" "$out/.more"
	readonly_fs "$out"
	run -1 wfetch -c -o "$out/page.md" "$BASE/page"
	[[ "$(field .error.message)" == "cannot write $out/page.md: Read-only file system"* ]] || { echo "$output"; false; }
}
