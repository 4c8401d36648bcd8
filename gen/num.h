/* num.h: numbers as the generator folds them: exact rationals p/q while
 * numerator and denominator fit in 64 bits, else long double.  SymPy's
 * integers and decimals are exact, so `1/3` and `0.1` stay exact until they
 * are printed, rounded once to the kernel's precision. */
#ifndef SYMKERN_NUM_H
#define SYMKERN_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
	bool exact;   /* p/q holds the value exactly */
	int64_t p, q; /* q > 0, gcd(p, q) == 1, when exact */
	long double v;
} Num;

Num num_int(int64_t i);
Num num_real(long double v);
/* Parses a decimal literal (digits, optional fraction and exponent); exact
 * whenever the value fits. */
Num num_parse(const char *s, size_t len);

/* Is the literal zero (every digit before its exponent 0)?  A literal that
 * is not, but parses to 0, is below the range of long double. */
bool num_text_is_zero(const char *s, size_t len);

Num num_add(Num a, Num b);
Num num_sub(Num a, Num b);
Num num_mul(Num a, Num b);
/* Division by zero gives a non-finite value; callers check num_finite. */
Num num_div(Num a, Num b);
Num num_neg(Num a);
/* a**b: exact for rational a and integer b when the result fits. */
Num num_pow(Num a, Num b);

long double num_value(Num a);
bool num_finite(Num a);
bool num_is_int(Num a, int64_t *out);     /* exact integer */
bool num_is_ratio(Num a, int64_t p, int64_t q); /* exactly p/q */
int num_cmp(Num a, Num b);                /* -1, 0, 1; NaN compares as 0 */
bool num_same(Num a, Num b);              /* identical representation */
uint64_t num_hash(Num a);

/* The value for a message: an integer or p/q when exact, else %.6Lg.
 * Returns buf. */
const char *num_show(char *buf, size_t size, Num a);

/* Literal for the kernel's precision: `%.17g` for double, `%.9g` with `f`
 * suffix for float; always has a '.' or exponent, negative values in
 * parentheses.  Returns buf. */
const char *num_literal(char *buf, size_t size, Num a, bool f32);

#endif
