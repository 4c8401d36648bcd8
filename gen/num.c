/* num.c: see num.h. */
#include "num.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Bytes of a long double that hold its value: x87 extended has 6 bytes of
 * padding, whose contents are unspecified. */
enum { LD_BYTES = LDBL_MANT_DIG == 64 ? 10 : sizeof(long double) };

/* |a| in 64 bits unsigned: INT64_MIN's is 2^63, which int64_t lacks. */
static uint64_t mag(int64_t a)
{
	return a < 0 ? 0 - (uint64_t)a : (uint64_t)a;
}

static uint64_t gcd64(int64_t a, int64_t b)
{
	uint64_t x = mag(a), y = mag(b);
	while (y) {
		uint64_t t = x % y;
		x = y;
		y = t;
	}
	return x;
}

Num num_real(long double v)
{
	return (Num){.exact = false, .p = 0, .q = 1, .v = v};
}

Num num_int(int64_t i)
{
	if (i == INT64_MIN) /* exact values avoid it: see ratio */
		return num_real((long double)i);
	return (Num){.exact = true, .p = i, .q = 1, .v = (long double)i};
}

/* p/q reduced; INT64_MIN is avoided so that negation never overflows. */
static Num ratio(int64_t p, int64_t q)
{
	if (q < 0) {
		if (p == INT64_MIN || q == INT64_MIN)
			return num_real((long double)p / (long double)q);
		p = -p;
		q = -q;
	}
	/* q > 0 here, so g <= q fits in int64_t (g = 2^63 would need q = 0). */
	int64_t g = (int64_t)gcd64(p, q);
	if (g > 1) {
		p /= g;
		q /= g;
	}
	if (p == INT64_MIN)
		return num_real((long double)p / (long double)q);
	return (Num){.exact = true, .p = p, .q = q, .v = (long double)p / (long double)q};
}

Num num_parse(const char *s, size_t len)
{
	char buf[1024]; /* above the lexer's LEX_MAX_NUMBER */
	/* Exact: mantissa digits into an int64, scaled by a power of ten. */
	int64_t m = 0;
	int scale = 0, exp10 = 0;
	bool ok = true, frac = false;
	size_t i = 0;
	for (; i < len && (s[i] == '.' || (s[i] >= '0' && s[i] <= '9')); i++) {
		if (s[i] == '.') {
			frac = true;
			continue;
		}
		int d = s[i] - '0';
		if (m > (INT64_MAX - d) / 10) {
			ok = false;
			continue;
		}
		m = m * 10 + d;
		if (frac)
			scale++;
	}
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		int sign = 1;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			sign = s[i++] == '-' ? -1 : 1;
		long e = 0;
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
			if (e < 100000)
				e = e * 10 + (s[i] - '0');
		exp10 = (int)(sign * e);
	}
	int shift = exp10 - scale;
	if (ok && shift >= -18 && shift <= 18) {
		int64_t p10 = 1;
		for (int k = 0; k < (shift < 0 ? -shift : shift); k++)
			p10 *= 10;
		if (shift >= 0) {
			int64_t r;
			if (!__builtin_mul_overflow(m, p10, &r))
				return num_int(r);
		} else {
			return ratio(m, p10);
		}
	}
	/* Inexact: the C library's correctly rounded conversion. */
	if (len >= sizeof buf)
		len = sizeof buf - 1; /* the lexer caps literal length well below */
	memcpy(buf, s, len);
	buf[len] = '\0';
	return num_real(strtold(buf, NULL));
}

bool num_text_is_zero(const char *s, size_t len)
{
	for (size_t i = 0; i < len && s[i] != 'e' && s[i] != 'E'; i++)
		if (s[i] >= '1' && s[i] <= '9')
			return false;
	return true;
}

Num num_add(Num a, Num b)
{
	if (a.exact && b.exact) {
		int64_t x, y, z, d;
		if (!__builtin_mul_overflow(a.p, b.q, &x) && !__builtin_mul_overflow(b.p, a.q, &y) &&
		    !__builtin_add_overflow(x, y, &z) && !__builtin_mul_overflow(a.q, b.q, &d))
			return ratio(z, d);
	}
	return num_real(a.v + b.v);
}

