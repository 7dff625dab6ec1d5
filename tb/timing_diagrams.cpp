// timing_diagrams: the L1's timing contract as WaveDrom diagrams drawn from the RTL itself.
// Drives a generated L1 through four short scripts (back-to-back load hits, a load miss and
// its fill, a store hit and a store miss, response backpressure), samples its ports every
// cycle and writes one WaveDrom JSON per script (hit.json, miss.json, store.json,
// backpressure.json) into +out=DIR: clk, the request, response, memory-request and
// memory-response handshakes, ids and statuses (x while their valid is low). No model: the
// lockstep harnesses check the behaviour; this shows it. Plusargs: +dir=OUTDIR +out=DIR +help.
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>
#include "Vdut.h"
#include "verilated.h"
#include "harness_util.h"
#include "ports.h"
extern "C" {
#include "../core/lay.h"
}

namespace {

// One signal row of a diagram: a WaveDrom wave string and its data labels.
struct row {
    std::string name, wave;
    std::vector<std::string> data;
    std::string last = "?"; // the last sample, "" for x
    void bit(bool v)
    {
        std::string s = v ? "1" : "0";
        wave += s == last ? "." : s;
        last = s;
    }
    void value(bool valid, const std::string &label)
    {
        std::string s = valid ? label : "";
        if (s == last) {
            wave += ".";
        } else if (!valid) {
            wave += "x";
        } else {
            wave += "=";
            data.push_back(label);
        }
        last = s;
    }
};

struct bench {
    VerilatedContext *ctx;
    Vdut *top;
    lay_l1_t lay;
    cfg_l1_t cfg;
    unsigned latency = 4; // memory read latency in cycles
    struct read { unsigned mshr; uint64_t due; };
    std::deque<read> reads;
    uint64_t cycle = 0;
    std::vector<row> rows;
    bool recording = false;
    std::map<unsigned, uint64_t> taken;  // request id -> the cycle it was taken
    std::map<unsigned, uint64_t> answer; // request id -> cycles from taken to its response
    std::map<unsigned, unsigned> status; // request id -> its response's status

    bench(VerilatedContext *c, Vdut *t, const cfg_t &cf) : ctx(c), top(t), cfg(cf.l1)
    {
        lay_l1_build(&cfg, &lay);
    }

    void present(bool valid, bool store, uint64_t line, unsigned id)
    {
        bv_t v;
        top->req_valid_i = valid;
        top->req_store_i = store;
        bv_zero(&v);
        bv_put(&v, 0, 64, line);
        port_put(top->req_line_i, v, lay.line_addr_bits);
        top->req_id_i = id;
        top->req_pc_i = 0x40;
        top->req_core_i = 0;
        bv_zero(&v);
        for (unsigned i = 0; i < cfg.line_bytes; i++)
            bv_put(&v, i, 1, 1);
        port_put(top->req_be_i, v, cfg.line_bytes);
        bv_zero(&v);
        port_put(top->req_wdata_i, v, lay.line_bits);
    }

    static std::string status_name(unsigned s)
    {
        static const char *const n[] = {"HIT", "MISS", "BYPASS", "STORE"};
        return n[s & 3];
    }

    void sample()
    {
        if (rows.empty())
            for (const char *n : {"clk_i", "req_valid_i", "req_ready_o", "req_store_i", "req_id_i",
                                  "rsp_valid_o", "rsp_ready_i", "rsp_id_o", "rsp_status_o",
                                  "mem_req_valid_o", "mem_req_ready_i", "mem_req_store_o",
                                  "mem_rsp_valid_i", "mem_rsp_ready_o"})
                rows.push_back(row{n, "", {}, "?"});
        rows[0].wave += rows[0].wave.empty() ? "p" : ".";
        rows[1].bit(top->req_valid_i);
        rows[2].bit(top->req_ready_o);
        rows[3].value(top->req_valid_i, top->req_store_i ? "st" : "ld");
        rows[4].value(top->req_valid_i, std::to_string(top->req_id_i));
        rows[5].bit(top->rsp_valid_o);
        rows[6].bit(top->rsp_ready_i);
        rows[7].value(top->rsp_valid_o, std::to_string(port_u64(top->rsp_id_o)));
        rows[8].value(top->rsp_valid_o, status_name(top->rsp_status_o));
        rows[9].bit(top->mem_req_valid_o);
        rows[10].bit(top->mem_req_ready_i);
        rows[11].value(top->mem_req_valid_o, top->mem_req_store_o ? "write" : "read");
        rows[12].bit(top->mem_rsp_valid_i);
        rows[13].bit(top->mem_rsp_ready_o);
    }

    // One clock with response readiness rsp_ready; returns whether the request was taken.
    bool tick(bool rsp_ready = true)
    {
        top->clk_i = 0;
        top->rsp_ready_i = rsp_ready;
        top->mem_req_ready_i = 1;
        top->flush_i = 0;
        top->kernel_start_i = 0;
        top->filter_enable_i = 1;
        bool fill = !reads.empty() && reads.front().due <= cycle;
        top->mem_rsp_valid_i = fill;
        if (fill) {
            bv_t d;
            bv_zero(&d);
            top->mem_rsp_mshr_i = reads.front().mshr;
            port_put(top->mem_rsp_data_i, d, lay.line_bits);
        }
        top->mem_rsp_hint_i = 0;
        top->eval();
        if (recording)
            sample();
        bool acc = top->req_valid_i && top->req_ready_o;
        if (acc)
            taken[top->req_id_i] = cycle;
        if (top->rsp_valid_o && top->rsp_ready_i) {
            unsigned id = (unsigned)port_u64(top->rsp_id_o);
            answer[id] = cycle - taken[id];
            status[id] = top->rsp_status_o & 3;
        }
        if (top->mem_req_valid_o && top->mem_req_ready_i && !top->mem_req_store_o)
            reads.push_back({(unsigned)port_u64(top->mem_req_mshr_o), cycle + latency});
        if (fill && top->mem_rsp_ready_o)
            reads.pop_front();
        top->clk_i = 1;
        top->eval();
        ctx->timeInc(1);
        cycle++;
        return acc;
    }

