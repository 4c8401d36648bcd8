/* test_cli.c: the symkern command as users run it: golden output, the
 * committed generated/ library, determinism, m4 and C injection, outputs
 * left intact on error (and on a signal), exit statuses, concurrent runs,
 * the output folder made when missing. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "sha256.h"
#include "tests.h"

/* $SYMKERN_WRAPPER (say, valgrind) runs in front of every symkern run. */
#define SK "$SYMKERN_WRAPPER " SYMKERN_BIN " --templates " SRCDIR "/templates"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

static void assert_same_file(const char *a, const char *b)
{
	size_t la, lb;
	char *x = slurp(a, &la), *y = slurp(b, &lb);
	ck_assert_msg(x && y, "missing %s or %s", a, b);
	ck_assert_msg(la == lb && memcmp(x, y, la) == 0, "%s and %s differ", a, b);
	free(x);
	free(y);
}

static int count_entries(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d)
		closedir(d);
	return n;
}

/* The three outputs of library `name` are the same in folders a and b. */
static void assert_same_outputs(const char *a, const char *b, const char *name)
{
	static const char *const suffixes[] = {".h", ".cu", "_cpu.c"};
	for (int i = 0; i < 3; i++) {
		char x[2048], y[2048];
		snprintf(x, sizeof x, "%s/%s%s", a, name, suffixes[i]);
		snprintf(y, sizeof y, "%s/%s%s", b, name, suffixes[i]);
		assert_same_file(x, y);
	}
}

/* A fresh folder TAG holding what symkern OPTS writes from SYM, a path
 * under SRCDIR. */
static const char *generated(const char *tag, const char *opts, const char *sym)
{
	const char *dir = scratch_dir(tag);
	ck_assert_int_eq(run_cmd(SK " %s -o %s %s/%s", opts, dir, SRCDIR, sym), 0);
	return dir;
}

/* Whether FILE in DIR compiles as C99 without a warning. */
static int compiles(const char *dir, const char *file)
{
	return run_cmd("cd %s && cc -std=c99 -Wall -Wextra -Werror -c %s", dir, file) == 0;
}

UNIT_TEST(test_golden, "outputs", 0)
{
	const char *dir = generated("golden", "", "tests/golden/small.sym");
	assert_same_outputs(dir, SRCDIR "/tests/golden", "small");
}
END_TEST

/* generated/ is what make would write from examples/seeds.sym. */
UNIT_TEST(test_generated_up_to_date, "outputs", 0)
{
	const char *dir = generated("generated", "", "examples/seeds.sym");
	assert_same_outputs(dir, SRCDIR "/generated", "seeds");
}
END_TEST

/* Same bytes from another working directory, locale and time. */
UNIT_TEST(test_deterministic, "outputs", 0)
{
	char d1[1024];
	snprintf(d1, sizeof d1, "%s", scratch_dir("det1"));
	const char *d2 = scratch_dir("det2");
	ck_assert_int_eq(run_cmd(SK " -o %s %s/tests/sym/funcs.sym", d1, SRCDIR), 0);
	ck_assert_int_eq(run_cmd("cd %s && cp %s/tests/sym/funcs.sym . && LC_ALL=de_DE.UTF-8 "
	                         "SOURCE_DATE_EPOCH=1 " SK " funcs.sym",
	                         d2, SRCDIR),
	                 0);
	assert_same_outputs(d1, d2, "funcs");
}
END_TEST

/* What sympy.ccode prints (left) gives the code of what str() prints for
 * the same expression (right): the spellings symkern(5) accepts differ from
 * SymPy's in names only.  Both files are named t.sym; the outputs may differ
 * only in the lines naming the input's SHA-256. */
static const char *const ccode_pairs[][2] = {
	{"pow(x, 2)", "x**2"},
	{"pow(x, y)", "x**y"},
	{"pow(x, -1.0/2.0)", "x**(-1/2)"},
	{"pow(x, 1.5)", "x**1.5"},
	{"1.0/x", "1/x"},
	{"(1.0/2.0)*x", "(1/2)*x"},
	{"fabs(x)", "Abs(x)"},
	{"ceil(x)", "ceiling(x)"},
	{"tgamma(x)", "gamma(x)"},
	{"lgamma(x)", "loggamma(x)"},
	{"fmin(x, y)", "Min(x, y)"},
	{"fmax(x, fmax(y, z))", "Max(x, Max(y, z))"},
	{"fmin(1, fmin(x, fmin(y, z)))", "Min(1, Min(x, Min(y, z)))"},
	{"cbrt(x)", "Cbrt(x)"},
	{"sqrt(x)", "Sqrt(x)"},
	{"M_PI*x", "pi*x"},
	{"M_E*x", "E*x"},
	{"M_PI_2 + x", "pi/2 + x"},
	{"M_PI_4 + x", "pi/4 + x"},
	{"M_1_PI*x", "(1/pi)*x"}, /* str() prints x/pi: a division, not this product */
	{"M_2_PI*x", "(2/pi)*x"},
	{"M_2_SQRTPI*x", "(2/sqrt(pi))*x"},
	{"M_SQRT2*x", "sqrt(2)*x"},
	{"M_SQRT1_2*x", "(sqrt(2)/2)*x"},
	{"log(x)/M_LN2", "log(x)/log(2)"},
	{"M_LN10*x", "log(10)*x"},
	{"M_LOG2E*x", "(1/log(2))*x"},
	{"M_LOG10E*x", "(1/log(10))*x"},
	{"1.0/M_LN10 + x", "1/log(10) + x"},
};

