/* runtime_special.h: SymPy's special functions that the CUDA Math API and
 * the C library do not both provide, written once for double and float
 * (runtime_type.h: SK_T, SK_F, SK_M, SK_L, SK_PICK; float computed in
 * float), so that NAME.cu and NAME_cpu.c compute them alike: erfinv,
 * erfcinv and LambertW's real branches (digamma and trigamma:
 * runtime_gamma.h, whose poly this file uses; Bessel functions:
 * runtime_bessel.h).  header.h.m4 pastes it into NAME.h, after runtime_gamma.h and
 * under the same SK_RT, SK_LIB and SK_TK, in a library that calls a
 * special function; SK_LIB(FN) is the header's `static inline` (and
 * `__host__ __device__` under nvcc).  The oracle states and checks the
 * bounds (docs/accuracy.md, symkern(5)).
 *
 * make check compiles this file alone as C99 and C++11 (tests/shell/runtime.sh). */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK) || SK_TK > 2
#error "runtime_special.h: define SK_RT, SK_LIB and SK_TK (1 or 2) first (see header.h.m4)"
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
SK_LIB(FN) SK_T SK_F(erfinv_core)(SK_T a, SK_T c)
{
	/* Giles's polynomials, for w < 6.25 (float: 5), 16 and (double) 36 */
	static const SK_T E0[] = {SK_PICK_LIST(
	        (2.81022636e-08f, 3.43273939e-07f, -3.5233877e-06f, -4.39150654e-06f, 0.00021858087f,
	         -0.00125372503f, -0.00417768164f, 0.246640727f, 1.50140941f),
	        (-3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
	         1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
	         6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
	         2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
	         1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
	         4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
	         0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
	         0.24015818242558961693, 1.6536545626831027356),
	        ())};
	static const SK_T E1[] = {SK_PICK_LIST(
	        (-0.000200214257f, 0.000100950558f, 0.00134934322f, -0.00367342844f, 0.00573950773f,
	         -0.0076224613f, 0.00943887047f, 1.00167406f, 2.83297682f),
	        (2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
	         1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
	         2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
	         6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
	         0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
	         -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
	         3.0838856104922207635),
	        ())};
	/* 1 - v + 3v^2 - 15v^3 + ... - 135135v^7 (float: to -945v^5), less its 1 */
	static const SK_T V[] = {SK_L(-135135.0), SK_L(10395.0), SK_L(-945.0), SK_L(105.0),
	                         SK_L(-15.0), SK_L(3.0), SK_L(-1.0)};
	const SK_T w = -SK_M(log)(c * (1 + a)), pi = SK_L(3.14159265358979323846264338327950288);
	SK_T y;
	if (w < SK_PICK(5, 6.25, 0)) {
		y = SK_F(poly)(w - SK_PICK(2.5f, 3.125, 0), E0, SK_COUNT(E0)) * a;
	} else if (w < 16) {
		y = SK_F(poly)(SK_M(sqrt)(w) - SK_PICK(3, 3.25, 0), E1, SK_COUNT(E1)) * a;
#if SK_TK == 2
	} else if (w < 36) {
		static const double E2[] = {
		        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
		        -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
		        2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
		        -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
		        7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
		        1.0103004648645343977, 4.8499064014085844221};
		y = SK_F(poly)(sqrt(w) - 5, E2, SK_COUNT(E2)) * a;
#endif
	} else {
		const SK_T t = -SK_M(log)(c);
		const int nv = SK_PICK(5, 7, 0);
		SK_T s = t - SK_L(0.5) * SK_M(log)(pi * t);
		for (int i = 0; i < SK_PICK(5, 6, 0); i++) {
			const SK_T v = SK_L(0.5) / s, e = v * SK_F(poly)(v, V + 7 - nv, nv);
			s = t - SK_L(0.5) * SK_M(log)(pi * s) + SK_M(log1p)(e);
		}
		y = SK_M(sqrt)(s);
		if (s < SK_PICK(80, 700, 0)) {
			const SK_T d = (c - SK_M(erfc)(y)) * SK_L(0.88622692545275801365) * SK_M(exp)(y * y); /* sqrt(pi)/2 */
			y -= d / (1 + y * d);
		}
	}
	return y;
}

/* erfinv(x): SymPy's erfinv for -1 <= x <= 1 (+-inf at +-1), NaN beyond. */
SK_LIB(FN) SK_T SK_F(erfinv)(SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	if (!(a < 1))
		return a == 1 ? SK_M(copysign)((SK_T)INFINITY, x) : (SK_T)NAN;
	return SK_M(copysign)(SK_F(erfinv_core)(a, 1 - a), x);
}

