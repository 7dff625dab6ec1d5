"""test_l2_axi: <name>_l2_axi (the L2 slice's memory port bridged to an AXI4 master, docs/ip.md
"AXI4 memory side") against cocotbext-axi, a third-party AXI4 slave model.

The test plays the L2 slice on the bridge's cache side, by the L2's rules: a line read is
tagged by an MSHR with no read outstanding, a write-back carries a whole line and is never to a
line with a read outstanding (the L2 writes back only a resident line, and a line is resident
only once its read has come back), a request is held until accepted, a response may be
refused (rsp_ready_i low) for a while. A Python
reference memory takes each write-back when the bridge accepts it; every read's line must be
the reference line as it was when the bridge accepted the read (a read behind a write-back of
its line sees the write-back). At the end the VIP's memory must equal the reference, and the
error register must be clear.

- axiram_pauses: AxiRam on m_axi, random pauses on all five channels.
- reorder_interleave: AxiRamWrite with its pauses, each write reaching its memory up to 24
  cycles after its last W beat and before its B; reads answered out of id order with
  interleaved beats (axi_common.ReorderRead).
- error_response: SLVERR on reads of one line and write-backs of another: the first error is
  held in axi_err_* until axi_err_clear_i.
"""

import os
import random

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge
from cocotbext.axi import AxiBus, AxiRam

from axi_common import finish, paused_ram, pick_lines, reordering_memory, start

OPS = int(os.environ.get("AXI_OPS") or "600")


class L2Side:
    """The L2 slice's side of the bridge: requests, responses and the reference memory."""

    def __init__(self, dut, rng):
        self.dut, self.rng = dut, rng
        self.lb = len(dut.req_wdata_i) // 8    # line bytes
        self.mshrs = len(dut.busy_q)           # the L2's MSHRs (one busy bit each)
        self.ref = {}                          # line -> bytes
        self.expect = {}                       # MSHR -> (line, data) of its read
        self.done = 0
        self.errors = []

    def addr(self, line):
        return line * self.lb

    def init_lines(self, mem_write, lines):
        for line in lines:
            data = bytes(self.rng.getrandbits(8) for _ in range(self.lb))
            self.ref[line] = data
            mem_write(self.addr(line), data)

    async def reset(self):
        d = self.dut
        d.rst_ni.value = 0
        for s in ("req_valid_i", "req_store_i", "req_line_i", "req_mshr_i", "req_wdata_i",
                  "rsp_ready_i", "axi_err_clear_i"):
            getattr(d, s).value = 0
        await ClockCycles(d.clk_i, 3)
        d.rst_ni.value = 1
        await ClockCycles(d.clk_i, 2)

    async def responses(self):
        d = self.dut
        while True:
            await RisingEdge(d.clk_i)
            if d.rsp_valid_o.value and d.rsp_ready_i.value:
                k = int(d.rsp_mshr_o.value)
                if k not in self.expect:
                    self.errors.append(f"a line for MSHR {k}, which has no read outstanding")
                else:
                    line, data = self.expect.pop(k)
                    got = int(d.rsp_data_o.value).to_bytes(self.lb, "little")
                    if got != data:
                        bad = [i for i in range(self.lb) if got[i] != data[i]]
                        self.errors.append(f"read MSHR {k} line {line:#x}: data differs in "
                                           f"{len(bad)} bytes from byte {bad[0]}: got "
                                           f"{got[bad[0]]:#04x}, expected {data[bad[0]]:#04x}")
                self.done += 1
            d.rsp_ready_i.value = int(self.rng.random() < 0.8)

    def accept(self, cur):
        kind, line, k, data = cur
        if kind == "wb":
            self.ref[line] = data
        else:
            self.expect[k] = (line, self.ref[line])

    async def drive(self, lines, n, wb_p=0.4):
        """n random requests, each held until accepted; the reference takes a write-back, and
        a read's expected line is snapshot, at acceptance."""
        d, rng = self.dut, self.rng
        cur, last, sent = None, None, 0
        while sent < n or cur is not None:
            await RisingEdge(d.clk_i)
            if cur is not None and d.req_valid_i.value and d.req_ready_o.value:
                self.accept(cur)
                cur = None
                sent += 1
            if cur is None and sent < n and rng.random() < 0.7:
                # a third of the requests go to the line of the one before: a read right
                # behind the write-back of its line, a write-back behind a read
                line = last if last is not None and rng.random() < 0.33 else rng.choice(lines)
                reading = {ln for ln, _ in self.expect.values()}
                if rng.random() < wb_p and line not in reading:
                    cur = ("wb", line, rng.randrange(self.mshrs),
                           bytes(rng.getrandbits(8) for _ in range(self.lb)))
                else:
                    free = [k for k in range(self.mshrs) if k not in self.expect]
                    cur = ("read", line, rng.choice(free), b"") if free else None
                if cur is not None:
                    last = line
            if cur is None:
                d.req_valid_i.value = 0
            else:
                kind, line, k, data = cur
                d.req_valid_i.value = 1
                d.req_store_i.value = int(kind == "wb")
                d.req_line_i.value = line
                d.req_mshr_i.value = k
                d.req_wdata_i.value = int.from_bytes(data, "little") if data else 0

    async def run(self, lines, n, mem_read):
        cocotb.start_soon(self.responses())
        await self.drive(lines, n)
        await finish(self, lines, mem_read, "reads")


