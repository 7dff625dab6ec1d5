"""test_l1: cocotb tests of a generated L1, every response checked against the C model.

Each test resets the L1 and gets a fresh model (l1bench.L1Bench): every event, response and
memory request is compared with the model as it happens, the valid/ready rule is watched on
the response and memory-request channels, and finish() compares the counters and raises the
first mismatches. On top of that each test checks the timing property it is about.
"""

import random

import cocotb
from cocotb.triggers import ClockCycles

from l1bench import L1Bench


async def warm(bench, lines, first_id):
    """Load every line once (misses and fills) and wait for the answers."""
    for i, line in enumerate(lines):
        bench.load(line, first_id + i)
    await bench.wait_idle()


def statuses(bench, responses):
    return [bench.names["Status"][r[2]] for r in responses]


@cocotb.test()
async def hits_back_to_back(dut):
    """After warm-up, 64 loads of resident lines, one per cycle: all hit, none waits."""
    bench = L1Bench(dut)
    await bench.start()
    lines = bench.lines_in_distinct_sets(8, 0x1000)
    await warm(bench, lines, 0)
    assert statuses(bench, bench.responses) == ["Miss"] * 8

    n0, a0 = len(bench.responses), len(bench.accepted_at)
    for i in range(64):
        bench.load(lines[i % 8] if i % 3 else lines[7 - i % 8], 16 + i)
    await bench.wait_idle()
    await bench.finish()
    hits = bench.responses[n0:]
    assert statuses(bench, hits) == ["Hit"] * 64
    accepted = bench.accepted_at[a0:]
    assert accepted == list(range(accepted[0], accepted[0] + 64)), \
        f"hits not accepted back to back: cycles {accepted}"
    answered = [r[0] for r in hits]
    assert answered == list(range(answered[0], answered[0] + 64)), \
        f"hit responses not back to back: cycles {answered}"
    dut._log.info("64 hits accepted in cycles %d..%d, answered %d..%d", accepted[0],
                  accepted[-1], answered[0], answered[-1])


@cocotb.test()
async def miss_with_fill(dut):
    """A load misses, the Python memory returns the line 20 cycles later; a second load of
    the same line, sent meanwhile, waits for the fill (stall_line) and then hits, or, with
    l1.mshr_merge > 0, joins the read and is answered right after it, with its status."""
    bench = L1Bench(dut, lat_min=20, lat_max=20)
    await bench.start()
    line = 0x2345
    bench.load(line, 5)
    bench.load(line, 6)
    await bench.wait_idle()
    await bench.finish()
    merging = bench.model.mshr_merge > 0
    assert [(r[1], bench.names["Status"][r[2]]) for r in bench.responses] == \
        [(5, "Miss"), (6, "Miss" if merging else "Hit")]
    assert bench.responses[0][3] == bench.responses[1][3] == bench.mem.line(line)
    dec = bench.names["Dec"]
    seen = [dec[d] for _, _, d in bench.decisions]
    if merging:
        assert seen == ["LdMiss", "LdMerge", "Fill"], seen
        assert bench.responses[1][0] == bench.responses[0][0] + 1, "waiter not next cycle"
    else:
        assert seen[:2] == ["LdMiss", "StallLine"] and "Fill" in seen and seen[-1] == "LdHit", seen
    miss_cycle = bench.decisions[0][0]
    assert bench.responses[0][0] - miss_cycle >= 20, "answered before memory could"


@cocotb.test()
async def rsp_backpressure(dut):
    """rsp_ready_i low for 24 cycles while hits and misses are pending: the responses wait
    (valid held, payload stable), the L1 stops taking requests once its response queue is
    full, and every response comes out afterwards, in the model's order. Then 48 more loads,
    0 to 3 cycles apart, with rsp_ready_i high in 40% of the cycles: fills and lookups happen
    while a response waits."""
    bench = L1Bench(dut, lat_min=2, lat_max=10)
    await bench.start()
    lines = bench.lines_in_distinct_sets(24, 0x3000)
    await warm(bench, lines[:4], 0)

    n0, a0 = len(bench.responses), len(bench.accepted_at)
    bench.rsp_ready = False
    for i in range(12):  # resident lines and new ones, interleaved
        bench.load(lines[i % 4] if i % 2 else lines[4 + i], 32 + i)
    await ClockCycles(dut.clk_i, 24)
    taken = len(bench.accepted_at) - a0
    waited = bench.mon_rsp.wait_cycles
    released = bench.cycle
    bench.rsp_ready = True
    await bench.wait_idle()
    got = bench.responses[n0:]
    assert sorted(r[1] for r in got) == list(range(32, 44))
    assert statuses(bench, got).count("Hit") == 6 and statuses(bench, got).count("Miss") == 6
    assert waited >= 16, f"rsp_valid_o waited only {waited} cycles for rsp_ready_i"
    assert taken < 12, "the L1 took every request while its responses could not leave"
    assert min(r[0] for r in got) > released, "a response left while rsp_ready_i was low"
    dut._log.info("%d of 12 requests taken while rsp_ready_i was low; rsp_valid_o waited %d "
                  "cycles", taken, waited)

    n1 = len(bench.responses)
    rng = random.Random(7)
    bench.rsp_ready = lambda cycle: rng.random() < 0.4
    for i in range(48):  # lines 0..15 are resident by now, 16..23 are not
        bench.load(lines[rng.randrange(24)], 64 + i, gap=rng.randrange(4))
    await bench.wait_idle()
    await bench.finish()
    got = bench.responses[n1:]
    assert sorted(r[1] for r in got) == list(range(64, 112))
    dut._log.info("then 48 loads, rsp_ready_i 40%% of the time: %d hits, %d misses",
                  statuses(bench, got).count("Hit"), statuses(bench, got).count("Miss"))
