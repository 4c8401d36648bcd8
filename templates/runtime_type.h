/* runtime_type.h: the names by which a runtime file is written once for
 * float, double and long double (glibc's math templates do the same).
 * The includer defines SK_TK, the type's kind (1 float, 2 double, 3 long
 * double), then pastes the type-generic file; these macros read SK_TK
 * where they are used, so one definition serves every instance:
 *
 *   SK_T          the type
 *   SK_F(name)    the instance's own function: SK_RT(name), with f or l
 *                 after name for float and long double
 *   SK_M(name)    the math library's function of the type (sinf, sin, sinl)
 *   SK_L(number)  a literal of the type (1.5f, 1.5, 1.5L)
 *   SK_PICK(f, d, l)  what differs by type: f, d or l
 *   SK_PICK_LIST((f...), (d...), (l...))  the same for lists
 *   SK_COUNT(a)   the number of elements of the array a, an int
 *
 * header.h.m4 pastes this file into NAME.h, then runtime_gamma.h,
 * runtime_special.h, runtime_recur.h, runtime_bessel.h, runtime_besselik.h,
 * runtime_spherical.h, runtime_elliptic.h, runtime_zeta.h,
 * runtime_ratio.h, runtime_incgamma.h, runtime_sici.h, runtime_airy.h and
 * runtime_betainc.h once with SK_TK 2 and once with SK_TK 1, then
 * runtime_untype.h, which undefines these names: the header leaves none
 * of them to its includer.  The generator's constant folding
 * (gen/fold_special.c) includes runtime_gamma.h, runtime_recur.h,
 * runtime_spherical.h, runtime_elliptic.h, runtime_zeta.h,
 * runtime_ratio.h, runtime_incgamma.h, runtime_sici.h, runtime_airy.h and
 * runtime_betainc.h with SK_TK 3. */
#define SK_CAT_(a, b) a##b
#define SK_CAT(a, b) SK_CAT_(a, b)
#define SK_TYPE_1 float
#define SK_TYPE_2 double
#define SK_TYPE_3 long double
#define SK_SUFFIX_1 f
#define SK_SUFFIX_2
#define SK_SUFFIX_3 l
#define SK_LITERAL_1(x) x##f
#define SK_LITERAL_2(x) x
#define SK_LITERAL_3(x) x##L
#define SK_PICK_1(f, d, l) f
#define SK_PICK_2(f, d, l) d
#define SK_PICK_3(f, d, l) l
#define SK_T SK_CAT(SK_TYPE_, SK_TK)
#define SK_SUFFIX SK_CAT(SK_SUFFIX_, SK_TK)
#define SK_F_(name) SK_RT(name) /* name expanded first: SK_RT pastes it */
#define SK_F(name) SK_F_(SK_CAT(name, SK_SUFFIX))
#define SK_M(name) SK_CAT(name, SK_SUFFIX)
#define SK_L(x) SK_CAT(SK_LITERAL_, SK_TK)(x)
#define SK_PICK(f, d, l) SK_CAT(SK_PICK_, SK_TK)(f, d, l)
#define SK_UNPAREN(...) __VA_ARGS__
#define SK_APPLY(macro, args) macro args
#define SK_PICK_LIST(f, d, l) SK_APPLY(SK_UNPAREN, SK_PICK(f, d, l))
#define SK_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))
