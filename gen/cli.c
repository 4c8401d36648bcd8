/* cli.c: the symkern command (see man/symkern.1), as a function that
 * main.c and the whole-program fuzzer (tests/fuzz/fuzz_symkern.c) call.
 *
 *   symkern [-o DIR] [-n NAME] [--precision f32,f64] [--fast-math] [--literal]
 *           [--templates DIR] [--dump-defs | --list] FILE.sym
 *
 * The stages, each a file that uses only the ones above it, run here in
 * this order and by nothing else:
 *   lex.c      tokens with positions
 *   parse.c    the grammar and name resolution, building the IR (ir.h)
 *              through dag.c, which folds constants and shares equal
 *              subexpressions, each call of a built-in as read
 *              (N_BUILTIN); with parse_expr.c, parse_gu.c, builtins.c and
 *              symtab.c (parse_priv.h says which does what)
 *   spell.c    the check of names: each spelled for C (names.h), none
 *              that C cannot take (the definitions with one are dropped)
 *   types.c    the check of types: every operand a number or a condition
 *              as its place needs (the definitions with an error are
 *              dropped)
 *   reads.c    the check of reads: every element read of a gufunc within
 *              its vector (also for the definitions that parsed where
 *              others did not)
 *   lower.c    each call of a built-in replaced by the nodes that compute
 *              it, the DAG rebuilt in the parser's order; the arguments a
 *              function uses
 *   checks.c   the check of constants: every constant of every body, as
 *              lowered (factorial(170), 1/log(10)), in range of each
 *              precision
 *   rewrite.c  accuracy rewrites (symkern(5), REWRITES; off with --literal;
 *              those that reach a gufunc's Sums in rewrite_sum.c)
 *   plan.c     how each gufunc is computed, which functions are called
 *   emit*.c    the program and its plan as m4 definitions, with C
 *              expressions from one printer (emit.c)
 *   output.c   m4 with the definitions and the templates; files renamed
 *              into place only when all three are complete
 * into NAME.h, NAME.cu and NAME_cpu.c. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arena.h"
#include "checks.h"
#include "cli.h"
#include "emit.h"
#include "lower.h"
#include "names.h"
#include "output.h"
#include "paths.h"
#include "plan.h"
#include "rewrite.h"
#include "sha256.h"

#ifndef SYMKERN_VERSION
#define SYMKERN_VERSION "0.1.0"
#endif
#ifndef SYMKERN_M4
#define SYMKERN_M4 "m4"
#endif

enum { MAX_INPUT = 64 << 20 };

static void usage(FILE *f)
{
	fputs("usage: symkern [-o DIR] [-n NAME] [--precision f32,f64] [--fast-math] [--literal]\n"
	      "               [--templates DIR] [--dump-defs | --list] FILE.sym\n"
	      "       symkern --version | --help\n"
	      "Writes DIR/NAME.h, DIR/NAME.cu and DIR/NAME_cpu.c (see symkern(1)).\n",
	      f);
}

/* Opens PATH for reading if it is a regular file (or a link to one); NULL
 * after printing why not.  O_NONBLOCK: opening a FIFO without a writer, or
 * a device, must not wait; cleared once fstat has shown a regular file. */
static FILE *open_regular(const char *path, struct stat *st)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "symkern: cannot open '%s': %s\n", path, strerror(errno));
		return NULL;
	}
	int fl = fcntl(fd, F_GETFL);
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		fprintf(stderr, "symkern: '%s' is not a regular file\n", path);
		close(fd);
		return NULL;
	}
	FILE *f = fl < 0 || fcntl(fd, F_SETFL, fl & ~O_NONBLOCK) != 0 ? NULL : fdopen(fd, "rb");
	if (!f) {
		fprintf(stderr, "symkern: cannot read '%s': %s\n", path, strerror(errno));
		close(fd);
	}
	return f;
}

