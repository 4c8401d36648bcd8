/* runtime_elliptic.h: the elliptic integrals of SymPy, with its parameter
 * m (= k^2): elliptic_k(m), elliptic_e(m) (complete), elliptic_f(phi, m)
 * and elliptic_e(phi, m) (incomplete), for real arguments; written once
 * for float, double and long double (runtime_type.h; float computed in
 * float) and the same on the GPU and the CPU.  header.h.m4 pastes it into
 * NAME.h after runtime_spherical.h, under the same SK_RT, SK_LIB and
 * SK_TK; it uses runtime_gamma.h's poly.
 *
 * K and E: Cephes's approximations (Stephen L. Moshier, Cephes Math
 *   Library 2.8: ellpk.c, ellpe.c, as SciPy carries them; the code is
 *   symkern's) in m1 = 1 - m, which puts K's logarithmic singularity at
 *   m = 1 at the origin: K = P(m1) - log(m1) Q(m1), E = P(m1) -
 *   m1 log(m1) Q(m1) on (0, 1]; for m < 0 (m1 > 1) the imaginary-modulus
 *   transformations K(m) = K(1 - 1/m1)/sqrt(m1) and E(m) = sqrt(m1)
 *   E(1 - 1/m1) (DLMF 19.7.5).  Their coefficients are double's: the long
 *   double instance (constant folding) is as accurate as double.
 * F and E of phi: Carlson's symmetric integrals (B. C. Carlson, Numerical
 *   computation of real or complex elliptic integrals, Numer. Algorithms
 *   10, 1995; DLMF 19.36.1, 19.36.2), F = s R_F(c^2, d, 1) and
 *   E = s R_F(c^2, d, 1) - (m/3) s^3 R_D(c^2, d, 1) with s, c = sin, cos
 *   phi and d = 1 - m s^2, written c^2 + (1 - m) s^2 for m <= 1, where it
 *   does not cancel (DLMF 19.25.5, 19.25.9); for 0 < m <= 1, where those
 *   two terms cancel as m nears 1, E = (1 - m) s R_F(c^2, d, 1) +
 *   (m (1 - m)/3) s^3 R_D(c^2, 1, d) + m s c/sqrt(d) (DLMF 19.25.10), whose
 *   terms are positive; for phi reduced to [-pi/2, pi/2] by
 *   F(phi + k pi) = F(phi) + 2k K(m), and E likewise (DLMF 19.2.10).
 * NaN where the integral is complex: m > 1 for K and E (E(1) = 1, K(1) =
 * inf), m s^2 > 1, or m > 1 with |phi| > pi/2. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK)
#error "runtime_elliptic.h: define SK_RT, SK_LIB and SK_TK first (see header.h.m4)"
#endif

/* K(1 - x), x >= 0 */
SK_LIB(FN) SK_T SK_F(ellpk)(SK_T x)
{
	static const SK_T P[] = {
		SK_L(1.37982864606273237150E-4), SK_L(2.28025724005875567385E-3), SK_L(7.97404013220415179367E-3),
		SK_L(9.85821379021226008714E-3), SK_L(6.87489687449949877925E-3), SK_L(6.18901033637687613229E-3),
		SK_L(8.79078273952743772254E-3), SK_L(1.49380448916805252718E-2), SK_L(3.08851465246711995998E-2),
		SK_L(9.65735902811690126535E-2), SK_L(1.38629436111989062502E0)};
	static const SK_T Q[] = {
		SK_L(2.94078955048598507511E-5), SK_L(9.14184723865917226571E-4), SK_L(5.94058303753167793257E-3),
		SK_L(1.54850516649762399335E-2), SK_L(2.39089602715924892727E-2), SK_L(3.01204715227604046988E-2),
		SK_L(3.73774314173823228969E-2), SK_L(4.88280347570998239232E-2), SK_L(7.03124996963957469739E-2),
		SK_L(1.24999999999870820058E-1), SK_L(4.99999999999999999821E-1)};
	if (x > 1)
		return isinf(x) ? 0 : SK_F(ellpk)(1 / x) / SK_M(sqrt)(x);
	if (!(x > SK_PICK(1.2e-7f, 2.3e-16, 1.1e-19L))) /* machine epsilon: the two leading terms */
		return x == 0 ? (SK_T)INFINITY : SK_L(1.3862943611198906188) - SK_M(log)(x) / 2;
	return SK_F(poly)(x, P, SK_COUNT(P)) - SK_M(log)(x) * SK_F(poly)(x, Q, SK_COUNT(Q));
}

