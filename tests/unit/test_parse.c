/* test_parse.c: every construct of the format parses and means what SymPy
 * means by it, checked by evaluating the DAG (util.c's interpreter). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mathfn.h"
#include "names.h"
#include "tests.h"

typedef struct {
	const char *src;   /* defines f, possibly after helpers */
	long double x, y;  /* arguments of f(x, y) or f(x) */
	long double want;
} Case;

#define PI 3.14159265358979323846264338327950288L
static const Case cases[] = {
	{"f(x) = 1/2", 0, 0, 0.5L},
	{"f(x) = x**(1/3)", 8, 0, 2.0L},
	{"f(x) = 7/2*x", 2, 0, 7.0L},
	{"f(x) = -x**2", 3, 0, -9.0L},
	{"f(x) = 2**3**2", 0, 0, 512.0L},
	{"f(x) = x**-2", 2, 0, 0.25L},
	{"f(x) = (x + 1)*(x - 1)", 3, 0, 8.0L},
	{"f(x, y) = x - y - 1", 5, 2, 2.0L},
	{"f(x, y) = x/y/2", 8, 2, 2.0L},
	{"f(x) = --x", 4, 0, 4.0L},
	{"f(x) = +x", 4, 0, 4.0L},
	{"f(x) = 0.1 + 0.2", 0, 0, 0.3L},
	{"f(x) = 123456789012345678901234567890*x", 1, 0, 123456789012345678901234567890.0L},
	{"f(x) = 1.5e3 + 2.5E-1 + .5", 0, 0, 1500.75L},
	{"f(x) = pi", 0, 0, PI},
	{"f(x) = E**x", 1, 0, 2.718281828459045235360287L},
	{"f(x) = exp(x) + log(E)", 0, 0, 2.0L},
	{"f(x) = log(x, 2)", 8, 0, 3.0L},
	{"f(x) = log(x)/log(2)", 8, 0, 3.0L},
	{"f(x) = sqrt(2)/2", 0, 0, 0.70710678118654752440L},
	{"f(x) = x**(1/2) + x**(3/2)", 4, 0, 10.0L},
	{"f(x) = x**(-1/2)", 4, 0, 0.5L},
	{"f(x) = x**12", 2, 0, 4096.0L},
	{"f(x) = x**(-3)", 2, 0, 0.125L},
	{"f(x) = x**2.5", 4, 0, 32.0L},
	{"f(x) = 2**x", 10, 0, 1024.0L},
	{"f(x, y) = Min(x, y, 3)", 5, 4, 3.0L},
	{"f(x, y) = Max(x, y, 3, -1)", 5, 4, 5.0L},
	{"f(x) = Abs(x) + sign(x)", -3, 0, 2.0L},
	{"f(x) = sign(x)", 0, 0, 0.0L},
	{"f(x) = Heaviside(x)", 0, 0, 0.5L},
	{"f(x) = Heaviside(x)", -2, 0, 0.0L},
	{"f(x) = Heaviside(x, 1)", 0, 0, 1.0L},
	{"f(x) = floor(x) + ceiling(x)", 2.5L, 0, 5.0L},
	{"f(x) = gamma(x) + loggamma(1)", 5, 0, 24.0L},
	{"f(x) = erf(0) + erfc(0)", 0, 0, 1.0L},
	{"f(x, y) = atan2(y, x)", 1, 1, PI / 4},
	{"f(x) = exp2(x) + log2(8) + log10(100)", 3, 0, 13.0L},
	{"f(x) = expm1(0) + log1p(0) + hypot(3, 4) + fma(2, 3, 4)", 0, 0, 15.0L},
	{"f(x) = cbrt(27) + sin(0) + cos(0) + tan(0)", 0, 0, 4.0L},
	{"f(x) = asin(1) + acos(1) + atan(0)", 0, 0, PI / 2},
	{"f(x) = sinh(0) + cosh(0) + tanh(0) + asinh(0) + acosh(1) + atanh(0)", 0, 0, 1.0L},
	{"f(x) = Piecewise((x**2, x < 0), (sin(x), x < 1), (1, True))", -3, 0, 9.0L},
	{"f(x) = Piecewise((x**2, x < 0), (sin(x), x < 1), (1, True))", 5, 0, 1.0L},
	{"f(x) = Piecewise((1, (x > 1) & (x < 3)), (2, (x < 0) | (x > 10)), (3, True))", 2, 0, 1.0L},
	{"f(x) = Piecewise((1, (x > 1) & (x < 3)), (2, (x < 0) | (x > 10)), (3, True))", 11, 0, 2.0L},
	{"f(x) = Piecewise((1, (x > 1) & (x < 3)), (2, (x < 0) | (x > 10)), (3, True))", 5, 0, 3.0L},
	{"f(x) = Piecewise((1, And(x > 1, x < 3)), (2, Or(x < 0, Not(x < 10))), (3, True))", 11, 0, 2.0L},
	{"f(x, y) = Piecewise((1, Eq(x, y)), (2, Ne(x, 0)), (3, True))", 2, 2, 1.0L},
	{"f(x, y) = Piecewise((1, Eq(x, y)), (2, Ne(x, 0)), (3, True))", 2, 1, 2.0L},
	{"f(x) = Piecewise((1, ~(x <= 1)), (2, x >= 1), (3, False))", 1, 0, 2.0L},
	{"f(x) = Piecewise((1, 0 < x < 2), (2, True))", 1, 0, 1.0L},
	{"f(x) = Piecewise((1, 0 < x < 2), (2, True))", 3, 0, 2.0L},
	{"g(a, b) = a - b\nf(x, y) = g(y, x)*2", 1, 5, 8.0L},
	{"g(a) = 2*a\nh(a) = g(a) + 1\nf(x) = h(g(x))", 3, 0, 13.0L},
	{"f(x) = (x +\n  1)*2", 1, 0, 4.0L},
	{"# comment\n\nf(x) = x # trailing comment\n", 6, 0, 6.0L},
	{"f(x) = x\r\n", 6, 0, 6.0L},
	/* sympy.codegen's nodes */
	{"f(x) = Cbrt(x) + Sqrt(x)", 64, 0, 12.0L},
	{"f(x) = Cbrt(x)", -8, 0, -2.0L}, /* C's cbrt: real for x < 0 */
	{"f(x) = sinc(x)", 0.5L, 0, 0.95885107720840600054657587043L},
	{"f(x) = sinc(x)", 0, 0, 1.0L},
	{"f(x) = cosm1(x)", 1e-5L, 0, -4.99999999995833333333417e-11L}, /* no cancellation */
	{"f(x) = cosm1(x)", 2, 0, -1.41614683654714238699756822950L},
	{"f(x, y) = logaddexp(x, y)", 1, 2, 2.31326168751822283404899549496L},
	{"f(x, y) = logaddexp(x, y)", 1000, 1000, 1000.69314718055994530941723212L}, /* no overflow */
	{"f(x, y) = logaddexp(x, y)", -50, 0, 1.92874984796391780e-22L},           /* nor underflow */
	{"f(x, y) = logaddexp2(x, y)", 3, 1, 3.32192809488736234787031942949L},
	{"f(x, y) = logaddexp2(x, y)", -2000, -2000, -1999.0L},
	/* SymPy's reciprocal functions: 1/cos(x) and so on */
	{"f(x) = sec(x)", 0.5L, 0, 1.13949392732454912231332776820L},
	{"f(x) = csc(x)", 0.5L, 0, 2.08582964293348818577250167545L},
	{"f(x) = cot(x)", 0.5L, 0, 1.83048772171245191926801943897L},
	{"f(x) = sech(x)", 2, 0, 0.265802228834079692120862739821L},
	{"f(x) = csch(x)", 2, 0, 0.275720564771783207758351482163L},
	{"f(x) = coth(x)", 2, 0, 1.03731472072754809587780976477L},
	/* and their inverses, with SymPy's value at 0 where it is real */
	{"f(x) = acot(x)", -2, 0, -0.463647609000806116214256231461L},
	{"f(x) = acot(x)", 0, 0, 1.57079632679489661923132169164L},
	{"f(x) = asec(x)", 1.5L, 0, 0.841068670567930255776525031826L},
	{"f(x) = asec(x)", -3, 0, 1.91063323624901855632771420503L},
	{"f(x) = acsc(x)", 1.5L, 0, 0.729727656226966363454796659813L},
	{"f(x) = asech(x)", 0.5L, 0, 1.31695789692481670862504634731L},
	{"f(x) = acsch(x)", -2, 0, -0.481211825059603447497758913424L},
	{"f(x) = acoth(x)", 1.5L, 0, 0.804718956217050187300379666613L},
	/* Mod: the sign of the divisor, as Python's %; frac */
	{"f(x, y) = Mod(x, y)", 7.5L, 2, 1.5L},
	{"f(x, y) = Mod(x, y)", -7.5L, 2, 0.5L},
	{"f(x, y) = Mod(x, y)", 7.5L, -2, -0.5L},
	{"f(x, y) = Mod(x, y)", -7.5L, -2, -1.5L},
	{"f(x, y) = fmod(x, y)", -7.5L, 2, -1.5L}, /* ccode's: C's sign */
	{"f(x) = frac(x)", -2.25L, 0, 0.75L},
	/* the inverse error functions (and folded on constants) */
	{"f(x) = erfinv(x)", 0.5L, 0, 0.476936276204469873381418353643130559809L},
	{"f(x) = erfinv(x)", -0.999L, 0, -2.326753765513524493866433697072306576442L},
	{"f(x) = erfinv(x) + erfinv(1 - 2**(-34))", 0, 0, 4.630325675029963523779726702998322612558L},
	{"f(x) = erfcinv(x)", 0.1L, 0, 1.16308715367667406769679396719001158564L},
	{"f(x) = erfcinv(x) + erfcinv(3/2)", 1.5L, 0, -2 * 0.476936276204469873381418353643130559809L},
	{"f(x) = LambertW(x)", 1, 0, 0.567143290409783872999968662210355549753815787186512508135131L},
	{"f(x) = LambertW(x, -1)", -0.1L, 0, -3.57715206395729714135851398985204447945841687379184322284371L},
	{"f(x) = LambertW(x, 0) + LambertW(-1/10)", -0.1L, 0, 2 * -0.11183255915896296483356945682026584227264536229126586332969L},
	/* Bessel functions of integer order (mpmath's values); negative orders
	 * as SymPy defines them; folded on constants */
	{"f(x) = besselj(0, x)", 2.5L, 0, -0.0483837764681979963272877788512L},
	{"f(x) = besselj(1, x)", -2.5L, 0, -0.497094102464274038010816276264L},
	{"f(x) = besselj(5, x)", 3, 0, 0.043028434877047583924911260463L},
	{"f(x) = besselj(-5, x)", 3, 0, -0.043028434877047583924911260463L},
	{"f(x) = besselj(-4, x)", 3, 0, 0.132034183924612210328689295779L},
	{"f(x) = bessely(0, x)", 2.5L, 0, 0.498070359615231887827472350362L},
	{"f(x) = bessely(1, x)", 0.5L, 0, -1.47147239267024306918858463532L},
	{"f(x) = bessely(-3, x)", 3, 0, 0.538541616105031618004703905339L},
	{"f(x) = bessely(2, x)", -1, 0, NAN},
	{"f(x) = besselj(2, 3/2) + x", 0, 0, 0.232087672144214727237776539925L},
	/* digamma and trigamma (mpmath's values), as SymPy prints them and by
	 * their own names; folded on constants; NaN at a pole of psi */
	{"f(x) = polygamma(0, x)", 2.5L, 0, 0.703156640645243187225690333667911L},
	{"f(x) = digamma(x)", -2.5L, 0, 1.10315664064524318722569033366791L},
	{"f(x) = polygamma(0, x)", 1e-3L, 0, -1000.57557193181027965475671065723L},
	{"f(x) = polygamma(0, x)", 30, 0, 3.38443813268552487656192824070864L},
	{"f(x) = polygamma(0, x)", -2, 0, NAN},
	{"f(x) = polygamma(1, x)", 0.25L, 0, 17.1973291545071107392713191193352L},
	{"f(x) = trigamma(x)", -1.5L, 0, 9.37924664498912375386168994438252L},
	{"f(x) = polygamma(1, x)", -25.5L, 0, 9.83114760148977647142234537714464L},
	{"f(x) = polygamma(1, x)", 50, 0, 0.020201333226697125805970645065733L},
	{"f(x) = polygamma(0, 3/2) + polygamma(1, -1/2) + x", 0, 0,
	 0.0364899739785765205590236670012444L + 8.93480220054467930941724549993808L},
	/* sympy.ccode's spellings, as ccode prints them */
	{"f(x, y) = pow(x, y) + pow(x, 2)", 2, 3, 12.0L},
	{"f(x) = pow(x, -1.0/2.0)", 4, 0, 0.5L},
	{"f(x) = fabs(x) + ceil(x) + tgamma(x + 5) + lgamma(1)", -2.5L, 0, 2.5L - 2 + 1.32934038817913702047362561251L},
	{"f(x, y) = fmin(x, fmin(y, 1)) + fmax(x, y)", 3, 2, 4.0L},
	{"f(x) = M_PI + M_E", 0, 0, PI + 2.71828182845904523536028747135L},
	{"f(x) = M_PI_2 - M_PI/2 + M_PI_4 - M_PI/4 + M_1_PI - 1/M_PI + M_2_PI - 2/M_PI", 0, 0, 0.0L},
	{"f(x) = M_2_SQRTPI", 0, 0, 1.12837916709551257389615890312L},
	{"f(x) = M_SQRT2*M_SQRT1_2", 0, 0, 1.0L},
	{"f(x) = M_LN2*M_LOG2E + M_LN10*M_LOG10E", 0, 0, 2.0L},
	{"f(x) = M_LN2 + M_LN10", 0, 0, 0.693147180559945309417232121458L + 2.30258509299404568401799145468L},
	{"f(x) = log(x)/M_LN2", 8, 0, 3.0L},
	{"f(x) = M_SQRT1_2", 0, 0, 0.707106781186547524400844362105L},
	{"f(x) = M_LOG10E", 0, 0, 0.434294481903251827651128918917L},
};