    void idle(unsigned n)
    {
        present(false, false, 0, 0);
        for (unsigned i = 0; i < n; i++)
            tick();
    }

    // Requests in order, each presented until taken; rsp_ready follows `ready` (one character
    // per cycle from the start, '1' or '0', then 1), then `tail` idle cycles.
    struct req { bool store; uint64_t line; unsigned id; };
    void script(const std::vector<req> &reqs, const std::string &ready, unsigned tail)
    {
        size_t k = 0, t = 0;
        auto rdy = [&]() { return t >= ready.size() || ready[t] == '1'; };
        while (k < reqs.size()) {
            present(true, reqs[k].store, reqs[k].line, reqs[k].id);
            if (tick(rdy()))
                k++;
            t++;
        }
        present(false, false, 0, 0);
        for (unsigned i = 0; i < tail; i++, t++)
            tick(rdy());
    }

    bool write(const std::string &path, const std::string &title)
    {
        FILE *f = std::fopen(path.c_str(), "w");
        if (!f)
            return false;
        std::fprintf(f, "{\"signal\": [\n");
        for (size_t i = 0; i < rows.size(); i++) {
            std::fprintf(f, "  {\"name\": \"%s\", \"wave\": \"%s\"", rows[i].name.c_str(),
                         rows[i].wave.c_str());
            if (!rows[i].data.empty()) {
                std::fprintf(f, ", \"data\": [");
                for (size_t j = 0; j < rows[i].data.size(); j++)
                    std::fprintf(f, "%s\"%s\"", j ? ", " : "", rows[i].data[j].c_str());
                std::fprintf(f, "]");
            }
            std::fprintf(f, "}%s\n", i + 1 < rows.size() ? "," : "");
        }
        std::fprintf(f, "],\n \"head\": {\"text\": \"%s\", \"tick\": 0}}\n", title.c_str());
        return std::fclose(f) == 0;
    }

    void start() { rows.clear(); recording = true; }
    void stop() { recording = false; }
};

} // namespace

int main(int argc, char **argv)
{
    plusargs pa("timing_diagrams",
                "WaveDrom diagrams of a generated L1's ports (hit, miss, store, backpressure).\n"
                "Exit status: 0 written, 1 a file not written, 2 bad plusarg or setup.");
    pa.text("dir", "OUTDIR", "", "the generated output directory (with config.yaml); required");
    pa.text("out", "DIR", "", "where the four JSON files go; required");
    int st = pa.parse(argc, argv);
    if (st >= 0)
        return st;
    if (pa.str("dir").empty() || pa.str("out").empty())
        return pa.refuse("dir", "+dir and +out are both required");
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->commandArgs(argc, argv);
    cfg_t c;
    if (!load_config(pa.str("dir"), "timing_diagrams", c))
        return 2;
    auto top = std::make_unique<Vdut>(ctx.get());
    bench b(ctx.get(), top.get(), c);
    b.top->clk_i = 0;
    b.top->rst_ni = 0;
    b.present(false, false, 0, 0);
    b.top->eval();
    b.top->rst_ni = 1;
    b.idle((1u << b.lay.set_bits) + 8); // the init sweep
    const uint64_t a = 1, m = 2, s = 3;   // a resident line, a line to miss, one to store to
    // warm line a: loaded until it hits (a mechanism may bypass or only count its first loads)
    for (unsigned t = 0; t < 16 && !(b.status.count(0) && b.status[0] == 0); t++)
        b.script({{false, a, 0}}, "", 2 * b.latency + 8);
    std::string out = pa.str("out");
    bool ok = true;

    b.start(); // three load hits back to back: one request a cycle, each answered 2 cycles on
    b.script({{false, a, 1}, {false, a, 2}, {false, a, 3}}, "", 4);
    b.stop();
    // the titles say what this configuration's RTL did (latencies and statuses measured)
    b.idle(2 * b.latency + 8); // every answer in, for the title (the diagram stopped above)
    ok &= b.write(out + "/hit.json",
                  (b.status[1] == 0 ? std::string("Load hits")
                                    : "Loads of one line (" + bench::status_name(b.status[1]) + ")") +
                      ": one request per cycle, each answered " + std::to_string(b.answer[1]) +
                      " cycles later");

    b.start(); // a miss: the line read leaves through the memory queue, the fill answers it
    b.script({{false, m, 4}}, "", b.latency + 5);
    b.stop();
    b.idle(2 * b.latency + 8);
    ok &= b.write(out + "/miss.json", "Load miss: line read, fill " + std::to_string(b.latency) +
                                          " cycles later, " + bench::status_name(b.status[4]) +
                                          " response");

    b.start(); // a store hit and a store miss: each written through, acknowledged STORE
    b.script({{true, a, 5}, {true, s, 6}}, "", 4);
    b.stop();
    ok &= b.write(out + "/store.json", "Stores: written through, acknowledged when queued");

    b.start(); // responses held: valid stays, payload stable, requests stop when full
    b.script({{false, a, 7}, {false, a, 8}, {false, a, 9}, {false, a, 10}, {false, a, 11}},
             "0000001", 4);
    b.stop();
    ok &= b.write(out + "/backpressure.json",
                  "Response backpressure: valid held with its payload, requests stop when the queue is full");
    b.idle(2 * b.latency + 8);
    top->final();
    return ok ? 0 : 1;
}
