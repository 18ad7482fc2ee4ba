/*
 * input.c: the stdin request stream: lines, plain or JSON, numbered.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "err.h"
#include "input.h"

struct reader {
	FILE		*fp;
	char		 chunk[65536];
	size_t		 have, pos;
	int		 eof, error;
};

/* The next line into b (without its newline): 1, 0 at the end, 2 when
 * it was longer than b's cap (the rest is skipped). */
static int
next_line(struct reader *r, struct w_buf *b)
{
	int over = 0, any = 0;
	char *nl;
	ssize_t n;

	w_buf_reset(b);
	for (;;) {
		if (r->pos == r->have) {
			if (r->eof)
				return any ? (over ? 2 : 1) : 0;
			n = read(fileno(r->fp), r->chunk, sizeof(r->chunk));
			if (n == -1 && errno == EINTR)
				continue;
			if (n <= 0) {
				r->error = n == -1;
				r->eof = 1;
				continue;
			}
			r->have = (size_t)n;
			r->pos = 0;
		}
		any = 1;
		nl = memchr(r->chunk + r->pos, '\n', r->have - r->pos);
		n = (ssize_t)((nl ? (size_t)(nl - r->chunk) : r->have) -
		    r->pos);
		if (!over && (b->len + (size_t)n > W_INPUT_TEXT_MAX ||
		    w_buf_add(b, r->chunk + r->pos, (size_t)n) != 0))
			over = 1;
		r->pos += (size_t)n;
		if (nl) {
			r->pos++;
			return over ? 2 : 1;
		}
	}
}

static char *
trim(char *s, size_t *n)
{
	while (*n > 0 && (s[*n - 1] == '\r' || s[*n - 1] == ' ' ||
	    s[*n - 1] == '\t'))
		s[--*n] = '\0';
	while (*n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		--*n;
	}
	return s;
}

/* Whether s (n bytes) holds only JSON whitespace. */
static int
blank(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r' &&
		    s[i] != '\n')
			return 0;
	return 1;
}

struct json_state {
	jv_parser	*p;
	long		 start;		/* line the pending text starts on */
	size_t		 fed;		/* bytes of the pending text */
};

static void
json_reset(struct json_state *js)
{
	if (js->p)
		jv_parser_free(js->p);
	js->p = NULL;
	js->fed = 0;
}

/* Feed one line to the pending JSON text; hand over complete values. */
static int
json_feed(struct json_state *js, char *s, size_t n, long line, w_item_fn fn,
    w_bad_item_fn bad, void *arg)
{
	struct w_input_item it;
	int worst = 0, partial = 1, tail;
	jv v;

	s[n] = '\n';	/* the buffer has room: w_buf keeps a NUL */
	jv_parser_set_buf(js->p, s, (int)n + 1, 1);
	js->fed += n + 1;
	while (jv_is_valid(v = jv_parser_next(js->p))) {
		it.line = js->start;
		it.json = v;
		it.text = NULL;
		worst = w_exit_worst(worst, fn(&it, arg));
		tail = jv_parser_remaining(js->p);
		partial = !blank(s + (n + 1 - (size_t)tail), (size_t)tail);
		js->start = line;
		js->fed = 0;
	}
	if (jv_invalid_has_msg(jv_copy(v))) {
		jv msg = jv_invalid_get_msg(v);

		worst = w_exit_worst(worst, bad(jv_string_value(msg),
		    js->start, arg));
		jv_free(msg);
		json_reset(js);
		return worst;
	}
	jv_free(v);
	if (js->fed > W_INPUT_TEXT_MAX) {
		worst = w_exit_worst(worst, bad("a JSON text is larger than "
		    "8 MiB", js->start, arg));
		json_reset(js);
	} else if (!partial)
		json_reset(js);
	return worst;
}

int
w_input_each(FILE *fp, w_item_fn fn, w_bad_item_fn bad, void *arg)
{
	struct reader *r = calloc(1, sizeof(*r));
	struct json_state js = { NULL, 0, 0 };
	struct w_input_item it;
	struct w_buf b;
	long line = 0;
	int worst = 0, got;
	size_t n;
	char *s;

	if (r == NULL) {
		fprintf(stderr, "out of memory\n");
		abort();
	}
	r->fp = fp;
	w_buf_init(&b, W_INPUT_TEXT_MAX + 2);
	while ((got = next_line(r, &b)) != 0) {
		line++;
		if (got == 2) {
			worst = w_exit_worst(worst, bad("the line is longer "
			    "than 8 MiB", line, arg));
			json_reset(&js);
			continue;
		}
		n = b.len;
		(void)w_buf_add(&b, " ", 1);	/* room for json_feed's '\n' */
		b.p[n] = '\0';
		if (js.p != NULL) {
			worst = w_exit_worst(worst, json_feed(&js, b.p, n,
			    line, fn, bad, arg));
			continue;
		}
		s = trim(b.p, &n);
		if (n == 0)
			continue;
		if (*s == '{' || *s == '[') {
			js.p = jv_parser_new(0);
			js.start = line;
			js.fed = 0;
			worst = w_exit_worst(worst, json_feed(&js, s, n, line,
			    fn, bad, arg));
			continue;
		}
		it.line = line;
		it.json = jv_invalid();
		it.text = s;
		worst = w_exit_worst(worst, fn(&it, arg));
	}
	if (js.p != NULL)
		worst = w_exit_worst(worst, bad("the input ends inside a JSON "
		    "text", js.start, arg));
	json_reset(&js);
	if (r->error)
		worst = w_exit_worst(worst, bad("reading stdin failed", line,
		    arg));
	w_buf_free(&b);
	free(r);
	return worst;
}

int
w_input_is_tty(FILE *fp)
{
	return isatty(fileno(fp));
}
