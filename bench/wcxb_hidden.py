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
Prints, for each candidate reveal rule (RULES), the F1 change per type
if the subtrees it picks were added to the output (an upper bound: no
dedup, no pick change), then totals per mechanism, per controller
class and per mechanism x controller, then the subtrees with the most
to win. Needs html5lib (installed for /usr/bin/python3); about a minute
for the 1497 pages.
"""
import argparse, gzip, json, os, re, sys
from collections import Counter, defaultdict

import html5lib

WORD = re.compile(r"\w+")
TYPES = ("article", "documentation", "service", "forum", "listing", "collection", "product")
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


TAB_WORDS = ("tab-pane", "tabpanel", "tab-panel", "tab-content", "tabs-panel", "accordion")
COLL_WORDS = ("collaps", "toggle__content", "toggle-content", "disclosure", "expandable")


def kept_as_panel(el):
    """Whether wextract's w_html_tab_panel keeps el although hidden."""
    r = el.get("role") or ""
    c = (el.get("class") or "").lower()
    if r == "tabpanel" or (r == "region" and el.get("aria-labelledby")):
        return True
    if any(w in c for w in TAB_WORDS):
        return True
    return any(w in c for w in COLL_WORDS) and "nav" not in c and "menu" not in c


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


def adjacent_toggle(el, parent):
    """Whether the element before el (or one inside it) names el's id in
    aria-controls, data-target, data-bs-target or href="#id", and opens
    no popup: the disclosure or accordion pattern."""
    i = el.get("id")
    if not i or parent is None:
        return ""
    sib = [c for c in parent if isinstance(c.tag, str)]
    k = sib.index(el)
    if k == 0:
        return ""
    prev = sib[k - 1]
    for e in prev.iter():
        if not isinstance(e.tag, str):
            continue
        for a in ("aria-controls", "data-target", "data-bs-target", "href"):
            v = e.get(a) or ""
            if i in [x.lstrip("#") for x in v.split()]:
                if e.get("aria-haspopup") not in (None, "false"):
                    return "popup"
                return "toggle"
    return ""


def heading_led(el, parent):
    """Whether el comes right after a heading (h2-h6, or a button or
    summary) that is its wrapper's only other child: a title and its
    folded body, the accordion's item."""
    if parent is None:
        return ""
    sib = [c for c in parent if isinstance(c.tag, str)]
    k = sib.index(el)
    if k == 0:
        return ""
    prev = sib[k - 1]
    t = prev.tag.lower()
    if t in ("h2", "h3", "h4", "h5", "h6", "button", "summary", "dt"):
        return "only" if len(sib) == 2 else "prev"
    return ""


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


def context_share(el, par_of, ow):
    """Share of the words around el (its nearest ancestor with other text,
    four levels up at most) that the output prints: whether el sits
    inside the part of the page the extractor wrote."""
    e = el
    for _ in range(4):
        p = par_of.get(e)
        if p is None:
            return 0.0
        buf = []
        for c in p:
            if c is el or c is e:
                if c.tail:
                    buf.append(c.tail)
                continue
            if isinstance(c.tag, str) and mechanisms(c, c.tag.lower()):
                continue
            text_of(c, buf)
            if c.tail:
                buf.append(c.tail)
        if p.text:
            buf.append(p.text)
        cw = Counter(words(" ".join(buf)))
        n = sum(cw.values())
        if n >= 5:
            return sum((cw & ow).values()) / n
        e = p
    return 0.0


def f1(pw, tw):
    np_, nt = sum(pw.values()), sum(tw.values())
    if nt == 0:
        return 1.0 if np_ == 0 else 0.0
    if np_ == 0:
        return 0.0
    ov = sum((pw & tw).values())
    return 2 * ov / (np_ + nt)


