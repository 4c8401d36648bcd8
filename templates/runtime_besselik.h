/* runtime_besselik.h: the modified Bessel functions of integer order n,
 * SymPy's besseli(n, x) and besselk(n, x) (n an integer constant,
 * |n| <= 128, which the generator checks), written once for double and
 * float (runtime_type.h; float computed in float) and the same on the GPU
 * and the CPU (neither the CUDA Math API nor the C library has them).
 * header.h.m4 pastes it into NAME.h after runtime_recur.h, whose miller
 * and bessel_tiny it uses, under the same SK_RT, SK_LIB and SK_TK.
 *
 * The method and its Chebyshev coefficients are Cephes's (Stephen L.
 * Moshier, Cephes Math Library 2.8, 2000: i0.c, i1.c, k0.c, k1.c, as
 * SciPy carries them); the code is symkern's.  The float instance drops
 * the leading terms of each series that are below 2^-26 of the least
 * value it takes (tests/oracle/besselik_tables.py computes the counts).
 *
 * I0, I1: exp(-x) I(x) as a Chebyshev series in x/2 - 2 on [0, 8], and
 *   exp(-x) sqrt(x) I(x) as one in 32/x - 2 above; the factor exp(x) is
 *   applied in two halves where it alone would overflow.
 * K0, K1: K0(x) + log(x/2) I0(x) and x (K1(x) - log(x/2) I1(x)) as series
 *   in x^2 - 2 on (0, 2], and exp(x) sqrt(x) K(x) as one in 8/x - 2 above.
 * In, n >= 2: Miller's backward recurrence I_k-1 = (2k/x) I_k + I_k+1
 *   from the continued fraction of I_n / I_n-1 (runtime_recur.h's
 *   miller), normalized by I0; for tiny x the series' first term.  I_n
 *   overflows for every n <= 128 beyond x = 725.3 (double), 145.6
 *   (float): +-inf there, without the loop.
 * Kn, n >= 2: the forward recurrence K_k+1 = (2k/x) K_k + K_k-1, stable
 *   (every term positive), on exp(x) K for x > 2 until it nears overflow.
 * I_-n = I_n, K_-n = K_n (SymPy's meaning), I_n(-x) = (-1)^n I_n(x); K is
 * +inf at 0 and NaN for x < 0, where it is complex. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK) || SK_TK > 2
#error "runtime_besselik.h: define SK_RT, SK_LIB and SK_TK (1 or 2) first (see header.h.m4)"
#endif

/* Clenshaw's sum of the Chebyshev series c[skip..n) at t, the highest
 * order first (Cephes's chbevl): (b0 - b2) / 2. */
SK_LIB(FN) SK_T SK_F(chebyshev)(SK_T t, const SK_T *c, int n, int skip)
{
	SK_T b0 = c[skip], b1 = 0, b2 = 0;
	for (int i = skip + 1; i < n; i++) {
		b2 = b1;
		b1 = b0;
		b0 = t * b1 - b2 + c[i];
	}
	return (b0 - b2) / 2;
}

/* v e^s, in two halves where e^s alone would overflow or underflow */
SK_LIB(FN) SK_T SK_F(escale)(SK_T v, SK_T s)
{
	SK_T e;
	if (SK_M(fabs)(s) < SK_PICK(85, 705, 705))
		return v * SK_M(exp)(s);
	e = SK_M(exp)(s / 2);
	return v * e * e;
}

/* log(x/2) for x > 0: x/2 is inexact for subnormal x */
SK_LIB(FN) SK_T SK_F(loghalf)(SK_T x)
{
	if (x < SK_PICK(4.7e-38f, 8.9e-308, 1.3e-4931L)) /* 4 times the least normal number */
		return SK_M(log)(x) - SK_L(0.693147180559945309417232121458176568);
	return SK_M(log)(x / 2);
}

