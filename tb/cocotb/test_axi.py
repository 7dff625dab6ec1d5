"""test_axi: <name>_axi (the L1 behind an AXI4 master, docs/ip.md "AXI4 memory side") against
cocotbext-axi, a third-party AXI4 slave model.

Random loads and stores drive the L1's core side; a Python reference memory takes each store
when the L1 accepts it, and every load's data must be the reference line as it was when the L1
accepted the load (one core, write-through: docs/l1.md "Memory side"). At the end the VIP's
memory must equal the reference, and the wrapper's error register must be clear.

- axiram_pauses: cocotbext-axi's AxiRam on m_axi, random pauses on all five channels.
- reorder_interleave: AxiRam's write half (AxiRamWrite) with its pauses, each write reaching
  its memory up to 24 cycles after its last W beat and before its B; the read half is
  cocotbext-axi's AR sink and R source with a reordering policy of ours on top (AxiRam answers
  bursts in order, one at a time): the beats of up to four outstanding bursts go out in a
  random order, interleaved, each read from the VIP's memory when it is sent.
- error_response: AxiRam with SLVERR on reads of one line and writes of another (its _read
  and _write raise, which AxiRam answers with SLVERR); the failed load is answered with status
  Err (4) and the slave's data, and the line is not installed: once the slave reads it again,
  the next load of it misses (status Miss) and sees the reference data. The first error is held
  in axi_err_* until axi_err_clear_i. No load of a good read is ever answered Err.
"""

import os
import random

import cocotb
from cocotb.triggers import ClockCycles, RisingEdge
from cocotbext.axi import AxiBus, AxiRam

from axi_common import finish, paused_ram, pick_lines, reordering_memory, start

STATUS_MISS, STATUS_STORE, STATUS_ERR = 1, 3, 4
OPS = int(os.environ.get("AXI_OPS") or "600")