UNIT_TEST(test_ccode_spellings, "outputs", 0)
{
	enum { N = sizeof ccode_pairs / sizeof ccode_pairs[0] };
	char dirs[2][1024], path[2100]; /* path: GCC counts both rows of dirs */
	for (int side = 0; side < 2; side++) {
		snprintf(dirs[side], sizeof dirs[side], "%s", scratch_dir(side ? "ccode_str" : "ccode_c"));
		snprintf(path, sizeof path, "%s/t.sym", dirs[side]);
		FILE *f = fopen(path, "w");
		ck_assert_ptr_nonnull(f);
		for (int i = 0; i < N; i++)
			fprintf(f, "f%d(x, y, z) = %s + 0*(x + y + z)\n", i, ccode_pairs[i][side]);
		fclose(f);
		ck_assert_int_eq(run_cmd(SK " -o %s %s/t.sym", dirs[side], dirs[side]), 0);
	}
	static const char *const outs[] = {"t.h", "t.cu", "t_cpu.c"};
	for (int i = 0; i < 3; i++)
		ck_assert_msg(run_cmd("grep -vi sha256 %s/%s > %s/a && grep -vi sha256 %s/%s > %s/b && "
		                      "cmp %s/a %s/b",
		                      dirs[0], outs[i], dirs[0], dirs[1], outs[i], dirs[0], dirs[0], dirs[0]) == 0,
		              "%s differs: see %s and %s", outs[i], dirs[0], dirs[1]);
}
END_TEST

/* Hostile text: must not run, and what generates must compile as C. */
typedef struct {
	const char *src;
	int status; /* expected exit status */
} Hostile;

static const Hostile hostile[] = {
	{"f(x) = m4_syscmd(touch MARK)\n", 1},
	{"m4_syscmd(x) = x\ng(x) = m4_syscmd(x)\n", 0},
	{"f(m4_syscmd) = m4_syscmd\n", 0},
	{"# m4_syscmd(touch MARK)\nf(x) = x\n", 0},
	{"f(x) = x # ]] m4_syscmd(touch MARK) [[ `touch MARK`\n", 0},
	{"m4_changequote(a, b) = a + b\nchangequote(x) = x\n", 0},
	{"f(x) = `touch MARK`\n", 1},
	{"f(x) = 'x'\n", 1},
	{"m4_dnl(x) = x\ng(x) = m4_dnl(x) + 1\n", 0},
	{"f(x, dnl, divert, include, m4_include, define) = x + dnl + divert + include + m4_include + define\n", 0},
	{"f(x) = x); system(\"touch MARK\"); (x\n", 1},
	{"f(x) = x /* */ + 1\n", 1},
	{"f(x) = x\n#define x y\n#include </etc/passwd>\n", 0},
	{"sk_lib(x) = x\nsk_fn_name(sk_T) = sk_T\ng(m4_eval) = m4_eval\n", 0},
	{"f(x) = 1e999999999 + x\n", 1},
	{"f(x) = x\n]]m4_syscmd(touch MARK)[[\n", 1},
	{"f(x) = x*1e39\n", 1}, /* overflows float */
	{"h(m4_dnl, x) = x\ng(sk_lib, sk_T) = sk_lib + sk_T\n", 0}, /* names as written, in the table */
	{"argv(x) = x\nf(t, k, m, rc, v_x, x, size_t, grid, V, vec, stride, first, kernel, args, "
	 "work, path, aligned, in_, nv, cargs, out, n, math_errhandling, cudaLaunchKernel) = "
	 "t+k+m+rc+v_x+x+size_t+grid+V+vec+stride+first+kernel+args+work+path+aligned+in_+nv+cargs+out+n+"
	 "math_errhandling+cudaLaunchKernel\n", 0},
};

UNIT_TEST(test_injection, "robustness", COUNT(hostile))
{
	const Hostile *h = &hostile[_i];
	const char *dir = scratch_dir("inject");
	char sym[1024], obj[1024];
	snprintf(sym, sizeof sym, "%s/t.sym", dir);
	write_file(sym, h->src);
	int st = run_cmd("cd %s && " SK " t.sym 2>/dev/null", dir);
	ck_assert_msg(st == h->status, "%s: status %d", h->src, st);
	snprintf(obj, sizeof obj, "%s/MARK", dir);
	ck_assert_msg(access(obj, F_OK) != 0, "%s: ran a command", h->src);
	if (h->status == 0) {
		ck_assert_msg(compiles(dir, "t_cpu.c"),
		              "%s: generated C does not compile", h->src);
		/* The argument-name table holds the names as written, unexpanded. */
		if (strstr(h->src, "h(m4_dnl"))
			ck_assert_int_eq(run_cmd("cd %s && grep -q '{\"m4_dnl\", \"x\", NULL}' t_cpu.c && "
			                         "grep -q '{\"sk_lib\", \"sk_T\", NULL}' t_cpu.c",
			                         dir),
			                 0);
		/* Names that are the generated code's own locals elsewhere: the CUDA side too. */
		if (strstr(h->src, "cargs") && run_cmd("command -v nvcc >/dev/null") == 0)
			ck_assert_msg(run_cmd("cd %s && nvcc -std=c++17 -Xcompiler -Wall,-Wextra,-Werror "
			                      "-Werror all-warnings -c t.cu -o tcu.o",
			                      dir) == 0,
			              "%s: generated CUDA does not compile", h->src);
	}
	else
		ck_assert_int_eq(count_entries(dir), 1); /* nothing written but t.sym */
}
END_TEST