/* exp(-a) I0(a), a >= 0 */
SK_LIB(FN) SK_T SK_F(besseli0e)(SK_T a)
{
	static const SK_T A[] = {
		SK_L(-4.41534164647933937950E-18), SK_L(3.33079451882223809783E-17),
		SK_L(-2.43127984654795469359E-16), SK_L(1.71539128555513303061E-15),
		SK_L(-1.16853328779934516808E-14), SK_L(7.67618549860493561688E-14),
		SK_L(-4.85644678311192946090E-13), SK_L(2.95505266312963983461E-12),
		SK_L(-1.72682629144155570723E-11), SK_L(9.67580903537323691224E-11),
		SK_L(-5.18979560163526290666E-10), SK_L(2.65982372468238665035E-9),
		SK_L(-1.30002500998624804212E-8), SK_L(6.04699502254191894932E-8),
		SK_L(-2.67079385394061173391E-7), SK_L(1.11738753912010371815E-6),
		SK_L(-4.41673835845875056359E-6), SK_L(1.64484480707288970893E-5),
		SK_L(-5.75419501008210370398E-5), SK_L(1.88502885095841655729E-4),
		SK_L(-5.76375574538582365885E-4), SK_L(1.63947561694133579842E-3),
		SK_L(-4.32430999505057594430E-3), SK_L(1.05464603945949983183E-2),
		SK_L(-2.37374148058994688156E-2), SK_L(4.93052842396707084878E-2),
		SK_L(-9.49010970480476444210E-2), SK_L(1.71620901522208775349E-1),
		SK_L(-3.04682672343198398683E-1), SK_L(6.76795274409476084995E-1)};
	static const SK_T B[] = {
		SK_L(-7.23318048787475395456E-18), SK_L(-4.83050448594418207126E-18),
		SK_L(4.46562142029675999901E-17), SK_L(3.46122286769746109310E-17),
		SK_L(-2.82762398051658348494E-16), SK_L(-3.42548561967721913462E-16),
		SK_L(1.77256013305652638360E-15), SK_L(3.81168066935262242075E-15),
		SK_L(-9.55484669882830764870E-15), SK_L(-4.15056934728722208663E-14),
		SK_L(1.54008621752140982691E-14), SK_L(3.85277838274214270114E-13),
		SK_L(7.18012445138366623367E-13), SK_L(-1.79417853150680611778E-12),
		SK_L(-1.32158118404477131188E-11), SK_L(-3.14991652796324136454E-11),
		SK_L(1.18891471078464383424E-11), SK_L(4.94060238822496958910E-10),
		SK_L(3.39623202570838634515E-9), SK_L(2.26666899049817806459E-8),
		SK_L(2.04891858946906374183E-7), SK_L(2.89137052083475648297E-6),
		SK_L(6.88975834691682398426E-5), SK_L(3.36911647825569408990E-3),
		SK_L(8.04490411014108831608E-1)};
	if (a <= 8)
		return SK_F(chebyshev)(a / 2 - 2, A, SK_COUNT(A), SK_PICK(11, 0, 0));
	return SK_F(chebyshev)(32 / a - 2, B, SK_COUNT(B), SK_PICK(19, 0, 0)) / SK_M(sqrt)(a);
}

/* exp(-a) I1(a), a >= 0 */
SK_LIB(FN) SK_T SK_F(besseli1e)(SK_T a)
{
	static const SK_T A[] = {
		SK_L(2.77791411276104639959E-18), SK_L(-2.11142121435816608115E-17),
		SK_L(1.55363195773620046921E-16), SK_L(-1.10559694773538630805E-15),
		SK_L(7.60068429473540693410E-15), SK_L(-5.04218550472791168711E-14),
		SK_L(3.22379336594557470981E-13), SK_L(-1.98397439776494371520E-12),
		SK_L(1.17361862988909016308E-11), SK_L(-6.66348972350202774223E-11),
		SK_L(3.62559028155211703701E-10), SK_L(-1.88724975172282928790E-9),
		SK_L(9.38153738649577178388E-9), SK_L(-4.44505912879632808065E-8),
		SK_L(2.00329475355213526229E-7), SK_L(-8.56872026469545474066E-7),
		SK_L(3.47025130813767847674E-6), SK_L(-1.32731636560394358279E-5),
		SK_L(4.78156510755005422638E-5), SK_L(-1.61760815825896745588E-4),
		SK_L(5.12285956168575772895E-4), SK_L(-1.51357245063125314899E-3),
		SK_L(4.15642294431288815669E-3), SK_L(-1.05640848946261981558E-2),
		SK_L(2.47264490306265168283E-2), SK_L(-5.29459812080949914269E-2),
		SK_L(1.02643658689847095384E-1), SK_L(-1.76416518357834055153E-1),
		SK_L(2.52587186443633654823E-1)};
	static const SK_T B[] = {
		SK_L(7.51729631084210481353E-18), SK_L(4.41434832307170791151E-18),
		SK_L(-4.65030536848935832153E-17), SK_L(-3.20952592199342395980E-17),
		SK_L(2.96262899764595013876E-16), SK_L(3.30820231092092828324E-16),
		SK_L(-1.88035477551078244854E-15), SK_L(-3.81440307243700780478E-15),
		SK_L(1.04202769841288027642E-14), SK_L(4.27244001671195135429E-14),
		SK_L(-2.10154184277266431302E-14), SK_L(-4.08355111109219731823E-13),
		SK_L(-7.19855177624590851209E-13), SK_L(2.03562854414708950722E-12),
		SK_L(1.41258074366137813316E-11), SK_L(3.25260358301548823856E-11),
		SK_L(-1.89749581235054123450E-11), SK_L(-5.58974346219658380687E-10),
		SK_L(-3.83538038596423702205E-9), SK_L(-2.63146884688951950684E-8),
		SK_L(-2.51223623787020892529E-7), SK_L(-3.88256480887769039346E-6),
		SK_L(-1.10588938762623716291E-4), SK_L(-9.76109749136146840777E-3),
		SK_L(7.78576235018280120474E-1)};
	if (a <= 8)
		return SK_F(chebyshev)(a / 2 - 2, A, SK_COUNT(A), SK_PICK(10, 0, 0)) * a;
	return SK_F(chebyshev)(32 / a - 2, B, SK_COUNT(B), SK_PICK(19, 0, 0)) / SK_M(sqrt)(a);
}

