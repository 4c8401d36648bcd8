/* mathfn.c: see mathfn.h. */
#include "mathfn.h"

#include "fold_special.h"

#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

static long double absl_(long double x) { return fabsl(x); }

const MathFnInfo mathfn_info[MF_COUNT] = {
	[MF_SIN] = {"sin", 1, sinl, NULL, NULL, NULL, false},
	[MF_COS] = {"cos", 1, cosl, NULL, NULL, NULL, false},
	[MF_TAN] = {"tan", 1, tanl, NULL, NULL, NULL, false},
	[MF_ASIN] = {"asin", 1, asinl, NULL, NULL, NULL, false},
	[MF_ACOS] = {"acos", 1, acosl, NULL, NULL, NULL, false},
	[MF_ATAN] = {"atan", 1, atanl, NULL, NULL, NULL, false},
	[MF_ATAN2] = {"atan2", 2, NULL, atan2l, NULL, NULL, false},
	[MF_SINH] = {"sinh", 1, sinhl, NULL, NULL, NULL, false},
	[MF_COSH] = {"cosh", 1, coshl, NULL, NULL, NULL, false},
	[MF_TANH] = {"tanh", 1, tanhl, NULL, NULL, NULL, false},
	[MF_ASINH] = {"asinh", 1, asinhl, NULL, NULL, NULL, false},
	[MF_ACOSH] = {"acosh", 1, acoshl, NULL, NULL, NULL, false},
	[MF_ATANH] = {"atanh", 1, atanhl, NULL, NULL, NULL, false},
	[MF_EXP] = {"exp", 1, expl, NULL, NULL, NULL, false},
	[MF_LOG] = {"log", 1, logl, NULL, NULL, NULL, false},
	[MF_SQRT] = {"sqrt", 1, sqrtl, NULL, NULL, NULL, false},
	[MF_CBRT] = {"cbrt", 1, cbrtl, NULL, NULL, NULL, false},
	[MF_FABS] = {"fabs", 1, absl_, NULL, NULL, NULL, false},
	[MF_FLOOR] = {"floor", 1, floorl, NULL, NULL, NULL, false},
	[MF_CEIL] = {"ceil", 1, ceill, NULL, NULL, NULL, false},
	[MF_FMIN] = {"fmin", 2, NULL, fminl, NULL, NULL, false},
	[MF_FMAX] = {"fmax", 2, NULL, fmaxl, NULL, NULL, false},
	[MF_ERF] = {"erf", 1, erfl, NULL, NULL, NULL, false},
	[MF_ERFC] = {"erfc", 1, erfcl, NULL, NULL, NULL, false},
	[MF_TGAMMA] = {"tgamma", 1, tgammal, NULL, NULL, NULL, false},
	[MF_LGAMMA] = {"lgamma", 1, lgammal, NULL, NULL, NULL, false},
	[MF_EXP2] = {"exp2", 1, exp2l, NULL, NULL, NULL, false},
	[MF_LOG2] = {"log2", 1, log2l, NULL, NULL, NULL, false},
	[MF_LOG10] = {"log10", 1, log10l, NULL, NULL, NULL, false},
	[MF_EXPM1] = {"expm1", 1, expm1l, NULL, NULL, NULL, false},
	[MF_LOG1P] = {"log1p", 1, log1pl, NULL, NULL, NULL, false},
	[MF_HYPOT] = {"hypot", 2, NULL, hypotl, NULL, NULL, false},
	[MF_FMA] = {"fma", 3, NULL, NULL, fmal, NULL, false},
	[MF_POW] = {"pow", 2, NULL, powl, NULL, NULL, false},
	[MF_FMOD] = {"fmod", 2, NULL, fmodl, NULL, NULL, false},
	[MF_ERFINV] = {"erfinv", 1, fold_erfinv, NULL, NULL, NULL, true},
	[MF_ERFCINV] = {"erfcinv", 1, fold_erfcinv, NULL, NULL, NULL, true},
	[MF_LAMBERTW] = {"lambertw", 1, fold_lambertw, NULL, NULL, NULL, true},
	[MF_LAMBERTWM1] = {"lambertwm1", 1, fold_lambertwm1, NULL, NULL, NULL, true},
	[MF_BESSELJ] = {"besselj", 2, NULL, fold_besselj, NULL, NULL, true},
	[MF_BESSELY] = {"bessely", 2, NULL, fold_bessely, NULL, NULL, true},
	[MF_BESSELI] = {"besseli", 2, NULL, fold_besseli, NULL, NULL, true},
	[MF_BESSELK] = {"besselk", 2, NULL, fold_besselk, NULL, NULL, true},
	[MF_SPHJN] = {"spherical_jn", 2, NULL, fold_spherical_jn, NULL, NULL, true},
	[MF_SPHYN] = {"spherical_yn", 2, NULL, fold_spherical_yn, NULL, NULL, true},
	[MF_ELLIPK] = {"elliptic_k", 1, fold_elliptic_k, NULL, NULL, NULL, true},
	[MF_ELLIPE] = {"elliptic_e", 1, fold_elliptic_e, NULL, NULL, NULL, true},
	[MF_ELLIPF] = {"elliptic_f", 2, NULL, fold_elliptic_f, NULL, NULL, true},
	[MF_ELLIPEINC] = {"elliptic_einc", 2, NULL, fold_elliptic_einc, NULL, NULL, true},
	[MF_ZETA] = {"zeta", 1, fold_zeta, NULL, NULL, NULL, true},
	[MF_HURWITZ] = {"hurwitz", 2, NULL, fold_hurwitz, NULL, NULL, true},
	[MF_ETA] = {"dirichlet_eta", 1, fold_dirichlet_eta, NULL, NULL, NULL, true},
	[MF_POLYGAMMA] = {"polygamma", 2, NULL, fold_polygamma, NULL, NULL, true},
	[MF_BETA] = {"beta", 2, NULL, fold_beta, NULL, NULL, true},
	[MF_RISING] = {"rising", 2, NULL, fold_rising, NULL, NULL, true},
	[MF_FALLING] = {"falling", 2, NULL, fold_falling, NULL, NULL, true},
	[MF_ERF2] = {"erf2", 2, NULL, fold_erf2, NULL, NULL, true},
	[MF_LOWERGAMMA] = {"lowergamma", 2, NULL, fold_lowergamma, NULL, NULL, true},
	[MF_UPPERGAMMA] = {"uppergamma", 2, NULL, fold_uppergamma, NULL, NULL, true},
	[MF_EXPINT] = {"expint", 2, NULL, fold_expint, NULL, NULL, true},
	[MF_E1] = {"e1", 1, fold_e1, NULL, NULL, NULL, true},
	[MF_EI] = {"ei", 1, fold_ei, NULL, NULL, NULL, true},
	[MF_LI] = {"li", 1, fold_li, NULL, NULL, NULL, true},
	[MF_SI] = {"si", 1, fold_si, NULL, NULL, NULL, true},
	[MF_CI] = {"ci", 1, fold_ci, NULL, NULL, NULL, true},
	[MF_SHI] = {"shi", 1, fold_shi, NULL, NULL, NULL, true},
	[MF_CHI] = {"chi", 1, fold_chi, NULL, NULL, NULL, true},
	[MF_AIRYAI] = {"airyai", 1, fold_airyai, NULL, NULL, NULL, true},
	[MF_AIRYBI] = {"airybi", 1, fold_airybi, NULL, NULL, NULL, true},
	[MF_AIRYAIP] = {"airyaiprime", 1, fold_airyaiprime, NULL, NULL, NULL, true},
	[MF_AIRYBIP] = {"airybiprime", 1, fold_airybiprime, NULL, NULL, NULL, true},
	[MF_DIGAMMA] = {"digamma", 1, fold_digamma, NULL, NULL, NULL, true},
	[MF_TRIGAMMA] = {"trigamma", 1, fold_trigamma, NULL, NULL, NULL, true},
	[MF_BETAINC] = {"betainc", 4, NULL, NULL, NULL, fold_betainc, true},
	[MF_BETAINCREG] = {"betainc_regularized", 4, NULL, NULL, NULL, fold_betainc_regularized, true},
};

