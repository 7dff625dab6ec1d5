// xbar_harness: Verilator lockstep harness of the crossbar <name>_xbar alone against its cycle
// model (cmodel/cm_xbar.c). Every cycle it drives random traffic with random backpressure on
// both sides: sources offer requests (to a uniform, a hot or a one-slice pick of slices) and
// hold each until taken; slices take their output at random and offer responses to random
// sources, held until taken; sources take responses at random. The traffic's rates change every
// phase (a few hundred cycles) so queues fill, drain and stall. It compares every output, bit
// for bit, with the model's for the same inputs (req_ready_o, out_valid_o and, while valid,
// out_src_o / out_data_o, rsp_ready_o, src_rsp_valid_o and src_rsp_data_o), and checks the
// channel rule on its own: a valid output not taken stays valid with the same fields.
// Independently of the model, a scoreboard checks that every request reaches its slice once,
// from its source, in its source's order for that slice, and every response its source.
// Bins: several slices granting one source in a cycle, a full output queue, a full source, two
// slices offering one source a response; +cover exits 3 when one is unhit.
// Sizes are compiled in (-DXB_N, XB_S, XB_Q, XB_RQW, XB_RSW: tb/xbar_check.sh).
// Plusargs: +seed=N +cycles=N +cover +trace=FILE.fst +help. First mismatch: report, exit 1.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "Vxbar.h"
#include "harness_util.h"
#if VM_TRACE
#include "verilated_fst_c.h"
#endif

extern "C" {
#include "../cmodel/cm_xbar.h"
}

namespace {

constexpr unsigned N = XB_N, S = XB_S, Q = XB_Q, RQW = XB_RQW, RSW = XB_RSW;
constexpr unsigned RQWD = (RQW + 31) / 32, RSWD = (RSW + 31) / 32;
constexpr unsigned SRCW = N > 1 ? 32 - __builtin_clz(N - 1) : 1;
constexpr unsigned SLW = S > 1 ? 32 - __builtin_clz(S - 1) : 1;

// bit access on a Verilated port of any width
template <typename T> void put(T &p, unsigned i, bool b)
{
    if (b) p |= (T)1 << i; else p &= ~((T)1 << i);
}
template <std::size_t W> void put(VlWide<W> &p, unsigned i, bool b)
{
    if (b) p[i / 32] |= 1u << (i % 32); else p[i / 32] &= ~(1u << (i % 32));
}
template <typename T> bool get(const T &p, unsigned i) { return (p >> i) & 1; }
template <std::size_t W> bool get(const VlWide<W> &p, unsigned i) { return (p[i / 32] >> (i % 32)) & 1; }
template <typename T> void put_field(T &p, unsigned lo, unsigned w, const uint32_t *v)
{
    for (unsigned i = 0; i < w; i++) put(p, lo + i, (v[i / 32] >> (i % 32)) & 1);
}
template <typename T> void put_num(T &p, unsigned lo, unsigned w, unsigned v)
{
    for (unsigned i = 0; i < w; i++) put(p, lo + i, (v >> i) & 1);
}
template <typename T> void get_field(const T &p, unsigned lo, unsigned w, uint32_t *v)
{
    for (unsigned i = 0; i < (w + 31) / 32; i++) v[i] = 0;
    for (unsigned i = 0; i < w; i++) v[i / 32] |= (uint32_t)get(p, lo + i) << (i % 32);
}
template <typename T> unsigned get_num(const T &p, unsigned lo, unsigned w)
{
    unsigned v = 0;
    for (unsigned i = 0; i < w; i++) v |= (unsigned)get(p, lo + i) << i;
    return v;
}

// a payload: random words, the request's tag (source, sequence) in the low bits when they fit
void random_payload(std::mt19937_64 &r, uint32_t *v, unsigned w)
{
    for (unsigned i = 0; i < (w + 31) / 32; i++) v[i] = (uint32_t)r();
    if (w % 32) v[(w - 1) / 32] &= (1u << (w % 32)) - 1;
}

std::string hex(const uint32_t *v, unsigned words)
{
    std::string s;
    char b[12];
    for (unsigned i = words; i-- > 0;) { std::snprintf(b, sizeof b, "%08x", v[i]); s += b; }
    return s;
}

struct sent { uint64_t tag; std::vector<uint32_t> data; };

} // namespace

