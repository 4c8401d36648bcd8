/* util.c: helpers shared by the test suites (see tests.h). */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

#include "checks.h"
#include "lower.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

extern char **environ;

/* The tests UNIT_TEST registered. */
typedef struct {
	const char *tcase;
	const TTest *test;
	int loops;
} Unit;
static Unit units[512];
static size_t nunits;

void unit_register(const char *tcase, const TTest *test, int loops)
{
	if (nunits == sizeof units / sizeof units[0]) {
		fprintf(stderr, "unit: more than %zu tests: make units[] larger\n", nunits);
		abort();
	}
	units[nunits++] = (Unit){tcase, test, loops};
}

/* Whether TEST is defined in test_NAME.c (in any folder). */
static int unit_of(const TTest *test, const char *name)
{
	const char *base = strrchr(test->file, '/');
	base = base ? base + 1 : test->file;
	size_t len = strlen(name);
	return strncmp(base, "test_", 5) == 0 && strncmp(base + 5, name, len) == 0 &&
	       strcmp(base + 5 + len, ".c") == 0;
}

/* Orders tests by the line of their definition. */
static int by_line(const void *a, const void *b)
{
	int x = ((const Unit *)a)->test->line, y = ((const Unit *)b)->test->line;
	return (x > y) - (x < y);
}

Suite *unit_suite(const char *name)
{
	Unit mine[sizeof units / sizeof units[0]];
	TCase *tcs[sizeof units / sizeof units[0]];
	const char *tc_names[sizeof units / sizeof units[0]];
	size_t n = 0, ntc = 0;
	for (size_t i = 0; i < nunits; i++)
		if (unit_of(units[i].test, name))
			mine[n++] = units[i];
	if (n == 0)
		return NULL;
	qsort(mine, n, sizeof mine[0], by_line);
	Suite *s = suite_create(name);
	for (size_t i = 0; i < n; i++) {
		/* The test cases come in the order of their first tests. */
		size_t k = 0;
		while (k < ntc && strcmp(tc_names[k], mine[i].tcase) != 0)
			k++;
		if (k == ntc) {
			tc_names[ntc] = mine[i].tcase;
			tcs[ntc++] = tcase_create(mine[i].tcase);
			suite_add_tcase(s, tcs[k]);
		}
		if (mine[i].loops > 0)
			tcase_add_loop_test(tcs[k], mine[i].test, 0, mine[i].loops);
		else
			tcase_add_test(tcs[k], mine[i].test);
	}
	return s;
}

int unit_all_in(const char *const *names, size_t n)
{
	int ok = 1;
	for (size_t i = 0; i < nunits; i++) {
		size_t k = 0;
		while (k < n && !unit_of(units[i].test, names[k]))
			k++;
		if (k == n) {
			fprintf(stderr, "unit: %s (%s) is in no suite that main.c runs\n", units[i].test->name,
			        units[i].test->file);
			ok = 0;
		}
	}
	return ok;
}

/* The stages up to lower (when `lower`), as cli.c runs them; the
 * diagnostics of later ones a test runs go to stderr. */
static Parsed *parse_stages(const char *text, bool lower)
{
	Parsed *p = calloc(1, sizeof *p);
	p->arena = arena_new();
	p->src = (Source){.name = "t.sym", .text = text, .len = strlen(text)};
	FILE *mem = open_memstream(&p->msgs, &p->msgs_len);
	diag_init(&p->diag, &p->src, mem);
	dag_init(&p->dag, p->arena);
	p->errors = parse_program(&p->prog, &p->src, &p->diag, &p->dag, "t");
	p->errors += check_names(&p->diag, &p->dag, &p->prog); /* the check stage: names, types, reads */
	p->errors += check_types(&p->diag, &p->dag, &p->prog);
	p->errors += check_reads(&p->diag, &p->prog);
	if (lower)
		p->errors += lower_program(&p->diag, &p->dag, &p->prog);
	fclose(mem);
	p->diag.out = stderr;
	return p;
}

Parsed *parse_text(const char *text)
{
	return parse_stages(text, true);
}

Parsed *parse_unlowered(const char *text)
{
	return parse_stages(text, false);
}

Parsed *parse_ok(const char *text)
{
	Parsed *p = parse_text(text);
	ck_assert_msg(p->errors == 0, "%.80s: %d errors: %.1000s", text, p->errors, p->msgs);
	return p;
}

void parsed_free(Parsed *p)
{
	arena_free(p->arena);
	free(p->msgs);
	free(p);
}

Func *parsed_func(Parsed *p, const char *name)
{
	for (int i = 0; i < p->prog.nfuncs; i++)
		if (strcmp(p->prog.funcs[i]->name, name) == 0)
			return p->prog.funcs[i];
	return NULL;
}

