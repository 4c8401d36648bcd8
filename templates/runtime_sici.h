/* runtime_sici.h: SymPy's exponential, logarithmic, sine and cosine
 * integrals of a real argument: Ei(x), li(x), Si(x), Ci(x), Shi(x) and
 * Chi(x); written once for float, double and long double (runtime_type.h;
 * float computed in float) and the same on the GPU and the CPU.
 * header.h.m4 pastes it into NAME.h after runtime_incgamma.h (Ei of a
 * negative argument is -E1(-x)), under the same SK_RT, SK_LIB and SK_TK.
 *
 * Methods (DLMF 6.6, 6.12, 6.2.4; the code is symkern's):
 *   - Ei, Ci and Chi near 0 are gamma + log x + a power series, which
 *     cancel near each function's positive zero r (Ei: 0.3725..., Ci:
 *     0.6165..., Chi: 0.5238...).  Subtracting the same identity at r,
 *     f(x) = log(x/r) + sum_j s_j (x^j - r^j) / (j j!), with d = x - r
 *     from r in two parts: log(x/r) = log1p(d/r) and every x^j - r^j =
 *     x (x^(j-1) - r^(j-1)) + r^(j-1) d have the sign of d, so nothing
 *     cancels (Ci's alternating signs lose at most a factor 1.2 there);
 *     Ei and Chi use it for x < 2, Ci for x < 1.25;
 *   - Ei and Chi from 2 to where the asymptotic series is exact, x < 22
 *     (float), 44 (double), 52 (long double), and Shi below that, as
 *     gamma + log x + sum x^j / (j j!) (Chi, Shi: the even, odd j), the
 *     terms x^j/j! and the sum carried in two parts (fma, TwoSum): plainly
 *     their roundings drift together, 16 ulps near x = 38;
 *   - Si for x < 3 by its power series;
 *   - Ei(x) for larger x by e^x/x sum k!/x^k (DLMF 6.12.2), to its
 *     smallest term, e^x split in halves near overflow; Shi and Chi there
 *     are Ei/2 (E1 is below half an ulp of it);
 *   - Si for x >= 3 and Ci for x >= 1.25 from the auxiliary functions f and g
 *     (DLMF 6.2.17, 6.2.18), g - i f = e^(ix) E1(ix), E1's continued
 *     fraction 1/(z + 1 - 1/(z + 3 - 4/(z + 5 - ...))) (DLMF 6.9.1) at
 *     z = ix evaluated backward from a depth that is enough for the type
 *     at x (220/x + 7 in double);
 *   - Ei(x) = -E1(-x) for x < 0;
 *   - li(x) = Ei(log x), log x in two parts (x = m 2^k, k log 2 in two
 *     parts, log m), the low part added as low * x / log x; near li's zero
 *     1.4513... (|x - mu| < 1/4) log x - log mu = log1p((x - mu)/mu).
 * Si and Shi are odd; Ci, Chi and li are NaN for x < 0 (complex), Ei(0) =
 * Ci(0) = Chi(0) = li(1) = -inf, li(0) = 0. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_sici.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* the positive zeros of Ei, Ci, Chi and li, each in two parts: the
 * type's rounding and the rest */
#define SK_SICI_EI_R SK_L(0.372507410781366634461991866580119134)
#define SK_SICI_EI_RL SK_PICK(SK_L(-1.2381093483782024123e-8), SK_L(1.3140183414386027554e-17), SK_L(-5.7679270007130614123e-21))
#define SK_SICI_CI_R SK_L(0.616505485620716233797110404100172748)
#define SK_SICI_CI_RL SK_PICK(SK_L(-1.8033762927416319144e-8), SK_L(-4.2099203214331858023e-17), SK_L(2.2051186729988064335e-20))
#define SK_SICI_CHI_R SK_L(0.523822571389864406450958294383255668)
#define SK_SICI_CHI_RL SK_PICK(SK_L(2.5384615298662538407e-8), SK_L(-2.6671382575502846126e-17), SK_L(-9.1323594374106523732e-24))
#define SK_SICI_LI_R SK_L(1.45136923488338105028396848589202745)
#define SK_SICI_LI_RL SK_PICK(SK_L(-5.070011610541769187e-8), SK_L(-4.8271364269603302547e-17), SK_L(-2.4367593998353693339e-20))
/* where e^x/x sum k!/x^k is within half an ulp */
#define SK_SICI_BIG SK_PICK(SK_L(22.0), SK_L(44.0), SK_L(52.0))
#define SK_SICI_EULER SK_L(0.577215664901532860606512090082402431)
#define SK_SICI_EPS SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(3e-20))

/* log(x/r) + sum_{j >= 1, step | j} s_j (x^j - r^j) / (j j!), s_j = -1
 * for odd j/step when alt, else 1; d = x - r to full precision */
