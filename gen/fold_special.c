/* fold_special.c: see fold_special.h. */
#define _DEFAULT_SOURCE /* jnl and ynl (glibc, musl) under -std=c11 */
#include "fold_special.h"

#include <math.h>

/* erfinv and erfcinv of constants, in long double: y >= 0 with erf(y) = a
 * (a < 1/2) or erfc(y) = c (c <= 1/2), c = 1 - a, by Newton's method from
 * the left of the root, where it converges monotonically (erf is concave
 * and erfc convex for y >= 0).  Generated code computes them otherwise
 * (templates/runtime_special.h). */
static long double erfinv_pos(long double a, long double c)
{
	const long double k = 0.886226925452758013649083741671L; /* sqrt(pi)/2 */
	long double y = a * k;
	if (a >= 0.5L) {
		const long double t = -logl(c);
		y = t > 1 ? sqrtl(t - 0.5L * logl(3.14159265358979323846L * t)) : 0.47L;
		while (erfcl(y) < c)
			y *= 0.9L;
	}
	for (int i = 0; i < 200; i++) {
		const long double d = (a < 0.5L ? a - erfl(y) : erfcl(y) - c) * k * expl(y * y);
		y += d;
		if (!(d > y * 1e-21L))
			break;
	}
	return y;
}

long double fold_erfinv(long double x)
{
	const long double a = fabsl(x);
	if (!(a < 1))
		return a == 1 ? copysignl(INFINITY, x) : NAN;
	return copysignl(erfinv_pos(a, 1 - a), x);
}

/* LambertW of constants, in long double: the series around the branch
 * point -1/e (Corless et al. 1996, (4.22)) within 1e-4 of it, else a guess
 * (that series within 0.1 of -1/e) and Newton's method on w e^w - x, whose
 * error there is well below double's; NaN outside the branch's domain. */
static long double lambertw_ld(long double x, int m1)
{
	static const long double c[] = {-1.0L, 1.0L, -1.0L / 3, 11.0L / 72, -43.0L / 540, 769.0L / 17280,
	                                 -221.0L / 8505, 680863.0L / 43545600, -1963.0L / 204120,
	                                 226287557.0L / 37623398400.0L};
	const long double e = 2.718281828459045235360287471352662498L, d = x + 1 / e;
	long double w;
	if (!(d >= 0) || (m1 && !(x < 0)))
		return d < 0 && d > -3e-17L ? -1 : m1 && x == 0 ? -INFINITY : NAN;
	if (x == 0 || isinf(x))
		return x;
	if (d < 0.1L) { /* the series: W itself within 1e-4 of -1/e, a guess further */
		const long double p = (m1 ? -1 : 1) * sqrtl(2 * e * d);
		w = 0;
		for (int k = 9; k >= 0; k--)
			w = w * p + c[k];
		if (d < 1e-4L)
			return w;
	} else {
		w = m1 ? logl(-x) - logl(-logl(-x)) : x < 1 ? x / (1 + x) : logl(x) - logl(logl(x) + 1) / 2;
	}
	for (int i = 0; i < 60; i++) {
		const long double ew = expl(w), s = (w * ew - x) / (ew * (w + 1));
		w -= s;
		if (!(fabsl(s) > fabsl(w) * 1e-21L))
			break;
	}
	return w;
}

long double fold_lambertw(long double x) { return lambertw_ld(x, 0); }
long double fold_lambertwm1(long double x) { return lambertw_ld(x, 1); }

long double fold_erfcinv(long double q)
{
	const long double c = q > 1 ? 2 - q : q;
	if (!(q > 0 && q < 2))
		return q == 0 ? INFINITY : q == 2 ? -INFINITY : NAN;
	return q > 1 ? -erfinv_pos(1 - c, c) : erfinv_pos(1 - c, c);
}

/* Bessel functions of integer order n (an integer constant, checked by the
 * parser) of constants: the C library's, in long double, with SymPy's
 * meaning for negative orders (J_-n = (-1)^n J_n, Y likewise) and NaN for
 * Y of a negative argument (complex). */
