#!/usr/bin/env python3
"""wcxb_types.py: tell the classifier's error from the profiles' on a WCXB split.

usage: wcxb_types.py SPLIT CLASSIFIED.json ALL.ndjson [TYPE=ORACLE.json ...]

CLASSIFIED.json is wcxb.py --json of the run with the page type classified,
ALL.ndjson that run's envelopes (wextract-batch.sh writes OUT_DIR/.all.ndjson),
each TYPE=ORACLE.json wcxb.py --json --only TYPE of a run with the profile
forced (--page-type TYPE). Prints per type: pages, F1 classified, F1 oracle,
the difference, and the classifier's recall and precision on the type; then
the overall accuracy and the confusion matrix (truth rows, classified
columns). Standard library only.
"""
import gzip, json, os, sys
from collections import Counter

TYPES = ["article", "collection", "documentation", "forum", "listing",
         "product", "service"]


def truth(split):
    d = os.path.join(split, "ground-truth")
    gt = {}
    for f in os.listdir(d):
        if not (f.endswith(".json") or f.endswith(".json.gz")):
            continue
        op = gzip.open if f.endswith(".gz") else open
        with op(os.path.join(d, f), "rt", encoding="utf-8") as fh:
            pt = (json.load(fh).get("_internal") or {}).get("page_type")
        pt = pt.get("primary", "article") if isinstance(pt, dict) else pt
        gt[f.split(".")[0]] = "collection" if pt == "category" else (
            pt or "article")
    return gt


def page_types(ndjson):
    """Page id -> coverage.page_type ("none" when absent) of a batch's envelopes."""
    got = {}
    with open(ndjson, encoding="utf-8", errors="replace") as fh:
        for line in fh:
            try:
                e = json.loads(line)
            except ValueError:
                continue
            f = (e.get("source") or {}).get("file")
            if f:
                got[os.path.basename(f)[:-len(".html")]] = (
                    (e.get("coverage") or {}).get("page_type") or "none")
    return got


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__.split("\n\n")[1])
    split, cls_json, ndjson = sys.argv[1:4]
    gt = truth(split)
    cls = json.load(open(cls_json))
    oracle = {}
    for a in sys.argv[4:]:
        t, _, p = a.partition("=")
        oracle[t] = json.load(open(p))["types"].get(t)
    got = page_types(ndjson)
    conf = Counter((gt[i], got.get(i, "none")) for i in gt)
    npred = Counter(got.get(i, "none") for i in gt)
    fmt = "%-14s %5s %8s %8s %7s %7s %7s"
    print(fmt % ("type", "pages", "F1", "oracle", "o-F1", "recall", "prec"))
    tot = ok = 0
    osum = 0.0
    on = 0
    for t in ["all"] + TYPES:
        s = cls["all"] if t == "all" else cls["types"].get(t)
        if s is None:
            continue
        if t == "all":
            o = None
            if oracle and all(oracle.get(k) for k in cls["types"]):
                osum = sum(oracle[k]["f1"] * oracle[k]["pages"]
                           for k in cls["types"])
                on = sum(oracle[k]["pages"] for k in cls["types"])
                o = osum / on if on else None
            n = sum(conf.values())
            hit = sum(v for (a, b), v in conf.items() if a == b)
            rec, prec = hit / n if n else 0, None
        else:
            o = oracle[t]["f1"] if oracle.get(t) else None
            n = sum(v for (a, _), v in conf.items() if a == t)
            rec = conf[(t, t)] / n if n else 0
            prec = conf[(t, t)] / npred[t] if npred[t] else None
            tot += n
            ok += conf[(t, t)]
        print(fmt % (t, s["pages"], "%.3f" % s["f1"],
                     "%.3f" % o if o is not None else "-",
                     "%+.3f" % (o - s["f1"]) if o is not None else "-",
                     "%.2f" % rec, "%.2f" % prec if prec is not None else "-"))
    print("classifier accuracy %.3f (%d of %d pages); o-F1 is what a perfect"
          " classifier would add" % (ok / tot if tot else 0, ok, tot))
    cols = sorted({b for _, b in conf})
    print("%-14s" % "truth\\typed" + "".join("%7s" % c[:6] for c in cols))
    for t in TYPES:
        if any(conf[(t, c)] for c in cols):
            print("%-14s" % t + "".join("%7d" % conf[(t, c)] for c in cols))


if __name__ == "__main__":
    main()