@cocotb.test()
async def axiram_pauses(dut):
    """AxiRam, random pauses on AW, W, B, AR and R."""
    rng = start(dut)
    ram = paused_ram(dut, rng)
    l2 = L2Side(dut, rng)
    lines = pick_lines(rng, 48)
    l2.init_lines(ram.write, lines)
    await l2.reset()
    await l2.run(lines, OPS, ram.read)
    assert int(dut.axi_err_o.value) == 0, "axi_err_o set without an error response"


@cocotb.test()
async def reorder_interleave(dut):
    """AxiRamWrite for write-backs; reads answered out of id order with interleaved beats."""
    rng = start(dut)
    wr, rd = reordering_memory(dut, rng)
    l2 = L2Side(dut, rng)
    lines = pick_lines(rng, 48)
    l2.init_lines(wr.write, lines)
    await l2.reset()
    await l2.run(lines, OPS, wr.read)
    assert int(dut.axi_err_o.value) == 0, "axi_err_o set without an error response"
    if len(dut.m_axi_rdata) < len(dut.req_wdata_i) and l2.mshrs > 1:
        assert rd.interleaved > 10, f"only {rd.interleaved} interleaved beats: the test is too weak"
    dut._log.info("%d R beats sent while another burst was open (interleaved)", rd.interleaved)


async def send(dut, kind, line, k, data=b""):
    """One request, held until the bridge accepts it."""
    dut.req_valid_i.value, dut.req_store_i.value = 1, int(kind == "wb")
    dut.req_line_i.value, dut.req_mshr_i.value = line, k
    dut.req_wdata_i.value = int.from_bytes(data, "little") if data else 0
    await RisingEdge(dut.clk_i)
    while not dut.req_ready_o.value:
        await RisingEdge(dut.clk_i)
    dut.req_valid_i.value = 0


@cocotb.test()
async def error_response(dut):
    """SLVERR on reads of one line and write-backs of another: held in axi_err_*."""
    rng = start(dut)
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False,
                 size=1 << 24)
    l2 = L2Side(dut, rng)
    lines = pick_lines(rng, 8)
    l2.init_lines(ram.write, lines)
    bad_rd, bad_wr, lb = lines[0], lines[1], l2.lb

    async def read(address, length):
        if address // lb == bad_rd:
            raise IOError("planted read error")
        return ram.read(address, length)

    async def write(address, data):
        if address // lb == bad_wr:
            raise IOError("planted write error")
        ram.write(address, data)

    ram.read_if._read, ram.write_if._write = read, write
    await l2.reset()
    cocotb.start_soon(l2.responses())
    d = dut
    # a read of the bad line: answered (with the slave's zeros), and the error held
    l2.expect[0] = (bad_rd, bytes(lb))
    await send(d, "read", bad_rd, 0)
    for _ in range(500):
        await RisingEdge(d.clk_i)
        if not l2.expect:
            break
    assert not l2.expect and not l2.errors, f"bad-line read: {l2.errors or 'no answer'}"
    assert int(d.axi_err_o.value) == 1, "no error held after an SLVERR read"
    assert int(d.axi_err_kind_o.value) == 1, f"kind {int(d.axi_err_kind_o.value)}, expected 1 (read)"
    assert int(d.axi_err_resp_o.value) == 2, f"resp {int(d.axi_err_resp_o.value)}, expected SLVERR"
    assert int(d.axi_err_line_o.value) == bad_rd, "error line is not the read's"
    # a write-back of the other bad line: the first error stays until cleared
    await send(d, "wb", bad_wr, 0, bytes(range(lb)) if lb <= 256 else bytes(lb))
    await ClockCycles(d.clk_i, 100)
    assert int(d.axi_err_kind_o.value) == 1, "a later error replaced the first"
    d.axi_err_clear_i.value = 1
    await RisingEdge(d.clk_i)
    d.axi_err_clear_i.value = 0
    await RisingEdge(d.clk_i)
    assert int(d.axi_err_o.value) == 0, "axi_err_clear_i did not clear"
    await send(d, "wb", bad_wr, 1, bytes(lb))
    await ClockCycles(d.clk_i, 100)
    assert int(d.axi_err_o.value) == 1 and int(d.axi_err_kind_o.value) == 2, \
        "an SLVERR write-back after the clear not held as a write error"
    assert int(d.axi_err_line_o.value) == bad_wr, "error line is not the write-back's"
    assert int(d.axi_err_resp_o.value) == 2, "write error resp is not SLVERR"
    assert not l2.errors, l2.errors