static long double bessel_ld(long double n, long double x, int y)
{
	const int k = (int)fabsl(n);
	const long double s = n < 0 && k % 2 ? -1 : 1;
	if (y && x < 0)
		return NAN;
	return s * (y ? ynl(k, x) : jnl(k, x));
}

long double fold_besselj(long double n, long double x) { return bessel_ld(n, x, 0); }
long double fold_bessely(long double n, long double x) { return bessel_ld(n, x, 1); }

/* Modified Bessel functions of constants, in long double.  I_n(x): its
 * power series sum (x/2)^(2j+n) / (j! (j+n)!) (DLMF 10.25.2), whose terms
 * are all positive; +-inf past x = 730, where I_n overflows double for
 * every n <= 128.  K_n(x): the integral of exp(-x cosh t) cosh(n t) over
 * t >= 0 (DLMF 10.32.9) by the trapezoidal rule, which converges
 * exponentially for such an integrand (Trefethen and Weideman, SIAM
 * Review 56, 2014), with a step well below the width 1/sqrt(x) of its
 * peak; 0 past x = 12000, where K_n underflows long double. */
long double fold_besseli(long double n, long double x)
{
	const int k = (int)fabsl(n);
	const long double a = fabsl(x), q = a * a / 4;
	long double t = 1, term = 1, s = 1;
	if (isnan(x) || a > 730)
		return isnan(x) ? x : x < 0 && k % 2 ? -INFINITY : INFINITY;
	for (int i = 1; i <= k; i++)
		t *= a / (2.0L * i); /* (x/2)^n / n! */
	for (int j = 1; term > s * 1e-24L; j++) {
		term *= q / ((long double)j * (j + k));
		s += term;
	}
	return x < 0 && k % 2 ? -(t * s) : t * s;
}

long double fold_besselk(long double n, long double x)
{
	const long double v = fabsl(n), h = 1 / (32 + 4 * sqrtl(x > 0 ? x : 0));
	long double s = 0.5L; /* the halved term at t = 0, over exp(-x) */
	if (!(x > 0) || x > 12000)
		return x == 0 ? INFINITY : x > 0 ? 0 : NAN;
	for (int i = 1;; i++) {
		/* exp(x - x cosh t) cosh(v t), with x cosh t - x = 2 x sinh(t/2)^2 */
		const long double t = i * h, sh = sinhl(t / 2), g = -2 * x * sh * sh;
		const long double term = (expl(g + v * t) + expl(g - v * t)) / 2;
		s += term;
		if (!(term > s * 1e-24L) && x * sinhl(t) > v) /* past the peak, and negligible */
			break;
	}
	return expl(-x) * (s * h);
}

/* The complete elliptic integrals of constants, in long double, by the
 * arithmetic-geometric mean: K(m) = pi / (2 AGM(1, sqrt(1 - m))) and
 * E(m) = K(m) (1 - sum 2^(n-1) c_n^2), c_0^2 = m, c_n = (a_n-1 - b_n-1)/2
 * (DLMF 19.8.1, 19.8.6), for m <= 1 (NaN above, complex); another
 * algorithm than the generated code's (templates/runtime_elliptic.h). */
static long double agm_ke(long double m, int e)
{
	long double a = 1, b, s = m / 2, p = 0.5L, k;
	if (!(m <= 1) || m == 1 || isinf(m))
		return !(m <= 1) ? NAN : m == 1 ? (e ? 1 : INFINITY) : (e ? INFINITY : 0);
	b = sqrtl(1 - m);
	for (int i = 0; i < 64 && fabsl(a - b) > a * 1e-22L; i++) {
		const long double c = (a - b) / 2;
		b = sqrtl(a * b);
		a -= c;
		p *= 2;
		s += p * c * c;
	}
	k = 3.14159265358979323846264338327950288L / (2 * a);
	return e ? k * (1 - s) : k;
}

