/* fuzz_container: libFuzzer target: gzip and zstd containers through trace_open (TF_AUTO). */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include <zlib.h>
#include <zstd.h>

#include "tb/fuzz/fuzz_util.h"

/* The first byte picks a case, the second a split or cut point, the rest is the payload:
 *   0: the payload itself as the file (arbitrary, mostly corrupt, container bytes);
 *   1: the payload gzip-compressed, as two concatenated members split at the point;
 *   2: the same cut at the point: must be refused (the cut is inside the first member);
 *   3: the payload zstd-compressed, as two frames split at the point;
 *   4: one zstd frame cut at the point: must be refused.
 * A compressed payload reads exactly as the plain payload does (when the payload itself
 * does not start with a container's magic). */
#define CAP 65536

/* gzip member of d[0..n) appended at out[*len..]; the count of bytes added. */
static size_t gz(const uint8_t *d, size_t n, uint8_t *out, size_t cap, int level)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    FZ_CHECK(deflateInit2(&z, level, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK,
             "deflateInit2");
    z.next_in = (Bytef *)d;
    z.avail_in = (uInt)n;
    z.next_out = out;
    z.avail_out = (uInt)cap;
    FZ_CHECK(deflate(&z, Z_FINISH) == Z_STREAM_END, "deflate");
    size_t k = cap - z.avail_out;
    deflateEnd(&z);
    return k;
}

static size_t zst(const uint8_t *d, size_t n, uint8_t *out, size_t cap, int level)
{
    size_t k = ZSTD_compress(out, cap, d, n, level);
    FZ_CHECK(!ZSTD_isError(k), "ZSTD_compress: %s", ZSTD_getErrorName(k));
    return k;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_trace_t plain, packed;
    static uint8_t out[CAP];
    if (size < 2 || size > CAP / 2)
        return 0;
    unsigned mode = data[0] % 5, point = data[1];
    const uint8_t *p = data + 2;
    size_t n = size - 2, split = n * point / 255, len = 0;
    if (mode == 0) {
        fz_trace_all(fz_file(0, p, n), TF_AUTO, size, &plain);
        return 0;
    }
    int level = 1 + data[1] % 9;
    if (mode == 1) {
        len = gz(p, split, out, CAP, level);
        len += gz(p + split, n - split, out + len, CAP - len, level);
    } else if (mode == 2) {
        len = gz(p, n, out, CAP, level);
    } else if (mode == 3) {
        len = zst(p, split, out, CAP, level);
        len += zst(p + split, n - split, out + len, CAP - len, level);
    } else {
        len = zst(p, n, out, CAP, level);
    }
    if (mode == 2 || mode == 4) { /* cut strictly inside the (only) member or frame */
        size_t cut = 1 + (len - 1) * point / 256;
        fz_trace_all(fz_file(1, out, cut), TF_AUTO, size, &packed);
        FZ_CHECK(!packed.opened || packed.rc == -1,
                 "%s cut at %zu of %zu bytes was read as complete (%ld references)",
                 mode == 2 ? "gzip" : "zstd", cut, len, packed.n);
        return 0;
    }
    fz_trace_all(fz_file(1, out, len), TF_AUTO, size, &packed);
    int magic = n >= 2 && ((p[0] == 0x1f && p[1] == 0x8b) ||
                           (n >= 4 && !memcmp(p, "\x28\xb5\x2f\xfd", 4)));
    if (!magic) {
        fz_trace_all(fz_file(0, p, n), TF_AUTO, size, &plain);
        fz_same(&plain, &packed, mode == 1 ? "plain vs gzip" : "plain vs zstd");
    }
    return 0;
}
