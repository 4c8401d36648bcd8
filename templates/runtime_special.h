/* runtime_special.h: SymPy's special functions that the CUDA Math API and
 * the C library do not both provide, written once for host and device
 * code, so that NAME.cu and NAME_cpu.c compute them alike: erfinv,
 * erfcinv, LambertW's real branches, digamma and trigamma in double and
 * float (float computed in float), and wrappers of the libraries' Bessel
 * functions.  header.h.m4 copies this file into NAME.h, after
 * runtime.h and under the same SK_RT
 * and SK_LIB, in a library that calls one of them; SK_LIB(FN) is the
 * header's `static inline` (and `__host__ __device__` under nvcc).  The
 * oracle states and checks the bounds (docs/accuracy.md, symkern(5)).
 *
 * make check compiles this file alone as C99 and C++11 (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB)
#error "runtime_special.h: define SK_RT and SK_LIB first (see header.h.m4)"
#endif

/* The inverse error functions: y >= 0 with erf(y) = a, that is erfc(y) = c,
 * c = 1 - a, where a or c, whichever is smaller, is exact (for a >= 1/2,
 * 1 - a is: Sterbenz's lemma).
 *
 * M. Giles, "Approximating the erfinv function", GPU Computing Gems Jade
 * Edition (2011), ch. 10: erfinv(a)/a as polynomials in
 * w = -log((1 - a)(1 + a)), float: two, for w < 5 and up to 16 (the end of
 * erfinvf's range); double: three, for w < 6.25, 16 and up to 36 (about
 * -log(2^-52), the end of erfinv's range); the coefficients are the
 * paper's.  These alone are within 3.6 ulps in double and 4.2 in float
 * (measured, float on every argument: docs/accuracy.md).
 *
 * Beyond (erfcinv of c below about 1e-16 in double, 1e-7 in float), the
 * asymptotic expansion (Abramowitz and Stegun 7.1.23)
 * erfc(y) = exp(-s) / (y sqrt(pi)) (1 - 1/(2s) + 3/(2s)^2 - ...), s = y^2,
 * solved for s by the fixed-point iteration
 * s = t - log(pi s)/2 + log(1 - 1/(2s) + ...), t = -log(c), which
 * contracts by about 1/(2s) a step; then one step of Halley's method on
 * c - erfc(y) (c exact: the library's erfc carries its relative error into
 * y divided by about 2s): with the derivative -(2/sqrt(pi)) exp(-s) and the
 * second derivative -2y times that, the step is y - d/(1 + y d), d the
 * Newton step.  Where exp(s) would overflow (double s >= 700, float
 * s >= 80: c near the least normal number) the step is left out: there the
 * expansion's terms kept (eight, five) are below the working precision and
 * the iteration gives s to it. */
