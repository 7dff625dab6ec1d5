/* cm_xbar: the crossbar's cycle model (cm_xbar.h says what it does and why). */
#include "cm_xbar.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SD(x, s, e) ((x)->slot_data + ((size_t)(s) * (x)->c.q + (e)) * (x)->rqw)
#define OD(x, d, k) ((x)->odata + ((size_t)(d) * CM_XBAR_OUT_DEPTH + (k)) * (x)->rqw)
#define RD(x, s, k) ((x)->rdata + ((size_t)(s) * CM_XBAR_RSP_DEPTH + (k)) * (x)->rsw)

int cm_xbar_init(cm_xbar_t *x, const cm_xbar_cfg_t *c, char *err, unsigned errlen)
{
    memset(x, 0, sizeof *x);
    if (c->n < 1 || c->n > CM_XBAR_MAX_SRC || c->s < 1 || c->s > CM_XBAR_MAX_DST ||
        c->q < 1 || c->q > CM_XBAR_MAX_Q || c->req_w < 1 || c->rsp_w < 1) {
        snprintf(err, errlen, "crossbar sizes: sources 1..%u, slices 1..%u, slots 1..%u, widths "
                 ">= 1 (got %u, %u, %u, %u, %u)", CM_XBAR_MAX_SRC, CM_XBAR_MAX_DST,
                 CM_XBAR_MAX_Q, c->n, c->s, c->q, c->req_w, c->rsp_w);
        return -1;
    }
    x->c = *c;
    x->rqw = (c->req_w + 31) / 32;
    x->rsw = (c->rsp_w + 31) / 32;
    x->slot_data = calloc((size_t)c->n * c->q * x->rqw, 4);
    x->odata = calloc((size_t)c->s * CM_XBAR_OUT_DEPTH * x->rqw, 4);
    x->rdata = calloc((size_t)c->n * CM_XBAR_RSP_DEPTH * x->rsw, 4);
    if (!x->slot_data || !x->odata || !x->rdata) {
        cm_xbar_free(x);
        snprintf(err, errlen, "crossbar model: out of memory");
        return -1;
    }
    return 0;
}

void cm_xbar_free(cm_xbar_t *x)
{
    free(x->slot_data);
    free(x->odata);
    free(x->rdata);
    x->slot_data = x->odata = NULL;
    x->rdata = NULL;
}

/* The first i in 0..n-1 at or after `from` (cyclic) with bit i of `set`, or n. */
static unsigned rr_first(const uint8_t *set, unsigned n, unsigned from)
{
    for (unsigned k = 0; k < n; k++) {
        unsigned i = (from + k) % n;
        if (set[i])
            return i;
    }
    return n;
}

/* Source s's oldest valid slot for destination d, or q. */
static unsigned oldest_for(const cm_xbar_t *x, unsigned s, unsigned d)
{
    unsigned best = x->c.q;
    for (unsigned e = 0; e < x->c.q; e++) {
        const cm_xbar_slot_t *t = &x->slot[s][e];
        if (t->v && t->dst == d && (best == x->c.q || t->seq < x->slot[s][best].seq))
            best = e;
    }
    return best;
}

/* Response arbitration: the slice each source takes this cycle (S: none). */
static void rsp_grants(const cm_xbar_t *x, const cm_xbar_in_t *in, unsigned *take)
{
    for (unsigned s = 0; s < x->c.n; s++) {
        uint8_t cand[CM_XBAR_MAX_DST] = {0};
        take[s] = x->c.s;
        if (x->rcnt[s] >= CM_XBAR_RSP_DEPTH)
            continue;
        for (unsigned d = 0; d < x->c.s; d++)
            cand[d] = in->rsp_valid[d] && in->rsp_dst[d] == s;
        take[s] = rr_first(cand, x->c.s, x->rpt[s]);
    }
}

const cm_xbar_out_t *cm_xbar_eval(cm_xbar_t *x, const cm_xbar_in_t *in)
{
    cm_xbar_out_t *o = &x->out;
    unsigned take[CM_XBAR_MAX_SRC];
    for (unsigned s = 0; s < x->c.n; s++) {
        o->req_ready[s] = 0;
        for (unsigned e = 0; e < x->c.q; e++)
            o->req_ready[s] |= !x->slot[s][e].v;
        o->rsp_valid[s] = x->rcnt[s] > 0;
        o->rsp_data[s] = RD(x, s, 0);
    }
    for (unsigned d = 0; d < x->c.s; d++) {
        o->out_valid[d] = x->ocnt[d] > 0;
        o->out_src[d] = x->osrc[d][0];
        o->out_data[d] = OD(x, d, 0);
        o->rsp_ready[d] = 0;
    }
    rsp_grants(x, in, take);
    for (unsigned s = 0; s < x->c.n; s++)
        if (take[s] < x->c.s)
            o->rsp_ready[take[s]] = 1;
    return o;
}