class Bench:
    def __init__(self, dut, rng):
        self.dut, self.rng = dut, rng
        self.lb = len(dut.req_be_i)            # line bytes
        self.idw = len(dut.req_id_i)
        self.ref = {}                          # line -> bytearray
        self.expect = {}                       # id -> (kind, line, data or None)
        self.want = {}                         # id -> the status a load must have (else not Err)
        self.done = 0
        self.errors = []

    def addr(self, line):
        return line * self.lb

    def init_lines(self, mem_write, lines):
        for line in lines:
            data = bytearray(self.rng.getrandbits(8) for _ in range(self.lb))
            self.ref[line] = data
            mem_write(self.addr(line), bytes(data))

    async def reset(self):
        d = self.dut
        d.rst_ni.value = 0
        for s in ("req_valid_i", "req_store_i", "req_line_i", "req_id_i", "req_pc_i", "req_core_i",
                  "req_base_i", "req_be_i", "req_wdata_i", "rsp_ready_i", "flush_i",
                  "kernel_start_i", "filter_enable_i", "axi_err_clear_i"):
            getattr(d, s).value = 0
        await ClockCycles(d.clk_i, 3)
        d.rst_ni.value = 1
        await ClockCycles(d.clk_i, 2)

    async def responses(self):
        d = self.dut
        while True:
            await RisingEdge(d.clk_i)
            if d.rsp_valid_o.value and d.rsp_ready_i.value:
                rid, st = int(d.rsp_id_o.value), int(d.rsp_status_o.value)
                kind, line, data = self.expect.pop(rid)
                if kind == "store":
                    if st != STATUS_STORE:
                        self.errors.append(f"store id {rid} line {line:#x}: status {st}")
                else:
                    got = int(d.rsp_data_o.value).to_bytes(self.lb, "little")
                    want = self.want.pop(rid, None)
                    if st == STATUS_STORE:
                        self.errors.append(f"load id {rid} line {line:#x}: status STORE")
                    elif want is not None and st != want:
                        self.errors.append(f"load id {rid} line {line:#x}: status {st}, "
                                           f"expected {want}")
                    elif want is None and st == STATUS_ERR:
                        self.errors.append(f"load id {rid} line {line:#x}: status Err after a "
                                           "good read")
                    if got != data:
                        bad = [i for i in range(self.lb) if got[i] != data[i]]
                        self.errors.append(f"load id {rid} line {line:#x}: data differs in "
                                           f"{len(bad)} bytes from byte {bad[0]}: got "
                                           f"{got[bad[0]]:#04x}, expected {data[bad[0]]:#04x}")
                self.done += 1
            d.rsp_ready_i.value = int(self.rng.random() < 0.8)

    async def drive(self, lines, n, store_p=0.4):
        """n random requests, each held until accepted; the reference takes a store, and a
        load's expected line is snapshot, at acceptance."""
        d, rng = self.dut, self.rng
        nid, cur, last = 0, None, None
        sent = 0
        while sent < n or cur is not None:
            await RisingEdge(d.clk_i)
            if cur is not None and d.req_valid_i.value and d.req_ready_o.value:
                kind, line, rid, be, data = cur
                if kind == "store":
                    ref = self.ref[line]
                    for i in range(self.lb):
                        if be >> i & 1:
                            ref[i] = data[i]
                    self.expect[rid] = ("store", line, None)
                else:
                    self.expect[rid] = ("load", line, bytes(self.ref[line]))
                cur = None
                sent += 1
            if cur is None and sent < n and rng.random() < 0.7:
                rid = nid % (1 << self.idw)
                if rid not in self.expect:
                    nid += 1
                    # a third of the requests go to the line of the one before: a load
                    # right behind a store to its line, a store behind a read
                    line = last if last is not None and rng.random() < 0.33 else rng.choice(lines)
                    last = line
                    if rng.random() < store_p:
                        be = rng.getrandbits(self.lb) if rng.random() < 0.7 else \
                            ((1 << rng.randrange(1, 9)) - 1) << rng.randrange(0, self.lb - 8)
                        be &= (1 << self.lb) - 1
                        data = bytes(rng.getrandbits(8) for _ in range(self.lb))
                        cur = ("store", line, rid, be, data)
                    else:
                        cur = ("load", line, rid, 0, b"")
            if cur is None:
                d.req_valid_i.value = 0
            else:
                kind, line, rid, be, data = cur
                d.req_valid_i.value = 1
                d.req_store_i.value = int(kind == "store")
                d.req_line_i.value = line
                d.req_id_i.value = rid
                d.req_be_i.value = be
                d.req_wdata_i.value = int.from_bytes(data, "little") if data else 0

    async def run(self, lines, n, mem_read):
        cocotb.start_soon(self.responses())
        await self.drive(lines, n)
        await finish(self, lines, mem_read, "requests")


@cocotb.test()
async def axiram_pauses(dut):
    """AxiRam, random pauses on AW, W, B, AR and R."""
    rng = start(dut)
    ram = paused_ram(dut, rng)
    bench = Bench(dut, rng)
    lines = pick_lines(rng, 48)
    bench.init_lines(ram.write, lines)
    await bench.reset()
    await bench.run(lines, OPS, ram.read)
    assert int(dut.axi_err_o.value) == 0, "axi_err_o set without an error response"


@cocotb.test()
async def reorder_interleave(dut):
    """AxiRamWrite for writes; reads answered out of id order with interleaved beats."""
    rng = start(dut)
    wr, rd = reordering_memory(dut, rng)
    bench = Bench(dut, rng)
    lines = pick_lines(rng, 48)
    bench.init_lines(wr.write, lines)
    await bench.reset()
    await bench.run(lines, OPS, wr.read)
    assert int(dut.axi_err_o.value) == 0, "axi_err_o set without an error response"
    if len(dut.m_axi_rdata) < len(dut.req_wdata_i):
        assert rd.interleaved > 10, f"only {rd.interleaved} interleaved beats: the test is too weak"
    dut._log.info("%d R beats sent while another burst was open (interleaved)", rd.interleaved)