SK_LIB(FN) double SK_RT(erfinv_core)(double a, double c)
{
	double w = -log(c * (1 + a)), p, y;
	if (w < 6.25) {
		w -= 3.125;
		p = -3.6444120640178196996e-21;
		p = -1.685059138182016589e-19 + p * w;
		p = 1.2858480715256400167e-18 + p * w;
		p = 1.115787767802518096e-17 + p * w;
		p = -1.333171662854620906e-16 + p * w;
		p = 2.0972767875968561637e-17 + p * w;
		p = 6.6376381343583238325e-15 + p * w;
		p = -4.0545662729752068639e-14 + p * w;
		p = -8.1519341976054721522e-14 + p * w;
		p = 2.6335093153082322977e-12 + p * w;
		p = -1.2975133253453532498e-11 + p * w;
		p = -5.4154120542946279317e-11 + p * w;
		p = 1.051212273321532285e-09 + p * w;
		p = -4.1126339803469836976e-09 + p * w;
		p = -2.9070369957882005086e-08 + p * w;
		p = 4.2347877827932403518e-07 + p * w;
		p = -1.3654692000834678645e-06 + p * w;
		p = -1.3882523362786468719e-05 + p * w;
		p = 0.0001867342080340571352 + p * w;
		p = -0.00074070253416626697512 + p * w;
		p = -0.0060336708714301490533 + p * w;
		p = 0.24015818242558961693 + p * w;
		p = 1.6536545626831027356 + p * w;
		y = p * a;
	} else if (w < 16) {
		w = sqrt(w) - 3.25;
		p = 2.2137376921775787049e-09;
		p = 9.0756561938885390979e-08 + p * w;
		p = -2.7517406297064545428e-07 + p * w;
		p = 1.8239629214389227755e-08 + p * w;
		p = 1.5027403968909827627e-06 + p * w;
		p = -4.013867526981545969e-06 + p * w;
		p = 2.9234449089955446044e-06 + p * w;
		p = 1.2475304481671778723e-05 + p * w;
		p = -4.7318229009055733981e-05 + p * w;
		p = 6.8284851459573175448e-05 + p * w;
		p = 2.4031110387097893999e-05 + p * w;
		p = -0.0003550375203628474796 + p * w;
		p = 0.00095328937973738049703 + p * w;
		p = -0.0016882755560235047313 + p * w;
		p = 0.0024914420961078508066 + p * w;
		p = -0.0037512085075692412107 + p * w;
		p = 0.005370914553590063617 + p * w;
		p = 1.0052589676941592334 + p * w;
		p = 3.0838856104922207635 + p * w;
		y = p * a;
	} else if (w < 36) {
		w = sqrt(w) - 5;
		p = -2.7109920616438573243e-11;
		p = -2.5556418169965252055e-10 + p * w;
		p = 1.5076572693500548083e-09 + p * w;
		p = -3.7894654401267369937e-09 + p * w;
		p = 7.6157012080783393804e-09 + p * w;
		p = -1.4960026627149240478e-08 + p * w;
		p = 2.9147953450901080826e-08 + p * w;
		p = -6.7711997758452339498e-08 + p * w;
		p = 2.2900482228026654717e-07 + p * w;
		p = -9.9298272942317002539e-07 + p * w;
		p = 4.5260625972231537039e-06 + p * w;
		p = -1.9681778105531670567e-05 + p * w;
		p = 7.5995277030017761139e-05 + p * w;
		p = -0.00021503011930044477347 + p * w;
		p = -0.00013871931833623122026 + p * w;
		p = 1.0103004648645343977 + p * w;
		p = 4.8499064014085844221 + p * w;
		y = p * a;
	} else {
		const double t = -log(c);
		double s = t - 0.5 * log(3.141592653589793 * t);
		for (int i = 0; i < 6; i++) {
			const double v = 0.5 / s;
			/* 1 - v + 3v^2 - 15v^3 + ... - 135135v^7, as v times a polynomial */
			const double e = v * (-1 + v * (3 + v * (-15 + v * (105 + v * (-945 + v * (10395 + v * -135135))))));
			s = t - 0.5 * log(3.141592653589793 * s) + log1p(e);
		}
		y = sqrt(s);
		if (s < 700) {
			const double d = (c - erfc(y)) * 0.88622692545275801365 * exp(y * y); /* sqrt(pi)/2 */
			y -= d / (1 + y * d);
		}
	}
	return y;
}

/* erfinv(x): SymPy's erfinv for -1 <= x <= 1 (+-inf at +-1), NaN beyond. */
SK_LIB(FN) double SK_RT(erfinv)(double x)
{
	const double a = fabs(x);
	if (!(a < 1))
		return a == 1 ? copysign((double)INFINITY, x) : (double)NAN;
	return copysign(SK_RT(erfinv_core)(a, 1 - a), x);
}

/* erfcinv(q) = erfinv(1 - q) for 0 <= q <= 2 (+inf at 0, -inf at 2), NaN
 * beyond; 2 - q is exact for q >= 1, so erfcinv(q) = -erfcinv(2 - q)
 * keeps the precision of q near 2. */
SK_LIB(FN) double SK_RT(erfcinv)(double q)
{
	const double c = q > 1 ? 2 - q : q;
	double y;
	if (!(q > 0 && q < 2))
		return q == 0 ? (double)INFINITY : q == 2 ? -(double)INFINITY : (double)NAN;
	y = SK_RT(erfinv_core)(1 - c, c);
	return q > 1 ? -y : y;
}

/* Float, computed in float: Giles's two single precision polynomials up to
 * w = 16, the expansion beyond. */