SK_LIB(FN) SK_T SK_F(besseli0)(SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	return isinf(a) ? a : SK_F(escale)(SK_F(besseli0e)(a), a);
}

SK_LIB(FN) SK_T SK_F(besseli1)(SK_T x)
{
	const SK_T a = SK_M(fabs)(x), v = isinf(a) ? a : SK_F(escale)(SK_F(besseli1e)(a), a);
	return x < 0 ? -v : v;
}

/* I_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(besselin)(int n, SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T b;
	if (!(a > 0) || !(a < SK_PICK(150, 730, 730)))
		return a > 0 ? (x < 0 && n % 2 ? -(SK_T)INFINITY : (SK_T)INFINITY) : isnan(x) ? x : 0;
	if (a < SK_L(1.8626451e-9)) { /* 2^-29: the next term is below 2^-60 of this one */
		b = SK_F(bessel_tiny)(n, a, 0);
	} else {
		SK_T f[3];
		SK_F(miller)(n, a, 0, -1, f);
		b = SK_F(escale)(f[0] * SK_F(besseli0e)(a) / f[1], a);
	}
	return x < 0 && n % 2 ? -b : b;
}

/* exp(x) K0(x) for x > 2 */
SK_LIB(FN) SK_T SK_F(besselk0e)(SK_T x)
{
	static const SK_T B[] = {
		SK_L(5.30043377268626276149e-18), SK_L(-1.64758043015242134646e-17),
		SK_L(5.21039150503902756861e-17), SK_L(-1.67823109680541210385e-16),
		SK_L(5.51205597852431940784e-16), SK_L(-1.84859337734377901440e-15),
		SK_L(6.34007647740507060557e-15), SK_L(-2.22751332699166985548e-14),
		SK_L(8.03289077536357521100e-14), SK_L(-2.98009692317273043925e-13),
		SK_L(1.14034058820847496303e-12), SK_L(-4.51459788337394416547e-12),
		SK_L(1.85594911495471785253e-11), SK_L(-7.95748924447710747776e-11),
		SK_L(3.57739728140030116597e-10), SK_L(-1.69753450938905987466e-9),
		SK_L(8.57403401741422608519e-9), SK_L(-4.66048989768794782956e-8),
		SK_L(2.76681363944501510342e-7), SK_L(-1.83175552271911948767e-6),
		SK_L(1.39498137188764993662e-5), SK_L(-1.28495495816278026384e-4),
		SK_L(1.56988388573005337491e-3), SK_L(-3.14481013119645005427e-2),
		SK_L(2.44030308206595545468e0)};
	return SK_F(chebyshev)(8 / x - 2, B, SK_COUNT(B), SK_PICK(17, 0, 0)) / SK_M(sqrt)(x);
}

