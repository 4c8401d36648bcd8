/* runtime_betainc.h: SymPy's generalized incomplete beta functions
 * betainc(a, b, x1, x2) = int_x1^x2 t^(a-1) (1-t)^(b-1) dt and
 * betainc_regularized(a, b, x1, x2) = betainc(a, b, x1, x2) / beta(a, b)
 * for a, b > 0 and x1, x2 in [0, 1]; written once for float, double and
 * long double (runtime_type.h; float computed in float) and the same on
 * the GPU and the CPU.  header.h.m4 pastes it into NAME.h after
 * runtime_airy.h, under the same SK_RT, SK_LIB and SK_TK.
 *
 * Methods (DLMF 8.17; the code is symkern's):
 *   - each end x is reduced to the smaller of its two tails: below
 *     x_s = (a + 1)/(a + b + 2) the lower one, x^a y^b / a times the
 *     continued fraction 1/(1 + d1/(1 + d2/(1 + ...))), d_2m = m (b - m) x /
 *     ((a + 2m - 1)(a + 2m)), d_2m+1 = -(a + m)(a + b + m) x / ((a + 2m)
 *     (a + 2m + 1)) (DLMF 8.17.22), which converges fast there; above it
 *     the upper one, the same with a, b and x, y = 1 - x exchanged
 *     (DLMF 8.17.4), y carried in two parts (y = 1 - x exactly);
 *   - the prefactor x^a y^b (over beta(a, b) when regularized): the powers
 *     carried as a fraction and a power of two, so that neither overflows
 *     or underflows before the quotient; where a and b are both >= 16
 *     (float: 8) and regularized, Stirling's series for the three gammas:
 *     sqrt(a b / (2 pi c)) (x c/a)^a (y c/b)^b exp(s(c) - s(a) - s(b)),
 *     c = a + b, the quotients rounded and their residuals (fma) in the
 *     exponent, as beta(a, b) (runtime_ratio.h): no error grows with a, b
 *     near the mean a/c;
 *   - the integral from x1 to x2: the difference of the two lower tails
 *     where both ends are below x_s, of the two upper ones where both are
 *     above, else the whole (1, or beta(a, b)) less both.  Its error is
 *     relative to the larger of the result and the tails it is formed
 *     from (docs/accuracy.md): they cancel where the ends are close
 *     together, and where b < 1 (a < 1) for an end near 1 (0), whose
 *     smaller tail is then the complement of the one computed.
 * NaN for a <= 0, b <= 0, a or b infinite, x1 or x2 outside [0, 1]
 * (SymPy's values there are complex or divergent, or need the analytic
 * continuation); the integral is negative for x2 < x1. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_betainc.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* q^p as m 2^*e, m the fraction (0.5 <= m < 1, or 0, inf, NaN): where
 * pow itself would overflow or underflow, q^(p/2^k) squared k times, each
 * square's exponent taken out (an ulp of pow's error grows 2^k-fold, k
 * rarely above 2 where the result is in range) */
SK_LIB(FN) SK_T SK_F(powx)(SK_T q, SK_T p, int *e)
{
	const SK_T lo = SK_PICK(SK_L(1e-30), SK_L(1e-300), SK_L(1e-4900));
	SK_T h = SK_M(pow)(q, p), m;
	int k = 0;
	*e = 0;
	if (q == 0 || isinf(q) || isnan(h))
		return h;
	while (k < 40 && !(h >= lo && h <= 1 / lo)) {
		p /= 2;
		k++;
		h = SK_M(pow)(q, p);
	}
	m = SK_M(frexp)(h, e);
	while (k-- > 0) {
		int t;
		m = SK_M(frexp)(m * m, &t);
		*e = 2 * *e + t;
	}
	return m;
}

/* the k-th partial numerator (*an) and denominator of the continued
 * fraction below, multiplied through (an equivalence transformation: a_k
 * by c_(k-1) c_k, b_k by c_k, c_k = d (d + 2), d = a + 2k - 1, c_0 = 1)
 * so that neither needs a division but a_1 */
