#!/usr/bin/env python3
"""chanproof.py: bounded proof of the valid/ready channel rules of one generated top.

For RTLDIR's module TOP: (1) bounded model checking, with ABC's bmc3 on the AIGER model Yosys
writes of tb/formal/mkwrap.py's wrapper, that no channel the design drives withdraws its valid
or changes its payload before the handshake, for every input sequence of DEPTH cycles (cycle 0
holds reset) whose environment-driven channels obey the same rule; a violated channel is
replayed with Yosys' simulator on the word-level model (which must fire the same assert), its
trace printed, and the proof rerun without it until every remaining channel proves;
(2) a structural check on the flattened gate netlist that no output valid is in the
combinational input cone of its own ready. The set of violated channels must equal EXPECT
(a comma list, possibly empty).

usage: chanproof.py RTLDIR TOP DEPTH WORKDIR [--expect CH,...] [--trace-signals SIG,...]
                    [--cone-only]  (only the structural check)
                    [--cover]  (also: the earliest cycle each channel's handshake completes,
                                each must within DEPTH, so the assumptions are not vacuous)
                    [--memory] (cover, and a second search for each violation, with a memory
                                that answers only reads it accepted: mkwrap.py --memory)
                    [--isolate CH:IN]  (if CH is violated, it must hold when input channel IN
                                stays idle while CH waits: IN is the violation's only cause)
prints one "channel CH: ..." line per channel and "chanproof: PASS|FAIL ..."; exit 0 on PASS.
"""
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def die(msg):
    sys.stderr.write("chanproof: %s\n" % msg)
    sys.exit(2)


def run(cmd, log):
    """Runs CMD (a list) with its output in LOG; returns the output text; dies on failure."""
    with open(log, "w") as f:
        p = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    text = open(log).read()
    if p.returncode != 0:
        sys.stderr.write(text[-3000:])
        die("%s failed (exit %d), log %s" % (cmd[0], p.returncode, log))
    return text


def filelist(rtldir, top):
    """The design's Verilog files: the file list named in the manifest, else every .v."""
    man = os.path.join(rtldir, "cachegen.manifest")
    fl = None
    if os.path.exists(man):
        for line in open(man):
            if line.startswith("filelist: "):
                fl = os.path.join(rtldir, line.split(": ", 1)[1].strip())
    if fl and os.path.exists(fl):
        return [os.path.join(rtldir, l.strip()) for l in open(fl) if l.strip()]
    return sorted(os.path.join(rtldir, f) for f in os.listdir(rtldir) if f.endswith(".v"))


def read_channels(wrap):
    chans = []
    for line in open(wrap + ".channels"):
        label, kind, valid, ready, payload = line.split()
        chans.append({"label": label, "kind": kind, "valid": valid, "ready": ready,
                      "payload": [] if payload == "-" else payload.split(",")})
    return chans


def read_map(wrap):
    m = {}
    for line in open(wrap + ".map"):
        ln, label, what = line.split()
        m[int(ln)] = (label, what)
    return m


def build(files, wrap, work):
    """Yosys: the word-level model (model.il) and the AIGER model (model.aig, model.aim)."""
    ys = os.path.join(work, "model.ys")
    with open(ys, "w") as f:
        f.write("read_verilog -formal %s %s\n" % (" ".join(files), wrap))
        f.write("prep -flatten -top cachegen_formal_top\n")
        f.write("async2sync\nmemory_map\nopt -fast\ndffunmap\n")
        f.write("write_rtlil %s/model.il\n" % work)
        f.write("setattr -unset keep\ndelete -output\nopt -full\ntechmap\nopt -fast\n")
        f.write("dffunmap\nabc -g AND -fast\nopt_clean\n")
        f.write("write_aiger -I -B -zinit -no-startoffset -map %s/model.aim %s/model.aig\n"
                % (work, work))
    run(["yosys", "-q", "-l", os.path.join(work, "model.log"), ys], os.path.join(work, "model.out"))


def bmc(work, depth):
    """ABC bmc3 for DEPTH frames; returns None when no assert fails, else the failing frame."""
    aiw = os.path.join(work, "cex.aiw")
    if os.path.exists(aiw):
        os.remove(aiw)
    out = run(["yosys-abc", "-c", "read_aiger %s/model.aig; fold; strash; bmc3 -F %d; "
               "write_cex -a %s" % (work, depth, aiw)], os.path.join(work, "bmc.log"))
    m = re.search(r"Output (\d+) of miter .* was asserted in frame (\d+)", out)
    if m:
        return int(m.group(2))
    if re.search(r"No output asserted in %d frames" % depth, out):
        return None
    die("bmc3 gave no verdict, log %s/bmc.log" % work)