SK_LIB(FN) SK_T SK_F(sici_root)(SK_T x, SK_T d, SK_T r, int step, int alt)
{
	SK_T dj = 0, rj = 1, sum = 0; /* (x^j - r^j)/j!, r^j/j! */
	for (int j = 1; j < 400; j++) {
		dj = (x * dj + rj * d) / (SK_T)j;
		rj *= r / (SK_T)j;
		if (j % step == 0) {
			const SK_T t = dj / (SK_T)j;
			sum += (alt && (j / step) % 2) ? -t : t;
			if ((SK_T)j > x && SK_M(fabs)(t) <= SK_SICI_EPS * SK_M(fabs)(sum))
				break;
		}
	}
	/* log(x/r): log1p(d/r) where d/r is small, else x/r's rounding is
	 * harmless, but for a subnormal quotient */
	if (SK_M(fabs)(d) < r / 2)
		return SK_M(log1p)(d / r) + sum;
	if (x < SK_PICK(SK_L(1e-37), SK_L(1e-307), SK_L(1e-4930)))
		return (SK_M(log)(x) - SK_M(log)(r)) + sum;
	return SK_M(log)(x / r) + sum;
}

/* sum_{j >= first, step | j - first} x^j / (j j!), x >= 0, compensated:
 * x^j/j! in two parts (x/j's and the product's roundings by fma), the sum
 * by TwoSum; plainly the terms' roundings drift together, 16 ulps near
 * x = 38 */
SK_LIB(FN) SK_T SK_F(sici_pos)(SK_T x, int first, int step)
{
	SK_T th = 1, tl = 0, sh = 0, sl = 0;
	for (int j = 1; j < 400; j++) {
		/* th q + (th ql + tl q) in two parts, contraction-proof as
		 * runtime_airy.h's dd_mul */
		const SK_T fj = (SK_T)j, q = x / fj, ql = SK_M(fma)(-q, fj, x) / fj, c = th * ql + tl * q,
		           p = SK_M(fma)(th, q, c);
		tl = SK_M(fma)(th, q, -p) + c;
		th = p;
		if (j >= first && (j - first) % step == 0) {
			const SK_T u = th / fj, ul = (SK_M(fma)(-u, fj, th) + tl) / fj, s = sh + u;
			sl += SK_F(sum_err)(sh, u, s) + ul;
			sh = s;
			if (fj > x && u <= SK_SICI_EPS * sh)
				break;
		}
	}
	return sh + sl;
}

/* scale e^x/x sum_k k!/x^k, x >= SK_SICI_BIG */
SK_LIB(FN) SK_T SK_F(ei_big)(SK_T x, SK_T scale)
{
	SK_T t = 1, sum = 1, sl = 0, h;
	if (isinf(x))
		return x;
	for (int k = 1; k < 100; k++) {
		/* compensated: 1 + 1/x + ... rounds at every sum (5 ulps at
		 * x = 46); the tail beyond the last term is counted to where the
		 * terms stop shrinking */
		const SK_T u = t * (SK_T)k / x, s = sum + u;
		if (u >= t || u <= SK_SICI_EPS * SK_L(1e-3) * sum)
			break;
		sl += SK_F(sum_err)(sum, u, s);
		t = u;
		sum = s;
	}
	sum = (sum + sl) * (scale / x);
	if (x < SK_PICK(SK_L(88.0), SK_L(709.0), SK_L(11355.0)))
		return SK_M(exp)(x) * sum;
	h = SK_M(exp)(x / 2);
	return h * (h * sum);
}

SK_LIB(FN) SK_T SK_F(ei)(SK_T x)
{
	if (isnan(x))
		return x;
	if (x < 0)
		return -SK_F(e1)(-x);
	if (x == 0)
		return -(SK_T)INFINITY;
	if (x < 2)
		return SK_F(sici_root)(x, (x - SK_SICI_EI_R) - SK_SICI_EI_RL, SK_SICI_EI_R, 1, 0);
	if (x < SK_SICI_BIG)
		return SK_F(sici_pos)(x, 1, 1) + (SK_M(log)(x) + SK_SICI_EULER);
	return SK_F(ei_big)(x, 1);
}

SK_LIB(FN) SK_T SK_F(li)(SK_T x)
{
	if (isnan(x) || x < 0)
		return (SK_T)NAN;
	if (x == 0)
		return 0;
	if (x == 1)
		return -(SK_T)INFINITY;
	if (isinf(x))
		return x;
	if (SK_M(fabs)(x - SK_SICI_LI_R) < SK_L(0.25)) {
		/* log x - log mu, x - mu's first part exact (Sterbenz) */
		const SK_T d = SK_M(log1p)(((x - SK_SICI_LI_R) - SK_SICI_LI_RL) / SK_SICI_LI_R);
		return SK_F(sici_root)(SK_SICI_EI_R + d, d, SK_SICI_EI_R, 1, 0);
	}
	{
		/* log x = k log 2 + log m, m in [sqrt(1/2), sqrt(2)); log 2's
		 * first part has 15 bits, so k times it is exact */
		int k;
		SK_T m = SK_M(frexp)(x, &k), a, b, y, yl;
		if (m < SK_L(0.70710678118654752440084436210484903928)) {
			m *= 2;
			k--;
		}
		a = (SK_T)k * SK_L(0.693145751953125);
		b = (SK_T)k * SK_L(1.428606820309417232121458176568075500134e-6) + SK_M(log)(m);
		y = a + b;
		yl = SK_F(sum_err)(a, b, y);
		return SK_F(ei)(y) + yl * (x / y);
	}
}