/* NaN where SymPy's Piecewise has no branch. */
UNIT_TEST(test_piecewise_nan, "constructs", 0)
{
	Parsed *p = parse_ok("f(x) = Piecewise((x, x > 0))\n");
	long double a[1] = {-1};
	ck_assert(isnan(eval_func(parsed_func(p, "f"), a)));
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_construct, "constructs", COUNT(cases))
{
	const Case *c = &cases[_i];
	Parsed *p = parse_ok(c->src);
	Func *f = parsed_func(p, "f");
	ck_assert_ptr_nonnull(f);
	long double a[2] = {c->x, c->y};
	long double got = eval_func(f, a), want = c->want;
	ck_assert_msg(isnan(want) ? isnan(got) : fabsl(got - want) <= 1e-15L * (1 + fabsl(want)), "%s at (%Lg, %Lg): %Lg, want %Lg",
	              c->src, c->x, c->y, got, want);
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_unused_warning, "constructs", 0)
{
	Parsed *p = parse_ok("f(x, unused) = x\n");
	ck_assert_int_eq(p->diag.warnings, 1);
	ck_assert_ptr_nonnull(strstr(p->msgs, "t.sym:1:6: warning: argument 'unused' of 'f' is unused"));
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_mangled_names, "constructs", 0)
{
	Parsed *p = parse_ok("f(x, n, out, double, m4_dnl, s_x, t1, NAN, inc_x, t_y) = x + n + out + "
	                       "double + m4_dnl + s_x + t1 + NAN + inc_x + t_y\n");
	Func *f = parsed_func(p, "f");
	const char *want[] = {"x", "s_n", "s_out", "s_double", "s_m4_dnl", "s_s_x", "s_t1", "s_NAN",
	                      "s_inc_x", "s_t_y"};
	for (int i = 0; i < 10; i++)
		ck_assert_str_eq(f->cargs[i], want[i]);
	parsed_free(p);
	/* The float names of functions that are now built-ins (pow, fmin, ...)
	 * stay argument names, mangled; M_ names that are not ccode's too. */
	p = parse_ok("f(powf, fminf, fmaxf, fabsf, ceilf, tgammaf, lgammaf, cbrtf, M_PI_8) = "
	               "powf + fminf + fmaxf + fabsf + ceilf + tgammaf + lgammaf + cbrtf + M_PI_8\n");
	f = parsed_func(p, "f");
	const char *want2[] = {"s_powf", "s_fminf", "s_fmaxf", "s_fabsf", "s_ceilf", "s_tgammaf",
	                       "s_lgammaf", "s_cbrtf", "s_M_PI_8"};
	for (int i = 0; i < 9; i++)
		ck_assert_str_eq(f->cargs[i], want2[i]);
	parsed_free(p);
}
END_TEST

