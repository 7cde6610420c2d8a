#!/usr/bin/env python3
"""Writes Tests/CKernelTests/SpringReference.swift: high-precision spring references for the tests.

Three tables, each as flat typed arrays (fast to type-check):
  * `json`: independent spring states (mpmath, 60 digits): by default the `JSON` table of the committed
    SpringReference.swift, or the `springs` array of a kernel-reference.json given as the argument;
  * `hard`: our own mpmath (50 digits) values where the regimes meet and where phase error grows:
    zeta in {0, 1 - 1e-9, 1, 1 + 1e-9, 1000, ...}, omega0 from 1e-2 to 1e4, omega0 * t up to 1e7;
  * `settling`: the exact last time |x(t)| == epsilon, found by a dense scan for the last sign change
    of |x| - epsilon below an envelope bound, then bisection in 50-digit arithmetic.

Usage: python3 Tests/tools/generate_spring_reference.py [path/to/kernel-reference.json]
Needs mpmath (`pip install mpmath`). The output is committed; rerun only to change the cases.
"""
import json
import os
import re
import sys

import mpmath as mp

mp.mp.dps = 50
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
JSON = sys.argv[1] if len(sys.argv) > 1 else None
OUT = os.path.join(ROOT, "Tests", "CKernelTests", "SpringReference.swift")
COLUMNS = ("omega0", "zeta", "x0", "v0", "t", "x", "v")


def committed_springs():
    """The `JSON` table of the committed OUT, as columns (the default source, inside the repository)."""
    with open(OUT) as f:
        src = f.read()
    block = src[src.index("enum JSON {") : src.index("enum Hard {")]
    cols = {}
    for key in COLUMNS:
        m = re.search(r"static let %s: \[Double\] = \[(.*?)\]" % key, block, re.S)
        cols[key] = [float(v) for v in m.group(1).split(",") if v.strip()]
    return cols


def state(w, z, x0, v0, t):
    """Exact (x, v) of x'' + 2 z w x' + w^2 x = 0 at t from (x0, v0); inputs are exact binary doubles."""
    w, z, x0, v0, t = (mp.mpf(s) for s in (w, z, x0, v0, t))
    a = z * w
    s2 = (z - 1) * (z + 1)
    if s2 == 0:
        c, s = mp.mpf(1), t
    elif s2 < 0:
        wd = w * mp.sqrt(-s2)
        c, s = mp.cos(wd * t), mp.sin(wd * t) / wd
    else:
        wd = w * mp.sqrt(s2)
        c, s = mp.cosh(wd * t), mp.sinh(wd * t) / wd
    e = mp.exp(-a * t)
    return e * (x0 * c + (v0 + a * x0) * s), e * (v0 * c - (w * w * x0 + a * v0) * s)


def settling(w, z, x0, v0, eps):
    """Last t with |x(t)| == eps (z > 0)."""
    wm, zm = mp.mpf(w), mp.mpf(z)
    a = zm * wm
    s2 = (zm - 1) * (zm + 1)
    wd = wm * mp.sqrt(abs(s2))
    rate = a if s2 <= 0 else wm * wm / (a + wd)  # e^{-at}|C| and e^{-at}|S|/t are <= e^{-rate t}
    b = abs(mp.mpf(v0) + a * x0)

    def bound(t):
        return mp.exp(-rate * t) * (abs(x0) + b * t)

    t_hi = mp.mpf(1) / rate
    while bound(t_hi) >= eps / 4 or t_hi * rate < 1:
        t_hi *= 1.5
    period = 2 * mp.pi / wd if s2 < 0 else t_hi
    steps = int(min(200000, max(4000, 64 * t_hi / period)))
    h = t_hi / steps
    f = lambda t: abs(state(w, z, x0, v0, t)[0]) - eps
    last = None
    prev = f(t_hi)
    assert prev < 0
    for k in range(steps - 1, -1, -1):
        cur = f(k * h)
        if cur >= 0:
            last = k
            break
    if last is None:
        return 0.0
    lo, hi = last * h, (last + 1) * h
    for _ in range(200):
        mid = (lo + hi) / 2
        if f(mid) >= 0:
            lo = mid
        else:
            hi = mid
    return float(lo)


def swift_array(name, values):
    body = ",\n".join("        " + ", ".join(repr(float(v)) for v in values[i : i + 4]) for i in range(0, len(values), 4))
    return f"    static let {name}: [Double] = [\n{body},\n    ]\n"


def table(name, doc, columns):
    out = f"    /// {doc}\n    enum {name} {{\n"
    for key, values in columns.items():
        out += swift_array(key, values).replace("\n    ", "\n        ").replace("    static", "        static", 1)
    return out + "    }\n"


def main():
    if JSON is None:
        cols = committed_springs()
    else:
        springs = json.load(open(JSON))["springs"]
        cols = {k: [s[k] for s in springs] for k in COLUMNS}

    hard = {k: [] for k in ("omega0", "zeta", "x0", "v0", "t", "x", "v")}
    for z in (0.0, 1 - 1e-9, 1.0, 1 + 1e-9, 1000.0, 0.5, 0.02, 2.0, 1e-6):
        for w in (1e-2, 1.0, 37.3, 1e4):
            for wt in (0.0, 1e-3, 0.3, 1.0, 7.7, 100.0, 1e4, 1e7):
                t = wt / w
                if t > 1e3:
                    continue
                if wt > 1e4 and z not in (0.0, 1e-6):
                    continue
                for x0, v0 in ((1.0, 0.0), (0.0, -3.0 * w), (-0.7, 2.1 * w)):
                    x, v = state(w, z, x0, v0, t)
                    for key, val in zip(hard, (w, z, x0, v0, t, x, v)):
                        hard[key].append(val)

    settle = {k: [] for k in ("omega0", "zeta", "x0", "v0", "epsilon", "t")}
    for z in (0.05, 0.3, 0.7, 1 - 1e-9, 1.0, 1 + 1e-9, 2.0, 50.0):
        for w in (1.0, 12.566370614359172, 300.0):
            for x0, v0 in ((1.0, 0.0), (0.0, 5.0), (-1.0, 20.0), (1.0, -3.0 * w), (0.01, 0.0)):
                for eps in (1e-3, 0.1):
                    t = settling(w, z, x0, v0, eps)
                    for key, val in zip(settle, (w, z, x0, v0, eps, t)):
                        settle[key].append(val)

    src = "// Generated by Tests/tools/generate_spring_reference.py; do not edit.\n"
    src += "// Exact spring states and settling times from mpmath (see the script for the cases).\n\n"
    src += "enum SpringReference {\n"
    src += table("JSON", "Independent spring states (60-digit mpmath), the reference set.", cols)
    src += table("Hard", "Regime seams (zeta 1 +- 1e-9), zeta 0 and 1000, omega0 1e-2...1e4, omega0 t to 1e7.", hard)
    src += table("Settling", "Exact last time |x(t)| == epsilon, seconds.", settle)
    src += "}\n"
    open(OUT, "w").write(src)
    print(f"wrote {OUT}: {len(cols['t'])} json, {len(hard['t'])} hard, {len(settle['t'])} settling cases")


if __name__ == "__main__":
    main()