SK_LIB(FN) float SK_RT(erfinv_coref)(float a, float c)
{
	float w = -logf(c * (1 + a)), p, y;
	if (w < 5) {
		w -= 2.5f;
		p = 2.81022636e-08f;
		p = 3.43273939e-07f + p * w;
		p = -3.5233877e-06f + p * w;
		p = -4.39150654e-06f + p * w;
		p = 0.00021858087f + p * w;
		p = -0.00125372503f + p * w;
		p = -0.00417768164f + p * w;
		p = 0.246640727f + p * w;
		p = 1.50140941f + p * w;
		y = p * a;
	} else if (w < 16) {
		w = sqrtf(w) - 3;
		p = -0.000200214257f;
		p = 0.000100950558f + p * w;
		p = 0.00134934322f + p * w;
		p = -0.00367342844f + p * w;
		p = 0.00573950773f + p * w;
		p = -0.0076224613f + p * w;
		p = 0.00943887047f + p * w;
		p = 1.00167406f + p * w;
		p = 2.83297682f + p * w;
		y = p * a;
	} else {
		const float t = -logf(c);
		float s = t - 0.5f * logf(3.14159265f * t);
		for (int i = 0; i < 5; i++) {
			const float v = 0.5f / s;
			const float e = v * (-1 + v * (3 + v * (-15 + v * (105 + v * -945))));
			s = t - 0.5f * logf(3.14159265f * s) + log1pf(e);
		}
		y = sqrtf(s);
		if (s < 80) {
			const float d = (c - erfcf(y)) * 0.886226925f * expf(y * y);
			y -= d / (1 + y * d);
		}
	}
	return y;
}

SK_LIB(FN) float SK_RT(erfinvf)(float x)
{
	const float a = fabsf(x);
	if (!(a < 1))
		return a == 1 ? copysignf(INFINITY, x) : NAN;
	return copysignf(SK_RT(erfinv_coref)(a, 1 - a), x);
}

SK_LIB(FN) float SK_RT(erfcinvf)(float q)
{
	const float c = q > 1 ? 2 - q : q;
	float y;
	if (!(q > 0 && q < 2))
		return q == 0 ? INFINITY : q == 2 ? -INFINITY : NAN;
	y = SK_RT(erfinv_coref)(1 - c, c);
	return q > 1 ? -y : y;
}

/* LambertW: the real branches of w e^w = x, W0 (x >= -1/e, w >= -1: SymPy's
 * LambertW(x)) and W-1 (-1/e <= x < 0, w <= -1: LambertW(x, -1)); NaN
 * beyond, and -1 where x rounds 1/e (x within half an ulp of -1/e).
 *
 * Near the branch point, where w = -1 + t with |t| < 1 (d = x + 1/e below
 * 0.1): d in two parts (1/e = E1 + E1L: x + E1 is exact there, Sterbenz's
 * lemma), a guess from the series of W around -1 in p = +-sqrt(2 e d)
 * (Corless, Gonnet, Hare, Jeffrey and Knuth, "On the Lambert W function",
 * Adv. Comput. Math. 5 (1996), (4.22)), then three steps of Halley's
 * method on e (w e^w - x) = g(t) - e d, g(t) = t e^t - (e^t - 1), the sum
 * over k >= 2 of (k - 1) t^k / k!, summed as that series so that it has no
 * cancellation: the residual is within a few ulps of g, and w within a few
 * ulps, where an iteration in w alone would lose 1/|t| ulps.
 *
 * Elsewhere: a guess (W0: Winitzki's l (1 - log(1 + l)/(2 + l)),
 * l = log(1 + x); W-1: L1 - L2 + L2/L1, L1 = log(-x), L2 = log(-L1), the
 * asymptotic series' first terms), then two steps of the iteration of
 * Fritsch, Shafer and Crowley (Comm. ACM 16 (1973), 123-124), cubically
 * convergent (a third made it no more accurate, and a third slower on the
 * GPU), with z = log(x/w) - w (on W-1 log(-x) - log(-w), since x/w may be
 * subnormal): a log and a division a step, no exp to overflow. */
