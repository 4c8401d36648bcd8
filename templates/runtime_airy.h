/* runtime_airy.h: SymPy's Airy functions of a real argument:
 * airyai(x), airybi(x), airyaiprime(x), airybiprime(x); written once for
 * float, double and long double (runtime_type.h; float computed in float)
 * and the same on the GPU and the CPU.  header.h.m4 pastes it into NAME.h
 * after runtime_sici.h, under the same SK_RT, SK_LIB and SK_TK.
 *
 * Methods (DLMF 9.4, 9.6, 9.7; the code is symkern's):
 *   - |x| < X (X = 5.5 in float, 9 in double, 10.5 in long double), and
 *     Ai, Ai' only for x < 2: the Maclaurin series Ai = c1 f - c2 g,
 *     Bi = sqrt(3) (c1 f + c2 g) (DLMF 9.4.1, 9.4.3) and their
 *     derivatives, every term and sum carried in two parts (fma): Ai's two
 *     parts cancel by a factor up to 28 at x = 2, and for x < 0 the terms
 *     grow to 10^4 times the result, which the doubled precision absorbs;
 *   - Ai and Ai' for x >= 2: (1/pi) sqrt(x/3) K_1/3(zeta) and
 *     -(x/(pi sqrt 3)) K_2/3(zeta), zeta = 2/3 x^(3/2) (DLMF 9.6.1,
 *     9.6.2), K_nu(zeta) = e^-zeta int_0^inf e^-u^2 cosh(nu t) 2 du /
 *     sqrt(2 zeta + u^2) with u = sqrt(2 zeta) sinh(t/2) (DLMF 10.32.9),
 *     by the trapezoidal rule (27 steps of 1/4 in double), whose error
 *     falls exponentially with 1/h for this analytic integrand;
 *   - beyond X, Bi and Bi' for x > 0 and all four for x < 0 by their
 *     asymptotic expansions (DLMF 9.7.5 to 9.7.12) in 1/zeta, to the
 *     smallest term (below half an ulp there);
 *   - zeta in two parts (x^(3/2) by fma and sqrt's residual): e^+-zeta
 *     and the phase zeta - pi/4 would otherwise carry zeta's rounding,
 *     hundreds of ulps near the underflow.
 * Ai(inf) = Ai'(inf) = 0, Bi(inf) = Bi'(inf) = inf; Ai(-inf), ... = 0 is
 * the limit of a decaying oscillation; NaN where zeta overflows
 * (x < -1e205 in double, -4e25 in float).  For x < 0 the phase's error
 * is that of zeta in two parts, about 2^-104 zeta (float: 2^-46 zeta),
 * below half an ulp of the amplitude for x > -1e10 (float: -8e4) and
 * growing like |x|^(3/2) beyond. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_airy.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* the constants in two parts: the type's rounding and the rest */
#define SK_AIRY_C1 SK_L(0.355028053887817239260063186004183176)
#define SK_AIRY_C1L SK_PICK(SK_L(-9.1710354865881527076e-9), SK_L(2.0523363243621199423e-17), SK_L(4.8371293330278994533e-21))
#define SK_AIRY_C2 SK_L(0.258819403792806798405183560189203963)
#define SK_AIRY_C2L SK_PICK(SK_L(2.5286162053106409076e-9), SK_L(-2.5222431116108320743e-17), SK_L(1.2374448491793789732e-20))
#define SK_AIRY_B1 SK_L(0.614926627446000735150922369093613554)
#define SK_AIRY_B1L SK_PICK(SK_L(-8.7730240849737128883e-9), SK_L(5.0899207794891416318e-17), SK_L(-4.0842033030162956138e-21))
#define SK_AIRY_B2 SK_L(0.448288357353826357914823710398828391)
#define SK_AIRY_B2L SK_PICK(SK_L(6.0564477877278477536e-9), SK_L(-2.5363237774417305415e-17), SK_L(7.0930617434972393352e-21))
#define SK_AIRY_T23 SK_L(0.666666666666666666666666666666666667)
#define SK_AIRY_T23L SK_PICK(SK_L(-1.98682155172491548e-8), SK_L(3.7007434154171882626e-17), SK_L(-1.8070036208091740567e-20))
#define SK_AIRY_X SK_PICK(SK_L(5.5), SK_L(9.0), SK_L(10.5))
#define SK_AIRY_EPS SK_PICK(SK_L(3e-8), SK_L(5e-17), SK_L(3e-20))
#define SK_AIRY_1_SQRTPI SK_L(0.564189583547756286948079451560772586)