/* A failed run leaves earlier outputs byte for byte and no temporary. */
UNIT_TEST(test_error_keeps_outputs, "robustness", 0)
{
	const char *dir = scratch_dir("keep");
	char good[1024], bad[1024], h[1024], copy[1024];
	snprintf(good, sizeof good, "%s/good.sym", dir);
	snprintf(bad, sizeof bad, "%s/bad.sym", dir);
	write_file(good, "f(x) = x + 1\n");
	write_file(bad, "f(x) = x +\n");
	ck_assert_int_eq(run_cmd("cd %s && " SK " -n lib good.sym", dir), 0);
	snprintf(h, sizeof h, "%s/lib.h", dir);
	snprintf(copy, sizeof copy, "%s/lib.h.orig", dir);
	ck_assert_int_eq(run_cmd("cp %s %s", h, copy), 0);
	ck_assert_int_eq(run_cmd("cd %s && " SK " -n lib bad.sym 2>/dev/null", dir), 1);
	assert_same_file(h, copy);
	ck_assert_int_eq(count_entries(dir), 6); /* 2 .sym, 3 outputs, the copy */
	/* A template that fails late (missing file) must not leave temporaries. */
	ck_assert_int_eq(run_cmd("mkdir -p %s/tmpl && cp %s/templates/symkern.m4 %s/templates/header.h.m4 "
	                         "%s/tmpl/ && cd %s && " SYMKERN_BIN
	                         " --templates tmpl -n lib good.sym 2>/dev/null",
	                         dir, SRCDIR, SRCDIR, dir, dir),
	                 1);
	assert_same_file(h, copy);
	ck_assert_int_eq(count_entries(dir), 7);
}
END_TEST

/* A template macro m4 leaves unexpanded (a stray sk_ word in a template,
 * here after a digit, which m4 does not join to it)
 * fails the run, naming it, with earlier outputs kept; the user's own
 * words that start like one (a function sk_f, an input sk_in.sym) pass. */
UNIT_TEST(test_unexpanded_macro, "robustness", 0)
{
	const char *dir = scratch_dir("unexpanded");
	char sym[1024], h[1024], copy[1024];
	snprintf(sym, sizeof sym, "%s/sk_in.sym", dir);
	write_file(sym, "sk_f(x) = x + 1\nm4_g(sk_v[n]) = Sum(sk_v[k], (k, 0, n - 1))\n");
	ck_assert_int_eq(run_cmd("cd %s && " SK " -n lib sk_in.sym", dir), 0);
	snprintf(h, sizeof h, "%s/lib.h", dir);
	snprintf(copy, sizeof copy, "%s/lib.h.orig", dir);
	ck_assert_int_eq(run_cmd("cp %s %s", h, copy), 0);
	ck_assert_int_eq(run_cmd("mkdir -p %s/tmpl && cp %s/templates/* %s/tmpl/ && "
	                         "printf '/* 1sk_no_such_macro */\\n' >> %s/tmpl/cpu.c.m4 && cd %s && " SYMKERN_BIN
	                         " --templates tmpl -n lib sk_in.sym 2>err.txt",
	                         dir, SRCDIR, dir, dir, dir),
	                 1);
	char *err = slurp_in(dir, "err.txt");
	ck_assert_ptr_nonnull(err);
	ck_assert_msg(strstr(err, "lib_cpu.c line ") && strstr(err, "'sk_no_such_macro' was left unexpanded"), "%s", err);
	free(err);
	assert_same_file(h, copy);
	ck_assert_int_eq(count_entries(dir), 7); /* the .sym, 3 outputs, the copy, tmpl, err.txt */
}
END_TEST

/* math.sym would make math.h, which hides <math.h> under -I: refused
 * before anything is written, with the way out (symkern(1), -n). */
UNIT_TEST(test_header_name, "robustness", 0)
{
	const char *dir = scratch_dir("header");
	char sym[1024];
	snprintf(sym, sizeof sym, "%s/math.sym", dir);
	write_file(sym, "f(x) = x + 1\n");
	ck_assert_int_eq(run_cmd("cd %s && " SK " math.sym 2>err.txt", dir), 1);
	char *msg = slurp_in(dir, "err.txt");
	ck_assert_msg(msg && strstr(msg, "symkern: library name 'math' is the name of a system or toolkit header") &&
	                  strstr(msg, "choose one with -n NAME"),
	              "%s", msg ? msg : "(no stderr)");
	free(msg);
	ck_assert_int_eq(count_entries(dir), 2); /* math.sym and err.txt */
	ck_assert_int_eq(run_cmd("cd %s && " SK " -n mathlib math.sym && cc -std=c99 -I. -c mathlib_cpu.c", dir), 0);
}
END_TEST

typedef struct {
	const char *args;
	int status;
	const char *stderr_has;
} Cmd;

static const Cmd cmds[] = {
	{"", 1, "usage: symkern"},
	{"--version", 0, NULL},
	{"--help", 0, NULL},
	{"/nonexistent.sym", 1, "symkern: cannot open '/nonexistent.sym'"},
	{"/", 1, "symkern: '/' is not a regular file"},
	{"--templates /nonexistent " SRCDIR "/tests/golden/small.sym", 1, "symkern: no templates in '/nonexistent'"},
#if defined(__linux__)
	/* A file that opens and then fails to read (EIO): what an unreadable
	 * file does to a reader that permissions do not stop (tests run as
	 * root in CI, so mode 000 cannot be tested there). */
	{"/proc/self/mem", 1, "symkern: cannot read '/proc/self/mem'"},
#endif
	{"--precision f16 x.sym", 1, "--precision takes f32, f64 or f32,f64"},
	{"-n ../x " SRCDIR "/examples/seeds.sym", 1, "library name '../x' must be a C identifier"},
	{"-n m4_syscmd " SRCDIR "/examples/seeds.sym", 1, "must not start with '_', 'm4_' or 'sk_'"},
	{"-n double " SRCDIR "/examples/seeds.sym", 1, "must not be a C, C++ or CUDA keyword"},
	{"-o /nonexistent/dir " SRCDIR "/examples/seeds.sym", 1, "cannot create directory '/nonexistent/dir'"},
	{"-o '' " SRCDIR "/tests/golden/small.sym", 1, "symkern: cannot use '': No such file or directory"},
	{"-o " SRCDIR "/README.md " SRCDIR "/examples/seeds.sym", 1, "cannot create a file in '" SRCDIR "/README.md'"},
	{"-n typeof " SRCDIR "/examples/seeds.sym", 1, "must not be a C, C++ or CUDA keyword"},
	{"-n stdint " SRCDIR "/examples/seeds.sym", 1,
	 "library name 'stdint' is the name of a system or toolkit header"},
	{"-n cuda_runtime " SRCDIR "/examples/seeds.sym", 1, "choose one with -n NAME"},
	{SRCDIR "/tests/golden/small.sym", 0, NULL}, /* into the scratch directory */
};

