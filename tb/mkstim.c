/* mkstim: writes a request stimulus for the Icarus testbench and the responses the C model
 * expects, one request outstanding at a time (program order: a miss fills before the next
 * request). Also writes the testbench's width defines from the shared layout.
 * usage: mkstim OUTDIR SEED COUNT STIMFILE DEFINESFILE */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../cmodel/cm_l1.h"
#include "../core/cfg.h"
#include "../core/lay.h"
#include "../core/num.h"

/* Reference memory: a small table of written lines over a hashed initial content. */
#define MAX_LINES 4096
static uint64_t mem_addr[MAX_LINES];
static bv_t mem_data[MAX_LINES];
static unsigned mem_n;

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void mem_line(uint64_t line, unsigned bytes, bv_t *out)
{
    for (unsigned i = 0; i < mem_n; i++)
        if (mem_addr[i] == line) {
            *out = mem_data[i];
            return;
        }
    bv_zero(out);
    for (unsigned i = 0; i < bytes; i++)
        bv_set_byte(out, i, (uint8_t)((line * 131 + i * 7) ^ (line >> 3)));
}

static void mem_store(uint64_t line, unsigned bytes, const bv_t *be, const bv_t *wdata)
{
    unsigned k;
    for (k = 0; k < mem_n && mem_addr[k] != line; k++)
        ;
    if (k == mem_n) {
        if (mem_n == MAX_LINES) {
            fprintf(stderr, "mkstim: too many distinct written lines\n");
            exit(2);
        }
        mem_line(line, bytes, &mem_data[k]);
        mem_addr[mem_n++] = line;
    }
    for (unsigned i = 0; i < bytes; i++)
        if (bv_get(be, i, 1))
            bv_set_byte(&mem_data[k], i, bv_byte(wdata, i));
}

static void put_hex(FILE *f, const bv_t *v, unsigned width)
{
    for (unsigned d = (width + 3) / 4; d-- > 0;)
        fputc("0123456789abcdef"[bv_get(v, 4 * d, 4 * d + 4 <= width ? 4 : width - 4 * d)], f);
}

