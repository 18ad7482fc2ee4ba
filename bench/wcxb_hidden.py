#!/usr/bin/python3
"""wcxb_hidden.py - audit the hidden subtrees of WCXB pages against the truth.

usage: wcxb_hidden.py OUT_DIR [SPLIT_DIR] [--type T] [--top N] [--tsv FILE]

For each page, parses the HTML as a browser would (html5lib), finds the
outermost hidden subtrees (hidden attribute, style display:none or
visibility:hidden, aria-hidden, inert, template, noscript, a closed
details' body, class words: hidden/d-none, collapse, accordion, tab-pane,
modal, dropdown, menu, offcanvas...), and for each one counts its words,
how many of them the truth holds, how many the truth holds that OUT_DIR's
output (NNNN.txt) lacks (what revealing it could win), and how many the
output already prints (a copy). Each subtree is classed by mechanism and
by whether a control opens it (aria-controls, data-target, data-bs-target,
href="#id" or label for= naming its id; role=tabpanel; aria-labelledby; a
button or summary beside it). Words are WCXB's: lowercase \\w+ runs.
Prints totals per mechanism and per controller class, then the subtrees
with the most to win. Needs html5lib (installed for /usr/bin/python3).
"""
import argparse, gzip, json, os, re, sys
from collections import Counter, defaultdict

import html5lib

WORD = re.compile(r"\w+")
SKIPTXT = {"script", "style", "svg", "head", "title", "meta", "link"}


def words(t):
    return WORD.findall((t or "").lower())


def text_of(el, out):
    if el.tag in SKIPTXT if isinstance(el.tag, str) else True:
        return
    if el.text:
        out.append(el.text)
    for c in el:
        text_of(c, out)
        if c.tail:
            out.append(c.tail)


def cls_words(el):
    return (el.get("class") or "").lower().split()


HIDE_CLASS = {"hidden", "hide", "d-none", "invisible", "is-hidden", "u-hidden",
              "display-none", "none", "is-hide", "js-hidden", "hidden-all"}


def mechanisms(el, tag):
    """The ways el is hidden (a list, empty if shown)."""
    m = []
    st = re.sub(r"\s+", "", (el.get("style") or "").lower())
    if "display:none" in st:
        m.append("style-none")
    if "visibility:hidden" in st:
        m.append("style-vis")
    if el.get("hidden") is not None:
        m.append("hidden-attr")
    if (el.get("aria-hidden") or "").lower() == "true":
        m.append("aria-hidden")
    if el.get("inert") is not None:
        m.append("inert")
    if tag == "template":
        m.append("template")
    if tag == "noscript":
        m.append("noscript")
    cw = cls_words(el)
    if any(c in HIDE_CLASS for c in cw):
        m.append("class-hidden")
    if any(c == "collapse" for c in cw) and not any(c in ("show", "in") for c in cw):
        m.append("class-collapse")
    return m


def kind_words(el):
    """Words naming what the box is (from class, id, role)."""
    s = " ".join([(el.get("class") or ""), (el.get("id") or ""), (el.get("role") or "")]).lower()
    k = []
    for name, pats in (("tab", ("tab-pane", "tabpanel", "tab-panel", "tab-content", "tabs-panel", "tab_pane", "tabs__panel")),
                       ("accordion", ("accordion", "collaps", "toggle", "expand", "disclosure", "faq", "answer")),
                       ("readmore", ("read-more", "readmore", "more-text", "show-more", "truncat", "clamp", "excerpt")),
                       ("modal", ("modal", "popup", "pop-up", "dialog", "lightbox", "overlay", "drawer", "offcanvas", "flyout")),
                       ("menu", ("menu", "nav", "dropdown", "megamenu", "submenu", "mega-menu")),
                       ("cookie", ("cookie", "consent", "gdpr")),
                       ("carousel", ("carousel", "slick", "swiper", "slide", "slider", "owl-")),
                       ("mobile", ("mobile", "-sm", "-xs", "visible-", "hidden-lg", "hidden-md", "d-md-", "d-lg-")),
                       ("form", ("form", "search", "login", "signin", "newsletter", "subscribe")),
                       ("sr", ("sr-only", "visually-hidden", "screen-reader"))):
        if any(p in s for p in pats):
            k.append(name)
    if el.get("role") == "tabpanel":
        k.append("tab")
    return k or ["other"]


def controller(el, ids_ref, parent):
    i = el.get("id")
    if i and i in ids_ref:
        return ids_ref[i]
    if el.get("role") == "tabpanel":
        return "role-tabpanel"
    if el.get("aria-labelledby"):
        return "labelledby"
    if parent is not None:
        sib = list(parent)
        k = sib.index(el)
        for j in (k - 1, k - 2):
            if j >= 0 and isinstance(sib[j].tag, str):
                t = sib[j].tag
                if t in ("button", "summary") or sib[j].get("aria-expanded") is not None or \
                        sib[j].get("data-toggle") or sib[j].get("data-bs-toggle"):
                    return "sibling-button"
                b = sib[j].find(".//button")
                if b is not None and len(words("".join(sib[j].itertext()))) < 15:
                    return "sibling-button"
    return "none"


