/* runtime_ratio.h: SymPy's ratios of gamma functions and differences of
 * erf for real arguments: beta(a, b), RisingFactorial(x, k),
 * FallingFactorial(x, k) and erf2(x, y); written once for float, double
 * and long double (runtime_type.h; float computed in float) and the same
 * on the GPU and the CPU.  header.h.m4 pastes it into NAME.h after
 * runtime_zeta.h, under the same SK_RT, SK_LIB and SK_TK.
 *
 * beta(a, b) = gamma(a) gamma(b) / gamma(a + b) (DLMF 5.12.1):
 *   - a, b > 0 and a + b below gamma's overflow: the C library's gamma
 *     (CUDA's on the GPU), with the rounding e of c = a + b corrected,
 *     gamma(c + e) = gamma(c) / (1 - e psi(c)) (first order, and exact
 *     near a pole): without it the result is off by about c psi(c) / 2
 *     ulps (440 at c = 170);
 *   - a <= b, a + b beyond it: Stirling's series (DLMF 5.11.1) for the
 *     three gammas where a >= 16 (float: 8), as powers of the rounded
 *     quotients a/c and b/c whose residuals enter an exponent; for
 *     smaller a gamma(a) times gamma(b) / gamma(a + b) =
 *     b^-a exp(-(c - 1/2) (log1p(t) - t) - a (a - 1/2) / b + s(b) - s(c)),
 *     t = a / b, s the series' correction terms, log1p(t) - t =
 *     -t^2/(2 + t) + 2 (u^3/3 + u^5/5 + ...), u = t/(2 + t) (DLMF 4.6.4):
 *     nothing of size a cancels;
 *   - otherwise (a or b negative) the gamma formula; NaN where a or b is a
 *     non-positive integer (poles; SymPy gives zoo or nan), 0 where only
 *     a + b is.
 * RisingFactorial(x, k) = gamma(x + k) / gamma(x), FallingFactorial(x, k)
 *   = gamma(x + 1) / gamma(x - k + 1) (SymPy's definitions): for an integer
 *   k with |k| <= 256 the product of the k factors (x (x + 1) ...
 *   (x + k - 1), and for k < 0 the reciprocal of (x - 1) ... (x + k); the
 *   falling ones likewise), compensated (TwoSum, fma); otherwise
 *   the gamma ratio, x + k's (and x + 1 - k's) rounding corrected as
 *   beta's c; where a gamma overflows, Stirling's series as for beta
 *   (x, x + k >= 16, |k| <= x) or else lgamma (x > 0 and x + k > 0; NaN
 *   for the others then).
 * erf2(x, y) = erf(y) - erf(x): where |y - x| (1 + 2 min(|x|, |y|)) <=
 *   1/2 (the two values are close) the Taylor series of erf at the
 *   endpoint nearer 0, whose derivatives are Hermite polynomials times
 *   exp(-x^2) (DLMF 7.10.1, 18.9.1), the square split by fma; elsewhere
 *   erfc(x) - erfc(y) where both are >= 1/2, erfc(-y) - erfc(-x) where both
 *   are <= -1/2, and erf(y) - erf(x) between: no cancellation of more than
 *   a few bits anywhere. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_ratio.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* Stirling's correction s(x) = lgamma(x) - (x - 1/2) log x + x - log(2 pi)/2,
 * x >= 16 (float: 8): B_2k / (2k (2k - 1) x^(2k-1)), k = 7 .. 1 */
SK_LIB(FN) SK_T SK_F(stirling_s)(SK_T x)
{
	static const SK_T C[] = {SK_L(0.00641025641025641025641025641025641026),
	                         SK_L(-0.00191752691752691752691752691752691753),
	                         SK_L(0.000841750841750841750841750841750841751),
	                         SK_L(-0.000595238095238095238095238095238095238),
	                         SK_L(0.000793650793650793650793650793650793651),
	                         SK_L(-0.00277777777777777777777777777777777778),
	                         SK_L(0.0833333333333333333333333333333333333)};
	return SK_F(poly)(1 / (x * x), C, SK_COUNT(C)) / x;
}

/* log1p(t) - t for 0 <= t <= 1 (above) */
SK_LIB(FN) SK_T SK_F(log1pmx)(SK_T t)
{
	const SK_T u = t / (2 + t), u2 = u * u;
	SK_T p = u * u2, s = 0;
	for (int k = 3; k < 80 && p > SK_PICK(SK_L(1e-9), SK_L(1e-18), SK_L(1e-21)) * u2; k += 2) {
		s += p / (SK_T)k;
		p *= u2;
	}
	return 2 * s - t * t / (2 + t);
}

