#!/usr/bin/python3
"""tree_compare.py: where our parsed tree puts each text run against a
browser-like parse (html5lib, installed for /usr/bin/python3).

usage: tree_compare.py TREEDUMP CACHE_DIR OUT_TSV HTML_GZ_DIR [ID...]
  TREEDUMP     build/treedump (make build/treedump)
  CACHE_DIR    html5lib's side, one ID.tsv a page (made once, reused)
  OUT_TSV      one line a text run placed differently: id, html5lib's
               path at the first difference, ours, length, text
  HTML_GZ_DIR  pages as ID.html.gz (e.g. the WCXB dev corpus's html/)
Compared: the runs of 3 characters or more that occur once on both
sides, by their block ancestors (inline ones but a, span, label and
button left out). Prints the divergence classes by pages, then runs,
then characters."""
import collections
import gzip
import os
import re
import subprocess
import sys
import tempfile

import html5lib

SKIP = {'script', 'style', 'template', 'noscript'}
BLOCK = set('div p ul ol li dl dt dd table tr td th caption section '
            'article main aside header footer nav h1 h2 h3 h4 h5 h6 '
            'blockquote pre form figure figcaption details summary '
            'fieldset address custom a span label button'.split())


def h5_lines(data):
    doc = html5lib.parse(data, treebuilder='etree',
                         namespaceHTMLElements=False)
    body = doc.find('body')
    out = []

    def emit(path, text):
        if text and text.strip():
            out.append('%s\t%s' % ('/'.join(path), re.sub(r'\s+', ' ', text)))

    def walk(el, path):
        for ch in el:
            if not isinstance(ch.tag, str):     # a comment
                emit(path, ch.tail)
                continue
            t = ch.tag.lower().split('}')[-1]
            if t not in SKIP:
                t = 'custom' if '-' in t else t
                emit(path + [t], ch.text)
                walk(ch, path + [t])
            emit(path, ch.tail)
    if body is not None:
        emit([], body.text)
        walk(body, [])
    return out


def runs(lines):
    m = collections.defaultdict(list)
    for ln in lines:
        if '\t' not in ln:
            continue
        path, text = ln.split('\t', 1)
        text = text.strip()
        if len(text) >= 3:
            m[text].append([t for t in path.split('/') if t in BLOCK])
    return m


def main():
    tool, cache, out, src = sys.argv[1:5]
    ids = sys.argv[5:] or sorted(f[:-8] for f in os.listdir(src)
                                 if f.endswith('.html.gz'))
    os.makedirs(cache, exist_ok=True)
    pages = collections.defaultdict(set)
    count = collections.Counter()
    chars = collections.Counter()
    tmp = tempfile.NamedTemporaryFile(suffix='.html', delete=False)
    tmp.close()
    with open(out, 'w') as fo:
        for i in ids:
            data = gzip.open(os.path.join(src, i + '.html.gz')).read()
            c = os.path.join(cache, i + '.tsv')
            if not os.path.exists(c):
                with open(c + '.tmp', 'w') as f:
                    f.write(''.join(x + '\n' for x in h5_lines(data)))
                os.rename(c + '.tmp', c)
            with open(tmp.name, 'wb') as f:
                f.write(data)
            r = subprocess.run([tool, tmp.name], capture_output=True)
            ours = runs(r.stdout.decode('utf-8', 'replace').split('\n'))
            h5 = runs(open(c, encoding='utf-8',
                           errors='replace').read().split('\n'))
            for text, hp in h5.items():
                op = ours.get(text)
                if op is None or len(hp) != 1 or len(op) != 1:
                    continue
                hp, op = hp[0], op[0]
                if hp == op:
                    continue
                k = 0
                while k < len(hp) and k < len(op) and hp[k] == op[k]:
                    k += 1
                key = ('/'.join(hp[max(0, k - 1):k + 2]),
                       '/'.join(op[max(0, k - 1):k + 2]))
                pages[key].add(i)
                count[key] += 1
                chars[key] += len(text)
                fo.write('%s\t%s\t%s\t%d\t%s\n' % (i, key[0], key[1],
                                                   len(text), text[:80]))
    os.unlink(tmp.name)
    print('pages\truns\tchars\thtml5lib\tours\tfirst pages')
    for key in sorted(count, key=lambda k: (-len(pages[k]), -count[k])):
        print('%d\t%d\t%d\t%s\t%s\t%s' % (len(pages[key]), count[key],
              chars[key], key[0], key[1], ' '.join(sorted(pages[key])[:6])))


if __name__ == '__main__':
    main()
