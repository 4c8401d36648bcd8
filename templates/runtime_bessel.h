/* runtime_bessel.h: Bessel functions of the first and second kind of
 * integer order n, SymPy's besselj(n, x) and bessely(n, x) (n an integer
 * constant, |n| <= 128, which the generator checks), written once for
 * double and float (runtime_type.h; float computed in float) and the same
 * on the GPU and the CPU, where the CUDA Math API's j0, j1, jn, y0, y1, yn
 * lose far more than the C library's (docs/design/bessel.md).
 * header.h.m4 pastes it into NAME.h after runtime_special.h, under the
 * same SK_RT, SK_LIB and SK_TK; it uses runtime_gamma.h's poly and
 * runtime_recur.h's bessel_first.
 *
 * The method and its coefficients are fdlibm's (Sun Microsystems, 1993:
 * e_j0.c, e_j1.c and e_jn.c, which FreeBSD's msun, musl and glibc carry);
 * the code is symkern's.
 *
 * J0, J1, Y0, Y1 for 0 < x < 2: rational functions of z = x^2,
 *   J0 = 1 - z/4 + z R/S (as (1 + x/2)(1 - x/2) + z R/S for x >= 1),
 *   J1 = x/2 + x z R/S, Y0 = U/V + (2/pi) J0 log x and
 *   Y1 = x U/V + (2/pi) (J1 log x - 1/x).
 * For x >= 2, Hankel's asymptotic form
 *   J = (P cc - Q ss) / sqrt(pi x), Y = (P ss + Q cc) / sqrt(pi x),
 *   with cc, ss = sqrt(2) cos, sin of x - pi/4 (order 0) or x - 3pi/4
 *   (order 1), which are s + c, s - c or s - c, -s - c for s = sin x,
 *   c = cos x: of the two, the one that cancels is computed as the other
 *   divided into their product, -+cos 2x; so the phase is never rounded,
 *   and the only argument reduction is sin's and cos's.  P = 1 + R/S and
 *   Q = (-1/8 or 3/8 + R/S)/x, R and S polynomials in 1/x^2 on the four
 *   intervals [2, 2.857), [2.857, 4.545), [4.545, 8) and [8, inf).
 * Jn, n >= 2, of |x| (J_n(-x) = (-1)^n J_n(x)): where n <= |x| the forward
 *   recurrence J_k+1 = (2k/x) J_k - J_k-1 from J0 and J1, stable there;
 *   below, for tiny x the series' first term (x/2)^n / n!, else Miller's
 *   backward recurrence from the ratio J_n / J_n-1 by its continued
 *   fraction (as many terms as make its k-th denominator exceed 1e9),
 *   normalized by J0, or by J1 where |J1| > |J0|, rescaled where it would
 *   overflow.
 * Yn, n >= 2: the forward recurrence from Y0 and Y1, stable for Y, to
 *   -inf once it overflows.
 * Y is -inf at 0 and NaN for x < 0, where it is complex; J and Y are 0 at
 * +-inf.  SymPy's meaning for negative orders: J_-n = (-1)^n J_n and
 * Y_-n = (-1)^n Y_n. */
#if !defined(SK_RT) || !defined(SK_LIB) || !defined(SK_TK) || SK_TK > 2
#error "runtime_bessel.h: define SK_RT, SK_LIB and SK_TK (1 or 2) first (see header.h.m4)"
#endif

/* J (second = 0) or Y (second = 1) of order nu (0 or 1) for finite x >= 2:
 * Hankel's form. */
