#!/usr/bin/env python3
"""wcxb_retype.py: what retyping pages would gain, before a classifier signal is built.

usage: wcxb_retype.py CLASSIFIED_DIR TYPE=FORCED_DIR ... [--from TYPE] [--features FILE]

CLASSIFIED_DIR is a wcxb.py --keep directory of a run with the page type
classified (per-page.tsv and the envelopes, .all.ndjson); each FORCED_DIR a
wcxb.py --keep directory of a run over the whole split with --page-type TYPE
forced. For each classified type X (or only --from X) and each forced
profile Y other than X, prints the change in page units (the sum of the
pages' F1 changes) if every page typed X were extracted with Y's profile,
by the pages' truth type, with the pages that move up and down by more than
0.01. Then the ceiling: the pages typed X each given its best profile among
the classified one and the forced ones. A classifier signal that moves
pages from X to Y can gain at most the positive part of its row. Standard
library only.

With --features FILE (lines "ID SITE NAME=NUMBER ...", any per-page
signals, e.g. a classifier's counts), each move is also priced held out:
the one-signal rule (NAME >= or <= a value) that gains most on the pages
of one site fold (crc32(SITE) % 2) is applied to the other fold, both
ways, and the held-out units are printed. A signal that gains in training
and loses held out is fitted to sites, not a structure.
"""
import os, sys, zlib
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from wcxb_types import page_types  # noqa: E402

MOVE = 0.01


def scores(d):
    s = {}
    with open(os.path.join(d, "per-page.tsv"), encoding="utf-8") as fh:
        next(fh, None)
        for line in fh:
            f = line.rstrip("\n").split("\t")
            if len(f) >= 5:
                s[f[0]] = (f[1], float(f[4]))
    return s


def typed(d):
    return page_types(os.path.join(d, ".all.ndjson"))


def features(path):
    f = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            w = line.split()
            if len(w) < 2:
                continue
            v = {}
            for kv in w[2:]:
                k, _, x = kv.partition("=")
                try:
                    v[k] = float(x)
                except ValueError:
                    pass
            f[w[0]] = (zlib.crc32(w[1].encode()) % 2, v)
    return f


def fit(ids, gain, feat):
    """The (units, name, sign, value) rule gaining most on ids."""
    best = (0.0, None, 0, 0.0)
    names = sorted({k for i in ids for k in feat[i][1]})
    for k in names:
        for v in sorted({feat[i][1].get(k, 0.0) for i in ids}):
            for sg in (1, -1):
                g = sum(gain[i] for i in ids
                        if (feat[i][1].get(k, 0.0) - v) * sg >= 0)
                if g > best[0] + 1e-9:
                    best = (g, k, sg, v)
    return best


def held_out(ids, gain, feat):
    """Held-out units of the best one-signal rule, fitted per fold."""
    out, tot = [], 0.0
    for tr in (0, 1):
        a = [i for i in ids if i in feat and feat[i][0] == tr]
        b = [i for i in ids if i in feat and feat[i][0] != tr]
        g, k, sg, v = fit(a, gain, feat)
        if k is None:
            out.append("fold %d: no rule" % tr)
            continue
        h = sum(gain[i] for i in b
                if (feat[i][1].get(k, 0.0) - v) * sg >= 0)
        tot += h
        out.append("fold %d: %s %s %g %+.2f, held out %+.2f" % (
            tr, k, ">=" if sg > 0 else "<=", v, g, h))
    return tot, out


def main():
    args = sys.argv[1:]
    only = None
    feat = None
    if "--features" in args:
        k = args.index("--features")
        if k + 1 >= len(args):
            sys.exit(__doc__.split("\n\n")[1])
        feat = features(args[k + 1])
        del args[k:k + 2]
    if "--from" in args:
        k = args.index("--from")
        if k + 1 >= len(args):
            sys.exit(__doc__.split("\n\n")[1])
        only = args[k + 1]
        del args[k:k + 2]
    if len(args) < 2 or any("=" not in a for a in args[1:]):
        sys.exit(__doc__.split("\n\n")[1])
    base = scores(args[0])
    typ = typed(args[0])
    forced = {}
    for a in args[1:]:
        t, _, d = a.partition("=")
        forced[t] = scores(d)
    froms = sorted({typ.get(i, "none") for i in base})
    for x in froms:
        if only is not None and x != only:
            continue
        ids = [i for i in base if typ.get(i, "none") == x]
        print("typed %s: %d pages, loss %.2f units" % (
            x, len(ids), sum(1 - base[i][1] for i in ids)))
        for y in sorted(forced):
            if y == x:
                continue
            by = defaultdict(lambda: [0, 0.0, 0, 0])
            for i in ids:
                if i not in forced[y]:
                    continue
                t, f = base[i]
                d = forced[y][i][1] - f
                r = by[t]
                r[0] += 1
                r[1] += d
                r[2] += d > MOVE
                r[3] += d < -MOVE
            tot = sum(r[1] for r in by.values())
            print("  -> %-13s %+7.2f  " % (y, tot) + "  ".join(
                "%s %d: %+.2f (%d up, %d down)" % (t, r[0], r[1], r[2], r[3])
                for t, r in sorted(by.items())))
            if feat is not None:
                gain = {i: forced[y][i][1] - base[i][1] for i in ids
                        if i in forced[y]}
                h, lines = held_out(list(gain), gain, feat)
                print("     held out %+.2f: %s" % (h, "; ".join(lines)))
        best = sum(max([base[i][1]] + [forced[y][i][1] for y in forced
                   if i in forced[y]]) - base[i][1] for i in ids)
        print("  best profile per page (ceiling): %+.2f units" % best)


if __name__ == "__main__":
    main()