/* Reads a whole regular file; NULL after printing why not. */
static char *read_file(const char *path, size_t *len)
{
	struct stat st;
	FILE *f = open_regular(path, &st);
	if (!f)
		return NULL;
	if (st.st_size > MAX_INPUT) {
		fprintf(stderr, "symkern: '%s' is larger than %d MiB\n", path, MAX_INPUT >> 20);
		fclose(f);
		return NULL;
	}
	size_t cap = (size_t)st.st_size + 1, n = 0;
	char *buf = xrealloc(NULL, cap);
	for (;;) {
		size_t r = fread(buf + n, 1, cap - n, f);
		n += r;
		if (r == 0)
			break;
		if (n == cap) {
			if (cap > MAX_INPUT) {
				fprintf(stderr, "symkern: '%s' is larger than %d MiB\n", path, MAX_INPUT >> 20);
				fclose(f);
				free(buf);
				return NULL;
			}
			cap *= 2;
			buf = xrealloc(buf, cap);
		}
	}
	if (ferror(f)) {
		fprintf(stderr, "symkern: cannot read '%s': %s\n", path, strerror(errno));
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

/* Writes N bytes of TEXT to standard output and flushes it: 0, or 1 after
 * saying why not (a full disk, a closed pipe: --dump-defs > /dev/full must
 * not succeed).  The error indicator is cleared, so that a later call in
 * the same process starts afresh. */
static int write_stdout(const char *text, size_t n)
{
	if ((n == 0 || fwrite(text, 1, n, stdout) == n) && fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	fprintf(stderr, "symkern: cannot write standard output: %s\n", strerror(errno));
	clearerr(stdout);
	return 1;
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* The input's base name as provenance text: bytes outside [A-Za-z0-9._+-]
 * become '_', so it can never be m4 or C syntax. */
static char *safe_name(Arena *a, const char *path)
{
	const char *b = base_name(path);
	char *s = arena_strndup(a, b, strlen(b) > 200 ? 200 : strlen(b));
	for (char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '.' || *p == '_' || *p == '+' || *p == '-'))
			*p = '_';
	return s;
}

int symkern_main(int argc, char **argv)
{
	optind = 0; /* glibc: start over, so the function can run again */
	const char *outdir = ".", *lib = NULL, *prec = "f32,f64", *tmpldir = NULL;
	int dump = 0, list = 0, fast = 0, literal = 0;
	static const struct option longopts[] = {
		{"output", required_argument, NULL, 'o'}, {"name", required_argument, NULL, 'n'},
		{"precision", required_argument, NULL, 'p'}, {"templates", required_argument, NULL, 't'},
		{"dump-defs", no_argument, NULL, 'd'}, {"list", no_argument, NULL, 'l'},
		{"fast-math", no_argument, NULL, 'f'}, {"literal", no_argument, NULL, 'L'},
		{"version", no_argument, NULL, 'V'},
		{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0},
	};
	int c;
	while ((c = getopt_long(argc, argv, "o:n:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'o': outdir = optarg; break;
		case 'n': lib = optarg; break;
		case 'p': prec = optarg; break;
		case 't': tmpldir = optarg; break;
		case 'd': dump = 1; break;
		case 'l': list = 1; break;
		case 'f': fast = 1; break;
		case 'L': literal = 1; break;
		case 'V': printf("symkern %s\n", SYMKERN_VERSION); return write_stdout(NULL, 0);
		case 'h': usage(stdout); return write_stdout(NULL, 0);
		default: usage(stderr); return 1;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		return 1;
	}
	const char *path = argv[optind];
	bool f32 = false, f64 = false;
	if (strcmp(prec, "f32") == 0)
		f32 = true;
	else if (strcmp(prec, "f64") == 0)
		f64 = true;
	else if (strcmp(prec, "f32,f64") == 0 || strcmp(prec, "f64,f32") == 0)
		f32 = f64 = true;
	else {
		fprintf(stderr, "symkern: --precision takes f32, f64 or f32,f64, not '%s'\n", prec);
		return 1;
	}
	Arena *arena = arena_new();
	if (!lib) {
		const char *b = base_name(path);
		size_t l = strlen(b);
		if (l > 4 && strcmp(b + l - 4, ".sym") == 0)
			l -= 4;
		lib = arena_strndup(arena, b, l);
	}
	tmpldir = paths_template_dir(arena, tmpldir);
	{ /* Without its prelude m4 would print hundreds of lines before failing. */
		size_t tl = strlen(tmpldir);
		char *prelude = arena_alloc(arena, tl + sizeof "/symkern.m4");
		memcpy(prelude, tmpldir, tl);
		memcpy(prelude + tl, "/symkern.m4", sizeof "/symkern.m4");
		if (!dump && access(prelude, R_OK) != 0) {
			fprintf(stderr, "symkern: no templates in '%s' (%s): give --templates DIR or set SYMKERN_TEMPLATES\n",
			        tmpldir, strerror(errno));
			arena_free(arena);
			return 1;
		}
	}
	const char *m4 = getenv("M4");
	if (!m4 || !*m4)
		m4 = SYMKERN_M4;

	size_t len = 0;
	char *text = read_file(path, &len);
	if (!text) {
		arena_free(arena);
		return 1;
	}
	const char *why = names_check_lib(lib);
	if (why) {
		char q[64];
		fprintf(stderr, "symkern: library name '%s' %s; choose one with -n NAME\n",
		        diag_quote(q, sizeof q, lib, strlen(lib)), why);
		free(text);
		arena_free(arena);
		return 1;
	}
	Source src = {.name = path, .text = text, .len = len};
	Diag diag;
	diag_init(&diag, &src, stderr);
	Dag dag;
	dag_init(&dag, arena);
	dag.rewrite = !literal;
	Program prog;
	int rc = 1;
	/* The reads of the definitions that parsed are checked even when others
	 * did not, so that one run reports every error of the file. */
	int errors = parse_program(&prog, &src, &diag, &dag, lib);
	errors += check_names(&diag, &dag, &prog);
	errors += check_types(&diag, &dag, &prog);
	errors += check_reads(&diag, &prog);
	errors += lower_program(&diag, &dag, &prog);
	if (errors == 0 && check_constants(&diag, &dag, &prog, f32, f64) == 0) {
		rewrite_program(&dag, &prog);
		Plan *plan = plan_program(&dag, &prog);
		char sha[65], *command;
		sha256_hex(text, len, sha);
		const char *input = safe_name(arena, path);
		size_t cl = strlen(lib) + strlen(input) + 64;
		command = arena_alloc(arena, cl);
		snprintf(command, cl, "symkern -n %s --precision %s%s%s %s", lib,
		         f32 && f64 ? "f32,f64" : f32 ? "f32" : "f64", fast ? " --fast-math" : "",
		         literal ? " --literal" : "", input);
		EmitInfo info = {.lib = lib, .input = input, .sha256 = sha, .command = command,
		                 .version = SYMKERN_VERSION, .f32 = f32, .f64 = f64, .fast_math = fast};
		char *defs = NULL;
		size_t defs_len = 0;
		FILE *mem = open_memstream(&defs, &defs_len);
		if (!mem) {
			fputs("symkern: out of memory\n", stderr);
		} else {
			emit_defs(mem, &dag, &prog, plan, &info);
			fclose(mem);
			if (dump) {
				rc = write_stdout(defs, defs_len);
			} else {
				/* Beyond the definitions (output.c counts them), symkern.m4
				 * defines one macro a function for explicit indices, three
				 * a gufunc and precision and two a gufunc (the lists it
				 * writes once), and about 200 of its own and m4's. */
				OutputJob job = {.m4 = m4, .tmpldir = tmpldir, .outdir = outdir, .lib = lib,
				                 .defs = defs, .defs_len = defs_len,
				                 .ndefs = (size_t)prog.nfuncs + 8 * (size_t)prog.ngufuncs + 200,
				                 .user = {text, input}, .user_len = {len, strlen(input)}};
				signal(SIGPIPE, SIG_IGN); /* m4 failing early must not kill us */
				if (list) {
					rc = write_stdout(NULL, 0) || output_to_fd(&job, "list.m4", STDOUT_FILENO);
				} else {
					rc = output_generate(&job);
				}
			}
			free(defs);
		}
	}
	free(text);
	arena_free(arena);
	return rc;
}
