#!/usr/bin/env python3
"""fake_mcp.py: a fake streamable-HTTP MCP server (spec 2025-11-25) in
the shape of Parallel's Search MCP, for tests/mcp.bats.

    python3 tests/server/fake_mcp.py --dir DIR [--lifetime SECONDS]

Python stdlib plus the openssl CLI (via tlsutil.py). Binds 127.0.0.1
only: plain HTTP on one free port, HTTPS (a test CA of its own, names
search.parallel.ai and 127.0.0.1) on another. Writes DIR/port,
DIR/ca.pem, DIR/tlsport (last, via rename). Logs one line per request to
DIR/log:
    "METHOD PATH rpc=METHOD|- session=yes|no proto=VALUE|- auth=yes|no"
and the arguments of the last tools/call to DIR/last_args.json. Exits
after --lifetime seconds (default 300) or on SIGTERM.

Behaviour is chosen per request by the file DIR/mode (one word; default
"json"):
  json       stateful, application/json answers
  sse        stateful, text/event-stream answers
  stateless  no session id at all, JSON answers
  priming    SSE with a priming event (id, empty data), a notification,
             then the result
  notify     SSE with a notification before the result
  batchid    JSON array answer: a response to another id, then ours
  iserror    tools/call result with isError: true
  toolrate   isError result whose text reports an upstream 429
  rpcerror   tools/call answered with a JSON-RPC error
  rpcrate    JSON-RPC error -32029 "rate limit exceeded"
  ratelimit  HTTP 429 with Retry-After: 7 on tools/call
  auth401    HTTP 401 on everything
  forbid403  HTTP 403 on everything
  malformed  tools/call answered with a broken JSON body
  badtext    tools/call text content that is not JSON
  wrongid    tools/call answered with a different id only
  redirect   HTTP 307 to /elsewhere on everything
  oversized  tools/call answered with an endless event stream
  lostonce   the first tools/call after DIR/lost was removed gets 404
             (session lost); later ones work
  lostalways every tools/call gets 404
  silent     tools/call never answers (sleeps 60 s)
  excerpts   web_fetch results without full_content
  fetcherr   web_fetch with no result and errors[] holding HTTP 404
  empty      web_search with an empty results array
GET /page is a small HTML page and GET /status/NNN answers status NNN
(local fetch targets for provider chains). When DIR/key exists, requests
need "Authorization: Bearer <its text>" (else 401).
"""
import argparse
import http.server
import json
import os
import socketserver
import threading
import time
import uuid

import tlsutil

NAMES = ["search.parallel.ai"]
PROTO = "2025-11-25"
TOOLS = [
    {"name": "web_search", "description": "Search the web (fake).",
     "inputSchema": {"type": "object", "properties": {
         "objective": {"type": "string"},
         "search_queries": {"type": "array", "items": {"type": "string"}},
         "session_id": {"type": "string"}},
         "required": ["objective", "search_queries"]}},
    {"name": "web_fetch", "description": "Fetch URLs (fake).",
     "inputSchema": {"type": "object", "properties": {
         "urls": {"type": "array", "items": {"type": "string"}},
         "full_content": {"type": "boolean"},
         "session_id": {"type": "string"}},
         "required": ["urls"]}},
]


def search_payload(args):
    qs = args.get("search_queries") or []
    res = []
    for i, q in enumerate(qs):
        res.append({"url": "https://example.com/%d" % (i + 1),
                    "title": "Result %d for %s" % (i + 1, q),
                    "publish_date": "2025-10-08" if i == 0 else None,
                    "excerpts": ["Excerpt %da about %s" % (i + 1, q),
                                 "Excerpt %db" % (i + 1)]})
    return {"search_id": "search_fake", "results": res, "warnings": None}