/* (h, l) = (a + al) (b + bl), renormalized.  Written so that a compiler
 * that contracts a * b + c into an fma (nvcc, GCC on FMA targets) cannot
 * break it: the high part is one fma and the low part its exact remainder
 * by another (with a * b rounded first and then added to its own error,
 * contraction counted that error twice: 1e14 ulps for Ai(-7e9) on the
 * GPU). */
SK_LIB(FN) void SK_F(dd_mul)(SK_T a, SK_T al, SK_T b, SK_T bl, SK_T *h, SK_T *l)
{
	const SK_T c = a * bl + al * b, s = SK_M(fma)(a, b, c);
	*h = s;
	*l = SK_M(fma)(a, b, -s) + c;
}

/* (h, l) += (a + al) */
SK_LIB(FN) void SK_F(dd_add)(SK_T *h, SK_T *l, SK_T a, SK_T al)
{
	const SK_T s = *h + a, e = SK_F(sum_err)(*h, a, s) + (*l + al), t = s + e;
	*h = t;
	*l = e - (t - s);
}

/* (h, l) /= d */
SK_LIB(FN) void SK_F(dd_div)(SK_T *h, SK_T *l, SK_T d)
{
	const SK_T q = *h / d, r = (SK_M(fma)(-q, d, *h) + *l) / d, s = q + r;
	*h = s;
	*l = r - (s - q);
}

/* zeta = 2/3 |x|^(3/2) in two parts */
SK_LIB(FN) void SK_F(airy_zeta)(SK_T x, SK_T *zh, SK_T *zl)
{
	const SK_T a = SK_M(fabs)(x), s = SK_M(sqrt)(a), se = SK_M(fma)(-s, s, a) / (2 * s), p = a * s,
	           pe = SK_M(fma)(a, s, -p) + a * se;
	if (isinf(p)) {
		*zh = p;
		*zl = 0;
		return;
	}
	SK_F(dd_mul)(p, pe, SK_AIRY_T23, SK_AIRY_T23L, zh, zl);
}

/* The Maclaurin series: d = 0: f, g (DLMF 9.4.1); d = 1: f', g'; each in
 * two parts.  f's terms x^3/((3k)(3k-1)) times the one before, g's
 * x^3/((3k+1)(3k)), f''s x^3/((3k+2)(3k)), g''s x^3/((3k)(3k-2)). */
SK_LIB(FN) void SK_F(airy_series)(SK_T x, int d, SK_T *f, SK_T *fl, SK_T *g, SK_T *gl)
{
	SK_T x2, x2l, x3, x3l, th, tl, sh, sl;
	x2 = x * x;
	x2l = SK_M(fma)(x, x, -x2);
	SK_F(dd_mul)(x2, x2l, x, 0, &x3, &x3l);
	if (d) { /* f' = x^2/2 + ..., g' = 1 + ... */
		th = x2 / 2;
		tl = x2l / 2;
		sh = 1;
		sl = 0;
	} else { /* f = 1 + ..., g = x + ... */
		th = 1;
		tl = 0;
		sh = x;
		sl = 0;
	}
	*f = th;
	*fl = tl;
	*g = sh;
	*gl = sl;
	for (int k = 1; k < 200; k++) {
		const SK_T m = (SK_T)(3 * k);
		SK_F(dd_mul)(th, tl, x3, x3l, &th, &tl);
		SK_F(dd_div)(&th, &tl, d ? m * (m + 2) : m * (m - 1));
		SK_F(dd_mul)(sh, sl, x3, x3l, &sh, &sl);
		SK_F(dd_div)(&sh, &sl, d ? m * (m - 2) : (m + 1) * m);
		SK_F(dd_add)(f, fl, th, tl);
		SK_F(dd_add)(g, gl, sh, sl);
		/* past the largest term, both below the doubled precision */
		if (9 * (SK_T)k * (SK_T)k > SK_M(fabs)(x3) &&
		    SK_M(fabs)(th) + SK_M(fabs)(sh) <= SK_AIRY_EPS * SK_AIRY_EPS * (SK_M(fabs)(*f) + SK_M(fabs)(*g)))
			break;
	}
}

