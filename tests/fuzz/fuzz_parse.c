/* fuzz_parse.c: libFuzzer target over the lexer, parser, DAG and emitter,
 * in process (`make fuzz`).  tests/fuzz/replay runs the same function over
 * the committed corpus in `make check`, so every input that once crashed
 * stays a regression test. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "checks.h"
#include "lower.h"
#include "emit.h"
#include "parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink && !(sink = fopen("/dev/null", "w")))
		abort();
	char *text = malloc(size + 1);
	if (!text)
		return 0;
	if (size)
		memcpy(text, data, size);
	text[size] = '\0';
	Source src = {.name = "fuzz.sym", .text = text, .len = size};
	Arena *arena = arena_new();
	Diag diag;
	diag_init(&diag, &src, sink);
	Dag dag;
	dag_init(&dag, arena);
	Program prog;
	int errors = parse_program(&prog, &src, &diag, &dag, "fz");
	errors += check_names(&diag, &dag, &prog);
	errors += check_types(&diag, &dag, &prog);
	errors += check_reads(&diag, &prog);
	errors += lower_program(&diag, &dag, &prog);
	if (errors == 0 &&
	    check_constants(&diag, &dag, &prog, true, true) == 0) {
		EmitInfo info = {.lib = "fz", .input = "fuzz.sym", .sha256 = "0", .command = "symkern",
		                 .version = "0", .f32 = true, .f64 = true};
		emit_defs(sink, &dag, &prog, plan_program(&dag, &prog), &info);
	}
	arena_free(arena);
	free(text);
	return 0;
}
