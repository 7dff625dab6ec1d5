"""l1bench: a cocotb bench for a generated cachegen L1, in lockstep with the C model.

The RTL leads, as in the Verilator harness (tb/l1_harness.cpp): every cycle the bench drives
the L1's inputs on the falling clock edge, lets them settle, then reads the outputs. On every
event the L1 reports (evt_valid_o) the C model (cmodel.py) takes the same event, and the
decision, set, way, eviction, MSHR and whole metadata row must agree. What the model then says
must follow is checked when the RTL does it: every core response (id, status, data) in order,
every memory request (line, MSHR). A Python memory model answers the reads after a drawn
latency, so fills may return out of order, and is a second reference for load data. Channel
monitors check the valid/ready rule on the two channels the L1 drives: once valid is high it
stays high, with the same payload, until ready. The performance counters are compared at the
end.

A mismatch is recorded as text with the cycle; check() raises the first few. Loads only: a
store request is refused (the memory model would have to apply write-through stores).
Baseline-mode L1s (fermi-l1, gcn-l1, fermi-l1-pric): the other modes' events need their own
fields and hint bits, which tb/l1_harness.cpp shows.
"""

import os
import random
import re
from collections import deque

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, FallingEdge, ReadOnly, RisingEdge

from cmodel import COUNTERS, L1Model, Request


def read_pkg(path):
    """The L1's codes by name from its <name>_pkg.vh: {'Status': {'Hit': 0, ...}, 'Evt': ...,
    'Dec': ...} (the localparams a Verilog user includes; one definition, gen/codes.c)."""
    codes = {"Status": {}, "Evt": {}, "Dec": {}}
    top = os.path.basename(path)[:-len("_pkg.vh")]
    prefix = "".join(w.capitalize() for w in top.split("_"))
    pat = re.compile(r"localparam \[\d+:0\] " + prefix + r"(Status|Evt|Dec)(\w+) = \d+'d(\d+);")
    with open(path) as f:
        for m in pat.finditer(f.read()):
            codes[m.group(1)][m.group(2)] = int(m.group(3))
    return codes


class ChannelMonitor:
    """The valid/ready rule on one channel the L1 drives: valid, once high, is not withdrawn
    before ready, and the payload does not change meanwhile. Counts the cycles it waited."""

    def __init__(self, name, valid, ready, payload):
        self.name, self.valid, self.ready, self.payload = name, valid, ready, payload
        self.waiting = False  # valid and not ready last cycle
        self.last = None
        self.wait_cycles = 0

    def sample(self, value):
        """value(signal) -> int. Returns an error text, or None."""
        v, r = value(self.valid), value(self.ready)
        p = tuple(value(s) for s in self.payload) if v else None
        err = None
        if self.waiting and not v:
            err = f"{self.name}: valid withdrawn before ready"
        elif self.waiting and p != self.last:
            names = [s._name for s, a, b in zip(self.payload, self.last, p) if a != b]
            err = f"{self.name}: payload changed while valid waited for ready: {names}"
        self.waiting = bool(v and not r)
        self.wait_cycles += self.waiting
        self.last = p
        return err


class Memory:
    """Line-granular memory behind the L1: deterministic contents per line, reads answered
    after a latency drawn in [lat_min, lat_max] cycles, one response presented at a time and
    held (valid and payload) until the L1 takes it."""

    def __init__(self, line_bytes, seed, lat_min=4, lat_max=12):
        self.line_bytes, self.seed = line_bytes, seed
        self.lat_min, self.lat_max = lat_min, lat_max
        self.rng = random.Random(seed)
        self.reads = []           # outstanding: [due cycle, order, mshr, line]
        self.presented = None     # (mshr, line, data) on the response channel
        self.order = 0

    def line(self, line):
        return random.Random(f"{self.seed}:{line}").getrandbits(8 * self.line_bytes)

    def read(self, mshr, line, cycle):
        self.reads.append([cycle + self.rng.randint(self.lat_min, self.lat_max), self.order,
                           mshr, line])
        self.order += 1

    def response(self, cycle):
        """The response to present this cycle (the one already presented, else the earliest
        due), or None."""
        if self.presented is None:
            due = [r for r in self.reads if r[0] <= cycle]
            if due:
                first = min(due)
                self.reads.remove(first)
                self.presented = (first[2], first[3], self.line(first[3]))
        return self.presented

    def taken(self):
        self.presented = None

    def idle(self):
        return not self.reads and self.presented is None