/* E(1 - x), x >= 0 */
SK_LIB(FN) SK_T SK_F(ellpe)(SK_T x)
{
	static const SK_T P[] = {
		SK_L(1.53552577301013293365E-4), SK_L(2.50888492163602060990E-3), SK_L(8.68786816565889628429E-3),
		SK_L(1.07350949056076193403E-2), SK_L(7.77395492516787092951E-3), SK_L(7.58395289413514708519E-3),
		SK_L(1.15688436810574127319E-2), SK_L(2.18317996015557253103E-2), SK_L(5.68051945617860553470E-2),
		SK_L(4.43147180560990850618E-1), SK_L(1.00000000000000000299E0)};
	static const SK_T Q[] = {
		SK_L(3.27954898576485872656E-5), SK_L(1.00962792679356715133E-3), SK_L(6.50609489976927491433E-3),
		SK_L(1.68862163993311317300E-2), SK_L(2.61769742454493659583E-2), SK_L(3.34833904888224918614E-2),
		SK_L(4.27180926518931511717E-2), SK_L(5.85936634471101055642E-2), SK_L(9.37499997197644278445E-2),
		SK_L(2.49999999999888314361E-1)};
	if (x > 1)
		return isinf(x) ? x : SK_F(ellpe)(1 / x) * SK_M(sqrt)(x);
	if (x == 0)
		return 1;
	return SK_F(poly)(x, P, SK_COUNT(P)) - SK_M(log)(x) * (x * SK_F(poly)(x, Q, SK_COUNT(Q)));
}

SK_LIB(FN) SK_T SK_F(elliptic_k)(SK_T m)
{
	return m > 1 ? (SK_T)NAN : SK_F(ellpk)(1 - m);
}

SK_LIB(FN) SK_T SK_F(elliptic_e)(SK_T m)
{
	return m > 1 ? (SK_T)NAN : SK_F(ellpe)(1 - m);
}

/* Carlson's R_F(x, y, z) and, where d is not NULL, R_D(x, y, z) in *d,
 * for x, y, z >= 0, at most one of them 0 (z > 0 for R_D) */
