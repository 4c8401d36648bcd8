/* test_api.c: argument errors of the generated functions, each returning
 * its documented code and touching nothing. */
#include <stdint.h>
#include <string.h>

#include "funcs.h"
#include "seeds.h"
#include "tests.h"

static double buf[64], x[64], y[64];

static void poison(void)
{
	memset(buf, 0x5a, sizeof buf);
}

static int untouched(void)
{
	unsigned char b[sizeof buf];
	memset(b, 0x5a, sizeof b);
	return memcmp(b, buf, sizeof buf) == 0;
}

typedef struct {
	const char *what;
	int want;
} Err;

/* Calls funcs_add_map_f64_cpu with the i-th bad argument set. */
static int call_bad(int i)
{
	switch (i) {
	case 0: return funcs_add_map_f64_cpu(4, NULL, 1, y, 1, buf, 1);
	case 1: return funcs_add_map_f64_cpu(4, x, 1, NULL, 1, buf, 1);
	case 2: return funcs_add_map_f64_cpu(4, x, 1, y, 1, NULL, 1);
	case 3: return funcs_add_map_f64_cpu(4, x, 1, y, 1, buf, 0);
	case 4: return funcs_add_map_f64_cpu(4, buf + 1, 1, y, 1, buf, 1);   /* shifted overlap */
	case 5: return funcs_add_map_f64_cpu(4, buf, 2, y, 1, buf, 1);       /* same start, other inc */
	case 6: return funcs_add_map_f64_cpu(4, x, 1, buf + 2, 0, buf, 1);   /* broadcast inside out */
	case 7: return funcs_add_map_f64_cpu(4, x, 1, y, 1, buf + 3, -1);    /* backwards onto... */
	case 8: return funcs_add_map_f64_cpu(SIZE_MAX / 4, x, 1, y, 1, buf, 1);
	case 9: return funcs_add_map_f64_cpu(4, x, PTRDIFF_MAX / 2, y, 1, buf, 1);
	case 10: return funcs_neg_map_f64_cpu(3, buf, 2, (double *)(void *)((char *)buf + 4), 2);
	default: return -100;
	}
}

static const Err errs[] = {
	{"NULL first input", FUNCS_EINVAL},  {"NULL second input", FUNCS_EINVAL},
	{"NULL out", FUNCS_EINVAL},          {"inc_out 0", FUNCS_EINC},
	{"shifted overlap", FUNCS_EOVERLAP}, {"other increment", FUNCS_EOVERLAP},
	{"broadcast in out", FUNCS_EOVERLAP}, {"ok: backwards, disjoint", FUNCS_OK},
	{"huge n", FUNCS_ESIZE},             {"huge increment", FUNCS_ESIZE},
	{"interleaved, sharing bytes", FUNCS_EOVERLAP},
};

UNIT_TEST(test_bad_arguments, "arguments", COUNT(errs))
{
	const Err *e = &errs[(size_t)_i % (sizeof errs / sizeof errs[0])]; /* % quiets GCC 12 -Warray-bounds */
	poison();
	int rc = call_bad(_i);
	ck_assert_msg(rc == e->want, "%s: %d, want %d", e->what, rc, e->want);
	if (rc != FUNCS_OK)
		ck_assert_msg(untouched(), "%s: out was written", e->what);
}
END_TEST

/* Interleaved arrays with the same increment share no byte: allowed. */
UNIT_TEST(test_interleaved, "arguments", 0)
{
	for (int i = 0; i < 64; i++)
		buf[i] = i;
	ck_assert_int_eq(funcs_neg_map_f64_cpu(32, buf, 2, buf + 1, 2), FUNCS_OK);
	for (int i = 0; i < 32; i++)
		ck_assert_double_eq(buf[2 * i + 1], -(double)(2 * i));
	/* x and out both buf, same increment: exactly in place. */
	ck_assert_int_eq(funcs_neg_map_f64_cpu(32, buf, 2, buf, 2), FUNCS_OK);
	ck_assert_double_eq(buf[2], -2.0);
}
END_TEST