/* c f + s e g from the series: s = -1 for Ai, +1 for Bi */
SK_LIB(FN) SK_T SK_F(airy_comb)(SK_T x, int d, int bi)
{
	SK_T f, fl, g, gl, ah, al, bh, bl;
	SK_F(airy_series)(x, d, &f, &fl, &g, &gl);
	if (bi) {
		SK_F(dd_mul)(SK_AIRY_B1, SK_AIRY_B1L, f, fl, &ah, &al);
		SK_F(dd_mul)(SK_AIRY_B2, SK_AIRY_B2L, g, gl, &bh, &bl);
	} else {
		SK_F(dd_mul)(SK_AIRY_C1, SK_AIRY_C1L, f, fl, &ah, &al);
		SK_F(dd_mul)(-SK_AIRY_C2, -SK_AIRY_C2L, g, gl, &bh, &bl);
	}
	SK_F(dd_add)(&ah, &al, bh, bl);
	return ah + al;
}

/* e^zeta K_nu(zeta), nu = 1/3 (d = 0) or 2/3 (d = 1), by the trapezoidal
 * rule in u (see above) to u = 4.5 (float), 6.75 (double), 7 (long
 * double), zeta >= 1.8: steps of 1/2, 1/4, 0.22 are within 1e-9, 4e-21,
 * 4e-21 of mpmath's there (1/2 in double: 5e-10 at zeta = 2) */
SK_LIB(FN) SK_T SK_F(airy_k)(SK_T zeta, int d)
{
	const SK_T w = 2 * zeta, sw = SK_M(sqrt)(w), h = SK_PICK(SK_L(0.5), SK_L(0.25), SK_L(0.22));
	const int n = SK_PICK(9, 27, 32);
	SK_T sum = 1 / sw, sl = 0; /* half the u = 0 term: cosh 0 = 1, 2/sqrt(w) */
	for (int k = 1; k <= n; k++) {
		/* compensated: plainly the sum's roundings reached 4 ulps */
		const SK_T u = (SK_T)k * h, v = SK_M(sqrt)(w + u * u), q = SK_M(cbrt)((u + v) / sw),
		           p = d ? q * q * q * q : q * q, t = SK_M(exp)(-u * u) * (p + 1 / p) / v, s = sum + t;
		sl += SK_F(sum_err)(sum, t, s);
		sum = s;
	}
	return h * (sum + sl);
}

/* the asymptotic sums of DLMF 9.7: sum_k s_k a_k zeta^-k over even k
 * (odd = 0) or odd k (odd = 1), a_k = u_k (d = 0) or v_k (d = 1), s_k =
 * alt^(k/2) (alt = -1: the oscillating forms) or 1; alt = 0: all k,
 * signs (-1)^k (Ai's) */
SK_LIB(FN) SK_T SK_F(airy_asym)(SK_T zeta, int d, int odd, int alt)
{
	SK_T u = 1, t = 1, sum = 0, sl = 0, prev = (SK_T)INFINITY;
	for (int k = 0; k < 100; k++) {
		SK_T a, term, add = 0, s;
		if (k > 0) {
			u *= (SK_T)((6 * k - 5) * (6 * k - 3) * (6 * k - 1)) / ((SK_T)((2 * k - 1) * 216) * (SK_T)k);
			t /= zeta;
		}
		a = d && k > 0 ? -u * (SK_T)(6 * k + 1) / (SK_T)(6 * k - 1) : u;
		term = a * t;
		if (SK_M(fabs)(term) > prev)
			break;
		prev = SK_M(fabs)(term);
		if (alt == 0)
			add = (k % 2) ? -term : term;
		else if (k % 2 == odd)
			add = ((k / 2) % 2 && alt < 0) ? -term : term;
		/* compensated (TwoSum): plainly 1 + 1/zeta + ... rounds at every
		 * sum, 6 ulps near zeta = 18 */
		s = sum + add;
		sl += SK_F(sum_err)(sum, add, s);
		sum = s;
		if (SK_M(fabs)(term) <= SK_AIRY_EPS * SK_L(1e-3) * SK_M(fabs)(sum))
			break;
	}
	return sum + sl;
}