long double fold_elliptic_k(long double m) { return agm_ke(m, 0); }
long double fold_elliptic_e(long double m) { return agm_ke(m, 1); }

/* The generated code's algorithms (templates/runtime_gamma.h,
 * runtime_spherical.h and runtime_elliptic.h) in long double, with long
 * double coefficients but for elliptic_k and elliptic_e's (the incomplete
 * integrals use them beyond |phi| = pi/2): digamma and trigamma, the
 * spherical Bessel functions, the incomplete elliptic integrals, zeta,
 * dirichlet_eta, polygamma of order 2 and above, beta, the rising and
 * falling factorials, erf2, the incomplete gamma functions and the
 * exponential integrals expint and E1, Ei, li, Si, Ci, Shi, Chi, the
 * Airy functions and the incomplete beta functions. */
#define SK_RT(name) rt_##name
#define SK_LIB(name) SK_LIB_##name
#define SK_LIB_FN static
#define SK_TK 3
#include "../templates/runtime_type.h"
#include "../templates/runtime_gamma.h"
#include "../templates/runtime_recur.h"
#include "../templates/runtime_spherical.h"
#include "../templates/runtime_elliptic.h"
#include "../templates/runtime_zeta.h"
#include "../templates/runtime_ratio.h"
#include "../templates/runtime_incgamma.h"
#include "../templates/runtime_sici.h"
#include "../templates/runtime_airy.h"
#include "../templates/runtime_betainc.h"
#undef SK_TK
#include "../templates/runtime_untype.h"
#undef SK_LIB_FN
#undef SK_LIB
#undef SK_RT

long double fold_digamma(long double x) { return rt_digammal(x); }
long double fold_trigamma(long double x) { return rt_trigammal(x); }
long double fold_spherical_jn(long double n, long double x) { return rt_spherical_jnl(n, x); }
long double fold_spherical_yn(long double n, long double x) { return rt_spherical_ynl(n, x); }
long double fold_elliptic_f(long double phi, long double m) { return rt_elliptic_fl(phi, m); }
long double fold_elliptic_einc(long double phi, long double m) { return rt_elliptic_eincl(phi, m); }
long double fold_zeta(long double s) { return rt_zetal(s); }
long double fold_hurwitz(long double s, long double a) { return rt_hurwitzl(s, a); }
long double fold_dirichlet_eta(long double s) { return rt_dirichlet_etal(s); }
long double fold_polygamma(long double m, long double x) { return rt_polygammal(m, x); }
long double fold_beta(long double a, long double b) { return rt_betal(a, b); }
long double fold_rising(long double x, long double k) { return rt_risingl(x, k); }
long double fold_falling(long double x, long double k) { return rt_fallingl(x, k); }
long double fold_erf2(long double x, long double y) { return rt_erf2l(x, y); }
long double fold_lowergamma(long double s, long double x) { return rt_lowergammal(s, x); }
long double fold_uppergamma(long double s, long double x) { return rt_uppergammal(s, x); }
long double fold_expint(long double nu, long double x) { return rt_expintl(nu, x); }
long double fold_e1(long double x) { return rt_e1l(x); }
long double fold_ei(long double x) { return rt_eil(x); }
long double fold_li(long double x) { return rt_lil(x); }
long double fold_si(long double x) { return rt_sil(x); }
long double fold_ci(long double x) { return rt_cil(x); }
long double fold_shi(long double x) { return rt_shil(x); }
long double fold_chi(long double x) { return rt_chil(x); }
long double fold_airyai(long double x) { return rt_airyail(x); }
long double fold_airybi(long double x) { return rt_airybil(x); }
long double fold_airyaiprime(long double x) { return rt_airyaiprimel(x); }
long double fold_airybiprime(long double x) { return rt_airybiprimel(x); }
long double fold_betainc(long double a, long double b, long double x1, long double x2)
{
	return rt_betaincl(a, b, x1, x2);
}
long double fold_betainc_regularized(long double a, long double b, long double x1, long double x2)
{
	return rt_betainc_regularizedl(a, b, x1, x2);
}