Num num_neg(Num a)
{
	if (a.exact)
		return ratio(-a.p, a.q);
	return num_real(-a.v);
}

Num num_sub(Num a, Num b)
{
	return num_add(a, num_neg(b));
}

Num num_mul(Num a, Num b)
{
	if (a.exact && b.exact) {
		int64_t x, y;
		if (!__builtin_mul_overflow(a.p, b.p, &x) && !__builtin_mul_overflow(a.q, b.q, &y))
			return ratio(x, y);
	}
	return num_real(a.v * b.v);
}

Num num_div(Num a, Num b)
{
	if (a.exact && b.exact && b.p != 0) {
		int64_t x, y;
		if (!__builtin_mul_overflow(a.p, b.q, &x) && !__builtin_mul_overflow(a.q, b.p, &y))
			return ratio(x, y);
	}
	return num_real(a.v / b.v);
}

Num num_pow(Num a, Num b)
{
	int64_t e;
	if (a.exact && num_is_int(b, &e) && e > -64 && e < 64 && !(a.p == 0 && e < 0)) {
		int64_t n = 1, d = 1, k = e < 0 ? -e : e;
		bool ok = true;
		for (int64_t i = 0; i < k && ok; i++)
			ok = !__builtin_mul_overflow(n, a.p, &n) && !__builtin_mul_overflow(d, a.q, &d);
		if (ok)
			return e < 0 ? ratio(d, n) : ratio(n, d);
	}
	return num_real(powl(a.v, b.v));
}

long double num_value(Num a)
{
	return a.v;
}

bool num_finite(Num a)
{
	return a.exact || isfinite(a.v);
}

bool num_is_int(Num a, int64_t *out)
{
	if (!a.exact || a.q != 1)
		return false;
	if (out)
		*out = a.p;
	return true;
}

bool num_is_ratio(Num a, int64_t p, int64_t q)
{
	return a.exact && a.p == p && a.q == q;
}

int num_cmp(Num a, Num b)
{
	if (a.exact && b.exact) {
		__int128 x = (__int128)a.p * b.q, y = (__int128)b.p * a.q;
		return (x > y) - (x < y);
	}
	return (a.v > b.v) - (a.v < b.v);
}

bool num_same(Num a, Num b)
{
	if (a.exact != b.exact)
		return false;
	if (a.exact)
		return a.p == b.p && a.q == b.q;
	return memcmp(&a.v, &b.v, LD_BYTES) == 0;
}

uint64_t num_hash(Num a)
{
	uint64_t h = a.exact ? (uint64_t)a.p * 0x9E3779B97F4A7C15u ^ (uint64_t)a.q : 0x51ED27u;
	if (!a.exact) {
		unsigned char b[sizeof(long double)];
		memset(b, 0, sizeof b);
		memcpy(b, &a.v, LD_BYTES);
		for (size_t i = 0; i < sizeof b; i++)
			h = (h ^ b[i]) * 0x100000001B3u;
	}
	return h;
}

const char *num_show(char *buf, size_t size, Num a)
{
	if (a.exact && a.q == 1)
		snprintf(buf, size, "%lld", (long long)a.p);
	else if (a.exact)
		snprintf(buf, size, "%lld/%lld", (long long)a.p, (long long)a.q);
	else
		snprintf(buf, size, "%.6Lg", a.v);
	return buf;
}

const char *num_literal(char *buf, size_t size, Num a, bool f32)
{
	char t[64];
	long double v = a.v;
	if (f32)
		snprintf(t, sizeof t, "%.9g", (double)(float)v);
	else
		snprintf(t, sizeof t, "%.17g", (double)v);
	/* Make it a floating literal: "2" -> "2.0"; keep "1e+300". */
	const char *dot = strpbrk(t, ".e");
	snprintf(buf, size, "%s%s%s%s%s", t[0] == '-' ? "(" : "", t, dot ? "" : ".0", f32 ? "f" : "",
	         t[0] == '-' ? ")" : "");
	return buf;
}
