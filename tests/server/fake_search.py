#!/usr/bin/env python3
"""fake_search.py: fake search providers for tests/wsearch.bats,
tests/searx.bats and bench/search.sh.

    python3 tests/server/fake_search.py --dir DIR [--lifetime SECONDS]

Python stdlib plus the openssl CLI (via tlsutil.py). Binds 127.0.0.1
only: plain HTTP on one free port, HTTPS on another with a test CA of
its own. Writes DIR/port, DIR/tlsport (last, via rename), DIR/ca.pem,
and logs one line per request to DIR/log: "METHOD HOST TARGET
auth=yes|no body=FIRST-200", to DIR/times: "EPOCH-SECONDS METHOD HOST
TARGET", and one line per accepted connection to DIR/connections.
Exits after --lifetime seconds (default 300) or on SIGTERM.

Routes, by Host header (reach the HTTPS names with WEB_CONNECT_TO):
  html.duckduckgo.com  GET /robots.txt (DIR/mode_robots: allow, deny,
      delay, missing, error); POST /html/ by words in q: ratelimit202,
      ratelimit403, ratelimit429 (Retry-After 7), redirect, servererror,
      challenge, noresults, eofpage, wrapped; else the eino results page.
  www.startpage.com    GET / (form with the sc token; DIR/mode_startpage_home
      "ratelimit" gives 429); POST /sp/search (a wrong sc redirects to
      the captcha) by words in query: captcha, anubis, spthrottle,
      noresults, fuzzchain, fuzzmainline (fuzz-findings inputs); else the
      embedded-JSON results page.
  ollama.com           POST /api/web_search; needs "Bearer test-key-123".
  anything else        /searxng/search (JSON only with format=json) by
      words in q: json403, ratelimit429, slowpoke, unresponsive, captcha,
      empty, garbage, fuzznonarray, fuzzleak (fuzz-findings inputs), many,
      huge, diverse, dupes, lagged (1 s), sluggish (2 s); DIR/mode_searx_base
      (a URL prefix) makes results BASE/page/I; /engine/NAME (an
      upstream json_engine for a real searx: allfail, engempty);
      /api/experimental/web_search and /api/web_search (local Ollama;
      DIR/mode_ollama: 404, 405, 401, 403, 302; words ratelimit, empty).
Fixtures come from tests/fixtures/search/ and tests/fixtures/fuzz-findings/.
"""
import argparse
import http.server
import json
import os
import socketserver
import threading
import time
import urllib.parse

import tlsutil

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIX = os.path.join(TOP, "fixtures", "search")
NAMES = ["html.duckduckgo.com", "duckduckgo.com", "www.startpage.com",
         "startpage.com", "ollama.com"]
SC = "Xk3mQ9wTzL0p20"


def finding(name):
    """An input of tests/fixtures/fuzz-findings (once aborted wsearch)."""
    with open(os.path.join(TOP, "fixtures", "fuzz-findings", name),
              "rb") as f:
        return f.read()