SK_LIB(FN) SK_T SK_F(bessel_far)(SK_T x, int nu, int second)
{
	/* [nu][interval]: R and S of P, of Q; highest degree first */
	static const SK_T PR[2][4][6] = {
		{
			{SK_L(-5253.043804907295), SK_L(-2485.216410094288),
			 SK_L(-257.06310567970485), SK_L(-8.081670412753498),
			 SK_L(-0.07031249999999004), SK_L(0.0)},
			{SK_L(-346.4333883656049), SK_L(-331.23129964917297),
			 SK_L(-67.67476522651673), SK_L(-4.159610644705878),
			 SK_L(-0.07031249408735993), SK_L(-1.141254646918945e-11)},
			{SK_L(-31.44794705948885), SK_L(-58.07917047017376),
			 SK_L(-21.96597747348831), SK_L(-2.409032215495296),
			 SK_L(-0.07031196163814817), SK_L(-2.547046017719519e-09)},
			{SK_L(-3.2336457935133534), SK_L(-11.193166886035675),
			 SK_L(-7.635696138235278), SK_L(-1.4507384678095299),
			 SK_L(-0.07030309954836247), SK_L(-8.875343330325264e-08)},
		},
		{
			{SK_L(7914.479540318917), SK_L(3874.7453891396053),
			 SK_L(412.05185430737856), SK_L(13.239480659307358),
			 SK_L(0.11718749999998865), SK_L(0.0)},
			{SK_L(528.7152013633375), SK_L(517.6361395331998), SK_L(108.30818299018911),
			 SK_L(6.802751278684329), SK_L(0.1171874931906141),
			 SK_L(1.3199051955624352e-11)},
			{SK_L(48.55906851973649), SK_L(91.05501107507813), SK_L(35.11940355916369),
			 SK_L(3.9329775003331564), SK_L(0.11718686556725359),
			 SK_L(3.025039161373736e-09)},
			{SK_L(5.073523125888185), SK_L(17.693971127168773),
			 SK_L(12.242610914826123), SK_L(2.368514966676088),
			 SK_L(0.11717621946268335), SK_L(1.0771083010687374e-07)},
		},
	};
	static const SK_T PS[2][4][6] = {
		{
			{SK_L(47627.728414673096), SK_L(116752.97256437592),
			 SK_L(40597.857264847255), SK_L(3833.7447536412183),
			 SK_L(116.53436461966818), SK_L(1.0)},
			{SK_L(2406.058159229391), SK_L(9625.445143577745), SK_L(5978.970943338558),
			 SK_L(1051.2523059570458), SK_L(60.753938269230034), SK_L(1.0)},
			{SK_L(173.58093081333575), SK_L(1127.9967985690741),
			 SK_L(1193.6078379211153), SK_L(361.51398305030386),
			 SK_L(35.85603380552097), SK_L(1.0)},
			{SK_L(14.65761769482562), SK_L(153.87539420832033), SK_L(270.4702786580835),
			 SK_L(136.2067942182152), SK_L(22.22029975320888), SK_L(1.0)},
		},
		{
			{SK_L(30804.27206278888), SK_L(97602.79359349508), SK_L(36956.206026903346),
			 SK_L(3650.9308342085346), SK_L(114.20737037567841), SK_L(1.0)},
			{SK_L(1504.0468881036106), SK_L(7844.690317495512), SK_L(5353.26695291488),
			 SK_L(991.4014187336144), SK_L(59.28059872211313), SK_L(1.0)},
			{SK_L(103.78793243963928), SK_L(890.8113463982564),
			 SK_L(1046.8713997577513), SK_L(336.76245874782575),
			 SK_L(34.79130950012515), SK_L(1.0)},
			{SK_L(8.364638933716183), SK_L(117.6793732871471), SK_L(232.2764690571628),
			 SK_L(125.29022716840275), SK_L(21.43648593638214), SK_L(1.0)},
		},
	};
	static const SK_T QR[2][4][6] = {
		{
			{SK_L(37014.62677768878), SK_L(8859.197207564686), SK_L(557.6733802564019),
			 SK_L(11.76820646822527), SK_L(0.0732421874999935), SK_L(0.0)},
			{SK_L(1989.9778586460538), SK_L(1027.243765961641),
			 SK_L(135.11157728644983), SK_L(5.8356350896205695),
			 SK_L(0.07324217666126848), SK_L(1.8408596359451553e-11)},
			{SK_L(166.73394869665117), SK_L(170.8080913405656),
			 SK_L(42.621844074541265), SK_L(3.344231375161707),
			 SK_L(0.07324111800429114), SK_L(4.377410140897386e-09)},
			{SK_L(16.252707571092927), SK_L(31.666231750478154),
			 SK_L(14.495602934788574), SK_L(1.99819174093816),
			 SK_L(0.07322342659630793), SK_L(1.5044444488698327e-07)},
		},
		{
			{SK_L(-48438.512428575035), SK_L(-11849.806670242959),
			 SK_L(-759.6017225139501), SK_L(-16.271753454459),
			 SK_L(-0.10253906249999271), SK_L(0.0)},
			{SK_L(-2612.4444045321566), SK_L(-1373.1937606550816),
			 SK_L(-183.66960747488838), SK_L(-8.05644828123936),
			 SK_L(-0.10253905024137543), SK_L(-2.089799311417641e-11)},
			{SK_L(-219.21012847890933), SK_L(-228.2445407376317),
			 SK_L(-57.847221656278364), SK_L(-4.610115811394734),
			 SK_L(-0.10253782982083709), SK_L(-5.078312264617666e-09)},
			{SK_L(-21.371921170370406), SK_L(-42.32531333728305),
			 SK_L(-19.663616264370372), SK_L(-2.7522056827818746),
			 SK_L(-0.10251704260798555), SK_L(-1.7838172751095887e-07)},
		},
	};
	static const SK_T QS[2][4][7] = {
		{
			{SK_L(-343899.2935378666), SK_L(840501.5798190605), SK_L(803309.2571195144),
			 SK_L(142538.29141912048), SK_L(8098.344946564498),
			 SK_L(163.77602689568982), SK_L(1.0)},
			{SK_L(-5354.342756019448), SK_L(35976.75384251145), SK_L(56751.11228949473),
			 SK_L(18847.28877857181), SK_L(2077.81416421393), SK_L(82.77661022365378),
			 SK_L(1.0)},
			{SK_L(-149.2474518361564), SK_L(2516.3336892036896),
			 SK_L(6460.425167525689), SK_L(3704.1482262011136), SK_L(709.689221056606),
			 SK_L(48.75887297245872), SK_L(1.0)},
			{SK_L(-5.3109549388266695), SK_L(212.66638851179883),
			 SK_L(882.9358451124886), SK_L(844.7837575953201), SK_L(269.34811860804984),
			 SK_L(30.36558483552192), SK_L(1.0)},
		},
		{
			{SK_L(-294490.26430383464), SK_L(666601.2326177764),
			 SK_L(719657.7236832409), SK_L(133875.33628724958), SK_L(7825.385999233485),
			 SK_L(161.3953697007229), SK_L(1.0)},
			{SK_L(-4719.183547951285), SK_L(27948.075163891812),
			 SK_L(49851.42709103523), SK_L(17468.48519249089), SK_L(1991.7987346048596),
			 SK_L(81.27655013843358), SK_L(1.0)},
			{SK_L(-135.20119144430734), SK_L(1903.119193388108),
			 SK_L(5547.729097207228), SK_L(3380.1528667952634), SK_L(673.8651126766997),
			 SK_L(47.66515503237295), SK_L(1.0)},
			{SK_L(-4.959498988226282), SK_L(155.94900333666612),
			 SK_L(739.3932053204672), SK_L(757.5028348686454), SK_L(252.98154998219053),
			 SK_L(29.533362906052385), SK_L(1.0)},
		},
	};
	const int i = x >= 8 ? 0 : x >= SK_L(4.5454) ? 1 : x >= SK_L(2.8571) ? 2 : 3;
	const SK_T z = 1 / (x * x), s = SK_M(sin)(x), c = SK_M(cos)(x);
	const SK_T p = 1 + SK_F(poly)(z, PR[nu][i], 6) / SK_F(poly)(z, PS[nu][i], 6);
	const SK_T q = ((nu ? SK_L(0.375) : SK_L(-0.125)) + SK_F(poly)(z, QR[nu][i], 6) / SK_F(poly)(z, QS[nu][i], 7)) / x;
	SK_T ss = nu ? -s - c : s - c, cc = nu ? s - c : s + c;
	if (x < SK_PICK(1.7e38f, 8.9e307, 0)) { /* x + x is finite */
		const SK_T c2 = nu ? SK_M(cos)(x + x) : -SK_M(cos)(x + x); /* ss cc */
		if (nu ? s * c > 0 : s * c < 0)
			cc = c2 / ss;
		else
			ss = c2 / cc;
	}
	/* 1/sqrt(pi) */
	return SK_L(0.56418958354775628) * (second ? p * ss + q * cc : p * cc - q * ss) / SK_M(sqrt)(x);
}

