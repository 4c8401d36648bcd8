/* sha256.h: SHA-256 (FIPS 180-4) of the input file, printed in generated
 * files so that `sha256sum FILE.sym` identifies the source of a library. */
#ifndef SYMKERN_SHA256_H
#define SYMKERN_SHA256_H

#include <stddef.h>

/* hex receives 64 hex digits and a NUL. */
void sha256_hex(const void *data, size_t len, char hex[65]);

#endif
