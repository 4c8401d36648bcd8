/* runtime_zeta.h: SymPy's zeta(s) and zeta(s, a) (Riemann's and
 * Hurwitz's), dirichlet_eta(s) and polygamma(m, x) of order m >= 2, for
 * real arguments; written once for float, double and long double
 * (runtime_type.h; float computed in float) and the same on the GPU and
 * the CPU.  header.h.m4 pastes it into NAME.h after runtime_elliptic.h,
 * under the same SK_RT, SK_LIB and SK_TK.
 *
 * Hurwitz's zeta(s, a), a > 0: the Euler-Maclaurin formula (DLMF 25.11.5;
 *   as Cephes's zeta.c, Stephen L. Moshier, uses it: the method is cited,
 *   the code is symkern's): the terms (a + k)^-s below max(10, 2s) (no more
 *   once they are negligible), then with w the next a + k,
 *   w^(1-s)/(s - 1) + w^-s/2 and 12 of the terms
 *   B_2j/(2j)! s (s+1) ... (s+2j-2) w^(-s-2j+1); its remainder is below
 *   2^-70 of the value for s >= 0.  For a <= 0 and an integer s the
 *   terms below 0 are summed first (zeta(s, a) = zeta(s, a + n) +
 *   sum (a + k)^-s), at most 2^20 of them; zeta(0, a) = 1/2 - a for
 *   every a (DLMF 25.11.13); NaN beyond, for other s
 *   (complex), and for s < 0 (not measured: there the Euler-Maclaurin
 *   terms grow).
 * Riemann's zeta(s) = zeta(s, 1) for s > 1, eta(s)/(1 - 2^(1-s)) on
 *   [0, 1), where Euler-Maclaurin's terms cancel; for s < 0 the functional
 *   equation zeta(s) = 2 (2 pi)^(s-1) sin(pi s/2) gamma(1 - s) zeta(1 - s)
 *   (DLMF 25.4.2), with sin(pi s/2) of the reduced argument, so that
 *   the trivial zeros -2, -4, ... are exactly 0, 1 - s's rounding
 *   corrected to first order, and gamma(1 - s) by its duplication formula
 *   where it alone would overflow; NaN at the pole s = 1.
 * dirichlet_eta(s) for s >= 0 by Borwein's acceleration of its series
 *   (below); for s < 0 (1 - 2^(1-s)) zeta(s), the factor as
 *   -expm1((1 - s) log 2) near s = 1 (DLMF 25.2.3).
 * polygamma(m, x) = (-1)^(m+1) m! zeta(m + 1, x) (DLMF 25.11.12); at the
 *   poles x = 0, -1, ... inf for odd m (both sides' limit), NaN for
 *   even m.  It underflows to 0 where x^-(m+1) does (float, m = 32:
 *   x > 14.6), although m! x^-(m+1) may still be a normal number. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_zeta.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* sin(pi x), with x reduced exactly, so that it is 0 at the integers */
SK_LIB(FN) SK_T SK_F(sinpi)(SK_T x)
{
	SK_T y = x - 2 * SK_M(rint)(x / 2); /* in [-1, 1] */
	if (y > SK_L(0.5))
		y = 1 - y;
	else if (y < SK_L(-0.5))
		y = -1 - y;
	return SK_M(sin)(SK_L(3.14159265358979323846264338327950288) * y);
}

/* zeta(s, a) for a > 0 and s != 1, by Euler-Maclaurin; sm1 = s - 1,
 * exact where the caller knows it better than s - 1 rounds */
SK_LIB(FN) SK_T SK_F(hurwitz_pos)(SK_T s, SK_T a, SK_T sm1)
{
	/* (2j)!/B_2j, j = 1 .. 12 */
	static const SK_T A[] = {
		SK_L(12.0), SK_L(-720.0), SK_L(30240.0), SK_L(-1209600.0), SK_L(47900160.0),
		SK_L(-1892437580.318379160637), SK_L(74724249600.0), SK_L(-2950130727918.164224495),
		SK_L(116467828143500.6724873), SK_L(-4597978722407472.610546), SK_L(181521054019435467.7343),
		SK_L(-7166165256175667011.335)};
	SK_T sum = 0, w = a, b, k = 0;
	/* the terms (a + k)^-s up to w >= max(10, 2s), where the corrections
	 * below converge; none left once a term is below the precision's
	 * rounding of the sum (large s: the sum alone) */
	for (; w < 10 || w < 2 * s; w += 1) {
		b = SK_M(pow)(w, -s);
		sum += b;
		if (b <= sum * SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(2.7e-20)))
			return sum;
	}
	b = SK_M(pow)(w, -s);
	/* w^(1-s)/(s - 1): as b w, unless b underflows (large w) */
	sum += (b > SK_PICK(SK_L(1e-30), SK_L(1e-300), SK_L(1e-4900)) ? b * w : SK_M(pow)(w, 1 - s)) / sm1 + b / 2;
	/* b becomes s (s+1) ... (s+2j-1) w^(-s-2j), one factor a step, so that
	 * neither the product nor the power overflows alone */
	for (int j = 0; j < SK_COUNT(A); j++) {
		b *= (s + k) / w;
		sum += b / A[j];
		k += 1;
		b *= (s + k) / w;
		k += 1;
	}
	return sum;
}