/* Runs symkern with C's arguments in a fresh folder (TAG), its standard
 * output to OUT: the exit status and standard error must be C's. */
static void check_cmd(const Cmd *c, const char *tag, const char *out)
{
	const char *dir = scratch_dir(tag);
	int st = run_cmd("cd %s && " SK " %s >%s 2>err.txt", dir, c->args, out);
	ck_assert_msg(st == c->status, "symkern %s >%s: status %d", c->args, out, st);
	if (c->stderr_has) {
		char *err = slurp_in(dir, "err.txt");
		ck_assert_msg(err && strstr(err, c->stderr_has), "symkern %s >%s: stderr '%s'", c->args, out, err);
		free(err);
	}
}

UNIT_TEST(test_command, "robustness", COUNT(cmds))
{
	check_cmd(&cmds[_i], "cmd", "out.txt");
}
END_TEST

/* Standard output that cannot be written (a full disk): status 1 and why,
 * whether the write fails at once (the definitions of tests/sym/funcs.sym are
 * larger than stdio's buffer) or only when flushed. */
static const Cmd full_cmds[] = {
	{"--dump-defs " SRCDIR "/tests/golden/small.sym", 1,
	 "symkern: cannot write standard output: No space left on device"},
	{"--dump-defs " SRCDIR "/tests/sym/funcs.sym", 1, "symkern: cannot write standard output: No space left on device"},
	{"--version", 1, "symkern: cannot write standard output: No space left on device"},
	{"--help", 1, "symkern: cannot write standard output: No space left on device"},
	/* m4 writes the list itself, and says why it failed. */
	{"--list " SRCDIR "/tests/golden/small.sym", 1, "No space left on device"},
};

UNIT_TEST(test_stdout_full, "robustness", COUNT(full_cmds))
{
	ck_assert_msg(access("/dev/full", W_OK) == 0, "this test needs /dev/full");
	check_cmd(&full_cmds[_i], "full_stdout", "/dev/full");
}
END_TEST

/* Options that change the header: symkern OPTS on SYM (a path under
 * SRCDIR) writes a LIB.h that holds each string of HAS and not LACKS, and a
 * LIB_cpu.c that compiles; where PLAIN_LACKS is set, the committed
 * generated/LIB.h, written without OPTS, does not hold it. */
typedef struct {
	const char *tag, *opts, *sym, *lib;
	const char *has[4], *lacks, *plain_lacks;
} Option;

static const Option options[] = {
	{"f64", "--precision f64", "tests/golden/small.sym", "small", {"small_poly_f64("}, "_f32(", NULL},
	/* --fast-math: float calls with a CUDA intrinsic go through
	 * NAME_fast_*, which is the intrinsic in device code only; doubles are
	 * untouched. */
	{"fast", "--fast-math", "examples/seeds.sym", "seeds",
	 {"#define seeds_fast_expf __expf", "const float t1 = seeds_fast_sinf(y);", "const double t1 = sin(y);",
	  "--fast-math seeds.sym"},
	 NULL, "_fast_"},
};

UNIT_TEST(test_options, "outputs", COUNT(options))
{
	const Option *o = &options[_i];
	const char *dir = generated(o->tag, o->opts, o->sym);
	char name[256];
	snprintf(name, sizeof name, "%s.h", o->lib);
	char *h = slurp_in(dir, name);
	ck_assert_msg(h, "%s: no %s", o->opts, name);
	for (int i = 0; i < COUNT(o->has) && o->has[i]; i++)
		ck_assert_msg(strstr(h, o->has[i]), "%s: %s does not hold '%s'", o->opts, name, o->has[i]);
	ck_assert_msg(!o->lacks || !strstr(h, o->lacks), "%s: %s holds '%s'", o->opts, name, o->lacks);
	free(h);
	snprintf(name, sizeof name, "%s_cpu.c", o->lib);
	ck_assert_msg(compiles(dir, name), "%s: %s does not compile", o->opts, name);
	if (o->plain_lacks) {
		snprintf(name, sizeof name, "generated/%s.h", o->lib);
		h = slurp_in(SRCDIR, name);
		ck_assert_msg(h && !strstr(h, o->plain_lacks), "%s holds '%s'", name, o->plain_lacks);
		free(h);
	}
}
END_TEST

/* Two generated libraries link into one program; the header is C++ too. */
UNIT_TEST(test_two_libraries, "outputs", 0)
{
	const char *dir = scratch_dir("two");
	ck_assert_int_eq(run_cmd(SK " -o %s %s/tests/golden/small.sym", dir, SRCDIR), 0);
	ck_assert_int_eq(run_cmd(SK " -o %s %s/examples/seeds.sym", dir, SRCDIR), 0);
	char main_c[1024];
	snprintf(main_c, sizeof main_c, "%s/main.c", dir);
	write_file(main_c, "#include \"small.h\"\n#include \"seeds.h\"\n"
	                   "int main(void) { double x = 2, y = 0, z = 0;\n"
	                   "  if (small_poly_map_f64_cpu(1, &x, 1, &x, 1, &y, 1) != 0) return 1;\n"
	                   "  if (seeds_siny_map_f64_cpu(1, &x, 1, &z, 1) != 0) return 1;\n"
	                   "  return y == small_poly_f64(2, 2) && z == seeds_siny_f64(2) ? 0 : 1; }\n");
	ck_assert_int_eq(run_cmd("cd %s && cc -std=c99 -Wall -Wextra -Werror main.c small_cpu.c "
	                         "seeds_cpu.c -lm -o two && ./two",
	                         dir),
	                 0);
	ck_assert_int_eq(run_cmd("cd %s && c++ -Wall -Wextra -Werror -x c++ -fsyntax-only seeds.h", dir), 0);
}
END_TEST