int main(int argc, char **argv)
{
    int defines_only = argc == 4 && !strcmp(argv[2], "--defines");
    if (argc != 6 && !defines_only) {
        fprintf(stderr, "usage: mkstim OUTDIR SEED COUNT STIMFILE DEFINESFILE\n"
                        "       mkstim OUTDIR --defines DEFINESFILE\n");
        return 2;
    }
    cfg_t c;
    char err[1024], path[4096];
    uint64_t seed = 0, count = 0;
    /* SEED and COUNT through num.h: "x" or "-1" is refused, never read as 0 or 2^32-1 */
    if (!defines_only && num_parse_u64(argv[2], 0, UINT64_MAX, &seed) != 0) {
        fprintf(stderr, "mkstim: %s\n", num_error(err, sizeof err, "SEED", argv[2], 0, UINT64_MAX));
        return 2;
    }
    if (!defines_only && num_parse_u64(argv[3], 0, UINT32_MAX, &count) != 0) {
        fprintf(stderr, "mkstim: %s\n", num_error(err, sizeof err, "COUNT", argv[3], 0, UINT32_MAX));
        return 2;
    }
    snprintf(path, sizeof path, "%s/config.yaml", argv[1]);
    cfg_defaults(&c);
    if (cfg_load_yaml(&c, path, err, sizeof err) != 0 || cfg_validate(&c, err, sizeof err) != 0) {
        fprintf(stderr, "mkstim: %s\n", err);
        return 2;
    }
    cm_l1_t *m;
    if (cm_l1_new(&c, &m) != 0)
        return 2;
    const lay_l1_t *l = &m->lay;
    FILE *df = fopen(defines_only ? argv[3] : argv[5], "w");
    FILE *sf = defines_only ? NULL : fopen(argv[4], "w");
    if (!df || (!defines_only && !sf)) {
        fprintf(stderr, "mkstim: cannot write outputs\n");
        return 2;
    }
    fprintf(df, "// Testbench widths of %s, from cachegen's layout (written by mkstim).\n", c.name);
    fprintf(df, "`define DUT %s\n`define LA %u\n`define LB %u\n`define LW %u\n`define IDW %u\n",
            c.name, l->line_addr_bits, c.l1.line_bytes, l->line_bits, c.l1.id_bits);
    fprintf(df, "`define PCW %u\n`define COREW %u\n`define MB %u\n`define CW %u\n`define SETW %u\n",
            c.l1.pc_bits, c.l1.core_bits, l->mshr_bits, c.l1.counter_bits, l->set_bits);
    fprintf(df, "`define WAYW %u\n`define TAGW %u\n`define ROWW %u\n", l->way_bits, l->tag_bits,
            l->row_bits);
    fprintf(df, "`define BASEW %u\n", c.l1.fgcb_id_bits);
    fprintf(df, "`define KINDW %u\n`define DECW %u\n", LAY_EVT_KIND_BITS, LAY_DEC_BITS);
    fprintf(df, "`define STW %u\n", lay_status_bits(&c));
    if (lay_l1_mem_err(&c)) /* the L1 takes a failed read's error bit */
        fprintf(df, "`define MEMERR\n");
    const lay_mech_t *mech = lay_mech(c.l1.mode);
    if (mech->line_pc_hash) /* the PC predictor's event ports (table write, prediction) */
        fprintf(df, "`define PCPRED\n`define PCIDXW %u\n`define PCCW %u\n", l->hpc_bits,
                c.l1.pc_counter_bits);
    lay_fgcb_t fl;
    lay_fgcb(&c.l1, &fl);
    if (mech->fgcb) /* FG-CB's event ports (table write) */
        fprintf(df, "`define SACAT\n`define FGIDXW %u\n`define FGEW %u\n",
                fl.idx_bits, fl.entry_bits);
    fclose(df);
    if (defines_only) {
        cm_l1_free(m);
        return 0;
    }
    rng_state = seed * 2654435761u + 1;

    /* Lines drawn from a pool a little larger than the cache, so that hits, misses and
     * evictions all happen; strides of the set count put many lines in one set. */
    unsigned pool = c.l1.sets * c.l1.ways * 2 + 3;
    uint64_t lmask = l->line_addr_bits >= 64 ? ~0ULL : ((1ULL << l->line_addr_bits) - 1);
    uint64_t base = rnd() & lmask;
    for (unsigned n = 0; n < count; n++) {
        cm_req_t q;
        memset(&q, 0, sizeof q);
        uint64_t k = rnd() % pool;
        uint64_t line = (rnd() & 1) ? (base + k) & lmask : (base + k * c.l1.sets) & lmask;
        q.store = rnd() % 4 == 0;
        q.addr = line << l->off_bits;
        q.id = (uint32_t)(n & ((1u << c.l1.id_bits) - 1));
        if (q.store)
            for (unsigned i = 0; i < c.l1.line_bytes; i++) {
                bv_put(&q.be, i, 1, rnd() & 1);
                bv_set_byte(&q.wdata, i, (uint8_t)rnd());
            }
        bv_t memline;
        mem_line(line, c.l1.line_bytes, &memline);
        cm_result_t r;
        cm_l1_access(m, &q, &r);
        if (r.kind != EVT_LOOKUP) {
            fprintf(stderr, "mkstim: unexpected stall with one request outstanding\n");
            return 1;
        }
        unsigned status = ST_STORE;
        bv_t data;
        bv_zero(&data);
        if (r.dec == DEC_LD_HIT) {
            status = ST_HIT;
            data = r.data;
        } else if (r.dec == DEC_LD_MISS || r.dec == DEC_LD_BYPASS) {
            cm_l1_fill(m, r.mshr, &memline, &r);
            status = r.status; /* MISS, or BYPASS in the decoupled store */
            data = r.data;
        } else {
            mem_store(line, c.l1.line_bytes, &q.be, &q.wdata);
        }
        /* store line id be wdata memdata status expected_data */
        bv_t v;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        fprintf(sf, "%u ", q.store);
        put_hex(sf, &v, l->line_addr_bits);
        fprintf(sf, " %x ", q.id);
        put_hex(sf, &q.be, c.l1.line_bytes);
        fputc(' ', sf);
        put_hex(sf, &q.wdata, l->line_bits);
        fputc(' ', sf);
        put_hex(sf, &memline, l->line_bits);
        fprintf(sf, " %u ", status);
        put_hex(sf, &data, l->line_bits);
        fputc('\n', sf);
    }
    fclose(sf);
    printf("mkstim: %u requests for %s: %" PRIu64 " hits, %" PRIu64 " misses\n", (unsigned)count, c.name,
           m->cnt[CNT_HITS], m->cnt[CNT_MISSES]);
    cm_l1_free(m);
    return 0;
}
