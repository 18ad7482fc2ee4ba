#!/usr/bin/env bats
# codex: the codex search provider (lib/provider/codex.c over
# lib/codex_rpc.c) against tests/fake-codex, a script speaking the
# app-server protocol of the transcripts in
# ../shared/corpus/search/codex_app_server_*; FAKE_CODEX_MODE picks its
# behaviour. When a real `codex` is installed, a readiness check against
# it with an isolated CODEX_HOME and HOME (no login: not ready).

load helpers/common

setup() {
	common_setup
	FAKEBIN="$BATS_TEST_TMPDIR/fakebin"
	mkdir -p "$FAKEBIN"
	ln -sf "$BATS_TEST_DIRNAME/fake-codex" "$FAKEBIN/codex"
	export FAKE_CODEX_LOG="$BATS_TEST_TMPDIR/codex.log"
	export FAKE_CODEX_MODE=good
	export WEB_CODEX_TIMEOUT_MS=3000
	ccfg
}

# ccfg [SEARCH-EXTRA]: codex alone.
ccfg() {
	write_config "{\"network\":{\"mode\":\"all\"},\"search\":{\"backend\":\"codex\"${1:+,$1}}}"
}

cx() {	# cx ARGS: wsearch with the fake first on PATH
	PATH="$FAKEBIN:$PATH" wsearch -c "$@"
}

sent() {	# sent METHOD: requests of that method the fake received
	grep -c "\"method\": *\"$1\"" "$FAKE_CODEX_LOG" || true
}

@test "codex: a good turn gives the search item's results, prose ignored" {
	run -0 cx "what is searxng"
	echo "$output" | jq -e '.status == "ok" and
	    .coverage.backend == "codex" and
	    (.results | map(.url) | index("https://docs.searxng.org/") != null) and
	    (.results | map(.url) | index("https://prose.example/ignored") == null) and
	    .coverage.budget.requestsUsed == 1'
	run cat "$FAKE_CODEX_LOG"
	assert_line "argv app-server"
	assert_line --regexp '^cwd /.*/webtools-codex\.'
	# the scratch directory is gone afterwards
	d=$(sed -n 's/^cwd //p' "$FAKE_CODEX_LOG")
	[ ! -e "$d" ]
	grep -q '"method": *"initialized"' "$FAKE_CODEX_LOG"
	grep '"method": *"turn/start"' "$FAKE_CODEX_LOG" | jq -e '
	    .params.input == [{"type":"text","text":"what is searxng"}] and
	    .params.effort == "low" and .params.model == "gpt-5.6-luna"'
	grep '"method": *"thread/start"' "$FAKE_CODEX_LOG" | jq -e '
	    .params.approvalPolicy == "never" and .params.ephemeral == true and
	    .params.config.mcp_servers == {}'
}

@test "codex: only the primary query gets a turn" {
	run -0 cx -a "alternate wording" "what is searxng"
	[ "$(sent turn/start)" = 1 ]
}

@test "codex: not ready without ChatGPT sign-in, web search or the model" {
	for m in nologin nosearch nomodel; do
		export FAKE_CODEX_MODE=$m
		rm -f "$FAKE_CODEX_LOG"
		run -1 cx "what is searxng $m"
		echo "$output" | jq -e '.error.code == "backend_unavailable" and
		    .coverage.backends[0].notes.skipped == "not_ready" and
		    .coverage.budget.requestsUsed == 0' || { echo "$m"; false; }
		[ "$(sent turn/start)" = 0 ]
	done
	export FAKE_CODEX_MODEL=other-model
	export FAKE_CODEX_MODE=good
	run -1 cx "model configured elsewhere"
	ccfg '"codex":{"model":"other-model"}'
	run -0 cx "model configured elsewhere"
}

@test "codex: quota reserve, missing and stale figures skip without a request" {
	for m in quota90 quotamissing quotastale; do
		export FAKE_CODEX_MODE=$m
		rm -f "$FAKE_CODEX_LOG"
		run -1 cx "quota check $m"
		echo "$output" | jq -e '.coverage.backends[0].notes.skipped == "quota" and
		    .coverage.budget.requestsUsed == 0 and
		    .coverage.budget.dispatchesUsed == 0' || { echo "$m"; false; }
		[ "$(sent turn/start)" = 0 ]
	done
}

