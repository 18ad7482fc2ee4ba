#!/usr/bin/env python3
"""Loopback fixture server for the webtools bats suites.

Usage: server.py --dir DIR [--lifetime SECONDS]

Serves plain HTTP and HTTPS on two free ports of 127.0.0.1, written to
DIR/port and DIR/tlsport.  DIR/ca.pem is the CA that signed the leaf
certificate.  Every request is logged to DIR/log (path and query, one per
line) and DIR/log.full (one JSON object per line).  The process exits by
itself after --lifetime seconds and on SIGTERM.  Python 3 stdlib only;
tests/server/README.md lists the routes.
"""

import argparse
import gzip
import html
import json
import os
import re
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, quote, urlsplit

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "fixtures", "server")

MIB = 1024 * 1024
BIG_SIZE = 21 * MIB
BOMB_SIZE = 100 * MIB
CHUNK = 64 * 1024
MAX_BODY = 1 * MIB
SIZE_CAP = 1024 * MIB

SAN_DNS = ["example.com", "www.example.com", "public.example",
           "html.duckduckgo.com", "duckduckgo.com", "www.startpage.com",
           "startpage.com", "ollama.com", "search.parallel.ai",
           "api.parallel.ai", "robots.example", "other.example"]

OPENSSL_CNF = """\
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[leaf_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid:always
subjectAltName = %s
"""


class State:
    """Mutable server-wide state, shared by all handler threads."""

    def __init__(self, d):
        self.dir = d
        self.lock = threading.Lock()
        self.log = open(os.path.join(d, "log"), "a", encoding="utf-8")
        self.logfull = open(os.path.join(d, "log.full"), "a",
                            encoding="utf-8")
        self.counts = {}
        self.robots_case = "ok"
        self.port = 0
        self.tlsport = 0
        self.bomb = None
        self.bomb_ready = threading.Event()

    def record(self, line, full):
        with self.lock:
            self.log.write(line + "\n")
            self.log.flush()
            self.logfull.write(json.dumps(full) + "\n")
            self.logfull.flush()

    def bump(self, key):
        with self.lock:
            self.counts[key] = self.counts.get(key, 0) + 1
            return self.counts[key]


STATE = None


def fixture(name):
    with open(os.path.join(FIXTURES, name), "rb") as f:
        return f.read()


# ---------------------------------------------------------------- content

def size_lines(n):
    """Yield n bytes of 100-byte lines "line 00001 xxx...\\n"."""
    filler = b"x" * 88 + b"\n"
    i = 1
    left = n
    buf = []
    have = 0
    while left > 0:
        line = b"line %05d " % (i % 100000) + filler
        i += 1
        if len(line) > left:
            line = line[:left]
        buf.append(line)
        have += len(line)
        left -= len(line)
        if have >= CHUNK:
            yield b"".join(buf)
            buf = []
            have = 0
    if buf:
        yield b"".join(buf)


def html_of_size(n):
    head = (b"<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            b"<title>Sized page</title></head>\n<body><article>"
            b"<h1>Sized page</h1>\n")
    tail = b"</article></body></html>\n"
    para = (b"<p>Paragraph %05d of filler text for the sized page, "
            b"long enough to look like prose in an article body.</p>\n")
    parts = [head]
    total = len(head) + len(tail)
    i = 1
    while total + len(para % i) <= n:
        p = para % i
        parts.append(p)
        total += len(p)
        i += 1
    pad = n - total
    if pad >= 7:
        parts.append(b"<!--" + b"-" * (pad - 7) + b"-->")
    parts.append(tail)
    return b"".join(parts)


def make_pdf():
    """A one-page PDF saying "Hello PDF", with exact xref offsets."""
    stream = b"BT /F1 24 Tf 72 720 Td (Hello PDF) Tj ET\n"
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
        b"/Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream +
        b"endstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, o in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + o + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += (b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objs) + 1, xref))
    return bytes(out)