/* --list prints the API, one declaration a line, each as in the header. */
UNIT_TEST(test_list, "outputs", 0)
{
	const char *dir = scratch_dir("list");
	ck_assert_int_eq(run_cmd("cd %s && " SK " --list %s/tests/golden/small.sym > list.txt && "
	                         SK " %s/tests/golden/small.sym",
	                         dir, SRCDIR, SRCDIR),
	                 0);
	char *list = slurp_in(dir, "list.txt");
	char *h = slurp_in(dir, "small.h");
	int n = 0;
	for (char *line = strtok(list, "\n"); line; line = strtok(NULL, "\n"), n++) {
		size_t l = strlen(line);
		ck_assert(l > 1 && line[l - 1] == ';');
		line[l - 1] = '\0'; /* the header defines the scalar functions */
		ck_assert_msg(strstr(h, line) != NULL, "not in the header: %s", line);
	}
	ck_assert_int_eq(n, 3 * 3 * 2); /* 3 functions, 3 declarations, 2 precisions */
	free(list);
	free(h);
}
END_TEST

/* Hostile files: clear errors, no crash, nothing written. */
UNIT_TEST(test_hostile_files, "robustness", 0)
{
	const char *dir = scratch_dir("hostile");
	/* 100 MB (sparse): refused by size before it is read. */
	ck_assert_int_eq(run_cmd("cd %s && truncate -s 100M big.sym && " SK " big.sym 2>err.txt", dir), 1);
	char *err = slurp_in(dir, "err.txt");
	ck_assert_ptr_nonnull(strstr(err, "is larger than 64 MiB"));
	free(err);
	/* A 4 KB identifier and NUL bytes: errors with positions. */
	ck_assert_int_eq(run_cmd("cd %s && { printf 'f(x) = '; head -c 4096 /dev/zero | tr '\\0' a; "
	                         "printf '\\n'; printf 'g(x) = x\\0 + 1\\n'; } > odd.sym && " SK
	                         " odd.sym 2>err.txt",
	                         dir),
	                 1);
	err = slurp_in(dir, "err.txt");
	ck_assert_ptr_nonnull(strstr(err, "odd.sym:1:8: error: identifier longer than 255 characters"));
	ck_assert_ptr_nonnull(strstr(err, "odd.sym:2:9: error: unexpected byte '\\x00'"));
	free(err);
	/* Output to a path under a regular file. */
	ck_assert_int_eq(run_cmd("cd %s && printf 'f(x) = x\\n' > ok.sym && " SK
	                         " -o ok.sym/sub ok.sym 2>err.txt", dir), 1);
	ck_assert_int_eq(count_entries(dir), 4); /* big.sym, odd.sym, ok.sym, err.txt */
}
END_TEST

/* The disk fills while m4 writes: earlier outputs stay, no temporary. */
UNIT_TEST(test_disk_full, "robustness", 0)
{
	const char *dir = generated("full", "-n lib", "examples/seeds.sym");
	ck_assert_int_eq(run_cmd("cd %s && cp lib.cu lib.cu.orig", dir), 0);
	/* 8 blocks of 512 bytes: the .cu cannot be written. */
	ck_assert_int_eq(run_cmd("cd %s && (ulimit -f 8; " SK " -n lib %s/tests/sym/funcs.sym) 2>/dev/null",
	                         dir, SRCDIR),
	                 1);
	char a[1024], b[1024];
	snprintf(a, sizeof a, "%s/lib.cu", dir);
	snprintf(b, sizeof b, "%s/lib.cu.orig", dir);
	assert_same_file(a, b);
	ck_assert_int_eq(count_entries(dir), 4); /* lib.h, lib.cu, lib_cpu.c, the copy */
}
END_TEST

/* NF functions for m4 to chew on (about 10 KB of output a function). */
static void write_many(const char *path, int nf)
{
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < nf; i++)
		fprintf(f, "f%d(x, y) = sin(x)*y + %d*x**2\n", i, i);
	ck_assert_int_eq(fclose(f), 0);
}

/* 10^4 functions and a function of 2046 arguments, the most CUDA's kernel
 * parameters allow (symkern(5), LIMITS), generate (10^3 of each under a
 * wrapper such as valgrind, where the point is memory errors). */
UNIT_TEST(test_large_inputs, "robustness", 0)
{
	const char *dir = scratch_dir("large");
	const char *w = getenv("SYMKERN_WRAPPER");
	char path[1024];
	snprintf(path, sizeof path, "%s/many.sym", dir);
	write_many(path, w && *w ? 1000 : 10000);
	snprintf(path, sizeof path, "%s/wide.sym", dir);
	char *wide = sym_wide(w && *w ? 1000 : 2046, false);
	write_file(path, wide);
	free(wide);
	ck_assert_int_eq(run_cmd("cd %s && " SK " many.sym && " SK " wide.sym", dir), 0);
	ck_assert_int_eq(run_cmd("cd %s && cc -std=c99 -c wide_cpu.c -o wide.o", dir), 0);
}
END_TEST

/* The first i in 0..n-1 for which the text lacks fmt with i (say
 * "int many_f%d_map_f64("), looking for each after the previous one; -1
 * when all are there, in order. */
