"""axi_common: what the cocotb tests of the AXI4 wrappers share (test_axi.py: the L1's
<name>_axi; test_l2_axi.py: the L2's bridge <name>_l2_axi): pause generators, a reordering,
interleaving read responder built on cocotbext-axi's own AR and R channel models, the two
memories the tests run against, the lines a test uses, the clock, and the end of a run (every
request answered, every write's B back, the VIP's memory equal to the reference)."""

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import ClockCycles, RisingEdge
from cocotbext.axi import AxiBus, AxiRam, AxiRamWrite
from cocotbext.axi.axi_channels import AxiARSink, AxiRSource


def pauses(rng, p):
    """A pause generator: True (pause) with probability p each cycle."""
    while True:
        yield rng.random() < p


class ReorderRead:
    """AR sink and R source of cocotbext-axi; bursts answered out of order, beats of
    different ids interleaved, each beat read from memory when it is sent."""

    def __init__(self, bus, clk, rst, mem, rng):
        self.ar = AxiARSink(bus.ar, clk, rst, reset_active_level=False)
        self.r = AxiRSource(bus.r, clk, rst, reset_active_level=False)
        self.mem, self.rng, self.clk = mem, rng, clk
        self.bytes = len(bus.r.rdata) // 8
        self.open = []                       # [arid, next address, beats left]
        self.interleaved = 0
        cocotb.start_soon(self.run())

    async def run(self):
        last = None
        while True:
            while not self.ar.empty() and len(self.open) < 4:
                a = self.ar.recv_nowait()
                self.open.append([int(a.arid), int(a.araddr), int(a.arlen) + 1])
            if self.open and self.r.count() < 2 and self.rng.random() < 0.7:
                b = self.rng.choice(self.open)
                if last is not None and b is not last and last in self.open:
                    self.interleaved += 1
                t = self.r._transaction_obj()
                t.rid, t.rresp = b[0], 0
                t.rdata = int.from_bytes(self.mem.read(b[1], self.bytes), "little")
                b[1] += self.bytes
                b[2] -= 1
                t.rlast = int(b[2] == 0)
                if b[2] == 0:
                    self.open.remove(b)
                self.r.send_nowait(t)
                last = b
            await RisingEdge(self.clk)


def pick_lines(rng, n):
    """n distinct lines: half in a small window (they stay and hit), half 256 lines apart (one
    set under a modulo index of up to 256 sets: they evict each other, so loads miss, also
    right after a store to their line)."""
    near = rng.sample(range(0x100, 0x100 + 4 * n), n - n // 2)
    far = [0x1000 + 256 * k + 3 for k in range(n // 2)]
    return near + far


def start(dut):
    cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start())
    return random.Random(cocotb.RANDOM_SEED)


def set_pauses(rng, channels, p):
    for ch in channels:
        ch.set_pause_generator(pauses(random.Random(rng.getrandbits(32)), p))


def paused_ram(dut, rng):
    """AxiRam on m_axi, random pauses on AW, W, B, AR and R."""
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False,
                 size=1 << 24)
    set_pauses(rng, [ram.write_if.aw_channel, ram.write_if.w_channel, ram.write_if.b_channel,
                     ram.read_if.ar_channel, ram.read_if.r_channel], 0.3)
    return ram


def reordering_memory(dut, rng):
    """AxiRamWrite with its pauses, each write reaching its memory up to 24 cycles after its
    last W beat and before its B (as a posted write may: a read sent before the B may miss it);
    reads by ReorderRead over that memory. Returns (the write half, the read responder)."""
    bus = AxiBus.from_prefix(dut, "m_axi")
    wr = AxiRamWrite(bus.write, dut.clk_i, dut.rst_ni, reset_active_level=False, size=1 << 24)
    set_pauses(rng, [wr.aw_channel, wr.w_channel, wr.b_channel], 0.3)
    slow = random.Random(rng.getrandbits(32))

    async def late_write(address, data):
        await ClockCycles(dut.clk_i, slow.randrange(0, 25))
        wr.write(address, data)

    wr._write = late_write
    rd = ReorderRead(bus.read, dut.clk_i, dut.rst_ni, wr, random.Random(rng.getrandbits(32)))
    set_pauses(rng, [rd.ar, rd.r], 0.2)
    return wr, rd


async def finish(bench, lines, mem_read, what):
    """The end of a run: every outstanding request of bench (.expect) answered, every write's B
    back (so applied: none awaiting B, none being sent), then the VIP's memory equal to the
    reference (.ref) on lines, and no mismatch recorded (.errors). what names the requests."""
    d = bench.dut
    for _ in range(20000):
        await RisingEdge(d.clk_i)
        if not bench.expect:
            break
    assert not bench.expect, f"{len(bench.expect)} {what} never answered"
    for _ in range(20000):
        await RisingEdge(d.clk_i)
        if not (int(d.wq_valid_q.value) or d.m_axi_awvalid.value or d.m_axi_wvalid.value):
            break
    assert not int(d.wq_valid_q.value), "writes still awaiting B after 20000 cycles"
    await ClockCycles(d.clk_i, 2)
    for line in lines:
        got = bytes(mem_read(bench.addr(line), bench.lb))
        if got != bytes(bench.ref[line]):
            bad = [i for i in range(bench.lb) if got[i] != bench.ref[line][i]]
            bench.errors.append(f"memory line {line:#x}: {len(bad)} bytes differ from the "
                                f"reference, first byte {bad[0]}")
    assert not bench.errors, f"{len(bench.errors)} mismatches; first: " + \
        "; ".join(bench.errors[:4])
    d._log.info("%d %s answered and checked, memory equal to the reference on %d lines",
                bench.done, what, len(lines))