def make_bomb():
    """gzip stream of BOMB_SIZE zero bytes, built without holding them."""
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    zeros = bytes(MIB)
    parts = [c.compress(zeros) for _ in range(BOMB_SIZE // MIB)]
    parts.append(c.flush())
    STATE.bomb = b"".join(parts)
    STATE.bomb_ready.set()


def appshell():
    js = "".join("function m%04d(a){return a*%d+%d;}\n" % (i, i, i % 7)
                 for i in range(2000))
    return ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>App</title></head>\n<body>\n<noscript>You need to "
            "enable JavaScript to run this app.</noscript>\n"
            "<div id=\"root\"></div>\n<script>\n" + js +
            "</script>\n</body></html>\n").encode()


def charset_page(title, para, meta=""):
    return ("<!DOCTYPE html>\n<html><head>%s<title>%s</title></head>\n"
            "<body><h1>%s</h1>\n<p>%s</p>\n</body></html>\n"
            % (meta, title, title, para))


CAFE_T = "Caf\u00e9 cr\u00e8me"
CAFE_P = "Un caf\u00e9 cr\u00e8me br\u00fbl\u00e9e, s'il vous pla\u00eet."
JA = "\u65e5\u672c\u8a9e\u306e\u30da\u30fc\u30b8"
HTML = "text/html; charset=utf-8"
L1 = "text/html; charset=ISO-8859-1"

# name -> (Content-Type, body bytes)
CHARSETS = {
    "latin1-header": (L1, charset_page(CAFE_T, CAFE_P).encode("latin-1")),
    "latin1-meta": ("text/html", charset_page(
        CAFE_T, CAFE_P, '<meta charset="iso-8859-1">').encode("latin-1")),
    "utf8-bom": (L1, b"\xef\xbb\xbf" + charset_page(CAFE_T, CAFE_P)
                 .encode("utf-8")),
    "disagree": (L1, charset_page(CAFE_T, CAFE_P, '<meta charset="utf-8">')
                 .encode("latin-1")),
    "shift_jis": ("text/html; charset=Shift_JIS",
                  charset_page(JA, JA + "\u3067\u3059\u3002")
                  .encode("shift_jis")),
    "utf16": ("text/html", b"\xff\xfe" + charset_page(CAFE_T, CAFE_P)
              .encode("utf-16-le")),
    "undecodable": ("text/html; charset=x-made-up-charset",
                    charset_page(CAFE_T, CAFE_P).encode("utf-8")),
    # Three invalid bytes, each alone between ASCII letters: 0xFF, 0xFE
    # (never valid in UTF-8) and 0x80 (a lone continuation byte).  A
    # decoder must produce exactly three U+FFFD: "aXbXcXd".
    "invalid-utf8": (HTML, charset_page("Invalid", "@@").encode("utf-8")
                     .replace(b"@@", b"a\xffb\xfec\x80d")),
}

ROBOTS_OK = (b"# robots.txt for the webtools fixture server\n"
             b"User-agent: *\nDisallow: /private\nAllow: /private/open\n"
             b"\nUser-agent: BadBot\nDisallow: /\n")


def robots_big():
    out = [b"User-agent: *\nDisallow: /private\n"]
    n = len(out[0])
    i = 0
    while n < 64 * 1024 + 100:
        line = b"Disallow: /filler/%05d/\n" % i
        out.append(line)
        n += len(line)
        i += 1
    out.append(b"Disallow: /late\n")
    n += 16
    while n < 100 * 1024:
        line = b"# padding %05d\n" % i
        out.append(line)
        n += len(line)
        i += 1
    return b"".join(out)[:100 * 1024]


ROBOTS_BIG = robots_big()
ROBOTS_OTHER = b"User-agent: *\nDisallow: /from-other-host\n"
ROBOTS_CASES = ("ok", "missing", "gone", "forbidden", "ratelimited",
                "error", "slow", "redirect-other-host", "redirect3", "big",
                "challenge", "bom-crlf", "gzip-cut")


# ---------------------------------------------------------------- handler

class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "webtools-fixture/1"
    timeout = 30

    def log_message(self, fmt, *args):
        pass

    def handle(self):
        if isinstance(self.connection, ssl.SSLSocket):
            try:
                self.connection.do_handshake()
            except (ssl.SSLError, OSError):
                return
        try:
            super().handle()
        except (ConnectionError, socket.timeout, ssl.SSLError):
            pass

    # -- request plumbing

    def do_GET(self):
        self.dispatch()

    def do_HEAD(self):
        self.dispatch()

    def do_POST(self):
        self.dispatch()

    do_PUT = do_DELETE = do_OPTIONS = do_PATCH = do_POST

    def read_body(self):
        te = self.headers.get("Transfer-Encoding", "").lower()
        if "chunked" in te:
            out = b""
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return out
                out += self.rfile.read(size)
                self.rfile.readline()
                if len(out) > MAX_BODY:
                    raise ValueError("body too large")
        n = int(self.headers.get("Content-Length") or 0)
        if n > MAX_BODY:
            raise ValueError("body too large")
        return self.rfile.read(n) if n > 0 else b""

    def dispatch(self):
        self.tls = isinstance(self.connection, ssl.SSLSocket)
        self.head = self.command == "HEAD"
        parts = urlsplit(self.path)
        self.rpath = parts.path
        self.query = {k: v[-1] for k, v in
                      parse_qs(parts.query, keep_blank_values=True).items()}
        try:
            self.body = self.read_body()
        except (ValueError, OSError):
            self.body = b""
            self.close_connection = True
        full = {"method": self.command, "path": self.path,
                "tls": self.tls, "headers": self.header_dict()}
        if self.body:
            full["body"] = self.body[:4096].decode("utf-8", "replace")
        STATE.record(self.path, full)
        handler, methods = route(self.rpath)
        if handler is None:
            return self.send(404, b"not found\n", "text/plain")
        if self.command not in methods:
            return self.send(405, b"method not allowed\n", "text/plain",
                             {"Allow": ", ".join(sorted(methods))})
        handler(self)

    def header_dict(self):
        """Request headers as sent; repeated names joined with ", "."""
        out = {}
        for k, v in self.headers.items():
            out[k] = out[k] + ", " + v if k in out else v
        return out

    # -- response helpers

    def send(self, status, body=b"", ctype="text/plain; charset=utf-8",
             headers=None, length=True):
        if isinstance(body, str):
            body = body.encode("utf-8")
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        nobody = status in (204, 304) or 100 <= status < 200
        if length and not nobody:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not self.head and not nobody:
            self.wfile.write(body)

    def send_json(self, status, obj, headers=None):
        self.send(status, json.dumps(obj, indent=1) + "\n",
                  "application/json", headers)

    def redirect(self, status, location):
        self.send(status, "redirecting to %s\n" % location,
                  headers={"Location": location})

    def stream(self, status, chunks, ctype, length=None, headers=None):
        """Send a body from an iterable; no length means close at end."""
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        if length is None:
            self.send_header("Connection", "close")
            self.close_connection = True
        else:
            self.send_header("Content-Length", str(length))
        self.end_headers()
        if self.head:
            return
        try:
            for c in chunks:
                self.wfile.write(c)
        except OSError:
            self.close_connection = True

    def drip(self, data, interval, ctype="text/plain"):
        """Send data one byte per interval, stop if the client goes."""
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.head:
            return
        try:
            for i in range(len(data)):
                self.wfile.write(data[i:i + 1])
                time.sleep(interval)
        except OSError:
            self.close_connection = True

    def origin(self, host):
        scheme = "https" if self.tls else "http"
        port = STATE.tlsport if self.tls else STATE.port
        return "%s://%s:%d" % (scheme, host, port)

    def host(self):
        return (self.headers.get("Host") or "").rsplit(":", 1)[0].lower()


# ---------------------------------------------------------------- routes

def tail(h, prefix):
    """The part of the path after prefix and its slash."""
    return h.rpath[len(prefix):].lstrip("/")


def r_page(h):
    h.send(200, fixture("page.html"), HTML)


def r_hello(h):
    h.send(200, "Hello, world!\n")


def r_size(h):
    m = re.fullmatch(r"\d{1,10}", tail(h, "/size"))
    if not m or int(m.group(0)) > SIZE_CAP:
        return h.send(400, "bad size\n")
    n = int(m.group(0))
    h.stream(200, size_lines(n), "text/plain", n)


def r_html_size(h):
    m = re.fullmatch(r"\d{1,8}", tail(h, "/html/size"))
    if not m or int(m.group(0)) > 64 * MIB:
        return h.send(400, "bad size\n")
    h.send(200, html_of_size(int(m.group(0))), HTML)


def r_chain(h):
    m = re.fullmatch(r"\d{1,4}", tail(h, "/redirect/chain"))
    if not m:
        return h.send(400, "bad chain\n")
    n = int(m.group(0))
    if n == 0:
        return h.send(200, "chain end\n")
    q = urlsplit(h.path).query
    h.redirect(302, "/redirect/chain/%d" % (n - 1) + ("?" + q if q else ""))


def r_loop(h):
    h.redirect(302, "/redirect/loop")


def redirect_to(status):
    def r(h):
        if "u" not in h.query:
            return h.send(400, "missing u\n")
        h.redirect(status, h.query["u"])
    return r


def r_big(h):
    h.stream(200, size_lines(BIG_SIZE), "text/plain", BIG_SIZE)


def r_big_nolength(h):
    h.stream(200, size_lines(BIG_SIZE), "text/plain", None)


def r_short(h):
    h.send_response(200)
    h.send_header("Content-Type", "text/plain")
    h.send_header("Content-Length", "1000")
    h.send_header("Connection", "close")
    h.end_headers()
    h.close_connection = True
    if not h.head:
        h.wfile.write(b"s" * 99 + b"\n")


def r_gzipbomb(h):
    STATE.bomb_ready.wait(30)
    h.send(200, STATE.bomb, "application/octet-stream",
           {"Content-Encoding": "gzip"})


def r_gzip_page(h):
    h.send(200, gzip.compress(fixture("page.html")), HTML,
           {"Content-Encoding": "gzip", "Vary": "Accept-Encoding"})


def r_slow(h):
    try:
        total = float(h.query.get("total", "60"))
    except ValueError:
        return h.send(400, "bad total\n")
    total = max(0.5, min(total, 3600))
    n = int(total / 0.5)
    h.drip((b"slow " * (n // 5 + 1))[:n], 0.5)


def r_status(h):
    m = re.fullmatch(r"[1-5]\d\d", tail(h, "/status"))
    if not m:
        return h.send(400, "bad status\n")
    n = int(m.group(0))
    hdr = {}
    if "retry_after" in h.query:
        hdr["Retry-After"] = h.query["retry_after"]
    if 300 <= n < 400 and "u" in h.query:
        hdr["Location"] = h.query["u"]
    h.send(n, "status %d\n" % n, headers=hdr)


def r_flaky(h):
    m = re.fullmatch(r"([^/]+)/(\d{3})-(then-200|always)",
                     tail(h, "/flaky"))
    if not m:
        return h.send(400, "bad flaky\n")
    ident, code, mode = m.group(1), int(m.group(2)), m.group(3)
    n = STATE.bump("flaky/" + ident)
    if mode == "always" or n == 1:
        hdr = {"Retry-After": "1"} if code in (429, 503) else {}
        return h.send(code, "failure %d, attempt %d\n" % (code, n),
                      headers=hdr)
    h.send(200, "recovered\n")


def r_count(h):
    ident = tail(h, "/count")
    if not ident:
        return h.send(400, "missing id\n")
    h.send(200, "%d\n" % STATE.bump("count/" + ident))


def r_delay(h):
    """/delay/MS/ANY: wait MS ms, answer 200 text; log the start and end
    times, the Host and the path to DIR/log.times."""
    rest = tail(h, "/delay")
    ms = rest.split("/")[0] if rest else ""
    if not ms.isdigit() or int(ms) > 60000:
        return h.send(400, "bad delay\n")
    start = time.time()
    time.sleep(int(ms) / 1000.0)
    end = time.time()
    with STATE.lock:
        with open(os.path.join(STATE.dir, "log.times"), "a") as f:
            f.write("%.3f %.3f %s %s\n" % (start, end,
                    h.headers.get("Host", "-"), h.path))
    h.send(200, "delayed %s\n" % h.path)


def r_charset(h):
    name = tail(h, "/charset")
    if name not in CHARSETS:
        return h.send(404, "no such charset case\n")
    ctype, body = CHARSETS[name]
    h.send(200, body, ctype)


def static(ctype, body):
    return lambda h: h.send(200, body, ctype)


def r_pdf(h):
    h.send(200, PDF, "application/pdf")



# -- browser rendering (tests/render.bats): pages only a script fills in

JS_SHELL = ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
            "<title>%s</title></head>\n<body>\n<noscript>You need to "
            "enable JavaScript to run this app.</noscript>\n"
            "<div id=\"root\"></div>\n<script>\n%s\n</script>\n"
            "</body></html>\n")

JS_WRITE = ("document.getElementById('root').innerHTML = '<h1>Rendered "
            "orchard</h1><p>' + 'Only a script wrote this paragraph about "
            "apple orchards and their pruning seasons. '.repeat(6) + "
            "'</p>';")


def r_js_page(h):
    h.send(200, (JS_SHELL % ("Orchard app", JS_WRITE)).encode(), HTML)


def r_js_fetch(h):
    """Parser-blocking scripts from ?to=URL and from a 302 to ?redir=URL
    (both tried before DOMContentLoaded), a fetch of ?to, then the
    script-written text."""
    to = h.query.get("to", "")
    redir = "/redirect/to302?u=" + quote(h.query.get("redir", ""), safe="")
    js = ("try { fetch(%s).catch(function(){}); } catch (e) {}\n%s"
          % (json.dumps(to), JS_WRITE))
    page = (JS_SHELL % ("Orchard fetch", js)).replace(
        "</title></head>", "</title><script src=\"%s\"></script>"
        "<script src=\"%s\"></script></head>"
        % (html.escape(to), html.escape(redir)), 1)
    h.send(200, page.encode(), HTML)


def r_js_leave(h):
    """The script navigates to ?to=URL."""
    js = "location.replace(%s);" % json.dumps(h.query.get("to", ""))
    h.send(200, (JS_SHELL % ("Leaving", js)).encode(), HTML)


def r_js_hang(h):
    """A document that never finishes loading."""
    h.send_response(200)
    h.send_header("Content-Type", HTML)
    h.end_headers()
    try:
        h.wfile.write(b"<!DOCTYPE html><html><head><title>Hang</title>"
                      b"</head><body><div id=\"root\"></div><p>partial")
        h.wfile.flush()
        for _ in range(120):
            time.sleep(0.5)
            h.wfile.write(b" ")
            h.wfile.flush()
    except OSError:
        pass
    h.close_connection = True

def r_echo_headers(h):
    h.send_json(200, h.header_dict())


def robots_serve(h, case):
    """Serve robots.txt behaviour `case` for the current request."""
    if case == "ok":
        h.send(200, ROBOTS_OK)
    elif case in ("missing", "gone", "forbidden", "ratelimited", "error"):
        code = {"missing": 404, "gone": 410, "forbidden": 403,
                "ratelimited": 429, "error": 500}[case]
        hdr = {"Retry-After": "1"} if code == 429 else {}
        h.send(code, "robots %s\n" % case, headers=hdr)
    elif case == "slow":
        h.drip(ROBOTS_OK[:24], 0.3)
    elif case == "redirect-other-host":
        h.redirect(302, h.origin("other.example") + "/robots.txt")
    elif case == "redirect3":
        h.redirect(302, "/rb/redirect3/hop1")
    elif case == "big":
        h.send(200, ROBOTS_BIG)
    elif case == "challenge":
        h.send(200, fixture("challenge_cloudflare.html"), HTML)
    elif case == "bom-crlf":
        h.send(200, b"\xef\xbb\xbf" + ROBOTS_OK.replace(b"\n", b"\r\n"))
    elif case == "gzip-cut":
        gz = gzip.compress(ROBOTS_OK + b"# " + b"padding " * 200 + b"\n")
        h.send(200, gz[:len(gz) // 2], "text/plain",
               {"Content-Encoding": "gzip"})
    else:
        h.send(404, "unknown robots case\n")


def r_rb(h):
    rest = tail(h, "/rb")
    case, _, file = rest.partition("/")
    if case == "redirect3" and file in ("hop1", "hop2"):
        nxt = "hop2" if file == "hop1" else "final"
        return h.redirect(302, "/rb/redirect3/" + nxt)
    if case == "redirect3" and file == "final":
        return h.send(200, ROBOTS_OK)
    if file != "robots.txt":
        return h.send(404, "not found\n")
    robots_serve(h, case)


def r_robots(h):
    if h.host() == "other.example":
        return h.send(200, ROBOTS_OTHER)
    robots_serve(h, STATE.robots_case)


def r_set_robots(h):
    case = h.query.get("case", "ok")
    if case not in ROBOTS_CASES:
        return h.send(400, "unknown case %s\n" % case)
    STATE.robots_case = case
    h.send(200, "robots case %s\n" % case)


def r_reset(h):
    with STATE.lock:
        STATE.counts.clear()
    STATE.robots_case = "ok"
    h.send(200, "reset\n")


def r_challenge(h):
    which = tail(h, "/challenge")
    if which == "cloudflare":
        h.send(403, fixture("challenge_cloudflare.html"), HTML,
               {"cf-mitigated": "challenge", "Server": "cloudflare",
                "Cache-Control": "no-store"})
    elif which == "503":
        h.send(503, fixture("challenge_503.html"), HTML)
    else:
        h.send(404, "not found\n")


def form(h):
    """Query and urlencoded form body merged, body winning."""
    out = dict(h.query)
    ctype = h.headers.get("Content-Type", "")
    if h.body and "json" not in ctype:
        pairs = parse_qs(h.body.decode("utf-8", "replace"),
                         keep_blank_values=True)
        out.update({k: v[-1] for k, v in pairs.items()})
    return out


def r_searxng(h):
    f = form(h)
    if f.get("format") != "json":
        return h.send(403, "Forbidden\n", "text/html")
    q = f.get("q", "")
    if "unresponsive" in q:
        doc = json.loads(fixture("searxng_unresponsive.json"))
    else:
        doc = json.loads(fixture("searxng_results.json"))
        if "empty" in q:
            doc["results"] = []
            doc["unresponsive_engines"] = []
    doc["query"] = q
    h.send(200, json.dumps(doc), "application/json")


def ollama_results(h):
    try:
        req = json.loads(h.body or b"{}")
        query = str(req["query"])
        limit = int(req.get("max_results", 5))
    except (ValueError, KeyError, TypeError):
        return h.send_json(400, {"error": "invalid request body"})
    if not h.headers.get("Authorization", "").startswith("Bearer "):
        return h.send_json(401, {"error": "unauthorized"})
    n = 0 if "empty" in query else max(1, min(limit, 10))
    res = [{"title": "Result %d for %s" % (i, query),
            "url": "https://example.com/ollama/%d" % i,
            "content": "Snippet %d about %s." % (i, query)}
           for i in range(1, n + 1)]
    h.send_json(200, {"results": res})


def r_ollama(h):
    if tail(h, "/ollama") in ("api/experimental/web_search",
                              "api/web_search"):
        return ollama_results(h)
    h.send_json(404, {"error": "not found"})


def r_ollama404(h):
    if tail(h, "/ollama404") == "api/web_search":
        return ollama_results(h)
    h.send(404, "404 page not found\n")


def r_ddg(h):
    q = form(h).get("q", "")
    if "ratelimit" in q:
        return h.send(202, b"", "text/html")
    if "noresults" in q:
        name = "ddg_html_noresults_eino_2025.html"
    elif "eofpage" in q:
        name = "ddg_html_eof_google_fallback_eino_2025.html"
    else:
        name = "ddg_html_eino_2025.html"
    h.send(200, fixture(os.path.join("..", "search", name)), HTML)


# -- hostile and broken responses (tests/hardening.bats)

def brotli_compress(data):
    """Brotli through libbrotlienc (a dependency of libcurl's br)."""
    import ctypes
    lib = ctypes.CDLL("libbrotlienc.so.1")
    out = ctypes.create_string_buffer(len(data) + 1024)
    n = ctypes.c_size_t(len(out))
    ok = lib.BrotliEncoderCompress(11, 22, 0, ctypes.c_size_t(len(data)),
                                   data, ctypes.byref(n), out)
    if not ok:
        raise RuntimeError("brotli failed")
    return out.raw[:n.value]


def hostile_page():
    paras = b"".join(b"<p>Paragraph %03d of the hostile test page, with enough "
                     b"words in it to read as prose for the extractor.</p>\n"
                     % i for i in range(100))
    return (b"<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
            b"<title>Hostile page</title></head><body><article>"
            b"<h1>Hostile page</h1>\n" + paras + b"</article></body></html>\n")


def deflate_raw(data):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def late_meta_page():
    """windows-1251 text declared by a <meta charset> after 1,024 bytes."""
    word = "\u041f\u0440\u0438\u0432\u0435\u0442"  # Privet in Cyrillic
    body = ("<html><head><!-- " + "padding " * 200 + "-->"
            "<meta charset=\"windows-1251\"><title>" + word +
            "</title></head><body><article><h1>" + word + "</h1><p>" +
            (word + " \u043c\u0438\u0440, ") * 40 + "</p></article></body>"
            "</html>\n")
    return body.encode("cp1251")


def nul_page():
    page = hostile_page()
    return page.replace(b"Paragraph 001 of", b"Paragraph 001\x00 of")\
        .replace(b"Paragraph 002 of", b"Paragraph\x00\x00 002 of")


HOSTILE_PAGE = hostile_page()
PNG = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00"
       b"\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89" + bytes(range(256)))


RAW_LOCATIONS = {
    "loc-backslash": b"http:\\\\127.0.0.2\\x",
    "loc-percent": b"http://%31%32%37.0.0.2/",
    "loc-fullwidth": "http://\uff11\uff12\uff17\uff0e0\u30020\uff0e2/"
                     .encode("utf-8"),
    # raw UTF-8: full-width capital B, U-umlaut, ideographic full stop;
    # PORT is this server's port
    "loc-idn": "http://\uff22\u00dccher\u3002example:PORT/count/idn-raw"
               .encode("utf-8"),
}


def hostile_cases():
    page = HOSTILE_PAGE
    gz = gzip.compress(page)
    zl = zlib.compress(page)
    try:
        br = brotli_compress(page)
    except (OSError, RuntimeError, AttributeError):
        br = None
    c = {
        "gzip-cut": (gz[:len(gz) // 2], HTML, {"Content-Encoding": "gzip"}),
        "gzip-cut-early": (gz[:12], HTML, {"Content-Encoding": "gzip"}),
        "deflate-cut": (zl[:len(zl) // 2], HTML,
                        {"Content-Encoding": "deflate"}),
        "gzip-lying": (page, HTML, {"Content-Encoding": "gzip"}),
        "deflate-is-gzip": (gz, HTML, {"Content-Encoding": "deflate"}),
        "br-garbage": (b"\xff\xfe this is not brotli at all " * 8, HTML,
                       {"Content-Encoding": "br"}),
        "pdf-as-html": (PDF, HTML, {}),
        "png-as-html": (PNG, HTML, {}),
        "nul": (nul_page(), HTML, {}),
        "late-meta": (late_meta_page(), "text/html", {}),
        "no-text": (b"<html><head><title>\xff\xfe</title></head><body>"
                    b"<script>var x = 1;</script></body></html>",
                    "text/html", {}),
    }
    if br is not None:
        c["br-cut"] = (br[:len(br) // 2], HTML, {"Content-Encoding": "br"})
        c["br-ok"] = (br, HTML, {"Content-Encoding": "br"})
    return c


def r_hostile(h):
    name = tail(h, "/hostile")
    if name in ("cookies", "cookies-over"):
        h.send_response(200)
        h.send_header("Content-Type", HTML)
        for i in range(400 if name == "cookies" else 1000):
            h.send_header("Set-Cookie", "c%03d=%s; Path=/" % (i, "v" * 100))
        h.send_header("Content-Length", str(len(HOSTILE_PAGE)))
        h.end_headers()
        if not h.head:
            h.wfile.write(HOSTILE_PAGE)
        return
    if name in RAW_LOCATIONS:
        # Location bytes as a hostile server sends them (not latin-1).
        loc = RAW_LOCATIONS[name].replace(
            b"PORT", str(h.server.server_address[1]).encode())
        h.wfile.write(b"HTTP/1.1 302 Found\r\nLocation: " +
                      loc + b"\r\nContent-Length: 0\r\n"
                      b"Connection: close\r\n\r\n")
        h.close_connection = True
        return
    if name == "404-gzip-cut":
        gz = gzip.compress(HOSTILE_PAGE)
        return h.send(404, gz[:12], HTML, {"Content-Encoding": "gzip"})
    if name == "header-huge":
        return h.send(200, HOSTILE_PAGE, HTML, {"X-Huge": "h" * 200000})
    if name not in HOSTILE:
        return h.send(404, "no such hostile case\n")
    body, ctype, headers = HOSTILE[name]
    h.send(200, body, ctype, headers)


GP = frozenset(("GET", "HEAD"))
GPP = frozenset(("GET", "HEAD", "POST"))
PDF = make_pdf()
APPSHELL = appshell()
HOSTILE = hostile_cases()

# path prefix -> (handler, methods); the longest matching prefix wins, a
# prefix matches the path itself and anything below "prefix/".
ROUTES = {
    "/page": (r_page, GP),
    "/hello.txt": (r_hello, GP),
    "/size": (r_size, GP),
    "/html/size": (r_html_size, GP),
    "/redirect/chain": (r_chain, GP),
    "/redirect/loop": (r_loop, GP),
    "/redirect/to": (redirect_to(302), GPP),
    "/redirect/to301": (redirect_to(301), GPP),
    "/redirect/to307": (redirect_to(307), GPP),
    "/redirect/to308": (redirect_to(308), GPP),
    "/big": (r_big, GP),
    "/big/nolength": (r_big_nolength, GP),
    "/short": (r_short, GP),
    "/gzipbomb": (r_gzipbomb, GP),
    "/gzip/page": (r_gzip_page, GP),
    "/slow": (r_slow, GP),
    "/status": (r_status, GPP),
    "/flaky": (r_flaky, GPP),
    "/count": (r_count, GPP),
    "/charset": (r_charset, GP),
    "/json": (static("application/json",
                     b'{"name": "webtools", "items": [1, 2, 3], '
                     b'"nested": {"ok": true, "text": "caf\xc3\xa9"}}\n'), GP),
    "/json/invalid": (static("application/json",
                             b'{"name": "webtools", "items": [1, 2,\n'), GP),
    "/xml": (static("application/xml",
                    b'<?xml version="1.0" encoding="utf-8"?>\n<catalog>'
                    b'<book id="1"><title>Orchards</title></book>'
                    b'<book id="2"><title>Caf\xc3\xa9s</title></book>'
                    b'</catalog>\n'), GP),
    "/xml/invalid": (static("application/xml",
                            b'<?xml version="1.0"?>\n<catalog><book>'
                            b'<title>Broken</book></catalog\n'), GP),
    "/text": (static("text/plain; charset=utf-8",
                     b"Plain text document.\nSecond line.\n"), GP),
    "/markdown": (static("text/markdown; charset=utf-8",
                         b"# Markdown document\n\nSome *emphasis* and a "
                         b"[link](https://example.com/).\n\n- one\n- two\n"),
                  GP),
    "/pdf": (r_pdf, GP),
    "/delay": (r_delay, GP),
    "/binary": (static("application/octet-stream",
                       bytes(range(256)) * 4), GP),
    "/echo-headers": (r_echo_headers, GPP),
    "/rb": (r_rb, GP),
    "/robots.txt": (r_robots, GP),
    "/_set_robots": (r_set_robots, GP),
    "/_reset": (r_reset, GP),
    "/challenge": (r_challenge, GP),
    "/login": (static(HTML, fixture("login.html")), GP),
    "/article/captcha": (static(HTML, fixture("article_captcha.html")), GP),
    "/appshell": (static(HTML, APPSHELL), GP),
    "/js/page": (r_js_page, GP),
    "/js/fetch": (r_js_fetch, GP),
    "/js/leave": (r_js_leave, GP),
    "/js/hang": (r_js_hang, GP),
    "/searxng/search": (r_searxng, GPP),
    "/ollama": (r_ollama, frozenset(("POST",))),
    "/ollama404": (r_ollama404, frozenset(("POST",))),
    "/ddg/html": (r_ddg, GPP),
    "/hostile": (r_hostile, GP),
    "/html": (r_ddg, GPP),
}
ROUTE_KEYS = sorted(ROUTES, key=len, reverse=True)


def route(path):
    for p in ROUTE_KEYS:
        if path == p or path.startswith(p + "/"):
            return ROUTES[p]
    return None, GP


# ---------------------------------------------------------------- startup

def run_openssl(args):
    subprocess.run(["openssl"] + args, check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def make_certs(d):
    """Test CA and leaf (EC P-256) in d; returns (leaf cert, leaf key)."""
    cnf = os.path.join(d, "openssl.cnf")
    san = ", ".join(["DNS:" + n for n in SAN_DNS] + ["IP:127.0.0.1"])
    with open(cnf, "w") as f:
        f.write(OPENSSL_CNF % san)
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
          "-days", "3", "-config", cnf]
    ca, cakey = os.path.join(d, "ca.pem"), os.path.join(d, "ca.key")
    leaf, key = os.path.join(d, "leaf.pem"), os.path.join(d, "leaf.key")
    run_openssl(["req", "-x509"] + ec + ["-keyout", cakey, "-out",
                ca + ".tmp", "-extensions", "ca_ext",
                "-subj", "/CN=webtools fixture test CA"])
    os.replace(ca + ".tmp", ca)
    run_openssl(["req"] + ec + ["-keyout", key, "-out", leaf,
                "-extensions", "leaf_ext", "-subj", "/CN=example.com",
                "-CA", ca, "-CAkey", cakey])
    return leaf, key


# Many clients connect at once (wfetch -P 16): the default listen backlog
# of 5 drops SYNs, which costs a one-second retransmit.
ThreadingHTTPServer.request_queue_size = 128


class TLSServer(ThreadingHTTPServer):
    """Wraps accepted sockets; the handshake runs in the handler thread."""

    def __init__(self, addr, handler, ctx):
        self.ctx = ctx
        super().__init__(addr, handler)

    def get_request(self):
        sock, addr = self.socket.accept()
        return self.ctx.wrap_socket(sock, server_side=True,
                                    do_handshake_on_connect=False), addr


def write_atomic(path, text):
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def main():
    global STATE
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lifetime", type=float, default=600)
    args = ap.parse_args()
    deadline = time.monotonic() + args.lifetime

    def bye(*_):
        os._exit(0)

    signal.signal(signal.SIGTERM, bye)
    signal.signal(signal.SIGINT, bye)
    signal.signal(signal.SIGHUP, bye)
    os.makedirs(args.dir, exist_ok=True)
    STATE = State(args.dir)
    threading.Thread(target=make_bomb, daemon=True).start()

    leaf, key = make_certs(args.dir)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(leaf, key)
    ctx.set_alpn_protocols(["http/1.1"])

    plain = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    tls = TLSServer(("127.0.0.1", 0), Handler, ctx)
    STATE.port = plain.server_address[1]
    STATE.tlsport = tls.server_address[1]
    for s in (plain, tls):
        threading.Thread(target=s.serve_forever, args=(0.2,),
                         daemon=True).start()
    write_atomic(os.path.join(args.dir, "port"), "%d\n" % STATE.port)
    write_atomic(os.path.join(args.dir, "tlsport"), "%d\n" % STATE.tlsport)
    print("listening on 127.0.0.1:%d (http) and :%d (https)"
          % (STATE.port, STATE.tlsport), flush=True)
    while time.monotonic() < deadline:
        time.sleep(min(0.2, max(0.0, deadline - time.monotonic())))
    os._exit(0)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.stderr.write("server.py: openssl failed: %s\n"
                         % e.stderr.decode("utf-8", "replace"))
        sys.exit(1)