def replay(work, wrap):
    """Replays cex.aiw on model.il with Yosys' simulator: the VCD and the failed assert lines."""
    ninputs = int(open(os.path.join(work, "model.aig"), "rb").readline().split()[2])
    lines = open(os.path.join(work, "cex.aiw")).read().splitlines()
    with open(os.path.join(work, "cex_sim.aiw"), "w") as f:
        # write_cex appends "# DONE" to the last frame; yosys sim wants bare bit strings
        for i, l in enumerate(lines):
            l = l.split("#")[0].strip()
            if l:
                f.write((l if i == 0 else l[:ninputs]) + "\n")
    out = run(["yosys", "-q", "-p", "read_rtlil %s/model.il; sim -clock clk_i -r %s/cex_sim.aiw "
               "-map %s/model.aim -vcd %s/cex.vcd -q" % (work, work, work, work)],
              os.path.join(work, "replay.log"))
    base = re.escape(os.path.basename(wrap))
    return sorted({int(x) for x in re.findall(r"\(\S*%s:(\d+)\.\d+-\d+\.\d+\) failed" % base, out)})


def read_vcd(path):
    """{signal name: [(time, value string)]} of a VCD (scopes joined with '.')."""
    ids, vals, scope, t = {}, {}, [], 0
    for tok_line in open(path):
        line = tok_line.strip()
        if line.startswith("$scope"):
            scope.append(line.split()[2])
        elif line.startswith("$upscope"):
            scope.pop()
        elif line.startswith("$var"):
            p = line.split()
            name = ".".join(scope[1:] + [p[4]])
            ids.setdefault(p[3], []).append(name)
            vals[name] = []
        elif line.startswith("#"):
            t = int(line[1:])
        elif line and line[0] in "01xz" and not line.startswith("$"):
            for n in ids.get(line[1:], []):
                vals[n].append((t, line[0]))
        elif line and line[0] == "b":
            v, i = line[1:].split()
            for n in ids.get(i, []):
                vals[n].append((t, v))
    return vals


def value_at(changes, t):
    v = "?"
    for ct, cv in changes:
        if ct > t:
            break
        v = cv
    return v


def fmt(v):
    if len(v) == 1 or any(c not in "01" for c in v):
        return v
    return "%x" % int(v, 2)


def print_trace(work, frame, label, chans, payload, extra):
    vals = read_vcd(os.path.join(work, "cex.vcd"))
    sigs = ["rst_ni"]
    for c in chans:
        sigs += [c["valid"], c["ready"]]
    sigs += payload + extra

    def lookup(s):
        m = re.match(r"^(\w+)\[(\d+)\]$", s)
        base, bit = (m.group(1), int(m.group(2))) if m else (s, None)
        for cand in (base, "u_dut." + base):
            if cand in vals:
                return cand, bit
        return None, None

    cols = [(s,) + lookup(s) for s in sigs]
    cols = [c for c in cols if c[1] is not None]
    print("  counterexample for %s (cycle 0 = reset; values in each cycle after its clock edge):"
          % label)
    print("    %-30s %s" % ("cycle", " ".join("%4d" % c for c in range(frame + 1))))
    for s, name, bit in cols:
        row = []
        for c in range(frame + 1):
            v = value_at(vals[name], 10 * c)
            if bit is not None and len(v) > bit:
                v = v[len(v) - 1 - bit]
            row.append(fmt(v))
        w = max(4, max(len(x) for x in row))
        if w > 4:
            print("    %-30s" % s)
            for c, x in enumerate(row):
                print("      cycle %2d: %s" % (c, x))
        else:
            print("    %-30s %s" % (s, " ".join("%4s" % x for x in row)))


def cover(files, wrap, mkwrap, work, depth, chans, memflag):
    """{channel: earliest cycle its handshake completes} within DEPTH cycles (None: never)."""
    pending = [c["label"] for c in chans]
    first = {}
    while pending:
        run(mkwrap + ["--cover", ",".join(pending)] + memflag, os.path.join(work, "mkwrap.log"))
        amap = read_map(wrap)
        build(files, wrap, work)
        frame = bmc(work, depth)
        if frame is None:
            break
        hit = sorted({amap[l][0] for l in replay(work, wrap) if l in amap})
        if not hit:
            die("cover: bmc3 witness at cycle %d not confirmed by the replay; see %s" % (frame, work))
        for label in hit:
            first[label] = frame
            pending.remove(label)
    for label in pending:
        first[label] = None
    return first