static int first_missing(const char *text, const char *fmt, int n)
{
	const char *p = text;
	for (int i = 0; i < n; i++) {
		char want[128];
		snprintf(want, sizeof want, fmt, i);
		size_t len = strlen(want);
		/* Not strstr: ASan's measures all of the 100 MB left each time. */
		while (*p && (*p != want[0] || strncmp(p, want, len) != 0))
			p++;
		if (!*p)
			return i;
		p += len;
	}
	return -1;
}

/* 10^4 functions of 1 to 4 arguments generate, and every function is in
 * every output (10^3 under a wrapper such as valgrind).  How long it takes
 * is measured by bench/gen_speed (`make bench-gen`), not here: a time
 * limit fails on a loaded machine. */
UNIT_TEST(test_many_functions, "many", 0)
{
	static const char *const body[] = {"sin(x) + %d", "sin(x)*y + %d", "sin(x)*y + z*%d",
	                                   "sin(x)*y + z*%d - w"};
	static const char *const params[] = {"x", "x, y", "x, y, z", "x, y, z, w"};
	const char *w = getenv("SYMKERN_WRAPPER");
	const int nf = w && *w ? 1000 : 10000;
	char dir[1024], path[1200];
	snprintf(dir, sizeof dir, "%s", scratch_dir("many"));
	snprintf(path, sizeof path, "%s/many.sym", dir);
	FILE *f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	for (int i = 0; i < nf; i++) {
		fprintf(f, "f%d(%s) = ", i, params[i % 4]);
		fprintf(f, body[i % 4], i);
		fputc('\n', f);
	}
	fclose(f);
	ck_assert_int_eq(run_cmd("cd %s && mkdir out && " SK " -o out many.sym", dir), 0);
	static const struct {
		const char *file, *fmt;
	} want[] = {
		{"many.h", "double many_f%d_f64("},
		{"many.h", "float many_f%d_f32("},
		{"many.h", "int many_f%d_map_f64_cpu("},
		{"many.h", "int many_f%d_map_f32_cpu("},
		{"many.cu", "many_f%d_map_f64_contig("},
		{"many.cu", "extern \"C\" int many_f%d_map_f64("},
		{"many.cu", "extern \"C\" int many_f%d_map_f32("},
		{"many.cu", "{\"f%d\", "},
		{"many_cpu.c", "int many_f%d_map_f64_cpu("},
		{"many_cpu.c", "int many_f%d_map_f32_cpu("},
		{"many_cpu.c", "{\"f%d\", "},
	};
	char *text = NULL;
	const char *loaded = "";
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		if (strcmp(loaded, want[k].file) != 0) {
			free(text);
			snprintf(path, sizeof path, "%s/out/%s", dir, want[k].file);
			text = slurp(path, NULL);
			ck_assert_msg(text != NULL, "no %s", path);
			loaded = want[k].file;
		}
		int i = first_missing(text, want[k].fmt, nf);
		ck_assert_msg(i < 0, "%s: no '%s' for function %d", want[k].file, want[k].fmt, i);
	}
	free(text);
	run_cmd("rm -rf %s/out", dir); /* 100 MB */
}
END_TEST

/* The entries of DIR whose name starts with '.' (temporaries, new folders
 * being filled). */
static int count_hidden(const char *dir)
{
	DIR *d = opendir(dir);
	int n = 0;
	struct dirent *e;
	while (d && (e = readdir(d)))
		n += e->d_name[0] == '.' && strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
	if (d)
		closedir(d);
	return n;
}

/* The SHA-256 of a file's bytes, as the generated files name it. */
static void file_sha(const char *path, char sha[65])
{
	size_t len;
	char *text = slurp(path, &len);
	ck_assert_ptr_nonnull(text);
	sha256_hex(text, len, sha);
	free(text);
}

/* Whether the three outputs of library lib in DIR all name the input
 * whose SHA-256 is SHA (NULL: any one input, the same in all three). */
static int outputs_from(const char *dir, const char *sha)
{
	static const char *const names[] = {"lib.h", "lib.cu", "lib_cpu.c"};
	char first[65] = "", got[65], path[2048];
	for (int i = 0; i < 3; i++) {
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (!provenance(path, got) || (sha && strcmp(got, sha) != 0) || (i > 0 && strcmp(got, first) != 0))
			return 0;
		memcpy(first, got, sizeof got);
	}
	return 1;
}

/* Polls DIR until it holds a temporary of the running symkern PID (1), or
 * until PID has exited (0, its status in *st).  A millisecond between
 * looks; the caller's outcome does not depend on it. */
static int await_temporary(const char *dir, pid_t pid, int *st)
{
	for (;;) {
		if (count_hidden(dir) > 0)
			return 1;
		if (waitpid(pid, st, WNOHANG) == pid)
			return 0;
		poll(NULL, 0, 1);
	}
}

static const int fatal_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* A signal while symkern writes: no temporary is left (113 MB for 10^4
 * functions, before), the earlier outputs stay byte for byte, no m4 lives
 * on, and the exit status says which signal ended symkern.  The signal is
 * sent once a temporary exists; when symkern finished first, the input
 * grows and the run is tried again: the test never passes without having
 * interrupted a run. */
UNIT_TEST(test_signal_cleans_up, "races", COUNT(fatal_signals))
{
	const int sig = fatal_signals[_i];
	char base[1024], out[1100], keep[1100], big[1100], sha[65];
	snprintf(base, sizeof base, "%s", scratch_dir("signal"));
	snprintf(out, sizeof out, "%s/out", base);
	snprintf(keep, sizeof keep, "%s/keep", base);
	snprintf(big, sizeof big, "%s/big.sym", base);
	ck_assert_int_eq(run_cmd("mkdir %s %s && " SK " -n lib -o %s %s/tests/golden/small.sym && cp %s/lib* %s/",
	                         out, keep, out, SRCDIR, out, keep),
	                 0);
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
	/* m4 processes orphaned by symkern come to this process: none must. */
	ck_assert_int_eq(prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0), 0);