BAD_KIND = ("modal", "menu", "cookie", "form")
DROPPED = ("style-none", "style-vis", "hidden-attr", "aria-hidden")
CTL = ("aria-controls", "data-target", "href", "label-for")
RULES = {
    "ctl-strict": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] in CTL,
    "ctl+lab": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] in CTL + ("labelledby",),
    "ctl+sib": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] in CTL + ("sibling-button",),
    "ctl-all": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] != "none",
    "ctl-all-nobad": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] != "none" and not set(t["kind"]) & set(BAD_KIND),
    "ctl-all-nobad-ctx": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] != "none" and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5,
    "ctl-all-nobad-ctx-nodup": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] != "none" and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "any-ctx-nodup": lambda t: t["mech"] in DROPPED and not t["kept"] and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "ctl-ctx-nodup": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] != "none" and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "ctx-nodup-hidattr": lambda t: t["mech"] == "hidden-attr" and not t["kept"] and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "ctx-nodup-stylenone": lambda t: t["mech"] in ("style-none", "style-vis") and not t["kept"] and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "ctx-nodup-aria": lambda t: t["mech"] == "aria-hidden" and not t["kept"] and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "carousel": lambda t: t["mech"] == "aria-hidden" and "carousel" in t["kind"] and "clone" not in t["cls"],
    "carousel-nodup": lambda t: t["mech"] == "aria-hidden" and "carousel" in t["kind"] and "clone" not in t["cls"] and t["dup"] < 0.5 * t["n"],
    "carousel-ctx-nodup": lambda t: t["mech"] == "aria-hidden" and "carousel" in t["kind"] and "clone" not in t["cls"] and t["dup"] < 0.5 * t["n"] and t["ctx"] >= 0.5,
    "expander": lambda t: t["mech"] in DROPPED and not t["kept"] and "expander" in t["cls"],
    "readmore": lambda t: t["mech"] in DROPPED and not t["kept"] and "readmore" in t["kind"],
    "sib-hidattr-ctx-nodup": lambda t: t["mech"] == "hidden-attr" and not t["kept"] and t["ctl"] == "sibling-button" and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
    "sib-ctx-nodup": lambda t: t["mech"] in DROPPED and not t["kept"] and t["ctl"] == "sibling-button" and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"] and not set(t["kind"]) & set(BAD_KIND),
    "adj": lambda t: t["mech"] in DROPPED and not t["kept"] and t["adj"] == "toggle",
    "adj-nobad": lambda t: t["mech"] in DROPPED and not t["kept"] and t["adj"] == "toggle" and not set(t["kind"]) & set(BAD_KIND) and t["role"] not in ("menu", "dialog", "listbox"),
    "adj-nobad-nodup": lambda t: t["mech"] in DROPPED and not t["kept"] and t["adj"] == "toggle" and not set(t["kind"]) & set(BAD_KIND) and t["role"] not in ("menu", "dialog", "listbox") and t["dup"] < 0.5 * t["n"],
    "adj-nobad-ctx": lambda t: t["mech"] in DROPPED and not t["kept"] and t["adj"] == "toggle" and not set(t["kind"]) & set(BAD_KIND) and t["role"] not in ("menu", "dialog", "listbox") and t["ctx"] >= 0.5,
    "answer": lambda t: t["mech"] in DROPPED and not t["kept"] and re.search(r"answer|faq", t["cls"]) is not None,
    "expand-words": lambda t: t["mech"] in DROPPED and not t["kept"] and re.search(r"expander|expand|more-content|readmore|read-more|show-more|truncat", t["cls"]) is not None,
    "hl": lambda t: t["mech"] in DROPPED and not t["kept"] and t["hl"] != "",
    "hl-only": lambda t: t["mech"] in DROPPED and not t["kept"] and t["hl"] == "only",
    "hl-only-nobad": lambda t: t["mech"] in DROPPED and not t["kept"] and t["hl"] == "only" and not set(t["kind"]) & set(BAD_KIND),
    "hl-only-nobad-ctx": lambda t: t["mech"] in DROPPED and not t["kept"] and t["hl"] == "only" and not set(t["kind"]) & set(BAD_KIND) and t["ctx"] >= 0.5,
    "details-ctx": lambda t: t["mech"] == "details-closed" and t["ctx"] >= 0.5 and t["dup"] < 0.5 * t["n"],
}


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
    sim = defaultdict(dict)
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
        par_of = {c: p for p in root.iter() for c in p}
        trees = []
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
            kept = kept_as_panel(el) and m[0] not in ("template", "noscript")
            trees.append({"mech": mech, "kept": kept, "ctl": ctl, "kind": kw, "n": n, "dup": dup,
                          "ctx": context_share(el, par_of, ow), "w": sw,
                          "cls": (el.get("class") or "").lower(),
                          "adj": adjacent_toggle(el, par), "hl": heading_led(el, par), "role": el.get("role") or ""})
            rows.append((pid, pp[pid][0], mech, "+".join(m), ctl + ("/kept" if kept else ""), ",".join(kw), el.tag, n, intr, gain, dup,
                         (el.get("class") or "")[:60], (el.get("id") or "")[:30],
                         " ".join(" ".join(buf).split())[:100]))
            for key in ("mech:" + mech, "ctl:" + ctl + ("/kept" if kept else ""), "kind:" + kw[0], "all",
                        "mc:%s:%s%s" % (mech, ctl, "/kept" if kept else "")):
                c = tot[key]
                c["n"] += 1
                c["words"] += n
                c["truth"] += intr
                c["gain"] += gain
                c["dup"] += dup
                c["pages"] += 0
        base = f1(ow, tw)
        for rn, fn in RULES.items():
            add = Counter()
            for t in trees:
                if fn(t):
                    add += t["w"]
            if add:
                sim[rn][pid] = f1(ow + add, tw) - base
    print("rule                       pages  d(all)  " + " ".join("%-8s" % t[:8] for t in TYPES))
    for rn in RULES:
        dl = sim[rn]
        bt = defaultdict(float)
        for pid, d in dl.items():
            bt[pp[pid][0]] += d
        ntype = Counter(pp[x][0] for x in ids)
        print("%-26s %5d %+.4f " % (rn, sum(1 for d in dl.values() if d), sum(dl.values()) / len(ids)) +
              " ".join("%+.4f  " % (bt[t] / ntype[t] if ntype[t] else 0) for t in TYPES) +
              " up %d down %d" % (sum(1 for d in dl.values() if d > 0.001), sum(1 for d in dl.values() if d < -0.001)))
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
