#!/usr/bin/env python3
"""pricproof.py: proves a generated PRIC index module equal to polynomial division (SPEC 3.3).

The reference is written here, independently of core/pric.c: a Verilog module that divides
A(x) (line_i bit k = coefficient of x^k) by P(x) with the schoolbook shift-and-XOR long
division and returns the remainder; Yosys builds a miter of it and the generated
<name>_index (or <name>_l2_index) and proves the miter's trigger 0 for every address.
P and the hashed range come from the output's config.yaml; P is checked irreducible of degree
log2(sets) here too, and the module's input width must equal the hashed range. ABC's
iprove decides the miter; on a difference Yosys' sat prints the counterexample address.

usage: pricproof.py check RTLDIR l1|l2 WORKDIR [--mutate]
         --mutate: prove a copy with one XOR term moved to the next address bit (must FAIL)
       pricproof.py random SEED CACHEGEN WORKDIR
         for every degree 2..10 a random irreducible P, line size, address width and top bit,
         generated through CACHEGEN (P validated by `CACHEGEN pric`), for the L1 and the L2
prints one line per proof and exits 0 when every proof has the expected outcome.
"""
import os
import random
import re
import subprocess
import sys


def die(msg):
    sys.stderr.write("pricproof: %s\n" % msg)
    sys.exit(2)


def degree(p):
    return p.bit_length() - 1


def polymod(a, p):
    """Remainder of a(x) / p(x) over GF(2) (integers as coefficient vectors)."""
    d = degree(p)
    while a and degree(a) >= d:
        a ^= p << (degree(a) - d)
    return a


