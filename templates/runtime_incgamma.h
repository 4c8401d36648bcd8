/* runtime_incgamma.h: SymPy's incomplete gamma functions lowergamma(s, x)
 * and uppergamma(s, x) (not regularized) and the exponential integrals
 * expint(nu, x) and E1(x) built on them, for real s and x >= 0; written
 * once for float, double and long double (runtime_type.h; float computed
 * in float) and the same on the GPU and the CPU.  header.h.m4 pastes it
 * into NAME.h after runtime_ratio.h, under the same SK_RT, SK_LIB and
 * SK_TK.
 *
 * The methods are the classical ones (DLMF 8.7.1, 8.9.2, 8.8.2; as in
 * Numerical Recipes' gser and gcf and Cephes's igam.c, cited for the
 * method; the code is symkern's):
 *   - the prefactor x^s e^-x as pow(x, s) exp(-x), or squared halves
 *     where one factor alone would overflow or underflow;
 *   - lowergamma by its series x^s e^-x sum x^n / (s (s+1) ... (s+n)) for
 *     x < s + 1 (and for s < 0), else gamma(s) - uppergamma(s, x);
 *   - uppergamma by its continued fraction (evaluated backward) for
 *     x >= max(0.6, s) (x >= 0.6 for s <= 1), gamma(s) - lowergamma(s, x) for s > 1 below
 *     that, and for s <= 1, x < 0.6 the form without the cancellation of
 *     gamma(s) against x^s/s: (gamma(1+s) - 1 - expm1(s log x))/s -
 *     x^s sum_{n>=1} (-x)^n / (n! (s+n)) (DLMF 8.7.3), with
 *     gamma(1+s) - 1 = expm1(lgamma(1+s)) for |s| <= 1/2 by lgamma's
 *     series -euler s + s - log1p(s) + sum (-1)^k (zeta(k) - 1) s^k / k
 *     (DLMF 5.7.3); s = 0 is E1's series -euler - log x - sum (-x)^n /
 *     (n n!), and s <= -1/2 goes down from s + m in (-1/2, 1/2] by
 *     gamma(s, x) = (gamma(s+1, x) - x^s e^-x) / s
 *     (DLMF 8.8.2), for s >= -1000 (NaN below);
 *   - expint(nu, x) = x^(nu-1) uppergamma(1 - nu, x) (DLMF 8.19.1), nu - 1's
 *     rounding corrected, and
 *     for x >= max(0.6, 1 - nu) e^-x times the same continued fraction (no
 *     power to cancel); E1(x) = uppergamma(0, x).
 * NaN for x < 0 (complex in general), lowergamma at its poles (s = 0,
 * -1, ...), uppergamma(s <= 0, 0) = inf, lowergamma(s > 0, 0) = 0. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_incgamma.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* where uppergamma's continued fraction takes over from the series for
 * s <= 1: E1's series loses 6 ulps to cancellation at x = 1 */
#define SK_INCG_X0 SK_L(0.6)

/* x^s e^-x, x > 0 */
SK_LIB(FN) SK_T SK_F(incg_pre)(SK_T s, SK_T x)
{
	const SK_T p = SK_M(pow)(x, s), q = SK_M(exp)(-x);
	SK_T h;
	if (isfinite(p) && p >= SK_PICK(SK_L(1e-30), SK_L(1e-290), SK_L(1e-4900)) && q >= SK_PICK(SK_L(1e-30), SK_L(1e-290), SK_L(1e-4900)))
		return p * q;
	h = SK_M(pow)(x, s / 2) * SK_M(exp)(-x / 2);
	return h * h;
}

/* sum_{n>=0} x^n / (s (s+1) ... (s+n)), at most 2000 terms */
SK_LIB(FN) SK_T SK_F(incg_series)(SK_T s, SK_T x)
{
	SK_T t = 1 / s, sum = t;
	for (int n = 1; n < 2000; n++) {
		t *= x / (s + (SK_T)n);
		sum += t;
		if (SK_M(fabs)(t) <= SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(3e-20)) * SK_M(fabs)(sum))
			break;
	}
	return sum;
}

/* the continued fraction of uppergamma(s, x) / (x^s e^-x), x >= 0.6 and
 * x >= s, 1/(b_0 + a_1/(b_1 + a_2/(b_2 + ...))), b_k = x + 2k + 1 - s,
 * a_k = -k (k - s): its depth found forward, by the convergents' three-term
 * recurrences (Cephes's igamc), then evaluated backward from twice that, which
 * keeps its rounding errors from adding up (forward, 20 to 36 ulps near
 * x = 1; backward below 0.5) */
