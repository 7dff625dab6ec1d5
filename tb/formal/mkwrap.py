#!/usr/bin/env python3
"""mkwrap.py: emits the formal wrapper of a generated top: the valid/ready channel rules.

Reads the port list of module TOP in TOP.v of a cachegen output directory and writes a
Verilog-2005 wrapper module, cachegen_formal_top, that instantiates TOP with every input
free, holds reset low in cycle 0 and high after it, and, under `ifdef FORMAL, states the
channel rule of SPEC 3.1 (once valid is high it stays high with its payload unchanged until
the handshake) as an assume on every channel the environment drives and as an assert on every
channel the design drives. A channel is a port pair P_valid_x / P_ready_y; its payload is every
other port of the valid's direction whose name starts with P_ (the longest channel prefix
wins). A valid of N bits (the system top: one bit per core) is N channels, each owning one
N-th of every payload port. Writes beside the wrapper a map, one line per assert:
"LINE CHANNEL valid|payload", and the channel list, one line per channel:
"CHANNEL in|out|observed VALID READY PAYLOAD,..."; it is the single source the run script reads.

With --cover CH,... the wrapper instead asserts that no listed channel (of either direction)
ever completes a handshake, so a counterexample is a witness that the handshake is reachable
(the proof is not vacuous): map lines then read "LINE CHANNEL handshake".

With --memory the environment is also a well-behaved memory: for every pair of an output
channel X_req with payload X_req_mshr_o and X_req_store_o and an input channel X_rsp with
payload X_rsp_mshr_i, a response names only an MSHR whose read X_req has sent and X_rsp has
not yet answered (without it, responses are arbitrary: the stronger proof).

With --quiet CH:IN the environment keeps input channel IN's valid low while output channel CH
waits (valid without ready): used to show a violation of CH has no cause other than IN.

usage: mkwrap.py RTLDIR TOP OUT.v [--only CH1,CH2 | --skip CH1,CH2 | --cover CH1,CH2] [--memory]
                 [--quiet CH:IN]
"""
import re
import sys

PORT_RE = re.compile(r"^\s*(input|output)\s+(?:wire|reg)\s*(?:\[(\d+):(\d+)\])?\s*(\w+)")


def die(msg):
    sys.stderr.write("mkwrap: %s\n" % msg)
    sys.exit(1)


def read_ports(path, top):
    """Returns [(dir, width, name)] of module TOP's header in PATH, in order, without the
    simulation-only event port (`ifdef CACHEGEN_EVENTS, which the proof does not define)."""
    try:
        text = open(path).read()
    except OSError as e:
        die("cannot read %s: %s" % (path, e.strerror))
    m = re.search(r"^module\s+%s\s*\((.*?)^\);" % re.escape(top), text, re.M | re.S)
    if not m:
        die("%s has no module %s" % (path, top))
    ports = []
    sim_only = False  # inside `ifdef CACHEGEN_EVENTS: the event port, absent from the proof
    for line in m.group(1).splitlines():
        if line.strip().startswith("`ifdef CACHEGEN_EVENTS"):
            sim_only = True
        elif line.strip().startswith("`endif"):
            sim_only = False
        if sim_only:
            continue
        pm = PORT_RE.match(line)
        if pm:
            width = 1 if pm.group(2) is None else int(pm.group(2)) - int(pm.group(3)) + 1
            ports.append((pm.group(1), width, pm.group(4)))
    if not ports:
        die("module %s in %s has no ports this script can read" % (top, path))
    return ports