#define M(n, f) {n, B_MATH, f, NULL, NULL}
#define U(n, why) {n, B_UNSUPPORTED, MF_COUNT, why, NULL}
#define K(n, k) {n, k, MF_COUNT, NULL, NULL}
#define R(n, f) {n, B_RECIP, f, NULL, NULL}
#define C(n, sympy) {n, B_CONST_ALIAS, MF_COUNT, NULL, sympy}
#define J(n, f) {n, B_BESSEL, f, NULL, NULL}
/* SymPy's names, with sympy.codegen's (Cbrt, Sqrt, expm1, ..., cosm1,
 * logaddexp, sinc); then the spellings sympy.ccode prints for the same
 * things (symkern(5), "Spellings of sympy.ccode"). */
static const Builtin builtins[] = {
	K("And", B_AND),
	M("FallingFactorial", MF_FALLING),
	U("Derivative", "derivatives are not supported; call doit() in SymPy first"),
	K("E", B_CONST_E),
	M("Chi", MF_CHI),
	M("Ci", MF_CI),
	M("E1", MF_E1),
	M("Ei", MF_EI),
	K("Eq", B_EQ),
	K("False", B_FALSE),
	K("Heaviside", B_HEAVISIDE),
	K("LambertW", B_LAMBERTW),
	U("I", "complex numbers ('I') are not supported"),
	U("Integral", "integrals are not supported; call doit() in SymPy first"),
	{"Max", B_MINMAX, MF_FMAX, NULL, NULL},
	{"Min", B_MINMAX, MF_FMIN, NULL, NULL},
	K("Mod", B_MOD),
	K("Ne", B_NE),
	U("O", "'O(...)' is the order term of a series: call .removeO() on the series in SymPy first"),
	K("Not", B_NOT),
	K("Or", B_OR),
	M("Shi", MF_SHI),
	M("Si", MF_SI),
	K("Piecewise", B_PIECEWISE),
	K("Product", B_PRODUCT),
	M("RisingFactorial", MF_RISING),
	K("Sum", B_SUM),
	K("True", B_TRUE),
	M("Abs", MF_FABS),
	M("Cbrt", MF_CBRT),
	M("Sqrt", MF_SQRT),
	M("acos", MF_ACOS),
	M("acosh", MF_ACOSH),
	K("acot", B_ACOT),
	K("acoth", B_ACOTH),
	K("acsc", B_ACSC),
	K("acsch", B_ACSCH),
	K("asec", B_ASEC),
	K("asech", B_ASECH),
	M("asin", MF_ASIN),
	M("asinh", MF_ASINH),
	M("airyai", MF_AIRYAI),
	M("airyaiprime", MF_AIRYAIP),
	M("airybi", MF_AIRYBI),
	M("airybiprime", MF_AIRYBIP),
	M("atan", MF_ATAN),
	M("atan2", MF_ATAN2),
	M("atanh", MF_ATANH),
	M("beta", MF_BETA),
	J("besseli", MF_BESSELI),
	J("besselj", MF_BESSELJ),
	J("besselk", MF_BESSELK),
	J("bessely", MF_BESSELY),
	K("binomial", B_BINOMIAL),
	M("cbrt", MF_CBRT),
	M("ceiling", MF_CEIL),
	U("conjugate", "complex functions ('conjugate') are not supported: symkern treats every argument as real, "
	               "so conjugate(x) is x; declare the symbols real in SymPy (Symbol('x', real=True)) and "
	               "SymPy simplifies it away"),
	M("cos", MF_COS),
	M("cosh", MF_COSH),
	K("cosm1", B_COSM1),
	R("cot", MF_TAN),
	R("coth", MF_TANH),
	R("csc", MF_SIN),
	K("csch", B_CSCH),
	M("digamma", MF_DIGAMMA),
	M("dirichlet_eta", MF_ETA),
	K("elliptic_e", B_ELLIPE),
	M("elliptic_f", MF_ELLIPF),
	M("elliptic_k", MF_ELLIPK),
	M("erf", MF_ERF),
	M("erfc", MF_ERFC),
	M("erfcinv", MF_ERFCINV),
	M("erf2", MF_ERF2),
	M("erfinv", MF_ERFINV),
	M("exp", MF_EXP),
	M("exp2", MF_EXP2),
	M("expint", MF_EXPINT),
	M("expm1", MF_EXPM1),
	K("factorial", B_FACTORIAL),
	M("floor", MF_FLOOR),
	M("fma", MF_FMA),
	K("frac", B_FRAC),
	M("gamma", MF_TGAMMA),
	M("hypot", MF_HYPOT),
	U("im", "complex functions ('im') are not supported: symkern treats every argument as real, so im(x) "
	        "is 0; declare the symbols real in SymPy (Symbol('x', real=True)) and SymPy simplifies it away"),
	/* newer sympy.codegen's tests; a NaN or infinite argument has no
	 * meaning symkern keeps (rewrites may remove it) */
	U("isinf", "'isinf' is not supported: test the range with relations, as in Piecewise((f, x < 1e300), ...)"),
	U("isnan", "'isnan' is not supported: Piecewise and the relations are false for NaN, and the result of a NaN argument is NaN"),
	J("jn", MF_SPHJN),
	{"log", B_LOG, MF_LOG, NULL, NULL},
	K("logaddexp", B_LOGADDEXP),
	K("logaddexp2", B_LOGADDEXP2),
	M("log10", MF_LOG10),
	M("log1p", MF_LOG1P),
	M("log2", MF_LOG2),
	M("loggamma", MF_LGAMMA),
	M("li", MF_LI),
	M("lowergamma", MF_LOWERGAMMA),
	U("nan", "'nan' is not supported: a function must be real and finite where defined"),
	U("oo", "infinity ('oo') is not supported"),
	U("re", "complex functions ('re') are not supported: symkern treats every argument as real, so re(x) "
	        "is x; declare the symbols real in SymPy (Symbol('x', real=True)) and SymPy simplifies it away"),
	K("pi", B_CONST_PI),
	K("polygamma", B_POLYGAMMA),
	R("sec", MF_COS),
	K("sech", B_SECH),
	K("sign", B_SIGN),
	M("sin", MF_SIN),
	K("sinc", B_SINC),
	M("sinh", MF_SINH),
	M("sqrt", MF_SQRT),
	M("tan", MF_TAN),
	M("tanh", MF_TANH),
	M("trigamma", MF_TRIGAMMA),
	M("uppergamma", MF_UPPERGAMMA),
	J("yn", MF_SPHYN),
	K("zeta", B_ZETA),
	U("zoo", "complex infinity ('zoo') is not supported"),
	/* refused, with the formula that is exact for real arguments */
	U("exp_polar", "'exp_polar' is not supported: for a real argument it is exp; write exp(x)"),
	/* the incomplete beta functions: four arguments */
	M("betainc", MF_BETAINC),
	M("betainc_regularized", MF_BETAINCREG),
	/* sympy.ccode's spellings */
	C("M_1_PI", "1/pi"),
	C("M_2_PI", "2/pi"),
	C("M_2_SQRTPI", "2/sqrt(pi)"),
	C("M_E", "E"),
	C("M_LN10", "log(10)"),
	C("M_LN2", "log(2)"),
	C("M_LOG10E", "1/log(10)"),
	C("M_LOG2E", "1/log(2)"),
	C("M_PI", "pi"),
	C("M_PI_2", "pi/2"),
	C("M_PI_4", "pi/4"),
	C("M_SQRT1_2", "sqrt(2)/2"),
	C("M_SQRT2", "sqrt(2)"),
	M("ceil", MF_CEIL),
	M("fabs", MF_FABS),
	M("fmax", MF_FMAX),
	M("fmin", MF_FMIN),
	M("fmod", MF_FMOD),
	M("lgamma", MF_LGAMMA),
	K("pow", B_POW),
	M("tgamma", MF_TGAMMA),
};
#undef M
#undef U
#undef K
#undef R
#undef S
#undef C