/* dirichlet_eta(s) for s >= 0 by P. Borwein's acceleration of its
 * alternating series (An efficient algorithm for the Riemann zeta
 * function, CMS Conf. Proc. 27, 2000, algorithm 2) with n = 26 terms,
 * whose error is below 3/(3 + sqrt 8)^26 = 3.7e-20: the sum of
 * (-1)^k e_k (k + 1)^-s, e_k = 1 - d_k/d_n, smallest terms first */
SK_LIB(FN) SK_T SK_F(eta_borwein)(SK_T s)
{
	static const SK_T E[] = {
		SK_L(0.9999999999999999999751), SK_L(0.9999999999999999662719), SK_L(0.9999999999999923830534),
		SK_L(0.9999999999993129266789), SK_L(0.9999999999669416836916), SK_L(0.9999999990173852227314),
		SK_L(0.999999980285225947425), SK_L(0.9999997167999086683904), SK_L(0.999996963378343102479),
		SK_L(0.999974936005818575188), SK_L(0.9998369750936912726811), SK_L(0.9991489622332122575818),
		SK_L(0.9963819539899814359867), SK_L(0.9873231946952196077491), SK_L(0.9630227134124458145405),
		SK_L(0.909394065064255374356), SK_L(0.8118677731084735657945), SK_L(0.6658391006613136385367),
		SK_L(0.4864324459405171564772), SK_L(0.3067705897194065969183), SK_L(0.1616590904638942218899),
		SK_L(0.06862593414677130549541), SK_L(0.02240438713932123075397), SK_L(0.005255523322064391429602),
		SK_L(0.000785872646290002456763), SK_L(0.00005613376044928588976878)};
	SK_T sum = 0;
	for (int k = SK_COUNT(E) - 1; k >= 0; k--) {
		const SK_T t = E[k] * SK_M(pow)((SK_T)(k + 1), -s);
		sum += k % 2 ? -t : t;
	}
	return sum;
}

/* 1 - 2^(1-s): near s = 1 as -expm1((1 - s) log 2), 1 - s exact there;
 * elsewhere 1 - 2 exp2(-s), which does not round 1 - s */
SK_LIB(FN) SK_T SK_F(eta_factor)(SK_T s)
{
	if (s > SK_L(0.5) && s < 2)
		return -SK_M(expm1)((1 - s) * SK_L(0.693147180559945309417232121458176568));
	return 1 - 2 * SK_M(exp2)(-s);
}

/* Hurwitz's zeta(s, a), s >= 0 */
SK_LIB(FN) SK_T SK_F(hurwitz)(SK_T s, SK_T a)
{
	SK_T sum = 0;
	if (!(s >= 0) || isnan(a) || s == 1 || isinf(s))
		return isinf(s) && s > 0 && a > 0 ? (a < 1 ? (SK_T)INFINITY : a == 1 ? 1 : 0) : (SK_T)NAN;
	if (s == 0) /* entire in a (DLMF 25.11.13): also at a = 0, -1, ... */
		return SK_L(0.5) - a;
	if (a > 0)
		return SK_F(hurwitz_pos)(s, a, s - 1);
	if (s != SK_M(floor)(s) || a == SK_M(floor)(a) || a < -1048576)
		/* a pole: inf for an even s > 0 (both sides' limit), else NaN */
		return a == SK_M(floor)(a) && s == SK_M(floor)(s) && s > 0 && SK_M(fmod)(s, SK_L(2.0)) == 0
		               ? (SK_T)INFINITY
		               : (SK_T)NAN;
	while (a < 0) { /* at most 2^20 terms */
		sum += SK_M(pow)(a, -s);
		a += 1;
	}
	return sum + SK_F(hurwitz_pos)(s, a, s - 1);
}

