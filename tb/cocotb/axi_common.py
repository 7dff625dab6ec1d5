"""axi_common: what the cocotb tests of the AXI4 wrappers share (test_axi.py: the L1's
<name>_axi; test_l2_axi.py: the L2's bridge <name>_l2_axi): pause generators, a reordering,
interleaving read responder built on cocotbext-axi's own AR and R channel models, the lines a
test uses, and the clock."""

import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import RisingEdge
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