def fetch_payload(args, mode):
    urls = args.get("urls") or []
    if mode == "fetcherr":
        return {"extract_id": "extract_fake", "results": [],
                "errors": [{"url": u, "error_type": "fetch_error",
                            "http_status_code": 404} for u in urls]}
    res = []
    for u in urls:
        r = {"url": u, "title": "Title of " + u, "publish_date": None,
             "excerpts": ["Excerpt one of the remote page.",
                          "Excerpt two of the remote page."]}
        if mode != "excerpts":
            r["full_content"] = ("# Remote page\n\nFull markdown body of "
                                 "the remote page.\n\nSecond paragraph.")
        res.append(r)
    return {"extract_id": "extract_fake", "results": res, "errors": []}


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fake_mcp"

    def log_message(self, *a):
        pass

    def mode(self):
        try:
            with open(os.path.join(self.server.dir, "mode")) as f:
                return f.read().strip() or "json"
        except OSError:
            return "json"

    def send(self, status, body=b"", ctype="application/json",
             headers=None):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        if ctype:
            self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def record(self, rpc):
        line = "%s %s rpc=%s session=%s proto=%s auth=%s\n" % (
            self.command, self.path, rpc,
            "yes" if self.headers.get("Mcp-Session-Id") else "no",
            self.headers.get("MCP-Protocol-Version") or "-",
            "yes" if self.headers.get("Authorization") else "no")
        with self.server.lock:
            with open(os.path.join(self.server.dir, "log"), "a") as f:
                f.write(line)

    def authorized(self):
        try:
            with open(os.path.join(self.server.dir, "key")) as f:
                key = f.read().strip()
        except OSError:
            return True
        return self.headers.get("Authorization") == "Bearer " + key

    def gate(self, mode):
        """Common refusals; True when a response was sent."""
        if mode == "redirect":
            self.send(307, "", None, {"Location": "/elsewhere"})
            return True
        if mode == "auth401" or not self.authorized():
            self.send(401, json.dumps({"error": "unauthorized"}))
            return True
        if mode == "forbid403":
            self.send(403, json.dumps({"error": "forbidden"}))
            return True
        return False

    def do_DELETE(self):
        self.record("-")
        sid = self.headers.get("Mcp-Session-Id")
        with self.server.lock:
            known = sid in self.server.sessions
            self.server.sessions.discard(sid)
        self.send(200 if known else 404, "", None)

    def do_GET(self):
        self.record("-")
        if self.path.startswith("/status/"):
            return self.send(int(self.path[8:11]), "status page\n",
                             "text/plain")
        if self.path == "/page":
            return self.send(200, "<!doctype html><html><head><title>Local"
                             " page</title></head><body><main><h1>Local "
                             "page</h1><p>Read locally, not remotely.</p>"
                             "<p><a href='/next'>next</a></p></main></body>"
                             "</html>", "text/html; charset=utf-8")
        self.send(405, "", None, {"Allow": "POST, DELETE"})

    def error(self, status, code, msg):
        self.send(status, json.dumps({"jsonrpc": "2.0", "error": {
            "code": code, "message": msg}, "id": None}))

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(n) if n else b""
        mode = self.mode()
        try:
            msg = json.loads(raw)
        except ValueError:
            self.record("?")
            return self.error(400, -32700, "Parse error")
        rpc = msg.get("method", "-") if isinstance(msg, dict) else "-"
        self.record(rpc)
        if self.gate(mode):
            return
        acc = self.headers.get("Accept") or ""
        if "application/json" not in acc or "text/event-stream" not in acc:
            return self.error(406, -32000, "Not Acceptable")
        stateful = mode != "stateless"
        sid = self.headers.get("Mcp-Session-Id")
        if rpc == "initialize":
            return self.initialize(msg, mode, stateful)
        if stateful:
            with self.server.lock:
                known = sid in self.server.sessions
            if not sid:
                return self.error(400, -32000,
                                  "Bad Request: No valid session ID provided")
            if not known:
                return self.error(404, -32001, "Session not found")
        pv = self.headers.get("MCP-Protocol-Version")
        if pv is not None and pv != PROTO:
            return self.error(400, -32000, "Bad Request: Unsupported "
                              "protocol version")
        if "id" not in msg:
            return self.send(202, "", None)
        if rpc == "tools/list":
            return self.answer(msg["id"], {"tools": TOOLS}, mode, sid)
        if rpc == "tools/call":
            return self.call(msg, mode, sid)
        return self.answer_raw({"jsonrpc": "2.0", "id": msg["id"], "error": {
            "code": -32601, "message": "Method not found"}}, mode, sid)

    def initialize(self, msg, mode, stateful):
        hdr = {}
        if stateful:
            sid = str(uuid.uuid4())
            with self.server.lock:
                self.server.sessions.add(sid)
            hdr["mcp-session-id"] = sid
        res = {"protocolVersion": PROTO,
               "capabilities": {"tools": {"listChanged": True}},
               "serverInfo": {"name": "fake-parallel", "version": "0.0.1"}}
        body = {"jsonrpc": "2.0", "id": msg.get("id"), "result": res}
        if mode in ("sse", "priming", "notify", "oversized"):
            self.sse([body], hdr, priming=mode == "priming")
        else:
            self.send(200, json.dumps(body), "application/json", hdr)

    def call(self, msg, mode, sid):
        p = msg.get("params") or {}
        name, args = p.get("name"), p.get("arguments") or {}
        with open(os.path.join(self.server.dir, "last_args.json"), "w") as f:
            json.dump(args, f)
        if mode in ("lostonce", "lostalways"):
            mark = os.path.join(self.server.dir, "lost")
            with self.server.lock:
                lose = mode == "lostalways" or not os.path.exists(mark)
                open(mark, "w").close()
            if lose:
                return self.error(404, -32001, "Session not found")
        if mode == "ratelimit":
            return self.send(429, json.dumps({"error": "slow down"}),
                             "application/json", {"Retry-After": "7"})
        if mode == "malformed":
            return self.send(200, '{"jsonrpc":"2.0","id":', "application/json")
        if mode == "silent":
            time.sleep(60)
            return self.send(504, "", None)
        if mode == "oversized":
            return self.endless()
        if mode == "wrongid":
            return self.answer(msg["id"] + 100, {"content": []}, "json", sid)
        if mode == "rpcerror":
            return self.answer_raw({"jsonrpc": "2.0", "id": msg["id"],
                                    "error": {"code": -32603,
                                              "message": "boom"}}, mode, sid)
        if mode == "rpcrate":
            return self.answer_raw({"jsonrpc": "2.0", "id": msg["id"],
                                    "error": {"code": -32029, "message":
                                              "rate limit exceeded"}},
                                   mode, sid)
        if mode in ("iserror", "toolrate"):
            t = ("Error executing tool %s: upstream 429 Too Many Requests"
                 if mode == "toolrate" else
                 "Error executing tool %s: internal failure") % name
            return self.answer(msg["id"], {"content": [
                {"type": "text", "text": t}], "isError": True}, mode, sid)
        if name == "web_search":
            payload = search_payload(args)
            if mode == "empty":
                payload["results"] = []
        elif name == "web_fetch":
            payload = fetch_payload(args, mode)
        else:
            return self.answer(msg["id"], {"content": [
                {"type": "text", "text": "MCP error -32602: Tool %s not "
                 "found" % name}], "isError": True}, mode, sid)
        text = "not json at all" if mode == "badtext" else json.dumps(payload)
        return self.answer(msg["id"], {"content": [
            {"type": "text", "text": text}]}, mode, sid)

    def answer(self, rid, result, mode, sid):
        return self.answer_raw({"result": result, "jsonrpc": "2.0",
                                "id": rid}, mode, sid)

    def answer_raw(self, body, mode, sid):
        hdr = {"mcp-session-id": sid} if sid else {}
        if mode in ("sse", "priming", "notify"):
            note = {"method": "notifications/message", "params": {
                "level": "info", "data": "searching..."}, "jsonrpc": "2.0"}
            msgs = [body] if mode == "sse" else [note, body]
            return self.sse(msgs, hdr, priming=mode == "priming")
        if mode == "batchid":
            other = dict(body)
            other["id"] = 999
            other["result"] = {"content": [{"type": "text", "text": "{}"}]}
            return self.send(200, json.dumps([other, body]),
                             "application/json", hdr)
        return self.send(200, json.dumps(body), "application/json", hdr)

    def sse(self, msgs, hdr, priming=False):
        out = []
        if priming:
            out.append("id: prime_0\ndata: \n\n")
        for i, m in enumerate(msgs):
            out.append("event: message\nid: ev_%d\ndata: %s\n\n" %
                       (i + 1, json.dumps(m)))
        body = "".join(out)
        self.send(200, body, "text/event-stream", dict(
            hdr, **{"cache-control": "no-cache"}))

    def endless(self):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        chunk = ("event: message\ndata: " + json.dumps({
            "method": "notifications/message", "params": {
                "data": "x" * 4000}, "jsonrpc": "2.0"}) + "\n\n").encode()
        frame = b"%x\r\n%s\r\n" % (len(chunk), chunk)
        try:
            for _ in range(2000):   # about 8 MiB, then stop
                self.wfile.write(frame)
            self.wfile.write(b"0\r\n\r\n")
        except OSError:
            pass
        self.close_connection = True


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dir", required=True)
    ap.add_argument("--lifetime", type=float, default=300)
    a = ap.parse_args()
    os.makedirs(a.dir, exist_ok=True)
    crt, key = tlsutil.make_cert(a.dir, "fm", NAMES, "fake_mcp")
    tlsutil.serve(a.dir, a.lifetime, Server, Handler, crt, key,
                  dir=a.dir, lock=threading.Lock(), sessions=set())


if __name__ == "__main__":
    main()
