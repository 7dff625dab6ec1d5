/* codes: the response-status, event-kind and decision code names (see codes.h). */
#include "codes.h"

#include <assert.h>
#include <stdio.h>

#include "../core/lay.h"

static const code_t status_codes[] = {
    {ST_HIT, "Hit", "load served from the L1"},
    {ST_MISS, "Miss", "load served by a fill, which the L1 installed"},
    {ST_BYPASS, "Bypass", "load served from memory, nothing installed"},
    {ST_STORE, "Store", "store accepted into the memory-request queue"},
    /* last: only in an L1 whose memory side reports errors (codes_of's err) */
    {ST_ERR, "Err", "load whose line read failed (AXI SLVERR/DECERR): nothing installed"},
};

static const code_t evt_codes[] = {
    {EVT_SWEEP, "Sweep", "init sweep cleared a row"},
    {EVT_LOOKUP, "Lookup", "a request looked up its set"},
    {EVT_STALL, "Stall", "a request was held"},
    {EVT_FILL, "Fill", "a memory response was taken"},
    {EVT_SWITCH_RESET, "SwitchReset", "G-Cache: switches, bypass counters cleared"},
};

static const code_t dec_codes[] = {
    {DEC_NONE, "None", "sweep: row cleared"},
    {DEC_LD_HIT, "LdHit", "load hit"},
    {DEC_LD_MISS, "LdMiss", "load miss: MSHR allocated, memory read issued"},
    {DEC_ST_HIT, "StHit", "store hit"},
    {DEC_ST_MISS, "StMiss", "store miss: written through only"},
    {DEC_STALL_LINE, "StallLine", "held: its line has an outstanding read"},
    {DEC_STALL_MSHR, "StallMshr", "load miss held: no free MSHR"},
    {DEC_FILL, "Fill", "fill installed"},
    {DEC_LD_BYPASS, "LdBypass", "load gets no data line, answered uncached"},
    {DEC_STALL_RSV, "StallRsv", "load held: every data line reserved"},
    {DEC_FILL_BYPASS, "FillBypass", "bypassed read returned, nothing installed"},
    {DEC_LD_MERGE, "LdMerge", "load joined the outstanding read of its line"},
};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

static const struct {
    const code_t *codes;
    unsigned n;
    const char *name;
    unsigned width;
} groups[CODE_GROUPS] = {
    [CODE_STATUS] = {status_codes, COUNT(status_codes), "Status", LAY_STATUS_BITS},
    [CODE_EVT] = {evt_codes, COUNT(evt_codes), "Evt", LAY_EVT_KIND_BITS},
    [CODE_DEC] = {dec_codes, COUNT(dec_codes), "Dec", LAY_DEC_BITS},
};

/* The status group's last code (Err) exists only with err. */
static unsigned group_n(code_group_t g, int err)
{
    return g == CODE_STATUS && !err ? groups[g].n - 1 : groups[g].n;
}

const code_t *codes_of(code_group_t g, int err, unsigned *n)
{
    *n = group_n(g, err);
    return groups[g].codes;
}

const char *code_group_name(code_group_t g) { return groups[g].name; }
unsigned code_width(code_group_t g, int err)
{
    return g == CODE_STATUS && err ? LAY_STATUS_BITS_ERR : groups[g].width;
}

const char *code_param(code_group_t g, unsigned value)
{
    static char names[CODE_GROUPS][16][32];
    for (unsigned i = 0; i < groups[g].n; i++)
        if (groups[g].codes[i].value == value) {
            assert(value < 16);
            char *b = names[g][value];
            snprintf(b, sizeof names[g][value], "%s%s", groups[g].name, groups[g].codes[i].name);
            return b;
        }
    assert(!"code_param: not a code of the group");
    return "";
}

void emit_code_params(emit_t *e, int err)
{
    emit_line(e, "// response status, event kind and decision codes (gen/codes.c; the pkg file");
    emit_line(e, "// names them for users); a module uses some of them");
    emit_line(e, "// verilator lint_off UNUSEDPARAM");
    for (unsigned g = 0; g < CODE_GROUPS; g++)
        for (unsigned i = 0; i < group_n((code_group_t)g, err); i++) {
            unsigned width = code_width((code_group_t)g, err);
            emit_line(e, "localparam [%u:0] %s = %s;", width - 1,
                      code_param((code_group_t)g, groups[g].codes[i].value),
                      emit_const(width, groups[g].codes[i].value));
        }
    emit_line(e, "// verilator lint_on UNUSEDPARAM");
}
