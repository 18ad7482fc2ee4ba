#!/bin/sh
# hostile.sh: wextract and wrobots on hostile page shapes (make
# bench-hostile, or: sh bench/hostile.sh [BIN]). Each shape is one
# construct repeated (an unclosed tag, 100,000 sibling items, a deep or
# wide table, a long run of links, a huge JSON-LD or __NEXT_DATA__
# blob, text with no spaces...) to SMALL KiB and to 4x that. Per shape:
# wextract's CPU seconds (user + system) per MiB on the larger input,
# the ratio of its CPU time to a bare tidy parse of the same bytes
# (bench/tidyparse.c, the floor of a tidy-based extractor, as in
# bench/extract.sh), and the growth: CPU time at 4x the size over CPU
# time at 1x (4 is linear). A shape is flagged when its growth is above
# 6 or it needs more than 3 CPU s per MiB; then the worst ratio and the
# worst growth. robots.txt shapes follow (wrobots --robots-file; no peer,
# s/MiB and growth only; wrobots reads the first 500 KiB). Bare tidy is
# square-time on deep nesting that wextract flattens first (<dl><dt>,
# <b>, ... unclosed): its parse is cut at 3 s and the ratio is shown as
# an upper bound (<N), left out of the worst ratio.
# Environment: SMALL (KiB, default 256), PAGE_TYPE (auto; a shape
# written for one profile, "(product)" after its name, runs with that
# one unless PAGE_TYPE is set), FORMAT (markdown), SHAPES (names,
# space-separated: only those).
BIN=${1:-${BIN:-bin}}
W=$(cd "$BIN" 2>/dev/null && pwd)/wextract
R=$(cd "$BIN" 2>/dev/null && pwd)/wrobots
die() { echo "hostile.sh: $*" >&2; exit 1; }
if [ ! -x "$W" ] || [ ! -x "$R" ]; then
	die "no $W or $R: run make first"
fi
command -v python3 >/dev/null 2>&1 || die "python3 is needed"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-hostile.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM
tidy=
# shellcheck disable=SC2046 # pkg-config prints several flags
if cc -O2 $(pkg-config --cflags tidy 2>/dev/null) -I/usr/include/tidy \
    -o "$tmp/tidyparse" "$(dirname "$0")/tidyparse.c" -ltidy \
    2>"$tmp/cc.err"; then
	tidy=$tmp/tidyparse
else
	echo "(could not build bench/tidyparse.c: $(head -1 "$tmp/cc.err"))"
fi
export WEB_CONFIG="$tmp/none.json"	# offline runs need no config
exec python3 - "$W" "$R" "$tidy" "$tmp" <<'EOF'
import os, resource, subprocess, sys

W, R, TIDY, TMP = sys.argv[1:5]
SMALL = int(os.environ.get('SMALL') or 256) << 10
PT = os.environ.get('PAGE_TYPE') or ''
FMT = os.environ.get('FORMAT') or 'markdown'
ONLY = (os.environ.get('SHAPES') or '').split()
TIDY_MAX = 3