def fixture(name):
    with open(os.path.join(FIX, name), "rb") as f:
        return f.read()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake_search"

    def log_message(self, *a):
        pass

    def setup(self):
        # one line per accepted connection, requests or not
        with self.server.lock:
            with open(os.path.join(self.server.dir, "connections"),
                      "a") as f:
                f.write("%.3f\n" % time.time())
        super().setup()

    def send(self, status, body=b"", ctype="text/html; charset=utf-8",
             headers=None):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def params(self):
        u = urllib.parse.urlsplit(self.path)
        p = dict(urllib.parse.parse_qsl(u.query))
        n = int(self.headers.get("Content-Length") or 0)
        self.body = self.rfile.read(n) if n else b""
        if self.body and "json" not in (self.headers.get("Content-Type")
                                        or ""):
            p.update(urllib.parse.parse_qsl(self.body.decode("utf-8",
                                                             "replace")))
        return u.path, p

    def record(self, path):
        host = (self.headers.get("Host") or "").split(":")[0]
        auth = "yes" if self.headers.get("Authorization") else "no"
        line = "%s %s %s auth=%s body=%s\n" % (
            self.command, host, self.path, auth,
            self.body[:200].decode("utf-8", "replace").replace("\n", " "))
        with self.server.lock:
            with open(os.path.join(self.server.dir, "log"), "a") as f:
                f.write(line)
            with open(os.path.join(self.server.dir, "times"), "a") as f:
                f.write("%.3f %s %s %s\n" % (time.time(), self.command,
                                              host, self.path))
        return host

    def do_GET(self):
        self.route()

    def do_POST(self):
        self.route()

    def route(self):
        path, p = self.params()
        host = self.record(path)
        if host in ("html.duckduckgo.com", "duckduckgo.com"):
            return self.ddg(path, p)
        if host in ("www.startpage.com", "startpage.com"):
            return self.startpage(path, p)
        if host == "ollama.com":
            return self.ollama_hosted(path)
        if path.startswith("/searxng"):
            return self.searxng(path, p)
        if path.startswith("/engine/"):
            return self.engine(path, p)
        if path.startswith("/api/"):
            return self.ollama_local(path)
        return self.send(404, "not found\n", "text/plain")

    # DuckDuckGo HTML endpoint
    def ddg(self, path, p):
        if path == "/robots.txt":
            mode = self.server.mode("robots", "allow")
            if mode == "missing":
                return self.send(404, "no\n", "text/plain")
            if mode == "error":
                return self.send(500, "err\n", "text/plain")
            rules = {"allow": "User-agent: *\nDisallow: /lite\n",
                     "deny": "User-agent: *\nDisallow: /html\n",
                     "delay": "User-agent: *\nCrawl-delay: 5\n"}[mode]
            return self.send(200, rules, "text/plain")
        if path not in ("/html/", "/html"):
            return self.send(404, "no\n", "text/plain")
        q = p.get("q", "")
        for code in (202, 403, 429):
            if "ratelimit%d" % code in q:
                return self.send(code, "", headers={"Retry-After": "7"}
                                 if code == 429 else None)
        if "redirect" in q:
            return self.send(302, "", headers={
                "Location": "https://duckduckgo.com/?q=blocked"})
        if "servererror" in q:
            return self.send(500, "oops\n", "text/plain")
        for word, name in (("challenge", "ddg_challenge.html"),
                           ("noresults", "ddg_html_noresults_eino_2025.html"),
                           ("eofpage",
                            "ddg_html_eof_google_fallback_eino_2025.html"),
                           ("wrapped", "ddg_wrapped_ad.html")):
            if word in q:
                return self.send(200, fixture(name))
        return self.send(200, fixture("ddg_html_eino_2025.html"))

    # Startpage
    def startpage(self, path, p):
        if path == "/":
            if self.server.mode("startpage_home", "ok") == "ratelimit":
                return self.send(429, "slow down\n", "text/plain")
            return self.send(200, fixture("startpage_home.html"))
        if path != "/sp/search":
            return self.send(404, "no\n", "text/plain")
        q = p.get("query", "")
        if p.get("sc") != SC:
            return self.send(302, "", headers={
                "Location": "https://www.startpage.com/sp/captcha"})
        if "captcha" in q:
            return self.send(302, "", headers={
                "Location": "https://www.startpage.com/sp/captcha?x=1"})
        if "anubis" in q:
            return self.send(200, fixture("startpage_anubis.html"))
        if "spthrottle" in q:
            return self.send(429, "slow down\n", "text/plain")
        if "noresults" in q:
            return self.send(200, fixture("startpage_noresults.html"))
        if "fuzzchain" in q or "fuzzmainline" in q:
            return self.send(200, finding(
                "startpage-chain-assert.html" if "fuzzchain" in q else
                "startpage-mainline-nonobject.html"))
        return self.send(200, fixture("startpage_serp.html"))

    # SearXNG JSON API
    def searxng(self, path, p):
        q = p.get("q", "")
        if "lagged" in q:
            time.sleep(1)
        if "sluggish" in q:
            time.sleep(2)
        if p.get("format") != "json" or "json403" in q:
            return self.send(403, "Forbidden\n", "text/plain")
        if "ratelimit429" in q:
            return self.send(429, "", "text/plain", {"Retry-After": "30"})
        if "slowpoke" in q:
            time.sleep(5)
        doc = {"query": q, "number_of_results": 0, "results": [],
               "answers": [], "corrections": [], "infoboxes": [],
               "suggestions": [], "unresponsive_engines": []}
        if "unresponsive" in q:
            doc["unresponsive_engines"] = [["duckduckgo", "HTTP error"],
                                           ["wikipedia", "timeout"]]
        elif "captcha" in q:
            doc["unresponsive_engines"] = [["duckduckgo", "CAPTCHA"],
                                           ["brave", "too many requests"]]
        elif "empty" in q:
            pass
        elif "garbage" in q:
            return self.send(200, "<html>not json</html>")
        elif "fuzznonarray" in q:
            return self.send(200, finding(
                "searxng-unresponsive-nonarray.json"), "application/json")
        elif "fuzzleak" in q:
            return self.send(200, finding("jq-invalid-json-leak.json"),
                             "application/json")
        else:
            n = 20 if "many" in q else 6
            big = "x" * 5000 if "huge" in q else ""
            for i in range(n):
                host = "site%d.example" % (i % 3) if "diverse" not in q \
                    else "one.example"
                base = self.server.mode("searx_base", "")
                doc["results"].append({
                    "url": "%s/page/%d?utm_source=searx" % (base, i)
                           if base else
                           "https://%s/page%d?utm_source=searx&id=%d"
                           "&fbclid=zz#top" % (host, i, i),
                    "title": "Result %d about %s" % (i, q),
                    "content": "Snippet %d about %s %s" % (i, q, big),
                    "engine": "loopback", "score": 1.0 / (i + 1),
                    "publishedDate": "2025-01-0%dT00:00:00" % (i % 9 + 1)
                    if i == 0 else None})
            if "dupes" in q:
                doc["results"].append(dict(doc["results"][0], url=
                    "http://www.site0.example/page0/?id=0&gclid=1"))
            for lang in ("language", "time_range"):
                if lang in p:
                    doc[lang] = p[lang]
        return self.send(200, json.dumps(doc), "application/json")

    # An upstream engine for a real searx (json_engine): {"items": [...]}
    def engine(self, path, p):
        q = p.get("q", "")
        if "allfail" in q:
            return self.send(429 if path.endswith("json") else 503, "no\n",
                             "text/plain")
        if "engempty" in q:
            return self.send(200, json.dumps({"items": []}),
                             "application/json")
        tag = path.rsplit("/", 1)[-1]
        items = [{"url": "https://%s.example/%d?utm_campaign=s" % (tag, i),
                  "title": "%s hit %d for %s" % (tag, i, q),
                  "content": "Engine %s says %s" % (tag, q)}
                 for i in range(3)]
        return self.send(200, json.dumps({"items": items}),
                         "application/json")

    # Ollama
    def ollama_results(self):
        try:
            req = json.loads(self.body or b"{}")
            q, n = req["query"], int(req.get("max_results", 5))
        except (ValueError, KeyError, TypeError):
            return self.send(400, json.dumps({"error": "bad request"}),
                             "application/json")
        if "ratelimit" in q:
            return self.send(429, json.dumps({"error": "too many"}),
                             "application/json", {"Retry-After": "3"})
        res = [] if "empty" in q else [
            {"title": "Result %d for %s" % (i, q),
             "url": "https://ollama.example/%d?utm_medium=x" % i,
             "content": "Page text %d about %s (max_results=%d)" % (i, q, n)}
            for i in range(min(n, 10))]
        return self.send(200, json.dumps({"results": res}),
                         "application/json")

    def ollama_local(self, path):
        mode = self.server.mode("ollama", "ok")
        if self.command != "POST":
            return self.send(405, "method not allowed\n", "text/plain")
        if path == "/api/experimental/web_search" and mode in ("404", "405"):
            return self.send(int(mode), "404 page not found"
                             if mode == "404" else "method not allowed",
                             "text/plain")
        if mode == "401":
            return self.send(401, json.dumps({"error": "unauthorized",
                             "signin_url": "https://ollama.com/connect"}),
                             "application/json")
        if mode == "403":
            return self.send(403, json.dumps({"error": "cloud disabled"}),
                             "application/json")
        if mode == "302":
            return self.send(302, "", headers={"Location": "/elsewhere"})
        if path in ("/api/experimental/web_search", "/api/web_search"):
            return self.ollama_results()
        return self.send(404, "404 page not found", "text/plain")

    def ollama_hosted(self, path):
        if path != "/api/web_search" or self.command != "POST":
            return self.send(404, "404 page not found", "text/plain")
        if self.headers.get("Authorization") != "Bearer test-key-123":
            return self.send(401, json.dumps({"error": "unauthorized"}),
                             "application/json")
        return self.ollama_results()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def mode(self, name, default):
        try:
            with open(os.path.join(self.dir, "mode_" + name)) as f:
                return f.read().strip() or default
        except OSError:
            return default


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lifetime", type=float, default=300)
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    crt, key = tlsutil.make_cert(a.dir, "fs", NAMES, "fake_search")
    tlsutil.serve(a.dir, a.lifetime, Server, Handler, crt, key,
                  dir=a.dir, lock=threading.Lock())


if __name__ == "__main__":
    main()
