#!/usr/bin/env python3
"""Hostile and broken HTTP servers on loopback (tests/hostile.bats).

Usage: hostile.py --dir DIR [--lifetime SECONDS]

A raw-socket server: every answer is written byte for byte, so that it
can break HTTP the ways a hostile or broken server does (trickles, resets,
header floods, lying framing and encodings, odd redirects).  Listeners on
free ports of 127.0.0.1, each written to a file of DIR:

  port          plain HTTP, the cases below by request path
  tlsport       the same over TLS, leaf for example.com signed by DIR/ca.pem
  expiredport   TLS, an expired leaf for example.com signed by DIR/ca.pem
  selfport      TLS, a self-signed leaf for example.com (not from the CA)
  stallport     accepts, reads, never writes (a TLS handshake that stalls)

Each request's path is appended to DIR/log.  Exits after --lifetime
seconds and on SIGTERM.  Python 3 stdlib plus the openssl CLI; the cases
are listed in tests/server/README.md.
"""

import argparse
import gzip
import os
import signal
import socket
import ssl
import struct
import subprocess
import sys
import threading
import time
import zlib

MIB = 1024 * 1024
ROBOTS = ["robots-ok"]   # the case /robots.txt answers (/_robots/CASE)
LOG_LOCK = threading.Lock()
DIR = None

PAGE = (b"<!DOCTYPE html><html><head><meta charset=\"utf-8\">"
        b"<title>Hostile server page</title></head><body><article>"
        b"<h1>Hostile server page</h1>\n" +
        b"".join(b"<p>Paragraph %03d of the page a hostile server sends, "
                 b"long enough to read as prose.</p>\n" % i
                 for i in range(60)) +
        b"</article></body></html>\n")


def log(path):
    with LOG_LOCK:
        with open(os.path.join(DIR, "log"), "a") as f:
            f.write(path + "\n")


def head(status=b"200 OK", ctype=b"text/html; charset=utf-8", extra=b"",
         length=None):
    out = b"HTTP/1.1 " + status + b"\r\n"
    if ctype:
        out += b"Content-Type: " + ctype + b"\r\n"
    if length is not None:
        out += b"Content-Length: %d\r\n" % length
    return out + extra + b"Connection: close\r\n\r\n"


def whole(body, **kw):
    return head(length=len(body), **kw) + body


def forever(s, piece, interval):
    """Send piece every interval seconds until the client goes."""
    while True:
        s.sendall(piece)
        if interval:
            time.sleep(interval)


def chunked(body):
    return b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"


def gz(b):
    return gzip.compress(b)


def zl(b):
    return zlib.compress(b)


def deflate_raw(b):
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(b) + c.flush()