def structural(files, top, chans, work):
    """Output valids in the combinational input cone of their own ready: a list of labels."""
    ys = os.path.join(work, "cone.ys")
    checks = [c for c in chans if c["kind"] != "in"]
    with open(ys, "w") as f:
        f.write("read_verilog %s\n" % " ".join(files))
        f.write("prep -flatten -top %s\nmemory_map\nopt -fast\ntechmap\nopt -fast\n" % top)
        f.write("splitnets -ports\nopt_clean\n")
        for c in checks:
            def pat(sig):
                m = re.match(r"^(\w+)\[(\d+)\]$", sig)
                # splitnets -ports names bit k of a vector port "port[k]" ([ ] escaped as ?)
                return "w:%s?%s?" % (m.group(1), m.group(2)) if m else "w:%s" % sig
            f.write("log cone-check %s\n" % c["label"])
            f.write("select -count %s\n" % pat(c["valid"]))
            f.write("select -count %s\n" % pat(c["ready"]))
            f.write("select -count %s %%cie* %s %%i\n" % (pat(c["valid"]), pat(c["ready"])))
    out = run(["yosys", "-l", os.path.join(work, "cone.log"), ys], os.path.join(work, "cone.out"))
    bad = []
    for c in checks:
        m = re.search(r"cone-check %s\n(.*?)(?=cone-check|\Z)" % re.escape(c["label"]), out, re.S)
        counts = [int(x) for x in re.findall(r"(\d+) objects\.", m.group(1))] if m else []
        if len(counts) != 3 or counts[0] != 1 or counts[1] != 1:
            die("cone check of %s: cannot find %s and %s in the netlist (%s)"
                % (c["label"], c["valid"], c["ready"], counts))
        if counts[2]:
            bad.append(c["label"])
    return bad