SK_LIB(FN) SK_T SK_F(incg_cf)(SK_T s, SK_T x)
{
	SK_T y = 1 - s, z = x + y + 1, c = 0, pkm2 = 1, qkm2 = x, pkm1 = x + 1, qkm1 = z * x, ans = pkm1 / qkm1, h;
	int n = 0;
	while (n < 2000) {
		SK_T yc, pk, qk, t = 1;
		n++;
		c += 1;
		y += 1;
		z += 2;
		yc = y * c;
		pk = pkm1 * z - pkm2 * yc;
		qk = qkm1 * z - qkm2 * yc;
		if (qk != 0) {
			const SK_T r = pk / qk;
			t = SK_M(fabs)((ans - r) / r);
			ans = r;
		}
		pkm2 = pkm1;
		pkm1 = pk;
		qkm2 = qkm1;
		qkm1 = qk;
		if (SK_M(fabs)(pk) > SK_L(1125899906842624.0) /* 2^50 */) {
			pkm2 *= SK_L(8.8817841970012523233890533447265625e-16);
			pkm1 *= SK_L(8.8817841970012523233890533447265625e-16);
			qkm2 *= SK_L(8.8817841970012523233890533447265625e-16);
			qkm1 *= SK_L(8.8817841970012523233890533447265625e-16);
		}
		if (t <= SK_PICK(SK_L(6e-8), SK_L(1.1e-16), SK_L(5.5e-20)))
			break;
	}
	/* the forward test stops early where the fraction converges slowly
	 * (13 ulps at x = 0.79): twice as deep, and some */
	n = 2 * n + 10;
	{
		/* b_k = (x - s) + 2k + 1 from x - s = d + dl exactly (TwoSum): b_k
		 * is small where it cancels (x < s) */
		const SK_T d = x - s, dl = SK_F(sum_err)(x, -s, d);
		h = (d + (SK_T)(2 * n + 3)) + dl;
		for (int k = n + 1; k >= 1; k--)
			h = ((d + (SK_T)(2 * k - 1)) + dl) - (SK_T)k * ((SK_T)k - s) / h;
	}
	return 1 / h;
}

/* gamma(1 + s) - 1, |s| <= 1 */
SK_LIB(FN) SK_T SK_F(tgamma1pm1)(SK_T s)
{
	/* zeta(k) - 1, k = 2 .. 31 */
	static const SK_T Z[] = {
		SK_L(0.644934066848226436472415166646025189), SK_L(0.202056903159594285399738161511449991),
		SK_L(0.0823232337111381915160036965411679028), SK_L(0.0369277551433699263313654864570341681),
		SK_L(0.0173430619844491397145179297909205279), SK_L(0.0083492773819228268397975498497967596),
		SK_L(0.00407735619794433937868523850865246526), SK_L(0.00200839282608221441785276923241206049),
		SK_L(0.000994575127818085337145958900319017006), SK_L(0.000494188604119464558702282526469936469),
		SK_L(0.00024608655330804829863799804773967096), SK_L(0.000122713347578489146751836526357395714),
		SK_L(0.0000612481350587048292585451051353337475), SK_L(0.0000305882363070204935517285106450625876),
		SK_L(0.0000152822594086518717325714876367220232), SK_L(0.00000763719763789976227360029356302921308),
		SK_L(0.00000381729326499983985646164462193973046), SK_L(0.00000190821271655393892565695779510135326),
		SK_L(0.000000953962033872796113152038683449345953), SK_L(0.000000476932986787806463116719604373045964),
		SK_L(0.000000238450502727732990003648186752994934), SK_L(0.000000119219925965311073067788718882326379),
		SK_L(0.0000000596081890512594796124402079358012213), SK_L(0.0000000298035035146522801860637050693660187),
		SK_L(0.0000000149015548283650412346585066306986364), SK_L(0.00000000745071178983542949198100417060411754),
		SK_L(0.0000000037253340247884570548192040184024125), SK_L(0.00000000186265972351304900640390994541695489),
		SK_L(0.000000000931327432419668182871764735021222385), SK_L(0.000000000465662906503378407298923325121998402)};
	SK_T sum = 0;
	if (SK_M(fabs)(s) > SK_L(0.5))
		return SK_M(tgamma)(1 + s) - 1;
	for (int k = SK_COUNT(Z) + 1; k >= 2; k--) /* smallest first */
		sum = sum * -s + Z[k - 2] / (SK_T)k;
	return SK_M(expm1)(s * (SK_L(0.422784335098467139393487909917597569) /* 1 - euler */ + s * sum) -
	                   SK_M(log1p)(s));
}

