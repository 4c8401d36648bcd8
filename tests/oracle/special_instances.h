/* special_instances.h: the special-function runtime as NAME.h pastes it
 * (templates/header.h.m4): runtime_type.h, runtime_gamma.h,
 * runtime_special.h, runtime_recur.h, runtime_bessel.h, runtime_besselik.h,
 * runtime_spherical.h, runtime_elliptic.h, runtime_zeta.h, runtime_ratio.h, runtime_incgamma.h, runtime_sici.h, runtime_airy.h and runtime_betainc.h for double, then for float, then runtime_untype.h,
 * which undefines runtime_type.h's names.  For compiling the runtime alone: the
 * includer defines SK_RT, SK_LIB and SK_LIB(FN) first, with templates/ on
 * the include path (tests/shell/runtime.sh, tests/oracle/special_f32.c). */
#include "runtime_type.h"
#define SK_TK 2
#include "runtime_gamma.h"
#include "runtime_special.h"
#include "runtime_recur.h"
#include "runtime_bessel.h"
#include "runtime_besselik.h"
#include "runtime_spherical.h"
#include "runtime_elliptic.h"
#include "runtime_zeta.h"
#include "runtime_ratio.h"
#include "runtime_incgamma.h"
#include "runtime_sici.h"
#include "runtime_airy.h"
#include "runtime_betainc.h"
#undef SK_TK
#define SK_TK 1
#include "runtime_gamma.h"
#include "runtime_special.h"
#include "runtime_recur.h"
#include "runtime_bessel.h"
#include "runtime_besselik.h"
#include "runtime_spherical.h"
#include "runtime_elliptic.h"
#include "runtime_zeta.h"
#include "runtime_ratio.h"
#include "runtime_incgamma.h"
#include "runtime_sici.h"
#include "runtime_airy.h"
#include "runtime_betainc.h"
#undef SK_TK
#include "runtime_untype.h"
