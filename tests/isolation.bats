#!/usr/bin/env bats
# The suites run in a private network namespace with only loopback.

load helpers/common

@test "only the loopback interface exists" {
	run ls /sys/class/net
	assert_success
	assert_output "lo"
}

@test "loopback is up" {
	run cat /sys/class/net/lo/operstate
	assert_success
	refute_output "down"
}