/* erfcinv(q) = erfinv(1 - q) for 0 <= q <= 2 (+inf at 0, -inf at 2), NaN
 * beyond; 2 - q is exact for q >= 1, so erfcinv(q) = -erfcinv(2 - q)
 * keeps the precision of q near 2. */
SK_LIB(FN) SK_T SK_F(erfcinv)(SK_T q)
{
	const SK_T c = q > 1 ? 2 - q : q;
	SK_T y;
	if (!(q > 0 && q < 2))
		return q == 0 ? (SK_T)INFINITY : q == 2 ? -(SK_T)INFINITY : (SK_T)NAN;
	y = SK_F(erfinv_core)(1 - c, c);
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
SK_LIB(FN) SK_T SK_F(lambertw_g)(SK_T t) /* (k - 1)/k!, k = 20 (float: 13) down to 2 */
{
	static const SK_T G[] = {
	        SK_L(19.0) / SK_L(2432902008176640000.0), SK_L(18.0) / SK_L(121645100408832000.0),
	        SK_L(17.0) / SK_L(6402373705728000.0), SK_L(16.0) / SK_L(355687428096000.0),
	        SK_L(15.0) / SK_L(20922789888000.0), SK_L(14.0) / SK_L(1307674368000.0),
	        SK_L(13.0) / SK_L(87178291200.0), SK_L(12.0) / SK_L(6227020800.0),
	        SK_L(11.0) / SK_L(479001600.0), SK_L(10.0) / SK_L(39916800.0), SK_L(9.0) / SK_L(3628800.0),
	        SK_L(8.0) / SK_L(362880.0), SK_L(7.0) / SK_L(40320.0), SK_L(6.0) / SK_L(5040.0),
	        SK_L(5.0) / SK_L(720.0), SK_L(4.0) / SK_L(120.0), SK_L(3.0) / SK_L(24.0),
	        SK_L(2.0) / SK_L(6.0), SK_L(1.0) / SK_L(2.0)};
	const int n = SK_PICK(12, 19, 0);
	return SK_F(poly)(t, G + 19 - n, n) * t * t;
}

SK_LIB(FN) SK_T SK_F(lambertw_branch)(SK_T x, int m1)
{
	/* x + 1/e, 1/e in two parts */
	const SK_T d = (x + SK_PICK(0.36787945f, 0.36787944117144233, 0)) +
	               SK_PICK(-9.149755e-09f, -1.2428753672787985e-17, 0);
	SK_T w;
	if (!(d >= 0))
		return d > SK_PICK(-1.5e-8f, -2.8e-17, 0) ? -1 : (SK_T)NAN;
	if (m1 ? !(x < 0) : x == 0 || isinf(x))
		return m1 ? (x == 0 ? -(SK_T)INFINITY : (SK_T)NAN) : x;
	if (d < SK_L(0.1)) {
		const SK_T p = (m1 ? -1 : 1) * SK_M(sqrt)(SK_L(5.43656365691809) * d), ed = SK_L(2.718281828459045) * d;
		SK_T t = p * (1 + p * (SK_L(-1.0) / 3 + p * (SK_L(11.0) / 72 + p * (SK_L(-43.0) / 540 +
		                       p * (SK_L(769.0) / 17280 + p * (SK_L(-221.0) / 8505))))));
		for (int i = 0; i < 3; i++) {
			const SK_T et = SK_M(exp)(t), f = SK_F(lambertw_g)(t) - ed, f1 = t * et;
			if (f1 != 0)
				t -= f / (f1 - f * (1 + t) * et / (2 * f1));
		}
		return -1 + t;
	}
	const SK_T l = m1 ? SK_M(log)(-x) : SK_M(log1p)(x), l2 = m1 ? SK_M(log)(-l) : SK_M(log1p)(l);
	w = m1 ? l - l2 + l2 / l : l * (1 - l2 / (2 + l));
	for (int i = 0; i < 2; i++) {
		const SK_T z = (m1 ? l - SK_M(log)(-w) : SK_M(log)(x / w)) - w,
		           q = 2 * (1 + w) * (1 + w + 2 * z / 3);
		w *= 1 + z * (q - z) / ((1 + w) * (q - 2 * z));
	}
	return w;
}

SK_LIB(FN) SK_T SK_F(lambertw)(SK_T x) { return SK_F(lambertw_branch)(x, 0); }
SK_LIB(FN) SK_T SK_F(lambertwm1)(SK_T x) { return SK_F(lambertw_branch)(x, 1); }
