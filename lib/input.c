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
#include "json.h"

static w_idle_fn idle_fn;
static void *idle_arg;

void
w_input_set_idle(w_idle_fn fn, void *arg)
{
	idle_fn = fn;
	idle_arg = arg;
}

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
			/* work goes on (wfetch -P) while input is slow */
			if (idle_fn != NULL)
				idle_fn(fileno(r->fp), idle_arg);
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
		if (!over && (b->len + (size_t)n > W_JSON_TEXT_MAX ||
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

/* A pending JSON text: the lines since the one that started it. */
struct json_state {
	struct w_buf	 b;
	int		 on;		/* inside a text */
	long		 start;		/* line the pending text starts on */
	size_t		 rescan;	/* scan again only at this length */
};

static void
json_reset(struct json_state *js)
{
	w_buf_reset(&js->b);
	js->on = 0;
	js->rescan = 0;
}

/*
 * Hand over the complete texts of the pending bytes (framed by the strict
 * checker: libjq only sees valid texts). At eof what is left is an error.
 */
static int
json_frame(struct json_state *js, long line, int eof, w_item_fn fn,
    w_bad_item_fn bad, void *arg)
{
	struct w_input_item it;
	size_t off = 0, start, end;
	int worst = 0, st;

	if (!eof && js->b.len < js->rescan)
		return 0;
	while ((st = w_json_next_text(js->b.p + off, js->b.len - off, eof,
	    &start, &end)) == W_TEXT_ONE) {
		it.line = js->start;
		it.json = jv_parse_sized(js->b.p + off + start,
		    (int)(end - start));
		it.text = NULL;
		off += end;
		js->start = line;
		worst = w_exit_worst(worst, fn(&it, arg));
	}
	if (st == W_TEXT_DONE) {
		json_reset(js);
		return worst;
	}
	if (st == W_TEXT_BAD) {
		worst = w_exit_worst(worst, bad(eof ? "the input ends inside "
		    "a JSON text" : "not a valid JSON text", js->start, arg));
		json_reset(js);
		return worst;
	}
	if (off > 0) {
		memmove(js->b.p, js->b.p + off, js->b.len - off);
		js->b.len -= off;
		js->b.p[js->b.len] = '\0';
	}
	/* Past 1 MiB, wait for a quarter more before scanning a text
	 * again: linear, not quadratic, in its size. */
	js->rescan = js->b.len > (1u << 20) ? js->b.len + js->b.len / 4 : 0;
	return worst;
}

/* Whether s holds a control character other than a tab. */
static int
has_control(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 && s[i] != '\t')
			return 1;
	return 0;
}

int
w_input_each(FILE *fp, w_item_fn fn, w_bad_item_fn bad, void *arg)
{
	struct reader *r = w_calloc(1, sizeof(*r));
	struct json_state js;
	struct w_input_item it;
	struct w_buf b;
	long line = 0;
	int worst = 0, got;
	size_t n;
	char *s, empty[1] = "";

	r->fp = fp;
	memset(&js, 0, sizeof(js));
	w_buf_init(&js.b, W_JSON_TEXT_MAX + 2);
	w_buf_init(&b, W_JSON_TEXT_MAX + 2);
	while ((got = next_line(r, &b)) != 0) {
		line++;
		if (got == 2) {
			n = b.p ? strspn(b.p, " \t") : 0;
			worst = w_exit_worst(worst, bad(js.on || (b.p &&
			    (b.p[n] == '{' || b.p[n] == '[')) ? "a JSON text "
			    "on stdin is larger than 8 MiB" : "a line on stdin "
			    "is longer than 8 MiB", js.on ? js.start : line,
			    arg));
			json_reset(&js);
			continue;
		}
		s = b.p ? b.p : empty;
		n = b.len;
		/* a UTF-8 BOM opening the stream is skipped, only there */
		if (line == 1 && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0) {
			s += 3;
			n -= 3;
		}
		if (!js.on) {
			s = trim(s, &n);
			if (n == 0)
				continue;
			if (*s == '{' || *s == '[') {
				js.on = 1;
				js.start = line;
			}
		}
		if (js.on) {
			if (js.b.len + n + 1 > W_JSON_TEXT_MAX) {
				worst = w_exit_worst(worst, bad("a JSON text on "
				    "stdin is larger than 8 MiB", js.start,
				    arg));
				json_reset(&js);
				continue;
			}
			(void)w_buf_add(&js.b, s, n);
			(void)w_buf_addc(&js.b, '\n');
			worst = w_exit_worst(worst, json_frame(&js, line, 0, fn,
			    bad, arg));
			continue;
		}
		if (has_control(s, n)) {
			worst = w_exit_worst(worst, bad("the line holds control "
			    "characters", line, arg));
			continue;
		}
		it.line = line;
		it.json = jv_invalid();
		it.text = s;
		worst = w_exit_worst(worst, fn(&it, arg));
	}
	if (js.on)
		worst = w_exit_worst(worst, json_frame(&js, line, 1, fn, bad,
		    arg));
	if (r->error)
		worst = w_exit_worst(worst, bad("reading stdin failed", line,
		    arg));
	w_buf_free(&js.b);
	w_buf_free(&b);
	free(r);
	return worst;
}

void
w_input_bad(struct w_err *e, const char *msg, long line)
{
	w_err_clear(e);
	w_err_set(e, W_E_INVALID_PARAMETER, "line %ld is not a request: %s",
	    line, msg);
	e->usage = 1;
}

int
w_input_is_tty(FILE *fp)
{
	return isatty(fileno(fp));
}
