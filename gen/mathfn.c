/* mathfn.c: see mathfn.h. */
#include "mathfn.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

static long double absl_(long double x) { return fabsl(x); }

const MathFnInfo mathfn_info[MF_COUNT] = {
	[MF_SIN] = {"sin", 1, sinl, NULL, NULL},
	[MF_COS] = {"cos", 1, cosl, NULL, NULL},
	[MF_TAN] = {"tan", 1, tanl, NULL, NULL},
	[MF_ASIN] = {"asin", 1, asinl, NULL, NULL},
	[MF_ACOS] = {"acos", 1, acosl, NULL, NULL},
	[MF_ATAN] = {"atan", 1, atanl, NULL, NULL},
	[MF_ATAN2] = {"atan2", 2, NULL, atan2l, NULL},
	[MF_SINH] = {"sinh", 1, sinhl, NULL, NULL},
	[MF_COSH] = {"cosh", 1, coshl, NULL, NULL},
	[MF_TANH] = {"tanh", 1, tanhl, NULL, NULL},
	[MF_ASINH] = {"asinh", 1, asinhl, NULL, NULL},
	[MF_ACOSH] = {"acosh", 1, acoshl, NULL, NULL},
	[MF_ATANH] = {"atanh", 1, atanhl, NULL, NULL},
	[MF_EXP] = {"exp", 1, expl, NULL, NULL},
	[MF_LOG] = {"log", 1, logl, NULL, NULL},
	[MF_SQRT] = {"sqrt", 1, sqrtl, NULL, NULL},
	[MF_CBRT] = {"cbrt", 1, cbrtl, NULL, NULL},
	[MF_FABS] = {"fabs", 1, absl_, NULL, NULL},
	[MF_FLOOR] = {"floor", 1, floorl, NULL, NULL},
	[MF_CEIL] = {"ceil", 1, ceill, NULL, NULL},
	[MF_FMIN] = {"fmin", 2, NULL, fminl, NULL},
	[MF_FMAX] = {"fmax", 2, NULL, fmaxl, NULL},
	[MF_ERF] = {"erf", 1, erfl, NULL, NULL},
	[MF_ERFC] = {"erfc", 1, erfcl, NULL, NULL},
	[MF_TGAMMA] = {"tgamma", 1, tgammal, NULL, NULL},
	[MF_LGAMMA] = {"lgamma", 1, lgammal, NULL, NULL},
	[MF_EXP2] = {"exp2", 1, exp2l, NULL, NULL},
	[MF_LOG2] = {"log2", 1, log2l, NULL, NULL},
	[MF_LOG10] = {"log10", 1, log10l, NULL, NULL},
	[MF_EXPM1] = {"expm1", 1, expm1l, NULL, NULL},
	[MF_LOG1P] = {"log1p", 1, log1pl, NULL, NULL},
	[MF_HYPOT] = {"hypot", 2, NULL, hypotl, NULL},
	[MF_FMA] = {"fma", 3, NULL, NULL, fmal},
	[MF_POW] = {"pow", 2, NULL, powl, NULL},
};

#define M(n, f) {n, B_MATH, f, NULL}
#define U(n, why) {n, B_UNSUPPORTED, MF_COUNT, why}
static const Builtin builtins[] = {
	{"And", B_AND, MF_COUNT, NULL},
	U("Derivative", "derivatives are not supported; call doit() in SymPy first"),
	{"E", B_CONST_E, MF_COUNT, NULL},
	{"Eq", B_EQ, MF_COUNT, NULL},
	{"False", B_FALSE, MF_COUNT, NULL},
	{"Heaviside", B_HEAVISIDE, MF_COUNT, NULL},
	U("I", "complex numbers ('I') are not supported"),
	U("Integral", "integrals are not supported; call doit() in SymPy first"),
	{"Max", B_MINMAX, MF_FMAX, NULL},
	{"Min", B_MINMAX, MF_FMIN, NULL},
	{"Ne", B_NE, MF_COUNT, NULL},
	{"Not", B_NOT, MF_COUNT, NULL},
	{"Or", B_OR, MF_COUNT, NULL},
	{"Piecewise", B_PIECEWISE, MF_COUNT, NULL},
	{"Product", B_PRODUCT, MF_COUNT, NULL},
	{"Sum", B_SUM, MF_COUNT, NULL},
	{"True", B_TRUE, MF_COUNT, NULL},
	M("Abs", MF_FABS),
	M("acos", MF_ACOS),
	M("acosh", MF_ACOSH),
	M("asin", MF_ASIN),
	M("asinh", MF_ASINH),
	M("atan", MF_ATAN),
	M("atan2", MF_ATAN2),
	M("atanh", MF_ATANH),
	{"binomial", B_BINOMIAL, MF_COUNT, NULL},
	M("cbrt", MF_CBRT),
	M("ceiling", MF_CEIL),
	U("conjugate", "complex functions ('conjugate') are not supported"),
	M("cos", MF_COS),
	M("cosh", MF_COSH),
	M("erf", MF_ERF),
	M("erfc", MF_ERFC),
	M("exp", MF_EXP),
	M("exp2", MF_EXP2),
	M("expm1", MF_EXPM1),
	{"factorial", B_FACTORIAL, MF_COUNT, NULL},
	M("floor", MF_FLOOR),
	M("fma", MF_FMA),
	M("gamma", MF_TGAMMA),
	M("hypot", MF_HYPOT),
	U("im", "complex functions ('im') are not supported"),
	{"log", B_LOG, MF_LOG, NULL},
	M("log10", MF_LOG10),
	M("log1p", MF_LOG1P),
	M("log2", MF_LOG2),
	M("loggamma", MF_LGAMMA),
	U("nan", "'nan' is not supported: a function must be real and finite where defined"),
	U("oo", "infinity ('oo') is not supported"),
	U("re", "complex functions ('re') are not supported"),
	{"pi", B_CONST_PI, MF_COUNT, NULL},
	{"sign", B_SIGN, MF_COUNT, NULL},
	M("sin", MF_SIN),
	M("sinh", MF_SINH),
	M("sqrt", MF_SQRT),
	M("tan", MF_TAN),
	M("tanh", MF_TANH),
	U("zoo", "complex infinity ('zoo') is not supported"),
};
#undef M
#undef U

const Builtin *builtin_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(name, builtins[i].name) == 0)
			return &builtins[i];
	return NULL;
}

bool mathfn_is_c_name(const char *name)
{
	size_t n = strlen(name);
	for (int i = 0; i < MF_COUNT; i++) {
		if (name[0] != mathfn_info[i].cname[0])
			continue;
		size_t m = strlen(mathfn_info[i].cname);
		if (strncmp(name, mathfn_info[i].cname, m) == 0 &&
		    (n == m || (n == m + 1 && name[m] == 'f')))
			return true;
	}
	return false;
}
