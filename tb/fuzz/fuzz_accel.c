/* fuzz_accel: libFuzzer target: the Accel-Sim traceg reader, through trace_open and alone
 * (with several cores and address widths: the same requests, sectors and status), the same
 * bytes as a workload (accel_list: a kernel trace or a kernelslist.g), and the bytes followed
 * by an endless stream of their last byte (a FIFO or device that never ends: /dev/zero, `yes`,
 * an endless line): the reader must stop with an error within its limits (issue 33 item 8). */
#define _GNU_SOURCE /* memfd_create, fmemopen */
#include "cmodel/accel_list.h"
#include "cmodel/trace_accel.h"
#include "tb/fuzz/fuzz_util.h"

/* What one read through accel_next_ref gave. */
typedef struct accel_sum {
    int rc;              /* 0 end, -1 error, 2 stopped at FZ_MAX_TOTAL */
    long n;              /* requests */
    uint64_t sectors;    /* their sectors */
    uint64_t addr_xor;   /* XOR of (line address + path): order-free */
    uint64_t tbs;        /* thread blocks read */
    char err[256];
} accel_sum_t;

/* The reader on the raw bytes with `o`; each request checked against the options. */
static void accel_opts_read(const uint8_t *data, size_t size, const accel_opts_t *o,
                            accel_sum_t *s)
{
    FILE *f = size ? fmemopen((void *)data, size, "r") : fopen("/dev/null", "r");
    FZ_CHECK(f != NULL, "fmemopen");
    char oerr[256];
    accel_reader_t *r = accel_open_opts(f, o, oerr, sizeof oerr);
    FZ_CHECK(r != NULL, "accel_open_opts: %s", oerr);
    memset(s, 0, sizeof *s);
    accel_ref_t a;
    while ((s->rc = accel_next_ref(r, &a)) == 1) {
        unsigned max = o->line_bytes < ACCEL_SECTOR_BYTES ? 1 : o->line_bytes / ACCEL_SECTOR_BYTES;
        FZ_CHECK(a.addr % o->line_bytes == 0 && a.sectors <= max, "line %llx, %u sectors",
                 (unsigned long long)a.addr, a.sectors);
        FZ_CHECK(a.core == a.tb % o->cores && a.kernel == 0, "tb %llu on core %u",
                 (unsigned long long)a.tb, a.core);
        FZ_CHECK(o->addr_bits == 64 || a.addr >> o->addr_bits == 0, "line %llx beyond %u bits",
                 (unsigned long long)a.addr, o->addr_bits);
        FZ_CHECK(a.path <= ACCEL_ATOMIC && (a.path != ACCEL_L2_LOAD || a.op == TR_READ) &&
                 (a.path != ACCEL_ATOMIC || a.op == TR_WRITE), "path %u op %u", a.path, a.op);
        FZ_CHECK(a.base < (o->base_ids ? o->base_ids : 1), "base id %u of %u", a.base,
                 o->base_ids);
        s->sectors += a.sectors;
        s->addr_xor ^= a.addr + a.path + ((uint64_t)a.base << 58); /* ids: not by cores */
        if (++s->n >= FZ_MAX_TOTAL) {
            s->rc = 2;
            break;
        }
    }
    snprintf(s->err, sizeof s->err, "%s", accel_error(r));
    s->tbs = accel_tbs(r);
    accel_close(r);
    fclose(f);
}

/* The bytes as a workload at `path`: a list's kernels do not exist beside a memfd, so a list
 * ends in an error naming one; nothing crashes, the events keep their order, and a file whose
 * first bytes cannot be read for sniffing cannot be opened either. */