static long double eval_node(const Node *n, const long double *args)
{
	long double k[3] = {0, 0, 0};
	if (n->op == N_CONST)
		return n->type == TY_BOOL ? (long double)n->val.p : num_value(n->val);
	if (n->op == N_NAN)
		return NAN;
	if (n->op == N_ARG)
		return args[n->index];
	if (n->op == N_UCALL) {
		long double a[16];
		for (int i = 0; i < n->nkids && i < 16; i++)
			a[i] = eval_node(n->kids[i], args);
		return eval_func(n->func, a);
	}
	for (int i = 0; i < n->nkids && i < 3; i++)
		k[i] = eval_node(n->kids[i], args);
	const MathFnInfo *m = n->op == N_CALL ? &mathfn_info[n->fn] : NULL;
	switch (n->op) {
	case N_NEG: return -k[0];
	case N_ADD: return k[0] + k[1];
	case N_SUB: return k[0] - k[1];
	case N_MUL: return k[0] * k[1];
	case N_DIV: return k[0] / k[1];
	case N_LT: return k[0] < k[1];
	case N_LE: return k[0] <= k[1];
	case N_GT: return k[0] > k[1];
	case N_GE: return k[0] >= k[1];
	case N_EQ: return k[0] == k[1];
	case N_NE: return k[0] != k[1];
	case N_AND: return k[0] != 0 && k[1] != 0;
	case N_OR: return k[0] != 0 || k[1] != 0;
	case N_NOT: return k[0] == 0;
	case N_SELECT: return k[0] != 0 ? k[1] : k[2];
	case N_CALL:
		return m->arity == 1 ? m->fold1(k[0]) : m->arity == 2 ? m->fold2(k[0], k[1])
		                                                      : m->fold3(k[0], k[1], k[2]);
	default: return NAN;
	}
}

long double eval_func(const Func *f, const long double *args)
{
	return eval_node(f->root, args);
}

char *sym_sequence(int nbase, int back)
{
	char *s = malloc((size_t)nbase * 32 + 64), *q = s;
	q += sprintf(q, "f(x) -> s[n]:\n");
	for (int i = 0; i < nbase; i++)
		q += sprintf(q, "    s[%d] = x + %d\n", i, i);
	sprintf(q, "    s[k] = s[k - %d] + x\n", back);
	return s;
}

char *sym_wide(int nargs, bool gufunc)
{
	char *s = malloc((size_t)nargs * 24 + 128), *q = s;
	q += sprintf(q, "f(");
	for (int i = 0; i < nargs; i++)
		q += sprintf(q, "%sa%d", i ? ", " : "", i);
	q += sprintf(q, gufunc ? ", v[n]) = Sum(v[k], (k, 0, n - 1))" : ") = a0");
	for (int i = 1; i < nargs; i++)
		q += sprintf(q, " + a%d", i);
	sprintf(q, "\n");
	return s;
}

int run_cmd(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(cmd, sizeof cmd, fmt, ap);
	va_end(ap);
	int st = system(cmd);
	if (st == -1 || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	size_t cap = 4096, n = 0, r;
	char *buf = malloc(cap + 1);
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n == cap)
			buf = realloc(buf, (cap *= 2) + 1);
	}
	fclose(f);
	buf[n] = '\0';
	if (len)
		*len = n;
	return buf;
}

char *slurp_in(const char *dir, const char *name)
{
	char path[2048];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	return slurp(path, NULL);
}

const char *scratch_dir(const char *tag)
{
	static char dir[1024];
	snprintf(dir, sizeof dir, "%s/tests/scratch/%s", BUILDDIR, tag);
	run_cmd("rm -rf '%s' && mkdir -p '%s'", dir, dir);
	return dir;
}

pid_t spawn_argv(char *const argv[])
{
	posix_spawnattr_t at;
	sigset_t none, dfl;
	pid_t pid;
	sigemptyset(&none);
	sigemptyset(&dfl);
	sigaddset(&dfl, SIGINT);
	sigaddset(&dfl, SIGTERM);
	sigaddset(&dfl, SIGHUP);
	posix_spawnattr_init(&at);
	posix_spawnattr_setsigmask(&at, &none);
	posix_spawnattr_setsigdefault(&at, &dfl);
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	int e = posix_spawn(&pid, argv[0], NULL, &at, argv, environ);
	posix_spawnattr_destroy(&at);
	return e == 0 ? pid : -1;
}

int wait_status(pid_t pid)
{
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return st;
}

int provenance(const char *path, char sha[65])
{
	char *text = slurp(path, NULL);
	const char *p = text ? strstr(text, "(sha256 ") : NULL;
	int ok = p && strspn(p + 8, "0123456789abcdef") >= 64;
	if (ok) {
		memcpy(sha, p + 8, 64);
		sha[64] = '\0';
	}
	free(text);
	return ok;
}