def find_channels(ports):
    """Channels as dicts: name, kind (in / out / observed), valid, ready, width, payload."""
    by_name = {p[2]: p for p in ports}
    chans = []
    for d, w, n in ports:
        m = re.match(r"^(\w+)_valid_([io])$", n)
        if not m:
            continue
        pre, vd = m.group(1), m.group(2)
        ready = None
        for rd in ("i", "o"):
            if "%s_ready_%s" % (pre, rd) in by_name:
                ready = "%s_ready_%s" % (pre, rd)
        if ready is None:
            continue  # an event port: valid without ready is no channel
        rw = by_name[ready][1]
        if rw != w:
            die("channel %s: %s is %d bits, %s is %d" % (pre, n, w, ready, rw))
        if vd == "i" and ready.endswith("_o"):
            kind = "in"
        elif vd == "o" and ready.endswith("_i"):
            kind = "out"
        elif vd == "o" and ready.endswith("_o"):
            kind = "observed"  # an internal channel the top exposes: both ends inside
        else:
            die("channel %s: valid and ready both inputs" % pre)
        chans.append({"pre": pre, "kind": kind, "valid": n, "ready": ready, "width": w,
                      "dir": d, "payload": []})
    for d, w, n in ports:
        owner = None
        for c in chans:
            if n.startswith(c["pre"] + "_") and d == c["dir"] and n not in (c["valid"], c["ready"]):
                if owner is None or len(c["pre"]) > len(owner["pre"]):
                    owner = c
        if owner is not None:
            if w % owner["width"]:
                die("channel %s: payload %s (%d bits) does not split into %d lanes"
                    % (owner["pre"], n, w, owner["width"]))
            owner["payload"].append((n, w // owner["width"]))
    return chans


def lanes(chans):
    """One entry per channel lane: (label, chan, lane index)."""
    out = []
    for c in chans:
        for k in range(c["width"]):
            label = c["pre"] if c["width"] == 1 else "%s[%d]" % (c["pre"], k)
            out.append((label, c, k))
    return out


def main(argv):
    if len(argv) < 4:
        die("usage: mkwrap.py RTLDIR TOP OUT.v [--only CH,... | --skip CH,...]")
    rtldir, top, out = argv[1], argv[2], argv[3]
    only = skip = cover = None
    memory = False
    quiet = None
    rest = argv[4:]
    while rest:
        if rest[0] == "--only" and len(rest) > 1:
            only = set(filter(None, rest[1].split(",")))
        elif rest[0] == "--skip" and len(rest) > 1:
            skip = set(filter(None, rest[1].split(",")))
        elif rest[0] == "--quiet" and len(rest) > 1 and rest[1].count(":") == 1:
            quiet = rest[1].split(":")
        elif rest[0] == "--memory":
            memory = True
            rest = rest[1:]
            continue
        elif rest[0] == "--cover" and len(rest) > 1:
            cover = set(filter(None, rest[1].split(",")))
        else:
            die("unknown option %s (allowed: --only CH,..., --skip CH,..., --cover CH,...)"
                % rest[0])
        rest = rest[2:]
    ports = read_ports("%s/%s.v" % (rtldir, top), top)
    names = {p[2] for p in ports}
    for need in ("clk_i", "rst_ni"):
        if need not in names:
            die("module %s has no %s" % (top, need))
    chans = find_channels(ports)
    if not chans:
        die("module %s has no valid/ready channel" % top)
    all_lanes = lanes(chans)
    labels = {l for l, _, _ in all_lanes}
    for sel, opt in ((only, "--only"), (skip, "--skip"), (cover, "--cover")):
        for l in sorted(sel or ()):
            if l not in labels:
                die("%s: no channel %s in %s (channels: %s)" % (opt, l, top, ", ".join(sorted(labels))))
    width = {p[2]: p[1] for p in ports}

    lines = []
    amap = []
    emit = lines.append
    emit("// cachegen_formal_top: channel rules of %s (SPEC 3.1), written by tb/formal/mkwrap.py" % top)
    emit("`default_nettype none")
    emit("")
    emit("module cachegen_formal_top (")
    plist = []
    for d, w, n in ports:
        rng = "" if w == 1 else "[%d:0] " % (w - 1)
        # Inputs of the design are the wrapper's free inputs; outputs stay visible in traces.
        plist.append("  %s wire %s%s" % ("input " if d == "input" else "output", rng, n))
    for i, p in enumerate(plist):
        emit(p + ("," if i + 1 < len(plist) else ""))
    emit(");")
    emit("")
    emit("  %s u_dut (" % top)
    for i, (d, w, n) in enumerate(ports):
        emit("    .%s (%s)%s" % (n, n, "," if i + 1 < len(ports) else ""))
    emit("  );")
    emit("")
    emit("`ifdef FORMAL")
    emit("  // Cycle 0 holds reset; every later cycle runs (the init sweep follows).")
    emit("  reg f_started_q = 1'b0;")
    emit("  always @(posedge clk_i) f_started_q <= 1'b1;")
    emit("  always @* begin")
    emit("    if (!f_started_q) assume (!rst_ni);")
    emit("    else assume (rst_ni);")
    emit("  end")
    for label, c, k in all_lanes:
        v = c["valid"] if c["width"] == 1 else "%s[%d]" % (c["valid"], k)
        r = c["ready"] if c["width"] == 1 else "%s[%d]" % (c["ready"], k)
        pay = []
        for n, lw in c["payload"]:
            pay.append(n if width[n] == lw else "%s[%d:%d]" % (n, (k + 1) * lw - 1, k * lw))
        pw = sum(lw for _, lw in c["payload"])
        tag = re.sub(r"\W", "_", label)
        emit("")
        emit("  // channel %s (%s): %s / %s; payload %s" % (label, c["kind"], v, r,
             ", ".join(n for n, _ in c["payload"]) or "none"))
        emit("  reg f_%s_wait_q = 1'b0;" % tag)
        emit("  always @(posedge clk_i) f_%s_wait_q <= rst_ni & %s & !%s;" % (tag, v, r))
        if pw:
            emit("  wire [%d:0] f_%s_pay = {%s};" % (pw - 1, tag, ", ".join(pay)))
            emit("  reg [%d:0] f_%s_pay_q;" % (pw - 1, tag))
            emit("  always @(posedge clk_i) f_%s_pay_q <= f_%s_pay;" % (tag, tag))
        if cover is not None:
            if label in cover:
                emit("  always @* if (rst_ni) assert (!(%s && %s));" % (v, r))
                amap.append((len(lines), label, "handshake"))
            if c["kind"] != "in":
                continue
        if c["kind"] == "in":
            emit("  always @* if (f_%s_wait_q) assume (%s);" % (tag, v))
            if pw:
                emit("  always @* if (f_%s_wait_q) assume (f_%s_pay == f_%s_pay_q);" % (tag, tag, tag))
            continue
        if (only is not None and label not in only) or (skip is not None and label in skip):
            emit("  // (not asserted in this run)")
            continue
        emit("  always @* if (f_%s_wait_q) assert (%s);" % (tag, v))
        amap.append((len(lines), label, "valid"))
        if pw:
            emit("  always @* if (f_%s_wait_q) assert (f_%s_pay == f_%s_pay_q);" % (tag, tag, tag))
            amap.append((len(lines), label, "payload"))
    if quiet:
        qc = [c for c in chans if c["pre"] == quiet[0] and c["kind"] != "in" and c["width"] == 1]
        qi = [c for c in chans if c["pre"] == quiet[1] and c["kind"] == "in" and c["width"] == 1]
        if not qc or not qi:
            die("--quiet %s:%s: needs a one-bit output channel and a one-bit input channel"
                % tuple(quiet))
        emit("")
        emit("  // %s stays idle while %s waits" % (quiet[1], quiet[0]))
        emit("  always @* if (%s && !%s) assume (!%s);"
             % (qc[0]["valid"], qc[0]["ready"], qi[0]["valid"]))
    if memory:
        nmem = 0
        for c in chans:
            pre = c["pre"]
            if c["kind"] != "out" or not pre.endswith("_req") or c["width"] != 1:
                continue
            rsp = [r for r in chans if r["pre"] == pre[:-4] + "_rsp" and r["kind"] == "in"]
            if (pre + "_mshr_o" not in width or pre + "_store_o" not in width or not rsp
                    or pre[:-4] + "_rsp_mshr_i" not in width):
                continue
            r, q = rsp[0], pre[:-4]
            w = width[pre + "_mshr_o"]
            emit("")
            emit("  // well-behaved memory behind %s / %s: answers only reads it has accepted"
                 % (pre, r["pre"]))
            emit("  reg [%d:0] f_%s_out_q = %d'd0;" % ((1 << w) - 1, q, 1 << w))
            emit("  always @(posedge clk_i) begin")
            emit("    if (!rst_ni) f_%s_out_q <= %d'd0;" % (q, 1 << w))
            emit("    else f_%s_out_q <= (f_%s_out_q" % (q, q))
            emit("        | ({%d'd0, %s & %s & !%s_store_o} << %s_mshr_o))"
                 % ((1 << w) - 1, c["valid"], c["ready"], pre, pre))
            emit("        & ~({%d'd0, %s & %s} << %s_rsp_mshr_i);"
                 % ((1 << w) - 1, r["valid"], r["ready"], q))
            emit("  end")
            emit("  always @* if (%s) assume (f_%s_out_q[%s_rsp_mshr_i]);" % (r["valid"], q, q))
            nmem += 1
        if not nmem:
            die("--memory: %s has no X_req / X_rsp channel pair with MSHR numbers" % top)
    emit("`endif")
    emit("")
    emit("endmodule")
    emit("")
    emit("`default_nettype wire")
    try:
        with open(out, "w") as f:
            f.write("\n".join(lines) + "\n")
        with open(out + ".map", "w") as f:
            for ln, label, what in amap:
                f.write("%d %s %s\n" % (ln, label, what))
        with open(out + ".channels", "w") as f:
            for label, c, k in all_lanes:
                v = c["valid"] if c["width"] == 1 else "%s[%d]" % (c["valid"], k)
                r = c["ready"] if c["width"] == 1 else "%s[%d]" % (c["ready"], k)
                pay = [n if width[n] == lw else "%s[%d:%d]" % (n, (k + 1) * lw - 1, k * lw)
                       for n, lw in c["payload"]]
                f.write("%s %s %s %s %s\n" % (label, c["kind"], v, r, ",".join(pay) or "-"))
    except OSError as e:
        die("cannot write %s: %s" % (out, e.strerror))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
