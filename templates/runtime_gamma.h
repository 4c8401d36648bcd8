/* runtime_gamma.h: digamma and trigamma, written once for every type
 * (runtime_type.h: SK_T, SK_F, SK_M, SK_L, SK_PICK), and the polynomial
 * evaluation that runtime_special.h uses too.  header.h.m4 pastes it into
 * NAME.h for double and float, after runtime_type.h and under the
 * header's SK_RT and SK_LIB, in a library that calls a special function;
 * the generator's constant folding (gen/mathfn.c) includes it for long
 * double.  The oracle states and checks the bounds (docs/accuracy.md).
 *
 * make check compiles this file alone as C99 and C++11 (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_gamma.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* c[0] x^(n-1) + c[1] x^(n-2) + ... + c[n-1] by Horner's rule. */
SK_LIB(FN) SK_T SK_F(poly)(SK_T x, const SK_T *c, int n)
{
	SK_T p = c[0];
	for (int i = 1; i < n; i++)
		p = c[i] + p * x;
	return p;
}

/* The rounding error of s = a + b (Knuth's TwoSum): a + b = s + error
 * exactly. */
SK_LIB(FN) SK_T SK_F(sum_err)(SK_T a, SK_T b, SK_T s)
{
	const SK_T bb = s - a;
	return (a - (s - bb)) + (b - bb);
}

/* digamma(x) = polygamma(0, x) and trigamma(x) = polygamma(1, x), SymPy's
 * polygamma of order 0 and 1 (SymPy prints digamma(x) as
 * polygamma(0, x)), for every real x.
 *
 * digamma: for x >= 10 the asymptotic expansion (Abramowitz and Stegun
 * 6.3.18) log x - 1/(2x) - sum B_2k/(2k x^2k), k = 1..8 in double (the
 * first term left out is below 1e-18 of the value) and 1..3 in float
 * (long double: x >= 20, k = 1..10); for
 * 2 < x < 10 the recurrence psi(x) = psi(x - 1) + 1/(x - 1) (x - k is
 * exact) down to [1, 2]; for 0 < x < 1 psi(x) = psi(1 + x) - 1/x, with
 * psi(1 + x) evaluated from t = x itself, so that 1 + x is never rounded.
 * On [1, 2], t = x - 1: the form psi(1 + t) = g (Y + R(t)), g = 1 + t - r0
 * (r0 the positive root 1.4616..., in two or three parts, so that g keeps
 * its relative precision near the root and the result with it), Y a
 * constant and R a rational function: J. Maddock's approximation in
 * Boost.Math (boost/math/special_functions/digamma.hpp), whose
 * coefficients these are (double: deviation 1.5e-18; float: 3.4e-10; long
 * double: 5e-20).
 * For x < 0 the reflection psi(x) = psi(1 - x) - pi cot(pi x), with
 * cot(pi x) = cot(pi r), r = x - rint(x) exact in [-1/2, 1/2], and
 * cot(pi r) = tan(pi (1/2 - |r|)) (with the sign of r) for |r| > 1/4,
 * where 1/2 - |r| is exact: the cotangent keeps its relative precision
 * everywhere.  Near the zeros of psi between the poles on the negative
 * axis the two terms cancel: there the error is bounded in ulps of
 * log(2 - x) + |pi cot(pi x)|, the size of the terms (docs/accuracy.md).  Poles: at x = -0
 * and +0 the limits +inf and -inf (the sign of the side, as tgamma's),
 * at the negative integers, where the two sides' limits differ, NaN;
 * psi(+inf) = +inf, psi(-inf) = NaN.
 *
 * trigamma: all terms of psi_1(x) = sum 1/(x + k)^2 are positive, so for
 * x > -20 the recurrence psi_1(x) = 1/x^2 + psi_1(x + 1) up to x >= 12
 * (double), 10 (float) or 30 (long double) loses nothing (x + 1 is exact until it crosses 0,
 * and the term nearest a pole is exact), then the asymptotic expansion
 * (A&S 6.4.12) 1/x + 1/(2x^2) + sum B_2k / x^(2k+1), k = 1..8 (float
 * 1..3, long double 1..9); for x <= -20 the reflection
 * psi_1(x) = (pi / sin(pi x))^2 - psi_1(1 - x), whose first term is at
 * least pi^2 and the second below 1/20, but whose square doubles the
 * error of pi / sin(pi x) (docs/accuracy.md: trigamma_neg).  The poles
 * x = 0, -1, -2, ... give +inf (both sides' limit); psi_1(+inf) = 0,
 * psi_1(-inf) = NaN. */
SK_LIB(FN) SK_T SK_F(cotpi)(SK_T x) /* pi cot(pi x), x not an integer */
{
	const SK_T pi = SK_L(3.14159265358979323846264338327950288), r = x - SK_M(rint)(x), a = SK_M(fabs)(r);
	const SK_T c = a > SK_L(0.25) ? pi * SK_M(tan)(pi * (SK_L(0.5) - a)) : pi / SK_M(tan)(pi * a);
	return r < 0 ? -c : c;
}