/* gamma(b) / gamma(c), c = a + b exactly (not rounded), 0 < a <= b,
 * b >= 16, as b^-a exp(r): sets *r and returns b^(-a/2) (squared by the
 * caller: b^-a alone may underflow where gamma(a) b^-a does not) */
SK_LIB(FN) SK_T SK_F(gamma_ratio_big)(SK_T a, SK_T b, SK_T *r)
{
	const SK_T c = a + b, t = a / b;
	*r = -(c - SK_L(0.5)) * SK_F(log1pmx)(t) - a * (a - SK_L(0.5)) / b + SK_F(stirling_s)(b) -
	     SK_F(stirling_s)(c);
	return SK_M(pow)(b, -a / 2);
}

/* the largest x whose gamma is finite, about */
#define SK_GAMMA_MAX SK_PICK(SK_L(35.0), SK_L(171.0), SK_L(1754.0))

/* gamma(c + e) / gamma(c), e the rounding error of the sum c (below half
 * an ulp of c), as 1/(1 - e psi(c)): to first order 1 + e psi(c), and
 * exact near a pole, where gamma(c) is about r/(c + n) and psi(c) about
 * -1/(c + n) */
SK_LIB(FN) SK_T SK_F(gamma_fix)(SK_T c, SK_T e)
{
	return e == 0 ? 1 : 1 / (1 - e * SK_F(digamma)(c));
}

SK_LIB(FN) int SK_F(nonpos_int)(SK_T x) { return x <= 0 && x == SK_M(rint)(x); }

/* beta(a, b) for 16 <= a <= b (float: 8), c + e = a + b (TwoSum), by Stirling's
 * series for all three gammas: sqrt(2 pi c/(a b)) (a/c)^a (b/c)^b
 * exp(s(a) + s(b) - s(c)), the powers of the rounded quotients, whose
 * residuals (fma) and e enter the exponent: no error grows with a */
SK_LIB(FN) SK_T SK_F(beta_big)(SK_T a, SK_T b, SK_T c, SK_T e)
{
	const SK_T qa = a / c, qb = b / c;
	return SK_M(sqrt)(SK_L(6.28318530717958647692528676655900577) * (c / a) / b) * SK_M(pow)(qa, a) *
	       SK_M(pow)(qb, b) *
	       SK_M(exp)(SK_M(fma)(-qa, c, a) + SK_M(fma)(-qb, c, b) - e + SK_F(stirling_s)(a) +
	                 SK_F(stirling_s)(b) - SK_F(stirling_s)(c));
}

SK_LIB(FN) SK_T SK_F(beta)(SK_T a, SK_T b)
{
	SK_T c, e;
	if (isnan(a) || isnan(b))
		return a + b;
	if (a > b) { /* symmetric */
		c = a;
		a = b;
		b = c;
	}
	if (SK_F(nonpos_int)(a) || SK_F(nonpos_int)(b))
		return (SK_T)NAN;
	c = a + b;
	e = SK_F(sum_err)(a, b, c); /* c + e = a + b exactly */
	if (a > 0 && isinf(b))
		return 0;
	if (a >= SK_PICK(8, 16, 16) && c >= SK_GAMMA_MAX)
		return SK_F(beta_big)(a, b, c, e);
	if (a > 0 && c >= SK_GAMMA_MAX) { /* b >= c/2 large */
		SK_T r, p = SK_F(gamma_ratio_big)(a, b, &r);
		return SK_M(tgamma)(a) * p * p * SK_M(exp)(r);
	}
	if (SK_F(nonpos_int)(c))
		return 0;
	return SK_M(tgamma)(a) * (SK_M(tgamma)(b) / SK_M(tgamma)(c)) / SK_F(gamma_fix)(c, e);
}

/* (x + o) (x + o + d) ... (x + o + (n - 1) d), d = 1 or -1, compensated:
 * each factor's rounding (TwoSum) and each product's (fma) carried in e,
 * the product's relative error times p, so that n factors cost about an
 * ulp, not n (10.4 ulps for n = 10 before) */
SK_LIB(FN) SK_T SK_F(factorial_prod)(SK_T x, int o, int d, int n)
{
	SK_T p = 1, e = 0;
	for (int i = 0; i < n; i++) {
		const SK_T c = (SK_T)(o + d * i), f = x + c, fe = SK_F(sum_err)(x, c, f), q = p * f;
		e = e * f + (SK_M(fma)(p, f, -q) + p * fe);
		p = q;
	}
	return p + e;
}

/* gamma(x + k) / gamma(x) for k not a small integer, x + ex (ex a
 * rounding error the caller knows) in place of x */