SK_LIB(FN) SK_T SK_F(betainc_term)(SK_T a, SK_T b, SK_T x, SK_T lam, int k, SK_T *an)
{
	/* the integer parts summed first: a + (k - 1), not (a + k) - 1 (a small) */
	const SK_T m = (SK_T)k, m1 = (SK_T)(k - 1), d = a + (SK_T)(2 * k - 1), d2 = a + (SK_T)(2 * k + 1);
	const SK_T num = (a + m1) * ((a + b) + m1) * m * (b - m) * x * x;
	*an = (k == 1 ? num / d : (a + (SK_T)(2 * k - 3)) * num) * d2;
	return (m * d + m * (b - m) * x) * d2 + (a + m) * (lam + (1 + m * (2 - x))) * d;
}

/* B_x(a, b) = x^a y^b / f, f = b_0 + a_1/(b_1 + a_2/(b_2 + ...)), the
 * even contraction of DLMF 8.17.22 (DiDonato and Morris, ACM TOMS 18
 * (1992) 360, Algorithm 708's BFRAC), lam = a y - b x: its terms do not
 * cancel near x_s, where those of 8.17.22 lose a factor of sqrt(a + b)
 * and more (500 ulps at a = 1168, b = 5.8).  The depth is found forward
 * (Lentz's method, the convergents' ratios kept away from 0), then the
 * fraction evaluated backward from half as deep again, which keeps
 * rounding errors from adding up */
SK_LIB(FN) SK_T SK_F(betainc_cf)(SK_T a, SK_T b, SK_T x, SK_T lam)
{
	const SK_T tiny = SK_PICK(SK_L(1e-30), SK_L(1e-300), SK_L(1e-4900));
	/* 4 ulps of 1, not less: nvcc contracts c * d - 1 into an fma, whose
	 * exact difference would never reach 0 (20000 steps on the GPU) */
	const SK_T eps = SK_PICK(SK_L(4.8e-7), SK_L(8.9e-16), SK_L(4.4e-19));
	const SK_T b0 = a * (lam + 1) / (a + 1);
	SK_T an, h;
	int n = 1;
	for (SK_T c = SK_M(fabs)(b0) < tiny ? tiny : b0, d = 0; n < 20000; n++) {
		const SK_T bn = SK_F(betainc_term)(a, b, x, lam, n, &an);
		SK_T r;
		d = bn + an * d;
		c = bn + an / c;
		d = SK_M(fabs)(d) < tiny ? 1 / tiny : 1 / d;
		if (SK_M(fabs)(c) < tiny)
			c = tiny;
		r = c * d;
		if (SK_M(fabs)(r - 1) <= eps)
			break;
	}
	n = n + n / 2 + 8;
	h = SK_F(betainc_term)(a, b, x, lam, n, &an);
	for (int k = n - 1; k >= 1; k--) {
		SK_T ak, bk = SK_F(betainc_term)(a, b, x, lam, k, &ak);
		h = bk + an / h;
		an = ak;
	}
	return b0 + an / h;
}

/* x^a y^b / div as m 2^*e, div = beta(a, b) (regularized) or 1, or 0
 * for x^a y^b / beta(a, b) by Stirling's series (a, b >= 16, float 8);
 * y = yh + yl exactly, 0 < x < 1 */
SK_LIB(FN) SK_T SK_F(betainc_pre)(SK_T a, SK_T b, SK_T x, SK_T yh, SK_T yl, SK_T div, int *e)
{
	SK_T m1, m2;
	int e1, e2, ed;
	if (div == 0) {
		/* x c/a = qa + its residual over a, y c/b likewise, c = ch + cl */
		const SK_T ch = a + b, cl = SK_F(sum_err)(a, b, ch);
		const SK_T th = x * ch, tl = SK_M(fma)(x, ch, -th) + x * cl;
		const SK_T uh = yh * ch, ul = SK_M(fma)(yh, ch, -uh) + yl * ch + yh * cl;
		const SK_T qa = th / a, qb = uh / b;
		const SK_T ra = (SK_M(fma)(-qa, a, th) + tl) / qa, rb = (SK_M(fma)(-qb, b, uh) + ul) / qb;
		const SK_T s = SK_F(stirling_s)(ch) - SK_F(stirling_s)(a) - SK_F(stirling_s)(b);
		m1 = SK_F(powx)(qa, a, &e1);
		m2 = SK_F(powx)(qb, b, &e2);
		m1 *= m2 * SK_M(sqrt)(a / ch * b / SK_L(6.28318530717958647692528676655900577)) *
		      SK_M(exp)(ra + rb + s - cl / ch / 2);
		m1 = SK_M(frexp)(m1, e);
		*e += e1 + e2;
		return m1;
	}
	m1 = SK_F(powx)(x, a, &e1);
	m2 = SK_F(powx)(yh, b, &e2);
	m1 *= m2 * SK_M(exp)(b * (yl / yh)) / SK_M(frexp)(div, &ed);
	m1 = SK_M(frexp)(m1, e);
	*e += e1 + e2 - ed;
	return m1;
}

