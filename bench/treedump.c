/*
 * treedump.c: print where w_html_parse's tree puts each text run under
 * body, for comparing the tree with a browser's (bench/tree_compare.py
 * holds html5lib's side). One line a run: the names of its ancestors
 * below body as parsed (otag; "custom" for a custom element), '/'
 * between, a tab, the text with its blanks run as one space. Script
 * and style bodies and blank runs are left out. Not installed.
 *   make build/treedump && build/treedump FILE
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-qualifiers"
#include <tidy.h>
#include <tidybuffio.h>
#pragma GCC diagnostic pop
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_int.h"

#define NNAMES	256

static char	*names[NNAMES];

/* libtidy's name of each tag id, read off a parse of a page that holds
 * every tag the names below list */
static void
tag_names(void)
{
	static const char page[] = "<!DOCTYPE html><html><head><title>t"
	    "</title><base href=x><meta name=a content=b><link rel=a "
	    "href=b><style>s</style><script>s</script><noscript>n"
	    "</noscript></head><body><table><caption>c</caption><colgroup>"
	    "<col></colgroup><thead><tr><th>h</th></tr></thead><tbody><tr>"
	    "<td>d</td></tr></tbody><tfoot><tr><td>f</td></tr></tfoot>"
	    "</table><select><optgroup label=g><option>o</option>"
	    "</optgroup></select><dl><dt>t</dt><dd>d</dd></dl><ul><li>l"
	    "</li></ul><ol><li>l</li></ol><ruby>r<rp>(</rp><rt>t</rt>"
	    "<rp>)</rp></ruby><picture><source srcset=x><img src=x alt=a>"
	    "</picture><video><track src=x>v</video><audio>a</audio>"
	    "<object><param name=a value=b>o</object><map name=m><area "
	    "alt=a></map><fieldset><legend>l</legend></fieldset><details>"
	    "<summary>s</summary>d</details><form><input><textarea>t"
	    "</textarea><button>b</button><label>l</label><output>o"
	    "</output></form><figure><figcaption>f</figcaption></figure>"
	    "<div>d</div><p>p</p><span>s</span><a href=x>a</a><b>b</b>"
	    "<i>i</i><em>e</em><strong>s</strong><u>u</u><s>s</s><small>"
	    "s</small><big>b</big><sub>s</sub><sup>s</sup><code>c</code>"
	    "<kbd>k</kbd><samp>s</samp><var>v</var><cite>c</cite><q>q</q>"
	    "<dfn>d</dfn><abbr>a</abbr><time>t</time><mark>m</mark><bdi>"
	    "b</bdi><bdo dir=ltr>b</bdo><data value=a>d</data><ins>i"
	    "</ins><del>d</del><font>f</font><center>c</center><nobr>n"
	    "</nobr><tt>t</tt><strike>s</strike><wbr><br><hr><pre>p</pre>"
	    "<blockquote>b</blockquote><address>a</address><section>s"
	    "</section><article>a</article><aside>a</aside><header>h"
	    "</header><footer>f</footer><nav>n</nav><main>m</main><hgroup>"
	    "<h1>1</h1><h2>2</h2></hgroup><h3>3</h3><h4>4</h4><h5>5</h5>"
	    "<h6>6</h6><iframe src=x></iframe><embed src=x><canvas>c"
	    "</canvas><svg><g></g></svg><math><mi>x</mi></math><template>"
	    "t</template><dialog>d</dialog><menu><li>m</li></menu><meter>"
	    "m</meter><progress>p</progress><datalist><option>o</option>"
	    "</datalist><marquee>m</marquee><xmp>x</xmp><listing>l"
	    "</listing><acronym>a</acronym><dir><li>d</li></dir><blink>b"
	    "</blink><multicol>m</multicol><spacer></spacer><noembed>n"
	    "</noembed><applet>a</applet><basefont>b</basefont></body>"
	    "</html>";
	TidyDoc td = tidyCreate();
	TidyBuffer in, err;
	TidyNode t, c;
	ctmbstr nm;
	int id;

	tidyBufInit(&err);
	tidySetErrorBuffer(td, &err);
	tidyOptSetBool(td, TidyQuiet, yes);
	tidyOptSetBool(td, TidyShowWarnings, no);
	tidyOptSetBool(td, TidyDropEmptyElems, no);
	tidyOptSetBool(td, TidyDropEmptyParas, no);
	tidyOptSetBool(td, TidyForceOutput, yes);
	tidyBufInit(&in);
	tidyBufAttach(&in, (byte *)(uintptr_t)page, sizeof(page) - 1);
	if (tidyParseBuffer(td, &in) >= 0) {
		/* depth first, without recursion */
		t = tidyGetChild(tidyGetRoot(td));
		while (t != NULL) {
			id = (int)tidyNodeGetId(t);
			if (id > 0 && id < NNAMES && names[id] == NULL &&
			    (nm = tidyNodeGetName(t)) != NULL)
				names[id] = strdup(nm);
			if ((c = tidyGetChild(t)) != NULL) {
				t = c;
				continue;
			}
			while (t != NULL && tidyGetNext(t) == NULL)
				t = tidyGetParent(t);
			if (t != NULL)
				t = tidyGetNext(t);
		}
	}
	tidyBufDetach(&in);
	tidyBufFree(&err);
	tidyRelease(td);
}

static void
put_name(const struct hdoc *d, int i)
{
	int t = d->n[i].otag;

	if (d->n[i].flags & HF_CUSTOM)
		fputs("custom", stdout);
	else if (t > 0 && t < NNAMES && names[t] != NULL)
		fputs(names[t], stdout);
	else
		printf("tag%d", t);
}

int
main(int argc, char **argv)
{
	struct hdoc d;
	FILE *fp;
	char *buf, *nb;
	const char *s;
	size_t n = 0, cap = 1 << 20, k;
	int i, j, st[512], ns, sp, any;

	if (argc != 2 || (fp = fopen(argv[1], "rb")) == NULL) {
		fprintf(stderr, "usage: treedump FILE\n");
		return 2;
	}
	if ((buf = malloc(cap)) == NULL)
		return 1;
	while ((k = fread(buf + n, 1, cap - n, fp)) > 0)
		if ((n += k) == cap) {
			if ((nb = realloc(buf, cap *= 2)) == NULL)
				return 1;
			buf = nb;
		}
	fclose(fp);
	tag_names();
	if (w_html_parse(&d, buf, n) != 0)
		return 1;
	for (i = 0; d.body >= 0 && i < (int)d.nn; i++) {
		if (d.n[i].tag != H_TEXT)
			continue;
		ns = 0;
		for (j = d.n[i].parent; j >= 0 && j != d.body; j = d.n[j].parent)
			if (d.n[j].otag == TidyTag_SCRIPT ||
			    d.n[j].otag == TidyTag_STYLE || ns == 512)
				break;
			else
				st[ns++] = j;
		if (j != d.body)
			continue;
		s = d.pool + d.n[i].off;
		for (any = 0, k = 0; k < d.n[i].len && !any; k++)
			any = (unsigned char)s[k] > ' ';
		if (!any)
			continue;
		while (ns-- > 0) {
			put_name(&d, st[ns]);
			if (ns > 0)
				putchar('/');
		}
		putchar('\t');
		for (sp = 1, k = 0; k < d.n[i].len; k++)
			if ((unsigned char)s[k] <= ' ') {
				if (!sp)
					putchar(' ');
				sp = 1;
			} else {
				putchar(s[k]);
				sp = 0;
			}
		putchar('\n');
	}
	w_html_free(&d);
	free(buf);
	return 0;
}