SK_LIB(FN) SK_T SK_F(gamma_quot)(SK_T x, SK_T k, SK_T ex)
{
	const SK_T c = x + k, e = SK_F(sum_err)(x, k, c) + ex, gx = SK_M(tgamma)(x);
	SK_T gc;
	if (SK_F(nonpos_int)(c) || SK_F(nonpos_int)(x)) /* 1/gamma is 0 there */
		return SK_F(nonpos_int)(x) ? (SK_F(nonpos_int)(c) ? (SK_T)NAN : 0) : (SK_T)INFINITY;
	if ((x >= SK_GAMMA_MAX || c >= SK_GAMMA_MAX) && x >= 16 && c >= 16 && (k >= 0 ? k <= x : -k <= c)) {
		/* Stirling's ratio where a gamma overflows */
		SK_T r, p;
		if (k >= 0) {
			p = SK_F(gamma_ratio_big)(k, x, &r);
			return 1 / (p * p * SK_M(exp)(r));
		}
		p = SK_F(gamma_ratio_big)(-k, c, &r);
		return p * p * SK_M(exp)(r);
	}
	gc = SK_M(tgamma)(c);
	if (isfinite(gc) && isfinite(gx) && gx != 0)
		return gc / gx * (SK_F(gamma_fix)(c, e) / SK_F(gamma_fix)(x, ex));
	if (x > 0 && c > 0)
		return SK_M(exp)(SK_M(lgamma)(c) - SK_M(lgamma)(x)) * (SK_F(gamma_fix)(c, e) / SK_F(gamma_fix)(x, ex));
	return (SK_T)NAN;
}

SK_LIB(FN) SK_T SK_F(rising)(SK_T x, SK_T k)
{
	if (isnan(x) || isnan(k))
		return x + k;
	if (k == SK_M(rint)(k) && SK_M(fabs)(k) <= 256)
		return k >= 0 ? SK_F(factorial_prod)(x, 0, 1, (int)k) : 1 / SK_F(factorial_prod)(x, -1, -1, (int)-k);
	return SK_F(gamma_quot)(x, k, 0);
}

SK_LIB(FN) SK_T SK_F(falling)(SK_T x, SK_T k)
{
	if (isnan(x) || isnan(k))
		return x + k;
	if (k == SK_M(rint)(k) && SK_M(fabs)(k) <= 256)
		return k >= 0 ? SK_F(factorial_prod)(x, 0, -1, (int)k) : 1 / SK_F(factorial_prod)(x, 1, 1, (int)-k);
	{
		const SK_T x1 = x + 1; /* and x + 1's rounding error */
		return 1 / SK_F(gamma_quot)(x1, -k, SK_F(sum_err)(x, 1, x1));
	}
}

/* erf(x + h) - erf(x) by its Taylor series at x, |h| (1 + 2|x|) <= 1/2:
 * 2/sqrt(pi) exp(-x^2) sum_{k>=1} (-1)^(k-1) H_{k-1}(x) h^k / k! */
SK_LIB(FN) SK_T SK_F(erf_step)(SK_T x, SK_T h)
{
	const SK_T sq = x * x, sqlo = SK_M(fma)(x, x, -sq);
	/* H_{k-2} and H_{k-1} (H_{-1} = 0), (-1)^(k-1) h^k / k!, the last term */
	SK_T hm = 0, hk = 1, term = h, sum = h, last = h;
	for (int k = 2; k < 60; k++) {
		const SK_T hn = 2 * x * hk - 2 * (SK_T)(k - 2) * hm, t = hn * (term *= -h / (SK_T)k);
		hm = hk;
		hk = hn;
		sum += t;
		/* two in a row (H_k has zeros; two neighbours never share one) */
		if (SK_M(fabs)(t) + SK_M(fabs)(last) <= SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(3e-20)) * SK_M(fabs)(sum))
			break;
		last = t;
	}
	return SK_L(1.12837916709551257389615890312154517) * SK_M(exp)(-sq) * (1 - sqlo) * sum;
}

SK_LIB(FN) SK_T SK_F(erf2)(SK_T x, SK_T y)
{
	const SK_T ax = SK_M(fabs)(x), ay = SK_M(fabs)(y), m = ax < ay ? ax : ay;
	if (isnan(x) || isnan(y))
		return x + y;
	if (x == y)
		return 0;
	if (isfinite(x) && isfinite(y) && SK_M(fabs)(y - x) * (1 + 2 * m) <= SK_L(0.5)) {
		if (ax <= ay)
			return SK_F(erf_step)(x, y - x);
		return -SK_F(erf_step)(y, x - y);
	}
	if (x >= SK_L(0.5) && y >= SK_L(0.5))
		return SK_M(erfc)(x) - SK_M(erfc)(y);
	if (x <= SK_L(-0.5) && y <= SK_L(-0.5))
		return SK_M(erfc)(-y) - SK_M(erfc)(-x);
	return SK_M(erf)(y) - SK_M(erf)(x);
}
#undef SK_GAMMA_MAX
