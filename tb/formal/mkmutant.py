#!/usr/bin/env python3
"""mkmutant.py: a copy of a generated output whose top breaks one channel rule on purpose.

The copy renames module TOP to TOP_orig and adds a new TOP with the same ports around it that
changes one output channel CH (the check must then fail on exactly that channel):
  cone      CH's valid is also low while its ready is high (valid depends on its own ready)
  withdraw  CH's valid drops in any cycle the first input channel's valid is high
  payload   bit 0 of CH's first payload port flips with the first input channel's valid
Reads the port list through mkwrap.py's parser, so it works for any top.

usage: mkmutant.py RTLDIR TOP cone|withdraw|payload CH OUTDIR
"""
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mkwrap  # noqa: E402


def die(msg):
    sys.stderr.write("mkmutant: %s\n" % msg)
    sys.exit(2)


def main(argv):
    if len(argv) != 6 or argv[3] not in ("cone", "withdraw", "payload"):
        die("usage: mkmutant.py RTLDIR TOP cone|withdraw|payload CH OUTDIR")
    rtldir, top, kind, ch, out = argv[1:]
    ports = mkwrap.read_ports(os.path.join(rtldir, top + ".v"), top)
    chans = mkwrap.find_channels(ports)
    target = [c for c in chans if c["pre"] == ch and c["kind"] != "in" and c["width"] == 1]
    inputs = [c for c in chans if c["kind"] == "in"]
    if not target:
        die("%s has no one-bit output channel %s" % (top, ch))
    if not inputs:
        die("%s has no input channel to drive the mutant" % top)
    c, trig = target[0], inputs[0]["valid"] + ("[0]" if inputs[0]["width"] > 1 else "")
    if kind == "payload" and not c["payload"]:
        die("channel %s has no payload" % ch)
    if os.path.exists(out):
        shutil.rmtree(out)
    shutil.copytree(rtldir, out)
    path = os.path.join(out, top + ".v")
    text = open(path).read()
    text, n = re.subn(r"^module\s+%s\b" % re.escape(top), "module %s_orig" % top, text, flags=re.M)
    if n != 1:
        die("%s: cannot rename module %s" % (path, top))
    changed = c["valid"] if kind in ("cone", "withdraw") else c["payload"][0][0]
    lines = ["", "// mutant (%s on channel %s), written by tb/formal/mkmutant.py" % (kind, ch),
             "module %s (" % top]
    decl = []
    for d, w, n in ports:
        rng = "" if w == 1 else "[%d:0] " % (w - 1)
        decl.append("  %s wire %s%s" % ("input " if d == "input" else "output", rng, n))
    lines.append(",\n".join(decl))
    lines.append(");")
    width = {n: w for _, w, n in ports}
    w = width[changed]
    lines.append("  wire %sm_%s;" % ("" if w == 1 else "[%d:0] " % (w - 1), changed))
    lines.append("  %s_orig u_orig (" % top)
    conns = []
    for d, _, n in ports:
        conns.append("    .%s (%s)" % (n, "m_" + n if n == changed else n))
    lines.append(",\n".join(conns))
    lines.append("  );")
    if kind == "cone":
        lines.append("  assign %s = m_%s & ~%s;" % (changed, changed, c["ready"]))
    elif kind == "withdraw":
        lines.append("  assign %s = m_%s & ~%s;" % (changed, changed, trig))
    elif w == 1:
        lines.append("  assign %s = m_%s ^ %s;" % (changed, changed, trig))
    else:
        lines.append("  assign %s = m_%s ^ {%d'd0, %s};" % (changed, changed, w - 1, trig))
    lines.append("endmodule")
    with open(path, "w") as f:
        f.write(text + "\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
