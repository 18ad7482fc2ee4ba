#!/usr/bin/env python3
"""wcxb_conf.py: is coverage.confidence honest on a WCXB split?

usage: wcxb_conf.py KEEP_DIR

KEEP_DIR is wcxb.py --keep's directory of the run with the page type
classified: per-page.tsv (each page's word F1 and truth type) and
.all.ndjson (the envelopes, with coverage.confidence). Prints per truth
type the rank correlation (Spearman) of confidence with F1, then per
tenth of confidence the pages, mean confidence and mean F1, and the
calibration error: the mean over pages of |mean confidence - mean F1|
of their tenth (0 when confidence is the F1 a page can expect).
Standard library only.
"""
import csv, json, os, sys


def ranks(x):
    o = sorted(range(len(x)), key=lambda k: x[k])
    r = [0.0] * len(x)
    k = 0
    while k < len(o):
        j = k
        while j + 1 < len(o) and x[o[j + 1]] == x[o[k]]:
            j += 1
        for m in range(k, j + 1):
            r[o[m]] = (k + j) / 2
        k = j + 1
    return r


def spearman(a, b):
    if len(a) < 3:
        return None
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cv = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra)
    vb = sum((y - mb) ** 2 for y in rb)
    return cv / (va * vb) ** 0.5 if va and vb else None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    d = sys.argv[1]
    for f in ("per-page.tsv", ".all.ndjson"):
        if not os.path.isfile(os.path.join(d, f)):
            sys.exit("wcxb_conf.py: no %s in %s (wcxb.py --keep's"
                     " directory)" % (f, d))
    f1, typ, conf = {}, {}, {}
    with open(os.path.join(d, "per-page.tsv")) as fh:
        for r in csv.DictReader(fh, delimiter="\t"):
            f1[r["id"]], typ[r["id"]] = float(r["f1"]), r["type"]
    for line in open(os.path.join(d, ".all.ndjson"), encoding="utf-8",
                     errors="replace"):
        try:
            e = json.loads(line)
        except ValueError:
            continue
        f = (e.get("source") or {}).get("file")
        c = (e.get("coverage") or {}).get("confidence")
        if f and isinstance(c, (int, float)):
            conf[os.path.basename(f)[:-len(".html")]] = float(c)
    ids = [i for i in f1 if i in conf]
    if not ids:
        sys.exit("wcxb_conf.py: no page with a confidence in " + d)
    print("%-14s %5s %9s" % ("type", "pages", "spearman"))
    for t in ["all"] + sorted(set(typ.values())):
        s = [i for i in ids if t == "all" or typ[i] == t]
        rho = spearman([conf[i] for i in s], [f1[i] for i in s])
        print("%-14s %5d %9s" % (t, len(s),
                                 "%.3f" % rho if rho is not None else "-"))
    tenth = {}
    for i in ids:
        tenth.setdefault(min(int(conf[i] * 10), 9), []).append(i)
    err = 0.0
    print("%-10s %5s %10s %8s" % ("tenth", "pages", "confidence", "F1"))
    for k in sorted(tenth):
        s = tenth[k]
        mc = sum(conf[i] for i in s) / len(s)
        mf = sum(f1[i] for i in s) / len(s)
        err += abs(mc - mf) * len(s)
        print("%-10s %5d %10.3f %8.3f" % ("%.1f-%.1f" % (k / 10,
              (k + 1) / 10), len(s), mc, mf))
    print("calibration error %.3f (mean |confidence - F1| per tenth)" %
          (err / len(ids)))


if __name__ == "__main__":
    main()
