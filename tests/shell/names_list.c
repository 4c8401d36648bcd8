/* names_list.c: the names tests/shell/names.sh tries, one a line, from the
 * generator's own tables (so that a name added there is tried too).
 *   names_list reserved   every word of names.c's reserved table, a name
 *                         with each reserved prefix, the C math functions
 *                         (double and float) and an example of each other
 *                         rule; built-in names left out (`builtins`
 *                         lists them)
 *   names_list builtins   every built-in name (mathfn.c's table) */
#include <stdio.h>
#include <string.h>

#include "mathfn.h"
#include "names.h"

static void put(const char *name)
{
	if (!builtin_lookup(name))
		puts(name);
}

static void reserved(void)
{
	/* names_is_reserved's other rules: a type name, temporaries, macro style */
	static const char *const rules[] = {"my_t", "t1", "t42", "NAN", "HUGE_VAL", "X1"};
	const char *w;
	for (size_t i = 0; (w = names_reserved_word(i)) != NULL; i++)
		put(w);
	for (size_t i = 0; (w = names_reserved_prefix(i)) != NULL; i++) {
		char b[64];
		snprintf(b, sizeof b, "%sx1", w);
		put(b);
	}
	for (int i = 0; i < MF_COUNT; i++) {
		char b[64];
		put(mathfn_info[i].cname);
		snprintf(b, sizeof b, "%sf", mathfn_info[i].cname);
		put(b);
	}
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		put(rules[i]);
}

int main(int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "reserved") == 0) {
		reserved();
	} else if (argc == 2 && strcmp(argv[1], "builtins") == 0) {
		const Builtin *b;
		for (size_t i = 0; (b = builtin_at(i)) != NULL; i++)
			puts(b->name);
	} else {
		fputs("usage: names_list reserved|builtins\n", stderr);
		return 2;
	}
	return 0;
}