class L1Bench:
    """Drives one L1 (dut) and checks it against the model. Usage in a test:

        bench = L1Bench(dut)
        await bench.start()            # clock, reset, the per-cycle lockstep task
        bench.load(line, ident)        # queue a load; presented in order, back to back
        await bench.wait_idle()        # every request answered, nothing outstanding
        await bench.finish()           # counters, then raise any mismatch

    bench.rsp_ready: what to drive on rsp_ready_i, a bool or a function of the cycle.
    bench.responses: (cycle, id, status, data) of every response taken.
    bench.accepted_at: the cycle of every request accepted.
    bench.decisions: (cycle, kind, dec) of every event after the init sweep.
    """

    PERIOD_NS = 10

    def __init__(self, dut, rtl_dir=None, seed=1, lat_min=4, lat_max=12):
        self.dut = dut
        rtl_dir = rtl_dir or os.environ["CACHEGEN_RTL_DIR"]
        top = dut._name
        self.codes = read_pkg(os.path.join(rtl_dir, f"{top}_pkg.vh"))
        self.names = {k: {v: n for n, v in d.items()} for k, d in self.codes.items()}
        self.model = L1Model(os.path.join(rtl_dir, "config.yaml"))
        self.mem = Memory(self.model.line_bytes, seed, lat_min, lat_max)
        self.cycle = 0
        self.rsp_ready = True
        self.queue = deque()      # [idle cycles first, Request] of loads not yet presented
        self.presented = None     # on req_*_i until accepted
        self.accepted = deque()   # accepted, not yet decided (a stall decides again)
        self.exp_rsp = deque()    # (id, status, data) the model says follow, in order
        self.exp_mem = deque()    # (line, mshr) memory reads the model says follow
        self.line_of = {}         # id -> line of each accepted load not yet answered
        self.responses = []
        self.accepted_at = []
        self.decisions = []
        self.errors = []
        self.events = self.reads = 0  # compared with the model
        self.mon_rsp = ChannelMonitor("rsp", dut.rsp_valid_o, dut.rsp_ready_i,
                                      [dut.rsp_id_o, dut.rsp_status_o, dut.rsp_data_o])
        self.mon_mem = ChannelMonitor("mem_req", dut.mem_req_valid_o, dut.mem_req_ready_i,
                                      [dut.mem_req_store_o, dut.mem_req_line_o,
                                       dut.mem_req_mshr_o, dut.mem_req_be_o,
                                       dut.mem_req_wdata_o, dut.mem_req_hint_o])
        self._task = None

    # ---- what a test calls ---------------------------------------------------------------
    async def start(self):
        d = self.dut
        for s in (d.req_valid_i, d.req_store_i, d.req_line_i, d.req_id_i, d.req_pc_i,
                  d.req_core_i, d.req_base_i, d.req_be_i, d.req_wdata_i, d.mem_rsp_valid_i,
                  d.mem_rsp_mshr_i, d.mem_rsp_data_i, d.mem_rsp_hint_i, d.flush_i,
                  d.kernel_start_i):
            s.value = 0
        d.rsp_ready_i.value = 1
        d.mem_req_ready_i.value = 1
        d.filter_enable_i.value = 1
        d.rst_ni.value = 0
        cocotb.start_soon(Clock(d.clk_i, self.PERIOD_NS, units="ns").start())
        await ClockCycles(d.clk_i, 4)
        await FallingEdge(d.clk_i)
        d.rst_ni.value = 1
        self._task = cocotb.start_soon(self._run())

    def load(self, line, ident, gap=0):
        """Queue a load of line address `line` with id `ident`, presented `gap` idle cycles
        after the one before it was accepted (0: back to back)."""
        assert ident < (1 << self.model.id_bits), "id wider than req_id_i"
        in_flight = [q.ident for _, q in self.queue] + list(self.line_of) + \
            ([self.presented.ident] if self.presented else [])
        assert ident not in in_flight, f"id {ident} is in flight"
        self.queue.append([gap, Request(line=line, ident=ident)])

    def idle(self):
        return (not self.queue and self.presented is None and not self.accepted
                and not self.exp_rsp and not self.exp_mem and self.mem.idle())

    async def wait_idle(self, limit=2000):
        for _ in range(limit):
            await RisingEdge(self.dut.clk_i)
            if self.errors:
                break
            if self.idle():
                return
        self.check()
        raise AssertionError(f"cycle {self.cycle}: not idle after {limit} cycles "
                             f"({len(self.exp_rsp)} responses, {len(self.exp_mem)} memory "
                             f"requests expected)")

    async def finish(self):
        """Let the counters settle (they count a cycle after their event), compare them with
        the model's, stop the bench and raise any mismatch."""
        await ClockCycles(self.dut.clk_i, 3)
        await ReadOnly()
        model = self.model.counters()
        for name in COUNTERS:
            rtl = self._int(getattr(self.dut, f"cnt_{name}_o"))
            self._expect(f"counter {name}", model[name], rtl)
        self._task.kill()
        self.dut._log.info("checked against the model: %d events, %d responses, %d memory "
                           "reads, %d counters", self.events, len(self.responses),
                           self.reads, len(COUNTERS))
        self.check()

    def check(self):
        if self.errors:
            more = f"\n(and {len(self.errors) - 5} more)" if len(self.errors) > 5 else ""
            raise AssertionError("\n".join(self.errors[:5]) + more)

    def lines_in_distinct_sets(self, n, base):
        """n line addresses from `base` up, each in a set of its own (any index function)."""
        assert n <= self.model.sets
        lines, sets, line = [], set(), base
        while len(lines) < n:
            s = self.model.index(line)
            if s not in sets:
                sets.add(s)
                lines.append(line)
            line += 1
        return lines

    # ---- the per-cycle lockstep ------------------------------------------------------------
    def _fail(self, what):
        self.errors.append(f"cycle {self.cycle}: {what}")

    def _expect(self, what, exp, act, names=None):
        if exp == act:
            return
        if names:
            self._fail(f"{what}: expected {names.get(exp, '?')} ({exp}), actual "
                       f"{names.get(act, '?')} ({act})")
        elif max(exp, act) >> 64:  # a line or a row: where they differ
            bits = [i for i in range(max(exp.bit_length(), act.bit_length()))
                    if (exp ^ act) >> i & 1]
            more = f" and {len(bits) - 8} more" if len(bits) > 8 else ""
            self._fail(f"{what}: differs in bit {', '.join(map(str, bits[:8]))}{more} "
                       f"(expected ...{exp & (1 << 64) - 1:016x}, actual ...{act & (1 << 64) - 1:016x})")
        else:
            self._fail(f"{what}: expected {exp:#x}, actual {act:#x}")

    def _int(self, sig):
        v = sig.value
        if not v.is_resolvable:
            self._fail(f"{sig._name} is {v.binstr[:32]}... (X or Z)")
            return -1
        return v.integer

    async def _run(self):
        d = self.dut
        try:
            while True:
                await FallingEdge(d.clk_i)
                self.cycle += 1
                self._drive()
                await ReadOnly()
                self._sample()
        except Exception as e:  # a bench bug or the model refusing: report it as a failure
            self._fail(f"bench stopped: {type(e).__name__}: {e}")

    def _drive(self):
        d = self.dut
        if self.presented is None and self.queue:
            if self.queue[0][0]:
                self.queue[0][0] -= 1
            else:
                self.presented = self.queue.popleft()[1]
        q = self.presented
        d.req_valid_i.value = q is not None
        if q is not None:
            d.req_line_i.value = q.line
            d.req_id_i.value = q.ident
        ready = self.rsp_ready(self.cycle) if callable(self.rsp_ready) else self.rsp_ready
        d.rsp_ready_i.value = bool(ready)
        fill = self.mem.response(self.cycle)
        d.mem_rsp_valid_i.value = fill is not None
        if fill is not None:
            d.mem_rsp_mshr_i.value = fill[0]
            d.mem_rsp_data_i.value = fill[2]

    def _sample(self):
        d, val = self.dut, self._int
        for mon in (self.mon_rsp, self.mon_mem):
            err = mon.sample(val)
            if err:
                self._fail(err)
        # the RTL counts a stall cycle while the oldest accepted request has stalled
        if self.accepted and self.accepted[0].rsv_counted.value:
            self.model.stall_cycle()
        if val(d.evt_valid_o):
            self._event()
        if val(d.req_valid_i) and val(d.req_ready_o):
            self.accepted.append(self.presented)
            self.accepted_at.append(self.cycle)
            self.line_of[self.presented.ident] = self.presented.line
            self.presented = None
        if val(d.mem_req_valid_o) and val(d.mem_req_ready_i):
            self._mem_request()
        if val(d.mem_rsp_valid_i) and val(d.mem_rsp_ready_o):
            self.mem.taken()
        if val(d.rsp_valid_o) and val(d.rsp_ready_i):
            self._response()

    def _event(self):
        d, val, c = self.dut, self._int, self.codes
        kind, dec, set_ = val(d.evt_kind_o), val(d.evt_dec_o), val(d.evt_set_o)
        self.events += 1
        if kind == c["Evt"]["Sweep"]:
            ev = self.model.sweep(set_)
        elif kind == c["Evt"]["Fill"]:
            fill = self.mem.presented
            if fill is None:
                return self._fail("fill event without a memory response presented")
            self._expect("fill event MSHR", fill[0], val(d.evt_mshr_o))
            ev = self.model.fill(fill[0], fill[2])
        elif kind in (c["Evt"]["Lookup"], c["Evt"]["Stall"]):
            if not self.accepted:
                return self._fail("lookup without an accepted request")
            if self.accepted[0].store:
                return self._fail("a store: not in this bench (loads only)")
            ev = self.model.access(self.accepted[0])
        else:
            return self._fail(f"event kind {kind}: not a baseline L1's")
        if kind != c["Evt"]["Sweep"]:
            self.decisions.append((self.cycle, kind, dec))
        where = f"event {self.names['Evt'].get(kind)} set {set_}"
        self._expect(f"{where}: kind", ev.kind, kind, self.names["Evt"])
        self._expect(f"{where}: decision", ev.dec, dec, self.names["Dec"])
        self._expect(f"{where}: set", ev.set, set_)
        if ev.dec in (c["Dec"]["LdHit"], c["Dec"]["Fill"]):
            self._expect(f"{where}: way", ev.way, val(d.evt_way_o))
        if ev.kind in (c["Evt"]["Lookup"], c["Evt"]["Fill"]):
            self._expect(f"{where}: evict", ev.evict_valid, val(d.evt_evict_o))
            if ev.evict_valid:
                self._expect(f"{where}: evicted tag", ev.evict_tag, val(d.evt_evict_tag_o))
        if ev.dec in (c["Dec"]["LdMiss"], c["Dec"]["Fill"], c["Dec"]["LdMerge"]):
            self._expect(f"{where}: MSHR", ev.mshr, val(d.evt_mshr_o))
        if ev.dec != c["Dec"]["StallLine"]:
            self._expect(f"{where}: metadata row", self.model.row(set_), val(d.evt_row_o))
        # what the RTL must do next
        if ev.kind == c["Evt"]["Lookup"]:
            q = self.accepted.popleft()
            if ev.dec == c["Dec"]["LdMiss"]:
                self.exp_mem.append((q.line, ev.mshr))
        if ev.responds:
            self.exp_rsp.append((ev.ident, ev.status, ev.data))
            for w in ev.waiters:  # then the merged loads, in arrival order, with its line
                self.exp_rsp.append((w, ev.status, ev.data))

    def _mem_request(self):
        d, val = self.dut, self._int
        if val(d.mem_req_store_o):
            return self._fail("a store on the memory channel: not in this bench")
        if not self.exp_mem:
            return self._fail("memory request the model did not ask for")
        line, mshr = self.exp_mem.popleft()
        self._expect("mem_req line", line, val(d.mem_req_line_o))
        self._expect("mem_req MSHR", mshr, val(d.mem_req_mshr_o))
        self.mem.read(mshr, line, self.cycle)
        self.reads += 1

    def _response(self):
        d, val = self.dut, self._int
        ident, status, data = val(d.rsp_id_o), val(d.rsp_status_o), val(d.rsp_data_o)
        self.responses.append((self.cycle, ident, status, data))
        if not self.exp_rsp:
            return self._fail(f"response id {ident} the model did not ask for")
        e_id, e_status, e_data = self.exp_rsp.popleft()
        self._expect("rsp id", e_id, ident)
        self._expect(f"rsp {e_id} status", e_status, status, self.names["Status"])
        self._expect(f"rsp {e_id} data", e_data, data)
        line = self.line_of.pop(e_id, None)
        if line is not None:
            self._expect(f"rsp {e_id} data against the memory model", self.mem.line(line), data)