UNIT_TEST(test_strerror, "arguments", 0)
{
	const int codes[] = {FUNCS_OK, FUNCS_EINVAL, FUNCS_EINC, FUNCS_EOVERLAP,
	                     FUNCS_ESIZE, FUNCS_ENODEV, FUNCS_ECUDA};
	for (int i = 0; i < 7; i++) {
		ck_assert_int_eq(codes[i], -i);
		for (int j = 0; j < i; j++)
			ck_assert_str_ne(funcs_strerror(codes[i]), funcs_strerror(codes[j]));
	}
	ck_assert_str_eq(funcs_strerror(-99), "unknown status code");
	ck_assert_str_eq(seeds_strerror(SEEDS_EOVERLAP), funcs_strerror(FUNCS_EOVERLAP));
}
END_TEST

/* The function table lists every function once, in file order, with its
 * argument names, and the argv form checks its own arguments. */
UNIT_TEST(test_table, "arguments", 0)
{
	int n = 0;
	for (const funcs_fn_info *f = funcs_cpu_table; f->name; f++, n++) {
		ck_assert_ptr_nonnull(f->map_f64);
		ck_assert_ptr_nonnull(f->map_f32);
		for (int j = 0; j < f->nargs; j++)
			ck_assert_ptr_nonnull(f->args[j]);
		ck_assert_ptr_null(f->args[f->nargs]);
	}
	ck_assert_int_eq(n, FUNCS_NFN);
	ck_assert_str_eq(funcs_cpu_table[0].name, "add");
	ck_assert_str_eq(funcs_cpu_table[0].args[1], "y");
	double o[2];
	ck_assert_int_eq(funcs_cpu_table[0].map_f64(2, NULL, NULL, o, 1, NULL), FUNCS_EINVAL);
	ck_assert_int_eq(funcs_cpu_table[0].map_f64(0, NULL, NULL, NULL, 0, NULL), FUNCS_OK);
	const double *in[2] = {x, y};
	const ptrdiff_t inc[2] = {1, 0};
	x[0] = 1;
	x[1] = 2;
	y[0] = 10;
	ck_assert_int_eq(funcs_cpu_table[0].map_f64(2, in, inc, o, 1, NULL), FUNCS_OK);
	ck_assert_double_eq(o[0], 11);
	ck_assert_double_eq(o[1], 12);
	/* seeds: the bundled library, same interface. */
	ck_assert_int_eq(SEEDS_NFN, 8);
	ck_assert_str_eq(seeds_cpu_table[1].name, "gauss");
	ck_assert_int_eq(seeds_cpu_table[1].nargs, 3);
}
END_TEST

/* Every function of funcs.sym, through its table entry, in both
 * precisions: NULL arrays, inc_out 0, n = 0, out overlapping an input,
 * n beyond the address space. */
UNIT_TEST(test_every_function, "arguments", FUNCS_NFN)
{
	const funcs_fn_info *fi = &funcs_cpu_table[_i];
	static double d[4][8], od[8];
	static float f[4][8], of[8];
	const double *din[4] = {d[0], d[1], d[2], d[3]}, *dnull[4] = {NULL, NULL, NULL, NULL};
	const float *fin[4] = {f[0], f[1], f[2], f[3]};
	const ptrdiff_t inc[4] = {1, 1, 1, 1};
	const int k = fi->nargs;
	ck_assert_int_le(k, 4); /* the arrays here: funcs.sym's most arguments */
	ck_assert_int_eq(fi->map_f64(0, NULL, NULL, NULL, 0, NULL), FUNCS_OK);
	ck_assert_int_eq(fi->map_f64(4, din, inc, NULL, 1, NULL), FUNCS_EINVAL);
	ck_assert_int_eq(fi->map_f32(4, fin, inc, NULL, 1, NULL), FUNCS_EINVAL);
	ck_assert_int_eq(fi->map_f64(4, din, inc, od, 0, NULL), FUNCS_EINC);
	ck_assert_int_eq(fi->map_f64(SIZE_MAX / 2, din, inc, od, 1, NULL), FUNCS_ESIZE);
	if (k > 0) {
		ck_assert_int_eq(fi->map_f64(4, dnull, inc, od, 1, NULL), FUNCS_EINVAL);
		const double *shifted[4] = {od + 1, d[1], d[2], d[3]};
		ck_assert_int_eq(fi->map_f64(4, shifted, inc, od, 1, NULL), FUNCS_EOVERLAP);
		const double *inplace[4] = {od, d[1], d[2], d[3]};
		ck_assert_int_eq(fi->map_f64(4, inplace, inc, od, 1, NULL), FUNCS_OK);
	}
	(void)of;
}
END_TEST