SK_LIB(FN) SK_T SK_F(carlson)(SK_T x, SK_T y, SK_T z, SK_T *d)
{
	/* the duplication stops where 4^-n Q < |A_n|, Q = (3r)^(-1/6) (R_F) or
	 * (r/4)^(-1/6) (R_D) times the largest |A_0 - x_0| (Carlson 1995,
	 * (2.2) and (2.7)), r = 2^-24, 2^-53, 2^-64 */
	const SK_T cf = SK_PICK(SK_L(13.33), SK_L(379.9), SK_L(1353.6)), cd = SK_PICK(SK_L(20.16), SK_L(574.8), SK_L(2048.0));
	SK_T af = (x + y + z) / 3, ad = (x + y + 3 * z) / 5, f = 1, sum = 0;
	const SK_T xf = af - x, yf = af - y, xd = ad - x, yd = ad - y;
	const SK_T qf = cf * SK_M(fmax)(SK_M(fabs)(xf), SK_M(fmax)(SK_M(fabs)(yf), SK_M(fabs)(af - z)));
	const SK_T qd = cd * SK_M(fmax)(SK_M(fabs)(xd), SK_M(fmax)(SK_M(fabs)(yd), SK_M(fabs)(ad - z)));
	SK_T X, Y, Z, e2, e3, rf;
	for (int i = 0; i < 100 && (f * qf >= SK_M(fabs)(af) || (d && f * qd >= SK_M(fabs)(ad))); i++) {
		const SK_T sx = SK_M(sqrt)(x), sy = SK_M(sqrt)(y), sz = SK_M(sqrt)(z);
		const SK_T l = sx * sy + sx * sz + sy * sz;
		if (d)
			sum += f / (sz * (z + l));
		x = (x + l) / 4;
		y = (y + l) / 4;
		z = (z + l) / 4;
		af = (af + l) / 4;
		ad = (ad + l) / 4;
		f /= 4;
	}
	X = xf * f / af;
	Y = yf * f / af;
	Z = -(X + Y);
	e2 = X * Y - Z * Z;
	e3 = X * Y * Z;
	rf = (1 - e2 / 10 + e3 / 14 + e2 * e2 / 24 - 3 * e2 * e3 / 44) / SK_M(sqrt)(af);
	if (d) {
		SK_T e4, e5;
		X = xd * f / ad;
		Y = yd * f / ad;
		Z = -(X + Y) / 3;
		e2 = X * Y - 6 * Z * Z;
		e3 = (3 * X * Y - 8 * Z * Z) * Z;
		e4 = 3 * (X * Y - Z * Z) * Z * Z;
		e5 = X * Y * Z * Z * Z;
		*d = f / (ad * SK_M(sqrt)(ad)) *
		             (1 - 3 * e2 / 14 + e3 / 6 + 9 * e2 * e2 / 88 - 3 * e4 / 22 - 9 * e2 * e3 / 52 + 3 * e5 / 26) +
		     3 * sum;
	}
	return rf;
}

/* F(phi, m) (second = 0) or E(phi, m) (second = 1) */
SK_LIB(FN) SK_T SK_F(ellinc)(SK_T phi, SK_T m, int second)
{
	/* pi in two parts, the first of 26 bits (float: 12), so that k hi is
	 * exact for |k| < 2^27 (2^12) */
	const SK_T hi = SK_PICK(SK_L(3.140625), SK_L(3.1415926218032836914), SK_L(3.1415926218032836914)),
	           lo = SK_PICK(SK_L(9.676535897932384626e-4), SK_L(3.178650954705639338328e-8),
	                        SK_L(3.178650954705639338328e-8));
	const SK_T k = SK_M(rint)(phi / (hi + lo)), p = (phi - k * hi) - k * lo;
	const SK_T s = SK_M(sin)(p), c = SK_M(cos)(p);
	const SK_T y = m <= 1 ? c * c + (1 - m) * (s * s) : 1 - m * (s * s);
	SK_T d = 0, v;
	if (isinf(phi) || isnan(phi) || isnan(m))
		return isinf(phi) && m <= 1 ? phi : (SK_T)NAN;
	if (k != 0 && m > 1)
		return (SK_T)NAN;
	if (!second)
		return s * SK_F(carlson)(c * c, y, 1, (SK_T *)0) + 2 * k * (k != 0 ? SK_F(elliptic_k)(m) : 0);
	if (m > 0 && m <= 1) /* DLMF 19.25.10: positive terms, where 19.25.9's cancel as m nears 1 */
		v = (1 - m) * s * SK_F(carlson)(c * c, 1, y, &d) + m * (1 - m) / 3 * (s * s * s) * d +
		    m * s * c / SK_M(sqrt)(y);
	else
		v = s * SK_F(carlson)(c * c, y, 1, &d) - m / 3 * (s * s * s) * d;
	return k != 0 ? v + 2 * k * SK_F(elliptic_e)(m) : v;
}

SK_LIB(FN) SK_T SK_F(elliptic_f)(SK_T phi, SK_T m)
{
	return SK_F(ellinc)(phi, m, 0);
}

SK_LIB(FN) SK_T SK_F(elliptic_einc)(SK_T phi, SK_T m)
{
	return SK_F(ellinc)(phi, m, 1);
}
