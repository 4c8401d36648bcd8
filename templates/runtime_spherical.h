/* runtime_spherical.h: the spherical Bessel functions of integer order
 * n, SymPy's jn(n, x) and yn(n, x) (n an integer constant from 0 to 128,
 * which the generator checks), j_n(x) = sqrt(pi/(2x)) J_n+1/2(x) and
 * y_n(x) likewise with Y; written once for double and float
 * (runtime_type.h; float computed in float) and the same on the GPU and
 * the CPU.  header.h.m4 pastes it into NAME.h after runtime_recur.h,
 * whose bessel_first it uses, under the same SK_RT, SK_LIB and
 * SK_TK; the generator's constant folding (gen/fold_special.c) includes
 * it with SK_TK 3 (long double).
 *
 * j0 = sin(x)/x, j1 = (sin(x)/x - cos(x))/x, y0 = -cos(x)/x and
 *   y1 = -(cos(x)/x + sin(x))/x (DLMF 10.49.3, 10.49.4); j1 by its power
 *   series x/3 - x^3/30 + ... (DLMF 10.53.1) where |x| < 1, where the
 *   formula cancels.
 * jn, n >= 2: the forward recurrence j_k+1 = ((2k + 1)/x) j_k - j_k-1
 *   (DLMF 10.51.1) where n <= |x|, where it is stable; below, for tiny x
 *   the series' first term x^n / (2n + 1)!!, else Miller's backward
 *   recurrence (runtime_recur.h's bessel_first), normalized by j0, or by j1
 *   where |j1| > |j0|.
 * yn, n >= 2: the forward recurrence from y0 and y1, stable for y, to
 *   -inf once it overflows.
 * j_n(-x) = (-1)^n j_n(x) and y_n(-x) = (-1)^(n+1) y_n(x) (both are real
 * for x < 0, unlike Y); y is -inf at 0 (either sign), and both are 0 at
 * +-inf. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_spherical.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

SK_LIB(FN) SK_T SK_F(sphj0)(SK_T x)
{
	if (x == 0 || isinf(x))
		return x == 0 ? 1 : 0;
	return SK_M(sin)(x) / x;
}

SK_LIB(FN) SK_T SK_F(sphj1)(SK_T x)
{
	/* (-1/2)^k / (k! (2k + 3)!!), k = 9 down to 0: the terms past k = 4
	 * (float) or 8 (double) are below 2^-26 or 2^-55 of x/3, and past 9
	 * below 2^-68 (long double) */
	static const SK_T C[] = {SK_L(-3.91458821267825224617e-19), SK_L(1.47971434439237934905e-16),
	                         SK_L(-4.49833160695283322112e-14), SK_L(1.07060292245477430663e-11),
	                         SK_L(-1.92708526041859375193e-9), SK_L(2.50521083854417187751e-7),
	                         SK_L(-2.2045855379188712522e-5), SK_L(1.19047619047619047619e-3),
	                         SK_L(-3.33333333333333333333e-2), SK_L(3.33333333333333333333e-1)};
	const int skip = SK_PICK(5, 1, 0);
	if (isinf(x))
		return 0;
	if (SK_M(fabs)(x) < 1)
		return x * SK_F(poly)(x * x, C + skip, SK_COUNT(C) - skip);
	return (SK_M(sin)(x) / x - SK_M(cos)(x)) / x;
}

SK_LIB(FN) SK_T SK_F(sphy0)(SK_T x)
{
	if (x == 0 || isinf(x))
		return x == 0 ? -(SK_T)INFINITY : 0;
	return -SK_M(cos)(x) / x;
}

SK_LIB(FN) SK_T SK_F(sphy1)(SK_T x)
{
	if (x == 0 || isinf(x))
		return x == 0 ? -(SK_T)INFINITY : 0;
	return -(SK_M(cos)(x) / x + SK_M(sin)(x)) / x;
}

/* j_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(sphjn)(int n, SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T b;
	if (!(a > 0) || isinf(a))
		return isnan(x) ? x : 0;
	b = SK_F(bessel_first)(n, a, 1, SK_F(sphj0)(a), SK_F(sphj1)(a));
	return x < 0 && n % 2 ? -b : b;
}

/* y_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(sphyn)(int n, SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T p, b;
	if (!(a > 0) || isinf(a))
		return a == 0 ? -(SK_T)INFINITY : isinf(a) ? 0 : x;
	p = SK_F(sphy0)(a);
	b = SK_F(sphy1)(a);
	for (int k = 1; k < n && b != -(SK_T)INFINITY; k++) {
		const SK_T t = b;
		b = ((SK_T)(k + k + 1) / a) * b - p;
		p = t;
	}
	return x < 0 && n % 2 == 0 ? -b : b;
}

/* The order compared as a number: see runtime_bessel.h's besselj. */
SK_LIB(FN) SK_T SK_F(spherical_jn)(SK_T n, SK_T x)
{
	if (n == 0 || n == 1)
		return n == 0 ? SK_F(sphj0)(x) : SK_F(sphj1)(x);
	return SK_F(sphjn)((int)n, x);
}

SK_LIB(FN) SK_T SK_F(spherical_yn)(SK_T n, SK_T x)
{
	if (n == 0 || n == 1)
		return n == 0 ? SK_F(sphy0)(x) : SK_F(sphy1)(x);
	return SK_F(sphyn)((int)n, x);
}