def zeros_gzip(n):
    c = zlib.compressobj(9, zlib.DEFLATED, 31)
    z = bytes(MIB)
    return b"".join(c.compress(z) for _ in range(n // MIB)) + c.flush()


def zeros_deflate(n, wbits):
    c = zlib.compressobj(9, zlib.DEFLATED, wbits)
    z = bytes(MIB)
    return b"".join(c.compress(z) for _ in range(n // MIB)) + c.flush()


def brotli(data, quality=11):
    import ctypes
    lib = ctypes.CDLL("libbrotlienc.so.1")
    out = ctypes.create_string_buffer(len(data) // 100 + 65536)
    n = ctypes.c_size_t(len(out))
    if not lib.BrotliEncoderCompress(quality, 22, 0, ctypes.c_size_t(len(data)),
                                     data, ctypes.byref(n), out):
        raise RuntimeError("brotli failed")
    return out.raw[:n.value]


def rst(s):
    s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                 struct.pack("ii", 1, 0))
    s.close()


# -- cases: name -> function(sock, path); the answer is theirs to write

def c_trickle_body(s, p):
    s.sendall(head(length=100000))
    forever(s, b"x", 1)


def c_trickle_head(s, p):
    s.sendall(b"HTTP/1.1 200 OK\r\nX-Slow: ")
    forever(s, b"x", 1)


def c_silent(s, p):
    while s.recv(4096):
        pass


def c_close(s, p):
    pass


def c_rst(s, p):
    rst(s)


def c_rst_body(s, p):
    s.sendall(head(length=len(PAGE)) + PAGE[:len(PAGE) // 2])
    time.sleep(0.2)
    rst(s)


def c_headers_100k(s, p):
    s.sendall(b"HTTP/1.1 200 OK\r\n" + b"X-H: v\r\n" * 100000 +
              b"Content-Length: 2\r\n\r\nok")


def c_header_10m(s, p):
    s.sendall(b"HTTP/1.1 200 OK\r\nX-Big: " + b"h" * (10 * MIB) +
              b"\r\nContent-Length: 2\r\n\r\nok")


def c_no_crlf(s, p):
    s.sendall(b"HTTP/1.1 200 OK")
    forever(s, b"x" * 65536, 0)


def c_cl_short(s, p):
    s.sendall(head(length=20) + PAGE)


def c_cl_long(s, p):
    s.sendall(head(length=len(PAGE) + 5000) + PAGE)


def c_cl_two(s, p):
    s.sendall(head(extra=b"Content-Length: %d\r\nContent-Length: 20\r\n"
                   % len(PAGE)) + PAGE)


def c_cl_bad(s, p):
    s.sendall(head(extra=b"Content-Length: -5\r\n") + PAGE)


def c_chunk_bad(s, p):
    s.sendall(head(extra=b"Transfer-Encoding: chunked\r\n") +
              b"zz\r\n" + PAGE + b"\r\n0\r\n\r\n")


def c_chunk_huge(s, p):
    s.sendall(head(extra=b"Transfer-Encoding: chunked\r\n") +
              b"fffffffffffffffffffff\r\n" + PAGE + b"\r\n0\r\n\r\n")


def c_chunk_endless(s, p):
    s.sendall(head(extra=b"Transfer-Encoding: chunked\r\n"))
    piece = b"x" * 65536
    forever(s, b"%x\r\n" % len(piece) + piece + b"\r\n", 0)


def c_chunk_ext_flood(s, p):
    s.sendall(head(extra=b"Transfer-Encoding: chunked\r\n") + b"10")
    forever(s, b";ext=" + b"e" * 65530, 0)


def c_chunk_cut(s, p):
    s.sendall(head(extra=b"Transfer-Encoding: chunked\r\n") +
              b"%x\r\n" % len(PAGE) + PAGE[:len(PAGE) // 2])


def c_http09(s, p):
    s.sendall(PAGE)


def c_garbage_status(s, p):
    s.sendall(b"HTTP/1.1 ABC Whatever\r\nContent-Length: 2\r\n\r\nok")


def c_status_999(s, p):
    s.sendall(whole(PAGE, status=b"999 Odd"))


def c_1xx_storm(s, p):
    s.sendall(b"HTTP/1.1 100 Continue\r\n\r\n" * 20000 + whole(PAGE))


def c_1xx_few(s, p):
    s.sendall(b"HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload"
              b"\r\n\r\n" * 3 + whole(PAGE))


def c_1xx_endless(s, p):
    forever(s, b"HTTP/1.1 102 Processing\r\n\r\n", 0.01)


def enc(name, body):
    return lambda s, p: s.sendall(whole(body, extra=b"Content-Encoding: " +
                                        name + b"\r\n"))


def err_enc(status, coding, body, extra=b""):
    return lambda s, p: s.sendall(whole(
        body, status=status, extra=b"Content-Encoding: " + coding +
        b"\r\n" + extra))


def c_empty_200(s, p):
    s.sendall(whole(b""))


def c_204_body(s, p):
    s.sendall(head(status=b"204 No Content", length=len(PAGE)) + PAGE)


def c_304_body(s, p):
    s.sendall(head(status=b"304 Not Modified", length=len(PAGE)) + PAGE)


def c_html_as_png(s, p):
    s.sendall(whole(PAGE, ctype=b"image/png"))


def c_meta_utf16(s, p):
    s.sendall(whole(PAGE.replace(b'charset="utf-8"', b'charset="utf-16"'),
                    ctype=b"text/html"))


def c_header_utf16(s, p):
    s.sendall(whole(PAGE, ctype=b"text/html; charset=utf-16"))


def redirect(loc, status=b"302 Found"):
    return lambda s, p: s.sendall(
        whole(b"", ctype=None, status=status,
              extra=b"Location: " + loc + b"\r\n"))


def c_redirect_none(s, p):
    s.sendall(whole(b"", status=b"301 Moved Permanently"))


def c_redirect_empty(s, p):
    s.sendall(whole(b"", status=b"302 Found", extra=b"Location: \r\n"))


def c_redirect_two(s, p):
    s.sendall(whole(b"", status=b"302 Found",
                    extra=b"Location: /ok/two-first\r\n"
                    b"Location: http://10.0.0.1/\r\n"))


def c_ok(s, p):
    s.sendall(whole(PAGE))


def c_robots_html(s, p):
    s.sendall(whole(b"<!DOCTYPE html><html><head><title>Welcome</title>"
                    b"</head><body><p>Disallow: /</p><p>User-agent: *</p>"
                    b"</body></html>\n"))


def c_robots_ok(s, p):
    s.sendall(whole(b"User-agent: *\nDisallow: /blocked\n",
                    ctype=b"text/plain"))


def c_robots_huge(s, p):
    line = b"Disallow: /private-%08d/\n"
    s.sendall(head(ctype=b"text/plain", length=50 * MIB) +
              b"User-agent: *\nDisallow: /blocked\n")
    i = 0
    while True:
        s.sendall(b"".join(line % (i + k) for k in range(2000)))
        i += 2000


def c_json_trickle(s, p):
    s.sendall(head(ctype=b"application/json", length=100000) + b"{")
    forever(s, b" ", 1)


# name -> encoded body of 64 MiB of zeros, built once in the background
BOMBS = {}
BOMBS_READY = threading.Event()


def make_bombs():
    BOMBS["gzip"] = zeros_gzip(64 * MIB)
    BOMBS["zlib"] = zeros_deflate(64 * MIB, 15)
    BOMBS["raw"] = zeros_deflate(64 * MIB, -15)
    BOMBS["gzip-gzip"] = gz(BOMBS["gzip"])
    BOMBS["br"] = brotli(bytes(64 * MIB), 5)
    BOMBS_READY.set()
    with open(os.path.join(DIR, "bombs"), "w") as f:
        f.write("ready\n")


def bomb(coding, which, ctype=b"text/html; charset=utf-8"):
    def c(s, p):
        BOMBS_READY.wait(60)
        s.sendall(whole(BOMBS[which], ctype=ctype,
                        extra=b"Content-Encoding: " + coding + b"\r\n"))
    return c

CASES = {
    "trickle-body": c_trickle_body,
    "trickle-head": c_trickle_head,
    "silent": c_silent,
    "close": c_close,
    "rst": c_rst,
    "rst-body": c_rst_body,
    "headers-100k": c_headers_100k,
    "header-10m": c_header_10m,
    "no-crlf": c_no_crlf,
    "cl-short": c_cl_short,
    "cl-long": c_cl_long,
    "cl-two": c_cl_two,
    "cl-bad": c_cl_bad,
    "chunk-bad": c_chunk_bad,
    "chunk-huge": c_chunk_huge,
    "chunk-endless": c_chunk_endless,
    "chunk-ext-flood": c_chunk_ext_flood,
    "chunk-cut": c_chunk_cut,
    "http09": c_http09,
    "garbage-status": c_garbage_status,
    "status-999": c_status_999,
    "1xx-storm": c_1xx_storm,
    "1xx-few": c_1xx_few,
    "1xx-endless": c_1xx_endless,
    "enc-gzip-plain": enc(b"gzip", PAGE),
    "enc-deflate-raw": enc(b"deflate", deflate_raw(PAGE)),
    "enc-gzip-gzip": enc(b"gzip, gzip", gz(gz(PAGE))),
    "enc-gzip-deflate": enc(b"gzip, deflate", zl(gz(PAGE))),
    "enc-identity-gzip": enc(b"identity, gzip", gz(PAGE)),
    "enc-two-lines": lambda s, p: s.sendall(whole(gz(zl(PAGE)), extra=(
        b"Content-Encoding: deflate\r\nContent-Encoding: gzip\r\n"))),
    "enc-repeated": lambda s, p: s.sendall(whole(gz(PAGE), extra=(
        b"Content-Encoding: gzip\r\nContent-Encoding: GZIP\r\n"))),
    "enc-zstd": enc(b"zstd", b"\x28\xb5\x2f\xfd" + gz(PAGE)),
    "enc-compress": enc(b"compress", b"\x1f\x9d\x90" + gz(PAGE)),
    "enc-unknown": enc(b"x-made-up", gz(PAGE)),
    "bomb-gzip": bomb(b"gzip", "gzip"),
    "bomb-deflate": bomb(b"deflate", "zlib"),
    "bomb-deflate-raw": bomb(b"deflate", "raw"),
    "bomb-gzip-gzip": bomb(b"gzip, gzip", "gzip-gzip"),
    "err-503-gzip-plain": err_enc(b"503 Service Unavailable", b"gzip", PAGE,
                                  b"Retry-After: 1\r\n"),
    "err-404-zstd": err_enc(b"404 Not Found", b"zstd", gz(PAGE)),
    "err-429-zstd": err_enc(b"429 Too Many Requests", b"zstd", gz(PAGE),
                            b"Retry-After: 7\r\n"),
    "empty-200": c_empty_200,
    "204-body": c_204_body,
    "304-body": c_304_body,
    "html-as-png": c_html_as_png,
    "meta-utf16": c_meta_utf16,
    "header-utf16": c_header_utf16,
    "redirect-none": c_redirect_none,
    "redirect-empty": c_redirect_empty,
    "redirect-two": c_redirect_two,
    "redirect-space": redirect(b" /ok/with space?q=a b "),
    "redirect-ctl": redirect(b"/ok/\x01\x7fx"),
    "redirect-huge": redirect(b"/ok?" + b"a" * 60000),
    "redirect-data": redirect(b"data:text/html,<p>hi</p>"),
    "redirect-ftp": redirect(b"ftp://127.0.0.1/x"),
    "redirect-file": redirect(b"file:///etc/passwd"),
    "redirect-gopher": redirect(b"gopher://127.0.0.1:70/1"),
    "redirect-javascript": redirect(b"javascript:alert(1)"),
    "redirect-mapped": redirect(b"http://[::ffff:127.0.0.1]/x"),
    "redirect-mapped-hex": redirect(b"http://[::ffff:7f00:1]/x"),
    "redirect-nat64": redirect(b"http://[64:ff9b::7f00:1]/x"),
    "redirect-6to4": redirect(b"http://[2002:7f00:1::1]/x"),
    "redirect-compat": redirect(b"http://[::127.0.0.1]/x"),
    "redirect-linklocal": redirect(b"http://169.254.1.1/x"),
    "redirect-private": redirect(b"http://192.168.1.1/x"),
    "redirect-v6ll": redirect(b"http://[fe80::1]/x"),
    "redirect-zero": redirect(b"http://0.0.0.0/x"),
    "ok": c_ok,
    "robots-html": c_robots_html,
    "robots-huge": c_robots_huge,
    "robots-ok": c_robots_ok,
    "json-trickle": c_json_trickle,
    "json-bomb": bomb(b"gzip", "gzip", b"application/json"),
    # libbrotlienc.so.1 comes with libbrotli-dev, which the build needs
    "bomb-br": bomb(b"br", "br"),
    "enc-gzip-br": enc(b"gzip, br", brotli(gz(PAGE))),
}


def read_head(s):
    buf = b""
    while b"\r\n\r\n" not in buf and len(buf) < 65536:
        d = s.recv(4096)
        if not d:
            return None
        buf += d
    line = buf.split(b"\r\n", 1)[0].decode("latin-1")
    parts = line.split(" ")
    return parts[1] if len(parts) >= 2 else "/"


def serve_one(s, stall):
    try:
        s.settimeout(120)
        if isinstance(s, ssl.SSLSocket):
            s.do_handshake()
        if stall:
            return c_silent(s, "")
        path = read_head(s)
        if path is None:
            return
        log(path)
        name = path.split("?")[0].split("/")[1]
        if name == "_robots":
            ROBOTS[0] = path.split("/")[2]
            return s.sendall(whole(b"robots case set\n", ctype=b"text/plain"))
        if name == "robots.txt":
            name = ROBOTS[0]
        fn = CASES.get(name)
        if fn is None:
            return s.sendall(whole(b"no such case\n", status=b"404 Not Found",
                                   ctype=b"text/plain"))
        fn(s, path)
    except (OSError, ssl.SSLError):
        pass
    finally:
        try:
            s.close()
        except OSError:
            pass


def listen(name, ctx=None, stall=False):
    ls = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    ls.bind(("127.0.0.1", 0))
    ls.listen(64)

    def loop():
        while True:
            c, _ = ls.accept()
            if ctx is not None:
                c = ctx.wrap_socket(c, server_side=True,
                                    do_handshake_on_connect=False)
            threading.Thread(target=serve_one, args=(c, stall),
                             daemon=True).start()
    threading.Thread(target=loop, daemon=True).start()
    tmp = os.path.join(DIR, name + ".tmp")
    with open(tmp, "w") as f:
        f.write("%d\n" % ls.getsockname()[1])
    os.replace(tmp, os.path.join(DIR, name))


CNF = """\
[req]
distinguished_name = dn
prompt = no
[dn]
CN = unused
[ca]
default_ca = ca_sect
[ca_sect]
database = %(d)s/index.txt
new_certs_dir = %(d)s
serial = %(d)s/serial
default_md = sha256
policy = pol
copy_extensions = none
unique_subject = no
[pol]
commonName = supplied
[ca_ext]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
[leaf_ext]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:example.com, IP:127.0.0.1
"""


def openssl(*args):
    subprocess.run(("openssl",) + args, check=True, stdin=subprocess.DEVNULL,
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def certs(d):
    """CA; good, expired (signed by the CA) and self-signed leaves."""
    cnf = os.path.join(d, "openssl.cnf")
    with open(cnf, "w") as f:
        f.write(CNF % {"d": d})
    open(os.path.join(d, "index.txt"), "w").close()
    with open(os.path.join(d, "serial"), "w") as f:
        f.write("1000\n")
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
          "-config", cnf]
    j = lambda n: os.path.join(d, n)  # noqa: E731
    openssl("req", "-x509", *ec, "-days", "3", "-keyout", j("ca.key"),
            "-out", j("ca.pem.tmp"), "-extensions", "ca_ext",
            "-subj", "/CN=webtools hostile test CA")
    os.replace(j("ca.pem.tmp"), j("ca.pem"))
    out = {}
    for name, dates in (("good", ["-days", "3"]),
                        ("expired", ["-startdate", "20200101000000Z",
                                     "-enddate", "20200102000000Z"])):
        openssl("req", *ec, "-keyout", j(name + ".key"), "-out",
                j(name + ".csr"), "-subj", "/CN=example.com")
        openssl("ca", "-batch", "-config", cnf, "-cert", j("ca.pem"),
                "-keyfile", j("ca.key"), "-in", j(name + ".csr"), "-out",
                j(name + ".pem"), "-extensions", "leaf_ext", "-notext",
                *dates)
        out[name] = (j(name + ".pem"), j(name + ".key"))
    openssl("req", "-x509", *ec, "-days", "3", "-keyout", j("self.key"),
            "-out", j("self.pem"), "-extensions", "leaf_ext",
            "-subj", "/CN=example.com")
    out["self"] = (j("self.pem"), j("self.key"))
    return out


def tls_ctx(pair):
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(*pair)
    return ctx


def main():
    global DIR
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lifetime", type=float, default=600)
    args = ap.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: os._exit(0))
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    os.makedirs(args.dir, exist_ok=True)
    DIR = os.path.abspath(args.dir)
    threading.Thread(target=make_bombs, daemon=True).start()
    c = certs(DIR)
    with open(os.path.join(DIR, "cases"), "w") as f:
        f.write("".join(n + "\n" for n in sorted(CASES)))
    listen("stallport", stall=True)
    listen("expiredport", tls_ctx(c["expired"]))
    listen("selfport", tls_ctx(c["self"]))
    listen("tlsport", tls_ctx(c["good"]))
    listen("port")
    print("hostile server ready", flush=True)
    time.sleep(args.lifetime)
    os._exit(0)


if __name__ == "__main__":
    try:
        main()
    except subprocess.CalledProcessError as e:
        sys.stderr.write("hostile.py: openssl failed: %s\n"
                         % e.stderr.decode("utf-8", "replace"))
        sys.exit(1)