static void accel_workload(const char *path)
{
    accel_opts_t o = {64, 64, 2, 4, NULL, 0};
    char err[1024];
    accel_sniff_t kind;
    int sniffed = accel_list_sniff(path, &kind, err, sizeof err); /* -1: bad compression */
    accel_list_t *l = accel_list_open(path, &o, err, sizeof err);
    FZ_CHECK(sniffed == 0 || !l, "sniffing failed (%s), opening did not", err);
    if (!l)
        return;
    FZ_CHECK(accel_list_kernels(l) >= 1, "a workload without kernels");
    accel_ref_t a;
    int rc;
    long n = 0;
    unsigned next = 0; /* the kernel that begins next */
    while ((rc = accel_list_next(l, &a)) > 0 && ++n < FZ_MAX_TOTAL) {
        if (rc == 2)
            FZ_CHECK(a.kernel == next++, "kernel %u begins, expected %u", a.kernel, next - 1);
        else
            FZ_CHECK(next > 0 && a.kernel == next - 1, "request of kernel %u", a.kernel);
    }
    if (rc < 0)
        FZ_CHECK(accel_list_next(l, &a) == -1 && accel_list_error(l)[0], "error not sticky");
    accel_list_close(l);
}

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

/* An endless input: the fuzz bytes, then their last byte forever; `served` counts the bytes. */
typedef struct endless {
    const uint8_t *data; /* [size] the prefix */
    size_t size;         /* its bytes, at least 1 */
    uint64_t served;     /* bytes handed to the reader so far */
} endless_t;

static ssize_t endless_read(void *cookie, char *buf, size_t len)
{
    endless_t *e = cookie;
    for (size_t i = 0; i < len; i++, e->served++)
        buf[i] = (char)(e->served < e->size ? e->data[e->served] : e->data[e->size - 1]);
    return (ssize_t)len;
}

/* The reader on an endless input ends in an error (a line too long, a NUL byte, too many blank
 * lines in a row) having read at most the prefix, one longest skipped line, the idle lines and
 * the buffers' worth beyond: never an endless read, whatever the prefix left open. */
static void accel_endless(const uint8_t *data, size_t size)
{
    if (size == 0)
        return;
    endless_t e = {data, size, 0};
    cookie_io_functions_t io = {endless_read, NULL, NULL, NULL};
    FILE *f = fopencookie(&e, "r", io);
    FZ_CHECK(f != NULL, "fopencookie");
    accel_opts_t o = {128, 64, 1, 4, NULL, 0};
    char oerr[256];
    accel_reader_t *r = accel_open_opts(f, &o, oerr, sizeof oerr);
    FZ_CHECK(r != NULL, "accel_open_opts: %s", oerr);
    const uint64_t bound = size + (uint64_t)ACCEL_SKIP_MAX + 2u * (ACCEL_IDLE_MAX + 2u) +
                           4u * BUFSIZ + 65536u;
    accel_ref_t a;
    int rc;
    long n = 0;
    while ((rc = accel_next_ref(r, &a)) == 1 && ++n < FZ_MAX_TOTAL)
        FZ_CHECK(e.served <= bound, "an endless input read past %llu bytes (%llu) still giving "
                 "requests", (unsigned long long)bound, (unsigned long long)e.served);
    FZ_CHECK(rc == -1 || n >= FZ_MAX_TOTAL, "an endless input ended with status %d (%s)", rc,
             accel_error(r));
    FZ_CHECK(e.served <= bound, "an endless input read %llu bytes before its error (bound %llu): "
             "%s", (unsigned long long)e.served, (unsigned long long)bound, accel_error(r));
    accel_close(r);
    fclose(f);
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
    /* Cores change the order of the requests, never which, their sectors or the status; on
     * an error a wave read before it is not issued, so more cores may give fewer. */
    static accel_sum_t one, many;
    accel_opts_t o1 = {lb, size % 3 ? 64 : 48, 1, 4, NULL, 0}, on = o1; /* 4 base ids */
    on.cores = 2 + (unsigned)(size % 5);
    accel_opts_read(data, size, &o1, &one);
    accel_opts_read(data, size, &on, &many);
    if (one.rc != 2 && many.rc != 2) {
        FZ_CHECK(one.rc == many.rc && !strcmp(one.err, many.err) && one.tbs == many.tbs,
                 "1 core vs %u: status %d/%d (%s | %s)", on.cores, one.rc, many.rc, one.err,
                 many.err);
        FZ_CHECK(one.rc == -1 ? many.n <= one.n
                              : one.n == many.n && one.sectors == many.sectors &&
                                    one.addr_xor == many.addr_xor,
                 "1 core vs %u: %ld vs %ld requests", on.cores, one.n, many.n);
    }
    accel_workload(fz_file(1, data, size));
    accel_endless(data, size);
    return 0;
}