/* the smaller tail of end x, its prefactor over div (betainc_pre; total: 1 or
 * beta(a, b)): first the one whose continued fraction converges fast, the
 * lower (int_0^x, *up set to 0) below x_s, else the upper (int_x^1); where
 * that is the larger and a, b >= 1, the other one (its fraction converges
 * more slowly, no less accurately).  For a or b below 1 the mass sits near
 * 0 or 1, and the other fraction cancels in its first terms (thousands of
 * ulps at b = 0.001): the larger tail stays, and the caller takes the
 * complement, its error relative to the whole integral */
SK_LIB(FN) SK_T SK_F(betainc_tail)(SK_T a, SK_T b, SK_T x, SK_T total, SK_T div, int *up)
{
	const SK_T yh = 1 - x, yl = (1 - yh) - x; /* 1 >= x: exact (Fast2Sum) */
	SK_T m, lam;
	int e;
	*up = x * (a + b + 2) >= a + 1;
	if (x == 0 || x == 1)
		return 0;
	lam = SK_M(fma)(a, yh, -b * x) + a * yl; /* a y - b x */
	m = SK_F(betainc_pre)(a, b, x, yh, yl, div, &e);
	{
		SK_T t = SK_M(ldexp)(m / (*up ? SK_F(betainc_cf)(b, a, yh, -lam) : SK_F(betainc_cf)(a, b, x, lam)), e);
		if (t > total / 2 && a >= 1 && b >= 1 && total >= SK_PICK(SK_L(1e-30), SK_L(1e-300), SK_L(1e-4900))) {
			*up = !*up;
			t = SK_M(ldexp)(m / (*up ? SK_F(betainc_cf)(b, a, yh, -lam) : SK_F(betainc_cf)(a, b, x, lam)), e);
		}
		return t;
	}
}

SK_LIB(FN) SK_T SK_F(betainc_any)(SK_T a, SK_T b, SK_T x1, SK_T x2, int reg)
{
	SK_T sign = 1, t1, t2, total, bab, div;
	int u1, u2, big;
	if (!(a > 0 && b > 0 && x1 >= 0 && x1 <= 1 && x2 >= 0 && x2 <= 1) || isinf(a) || isinf(b))
		return (SK_T)NAN;
	if (x1 > x2) {
		t1 = x1;
		x1 = x2;
		x2 = t1;
		sign = -1;
	}
	/* beta(a, b) once for both ends: the whole, or the prefactor's divisor */
	big = reg && a >= SK_PICK(8, 16, 16) && b >= SK_PICK(8, 16, 16);
	bab = big ? 0 : SK_F(beta)(a, b);
	total = reg ? 1 : bab;
	div = reg ? bab : 1;
	t1 = SK_F(betainc_tail)(a, b, x1, total, div, &u1);
	t2 = SK_F(betainc_tail)(a, b, x2, total, div, &u2);
	if (u1 == u2)
		return sign * (u1 ? t1 - t2 : t2 - t1);
	if (!u1)
		return sign * ((total - t1) - t2);
	return sign * ((t1 + t2) - total);
}

SK_LIB(FN) SK_T SK_F(betainc)(SK_T a, SK_T b, SK_T x1, SK_T x2) { return SK_F(betainc_any)(a, b, x1, x2, 0); }

SK_LIB(FN) SK_T SK_F(betainc_regularized)(SK_T a, SK_T b, SK_T x1, SK_T x2)
{
	return SK_F(betainc_any)(a, b, x1, x2, 1);
}
