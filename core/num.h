/* num: the one checked parser for numbers a user types (--set values, YAML scalars, every
 * cachegen / cachesim / sysim option). Decimal digits only, no sign, no spaces, no suffix;
 * anything else, overflow or a value outside [lo, hi] is refused, never truncated. */
#ifndef CACHEGEN_NUM_H
#define CACHEGEN_NUM_H

#include <stddef.h>
#include <stdint.h>

/* Parse the first `len` bytes of `text` as a decimal in lo..hi. Returns 0 and sets *out, or
 * -1 (on error *out is unchanged). A NUL inside the `len` bytes is an error, so a scalar
 * with an embedded NUL is refused rather than read up to the NUL. */
int num_parse_u64n(const char *text, size_t len, uint64_t lo, uint64_t hi, uint64_t *out);

/* The same for a NUL-terminated string; a NULL `text` is an error. */
int num_parse_u64(const char *text, uint64_t lo, uint64_t hi, uint64_t *out);

/* A size in bytes: decimal digits directly followed by nothing, "KiB" (x 1024) or "MiB"
 * (x 1048576): "16384", "16KiB", "1MiB"; no sign, space or other unit. The one rule for every
 * size key. Returns 0 and sets *out (at most `hi` bytes), -1 if the text is not of that form,
 * or -2 if it is but exceeds `hi` (on error *out is unchanged). */
int num_parse_size(const char *text, size_t len, uint64_t hi, uint64_t *out);

/* The message for a refused number, with nothing truncated silently:
 * "KEY = TEXT: not allowed; expected a decimal integer in LO..HI". The text is shown with
 * unprintable bytes escaped and cut with "..." past 64 characters. Returns `buf`. */
char *num_error(char *buf, size_t len, const char *key, const char *text, uint64_t lo, uint64_t hi);

#endif