SK_LIB(FN) double SK_RT(lambertw_g)(double t)
{
	double s = 19.0 / 2432902008176640000.0; /* (k - 1)/k!, k = 20 down to 2 */
	s = s * t + 18.0 / 121645100408832000.0;
	s = s * t + 17.0 / 6402373705728000.0;
	s = s * t + 16.0 / 355687428096000.0;
	s = s * t + 15.0 / 20922789888000.0;
	s = s * t + 14.0 / 1307674368000.0;
	s = s * t + 13.0 / 87178291200.0;
	s = s * t + 12.0 / 6227020800.0;
	s = s * t + 11.0 / 479001600.0;
	s = s * t + 10.0 / 39916800.0;
	s = s * t + 9.0 / 3628800.0;
	s = s * t + 8.0 / 362880.0;
	s = s * t + 7.0 / 40320.0;
	s = s * t + 6.0 / 5040.0;
	s = s * t + 5.0 / 720.0;
	s = s * t + 4.0 / 120.0;
	s = s * t + 3.0 / 24.0;
	s = s * t + 2.0 / 6.0;
	s = s * t + 1.0 / 2.0;
	return s * t * t;
}

SK_LIB(FN) double SK_RT(lambertw_branch)(double x, int m1)
{
	const double d = (x + 0.36787944117144233) + -1.2428753672787985e-17; /* x + 1/e */
	double w;
	if (!(d >= 0))
		return d > -2.8e-17 ? -1 : (double)NAN;
	if (m1 ? !(x < 0) : x == 0 || isinf(x))
		return m1 ? (x == 0 ? -(double)INFINITY : (double)NAN) : x;
	if (d < 0.1) {
		const double p = (m1 ? -1 : 1) * sqrt(5.43656365691809 * d), ed = 2.718281828459045 * d;
		double t = p * (1 + p * (-1.0 / 3 + p * (11.0 / 72 + p * (-43.0 / 540 + p * (769.0 / 17280 +
		                                                                  p * (-221.0 / 8505))))));
		for (int i = 0; i < 3; i++) {
			const double et = exp(t), f = SK_RT(lambertw_g)(t) - ed, f1 = t * et;
			if (f1 != 0)
				t -= f / (f1 - f * (1 + t) * et / (2 * f1));
		}
		return -1 + t;
	}
	const double l = m1 ? log(-x) : log1p(x), l2 = m1 ? log(-l) : log1p(l);
	w = m1 ? l - l2 + l2 / l : l * (1 - l2 / (2 + l));
	for (int i = 0; i < 2; i++) {
		const double z = (m1 ? l - log(-w) : log(x / w)) - w, q = 2 * (1 + w) * (1 + w + 2 * z / 3);
		w *= 1 + z * (q - z) / ((1 + w) * (q - 2 * z));
	}
	return w;
}

SK_LIB(FN) double SK_RT(lambertw)(double x) { return SK_RT(lambertw_branch)(x, 0); }
SK_LIB(FN) double SK_RT(lambertwm1)(double x) { return SK_RT(lambertw_branch)(x, 1); }

/* Float, computed in float: the series g to k = 13 (within 2e-9 of g). */
SK_LIB(FN) float SK_RT(lambertw_gf)(float t)
{
	float s = 12.0f / 6227020800.0f;
	s = s * t + 11.0f / 479001600.0f;
	s = s * t + 10.0f / 39916800.0f;
	s = s * t + 9.0f / 3628800.0f;
	s = s * t + 8.0f / 362880.0f;
	s = s * t + 7.0f / 40320.0f;
	s = s * t + 6.0f / 5040.0f;
	s = s * t + 5.0f / 720.0f;
	s = s * t + 4.0f / 120.0f;
	s = s * t + 3.0f / 24.0f;
	s = s * t + 2.0f / 6.0f;
	s = s * t + 1.0f / 2.0f;
	return s * t * t;
}