/* exp(x) K1(x) for x > 2 */
SK_LIB(FN) SK_T SK_F(besselk1e)(SK_T x)
{
	static const SK_T B[] = {
		SK_L(-5.75674448366501715755e-18), SK_L(1.79405087314755922667e-17),
		SK_L(-5.68946255844285935196e-17), SK_L(1.83809354436663880070e-16),
		SK_L(-6.05704724837331885336e-16), SK_L(2.03870316562433424052e-15),
		SK_L(-7.01983709041831346144e-15), SK_L(2.47715442448130437068e-14),
		SK_L(-8.97670518232499435011e-14), SK_L(3.34841966607842919884e-13),
		SK_L(-1.28917396095102890680e-12), SK_L(5.13963967348173025100e-12),
		SK_L(-2.12996783842756842877e-11), SK_L(9.21831518760500529508e-11),
		SK_L(-4.19035475934189648750e-10), SK_L(2.01504975519703286596e-9),
		SK_L(-1.03457624656780970260e-8), SK_L(5.74108412545004946722e-8),
		SK_L(-3.50196060308781257119e-7), SK_L(2.40648494783721712015e-6),
		SK_L(-1.93619797416608296024e-5), SK_L(1.95215518471351631108e-4),
		SK_L(-2.85781685962277938680e-3), SK_L(1.03923736576817238437e-1),
		SK_L(2.72062619048444266945e0)};
	return SK_F(chebyshev)(8 / x - 2, B, SK_COUNT(B), SK_PICK(17, 0, 0)) / SK_M(sqrt)(x);
}

SK_LIB(FN) SK_T SK_F(besselk0)(SK_T x)
{
	static const SK_T A[] = {
		SK_L(1.37446543561352307156e-16), SK_L(4.25981614279661018399e-14),
		SK_L(1.03496952576338420167e-11), SK_L(1.90451637722020886025e-9),
		SK_L(2.53479107902614945675e-7), SK_L(2.28621210311945178607e-5),
		SK_L(1.26461541144692592338e-3), SK_L(3.59799365153615016266e-2),
		SK_L(3.44289899924628486886e-1), SK_L(-5.35327393233902768720e-1)};
	if (!(x > 0))
		return x == 0 ? (SK_T)INFINITY : (SK_T)NAN;
	if (x > 2)
		return SK_F(escale)(SK_F(besselk0e)(x), -x);
	return SK_F(chebyshev)(x * x - 2, A, SK_COUNT(A), SK_PICK(3, 0, 0)) - SK_F(loghalf)(x) * SK_F(besseli0)(x);
}

SK_LIB(FN) SK_T SK_F(besselk1)(SK_T x)
{
	static const SK_T A[] = {
		SK_L(-7.02386347938628759343e-18), SK_L(-2.42744985051936593393e-15),
		SK_L(-6.66690169419932900609e-13), SK_L(-1.41148839263352776110e-10),
		SK_L(-2.21338763073472585583e-8), SK_L(-2.43340614156596823496e-6),
		SK_L(-1.73028895751305206302e-4), SK_L(-6.97572385963986435018e-3),
		SK_L(-1.22611180822657148235e-1), SK_L(-3.53155960776544875667e-1),
		SK_L(1.52530022733894777053e0)};
	if (!(x > 0))
		return x == 0 ? (SK_T)INFINITY : (SK_T)NAN;
	if (x > 2)
		return SK_F(escale)(SK_F(besselk1e)(x), -x);
	return SK_F(loghalf)(x) * SK_F(besseli1)(x) + SK_F(chebyshev)(x * x - 2, A, SK_COUNT(A), SK_PICK(4, 0, 0)) / x;
}

/* K_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(besselkn)(int n, SK_T x)
{
	SK_T p, b, s = 0; /* K_n(x) = b e^s */
	if (!(x > 0))
		return x == 0 ? (SK_T)INFINITY : (SK_T)NAN;
	if (x > 2) {
		p = SK_F(besselk0e)(x);
		b = SK_F(besselk1e)(x);
		s = -x;
	} else {
		p = SK_F(besselk0)(x);
		b = SK_F(besselk1)(x);
	}
	for (int k = 1; k < n && b != (SK_T)INFINITY; k++) {
		const SK_T t = b;
		b = ((SK_T)(k + k) / x) * b + p;
		p = t;
		if (s != 0 && b > SK_PICK(1e30f, 1e300, 1e300L)) { /* leave the scaling before it overflows */
			b = SK_F(escale)(b, s);
			p = SK_F(escale)(p, s);
			s = 0;
		}
	}
	return s != 0 ? SK_F(escale)(b, s) : b;
}

/* The order compared as a number: see runtime_bessel.h's besselj. */
SK_LIB(FN) SK_T SK_F(besseli)(SK_T n, SK_T x)
{
	if (n == 0 || n == 1 || n == -1)
		return n == 0 ? SK_F(besseli0)(x) : SK_F(besseli1)(x);
	return SK_F(besselin)(n < 0 ? (int)-n : (int)n, x);
}

SK_LIB(FN) SK_T SK_F(besselk)(SK_T n, SK_T x)
{
	if (n == 0 || n == 1 || n == -1)
		return n == 0 ? SK_F(besselk0)(x) : SK_F(besselk1)(x);
	return SK_F(besselkn)(n < 0 ? (int)-n : (int)n, x);
}