@cocotb.test()
async def error_response(dut):
    """SLVERR on reads of one line and on writes of another: held in axi_err_*."""
    rng = start(dut)
    ram = AxiRam(AxiBus.from_prefix(dut, "m_axi"), dut.clk_i, dut.rst_ni, reset_active_level=False,
                 size=1 << 24)
    bench = Bench(dut, rng)
    lines = pick_lines(rng, 8)
    bench.init_lines(ram.write, lines)
    bad_rd, bad_wr = lines[0], lines[1]
    lb = bench.lb
    failing = {"read": True}

    async def read(address, length):
        if address // lb == bad_rd and failing["read"]:
            raise IOError("planted read error")
        return ram.read(address, length)

    async def write(address, data):
        if address // lb == bad_wr:
            raise IOError("planted write error")
        ram.write(address, data)

    ram.read_if._read, ram.write_if._write = read, write
    await bench.reset()
    cocotb.start_soon(bench.responses())
    d = dut
    async def load(rid, data, status):
        bench.expect[rid] = ("load", bad_rd, data)
        bench.want[rid] = status
        d.req_valid_i.value, d.req_store_i.value, d.req_line_i.value, d.req_id_i.value = \
            1, 0, bad_rd, rid
        await RisingEdge(d.clk_i)
        while not d.req_ready_o.value:
            await RisingEdge(d.clk_i)
        d.req_valid_i.value = 0
        for _ in range(500):
            await RisingEdge(d.clk_i)
            if not bench.expect:
                break
        assert not bench.expect and not bench.errors, \
            f"bad-line load {rid}: {bench.errors or 'no answer'}"

    # a load of the bad line: answered Err (with the slave's data), and the error held
    await load(1, bytes(lb), STATUS_ERR)   # AxiRam returns zeros with SLVERR
    assert int(d.axi_err_o.value) == 1, "no error held after an SLVERR read"
    assert int(d.axi_err_kind_o.value) == 1, f"kind {int(d.axi_err_kind_o.value)}, expected 1 (read)"
    assert int(d.axi_err_resp_o.value) == 2, f"resp {int(d.axi_err_resp_o.value)}, expected SLVERR"
    assert int(d.axi_err_line_o.value) == bad_rd, "error line is not the read's"
    # the failed line was not installed: with the slave reading it again, the next load misses
    # and gets the line (a cached copy of the failed data would hit, with zeros)
    failing["read"] = False
    await load(4, bytes(bench.ref[bad_rd]), STATUS_MISS)
    # a store to the other bad line: the first error stays until cleared
    d.req_valid_i.value, d.req_store_i.value, d.req_line_i.value, d.req_id_i.value = 1, 1, bad_wr, 2
    d.req_be_i.value = 1
    bench.expect[2] = ("store", bad_wr, None)
    await RisingEdge(d.clk_i)
    while not d.req_ready_o.value:
        await RisingEdge(d.clk_i)
    d.req_valid_i.value = 0
    await ClockCycles(d.clk_i, 100)
    assert int(d.axi_err_kind_o.value) == 1, "a later error replaced the first"
    d.axi_err_clear_i.value = 1
    await RisingEdge(d.clk_i)
    d.axi_err_clear_i.value = 0
    await RisingEdge(d.clk_i)
    assert int(d.axi_err_o.value) == 0, "axi_err_clear_i did not clear"
    d.req_valid_i.value, d.req_line_i.value, d.req_id_i.value = 1, bad_wr, 3
    bench.expect[3] = ("store", bad_wr, None)
    await RisingEdge(d.clk_i)
    while not d.req_ready_o.value:
        await RisingEdge(d.clk_i)
    d.req_valid_i.value = 0
    await ClockCycles(d.clk_i, 100)
    assert int(d.axi_err_o.value) == 1 and int(d.axi_err_kind_o.value) == 2, \
        "an SLVERR write after the clear not held as a write error"
    assert int(d.axi_err_line_o.value) == bad_wr, "error line is not the write's"
    assert int(d.axi_err_resp_o.value) == 2, "write error resp is not SLVERR"
    assert not bench.errors, bench.errors