UNIT_TEST(test_many_functions, "constructs", 0)
{
	/* 2000 functions, each calling the one before: the table grows. */
	enum { N = 2000 };
	char *s = malloc(N * 64), *q = s;
	q += sprintf(q, "f0(x) = x + 1\n");
	for (int i = 1; i < N; i++)
		q += sprintf(q, "f%d(x) = f%d(x) + 1\n", i, i - 1);
	Parsed *p = parse_ok(s);
	ck_assert_int_eq(p->prog.nfuncs, N);
	long double a[1] = {0};
	ck_assert(eval_func(parsed_func(p, "f1999"), a) == 2000.0L);
	parsed_free(p);
	free(s);
}
END_TEST

/* Growth copies what is appended a bounded number of times (geometric
 * growth), whatever the count: 10^5 functions, 256 base cases, 2046
 * arguments.  With lists grown by a constant, the copies were quadratic:
 * 625 MB for the function list here. */
UNIT_TEST(test_growth_functions, "growth", 0)
{
	enum { N = 100000 };
	char *s = malloc((size_t)N * 32), *q = s;
	for (int i = 0; i < N; i++)
		q += sprintf(q, "f%d(x) = x + %d\n", i, i);
	Parsed *p = parse_ok(s);
	ck_assert_int_eq(p->prog.nfuncs, N);
	/* the function list, the operands the check of types reads, and the
	 * DAG's nodes by id, of the parser's DAG and of the one lower.c
	 * rebuilds (as many nodes or fewer) */
	size_t copied = arena_copied(p->arena);
	size_t nodes = 2 * (size_t)p->dag.next_id * sizeof(Node *);
	size_t uses = 2 * p->prog.nuses * sizeof(TypeUse);
	ck_assert_msg(copied <= 2 * N * sizeof(Func *) + uses + 2 * nodes + 65536, "%zu bytes copied", copied);
	/* and memory stays a small multiple of the input */
	ck_assert_msg(arena_size(p->arena) < 200 * (size_t)(q - s), "%zu bytes for %zu of input",
	              arena_size(p->arena), (size_t)(q - s));
	parsed_free(p);
	free(s);
}
END_TEST