/* sum_{n>=1} (-x)^n / (n! (s+n)), x < 0.6 (E1's with s = 0) */
SK_LIB(FN) SK_T SK_F(incg_alt)(SK_T s, SK_T x)
{
	SK_T t = 1, sum = 0;
	for (int n = 1; n < 60; n++) {
		t *= -x / (SK_T)n;
		sum += t / (s + (SK_T)n);
		if (SK_M(fabs)(t) <= SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(3e-20)) * SK_M(fabs)(sum))
			break;
	}
	return sum;
}

/* uppergamma(s, x) for -1/2 < s <= 1, 0 < x < 0.6 */
SK_LIB(FN) SK_T SK_F(incg_small)(SK_T s, SK_T x)
{
	const SK_T l = SK_M(log)(x);
	if (s == 0)
		return -SK_L(0.577215664901532860606512090082402431) - l - SK_F(incg_alt)(0, x);
	return (SK_F(tgamma1pm1)(s) - SK_M(expm1)(s * l)) / s - SK_M(pow)(x, s) * SK_F(incg_alt)(s, x);
}

SK_LIB(FN) SK_T SK_F(uppergamma)(SK_T s, SK_T x)
{
	if (isnan(s) || isnan(x) || x < 0)
		return (SK_T)NAN;
	if (x == 0)
		return s > 0 ? SK_M(tgamma)(s) : (SK_T)INFINITY;
	if (isinf(x))
		return 0;
	if (x >= SK_INCG_X0 && (s <= 1 || x >= s))
		return SK_F(incg_pre)(s, x) * SK_F(incg_cf)(s, x);
	if (s > 1)
		return SK_M(tgamma)(s) - SK_F(incg_pre)(s, x) * SK_F(incg_series)(s, x);
	if (s > SK_L(-0.5))
		return SK_F(incg_small)(s, x);
	if (s < -1000)
		return (SK_T)NAN;
	{
		/* down from s + m in (-1/2, 1/2] (exact: Sterbenz) by gamma(t, x) =
		 * (gamma(t + 1, x) - x^t e^-x) / t: nearer -1 incg_small's two
		 * parts cancel (56 ulps in float at s = -0.96) */
		const int m = (int)SK_M(ceil)(-s - SK_L(0.5));
		SK_T g = SK_F(incg_small)(s + (SK_T)m, x);
		for (int j = m - 1; j >= 0; j--) {
			const SK_T t = s + (SK_T)j;
			g = (g - SK_F(incg_pre)(t, x)) / t;
		}
		return g;
	}
}

SK_LIB(FN) SK_T SK_F(lowergamma)(SK_T s, SK_T x)
{
	if (isnan(s) || isnan(x) || x < 0 || (s <= 0 && s == SK_M(floor)(s)))
		return (SK_T)NAN;
	if (x == 0)
		return s > 0 ? 0 : (SK_T)NAN;
	if (isinf(x))
		return SK_M(tgamma)(s);
	if (x < s + 1 || (s < 0 && x < 50))
		return SK_F(incg_pre)(s, x) * SK_F(incg_series)(s, x);
	return SK_M(tgamma)(s) - SK_F(uppergamma)(s, x);
}

SK_LIB(FN) SK_T SK_F(expint)(SK_T nu, SK_T x)
{
	if (isnan(nu) || isnan(x) || x < 0)
		return (SK_T)NAN;
	if (x == 0)
		return nu > 1 ? 1 / (nu - 1) : (SK_T)INFINITY;
	if (isinf(x))
		return 0;
	if (x >= SK_INCG_X0 && (nu >= 0 || x >= 1 - nu)) /* uppergamma's fraction, s = 1 - nu */
		return SK_M(exp)(-x) * SK_F(incg_cf)(1 - nu, x);
	{
		/* x^(nu - 1) with nu - 1's rounding e (TwoSum) corrected: 1 + e log x */
		const SK_T p = nu - 1, e = SK_F(sum_err)(nu, -1, p);
		return SK_M(pow)(x, p) * (1 + e * SK_M(log)(x)) * SK_F(uppergamma)(1 - nu, x);
	}
}

SK_LIB(FN) SK_T SK_F(e1)(SK_T x) { return SK_F(uppergamma)(0, x); }
#undef SK_INCG_X0
