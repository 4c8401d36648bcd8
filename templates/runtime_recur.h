/* runtime_recur.h: what the Bessel functions of integer order have in
 * common, written once for float, double and long double
 * (runtime_type.h): Miller's backward recurrence, the first term of the
 * series for tiny arguments, and the two together with the forward
 * recurrence for J_n and the spherical j_n.  header.h.m4 pastes it into NAME.h
 * before runtime_bessel.h, runtime_besselik.h and runtime_spherical.h,
 * which use it; the generator's constant folding (gen/fold_special.c)
 * includes it with SK_TK 3 for the spherical functions. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_recur.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* Miller's backward recurrence for the minimal solution of
 *   f_k-1 = ((2k + d)/a) f_k - s f_k+1
 * (d = 0 for J_k, 1 for the spherical j_k; s = 1, or -1 for I_k), for
 * 0 < a < n, n >= 2: f[0] = f_n, f[1] = f_0 and f[2] = f_1, up to a
 * common factor that the caller removes with f_0's or f_1's true value.
 * f_n / f_n-1 comes from its continued fraction, with as many terms as
 * make its k-th denominator exceed 1e9; values are rescaled where they
 * would overflow. */
SK_LIB(FN) void SK_F(miller)(int n, SK_T a, int d, SK_T s, SK_T *f)
{
	/* the continued fraction's denominators Q_k = (w + k h) Q_k-1 - s Q_k-2 */
	const SK_T w = (SK_T)(n + n + d) / a, h = 2 / a;
	SK_T q0 = w, z = w + h, q1 = w * z - s, t = 0, p, b = 1;
	int m = 1;
	while (q1 < SK_L(1e9)) {
		const SK_T v = z * q1 - s * q0;
		m++;
		z += h;
		q0 = q1;
		q1 = v;
	}
	for (int i = 2 * (n + m); i >= n + n; i -= 2) /* f_n / f_n-1 */
		t = 1 / ((SK_T)(i + d) / a - s * t);
	p = t; /* f_k+1 and f_k */
	for (int k = n - 1; k > 0; k--) {
		const SK_T v = b;
		b = b * (SK_T)(k + k + d) / a - s * p;
		p = v;
		if (SK_M(fabs)(b) > SK_PICK(1e10f, 1e100, 1e100L)) { /* rescale: the factor would overflow */
			p /= b;
			t /= b;
			b = 1;
		}
	}
	f[0] = t;
	f[1] = b;
	f[2] = p;
}

/* The first term of the series of f_n(a) for tiny a: (a/2)^n / n! for
 * J_n and I_n (d = 0), a^n / (2n + 1)!! for j_n (d = 1). */
SK_LIB(FN) SK_T SK_F(bessel_tiny)(int n, SK_T a, int d)
{
	const SK_T h = a / 2;
	SK_T f = 1, b = h;
	for (int k = 2; k <= n; k++) {
		f *= (SK_T)k + (SK_T)d / 2;
		b *= h;
	}
	return b / (d ? f * SK_L(1.5) : f);
}

/* f_n(a) for n >= 2 and finite a > 0 of the minimal solution of the
 * recurrence of miller (J_n for d = 0, the spherical j_n for d = 1),
 * given f0 = f_0(a) and f1 = f_1(a): the forward recurrence where
 * n <= a, where it is stable; below, the series' first term for tiny a,
 * else Miller's backward recurrence normalized by f0, or by f1 where
 * |f1| > |f0|. */
SK_LIB(FN) SK_T SK_F(bessel_first)(int n, SK_T a, int d, SK_T f0, SK_T f1)
{
	SK_T b = f1, p = f0, f[3];
	if ((SK_T)n <= a) {
		for (int k = 1; k < n; k++) {
			const SK_T t = b;
			b = b * ((SK_T)(k + k + d) / a) - p;
			p = t;
		}
		return b;
	}
	if (a < SK_L(1.8626451e-9)) /* 2^-29: the next term is below 2^-60 of this one */
		return SK_F(bessel_tiny)(n, a, d);
	SK_F(miller)(n, a, d, 1, f);
	return SK_M(fabs)(f0) >= SK_M(fabs)(f1) ? f[0] * f0 / f[1] : f[0] * f1 / f[2];
}