/* g - i f = e^(ix) E1(ix), x >= 1.25: the continued fraction backward from
 * a depth enough for the type (measured against mpmath's) */
SK_LIB(FN) void SK_F(sici_fg)(SK_T x, SK_T *f, SK_T *g)
{
	const int n = 7 + (int)(SK_PICK(SK_L(55.0), SK_L(220.0), SK_L(300.0)) / x);
	SK_T re = (SK_T)(2 * n + 1), im = x, q;
	if (x > SK_PICK(SK_L(1e5), SK_L(1e9), SK_L(1e11))) {
		/* f = 1/x (1 - 2/x^2 ...), g = 1/x^2 (1 - 6/x^2 ...) (DLMF
		 * 6.12.3, 6.12.4), and |t|^2 below would overflow */
		*f = 1 / x;
		*g = *f / x;
		return;
	}
	for (int k = n - 1; k >= 0; k--) {
		/* t = (2k + 1 + ix) - (k + 1)^2 / t */
		const SK_T c = (SK_T)(k + 1) * (SK_T)(k + 1) / (re * re + im * im);
		re = (SK_T)(2 * k + 1) - c * re;
		im = x + c * im;
	}
	q = 1 / (re * re + im * im); /* 1/t = (re - i im) q */
	*g = re * q;
	*f = im * q;
}

SK_LIB(FN) SK_T SK_F(si)(SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T r;
	if (isnan(x))
		return x;
	if (a < 3) {
		SK_T t = a, sum = a, x2 = a * a;
		for (int n = 1; n < 40; n++) {
			t *= x2 / (SK_T)((2 * n) * (2 * n + 1));
			sum += (n % 2 ? -t : t) / (SK_T)(2 * n + 1);
			if (t <= SK_SICI_EPS * sum)
				break;
		}
		r = sum;
	} else if (isinf(a)) {
		r = SK_L(1.57079632679489661923132169163975144);
	} else {
		SK_T f, g;
		SK_F(sici_fg)(a, &f, &g);
		r = SK_L(1.57079632679489661923132169163975144) - (f * SK_M(cos)(a) + g * SK_M(sin)(a));
	}
	return x < 0 ? -r : r;
}

SK_LIB(FN) SK_T SK_F(ci)(SK_T x)
{
	if (isnan(x) || x < 0)
		return (SK_T)NAN;
	if (x == 0)
		return -(SK_T)INFINITY;
	if (isinf(x))
		return 0;
	if (x < SK_L(1.25)) /* the series' alternating terms cancel beyond: 10 ulps at 2 */
		return SK_F(sici_root)(x, (x - SK_SICI_CI_R) - SK_SICI_CI_RL, SK_SICI_CI_R, 2, 1);
	{
		SK_T f, g;
		SK_F(sici_fg)(x, &f, &g);
		return f * SK_M(sin)(x) - g * SK_M(cos)(x);
	}
}

SK_LIB(FN) SK_T SK_F(shi)(SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T r;
	if (isnan(x))
		return x;
	if (a < SK_SICI_BIG)
		r = SK_F(sici_pos)(a, 1, 2);
	else
		r = SK_F(ei_big)(a, SK_L(0.5));
	return x < 0 ? -r : r;
}

SK_LIB(FN) SK_T SK_F(chi)(SK_T x)
{
	if (isnan(x) || x < 0)
		return (SK_T)NAN;
	if (x == 0)
		return -(SK_T)INFINITY;
	if (x < 2)
		return SK_F(sici_root)(x, (x - SK_SICI_CHI_R) - SK_SICI_CHI_RL, SK_SICI_CHI_R, 2, 0);
	if (x < SK_SICI_BIG)
		return SK_F(sici_pos)(x, 2, 2) + (SK_M(log)(x) + SK_SICI_EULER);
	return SK_F(ei_big)(x, SK_L(0.5));
}
#undef SK_SICI_EI_R
#undef SK_SICI_EI_RL
#undef SK_SICI_CI_R
#undef SK_SICI_CI_RL
#undef SK_SICI_CHI_R
#undef SK_SICI_CHI_RL
#undef SK_SICI_LI_R
#undef SK_SICI_LI_RL
#undef SK_SICI_BIG
#undef SK_SICI_EPS
#undef SK_SICI_EULER