#endif
	char *argv[] = {SYMKERN_BIN, "--templates", SRCDIR "/templates", "-n", "lib", "-o", out, big, NULL};
	int st = 0, nf;
	for (nf = 1000;; nf *= 2) {
		ck_assert_msg(nf <= 64000, "symkern always finished before signal %d could be sent", sig);
		write_many(big, nf);
		file_sha(big, sha);
		pid_t pid = spawn_argv(argv);
		ck_assert_int_gt(pid, 0);
		if (await_temporary(out, pid, &st)) {
			ck_assert_int_eq(kill(pid, sig), 0);
			st = wait_status(pid);
		}
		/* Finished before the signal came, or got it only once all three
		 * outputs were in place (signals wait during the renames): again,
		 * with a larger input. */
		if ((WIFEXITED(st) && WEXITSTATUS(st) == 0) || (WIFSIGNALED(st) && outputs_from(out, sha))) {
			ck_assert_msg(count_hidden(out) == 0 && outputs_from(out, sha), "%d functions: a mix", nf);
			ck_assert_int_eq(run_cmd("cp %s/lib* %s/", keep, out), 0);
			continue;
		}
		break;
	}
	ck_assert_msg((WIFSIGNALED(st) && WTERMSIG(st) == sig) || (WIFEXITED(st) && WEXITSTATUS(st) == 128 + sig),
	              "signal %d, %d functions: status %#x", sig, nf, st);
	ck_assert_msg(count_hidden(out) == 0, "signal %d, %d functions: a temporary remains", sig, nf);
	assert_same_outputs(out, keep, "lib");
	ck_assert_int_eq(count_entries(out), 3);
	int orphan = waitpid(-1, &st, 0);
	ck_assert_msg(orphan < 0 && errno == ECHILD, "signal %d: an m4 (pid %d) outlived symkern", sig, orphan);
}
END_TEST

/* Two runs at once on the same outputs, from different inputs: each set
 * of three must come from one of them (before, 10 pairs in 100 left a
 * mix, both runs exiting 0).  Then the same into a missing folder, which
 * both runs make. */
UNIT_TEST(test_concurrent_runs, "races", 0)
{
	char base[1024], out[1100], a[1100], b[1100];
	snprintf(base, sizeof base, "%s", scratch_dir("race"));
	snprintf(out, sizeof out, "%s/out", base);
	snprintf(a, sizeof a, "%s/a.sym", base);
	snprintf(b, sizeof b, "%s/b.sym", base);
	write_file(a, "f(x) = x + 1\n");
	write_file(b, "f(x) = x + 2\n");
	char *run_a[] = {SYMKERN_BIN, "--templates", SRCDIR "/templates", "-n", "lib", "-o", out, a, NULL};
	char *run_b[] = {SYMKERN_BIN, "--templates", SRCDIR "/templates", "-n", "lib", "-o", out, b, NULL};
	ck_assert_int_eq(mkdir(out, 0777), 0);
	for (int k = 0; k < 150; k++) {
		if (k == 100) /* the rest into a missing folder */
			ck_assert_int_eq(run_cmd("rm -r %s", out), 0);
		pid_t p = spawn_argv(run_a), q = spawn_argv(run_b);
		ck_assert(p > 0 && q > 0);
		int sp = wait_status(p), sq = wait_status(q);
		ck_assert_msg(WIFEXITED(sp) && WEXITSTATUS(sp) == 0 && WIFEXITED(sq) && WEXITSTATUS(sq) == 0,
		              "pair %d: status %#x and %#x", k, sp, sq);
		ck_assert_msg(outputs_from(out, NULL), "pair %d left outputs of both inputs", k);
		ck_assert_int_eq(count_entries(out), 3);
		ck_assert_int_eq(count_entries(base), 3); /* a.sym, b.sym, out: no new folder left */
		if (k >= 100)
			ck_assert_int_eq(run_cmd("rm -r %s", out), 0);
	}
}
END_TEST

/* -o DIR makes DIR (its parent must exist), with the mode a new folder
 * gets, in one step once the outputs are complete; a run that fails,
 * early or late, leaves no folder. */
UNIT_TEST(test_output_dir_made, "robustness", 0)
{
	char base[1024];
	snprintf(base, sizeof base, "%s", scratch_dir("mkdir"));
	ck_assert_int_eq(run_cmd("cd %s && printf 'f(x) = x\\n' >ok.sym && printf 'f(x) = x +\\n' >bad.sym", base), 0);
	/* Failures first: a parse error, m4 failing (a template missing), a
	 * missing parent. */
	ck_assert_int_eq(run_cmd("cd %s && " SK " -o new bad.sym 2>/dev/null", base), 1);
	ck_assert_int_eq(run_cmd("mkdir -p %s/tmpl && cp %s/templates/symkern.m4 %s/templates/header.h.m4 %s/tmpl/ && "
	                         "cd %s && " SYMKERN_BIN " --templates tmpl -o new ok.sym 2>/dev/null",
	                         base, SRCDIR, SRCDIR, base, base),
	                 1);
	ck_assert_int_eq(run_cmd("cd %s && " SK " -o no/new ok.sym 2>err.txt && exit 9; "
	                         "grep -q \"symkern: cannot create directory 'no/new': No such file\" err.txt",
	                         base),
	                 0);
	ck_assert_int_eq(count_entries(base), 4); /* ok.sym, bad.sym, tmpl, err.txt */
	/* Success, also with a trailing slash; the folder's mode follows the umask. */
	ck_assert_int_eq(run_cmd("cd %s && (umask 027 && " SK " -o new ok.sym && " SK " -o new2/ ok.sym)", base), 0);
	char path[1100];
	struct stat st;
	snprintf(path, sizeof path, "%s/new", base);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_int_eq(st.st_mode & 07777, 0750);
	ck_assert_int_eq(count_entries(path), 3);
	snprintf(path, sizeof path, "%s/new2", base);
	ck_assert_int_eq(count_entries(path), 3);
	ck_assert_int_eq(count_hidden(base), 0);
	ck_assert_int_eq(run_cmd("cd %s && cmp new/ok.h new2/ok.h && cmp new/ok_cpu.c new2/ok_cpu.c", base), 0);
}
END_TEST