SK_LIB(FN) SK_T SK_F(besselj0)(SK_T x)
{
	static const SK_T R[] = {SK_L(-4.618326885321032e-09), SK_L(1.8295404953270067e-06), SK_L(-0.00018997929423885472),
	                         SK_L(0.015624999999999995)};
	static const SK_T S[] = {SK_L(1.1661400333379e-09), SK_L(5.135465502073181e-07), SK_L(0.00011692678466333745),
	                         SK_L(0.015619102946489001), SK_L(1.0)};
	SK_T z, r;
	x = SK_M(fabs)(x);
	if (x >= 2)
		return isinf(x) ? 0 : SK_F(bessel_far)(x, 0, 0);
	z = x * x;
	r = z * SK_F(poly)(z, R, 4) / SK_F(poly)(z, S, 5);
	if (x < 1)
		return 1 + z * (SK_L(-0.25) + r);
	return (1 + x / 2) * (1 - x / 2) + z * r;
}

SK_LIB(FN) SK_T SK_F(besselj1)(SK_T x)
{
	static const SK_T R[] = {SK_L(4.9672799960958445e-08), SK_L(-1.599556310840356e-05), SK_L(0.001407056669551897),
	                         SK_L(-0.0625)};
	static const SK_T S[] = {SK_L(1.2354227442613791e-11), SK_L(5.0463625707621704e-09), SK_L(1.1771846404262368e-06),
	                         SK_L(0.00018594678558863092), SK_L(0.019153759953836346), SK_L(1.0)};
	const SK_T a = SK_M(fabs)(x), z = x * x;
	if (a >= 2) {
		const SK_T v = isinf(a) ? 0 : SK_F(bessel_far)(a, 1, 0);
		return x < 0 ? -v : v;
	}
	return x / 2 + z * SK_F(poly)(z, R, 4) * x / SK_F(poly)(z, S, 6);
}

