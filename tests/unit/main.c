/* main.c: runs every suite of tests/unit/unit (CK_RUN_SUITE / CK_RUN_CASE pick
 * some; CK_FORK=no helps a debugger).  No test has a time limit: Check's
 * default of 4 seconds a test is a wall-clock assertion, which a busy
 * machine fails (CONVENTIONS); CK_DEFAULT_TIMEOUT, if set, still wins. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "tests.h"

int main(void)
{
	setenv("CK_DEFAULT_TIMEOUT", "0", 0); /* read by tcase_create: 0 is no timer */
	SRunner *sr = srunner_create(suite_lex());
	srunner_add_suite(sr, suite_parse());
	srunner_add_suite(sr, suite_errors());
	srunner_add_suite(sr, suite_dag());
	srunner_add_suite(sr, suite_cli());
	srunner_add_suite(sr, suite_numeric());
	srunner_add_suite(sr, suite_api());
	srunner_add_suite(sr, suite_gufunc());
	srunner_add_suite(sr, suite_rewrite());
	srunner_add_suite(sr, suite_paths());
	srunner_add_suite(sr, suite_corpus());
	srunner_run_all(sr, CK_NORMAL);
	int failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