/* The number of times needle occurs in the function of text whose
 * definition starts with start (up to its closing brace at line start). */
static int count_in_function(const char *text, const char *start, const char *needle)
{
	const char *b = strstr(text, start), *e = b ? strstr(b, "\n}\n") : NULL;
	int n = 0;
	ck_assert_ptr_nonnull(e);
	for (const char *p = strstr(b, needle); p && p < e; p = strstr(p + 1, needle))
		n++;
	return n;
}

/* Writes NAME.sym with text in dir, runs symkern on it, and returns the
 * output NAME.EXT (malloc'd). */
static char *generate(const char *dir, const char *name, const char *text, const char *ext)
{
	char path[1024];
	snprintf(path, sizeof path, "%s/%s.sym", dir, name);
	write_file(path, text);
	ck_assert_int_eq(run_cmd("cd %s && " SK " %s.sym", dir, name), 0);
	snprintf(path, sizeof path, "%s/%s.%s", dir, name, ext);
	char *out = slurp(path, NULL);
	ck_assert_ptr_nonnull(out);
	return out;
}

/* Sums of one range share one loop, and on the GPU one shared reduction
 * with an accumulator each, for the = form and for the index-free Sums of
 * a map; Sums of two ranges do not (symkern(5), Several Sums of one
 * range).  norm2's rewrite keeps its Sum shared, and its fallback (Blue's
 * three Sums) is one loop too. */
UNIT_TEST(test_shared_reductions, "outputs", 0)
{
	const char *dir = scratch_dir("shared");
	const char *text = "norm2(v[n]) = sqrt(Sum(v[k]**2, (k, 0, n - 1)))\n"
	                   "pair(v[n]) = Sum(v[k], (k, 0, n - 1))/Sum(v[k]**2, (k, 0, n - 1))\n"
	                   "scale(v[n]) -> u[n]:\n    u[k] = v[k]*Sum(v[j], (j, 0, n - 1)) + Sum(v[j]**2, (j, 0, n - 1))\n"
	                   "two(v[n]) = Sum(v[k], (k, 0, n - 1)) + Sum(v[k]**2, (k, 1, n - 1))\n";
	char *cu = generate(dir, "r", text, "cu");
	ck_assert_ptr_nonnull(strstr(cu, "double r_priv_norm2_kern_f64_part("));
	ck_assert_ptr_nonnull(strstr(cu, "r_priv_norm2_kern_f64_red("));
	ck_assert_ptr_nonnull(strstr(cu, "r_priv_accs<double, 2> r_priv_pair_kern_f64_part("));
	ck_assert_ptr_nonnull(strstr(cu, "r_priv_pair_kern_f64_red("));
	ck_assert_ptr_nonnull(strstr(cu, "r_priv_accs<float, 2> r_priv_scale_kern_f32_part("));
	ck_assert_ptr_nonnull(strstr(cu, "r_priv_scale_kern_f64_pre("));
	ck_assert_ptr_null(strstr(cu, "r_priv_two_kern_f64_red("));
	free(cu);
	char *h = slurp_in(dir, "r.h");
	ck_assert_ptr_nonnull(h);
	ck_assert_int_eq(count_in_function(h, "R_FN double r_priv_pair_item_f64(", "for (ptrdiff_t _j1"), 1);
	ck_assert_int_eq(count_in_function(h, "R_FN double r_priv_norm2_item_f64(", "for (ptrdiff_t _j1"), 2);
	ck_assert_int_eq(count_in_function(h, "R_FN double r_priv_two_item_f64(", "for (ptrdiff_t _j1"), 2);
	free(h);
}
END_TEST

/* A chain of functions that each call the one before twice (issue 14 item
 * 7: 2^16 copies of f0 if all were inlined, minutes in nvcc): some link of
 * the chain is called in device code (__noinline__ in the header), never
 * f0, which is small (symkern(3), Composed functions).  nvcc_werror.sh
 * measures the PTX where there is nvcc. */
UNIT_TEST(test_chain_noinline, "outputs", 0)
{
	char text[2048];
	size_t at = (size_t)snprintf(text, sizeof text, "f0(x) = x*x + 1\n");
	for (int i = 1; i <= 16; i++)
		at += (size_t)snprintf(text + at, sizeof text - at, "f%d(x) = f%d(f%d(x) + x)\n", i, i - 1, i - 1);
	char *h = generate(scratch_dir("chain"), "chain", text, "h");
	ck_assert_ptr_nonnull(strstr(h, "__noinline__ CHAIN_FN double chain_f"));
	ck_assert_ptr_null(strstr(h, "__noinline__ CHAIN_FN double chain_f0_f64("));
	free(h);
}
END_TEST

/* A FIFO (or any file that is not regular) is refused before it is opened
 * for reading, which would wait for a writer forever. */
UNIT_TEST(test_fifo_input, "robustness", 0)
{
	const char *dir = scratch_dir("fifo");
	char path[1100];
	snprintf(path, sizeof path, "%s/in.sym", dir);
	ck_assert_int_eq(mkfifo(path, 0666), 0);
	ck_assert_int_eq(run_cmd("cd %s && " SK " in.sym 2>err.txt", dir), 1);
	char *err = slurp_in(dir, "err.txt");
	ck_assert_msg(err && strstr(err, "symkern: 'in.sym' is not a regular file"), "stderr '%s'", err);
	free(err);
}
END_TEST
