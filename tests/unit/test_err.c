/* test_err.c: the error table, classes and exit folding. */
#include "t.h"
#include "err.h"

int
main(void)
{
	struct w_err e;
	size_t i;

	CHECK_INT(w_err_class("robots_denied"), W_ST_BLOCKED);
	CHECK_INT(w_err_class("timeout"), W_ST_ERROR);
	CHECK(!w_err_known("made_up"));
	for (i = 0; w_err_code_at(i) != NULL; i++)
		CHECK(w_err_known(w_err_code_at(i)));
	CHECK_INT(i, 25);
	w_err_clear(&e);
	CHECK(e.code == NULL && e.retry_after_ms == -1);
	CHECK_INT(w_err_set(&e, "timeout", "after %d ms", 5), -1);
	CHECK_STR(e.msg, "after 5 ms");
	CHECK_INT(w_exit_worst(0, 3), 3);
	CHECK_INT(w_exit_worst(3, 1), 1);
	CHECK_INT(w_exit_worst(1, 2), 2);
	CHECK_INT(w_exit_worst(2, 0), 2);
	CHECK_INT(w_exit_for(W_ST_PARTIAL, 0), 0);
	CHECK_INT(w_exit_for(W_ST_BLOCKED, 0), 3);
	CHECK_INT(w_exit_for(W_ST_ERROR, 1), 2);
	T_DONE();
}