UNIT_TEST(test_growth_sequence, "growth", 0)
{
	enum { NB = 256 };
	char *s = sym_sequence(NB, 1);
	Parsed *p = parse_ok(s);
	size_t copied = arena_copied(p->arena), uses = 2 * p->prog.nuses * sizeof(TypeUse);
	ck_assert_msg(copied <= 2 * NB * sizeof(Node *) + uses + 16384, "%zu bytes copied", copied);
	parsed_free(p);
	free(s);
}
END_TEST

UNIT_TEST(test_growth_arguments, "growth", 0)
{
	enum { NA = 2046 };
	char *s = malloc(NA * 16 + 64), *q = s;
	q += sprintf(q, "f(");
	for (int i = 0; i < NA; i++)
		q += sprintf(q, "%sa%d", i ? ", " : "", i);
	sprintf(q, ") = a0\n");
	Parsed *p = parse_ok(s);
	ck_assert_int_eq(p->diag.warnings, NA - 1);
	size_t copied = arena_copied(p->arena), per = sizeof(char *) + sizeof(Loc) + sizeof(int);
	ck_assert_msg(copied <= 2 * NA * per + 16384, "%zu bytes copied", copied);
	parsed_free(p);
	free(s);
}
END_TEST

/* A file may define a function named like any built-in (symkern(5),
 * Names): the definition shadows the built-in in the whole file, with a
 * note, so adding built-ins never breaks or changes a working file.  Arguments, sizes, outputs, sequences and indices
 * shadow built-ins in their definition. */