@test "codex: a turn that never ends times out under the deadline" {
	export FAKE_CODEX_MODE=hang
	SECONDS=0
	run -1 cx "hanging turn"
	echo "$output" | jq -e '.error.code == "timeout"'
	[ "$SECONDS" -lt 15 ]
	[ "$(sent turn/interrupt)" = 1 ]
}

@test "codex: an approval request, a second search or another tool item rejects the turn" {
	for m in approval twosearch toolitem; do
		export FAKE_CODEX_MODE=$m
		rm -f "$FAKE_CODEX_LOG"
		run -1 cx "rejected $m"
		echo "$output" | jq -e '.error.code == "backend_unavailable" and
		    (.results // [] | length) == 0' || { echo "$m: $output"; false; }
	done
}

@test "codex: a crash or a failed turn is backend_unavailable, refunded" {
	for m in crash failed; do
		export FAKE_CODEX_MODE=$m
		run -1 cx "broken $m"
		echo "$output" | jq -e '.error.code == "backend_unavailable" and
		    .coverage.budget.requestsUsed == 0' || { echo "$m: $output"; false; }
	done
}

@test "codex: stray responses and early notifications are matched by id" {
	export FAKE_CODEX_MODE=outoforder
	run -0 cx "what is searxng"
	echo "$output" | jq -e '.status == "ok" and (.results | length) > 0'
}

@test "codex: not installed is backend_unavailable" {
	run -1 env PATH="$BATS_TEST_TMPDIR/empty:/usr/bin:/bin" \
	    "$WT_BIN/wsearch" -c "no codex here"
	echo "$output" | jq -e '.error.code == "backend_unavailable"'
}

@test "codex: a country filter is unsupported before any spawn" {
	export FAKE_CODEX_MODE=nologin
	run -1 cx -C PL "country wanted"
	echo "$output" | jq -e '.error.code == "unsupported_country_filter"'
	[ ! -e "$FAKE_CODEX_LOG" ] || [ "$(sent initialize)" = 0 ]
}

@test "codex: the real codex binary, isolated and logged out, is not ready" {
	command -v codex >/dev/null || skip "codex (npm @openai/codex) is not installed"
	export HOME="$BATS_TEST_TMPDIR/home" CODEX_HOME="$BATS_TEST_TMPDIR/codexhome"
	mkdir -p "$HOME" "$CODEX_HOME"
	run -1 wsearch -c "real codex readiness"
	echo "$output" | jq -e '.coverage.backends[0].notes.skipped == "not_ready"'
}

@test "codex: concurrent searches of one run are serialised" {
	export FAKE_CODEX_MODE=slow
	eval "$(web-control run start --max-requests 4 --export)"
	PATH="$FAKEBIN:$PATH" wsearch -c "first concurrent" >"$BATS_TEST_TMPDIR/a" &
	a=$!
	PATH="$FAKEBIN:$PATH" wsearch -c "second concurrent" >"$BATS_TEST_TMPDIR/b" &
	b=$!
	wait "$a"
	wait "$b"
	jq -e '.status == "ok"' "$BATS_TEST_TMPDIR/a"
	jq -e '.status == "ok"' "$BATS_TEST_TMPDIR/b"
	run grep -E '^(argv|eof)' "$FAKE_CODEX_LOG"
	assert_output "$(printf 'argv app-server\neof\nargv app-server\neof')"
}

@test "doctor: Codex readiness is probed without a turn, a missing sign-in fails" {
	PATH="$FAKEBIN:$PATH" run -0 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "codex liveness") | .status == "ok" and (.detail | startswith("ready"))'
	[ "$(sent model/list)" -ge 1 ]
	[ "$(sent turn/start)" = 0 ]
	[ "$(sent thread/start)" = 0 ]
	export FAKE_CODEX_MODE=nologin
	PATH="$FAKEBIN:$PATH" run -1 web-control -c doctor
	echo "$output" | jq -e '.checks[] | select(.check == "codex liveness") | .status == "FAIL" and (.detail | test("not signed in"))'
}