/* which: 0 Ai, 1 Bi, 2 Ai', 3 Bi' */
SK_LIB(FN) SK_T SK_F(airy)(SK_T x, int which)
{
	const int d = which >= 2, bi = which % 2;
	SK_T zh, zl;
	if (isnan(x))
		return x;
	if (isinf(x))
		return x > 0 && bi ? x : 0;
	if (x >= 0 && !bi && x >= 2) {
		/* Ai = (1/pi) sqrt(x/3) e^-zeta (e^zeta K_1/3), Ai' likewise;
		 * e^-zeta in halves where it is subnormal, so that only the
		 * result rounds there (10 ulps for Ai'(104.7) on the GPU) */
		SK_T k, e, v;
		SK_F(airy_zeta)(x, &zh, &zl);
		if (zh > SK_PICK(SK_L(104.0), SK_L(745.2), SK_L(11410.0)))
			return d ? -(SK_T)0 : 0; /* underflow */
		k = SK_F(airy_k)(zh, d) * (1 - zl);
		v = d ? -x * SK_L(0.183776298473930683264059240280664837) /* 1/(pi sqrt 3) */ * k
		      : SK_M(sqrt)(x / 3) * SK_L(0.318309886183790671537767526745028724) * k;
		if (zh < SK_PICK(SK_L(80.0), SK_L(700.0), SK_L(11300.0)))
			return SK_M(exp)(-zh) * v;
		e = SK_M(exp)(-zh / 2);
		return e * (v * e);
	}
	if (SK_M(fabs)(x) < SK_AIRY_X)
		return SK_F(airy_comb)(x, d, bi);
	SK_F(airy_zeta)(x, &zh, &zl);
	if (isinf(zh))
		return x > 0 ? (SK_T)INFINITY : (SK_T)NAN;
	{
		const SK_T r = SK_M(sqrt)(SK_M(sqrt)(SK_M(fabs)(x))); /* |x|^(1/4) */
		const SK_T amp = (d ? r : 1 / r) * SK_AIRY_1_SQRTPI;
		if (x > 0) { /* Bi, Bi': e^zeta, halved near the overflow */
			const SK_T s = SK_F(airy_asym)(zh, d, 0, 1) + SK_F(airy_asym)(zh, d, 1, 1), v = amp * (s * (1 + zl));
			SK_T e;
			if (zh < SK_PICK(SK_L(88.0), SK_L(709.0), SK_L(11355.0)))
				return SK_M(exp)(zh) * v;
			e = SK_M(exp)(zh / 2);
			return e * (e * v);
		}
		{
			/* cos and sin of zeta - pi/4 from those of its two parts (the low
			 * part exceeds 2 pi beyond x = -1e11) */
			const SK_T c = SK_M(cos)(zh), sn = SK_M(sin)(zh), cl = SK_M(cos)(zl), sl = SK_M(sin)(zl),
			           ca = (c + sn) * SK_L(0.707106781186547524400844362104849039),
			           sa = (sn - c) * SK_L(0.707106781186547524400844362104849039),
			           co = ca * cl - sa * sl, si = sa * cl + ca * sl,
			           p = SK_F(airy_asym)(zh, d, 0, -1), q = SK_F(airy_asym)(zh, d, 1, -1);
			switch (which) {
			case 0: return amp * (co * p + si * q);
			case 1: return amp * (co * q - si * p);
			case 2: return amp * (si * p - co * q);
			default: return amp * (co * p + si * q);
			}
		}
	}
}

SK_LIB(FN) SK_T SK_F(airyai)(SK_T x) { return SK_F(airy)(x, 0); }
SK_LIB(FN) SK_T SK_F(airybi)(SK_T x) { return SK_F(airy)(x, 1); }
SK_LIB(FN) SK_T SK_F(airyaiprime)(SK_T x) { return SK_F(airy)(x, 2); }
SK_LIB(FN) SK_T SK_F(airybiprime)(SK_T x) { return SK_F(airy)(x, 3); }
#undef SK_AIRY_C1
#undef SK_AIRY_C1L
#undef SK_AIRY_C2
#undef SK_AIRY_C2L
#undef SK_AIRY_B1
#undef SK_AIRY_B1L
#undef SK_AIRY_B2
#undef SK_AIRY_B2L
#undef SK_AIRY_T23
#undef SK_AIRY_T23L
#undef SK_AIRY_X
#undef SK_AIRY_EPS
#undef SK_AIRY_1_SQRTPI