def main(argv):
    if len(argv) < 5:
        die("usage: chanproof.py RTLDIR TOP DEPTH WORKDIR [--expect CH,...] [--trace-signals S,...]")
    rtldir, top, depth_s, work = argv[1:5]
    if not depth_s.isdigit() or not 1 <= int(depth_s) <= 1000:
        die("DEPTH %r: allowed an integer in 1..1000" % depth_s)
    depth = int(depth_s)
    expect, extra, cone_only, want_cover, memflag = set(), [], False, False, []
    isolate = None
    rest = argv[5:]
    while rest:
        if rest[0] == "--expect" and len(rest) > 1:
            expect = set(filter(None, rest[1].split(",")))
        elif rest[0] == "--trace-signals" and len(rest) > 1:
            extra = list(filter(None, rest[1].split(",")))
        elif rest[0] == "--isolate" and len(rest) > 1 and rest[1].count(":") == 1:
            isolate = rest[1]
        elif rest[0] == "--memory":
            memflag = ["--memory"]
            rest = rest[1:]
            continue
        elif rest[0] == "--cover":
            want_cover = True
            rest = rest[1:]
            continue
        elif rest[0] == "--cone-only":
            cone_only = True
            rest = rest[1:]
            continue
        else:
            die("unknown option %s (allowed: --expect CH,..., --trace-signals S,..., --cone-only, "
                "--cover, --memory, --isolate CH:IN)" % rest[0])
        rest = rest[2:]
    os.makedirs(work, exist_ok=True)
    files = filelist(rtldir, top)
    wrap = os.path.join(work, "wrap.v")
    mkwrap = [sys.executable, os.path.join(HERE, "mkwrap.py"), rtldir, top, wrap]
    run(mkwrap, os.path.join(work, "mkwrap.log"))
    chans = read_channels(wrap)
    labels = [c["label"] for c in chans if c["kind"] != "in"]
    for e in sorted(expect):
        if e not in labels:
            die("--expect %s: no such channel driven by %s (channels: %s)" % (e, top, ", ".join(labels)))
    pending = [] if cone_only else list(labels)
    violated = {}
    t0 = time.time()
    while pending:
        run(mkwrap + ["--only", ",".join(pending)], os.path.join(work, "mkwrap.log"))
        amap = read_map(wrap)
        build(files, wrap, work)
        frame = bmc(work, depth)
        if frame is None:
            break
        failed = replay(work, wrap)
        hit = sorted({amap[l][0] for l in failed if l in amap})
        if not hit:
            die("bmc3 found a counterexample at cycle %d that the replay does not confirm "
                "(asserts fired: %s); see %s" % (frame, failed, work))
        for label in hit:
            what = sorted({amap[l][1] for l in failed if l in amap and amap[l][0] == label})
            violated[label] = (frame, what)
            ch = [c for c in chans if c["label"] == label][0]
            print("channel %s: VIOLATED at cycle %d (%s %s)" % (
                label, frame, ch["valid"], "withdrawn" if "valid" in what else "held, payload changed"))
            print_trace(work, frame, label, chans, ch["payload"] if "payload" in what else [],
                        extra)
            os.replace(os.path.join(work, "cex.vcd"), os.path.join(work, "cex_%s.vcd"
                       % re.sub(r"\W", "_", label)))
            pending.remove(label)
    if violated and memflag:
        # the same violations once more with a memory that answers only its accepted reads:
        # a counterexample here is one a real memory can produce
        run(mkwrap + ["--only", ",".join(sorted(violated))] + memflag,
            os.path.join(work, "mkwrap.log"))
        amap = read_map(wrap)
        build(files, wrap, work)
        frame = bmc(work, depth)
        if frame is None:
            print("channels %s: no violation within %d cycles with a well-behaved memory"
                  % (",".join(sorted(violated)), depth))
        else:
            failed = replay(work, wrap)
            for label in sorted({amap[l][0] for l in failed if l in amap}):
                print("channel %s: VIOLATED at cycle %d also with a well-behaved memory" % (label, frame))
                print_trace(work, frame, label, chans, [], extra)
    iso_bad = False
    if isolate and isolate.split(":")[0] in violated:
        # the violation's cause: with IN idle while CH waits, CH must hold to the same depth
        ch, inch = isolate.split(":")
        run(mkwrap + ["--only", ch, "--quiet", isolate], os.path.join(work, "mkwrap.log"))
        build(files, wrap, work)
        frame = bmc(work, depth)
        if frame is None:
            print("channel %s: holds for every input sequence of %d cycles in which %s stays idle "
                  "while %s waits (the only cause)" % (ch, depth, inch, ch))
        else:
            iso_bad = True
            print("channel %s: VIOLATED at cycle %d even with %s idle while it waits" % (ch, frame, inch))
    bmc_s = time.time() - t0
    for label in labels:
        if label not in violated and not cone_only:
            print("channel %s: holds for every input sequence of %d cycles" % (label, depth))
    t1 = time.time()
    cone_bad = structural(files, top, chans, work)
    for c in chans:
        if c["kind"] == "in":
            continue
        print("channel %s: %s %s combinationally on %s" % (
            c["label"], c["valid"], "DEPENDS" if c["label"] in cone_bad else "does not depend",
            c["ready"]))
    problems = []
    if want_cover:
        t2 = time.time()
        first = cover(files, wrap, mkwrap, work, depth, chans, memflag)
        for c in chans:
            f = first[c["label"]]
            if f is None:
                problems.append("no handshake on %s within %d cycles: the proof may be vacuous"
                                % (c["label"], depth))
            print("channel %s: first handshake (%s & %s) reachable at cycle %s" % (
                c["label"], c["valid"], c["ready"], "NEVER" if f is None else f))
        print("chanproof: cover %.1f s" % (time.time() - t2))
    for label in sorted(violated):
        if label not in expect:
            problems.append("unexpected violation on %s" % label)
    for label in sorted(expect):
        if label not in violated and not cone_only:
            problems.append("expected violation on %s not found within %d cycles (fixed? then "
                            "remove it from tb/formal/expected_violations)" % (label, depth))
    if iso_bad:
        problems.append("%s is violated by more than %s (--isolate)" % tuple(isolate.split(":")))
    for label in cone_bad:
        problems.append("%s: valid depends combinationally on its ready" % label)
    if cone_only:
        print("chanproof: %s %s: structural check of %d channels only; cone %.1f s" % (
            "PASS" if not problems else "FAIL", top, len(labels), time.time() - t1))
    else:
        print("chanproof: %s %s depth %d: %d channels, %d proved, %d violated (%d expected); "
              "bmc %.1f s, cone %.1f s" % ("PASS" if not problems else "FAIL", top, depth,
                                           len(labels), len(labels) - len(violated),
                                           len(violated), len(expect), bmc_s, time.time() - t1))
    for p in problems:
        print("chanproof: %s" % p)
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