SK_LIB(FN) SK_T SK_F(digamma_pos)(SK_T x) /* x >= 0 */
{
	/* B_2k/(2k), k = 10 down to 1 */
	static const SK_T B[] = {SK_L(-174611.0) / 6600, SK_L(43867.0) / 14364, SK_L(-3617.0) / 8160,
	                         SK_L(1.0) / 12, SK_L(-691.0) / 32760, SK_L(1.0) / 132, SK_L(-1.0) / 240,
	                         SK_L(1.0) / 252, SK_L(-1.0) / 120, SK_L(1.0) / 12};
	static const SK_T P[] = {SK_PICK_LIST(
	        (-0.61041765350579073e-1f, -0.43916936919946835f, -0.44981331915268368f,
	         0.25479851023250261f),
	        (-0.0020713321167745952, -0.045251321448739056, -0.28919126444774784,
	         -0.65031853770896507, -0.32555031186804491, 0.25479851061131551),
	        (-0.00289268368333918761452L, -0.0541156266153505273939L, -0.314767657147375752913L,
	         -0.665836341559876230295L, -0.314628554532916496608L, 0.254798510611315515235L))};
	static const SK_T Q[] = {SK_PICK_LIST(
	        (0.63851690523355715e-1f, 0.65341249856146947f, 1.5890202430554952f, 1.0f),
	        (-0.55789841321675513e-6, 0.0021284987017821144, 0.054151797245674225,
	         0.43593529692665969, 1.4606242909763515, 2.0767117023730469, 1.0),
	        (0.317940243105952177571e-7L, -0.165079794012604905639e-5L, 0.00298999662592323990972L,
	         0.0660481487173569812846L, 0.486986018231042975162L, 1.54350554664961128724L,
	         2.1195759927055347547L, 1.0L))};
	const int nb = SK_PICK(3, 8, 10);
	SK_T s = 0, t, g;
	if (x >= SK_PICK(10, 10, 20)) {
		const SK_T z = 1 / (x * x);
		return SK_M(log)(x) - SK_L(0.5) / x - SK_F(poly)(z, B + 10 - nb, nb) * z;
	}
	while (x > 2) {
		x -= 1;
		s += 1 / x;
	}
	if (x < 1) {
		s = -1 / x;
		t = x;
	} else {
		t = x - 1;
	}
	/* 1 + t - r0, r0 in three parts */
	g = t - SK_PICK(484056.0f / 1048576, 495673741.0 / 1073741824, 495673741.0L / 1073741824);
	g -= SK_PICK(3.700660045069526e-07f, 381566830.0 / 1073741824 / 1073741824,
	             381566830.0L / 1073741824 / 1073741824);
	g -= SK_PICK(1.4084309686948106e-14f, 0.9016312093258695918615325266959189453125e-19,
	             0.9016312093258695918615325266959189453125e-19L);
	return s + (g * SK_L(0.99558162689208984375) +
	            g * (SK_F(poly)(t, P, SK_COUNT(P)) / SK_F(poly)(t, Q, SK_COUNT(Q))));
}

SK_LIB(FN) SK_T SK_F(digamma)(SK_T x)
{
	if (x < 0)
		return x == SK_M(rint)(x) ? (SK_T)NAN : SK_F(digamma_pos)(1 - x) - SK_F(cotpi)(x);
	return SK_F(digamma_pos)(x);
}

SK_LIB(FN) SK_T SK_F(trigamma_up)(SK_T x) /* x > -20, not a pole */
{
	/* B_2k, k = 9 down to 1 */
	static const SK_T B[] = {SK_L(43867.0) / 798, SK_L(-3617.0) / 510, SK_L(7.0) / 6,
	                         SK_L(-691.0) / 2730, SK_L(5.0) / 66, SK_L(-1.0) / 30, SK_L(1.0) / 42,
	                         SK_L(-1.0) / 30, SK_L(1.0) / 6};
	const int nb = SK_PICK(3, 8, 9), m = x < 0 ? (int)-x + 1 : 0;
	const int n = x < SK_PICK(10, 12, 30) ? (int)(SK_PICK(11, 13, 31) - x) : 0; /* x + n >= that */
	const SK_T y = x + (SK_T)n, z = 1 / (y * y), p = SK_F(poly)(z, B + 9 - nb, nb);
	SK_T s = 1 / y + SK_L(0.5) * z + p * z / y, r = 0;
	/* the smallest terms first: those of t = x + k > 0 down to the least t,
	 * apart those of t < 0 (m of them) up to the greatest */
	for (int k = n - 1; k >= m; k--) {
		const SK_T t = x + (SK_T)k;
		s += 1 / t / t; /* not 1/(t*t), which t*t's underflow spoils */
	}
	for (int k = 0; k < m; k++) {
		const SK_T t = x + (SK_T)k;
		r += 1 / t / t;
	}
	return s + r;
}

SK_LIB(FN) SK_T SK_F(trigamma)(SK_T x)
{
	const SK_T pi = SK_L(3.14159265358979323846264338327950288);
	SK_T v;
	if (x == SK_M(rint)(x) && x <= 0)
		return x == -(SK_T)INFINITY ? (SK_T)NAN : (SK_T)INFINITY;
	if (x > -20)
		return SK_F(trigamma_up)(x);
	v = pi / SK_M(sin)(pi * (x - SK_M(rint)(x)));
	return v * v - SK_F(trigamma_up)(1 - x);
}