const Builtin *builtin_lookup(const char *name)
{
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
		if (strcmp(name, builtins[i].name) == 0)
			return &builtins[i];
	return NULL;
}

/* Other languages' names for built-ins (NumPy's, C's, Mathematica's):
 * the name to suggest for each. */
static const struct {
	const char *name, *is;
} aliases[] = {
	{"abs", "Abs"},         {"absolute", "Abs"},  {"ln", "log"},          {"sgn", "sign"},
	{"signum", "sign"},     {"max", "Max"},       {"min", "Min"},         {"amax", "Max"},
	{"amin", "Min"},        {"maximum", "Max"},   {"minimum", "Min"},     {"power", "pow"},
	{"gammaln", "loggamma"}, {"heaviside", "Heaviside"}, {"piecewise", "Piecewise"},
	{"sum", "Sum"},         {"product", "Product"}, {"prod", "Product"},
};

/* Edit distance (insertions, deletions, substitutions; letters compared
 * without case), at most 3: names are short. */
static int distance(const char *a, const char *b)
{
	enum { MAX = 64 };
	int row[MAX + 1];
	size_t la = strlen(a), lb = strlen(b);
	if (la > MAX || lb > MAX)
		return 99;
	for (size_t j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (size_t i = 1; i <= la; i++) {
		int diag = row[0];
		row[0] = (int)i;
		for (size_t j = 1; j <= lb; j++) {
			int up = row[j], ca = a[i - 1], cb = b[j - 1];
			ca = ca >= 'A' && ca <= 'Z' ? ca + 32 : ca;
			cb = cb >= 'A' && cb <= 'Z' ? cb + 32 : cb;
			int best = diag + (ca != cb);
			best = up + 1 < best ? up + 1 : best;
			best = row[j - 1] + 1 < best ? row[j - 1] + 1 : best;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

static bool callable(const Builtin *b)
{
	return b->kind != B_UNSUPPORTED && b->kind != B_CONST_ALIAS && b->kind != B_CONST_PI &&
	       b->kind != B_CONST_E && b->kind != B_TRUE && b->kind != B_FALSE;
}

const char *builtin_suggest(const char *name)
{
	const char *best = NULL;
	int bestd = 99;
	for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (strcmp(name, aliases[i].name) == 0)
			return aliases[i].is;
	if (strncmp(name, "arc", 3) == 0 && name[3]) { /* NumPy's arctan, arcsinh, ... */
		char a[80];
		const Builtin *b;
		if (snprintf(a, sizeof a, "a%s", name + 3) < (int)sizeof a && (b = builtin_lookup(a)) && callable(b))
			return b->name;
	}
	/* A slip of one letter (two in longer names), or of case only; of
	 * those as near, the one sharing the longest beginning (sinn: sin, not
	 * sign). */
	size_t bestp = 0;
	for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
		const char *b = builtins[i].name;
		size_t pre = 0;
		int d;
		if (!callable(&builtins[i]))
			continue;
		d = distance(name, b);
		while (name[pre] && name[pre] == b[pre])
			pre++;
		if ((d < bestd || (d == bestd && pre > bestp)) && d <= (strlen(name) >= 6 ? 2 : 1) &&
		    d < (int)strlen(b)) {
			best = b;
			bestd = d;
			bestp = pre;
		}
	}
	return best;
}

const Builtin *builtin_at(size_t i)
{
	return i < sizeof builtins / sizeof builtins[0] ? &builtins[i] : NULL;
}

bool mathfn_is_c_name(const char *name)
{
	size_t n = strlen(name);
	for (int i = 0; i < MF_COUNT; i++) {
		if (mathfn_info[i].runtime || name[0] != mathfn_info[i].cname[0])
			continue;
		size_t m = strlen(mathfn_info[i].cname);
		if (strncmp(name, mathfn_info[i].cname, m) == 0 &&
		    (n == m || (n == m + 1 && name[m] == 'f')))
			return true;
	}
	return false;
}
