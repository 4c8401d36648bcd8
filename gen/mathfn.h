/* mathfn.h: the C math functions that generated code calls, and the names a
 * .sym file may use for them.  One table (mathfn.c) says, for each, its
 * double name (the float one appends 'f'), its arity and how the generator
 * folds it on constants. */
#ifndef SYMKERN_MATHFN_H
#define SYMKERN_MATHFN_H

#include <stdbool.h>
#include <stddef.h>

typedef enum {
	MF_SIN, MF_COS, MF_TAN, MF_ASIN, MF_ACOS, MF_ATAN, MF_ATAN2,
	MF_SINH, MF_COSH, MF_TANH, MF_ASINH, MF_ACOSH, MF_ATANH,
	MF_EXP, MF_LOG, MF_SQRT, MF_CBRT, MF_FABS, MF_FLOOR, MF_CEIL,
	MF_FMIN, MF_FMAX, MF_ERF, MF_ERFC, MF_TGAMMA, MF_LGAMMA,
	MF_EXP2, MF_LOG2, MF_LOG10, MF_EXPM1, MF_LOG1P, MF_HYPOT, MF_FMA, MF_POW, MF_FMOD,
	MF_ERFINV, MF_ERFCINV, MF_LAMBERTW, MF_LAMBERTWM1, MF_BESSELJ, MF_BESSELY,
	MF_BESSELI, MF_BESSELK, MF_SPHJN, MF_SPHYN, MF_ELLIPK, MF_ELLIPE, MF_ELLIPF, MF_ELLIPEINC,
	MF_ZETA, MF_HURWITZ, MF_ETA, MF_POLYGAMMA, MF_BETA, MF_RISING, MF_FALLING, MF_ERF2,
	MF_LOWERGAMMA, MF_UPPERGAMMA, MF_EXPINT, MF_E1, MF_EI, MF_LI, MF_SI, MF_CI, MF_SHI, MF_CHI,
	MF_AIRYAI, MF_AIRYBI, MF_AIRYAIP, MF_AIRYBIP,
	MF_DIGAMMA, MF_TRIGAMMA, MF_BETAINC, MF_BETAINCREG,
	MF_COUNT
} MathFn;

typedef struct {
	const char *cname; /* double version; float appends 'f' */
	int arity;
	long double (*fold1)(long double);
	long double (*fold2)(long double, long double);
	long double (*fold3)(long double, long double, long double);
	long double (*fold4)(long double, long double, long double, long double);
	/* Not the C library's: generated code calls NAME_priv_CNAME[f], which
	 * the header defines (templates/runtime_gamma.h, runtime_special.h). */
	bool runtime;
} MathFnInfo;

extern const MathFnInfo mathfn_info[MF_COUNT];

/* What a name in a .sym file calls. */
typedef enum {
	B_MATH,      /* a MathFn of fixed arity */
	B_LOG,       /* log(x) or log(x, base) */
	B_MINMAX,    /* Min/Max: one or more arguments */
	B_SIGN,      /* sign(x) */
	B_HEAVISIDE, /* Heaviside(x) or Heaviside(x, value at 0) */
	B_PIECEWISE,
	B_EQ, B_NE, B_AND, B_OR, B_NOT,
	B_SUM, B_PRODUCT, /* reductions: gufuncs only */
	B_FACTORIAL, B_BINOMIAL,
	B_POW,       /* pow(a, b): ccode's spelling of a**b */
	B_RECIP,     /* 1/fn(x): sec, csc, cot, coth */
	B_LAMBERTW,  /* LambertW(x) or LambertW(x, k), k = 0 or -1 */
	B_BESSEL,    /* besselj, bessely, besseli, besselk, jn, yn (n, x): n an integer constant */
	B_POLYGAMMA, /* polygamma(m, x): m an integer constant from 0 to 32 */
	B_ELLIPE,    /* elliptic_e(m) or elliptic_e(phi, m) */
	B_ZETA,      /* zeta(s) or zeta(s, a) */
	/* formulas over other built-ins (compose.c): sympy.codegen's nodes,
	 * sech and csch, the inverse reciprocal functions, Mod and frac */
	B_SINC, B_COSM1, B_LOGADDEXP, B_LOGADDEXP2, B_SECH, B_CSCH,
	B_ACOT, B_ASEC, B_ACSC, B_ASECH, B_ACSCH, B_ACOTH, B_MOD, B_FRAC,
	/* constants: pi, E, True, False, and ccode's M_ names (see alias) */
	B_CONST_PI, B_CONST_E, B_TRUE, B_FALSE, B_CONST_ALIAS,
	B_UNSUPPORTED /* a SymPy name symkern knows and refuses; see why */
} BuiltinKind;

typedef struct {
	const char *name;
	BuiltinKind kind;
	MathFn fn;       /* for B_MATH, B_RECIP, B_BESSEL, B_MINMAX (MF_FMIN or MF_FMAX) */
	const char *why; /* for B_UNSUPPORTED */
	/* for B_CONST_ALIAS: the constant as SymPy's str() prints it, parsed in
	 * its place, so that M_PI_2 gives the code pi/2 gives */
	const char *alias;
} Builtin;

/* NULL when the name is not a built-in. */
const Builtin *builtin_lookup(const char *name);
/* The built-in to suggest for an unknown function name (SymPy's spelling
 * of NumPy's, C's or Mathematica's name for it, or a near miss), or NULL. */
const char *builtin_suggest(const char *name);
/* The built-ins in table order; NULL past the end (for tests). */
const Builtin *builtin_at(size_t i);
/* True for names generated code may reference (sin, sinf, fmin, NAN, ...),
 * which therefore cannot be used for an argument unmangled. */
bool mathfn_is_c_name(const char *name);

#endif