void cm_xbar_step(cm_xbar_t *x, const cm_xbar_in_t *in)
{
    const unsigned N = x->c.n, S = x->c.s, Q = x->c.q;
    unsigned take[CM_XBAR_MAX_SRC], gnt[CM_XBAR_MAX_DST], gslot[CM_XBAR_MAX_DST] = {0};
    uint8_t nxv[CM_XBAR_MAX_DST] = {0};
    unsigned nxsrc[CM_XBAR_MAX_DST] = {0}, nxslot[CM_XBAR_MAX_DST] = {0};
    int free_slot[CM_XBAR_MAX_SRC];

    /* every decision from the state at the cycle's start */
    for (unsigned s = 0; s < N; s++) {
        free_slot[s] = -1;
        for (unsigned e = 0; e < Q && free_slot[s] < 0; e++)
            if (!x->slot[s][e].v)
                free_slot[s] = (int)e;
    }
    rsp_grants(x, in, take);
    /* request: source s wants d when it holds a slot for d and d's queue has room; grant:
     * d takes the first such source at or after gpt[d] (a source may be granted by several
     * destinations: each takes that source's oldest slot for it) */
    for (unsigned d = 0; d < S; d++) {
        uint8_t want[CM_XBAR_MAX_SRC] = {0};
        gnt[d] = N;
        if (x->ocnt[d] + x->xv[d] >= CM_XBAR_OUT_DEPTH)
            continue;
        for (unsigned s = 0; s < N; s++)
            want[s] = oldest_for(x, s, d) < Q;
        gnt[d] = rr_first(want, N, x->gpt[d]);
        if (gnt[d] < N)
            gslot[d] = oldest_for(x, gnt[d], d);
    }

    /* stage X (reads slot data before this edge's enqueue writes) and the output queues */
    x->matched = x->enq = x->rsp_moved = 0;
    for (unsigned d = 0; d < S; d++) {
        unsigned n = x->ocnt[d];
        int pop = n > 0 && in->out_ready[d];
        if (pop) {
            for (unsigned k = 0; k + 1 < n; k++) {
                x->osrc[d][k] = x->osrc[d][k + 1];
                memcpy(OD(x, d, k), OD(x, d, k + 1), 4u * x->rqw);
            }
            n--;
        }
        if (x->xv[d]) {
            unsigned s = x->xsrc[d];
            assert(n < CM_XBAR_OUT_DEPTH);
            x->osrc[d][n] = s;
            memcpy(OD(x, d, n), SD(x, s, x->xslot[d]), 4u * x->rqw);
            n++;
        }
        /* entries past the count keep stale values in the RTL too: zero neither side's */
        x->ocnt[d] = n;
    }
    /* the grants: free the slots, move the pointers, fill stage X */
    for (unsigned d = 0; d < S; d++) {
        if (gnt[d] >= N)
            continue;
        unsigned s = gnt[d], e = gslot[d];
        assert(e < Q && x->slot[s][e].v && x->slot[s][e].dst == d);
        x->slot[s][e].v = 0;
        nxv[d] = 1;
        nxsrc[d] = s;
        nxslot[d] = e;
        x->gpt[d] = (s + 1) % N;
        x->matched++;
    }
    memcpy(x->xv, nxv, sizeof nxv);
    memcpy(x->xsrc, nxsrc, sizeof nxsrc);
    memcpy(x->xslot, nxslot, sizeof nxslot);
    /* enqueue into the lowest slot free at the cycle's start */
    for (unsigned s = 0; s < N; s++) {
        if (!in->req_valid[s] || free_slot[s] < 0)
            continue;
        cm_xbar_slot_t *t = &x->slot[s][free_slot[s]];
        t->v = 1;
        t->dst = in->req_dst[s];
        t->seq = x->seq[s]++;
        memcpy(SD(x, s, free_slot[s]), in->req_data + (size_t)s * x->rqw, 4u * x->rqw);
        x->enq++;
    }
    /* responses */
    for (unsigned s = 0; s < N; s++) {
        unsigned n = x->rcnt[s];
        if (n > 0 && in->rsp_ready[s]) {
            for (unsigned k = 0; k + 1 < n; k++)
                memcpy(RD(x, s, k), RD(x, s, k + 1), 4u * x->rsw);
            n--;
        }
        if (take[s] < S) {
            memcpy(RD(x, s, n), in->rsp_data + (size_t)take[s] * x->rsw, 4u * x->rsw);
            n++;
            x->rpt[s] = (take[s] + 1) % S;
            x->rsp_moved++;
        }
        x->rcnt[s] = n;
    }
}
