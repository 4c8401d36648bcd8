/* util.c: helpers shared by the test suites (see tests.h). */
#define _POSIX_C_SOURCE 200809L
#include "tests.h"

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

Parsed *parse_text(const char *text)
{
	Parsed *p = calloc(1, sizeof *p);
	p->arena = arena_new();
	p->src = (Source){.name = "t.sym", .text = text, .len = strlen(text)};
	FILE *mem = open_memstream(&p->msgs, &p->msgs_len);
	diag_init(&p->diag, &p->src, mem);
	dag_init(&p->dag, p->arena);
	p->errors = parse_program(&p->prog, &p->src, &p->diag, &p->dag, "t");
	fclose(mem);
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