SK_LIB(FN) float SK_RT(lambertw_branchf)(float x, int m1)
{
	const float d = (x + 0.36787945f) + -9.149755e-09f;
	float w;
	if (!(d >= 0))
		return d > -1.5e-8f ? -1 : NAN;
	if (m1 ? !(x < 0) : x == 0 || isinf(x))
		return m1 ? (x == 0 ? -INFINITY : NAN) : x;
	if (d < 0.1f) {
		const float p = (m1 ? -1 : 1) * sqrtf(5.43656366f * d), ed = 2.71828183f * d;
		float t = p * (1 + p * (-1.0f / 3 + p * (11.0f / 72 + p * (-43.0f / 540 + p * (769.0f / 17280 +
		                                                                   p * (-221.0f / 8505))))));
		for (int i = 0; i < 3; i++) {
			const float et = expf(t), f = SK_RT(lambertw_gf)(t) - ed, f1 = t * et;
			if (f1 != 0)
				t -= f / (f1 - f * (1 + t) * et / (2 * f1));
		}
		return -1 + t;
	}
	const float l = m1 ? logf(-x) : log1pf(x), l2 = m1 ? logf(-l) : log1pf(l);
	w = m1 ? l - l2 + l2 / l : l * (1 - l2 / (2 + l));
	for (int i = 0; i < 2; i++) {
		const float z = (m1 ? l - logf(-w) : logf(x / w)) - w, q = 2 * (1 + w) * (1 + w + 2 * z / 3);
		w *= 1 + z * (q - z) / ((1 + w) * (q - 2 * z));
	}
	return w;
}

SK_LIB(FN) float SK_RT(lambertwf)(float x) { return SK_RT(lambertw_branchf)(x, 0); }
SK_LIB(FN) float SK_RT(lambertwm1f)(float x) { return SK_RT(lambertw_branchf)(x, 1); }

/* digamma(x) = polygamma(0, x) and trigamma(x) = polygamma(1, x), SymPy's
 * polygamma of order 0 and 1 (SymPy prints digamma(x) as
 * polygamma(0, x)), for every real x.
 *
 * digamma: for x >= 10 the asymptotic expansion (Abramowitz and Stegun
 * 6.3.18) log x - 1/(2x) - sum B_2k/(2k x^2k), k = 1..8 in double (the
 * first term left out is below 1e-18 of the value) and 1..3 in float; for
 * 2 < x < 10 the recurrence psi(x) = psi(x - 1) + 1/(x - 1) (x - k is
 * exact) down to [1, 2]; for 0 < x < 1 psi(x) = psi(1 + x) - 1/x, with
 * psi(1 + x) evaluated from t = x itself, so that 1 + x is never rounded.
 * On [1, 2], t = x - 1: the form psi(1 + t) = g (Y + R(t)), g = 1 + t - r0
 * (r0 the positive root 1.4616..., in two or three parts, so that g keeps
 * its relative precision near the root and the result with it), Y a
 * constant and R a rational function: J. Maddock's approximation in
 * Boost.Math (boost/math/special_functions/digamma.hpp), whose
 * coefficients these are (double: deviation 1.5e-18; float: 3.4e-10).
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
 * (double) or 10 (float) loses nothing (x + 1 is exact until it crosses 0,
 * and the term nearest a pole is exact), then the asymptotic expansion
 * (A&S 6.4.12) 1/x + 1/(2x^2) + sum B_2k / x^(2k+1), k = 1..8 (float
 * 1..3); for x <= -20 the reflection
 * psi_1(x) = (pi / sin(pi x))^2 - psi_1(1 - x), whose first term is at
 * least pi^2 and the second below 1/20, but whose square doubles the
 * error of pi / sin(pi x) (docs/accuracy.md: trigamma_neg).  The poles
 * x = 0, -1, -2, ... give +inf (both sides' limit); psi_1(+inf) = 0,
 * psi_1(-inf) = NaN. */
SK_LIB(FN) double SK_RT(cotpi)(double x) /* pi cot(pi x), x not an integer */
{
	const double pi = 3.141592653589793, r = x - rint(x), a = fabs(r);
	const double c = a > 0.25 ? pi * tan(pi * (0.5 - a)) : pi / tan(pi * a);
	return r < 0 ? -c : c;
}

