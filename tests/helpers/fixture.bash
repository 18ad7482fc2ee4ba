# fixture.bash: loaded after common.bash by the suites that run against
# one loopback fixture server for the whole file and admit it in every
# test's config. A suite redefines setup() to do more (calling
# fixture_setup or its own mix of the common.bash steps).
setup_file() {
	server_start
}

teardown_file() {
	server_stop
}

setup() {
	fixture_setup
}
