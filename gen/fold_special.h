/* fold_special.h: the special functions of constants, in long double, for
 * the generator's constant folding (mathfn.c's table).  Generated code
 * computes them with the runtime (templates/runtime_*.h); some of these
 * are that runtime's own code built for long double. */
#ifndef SYMKERN_FOLD_SPECIAL_H
#define SYMKERN_FOLD_SPECIAL_H

long double fold_erfinv(long double x);
long double fold_erfcinv(long double q);
long double fold_lambertw(long double x);
long double fold_lambertwm1(long double x);
long double fold_digamma(long double x);
long double fold_trigamma(long double x);
/* Bessel functions of integer order n (checked by the lower stage), with
 * SymPy's meaning for negative orders */
long double fold_besselj(long double n, long double x);
long double fold_bessely(long double n, long double x);
long double fold_besseli(long double n, long double x);
long double fold_besselk(long double n, long double x);
long double fold_spherical_jn(long double n, long double x);
long double fold_spherical_yn(long double n, long double x);
/* elliptic integrals of SymPy's parameter m; phi the amplitude */
long double fold_elliptic_k(long double m);
long double fold_elliptic_e(long double m);
long double fold_elliptic_f(long double phi, long double m);
long double fold_elliptic_einc(long double phi, long double m);
/* Riemann's zeta(s), Hurwitz's zeta(s, a), dirichlet_eta(s), and
 * polygamma(m, x) for m >= 2 */
long double fold_zeta(long double s);
long double fold_hurwitz(long double s, long double a);
long double fold_dirichlet_eta(long double s);
long double fold_polygamma(long double m, long double x);
/* beta(a, b), RisingFactorial(x, k), FallingFactorial(x, k), erf2(x, y) */
long double fold_beta(long double a, long double b);
long double fold_rising(long double x, long double k);
long double fold_falling(long double x, long double k);
long double fold_erf2(long double x, long double y);
/* lowergamma(s, x), uppergamma(s, x), expint(nu, x), E1(x) */
long double fold_lowergamma(long double s, long double x);
long double fold_uppergamma(long double s, long double x);
long double fold_expint(long double nu, long double x);
long double fold_e1(long double x);
/* Ei(x), li(x), Si(x), Ci(x), Shi(x), Chi(x) */
long double fold_ei(long double x);
long double fold_li(long double x);
long double fold_si(long double x);
long double fold_ci(long double x);
long double fold_shi(long double x);
long double fold_chi(long double x);
/* airyai(x), airybi(x), airyaiprime(x), airybiprime(x) */
long double fold_airyai(long double x);
long double fold_airybi(long double x);
long double fold_airyaiprime(long double x);
long double fold_airybiprime(long double x);
/* betainc(a, b, x1, x2), betainc_regularized(a, b, x1, x2) */
long double fold_betainc(long double a, long double b, long double x1, long double x2);
long double fold_betainc_regularized(long double a, long double b, long double x1, long double x2);

#endif