SK_LIB(FN) double SK_RT(digamma_pos)(double x) /* x >= 0 */
{
	double s = 0, t, g, p, q;
	if (x >= 10) {
		const double z = 1 / (x * x);
		p = -3617.0 / 8160;
		p = 1.0 / 12 + p * z;
		p = -691.0 / 32760 + p * z;
		p = 1.0 / 132 + p * z;
		p = -1.0 / 240 + p * z;
		p = 1.0 / 252 + p * z;
		p = -1.0 / 120 + p * z;
		p = 1.0 / 12 + p * z;
		return log(x) - 0.5 / x - p * z;
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
	g = t - 495673741.0 / 1073741824; /* 1 + t - r0, r0 in three parts */
	g -= 381566830.0 / 1073741824 / 1073741824;
	g -= 0.9016312093258695918615325266959189453125e-19;
	p = -0.0020713321167745952;
	p = -0.045251321448739056 + p * t;
	p = -0.28919126444774784 + p * t;
	p = -0.65031853770896507 + p * t;
	p = -0.32555031186804491 + p * t;
	p = 0.25479851061131551 + p * t;
	q = -0.55789841321675513e-6;
	q = 0.0021284987017821144 + q * t;
	q = 0.054151797245674225 + q * t;
	q = 0.43593529692665969 + q * t;
	q = 1.4606242909763515 + q * t;
	q = 2.0767117023730469 + q * t;
	q = 1 + q * t;
	return s + (g * 0.99558162689208984375 + g * (p / q));
}

SK_LIB(FN) double SK_RT(digamma)(double x)
{
	if (x < 0)
		return x == rint(x) ? (double)NAN : SK_RT(digamma_pos)(1 - x) - SK_RT(cotpi)(x);
	return SK_RT(digamma_pos)(x);
}

SK_LIB(FN) double SK_RT(trigamma_up)(double x) /* x > -20, not a pole */
{
	const int n = x < 12 ? (int)(13 - x) : 0, m = x < 0 ? (int)-x + 1 : 0; /* x + n >= 12 */
	double y = x + (double)n, z = 1 / (y * y), p, s, r = 0;
	p = -3617.0 / 510;
	p = 7.0 / 6 + p * z;
	p = -691.0 / 2730 + p * z;
	p = 5.0 / 66 + p * z;
	p = -1.0 / 30 + p * z;
	p = 1.0 / 42 + p * z;
	p = -1.0 / 30 + p * z;
	p = 1.0 / 6 + p * z;
	s = 1 / y + 0.5 * z + p * z / y;
	/* the smallest terms first: those of t = x + k > 0 down to the least t,
	 * apart those of t < 0 (m of them) up to the greatest */
	for (int k = n - 1; k >= m; k--) {
		const double t = x + (double)k;
		s += 1 / t / t; /* not 1/(t*t), which t*t's underflow spoils */
	}
	for (int k = 0; k < m; k++) {
		const double t = x + (double)k;
		r += 1 / t / t;
	}
	return s + r;
}

SK_LIB(FN) double SK_RT(trigamma)(double x)
{
	double v;
	if (x == rint(x) && x <= 0)
		return x == -(double)INFINITY ? (double)NAN : (double)INFINITY;
	if (x > -20)
		return SK_RT(trigamma_up)(x);
	v = 3.141592653589793 / sin(3.141592653589793 * (x - rint(x)));
	return v * v - SK_RT(trigamma_up)(1 - x);
}

SK_LIB(FN) float SK_RT(cotpif)(float x)
{
	const float pi = 3.14159265f, r = x - rintf(x), a = fabsf(r);
	const float c = a > 0.25f ? pi * tanf(pi * (0.5f - a)) : pi / tanf(pi * a);
	return r < 0 ? -c : c;
}

SK_LIB(FN) float SK_RT(digamma_posf)(float x) /* x >= 0 */
{
	float s = 0, t, g, p, q;
	if (x >= 10) {
		const float z = 1 / (x * x);
		p = 1.0f / 252;
		p = -1.0f / 120 + p * z;
		p = 1.0f / 12 + p * z;
		return logf(x) - 0.5f / x - p * z;
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
	g = t - 484056.0f / 1048576; /* 1 + t - r0, r0 in three parts */
	g -= 3.700660045069526e-07f;
	g -= 1.4084309686948106e-14f;
	p = -0.61041765350579073e-1f;
	p = -0.43916936919946835f + p * t;
	p = -0.44981331915268368f + p * t;
	p = 0.25479851023250261f + p * t;
	q = 0.63851690523355715e-1f;
	q = 0.65341249856146947f + q * t;
	q = 1.5890202430554952f + q * t;
	q = 1 + q * t;
	return s + (g * 0.99558162689208984375f + g * (p / q));
}

SK_LIB(FN) float SK_RT(digammaf)(float x)
{
	if (x < 0)
		return x == rintf(x) ? (float)NAN : SK_RT(digamma_posf)(1 - x) - SK_RT(cotpif)(x);
	return SK_RT(digamma_posf)(x);
}

SK_LIB(FN) float SK_RT(trigamma_upf)(float x) /* x > -20, not a pole */
{
	const int n = x < 10 ? (int)(11 - x) : 0, m = x < 0 ? (int)-x + 1 : 0; /* x + n >= 10 */
	float y = x + (float)n, z = 1 / (y * y), p, s, r = 0;
	p = 1.0f / 42;
	p = -1.0f / 30 + p * z;
	p = 1.0f / 6 + p * z;
	s = 1 / y + 0.5f * z + p * z / y;
	/* the smallest terms first: those of t = x + k > 0 down to the least t,
	 * apart those of t < 0 (m of them) up to the greatest */
	for (int k = n - 1; k >= m; k--) {
		const float t = x + (float)k;
		s += 1 / t / t; /* not 1/(t*t), which t*t's underflow spoils */
	}
	for (int k = 0; k < m; k++) {
		const float t = x + (float)k;
		r += 1 / t / t;
	}
	return s + r;
}

SK_LIB(FN) float SK_RT(trigammaf)(float x)
{
	float v;
	if (x == rintf(x) && x <= 0)
		return x == -(float)INFINITY ? (float)NAN : (float)INFINITY;
	if (x > -20)
		return SK_RT(trigamma_upf)(x);
	v = 3.14159265f / sinf(3.14159265f * (x - rintf(x)));
	return v * v - SK_RT(trigamma_upf)(1 - x);
}

/* Bessel functions of the first and second kind of integer order n (SymPy's
 * besselj(n, x) and bessely(n, x); n an integer constant, |n| <= 128, which
 * the generator checks): the C library's and CUDA's j0, j1, jn, y0, y1, yn
 * (POSIX; CUDA C++ Programming Guide, "Mathematical Functions": 7 ulps in
 * double, 9 in float, for |x| < 8, else an absolute error of at most
 * 5e-12 in double, 2.2e-6 in float; jn: that absolute bound for n = 128),
 * with SymPy's meaning where they have none: J_-n = (-1)^n J_n and
 * Y_-n = (-1)^n Y_n (CUDA's jn and yn are NaN for n < 0), and Y is NaN for
 * x < 0, where it is complex.  n is a constant: the branches fold.  Strict
 * ISO C (-std=c99) leaves these POSIX and GNU functions undeclared, hence
 * the declarations (the float ones are glibc's and musl's). */
#if !defined(__CUDACC__) && !defined(__cplusplus)
double j0(double), j1(double), jn(int, double), y0(double), y1(double), yn(int, double);
float j0f(float), j1f(float), jnf(int, float), y0f(float), y1f(float), ynf(int, float);
#endif

SK_LIB(FN) double SK_RT(besselj)(double n, double x)
{
	const int k = n < 0 ? (int)-n : (int)n;
	const double v = k == 0 ? j0(x) : k == 1 ? j1(x) : jn(k, x);
	return n < 0 && k % 2 ? -v : v;
}

SK_LIB(FN) double SK_RT(bessely)(double n, double x)
{
	const int k = n < 0 ? (int)-n : (int)n;
	const double v = x < 0 ? (double)NAN : k == 0 ? y0(x) : k == 1 ? y1(x) : yn(k, x);
	return n < 0 && k % 2 ? -v : v;
}

SK_LIB(FN) float SK_RT(besseljf)(float n, float x)
{
	const int k = n < 0 ? (int)-n : (int)n;
	const float v = k == 0 ? j0f(x) : k == 1 ? j1f(x) : jnf(k, x);
	return n < 0 && k % 2 ? -v : v;
}

SK_LIB(FN) float SK_RT(besselyf)(float n, float x)
{
	const int k = n < 0 ? (int)-n : (int)n;
	const float v = x < 0 ? (float)NAN : k == 0 ? y0f(x) : k == 1 ? y1f(x) : ynf(k, x);
	return n < 0 && k % 2 ? -v : v;
}