SK_LIB(FN) SK_T SK_F(bessely0)(SK_T x)
{
	static const SK_T U[] = {SK_L(-3.982051941321034e-11), SK_L(1.9559013703502292e-08), SK_L(-3.8140705372436416e-06),
	                         SK_L(0.00034745343209368365), SK_L(-0.01381856719455969), SK_L(0.17666645250918112),
	                         SK_L(-0.07380429510868723)};
	static const SK_T V[] = {SK_L(4.4111031133267547e-10), SK_L(2.591508518404578e-07), SK_L(7.600686273503533e-05),
	                         SK_L(0.01273048348341237), SK_L(1.0)};
	const SK_T z = x * x;
	if (!(x > 0))
		return x == 0 ? -(SK_T)INFINITY : (SK_T)NAN;
	if (x >= 2)
		return isinf(x) ? 0 : SK_F(bessel_far)(x, 0, 1);
	/* 2/pi */
	return SK_F(poly)(z, U, 7) / SK_F(poly)(z, V, 5) + SK_L(0.63661977236758134) * (SK_F(besselj0)(x) * SK_M(log)(x));
}

SK_LIB(FN) SK_T SK_F(bessely1)(SK_T x)
{
	static const SK_T U[] = {SK_L(-9.190991580398789e-08), SK_L(2.352526005616105e-05), SK_L(-0.0019125689587576355),
	                         SK_L(0.05044387166398113), SK_L(-0.19605709064623894)};
	static const SK_T V[] = {SK_L(1.6655924620799208e-11), SK_L(6.227414523646215e-09), SK_L(1.3560880109751623e-06),
	                         SK_L(0.00020255258102513517), SK_L(0.01991673182366499), SK_L(1.0)};
	const SK_T z = x * x;
	if (!(x > 0))
		return x == 0 ? -(SK_T)INFINITY : (SK_T)NAN;
	if (x >= 2)
		return isinf(x) ? 0 : SK_F(bessel_far)(x, 1, 1);
	/* (2/pi)/x, not (2/pi)(1/x): 1/x overflows first */
	return x * (SK_F(poly)(z, U, 5) / SK_F(poly)(z, V, 6)) +
	       SK_L(0.63661977236758134) * (SK_F(besselj1)(x) * SK_M(log)(x)) - SK_L(0.63661977236758134) / x;
}

/* J_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(besseljn)(int n, SK_T x)
{
	const SK_T a = SK_M(fabs)(x);
	SK_T b;
	if (!(a > 0) || isinf(a))
		return isnan(x) ? x : 0;
	b = SK_F(bessel_first)(n, a, 0, SK_F(besselj0)(a), SK_F(besselj1)(a));
	return x < 0 && n % 2 ? -b : b;
}

/* Y_n(x), n >= 2 */
SK_LIB(FN) SK_T SK_F(besselyn)(int n, SK_T x)
{
	SK_T p, b;
	if (!(x > 0) || isinf(x))
		return x == 0 ? -(SK_T)INFINITY : isinf(x) ? 0 : (SK_T)NAN;
	p = SK_F(bessely0)(x);
	b = SK_F(bessely1)(x);
	for (int k = 1; k < n && b != -(SK_T)INFINITY; k++) {
		const SK_T t = b;
		b = ((SK_T)(k + k) / x) * b - p;
		p = t;
	}
	return b;
}

/* J (second = 0) or Y (second = 1) of order n, with SymPy's meaning for
 * negative orders.  The order is compared as a number, so that a
 * compiler folds the choice for a constant order and keeps only that
 * order's code (nvcc does not fold (int)n for a constant n). */
SK_LIB(FN) SK_T SK_F(bessel_jy)(SK_T n, SK_T x, int second)
{
	int k;
	SK_T v;
	if (n == 0 || n == 1 || n == -1) {
		if (second)
			v = n == 0 ? SK_F(bessely0)(x) : SK_F(bessely1)(x);
		else
			v = n == 0 ? SK_F(besselj0)(x) : SK_F(besselj1)(x);
		return n < 0 ? -v : v;
	}
	k = n < 0 ? (int)-n : (int)n;
	v = second ? SK_F(besselyn)(k, x) : SK_F(besseljn)(k, x);
	return n < 0 && k % 2 ? -v : v;
}

SK_LIB(FN) SK_T SK_F(besselj)(SK_T n, SK_T x)
{
	return SK_F(bessel_jy)(n, x, 0);
}

SK_LIB(FN) SK_T SK_F(bessely)(SK_T n, SK_T x)
{
	return SK_F(bessel_jy)(n, x, 1);
}