# name: the construct repeated, or a function of the size in bytes
def rep(u):
    return lambda n: u * max(1, n // len(u.encode()))

def numbered(u):
    return lambda n: ''.join(u % i for i in range(max(1, n // (len(u) + 4))))

def jsonld(n):
    q = ('{"@type":"Question","name":"Q %d?","acceptedAnswer":{"@type":'
         '"Answer","text":"answer words here, and more words %d"}},')
    k = max(1, n // (len(q) + 8))
    return ('<p>thin</p><script type="application/ld+json">{"@context":'
            '"https://schema.org","@type":"FAQPage","mainEntity":[' +
            ''.join(q % (i, i) for i in range(k)) + '{}]}</script>')

def nextdata(n):
    s = '"' + 'word ' * 20 + '%d",'
    k = max(1, n // (len(s) + 6))
    return ('<p>thin</p><script id="__NEXT_DATA__" type="application/json">'
            '{"props":{"pageProps":{"post":{"items":[' +
            ''.join(s % i for i in range(k)) + '""]}}}}</script>')

def ld_article(n):
    return ('<p>thin</p><script type="application/ld+json">{"@type":'
            '"Article","articleBody":"' + 'Sentence with words. ' *
            (n // 21) + '"}</script>')

def rss(n):
    it = ('<item><title>T</title><link>https://example.com/a</link>'
          '<description>d &amp; e</description></item>')
    return ('<?xml version="1.0"?><rss version="2.0"><channel><title>x'
            '</title>' + it * (n // len(it)) + '</channel></rss>')

def atom(n):
    it = ('<entry><title>T</title><link href="https://example.com/a"/>'
          '<id>x</id><updated>2024-01-01T00:00:00Z</updated>'
          '<summary>s</summary></entry>')
    return ('<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/'
            'Atom"><title>x</title>' + it * (n // len(it)) + '</feed>')

def meta_prescan(n):
    return ('<html><head>' + '<meta name=a content=b>' * (n // 24) +
            '<meta charset=iso-8859-2></head><body>x')

HTML = {
    # the HTML parse (tidy, lib/html_dom.c)
    'b_unclosed': rep('<b>'), 'a_unclosed': rep('<a href=x>y'),
    'i_p': rep('<i><p>x'), 'font_div': rep('<font><div>t'),
    'ul_li': rep('<ul><li>a'), 'table_td': rep('<table><tr><td>a'),
    'select_opt': rep('<select><option>a'),
    'form': rep('<form><input name=a>'), 'h1': rep('<h1>t'),
    'pre': rep('<pre>x'), 'span_close': rep('<span>a</span>'),
    'div_close': rep('<div>a</div>'), 'nobr': rep('<nobr>x'),
    'center': rep('<center><p>x'), 'ins': rep('<ins><p>a'),
    'q': rep('<q>a'), 'noscript': rep('<noscript><p>a'),
    'iframe': rep('<iframe>a'), 'textarea': rep('<textarea>a'),
    'frameset': rep('<frameset><frame>'), 'svg': rep('<svg><g>'),
    'math': rep('<math><mi>x'), 'entities': rep('&amp;&#x41;&lt;'),
    'comment_open': rep('<!-- a'), 'cdata': rep('<![CDATA[x'),
    'button': rep('<button><p>a'), 'dl': rep('<dl><dt>a'),
    'li_only': rep('<li>a'), 'object': rep('<object><param name=a>'),
    'map': rep('<map><area>'), 'caption': rep('<table><caption>a'),
    'tbody': rep('<tbody><tr><td>'), 'close_only': rep('</div>'),
    'lt': rep('< a'), 'amp': rep('&'), 'attr_quote': rep('<p title="x>a'),
    'em_strong': rep('<em><strong>x</em></strong>'),
    'a_in_a': rep('<a href=1><a href=2>x'), 'p_in_p': rep('<p><p>x'),
    'head_in': rep('<head><title>x'), 'body_in': rep('<body><html>x'),
    'base': rep('<base href=x>'), 'style_open': rep('<style>x'),
    'script_open': rep('<script>x</script>'),
    'many_attrs': lambda n: '<p ' + 'a=b ' * (n // 4) + '>x',
    'nested_lists': rep('<ul><li>'),
    # an inline element's long attribute, which tidy's inline stack
    # copies into every block under it (cap_attrs())
    'span_props': lambda n: ('<span props="' + 'A' * 100000 + '">' +
                             '<p>x</p>' * max(1, (n - 100000) // 8)),
    # an unclosed span over paragraphs: tidy copied it into each
    # (inest INEST_OPEN)
    'span_open': lambda n: ('<span class=x>' + '<p>x</p>' * max(1, n // 8)),
    # a short line at the top of 480 nested boxes over many breaks:
    # each level's box tests walked the whole subtree (lead(), label
    # tests; w_html_mark_reviews on products; the foot-word climbs)
    'div_nest_br': lambda n: ('<div>' * 480 + '<span>' + 'x' * 45 +
                              '</span>' + '<br>' * max(1, (n - 2400) // 4)),
    # twenty unclosed formatting elements over paragraphs: tidy copied
    # each into every paragraph (cap_attrs()'s copy budget)
    'inline_mix': lambda n: (''.join('<%s class=c>' % t for t in (
        'b i em strong u small font tt code s sub sup kbd var samp cite '
        'dfn abbr q big').split()) + '<p>x</p>' * max(1, n // 8)),
    # a <time> of many relative ages: each child once looked at the
    # others for a year (short_date() in html_md.c)
    'time_ages': lambda n: ('<article><p>' + 'Words of the post. ' * 20 +
                            '</p><p>Posted <time>' + '<span>1 yr</span>' *
                            max(1, n // 17) + '</time></p></article>'),
    # a big answer beside a FAQ's closed answers: each hidden answer
    # once walked the big sibling again (w_html_faq_mark)
    # a climb over hundreds of nested boxes that walked each level's
    # whole subtree again (session 13): the buy box's prices
    # (mark_buy), an in-page link's target (anchor_write), the
    # sentences after the post (drop_after_post), the review boxes
    # (mark_reviews); a page scan per dated header (post_header) and
    # sibling card lists (drop_cards, session 12)
    'buy_nest': ('product', lambda n: '<div>x' * 400 +
                 '<button class=add-to-cart>Add to cart</button>' +
                 '<br>' * max(1, (n - 2500) // 4)),
    'anchor_nest': ('article', lambda n: '<article><p>See <a href="#guide">'
                    'the guide</a> ' + 'word ' * 40 + '</p>' +
                    '<div id=guide>' * 400 + '<br>' * max(1, (n - 6500) //
                                                          4) +
                    '<p>' + 'Words of the guide. ' * 18 + '</p></article>'),
    'post_nest': ('article', lambda n: '<article>' + '<div>' * 480 +
                  '<h1>Title</h1>' + '<p>One sentence here. Two '
                  'sentences here. Three here.</p>' * max(1, n // 56) +
                  '<div class=comments><p>A comment.</p></div>'),
    'review_nest': ('product', lambda n: '<h1>Item</h1><p>$10</p>' + (
        ('<div>' + '<i></i>' * 20) * 470 + '<h3>Customers say</h3>' +
        '</div>' * 470) * max(1, n // 70000) +
        '<p>Paragraph of the page.</p>' * 300),
    'dated_heads': rep('<div class=post-header><time datetime="2024-01-01">'
                       '1 Jan 2024</time> by Ann</div><p>Text.</p>'),
    'card_lists': rep('<ul class=cards><li><a href=/a><img src=a.jpg alt=a>'
                      'Alpha</a></li><li><a href=/b><img src=b.jpg alt=b>'
                      'Beta</a></li><li><a href=/c>Gamma</a></li></ul>'),
    'faq_big_sib': lambda n: ('<article><h3>x</h3><div>' + 'w' * 40 +
                              '<p>a</p>' * max(1, n // 16) + '</div>' +
                              ''.join('<h3>Q%d?</h3><div hidden>%s</div>' %
                                      (k, 'Answer %05d ' % k + 'y' * 38)
                                      for k in range(4000)) +
                              '</article>'),
    # a tab set of many closed panels, each named by its tab, one
    # shown (tab_closed() in html_score.c: ids sorted once, a parent's
    # panels counted once)
    'tab_panels': lambda n: ('<main><div>' + ''.join(
        '<button aria-controls=t%d>T%d</button>' % (k, k)
        for k in range(max(3, n // 120))) + '</div><div><div id=t0>' +
        'z' * 60 + '</div>' + ''.join(
        '<div id=t%d hidden>Panel %05d %s</div>' % (k, k, 'y' * 50)
        for k in range(1, max(3, n // 120))) + '</div></main>'),
    # lone toggles, each before its closed text (disclosed())
    'toggle_text': rep('<div><button aria-expanded=false>More</button>'
                            '</div><div hidden>%s</div>' % ('x' * 210)),
    # session 14's review (x163): nested buttons, each a short label
    # read whole by the cart scan (w_html_mark_carts: depth x nodes);
    # a list of items and many link boxes after it (w_html_list_boxes:
    # each box walked once); hidden answers after questions
    # without an id, 70 nodes each (controls() reads none of them)
    'cart_nest': ('product', lambda n: '<h1>Item</h1><p>$10</p>' + (
        '<button>' * 300 + 'x' + '</button>' * 300) * max(1, n // 5100)),
    # session 15 (x169): headings over empty sections, each walked to
    # the next text (empty_twin() in html_md.c), and empty headings in
    # a row (not walked at all)
    'empty_heads': rep('<h2>Latest</h2><div><div><span></span></div></div>'),
    'bare_heads': lambda n: '<h2>Latest</h2>' + '<h2></h2>' * max(1, n // 9) + '<h2>Latest</h2>',
    'list_boxes': lambda n: ('<main><ul>' + '<li><a href=/a>Item one</a>'
                             ' text</li>' * 50 + '</ul>' + '<div><a href=/a>'
                             'x</a><a href=/b>y</a><a href=/c>z</a></div>' *
                             max(1, n // 62) + '</main>'),
    'faq_noid': rep('<div>' + '<i></i>' * 70 + 'Question?</div><div hidden>'
                    '<p>%s</p></div>' % ('Answer words. ' * 12)),
    # session 15 (x174): a short line under nested boxes of blank
    # elements, read at every level (lead(), stat_line(), edit_note(),
    # the review labels: w_html_word_next walks from word to word)
    'blank_nest': lambda n: ('<article><p>' + 'Words of the post. ' * 20 +
                             '</p>' + (('<div>' + '<i> </i>\n' * 20) *
                             470 + 'Last edited by sam' + '</div>' *
                             470) * max(1, n // 80000) + '</article>'),
    # tiles bought by a button whose label follows an icon of 70
    # shapes (short_label(): words, not the first 64 nodes)
    'cart_icon': ('product', lambda n: '<h1>Item</h1><p>$10</p>' + (
        '<div><p>Other item</p><button><svg>' + '<path d="M0 0"/>' * 70 +
        '</svg>Add to cart</button></div>') * max(1, n // 1230)),
    # nested buttons over empty elements, each a call to action read
    # by the classifier (short_text() in html_type.c)
    'button_nest': lambda n: (('<button>' + '<i></i>' * 20) * 300 +
                              'Get started' + '</button>' * 300) *
    max(1, n // 43000),
    # an unclosed span in each open paragraph (the pre-parse's inline
    # closing)
    'span_in_p': rep('<p><span class=a>words here '),
    # this session's newest rules, each construct many times: accordion
    # headers, author boxes, comment counts, the service hero, guides
    # in accordions after tiles, rows of guides under "Related",
    # comparison grids in a nest, a contact box before the h1
    'accordions': numbered('<h3><button aria-expanded=false>Question %d?'
                           '</button></h3><div hidden><p>Answer words, '
                           'and more words here.</p></div>'),
    'author_boxes': ('article', lambda n: '<article><h1>T</h1><p>' +
                     'Words of the post. ' * 20 + '</p>' + ('<div><h4>'
                     'About the author</h4><p>Ann Smith writes about '
                     'gardens.</p></div>') * max(1, n // 78) +
                     '</article>'),
    'comment_counts': ('article', lambda n: '<article><h1>T</h1><p>' +
                       'Words of the post. ' * 20 + '</p>' + ('<h3>12 '
                       'Comments</h3><div><p>A comment.</p></div>') *
                       max(1, n // 53) + '</article>'),
    'hero_h1s': ('service', rep('<div><h1>Our platform for growing teams'
                                '</h1><p>The tagline under the hero, a line'
                                '</p></div>')),
    'guide_tabs': ('product', lambda n: '<main><h1>Lamps</h1>' + (
        '<div><a href=/p><img src=a.jpg>Lamp</a><span>$10</span></div>'
        * 12) + ''.join('<h3><button aria-expanded=false>Guide %d</button>'
                        '</h3><div hidden><p>%s</p></div>' % (k, 'Guide '
                        'prose in the panel. ' * 6) for k in
                        range(max(3, n // 175))) + '</main>'),
    'related_rows': ('service', rep('<h2>Related guides</h2><div>' + (
        '<div><a href=/g>A guide</a><p>' + 'Teaser prose of the guide. ' *
        5 + '</p></div>') * 3 + '</div>')),
    'grid_nest': ('product', lambda n: '<h1>Item</h1><p>$10</p>' + ((
        '<div>' + '<div><p>Other</p><button>Add to cart</button></div>' *
        3) * 300 + '</div>' * 300) * max(1, n // 17000)),
    'contact_first': ('article', lambda n: ('<div><h3>Contact us</h3>'
                      '<form><input name=a><button>Send</button></form>'
                      '</div>') * max(1, n // 90) + '<h1>T</h1><p>' +
                      'One sentence here. Two sentences here. ' * 5 +
                      '</p>'),
    # our stages: tables, repeats, links, sections, hidden content, text
    'tbl_span': rep('<tr><td colspan=3 rowspan=4>a</td><td>b</td></tr>'),
    'tbl_wide': rep('<td>x</td>'), 'tbl_nest': rep('<table><tr><td>'),
    'tbl_bigspan': rep('<tr><td colspan=1000 rowspan=65534>a'),
    'li_sib': rep('<li>item text</li>'),
    'ul_li_link': rep('<ul><li><a href=/x>link</a> text</li></ul>'),
    'tiles': rep('<div class=card><a href=/p><img src=a.jpg><h3>T</h3>'
                 '</a><span class=price>$1</span></div>'),
    'a_run': rep('<a href=/a>b</a> '), 'nav_links':
    rep('<nav><a href=/a>a</a></nav>'),
    'footnotes': rep('<sup><a href="#fn1">1</a></sup>'),
    'h2_sections': rep('<h2>Head</h2><p>para text here.</p>'),
    'h2_only': rep('<h2>h</h2>'), 'hn_mix': rep('<h1>a</h1><h2>b</h2>'
                                                '<h3>c</h3>'),
    'jsonld_faq': jsonld, 'next_data': nextdata, 'ld_article': ld_article,
    'noscript_thin': lambda n: '<p>thin</p>' + numbered(
        '<noscript><p>hidden line of text number %d here</p></noscript>')(n),
    'template_many': rep('<template><p>t</p></template>'),
    'nospace': rep('abcdefghij'), 'soft_hyphen': rep('abc&shy;def\u00ad'),
    'zero_width': rep('abc\u200bdef\u200c'),
    'pre_code': rep('<pre><code>x = 1\n</code></pre>'),
    'code_inline': rep('<code>x</code> '), 'br_many': rep('a<br>'),
    'dd_dt': rep('<dt>a<dd>b'), 'img_many': rep('<img src=/a.jpg alt=x>'),
    'p_same': rep('<p>The same paragraph again and again.</p>'),
    'p_unique': numbered('<p>Unique paragraph %d with several words.</p>'),
    'meta_prescan': meta_prescan, 'rss_items': rss, 'atom_entries': atom,
}
ROBOTS = {
    'r_huge_line': lambda n: 'User-agent: *\nDisallow: /' + 'a' * n + '\n',
    'r_groups': lambda n: ''.join('User-agent: b%d\nDisallow: /x%d\n' %
                                  (i, i) for i in range(n // 30)),
    'r_rules': lambda n: 'User-agent: *\n' + ''.join(
        'Allow: /p%d*x$\n' % i for i in range(n // 16)),
    'r_wildcards': lambda n: 'User-agent: *\nDisallow: /' + '*a' * (n // 2)
    + '$\n',
}

def cpu(cmd, limit=120):
    a = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        p = subprocess.run(cmd, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=limit)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        rc = 'timeout'
    b = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (b.ru_utime + b.ru_stime - a.ru_utime - a.ru_stime, rc)

f = os.path.join(TMP, 'page.html')
print('== wextract --page-type %s --format %s, %d KiB and %d KiB'
      % (PT or 'auto (or the shape\'s)', FMT, SMALL >> 10, 4 * SMALL >> 10))
print('%-14s %8s %8s %7s  %s' % ('shape', 's/MiB', 'x tidy', 'growth', ''))
worst = (0, '-')
wgrow = (0, '-')
flagged = []
for name, gen in HTML.items():
    if ONLY and name not in ONLY:
        continue
    pt = PT or 'auto'
    if isinstance(gen, tuple):
        pt, gen = PT or gen[0], gen[1]
    args = [W, '-r', '--format', FMT, '--page-type', pt]
    t = []
    bad = ''
    for n in (SMALL, 4 * SMALL):
        s = gen(n)
        if not s.startswith('<?xml'):
            s = '<html><body>' + s
        b = s.encode()
        with open(f, 'wb') as fp:
            fp.write(b)
        tw, rc = cpu(args + [f])
        if rc not in (0, 1):
            bad += ' exit %s' % rc
        tt, trc = cpu([TIDY, f], TIDY_MAX) if TIDY else (None, 0)
        t.append((tw, tt, trc, len(b)))
    (w1, _, _, _), (w4, t4, trc, n4) = t
    spm = w4 / (n4 / (1 << 20))
    grow = w4 / max(w1, 0.005)
    ratio = w4 / max(t4, 0.005) if t4 is not None else None
    rs = '%.1f' % ratio if ratio is not None else 'n/a'
    if trc == 'timeout':
        # tidy alone is square-time here (deep nesting wextract
        # flattens): the floor is cut at TIDY_MAX seconds
        rs = '<' + rs
        ratio = None
    if spm > 3 or (grow > 6 and w4 > 0.05) or bad:
        flagged.append(name)
        bad = ' <==' + bad
    if ratio is not None and ratio > worst[0]:
        worst = (ratio, name)
    if w4 > 0.05 and grow > wgrow[0]:
        wgrow = (grow, name)
    if pt != (PT or 'auto'):
        name += ' (%s)' % pt
    print('%-14s %8.2f %8s %7.1f %s' % (name, spm, rs, grow, bad),
          flush=True)
print('worst ratio to tidy: %.1f (%s); worst growth: %.1f (%s); '
      'flagged: %s' % (worst[0], worst[1], wgrow[0], wgrow[1],
                       ' '.join(flagged) or 'none'))

print('== wrobots --robots-file, %d KiB and %d KiB'
      % (SMALL >> 10, 4 * SMALL >> 10))
url = 'https://example.com/' + 'a' * 2000 + 'b'
for name, gen in ROBOTS.items():
    if ONLY and name not in ONLY:
        continue
    t = []
    bad = ''
    for n in (SMALL, 4 * SMALL):
        b = gen(n).encode()
        rf = os.path.join(TMP, 'robots.txt')
        with open(rf, 'wb') as fp:
            fp.write(b)
        tw, rc = cpu([R, '-c', '--robots-file', rf, '--agent', 'b5', url])
        if rc not in (0, 3):
            bad += ' exit %s' % rc
        t.append((tw, len(b)))
    (w1, _), (w4, n4) = t
    grow = w4 / max(w1, 0.005)
    print('%-14s %8.2f %8s %7.1f %s' % (name, w4 / (n4 / (1 << 20)), '-',
          grow, ' <==' + bad if bad else ''), flush=True)
EOF