def irreducible(p):
    """p has no factor of degree 1..deg(p)/2 (trial division by every such polynomial)."""
    d = degree(p)
    if d < 1:
        return False
    for q in range(2, 1 << (d // 2 + 1)):
        if 1 <= degree(q) <= d // 2 and polymod(p, q) == 0:
            return False
    return True


def read_config(path):
    """The normalized config.yaml cachegen writes: {"name": ..., "l1.sets": ..., ...}."""
    cfg, section = {}, ""
    for line in open(path):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = re.match(r"^(\s*)(\w+):\s*(.*?)\s*$", line)
        if not m:
            die("%s: cannot read line %r" % (path, line))
        if not m.group(1):
            section = m.group(2) if not m.group(3) else ""
            if m.group(3):
                cfg[m.group(2)] = m.group(3)
        else:
            cfg["%s.%s" % (section, m.group(2))] = m.group(3)
    return cfg


def log2(n):
    if n < 1 or n & (n - 1):
        die("%d is not a power of two" % n)
    return n.bit_length() - 1


def params(rtldir, level):
    """(module name, P, m, hashed bit count, first hashed address bit) of LEVEL's index."""
    cfg = read_config(os.path.join(rtldir, "config.yaml"))
    if cfg.get("%s.index" % level) != "pric":
        die("%s: %s.index is %s, not pric" % (rtldir, level, cfg.get("%s.index" % level)))
    b = log2(int(cfg["l1.line_bytes"]))
    addr = int(cfg["l1.addr_bits"])
    m = log2(int(cfg["%s.sets" % level]))
    p = int(cfg["%s.pric_poly" % level])
    if level == "l1":
        top = int(cfg["l1.pric_top_bit"]) or addr - 1
        mod = cfg["name"] + "_index"
    else:
        top = addr - 1  # SPEC 3.3 / l2.index: the L2's PRIC hashes every line-address bit
        mod = cfg["name"] + "_l2_index"
    if degree(p) != m or not irreducible(p):
        die("%s: %s.pric_poly = %d is not irreducible of degree %d" % (rtldir, level, p, m))
    return mod, p, m, top - b + 1, b


def reference(mod, p, m, n):
    """Verilog of MOD_ref: set_o = line_i(x) mod P(x) by long division, bit by bit."""
    lines = [
        "// %s_ref: A(x) mod P(x) over GF(2), P = %d, by shift-and-XOR long division" % (mod, p),
        "module %s_ref (" % mod,
        "  input  wire [%d:0] line_i," % (n - 1),
        "  output wire [%d:0] set_o" % (m - 1),
        ");",
        "  reg [%d:0] r;" % (n - 1 if n > m else m - 1),
        "  integer i;",
        "  always @* begin",
        "    r = %d'd0;" % (n if n > m else m),
        "    r[%d:0] = line_i;" % (n - 1),
    ]
    if n > m:
        lines += [
            "    for (i = %d; i >= %d; i = i - 1) begin" % (n - 1, m),
            "      // the leading term x^i, if present, is cancelled by x^(i-m) * P(x)",
            "      if (r[i]) r = r ^ (%d'd%d << (i - %d));" % (n, p, m),
            "    end",
        ]
    lines += ["  end", "  assign set_o = r[%d:0];" % (m - 1), "endmodule", ""]
    return "\n".join(lines)


def prove(gen_file, mod, p, m, n, work, tag):
    """True when Yosys proves MOD (in GEN_FILE) equal to the reference for every input."""
    os.makedirs(work, exist_ok=True)
    ref = os.path.join(work, "%s_ref.v" % tag)
    with open(ref, "w") as f:
        f.write(reference(mod, p, m, n))
    text = open(gen_file).read()
    mm = re.search(r"module\s+%s\s*\(\s*input\s+wire\s+\[(\d+):0\]\s+line_i,\s*"
                   r"output\s+wire\s+\[(\d+):0\]\s+set_o" % re.escape(mod), text)
    if not mm:
        die("%s: no module %s with ports line_i, set_o" % (gen_file, mod))
    if int(mm.group(1)) + 1 != n or int(mm.group(2)) + 1 != m:
        print("pric %s: FAIL: %s hashes %d bits into %d, the configuration says %d into %d"
              % (tag, mod, int(mm.group(1)) + 1, int(mm.group(2)) + 1, n, m))
        return False
    # ABC proves the miter (structural hashing and SAT sweeping handle the XOR trees that
    # plain SAT on 50 hashed bits does not finish); Yosys' sat then shows a counterexample.
    log = os.path.join(work, "%s.log" % tag)
    aig = os.path.join(work, "%s_miter.aig" % tag)
    build = ("read_verilog %s %s; prep; miter -equiv -flatten %s_ref %s miter; hierarchy -top miter; "
             % (ref, gen_file, mod, mod))
    with open(log, "w") as f:
        rc = subprocess.run(["yosys", "-p", build + "flatten; techmap; opt -fast; aigmap; "
                             "write_aiger -zinit %s" % aig],
                            stdout=f, stderr=subprocess.STDOUT).returncode
        if rc != 0:
            die("yosys failed on %s (exit %d), log %s" % (tag, rc, log))
        f.flush()
        rc = subprocess.run(["yosys-abc", "-c", "read_aiger %s; strash; iprove" % aig],
                            stdout=f, stderr=subprocess.STDOUT).returncode
    out = open(log).read()
    if rc == 0 and re.search(r"^UNSATISFIABLE", out, re.M):
        return True
    if rc != 0 or not re.search(r"^SATISFIABLE", out, re.M):
        die("abc gave no verdict on %s (exit %d), log %s" % (tag, rc, log))
    cex_log = os.path.join(work, "%s_cex.log" % tag)
    with open(cex_log, "w") as f:
        subprocess.run(["yosys", "-p", build + "sat -prove trigger 0 -timeout 120 -show-inputs "
                        "-show-outputs miter"], stdout=f, stderr=subprocess.STDOUT)
    cex = re.findall(r"^\s+\\(in_line_i|gold_set_o|gate_set_o)\s+(\S+)\s+(\S+)\s+(\S+)",
                     open(cex_log).read(), re.M)
    print("pric %s: counterexample (hex): %s" % (tag, ", ".join("%s = %s" % (c[0], c[2]) for c in cex)
                                                  or "see " + cex_log))
    return False


def mutate(src, dst):
    """Copies SRC to DST with the first XOR term line_i[k] of a tree changed to line_i[k+1]."""
    text = open(src).read()
    m = re.search(r"(wire \w+ = line_i\[)(\d+)(\] \^ )", text)
    if not m:
        die("%s: no XOR term to mutate" % src)
    k = int(m.group(2))
    text = text[:m.start()] + m.group(1) + str(k + 1) + m.group(3) + text[m.end():]
    with open(dst, "w") as f:
        f.write(text)
    return k


def check(rtldir, level, work, mutant):
    mod, p, m, n, b = params(rtldir, level)
    gen = os.path.join(rtldir, "%s.v" % mod)
    tag = "%s_%s" % (os.path.basename(os.path.normpath(rtldir)), level)
    desc = "%s (P = %d, %d sets, address bits %d..%d)" % (mod, p, 1 << m, b, b + n - 1)
    if mutant:
        mfile = os.path.join(work, "%s_mutant.v" % tag)
        os.makedirs(work, exist_ok=True)
        k = mutate(gen, mfile)
        ok = prove(mfile, mod, p, m, n, work, tag + "_mutant")
        print("pric %s mutant (first XOR term line_i[%d] -> line_i[%d]): %s" % (
            desc, k, k + 1, "NOT CAUGHT" if ok else "caught"))
        return not ok
    ok = prove(gen, mod, p, m, n, work, tag)
    print("pric %s: %s" % (desc, "= A mod P for every address" if ok else "FAIL"))
    return ok


def random_runs(seed, cachegen, work):
    rnd = random.Random(seed)
    os.makedirs(work, exist_ok=True)
    good = True
    for d in range(2, 11):
        polys = [p for p in range(1 << d, 1 << (d + 1)) if irreducible(p)]
        p = rnd.choice(polys)
        lb = 1 << rnd.randint(4, 8)
        b = log2(lb)
        addr = rnd.randint(b + d + 1, 64)
        top = rnd.randint(b + d - 1, addr - 1)
        # `cachegen pric` must accept P (its own list of the irreducible polynomials)
        v = subprocess.run([cachegen, "pric", "--sets", str(1 << d), "--line-bytes", str(lb),
                            "--addr-bits", str(addr), "--poly", str(p)],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if v.returncode != 0:
            print("pric random degree %d: cachegen pric refuses P = %d: %s" % (d, p, v.stderr.strip()))
            good = False
            continue
        l2sets = 1 << d
        # the L2 shares the L1's address width; its sets need address room too
        rtl = os.path.join(work, "rnd_d%d" % d)
        args = [cachegen, "--set", "l1.sets=%d" % (1 << d), "--set", "l1.line_bytes=%d" % lb,
                "--set", "l1.addr_bits=%d" % addr, "--set", "l1.index=pric",
                "--set", "l1.pric_poly=%d" % p, "--set", "l1.pric_top_bit=%d" % top,
                "--set", "l2.sets=%d" % l2sets, "--set", "l2.index=pric",
                "--set", "l2.pric_poly=%d" % p, "--set", "l1.ways=2", "--set", "l2.ways=2",
                "-o", rtl]
        g = subprocess.run(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        if g.returncode != 0:
            print("pric random degree %d: cachegen failed: %s" % (d, g.stderr.strip()))
            good = False
            continue
        for level in ("l1", "l2"):
            good &= check(rtl, level, work, False)
    return good


def main(argv):
    if len(argv) >= 5 and argv[1] == "check":
        mutant = argv[5:] == ["--mutate"]
        if argv[5:] and not mutant:
            die("unknown option %s (allowed: --mutate)" % argv[5])
        if argv[3] not in ("l1", "l2"):
            die("level %r: allowed l1 or l2" % argv[3])
        return 0 if check(argv[2], argv[3], argv[4], mutant) else 1
    if len(argv) == 5 and argv[1] == "random":
        if not argv[2].isdigit():
            die("SEED %r: allowed a non-negative integer" % argv[2])
        return 0 if random_runs(int(argv[2]), argv[3], argv[4]) else 1
    die("usage: pricproof.py check RTLDIR l1|l2 WORKDIR [--mutate] | random SEED CACHEGEN WORKDIR")


if __name__ == "__main__":
    sys.exit(main(sys.argv))