SK_LIB(FN) SK_T SK_F(zeta)(SK_T s)
{
	SK_T r, e, g;
	if (isnan(s) || s == -(SK_T)INFINITY) /* zeta(-inf): no limit */
		return (SK_T)NAN;
	if (s >= 1)
		return isinf(s) ? 1 : SK_F(hurwitz)(s, 1);
	if (s >= 0) /* where Euler-Maclaurin's terms cancel */
		return SK_F(eta_borwein)(s) / SK_F(eta_factor)(s);
	g = SK_F(sinpi)(s / 2);
	if (g == 0) /* the trivial zeros */
		return 0;
	/* r = 1 - s and its rounding error e (Knuth's TwoSum): the factor
	 * (2 pi)^-r gamma(r) is corrected by (psi(r) - log(2 pi)) e, its
	 * logarithmic derivative times e, and by -r d for the relative error d
	 * of the type's 2 pi; zeta(r) gets r - 1 = -s exactly */
	r = 1 - s;
	e = SK_F(sum_err)(1, -s, r);
	g *= 1 + (SK_F(digamma)(r) - SK_L(1.83787706640934548356065947281123527)) * e /* log(2 pi) */
	     - r * SK_PICK(SK_L(-2.7827534378484539e-8), SK_L(3.8981718325193756e-17), SK_L(-1.5968e-20));
	if (r < SK_PICK(34, 170, 1754)) /* gamma(r) finite */
		return 2 * SK_M(pow)(SK_L(6.28318530717958647692528676655900577), -r) * g * SK_M(tgamma)(r) *
		       SK_F(hurwitz_pos)(r, 1, -s);
	/* gamma(r) = gamma(r/2) gamma(r/2 + 1/2) 2^(r-1) / sqrt(pi) (DLMF
	 * 5.5.5), each factor with its (2 pi)^(-r/2) and 2^((r-1)/2): finite
	 * wherever the result is */
	{
		const SK_T h = r / 2, a = SK_M(pow)(SK_L(6.28318530717958647692528676655900577), -h),
		           q = SK_M(exp2)((r - 1) / 2);
		return (2 * g * SK_F(hurwitz_pos)(r, 1, -s) * SK_L(0.564189583547756286948079451560772586) * /* 1/sqrt(pi) */
		        (a * SK_M(tgamma)(h)) * q) * ((a * SK_M(tgamma)(h + SK_L(0.5))) * q);
	}
}

SK_LIB(FN) SK_T SK_F(dirichlet_eta)(SK_T s)
{
	SK_T z;
	if (s >= 0 || isnan(s))
		return isinf(s) ? 1 : SK_F(eta_borwein)(s);
	z = SK_F(zeta)(s);
	return z == 0 ? z : SK_F(eta_factor)(s) * z;
}

/* polygamma(m, x), m an integer from 2 to 32 (the generator checks) */
SK_LIB(FN) SK_T SK_F(polygamma)(SK_T m, SK_T x)
{
	/* k!, k = 2 .. 32, each rounded once (a product of rounded factors
	 * is several ulps off past 22!) */
	static const SK_T F[] = {
		SK_L(2.0), SK_L(6.0), SK_L(24.0), SK_L(120.0), SK_L(720.0), SK_L(5040.0), SK_L(40320.0),
		SK_L(362880.0), SK_L(3628800.0), SK_L(39916800.0), SK_L(479001600.0), SK_L(6227020800.0),
		SK_L(87178291200.0), SK_L(1307674368000.0), SK_L(20922789888000.0), SK_L(355687428096000.0),
		SK_L(6402373705728000.0), SK_L(121645100408832000.0), SK_L(2432902008176640000.0),
		SK_L(51090942171709440000.0), SK_L(1124000727777607680000.0), SK_L(25852016738884976640000.0),
		SK_L(620448401733239439360000.0), SK_L(1.5511210043330985984e+25),
		SK_L(4.03291461126605635584e+26), SK_L(1.0888869450418352160768e+28),
		SK_L(3.04888344611713860501504e+29), SK_L(8.841761993739701954543616e+30),
		SK_L(2.652528598121910586363085e+32), SK_L(8.222838654177922817725563e+33),
		SK_L(2.63130836933693530167218e+35)};
	const SK_T f = F[(int)m - 2];
	if (x <= 0 && x == SK_M(floor)(x))
		return SK_M(fmod)(m, SK_L(2.0)) == 1 ? (SK_T)INFINITY : (SK_T)NAN;
	return (SK_M(fmod)(m, SK_L(2.0)) == 1 ? f : -f) * SK_F(hurwitz)(m + 1, x);
}
