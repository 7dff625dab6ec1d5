/* fuzz_accel: libFuzzer target: the Accel-Sim traceg reader, through trace_open and alone. */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include "cmodel/trace_accel.h"
#include "tb/fuzz/fuzz_util.h"

/* The reader alone on the raw bytes with lines of `lb` bytes: status (0, -1, 2 = stopped at
 * FZ_MAX_TOTAL) and error text; an error sticks. */
static int accel_alone(const uint8_t *data, size_t size, unsigned lb, char *err, size_t errlen)
{
    FILE *f = fmemopen((void *)data, size, "r");
    if (!size)
        f = fopen("/dev/null", "r");
    FZ_CHECK(f != NULL, "fmemopen");
    char oerr[256];
    accel_reader_t *r = accel_open(f, lb, oerr, sizeof oerr);
    FZ_CHECK(r != NULL, "accel_open(%u): %s", lb, oerr);
    trace_ref_t ref;
    long n = 0;
    int rc;
    while ((rc = accel_next(r, &ref)) == 1) {
        FZ_CHECK(ref.op == TR_READ || ref.op == TR_WRITE, "op %u", ref.op);
        FZ_CHECK(ref.addr % lb == 0, "address %llx not on a %u-byte line",
                 (unsigned long long)ref.addr, lb);
        if (++n >= FZ_MAX_TOTAL) {
            rc = 2;
            break;
        }
    }
    snprintf(err, errlen, "%s", accel_error(r));
    if (rc == -1)
        FZ_CHECK(accel_next(r, &ref) == -1 && !strcmp(accel_error(r), err), "error not sticky");
    if (rc == 0)
        FZ_CHECK(accel_next(r, &ref) == 0, "end not sticky");
    accel_close(r);
    fclose(f);
    return rc;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static fz_trace_t t;
    fz_trace_all(fz_file(0, data, size), TF_ACCEL, size, &t);
    /* Line size changes the requests, never whether (or where) the text is malformed. */
    char err[256];
    unsigned lb = 1u << (size % 10);
    int rc = accel_alone(data, size, lb, err, sizeof err);
    int compressed = size >= 2 && ((data[0] == 0x1f && data[1] == 0x8b) ||
                                   (size >= 4 && !memcmp(data, "\x28\xb5\x2f\xfd", 4)));
    if (t.opened && !compressed && rc != 2 && t.rc != 2) {
        FZ_CHECK(rc == t.rc, "%u-byte lines: status %d, 128-byte lines: %d (%s | %s)", lb, rc,
                 t.rc, err, t.err);
        if (rc == -1)
            FZ_CHECK(!strcmp(err, t.err), "\"%s\" vs \"%s\"", err, t.err);
    }
    return 0;
}