UNIT_TEST(test_shadow_builtins, "names", 0)
{
	size_t nb = 0;
	while (builtin_at(nb))
		nb++;
	char *s = malloc(nb * 160 + 1024), *q = s;
	for (size_t i = 0; i < nb; i++) {
		const char *b = builtin_at(i)->name;
		q += sprintf(q, "%s(x, y) = x + y + 1\nu%zu(x) = %s(x, 2)*3\nv%zu(x) = %s(x, 1) - 1\n", b, i, b, i, b);
	}
	Parsed *p = parse_ok(s);
	ck_assert_int_eq(p->diag.warnings, 0);
	for (size_t i = 0; i < nb; i++) {
		char name[32];
		long double x = 1.5L;
		snprintf(name, sizeof name, "u%zu", i);
		ck_assert_msg(eval_func(parsed_func(p, name), &x) == 13.5L, "%s calls the built-in %s", name,
		              builtin_at(i)->name);
		snprintf(name, sizeof name, "v%zu", i);
		ck_assert(eval_func(parsed_func(p, name), &x) == 2.5L);
	}
	ck_assert_msg(strstr(p->msgs, "note: the function 'sinc' shadows the built-in sinc in this whole file"),
	              "%.2000s", p->msgs);
	parsed_free(p);
	free(s);
	p = parse_text("g(gamma, E, sinc) = gamma*E + sinc\n"
	               "h(v[E], pi) -> Max[E]:\n    Max[k] = Sum(v[j]*pi, (j, 0, E - 1))\n");
	ck_assert_msg(p->errors == 0 && p->diag.warnings == 0, "%s", p->msgs);
	long double a[3] = {2, 3, 0.5L};
	ck_assert(eval_func(parsed_func(p, "g"), a) == 6.5L);
	ck_assert_msg(strstr(p->msgs, "note: the argument 'gamma' shadows the built-in gamma in this definition") &&
	                  strstr(p->msgs, "note: the size 'E' shadows the built-in E in this gufunc") &&
	                  strstr(p->msgs, "note: the output 'Max' shadows") &&
	                  strstr(p->msgs, "note: the argument 'pi' shadows"),
	              "%s", p->msgs);
	parsed_free(p);
}
END_TEST