int main(int argc, char **argv)
{
    plusargs pa("xbar_harness", "lockstep of the crossbar alone against cm_xbar");
    pa.number("seed", 1, 0, UINT64_MAX, "the traffic's random seed");
    pa.number("cycles", 200000, 1, 1000000000ULL, "cycles to run");
    pa.flag("cover", "exit 3 when a bin is unhit");
    pa.text("trace", "FILE.fst", "", "write an FST waveform");
    int st = pa.parse(argc, argv);
    if (st >= 0) return st;
    const uint64_t seed = pa.num("seed"), cycles = pa.num("cycles");
    std::printf("xbar_harness: %u sources x %u slices, %u slots, payloads %u / %u, +seed=%" PRIu64 "\n",
                N, S, Q, RQW, RSW, seed);
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->randSeed((int)(seed & 0x7fffffff));
    auto top = std::make_unique<Vxbar>(ctx.get());
#if VM_TRACE
    std::unique_ptr<VerilatedFstC> tr;
    if (!pa.str("trace").empty()) {
        ctx->traceEverOn(true);
        tr = std::make_unique<VerilatedFstC>();
        top->trace(tr.get(), 99);
        tr->open(pa.str("trace").c_str());
    }
#endif
    uint64_t tick = 0;
    auto dump = [&]() {
#if VM_TRACE
        if (tr) tr->dump(tick);
#endif
        tick++;
    };
    cm_xbar_t x;
    cm_xbar_cfg_t xc = {N, S, Q, RQW, RSW};
    char err[256];
    if (cm_xbar_init(&x, &xc, err, sizeof err) != 0) {
        std::fprintf(stderr, "xbar_harness: %s\n", err);
        return 2;
    }
    std::mt19937_64 rng(seed);
    // inputs, held by the harness (a valid is never withdrawn before it is taken)
    std::vector<uint8_t> req_valid(N), out_ready(S), rsp_valid(S), rsp_ready(N);
    std::vector<unsigned> req_dst(N), rsp_dst(S);
    std::vector<uint32_t> req_data(N * RQWD), rsp_data(S * RSWD);
    std::vector<uint64_t> req_seq(N);
    // scoreboard: per (source, slice) the requests in flight in order; per source responses
    std::vector<std::deque<sent>> flight(N * S);
    std::vector<std::deque<std::vector<uint32_t>>> rflight(N);
    // the previous cycle's outputs not taken (channel rule)
    std::vector<uint8_t> held_out(S), held_rsp(N);
    std::vector<std::vector<uint32_t>> held_out_data(S, std::vector<uint32_t>(RQWD)),
        held_rsp_data(N, std::vector<uint32_t>(RSWD));
    std::vector<unsigned> held_out_src(S);
    uint64_t bin_multi = 0, bin_out_full = 0, bin_src_full = 0, bin_rsp_clash = 0, moved = 0,
             rmoved = 0;
    bool failed = false;
    top->clk_i = 0;
    top->rst_ni = 0;
    top->eval();
    dump();
    top->clk_i = 1;
    top->eval();
    dump();
    top->clk_i = 0;
    top->rst_ni = 1;
    // phase rates (percent)
    unsigned p_req = 50, p_out = 50, p_rsp = 50, p_take = 50, mode = 0, hot = 0;
    uint64_t cyc = 0;
    for (; cyc < cycles && !failed; cyc++) {
        if (cyc % 300 == 0) {
            static const unsigned rates[] = {5, 30, 60, 90, 100, 100};
            p_req = rates[rng() % 6]; p_out = rates[rng() % 6];
            p_rsp = rates[rng() % 6]; p_take = rates[rng() % 6];
            mode = rng() % 4; hot = rng() % S;   // 0, 1: uniform; 2: hot slice; 3: one slice
        }
        // drive: new requests where none is held
        for (unsigned s = 0; s < N; s++) {
            if (!req_valid[s] && rng() % 100 < p_req) {
                req_valid[s] = 1;
                req_dst[s] = mode == 3 ? hot : (mode == 2 && rng() % 2) ? hot : rng() % S;
                random_payload(rng, &req_data[s * RQWD], RQW);
            }
            rsp_ready[s] = rng() % 100 < p_take;
        }
        for (unsigned d = 0; d < S; d++) {
            out_ready[d] = rng() % 100 < p_out;
            if (!rsp_valid[d] && rng() % 100 < p_rsp) {
                rsp_valid[d] = 1;
                rsp_dst[d] = rng() % N;
                random_payload(rng, &rsp_data[d * RSWD], RSW);
            }
        }
        top->req_valid_i = 0; top->out_ready_i = 0; top->rsp_valid_i = 0; top->src_rsp_ready_i = 0;
        for (unsigned s = 0; s < N; s++) {
            put(top->req_valid_i, s, req_valid[s]);
            put_num(top->req_slice_i, s * SLW, SLW, req_dst[s]);
            put_field(top->req_data_i, s * RQW, RQW, &req_data[s * RQWD]);
            put(top->src_rsp_ready_i, s, rsp_ready[s]);
        }
        for (unsigned d = 0; d < S; d++) {
            put(top->out_ready_i, d, out_ready[d]);
            put(top->rsp_valid_i, d, rsp_valid[d]);
            put_num(top->rsp_src_i, d * SRCW, SRCW, rsp_dst[d]);
            put_field(top->rsp_data_i, d * RSW, RSW, &rsp_data[d * RSWD]);
        }
        top->eval();
        cm_xbar_in_t in = {req_valid.data(), req_dst.data(), req_data.data(), out_ready.data(),
                           rsp_valid.data(), rsp_dst.data(), rsp_data.data(), rsp_ready.data()};
        const cm_xbar_out_t *o = cm_xbar_eval(&x, &in);
        std::string diff;
        char w[64];
        uint32_t got[(RQWD > RSWD ? RQWD : RSWD) + 1];
        for (unsigned s = 0; s < N; s++) {
            std::snprintf(w, sizeof w, "source %u", s);
            diff += field_diff(w, "req_ready_o", o->req_ready[s], get(top->req_ready_o, s));
            diff += field_diff(w, "src_rsp_valid_o", o->rsp_valid[s], get(top->src_rsp_valid_o, s));
            if (o->rsp_valid[s] && get(top->src_rsp_valid_o, s)) {
                get_field(top->src_rsp_data_o, s * RSW, RSW, got);
                if (memcmp(got, o->rsp_data[s], 4 * RSWD))
                    diff += std::string("  ") + w + ": src_rsp_data_o expected " +
                            hex(o->rsp_data[s], RSWD) + " actual " + hex(got, RSWD) + "\n";
            }
        }
        for (unsigned d = 0; d < S; d++) {
            std::snprintf(w, sizeof w, "slice %u", d);
            diff += field_diff(w, "out_valid_o", o->out_valid[d], get(top->out_valid_o, d));
            diff += field_diff(w, "rsp_ready_o", o->rsp_ready[d], get(top->rsp_ready_o, d));
            if (o->out_valid[d] && get(top->out_valid_o, d)) {
                diff += field_diff(w, "out_src_o", o->out_src[d],
                                   get_num(top->out_src_o, d * SRCW, SRCW));
                get_field(top->out_data_o, d * RQW, RQW, got);
                if (memcmp(got, o->out_data[d], 4 * RQWD))
                    diff += std::string("  ") + w + ": out_data_o expected " +
                            hex(o->out_data[d], RQWD) + " actual " + hex(got, RQWD) + "\n";
            }
        }
        if (!diff.empty()) {
            report_mismatch(failed, cyc, seed, "outputs", diff);
            break;
        }
        // the channel rule, on the RTL's outputs
        for (unsigned d = 0; d < S; d++) {
            if (!held_out[d]) continue;
            get_field(top->out_data_o, d * RQW, RQW, got);
            if (!get(top->out_valid_o, d) || get_num(top->out_src_o, d * SRCW, SRCW) != held_out_src[d] ||
                memcmp(got, held_out_data[d].data(), 4 * RQWD))
                report_mismatch(failed, cyc, seed, "channel", "  slice " + std::to_string(d) +
                                ": an output not taken changed or was withdrawn\n");
        }
        for (unsigned s = 0; s < N; s++) {
            if (!held_rsp[s]) continue;
            get_field(top->src_rsp_data_o, s * RSW, RSW, got);
            if (!get(top->src_rsp_valid_o, s) || memcmp(got, held_rsp_data[s].data(), 4 * RSWD))
                report_mismatch(failed, cyc, seed, "channel", "  source " + std::to_string(s) +
                                ": a response not taken changed or was withdrawn\n");
        }
        // scoreboard and bins, from the handshakes of this cycle
        unsigned full_src = 0, grants_per_src[CM_XBAR_MAX_SRC] = {0}, offers[CM_XBAR_MAX_SRC] = {0};
        for (unsigned s = 0; s < N; s++) {
            full_src += !o->req_ready[s];
            if (req_valid[s] && o->req_ready[s]) {
                sent e{(uint64_t)s << 40 | req_seq[s]++, std::vector<uint32_t>(&req_data[s * RQWD], &req_data[s * RQWD] + RQWD)};
                if (req_dst[s] < S) flight[s * S + req_dst[s]].push_back(e);
            }
        }
        for (unsigned d = 0; d < S; d++) {
            held_out[d] = o->out_valid[d] && !out_ready[d];
            if (held_out[d]) {
                held_out_src[d] = o->out_src[d];
                std::memcpy(held_out_data[d].data(), o->out_data[d], 4 * RQWD);
            }
            if (o->out_valid[d] && out_ready[d]) {
                auto &f = flight[(o->out_src[d] < N ? o->out_src[d] : 0) * S + d];
                if (f.empty() || memcmp(f.front().data.data(), o->out_data[d], 4 * RQWD))
                    report_mismatch(failed, cyc, seed, "scoreboard",
                                    "  slice " + std::to_string(d) + ": a request from source " +
                                    std::to_string(o->out_src[d]) + " not the next one sent\n");
                else
                    f.pop_front();
                moved++;
            }
            if (rsp_valid[d]) offers[rsp_dst[d]]++;
            if (rsp_valid[d] && o->rsp_ready[d])
                rflight[rsp_dst[d]].push_back(std::vector<uint32_t>(&rsp_data[d * RSWD], &rsp_data[d * RSWD] + RSWD));
            bin_out_full += x.ocnt[d] == CM_XBAR_OUT_DEPTH;
        }
        for (unsigned s = 0; s < N; s++) {
            held_rsp[s] = o->rsp_valid[s] && !rsp_ready[s];
            if (held_rsp[s]) std::memcpy(held_rsp_data[s].data(), o->rsp_data[s], 4 * RSWD);
            if (o->rsp_valid[s] && rsp_ready[s]) {
                if (rflight[s].empty() || memcmp(rflight[s].front().data(), o->rsp_data[s], 4 * RSWD))
                    report_mismatch(failed, cyc, seed, "scoreboard", "  source " + std::to_string(s) +
                                    ": a response not the next one taken for it\n");
                else
                    rflight[s].pop_front();
                rmoved++;
            }
            bin_rsp_clash += offers[s] > 1;
        }
        bin_src_full += full_src > 0;
        // the clock edge: both sides
        cm_xbar_step(&x, &in);
        for (unsigned d = 0; d < S; d++)
            if (x.xv[d]) grants_per_src[x.xsrc[d]]++;
        for (unsigned s = 0; s < N; s++) bin_multi += grants_per_src[s] > 1;
        for (unsigned s = 0; s < N; s++)
            if (req_valid[s] && o->req_ready[s]) req_valid[s] = 0;
        for (unsigned d = 0; d < S; d++)
            if (rsp_valid[d] && o->rsp_ready[d]) rsp_valid[d] = 0;
        top->clk_i = 1;
        top->eval();
        dump();
        top->clk_i = 0;
        top->eval();
        dump();
    }
    top->final();
#if VM_TRACE
    if (tr) tr->close();
#endif
    cm_xbar_free(&x);
    std::printf("xbar_harness: %" PRIu64 " cycles, %" PRIu64 " requests and %" PRIu64
                " responses delivered\n", cyc, moved, rmoved);
    std::printf("xbar_harness: coverage multi_grant=%" PRIu64 " out_full=%" PRIu64
                " source_full=%" PRIu64 " rsp_clash=%" PRIu64 "\n",
                bin_multi, bin_out_full, bin_src_full, bin_rsp_clash);
    if (failed) {
        std::printf("xbar_harness: FAIL (seed %" PRIu64 ")\n", seed);
        return 1;
    }
    bool hole = (S > 1 && Q > 1 && !bin_multi) || !bin_out_full || !bin_src_full || (S > 1 && !bin_rsp_clash);
    if (pa.on("cover") && hole) {
        std::printf("xbar_harness: HOLE (seed %" PRIu64 ")\n", seed);
        return 3;
    }
    std::printf("xbar_harness: PASS\n");
    return 0;
}