def refs(root):
    r = {}
    for e in root.iter():
        if not isinstance(e.tag, str):
            continue
        for a, nm in (("aria-controls", "aria-controls"), ("data-target", "data-target"),
                      ("data-bs-target", "data-target"), ("for", "label-for"), ("href", "href")):
            v = e.get(a)
            if not v:
                continue
            if a == "href":
                if not v.startswith("#") or len(v) < 2:
                    continue
                v = v[1:]
            for x in v.replace(",", " ").split():
                x = x.lstrip("#")
                if x:
                    r.setdefault(x, nm)
    return r


def walk(root, found):
    """Outermost hidden subtrees: (el, parent, mechs)."""
    stack = [(root, None)]
    while stack:
        el, par = stack.pop()
        if not isinstance(el.tag, str):
            continue
        tag = el.tag.lower()
        if tag in ("script", "style", "head", "svg"):
            continue
        m = mechanisms(el, tag)
        if tag == "details" and el.get("open") is None:
            # the body beyond the summary is closed
            for c in el:
                if isinstance(c.tag, str) and c.tag.lower() != "summary":
                    found.append((c, el, ["details-closed"] + mechanisms(c, c.tag.lower())))
            continue
        if m:
            found.append((el, par, m))
            continue
        for c in reversed(list(el)):
            stack.append((c, el))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("split", nargs="?", default="/work/shared/corpus/wcxb-dev")
    ap.add_argument("--type")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--tsv")
    ap.add_argument("--ids")
    a = ap.parse_args()
    pp = {}
    with open(os.path.join(a.out, "per-page.tsv")) as f:
        next(f)
        for ln in f:
            p = ln.rstrip("\n").split("\t")
            pp[p[0]] = (p[1], float(p[3]), float(p[4]))
    ids = sorted(pp)
    if a.ids:
        ids = [x for x in a.ids.split(",")]
    if a.type:
        ids = [x for x in ids if pp[x][0] == a.type]
    tot = defaultdict(Counter)
    rows = []
    for pid in ids:
        with gzip.open(os.path.join(a.split, "html", pid + ".html.gz"), "rb") as f:
            raw = f.read()
        with gzip.open(os.path.join(a.split, "ground-truth", pid + ".json.gz"), "rt") as f:
            gt = (json.load(f).get("ground_truth") or {}).get("main_content") or ""
        try:
            out = open(os.path.join(a.out, pid + ".txt"), encoding="utf-8", errors="replace").read()
        except OSError:
            out = ""
        try:
            root = html5lib.parse(raw, treebuilder="etree", namespaceHTMLElements=False)
        except Exception:
            continue
        tw, ow = Counter(words(gt)), Counter(words(out))
        miss = tw - ow
        rf = refs(root)
        found = []
        walk(root, found)
        for el, par, m in found:
            buf = []
            text_of(el, buf)
            sw = Counter(words(" ".join(buf)))
            n = sum(sw.values())
            if n == 0:
                continue
            intr = sum((sw & tw).values())
            gain = sum((sw & miss).values())
            dup = sum((sw & ow).values())
            ctl = controller(el, rf, par)
            kw = kind_words(el)
            mech = m[0]
            rows.append((pid, pp[pid][0], mech, "+".join(m), ctl, ",".join(kw), el.tag, n, intr, gain, dup,
                         (el.get("class") or "")[:60], (el.get("id") or "")[:30],
                         " ".join(" ".join(buf).split())[:100]))
            for key in ("mech:" + mech, "ctl:" + ctl, "kind:" + kw[0], "all"):
                c = tot[key]
                c["n"] += 1
                c["words"] += n
                c["truth"] += intr
                c["gain"] += gain
                c["dup"] += dup
                c["pages"] += 0
    print("%-24s %6s %8s %8s %8s %8s" % ("class", "trees", "words", "truth", "gain", "dup"))
    for k in sorted(tot, key=lambda k: (k.split(":")[0], -tot[k]["gain"])):
        c = tot[k]
        print("%-24s %6d %8d %8d %8d %8d" % (k, c["n"], c["words"], c["truth"], c["gain"], c["dup"]))
    rows.sort(key=lambda r: -r[9])
    print("\ntop subtrees by gain (id type mech ctl kind tag words truth gain dup class id text)")
    for r in rows[:a.top]:
        print("\t".join(str(x) for x in r))
    if a.tsv:
        with open(a.tsv, "w") as f:
            f.write("id\ttype\tmech\tmechs\tctl\tkind\ttag\twords\ttruth\tgain\tdup\tclass\telid\ttext\n")
            for r in rows:
                f.write("\t".join(str(x).replace("\t", " ") for x in r) + "\n")


if __name__ == "__main__":
    main()