/* Without the definition, the built-in is there; with it, a call above
 * it is the user's function, defined too late, as for any other name. */
UNIT_TEST(test_shadow_whole_file, "names", 0)
{
	Parsed *p = parse_ok("f(x) = sinc(x)\n");
	ck_assert_ptr_null(strstr(p->msgs, "note"));
	parsed_free(p);
	p = parse_text("f(x) = sinc(x)\nsinc(x) = x\n");
	ck_assert_int_eq(p->errors, 1);
	ck_assert_msg(strstr(p->msgs, "1:8: error: 'sinc' is defined below, at line 2"), "%s", p->msgs);
	parsed_free(p);
}
END_TEST

/* Hiding a name symkern refuses (Integral, O, re) loses nothing: no note. */
UNIT_TEST(test_shadow_refused_quiet, "names", 0)
{
	Parsed *p = parse_ok("f(Integral, O, re, x) = Integral*O + re*x\nEi2(x) = x\n");
	ck_assert_msg(strstr(p->msgs, "note") == NULL, "%s", p->msgs);
	parsed_free(p);
	p = parse_ok("f(gamma) = gamma\n");
	ck_assert_msg(strstr(p->msgs, "note: the argument 'gamma' shadows"), "%s", p->msgs);
	parsed_free(p);
}
END_TEST

/* names.c's table is in strcmp order: names_is_reserved searches it. */
UNIT_TEST(test_reserved_sorted, "names", 0)
{
	const char *prev = names_reserved_word(0), *w;
	ck_assert_ptr_nonnull(prev);
	for (size_t i = 1; (w = names_reserved_word(i)) != NULL; prev = w, i++)
		ck_assert_msg(strcmp(prev, w) < 0, "'%s' before '%s'", prev, w);
}
END_TEST

/* Names C23, C++20, CUDA, the C library or the generated code give a
 * meaning (tests/shell/names.sh compiles them all); kept names stay kept. */
UNIT_TEST(test_reserved_renamed, "names", 0)
{
	static const char *const renamed[] = {"typeof", "typeof_unqual", "isfinite", "signbit", "atomicAdd",
	                                      "float4", "double2", "signgam", "M_PIf", "omp_x", "memset",
	                                      "co_await", "char8_t", "complex", "L_tmpnam"};
	static const char *const kept[] = {"x", "X", "mu", "load", "schedule", "Mx", "typeof2", "tmp"};
	Arena *a = arena_new();
	for (size_t i = 0; i < sizeof renamed / sizeof renamed[0]; i++) {
		char want[64];
		snprintf(want, sizeof want, "s_%s", renamed[i]);
		ck_assert_str_eq(names_c_arg(a, renamed[i], "lib"), want);
	}
	for (size_t i = 0; i < sizeof kept / sizeof kept[0]; i++)
		ck_assert_str_eq(names_c_arg(a, kept[i], "lib"), kept[i]);
	arena_free(a);
}
END_TEST

/* A library whose NAME.h would hide a header is refused (symkern(1), -n). */
UNIT_TEST(test_lib_names, "names", 0)
{
	static const char *const refused[] = {"stdint", "stddef", "math", "stdio", "stdlib", "limits",
	                                      "time", "tgmath", "stdbit", "stdckdint", "cuda_runtime",
	                                      "cuda", "cudaTypedefs", "cuComplex", "omp", "mpi", "check"};
	static const char *const accepted[] = {"seeds", "stdint2", "mathlib", "my_math", "mycuda"};
	for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
		const char *why = names_check_lib(refused[i]);
		ck_assert_msg(why && strstr(why, "header"), "%s: %s", refused[i], why ? why : "accepted");
	}
	for (size_t i = 0; i < sizeof accepted / sizeof accepted[0]; i++)
		ck_assert_msg(!names_check_lib(accepted[i]), "%s refused", accepted[i]);
}
END_TEST
