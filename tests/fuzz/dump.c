/*
 * dump.c: run w_html_extract over files and print the text, for tuning
 * and benchmarks without bin/wextract. Usage:
 *   dump [-t|-m] [-l] [-u URL] [FILE...]    (stdin when no file)
 *   dump -b [-t|-m]   batch: IN_DIR, OUT_DIR, PAGES as extract-eval
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "buf.h"

static char *
slurp(FILE *fp, size_t *len)
{
	struct w_buf b;
	char tmp[65536];
	size_t n;

	w_buf_init(&b, 64u << 20);
	while ((n = fread(tmp, 1, sizeof(tmp), fp)) > 0)
		if (w_buf_add(&b, tmp, n) == -1)
			break;
	*len = b.len;
	return w_buf_take(&b);
}

static int
one(FILE *in, FILE *out, const char *url, struct w_doc_opts *o, int meta)
{
	struct w_doc_in di;
	struct w_doc d;
	struct w_err e;
	size_t len;
	char *s = slurp(in, &len);
	int rc;

	memset(&di, 0, sizeof(di));
	memset(&d, 0, sizeof(d));
	d.meta = d.links = d.coverage = jv_null();
	w_err_clear(&e);
	di.url = url && *url ? url : NULL;
	di.headers = jv_null();
	rc = w_html_extract(s, len, &di, o, &d, &e);
	if (rc == 0)
		fwrite(d.text, 1, d.len, out);
	else
		fprintf(stderr, "dump: %s: %s\n", e.code, e.msg);
	if (meta) {
		jv_dumpf(jv_copy(d.meta), stderr, 0);
		fputc('\n', stderr);
		jv_dumpf(jv_copy(d.coverage), stderr, 0);
		fputc('\n', stderr);
		jv_dumpf(jv_copy(d.links), stderr, 0);
		fputc('\n', stderr);
	}
	free(d.text);
	jv_free(d.meta);
	jv_free(d.links);
	jv_free(d.coverage);
	free(s);
	return rc;
}

static int
batch(struct w_doc_opts *o)
{
	const char *in = getenv("IN_DIR"), *out = getenv("OUT_DIR");
	const char *pages = getenv("PAGES");
	char line[4096], path[8400], *tab;
	FILE *pf, *fi, *fo;

	if (in == NULL || out == NULL || pages == NULL ||
	    (pf = fopen(pages, "r")) == NULL)
		return 2;
	while (fgets(line, sizeof(line), pf) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((tab = strchr(line, '\t')) == NULL)
			continue;
		*tab++ = '\0';
		snprintf(path, sizeof(path), "%s/%s.html", in, line);
		if ((fi = fopen(path, "rb")) == NULL)
			continue;
		snprintf(path, sizeof(path), "%s/%s.txt", out, line);
		if ((fo = fopen(path, "w")) == NULL) {
			fclose(fi);
			continue;
		}
		one(fi, fo, tab, o, 0);
		fclose(fi);
		fclose(fo);
	}
	fclose(pf);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct w_doc_opts o;
	const char *url = getenv("PAGE_URL");
	int c, b = 0, meta = 0, rc = 0;
	FILE *fp;

	memset(&o, 0, sizeof(o));
	o.format = W_FMT_MARKDOWN;
	while ((c = getopt(argc, argv, "bmtlvu:")) != -1)
		switch (c) {
		case 'b': b = 1; break;
		case 'm': o.format = W_FMT_MARKDOWN; break;
		case 't': o.format = W_FMT_TEXT; break;
		case 'l': o.include_links = 1; break;
		case 'v': meta = 1; break;
		case 'u': url = optarg; break;
		default: return 2;
		}
	if (b)
		return batch(&o);
	if (optind == argc)
		return one(stdin, stdout, url, &o, meta) == 0 ? 0 : 1;
	for (; optind < argc; optind++) {
		if ((fp = fopen(argv[optind], "rb")) == NULL)
			return 1;
		if (one(fp, stdout, url, &o, meta) != 0)
			rc = 1;
		fclose(fp);
	}
	return rc;
}
