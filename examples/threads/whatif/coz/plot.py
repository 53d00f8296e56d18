#!/usr/bin/env python3
"""plot.py: a causal profile of perfcast whatif (JSON) beside Coz's (profile.coz), as one SVG.

Usage: plot.py TITLE WHATIF.json PROFILE.coz RUNS OUT.svg LABEL=WHATIF_LOCATION=COZ_LINE...
Each LABEL is a curve: WHATIF_LOCATION the location's key in the JSON, COZ_LINE the FILE:LINE Coz selected.
Both plot the program's speed-up as Coz does: 1 - period(s) / period(0), in %, against the line's speed-up s;
Coz's period is an experiment's duration over its progress points, summed over the experiments of a line at s.
Standard library only. Prints a table of both curves on stdout.
"""
import json
import sys
from collections import defaultdict

COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd"]


def coz_curves(path):
    """{line: {speedup: [duration, delta, experiments]}} from a profile.coz (runs appended)."""
    data = defaultdict(lambda: defaultdict(lambda: [0.0, 0.0, 0]))
    current = None
    with open(path) as f:
        for raw in f:
            fields = raw.rstrip("\n").split("\t")
            kv = dict(x.split("=", 1) for x in fields[1:] if "=" in x)
            if fields[0] == "experiment":
                line = kv["selected"].rsplit("/", 1)[-1]
                current = data[line][round(float(kv["speedup"]), 2)]
                current[0] += float(kv["duration"])
                current[2] += 1
            elif fields[0] == "throughput-point" and current is not None:
                current[1] += float(kv["delta"])
    return data


def coz_speedups(cells):
    """[(s, program speed-up)] where s = 0 has progress; None where a speed-up has none."""
    base = cells.get(0.0)
    if not base or base[1] == 0:
        return []
    p0 = base[0] / base[1]
    return [(s, 1 - (c[0] / c[1]) / p0) for s, c in sorted(cells.items()) if c[1] > 0]


def ours(profile, key):
    for loc in profile["locations"]:
        if loc["location"] == key:
            base = profile["baseline"]
            return [(p["speedup"], 1 - p["completion"] / base) for p in loc["curve"] if p["completion"] is not None]
    raise SystemExit("no location " + key + " in the what-if profile")


def panel(x0, title, curves, labels):
    w, h, left, top = 420, 300, 50, 40
    out = [f'<g transform="translate({x0},0)">', f'<text x="{left + w / 2}" y="22" text-anchor="middle" '
           f'font-size="14">{title}</text>']
    ymin, ymax = -0.2, 1.0
    X = lambda s: left + s * w
    Y = lambda v: top + (ymax - max(ymin, min(ymax, v))) / (ymax - ymin) * h
    out.append(f'<rect x="{left}" y="{top}" width="{w}" height="{h}" fill="none" stroke="#888"/>')
    for i in range(0, 6):
        s = i / 5
        out.append(f'<text x="{X(s)}" y="{top + h + 16}" text-anchor="middle" font-size="11">{int(s * 100)}%</text>')
    for v in (-0.2, 0, 0.2, 0.4, 0.6, 0.8, 1.0):
        out.append(f'<line x1="{left}" x2="{left + w}" y1="{Y(v)}" y2="{Y(v)}" stroke="#ddd"/>')
        out.append(f'<text x="{left - 4}" y="{Y(v) + 4}" text-anchor="end" font-size="11">{int(round(v * 100))}%</text>')
    out.append(f'<text x="{left + w / 2}" y="{top + h + 34}" text-anchor="middle" font-size="12">line speed-up</text>')
    out.append(f'<text x="14" y="{top + h / 2}" text-anchor="middle" font-size="12" transform="rotate(-90 14 '
               f'{top + h / 2})">program speed-up</text>')
    for i, (label, points) in enumerate(zip(labels, curves)):
        c = COLOURS[i % len(COLOURS)]
        if points:
            d = " ".join(f"{X(s):.1f},{Y(v):.1f}" for s, v in points)
            out.append(f'<polyline points="{d}" fill="none" stroke="{c}" stroke-width="2"/>')
            out.extend(f'<circle cx="{X(s):.1f}" cy="{Y(v):.1f}" r="3" fill="{c}"/>' for s, v in points)
        out.append(f'<text x="{left + 8}" y="{top + 16 + 16 * i}" font-size="12" fill="{c}">{label}</text>')
    out.append("</g>")
    return out


def main():
    title, whatif, coz, runs, svg = sys.argv[1:6]
    specs = [a.split("=", 2) for a in sys.argv[6:]]
    with open(whatif) as f:
        profile = json.load(f)
    data = coz_curves(coz)
    labels = [s[0] for s in specs]
    mine = [ours(profile, s[1]) for s in specs]
    theirs = [coz_speedups(data.get(s[2], {})) for s in specs]
    experiments = sum(c[2] for cells in data.values() for c in cells.values())
    body = ['<svg xmlns="http://www.w3.org/2000/svg" width="960" height="400" font-family="sans-serif">',
            '<rect width="100%" height="100%" fill="white"/>',
            f'<text x="480" y="392" text-anchor="middle" font-size="12">{title}</text>']
    body += panel(0, "Perfcast whatif: 1 recording", mine, labels)
    body += panel(480, f"Coz: {runs} runs, {experiments} experiments", theirs, labels)
    body.append("</svg>")
    with open(svg, "w") as f:
        f.write("\n".join(body) + "\n")
    print("| curve | tool | " + " | ".join(f"{int(s * 100)} %" for s in (0, 0.25, 0.5, 0.75, 1.0)) + " |")
    print("| --- | --- | " + " | ".join("---" for _ in range(5)) + " |")
    for label, a, b in zip(labels, mine, theirs):
        for tool, pts in (("perfcast", a), ("coz", b)):
            near = []
            for s in (0, 0.25, 0.5, 0.75, 1.0):
                best = min(pts, key=lambda p: abs(p[0] - s), default=None)
                near.append(f"{best[1] * 100:.0f} %" if best and abs(best[0] - s) < 0.051 else "")
            print(f"| {label} | {tool} | " + " | ".join(near) + " |")


if __name__ == "__main__":
    main()
