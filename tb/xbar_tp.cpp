// xbar_tp: port-level throughput bench of the crossbar <name>_xbar alone, no model
// (bench/xbar_throughput.sh builds and runs it). Every source always offers a request (a
// saturated stream): pattern "stream" walks consecutive lines from a random start (slice = line
// mod S, the modulo map's spread), "random" draws each line's slice uniformly. Ideal slices:
// each takes its output every cycle while its response path has room and answers each request
// a fixed LAT cycles later, to the request's source; sources take a response every cycle.
// Reports requests/cycle into the slices over the measured cycles (after a warm-up), as a
// fraction of S, and the latency of one request alone: its handshake to the slice's valid, and
// a response's handshake to the source's valid.
// Sizes compiled in (-DXB_N, XB_S, XB_Q, XB_RQW, XB_RSW). Plusargs: +seed +cycles +lat
// +pattern=stream|random +help.
#include <cinttypes>
#include <cstdio>
#include <deque>
#include <memory>
#include <random>
#include <vector>

#include "Vxbar.h"
#include "harness_util.h"

namespace {
constexpr unsigned N = XB_N, S = XB_S;
constexpr unsigned SRCW = N > 1 ? 32 - __builtin_clz(N - 1) : 1;
constexpr unsigned SLW = S > 1 ? 32 - __builtin_clz(S - 1) : 1;
template <typename T> void put(T &p, unsigned i, bool b) { if (b) p |= (T)1 << i; else p &= ~((T)1 << i); }
template <std::size_t W> void put(VlWide<W> &p, unsigned i, bool b)
{
    if (b) p[i / 32] |= 1u << (i % 32); else p[i / 32] &= ~(1u << (i % 32));
}
template <typename T> bool get(const T &p, unsigned i) { return (p >> i) & 1; }
template <std::size_t W> bool get(const VlWide<W> &p, unsigned i) { return (p[i / 32] >> (i % 32)) & 1; }
template <typename T> void put_num(T &p, unsigned lo, unsigned w, unsigned v)
{
    for (unsigned i = 0; i < w; i++) put(p, lo + i, (v >> i) & 1);
}
template <typename T> unsigned get_num(const T &p, unsigned lo, unsigned w)
{
    unsigned v = 0;
    for (unsigned i = 0; i < w; i++) v |= (unsigned)get(p, lo + i) << i;
    return v;
}
struct rsp { uint64_t due; unsigned src; };
} // namespace

int main(int argc, char **argv)
{
    plusargs pa("xbar_tp", "saturated throughput of the crossbar alone (no model)");
    pa.number("seed", 1, 0, UINT64_MAX, "the traffic's random seed");
    pa.number("cycles", 100000, 100, 1000000000ULL, "measured cycles (after 1,000 warm-up)");
    pa.number("lat", 8, 1, 1000, "an ideal slice's hit latency (cycles)");
    pa.choice("pattern", {"stream", "random"}, "stream", "how lines spread over the slices");
    int st = pa.parse(argc, argv);
    if (st >= 0) return st;
    const uint64_t cycles = pa.num("cycles"), lat = pa.num("lat"), warm = 1000;
    const bool stream = pa.str("pattern") == "stream";
    std::mt19937_64 rng(pa.num("seed"));
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<Vxbar>(ctx.get());
    std::vector<uint64_t> line(N);
    for (auto &l : line) l = rng() % 4096;
    std::vector<std::deque<rsp>> pend(S); // per slice: responses in order of their requests
    auto clock = [&]() { top->clk_i = 1; top->eval(); top->clk_i = 0; top->eval(); };
    top->clk_i = 0; top->rst_ni = 0; top->eval(); clock(); top->rst_ni = 1;
    // one request alone: handshake to the slice's valid, then a response to the source's valid
    top->req_valid_i = 0; put(top->req_valid_i, 0, 1); put_num(top->req_slice_i, 0, SLW, S - 1);
    top->out_ready_i = 0; top->rsp_valid_i = 0; top->src_rsp_ready_i = 0;
    top->eval();
    unsigned req_lat = 0, rsp_lat = 0;
    clock(); top->req_valid_i = 0;
    for (req_lat = 1; req_lat < 50 && !get(top->out_valid_o, S - 1); req_lat++) { top->eval(); clock(); }
    put(top->out_ready_i, S - 1, 1); top->eval(); clock(); top->out_ready_i = 0;
    put(top->rsp_valid_i, S - 1, 1); put_num(top->rsp_src_i, (S - 1) * SRCW, SRCW, 0); top->eval();
    clock(); top->rsp_valid_i = 0;
    for (rsp_lat = 1; rsp_lat < 50 && !get(top->src_rsp_valid_o, 0); rsp_lat++) { top->eval(); clock(); }
    put(top->src_rsp_ready_i, 0, 1); top->eval(); clock();
    // saturated traffic
    uint64_t moved = 0, rmoved = 0;
    for (uint64_t c = 0; c < warm + cycles; c++) {
        top->req_valid_i = 0; top->out_ready_i = 0; top->rsp_valid_i = 0; top->src_rsp_ready_i = 0;
        for (unsigned s = 0; s < N; s++) {
            put(top->req_valid_i, s, 1);
            put_num(top->req_slice_i, s * SLW, SLW, stream ? line[s] % S : line[s]);
            put(top->src_rsp_ready_i, s, 1);
        }
        for (unsigned d = 0; d < S; d++) {
            put(top->out_ready_i, d, pend[d].size() < lat + 2); // its response path has room
            bool due = !pend[d].empty() && pend[d].front().due <= c;
            put(top->rsp_valid_i, d, due);
            put_num(top->rsp_src_i, d * SRCW, SRCW, due ? pend[d].front().src : 0);
        }
        top->eval();
        for (unsigned s = 0; s < N; s++)
            if (get(top->req_ready_o, s)) line[s] = stream ? line[s] + 1 : rng() % S;
        for (unsigned d = 0; d < S; d++) {
            if (get(top->rsp_valid_i, d) && get(top->rsp_ready_o, d)) pend[d].pop_front();
            if (get(top->out_valid_o, d) && get(top->out_ready_i, d)) {
                pend[d].push_back({c + lat, get_num(top->out_src_o, d * SRCW, SRCW)});
                moved += c >= warm;
            }
        }
        for (unsigned s = 0; s < N; s++) rmoved += c >= warm && get(top->src_rsp_valid_o, s);
        clock();
    }
    top->final();
    std::printf("xbar_tp: %u x %u, %u slots, %s, slice latency %" PRIu64 ": %.3f requests/cycle, "
                "%.3f of the slices; %.3f responses/cycle; alone: request %u cycles to the slice, "
                "response %u cycle(s) to the source\n", N, S, XB_Q, stream ? "stream" : "random",
                lat, (double)moved / cycles, (double)moved / cycles / S, (double)rmoved / cycles,
                req_lat, rsp_lat);
    return 0;
}
