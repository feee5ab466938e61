#!/usr/bin/env python3
"""A fault-injecting HTTP/1.1 server for apigen's FaultTests, on 127.0.0.1 only.

Started by the tests (FaultServer.swift) with `python3 fault_server.py [--seed N] [--secret S]`;
prints `PORT <n>` once listening on a free port. Nagle is disabled on every connection.

Any path not under /_control/ is a resource whose behaviour the query string chooses:
  fault=drop-before        close the connection without answering
  fault=drop-mid           send headers and part of the body, then close
  fault=status:<code>      answer with that status (add retry-after=<s> for a Retry-After header)
  fault=hang               answer nothing for `hang` seconds (default 30), then close
  fault=truncated          200 with a JSON body cut in the middle
  fault=invalid            200 with a body that is not JSON
  fault=redirect&to=<url>  302 to that URL (e.g. file:///etc/passwd)
  fault=body&body=<text>   answer with exactly that body (JSON content type), status `status` (default 200)
  fault=random&p=<pct>     fail pct% of requests at random with one of the faults above
  times=<n>                inject the fault only for the first n requests of a key, then succeed
  delay=<ms>               wait before answering
  close=1                  answer with `Connection: close` and close (no keep-alive)
Every request is counted under its key: the Idempotency-Key header, else X-Test-Key, else the
`key` query item, else the path. A successful answer "applies" the request once per key (a repeated
key is answered `"replayed": true` and not applied again), which is how the freezing test proves
exactly-once delivery. A success also reports the request body's `bodyLength` and `bodySHA256`.

Special resources: /status/<code> (that status, as httpbin), /login (issues a new token, in an
envelope with envelope=1, unless a fault is asked for: then it answers with the fault like any resource), /session (401, or an envelope code with
envelope=1, unless `Authorization: Bearer <current token>`), /signed (verifies the request's
HMAC-SHA256 signature like InteractiveSigning's SignatureVerifier).
/range/<n> and /bytes/<n> are a file of n bytes (byte i is i % 251) with `ETag: "<X-File-ETag or v1>"`
that honours `Range: bytes=<start>-` with 206 when `If-Range` is absent or equals the ETag (else 200,
the whole file). Headers choose faults: `X-File-Ranges: ignore` answers 200 to every Range;
`X-File-Cut: <k>` closes the connection after k body bytes of a request without Range, and
`X-File-Stall: <k>` sends nothing more after k bytes for 10 s, then closes; `X-File-Pace: <ms>`
waits that long after each 64 KiB. The Range
header of each request is added to the key's outcomes as `range <value>`.
/events is a server-sent event stream: `count` events (`id: <n>`, `event: tick`, the JSON data
`{"n": <n>, "text": …}` split over two `data:` lines), `interval` ms apart, a `: ping` comment
before each, a pause of `pause` ms after `pause_after` events, then the connection closes. When the
client goes away first, `stream closed by client` is added to the key's outcomes.
Control: GET /_control/counts, POST /_control/reset.
"""
import argparse
import hashlib
import hmac
import json
import random
import socket
import sys
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

RANDOM_FAULTS = ["status:500", "status:503", "status:429", "status:408", "drop-before", "drop-mid"]


class State:
    def __init__(self, seed):
        self.lock = threading.Lock()
        self.rng = random.Random(seed)
        self.reset()

    def reset(self):
        self.total = 0
        self.received = {}
        self.applied = {}
        self.successes = {}
        self.outcomes = {}
        self.inflight = 0
        self.max_inflight = 0
        self.logins = 0
        self.streamed = {}
        self.token = "initial"
        self.nonces = set()

    def snapshot(self):
        return {
            "total": self.total,
            "received": self.received,
            "applied": self.applied,
            "successes": self.successes,
            "outcomes": self.outcomes,
            "maxInflight": self.max_inflight,
            "logins": self.logins,
            "streamed": self.streamed,
        }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server_version = "FaultServer/1"

    def log_message(self, format, *args):
        pass

    # MARK: plumbing

    def send_header(self, keyword, value):
        if keyword.lower() == "connection":
            self.connection_header_sent = True
        super().send_header(keyword, value)

    def end_headers(self):
        # A client's `Connection: close` is answered in kind, as nginx, gunicorn, Go and NIO servers
        # do. Without it libcurl keeps the connection for reuse after this server has closed it, and
        # a request with a body later sent on it is re-sent and never answered (docs/runtime.md).
        if self.close_connection and not getattr(self, "connection_header_sent", False):
            super().send_header("Connection", "close")
        self.connection_header_sent = False
        super().end_headers()

    def read_body(self):
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def send(self, status, payload, headers=None):
        body = payload if isinstance(payload, bytes) else json.dumps(payload, sort_keys=True).encode()
        self.send_response(status)
        if getattr(self, "close_after", False):
            self.send_header("Connection", "close")
            self.close_connection = True
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()

    def drop(self):
        self.close_connection = True
        try:
            self.wfile.flush()
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass

    def do_GET(self):
        self.handle_any()

    def do_POST(self):
        self.handle_any()

    def do_PUT(self):
        self.handle_any()

    def do_DELETE(self):
        self.handle_any()

    def do_PATCH(self):
        self.handle_any()

    # MARK: routing

    def handle_any(self):
        state = self.server.state
        parsed = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(parsed.query, keep_blank_values=True))
        body = self.read_body()
        self.body_digest = (len(body), hashlib.sha256(body).hexdigest())
        self.close_after = query.get("close") == "1"
        if parsed.path.startswith("/_control/"):
            return self.control(parsed.path, state)
        key = (self.headers.get("Idempotency-Key") or self.headers.get("X-Test-Key")
               or query.get("key") or parsed.path)
        with state.lock:
            state.total += 1
            count = state.received.get(key, 0) + 1
            state.received[key] = count
            state.inflight += 1
            state.max_inflight = max(state.max_inflight, state.inflight)
            fault = query.get("fault", "none")
            times = int(query.get("times", "-1"))
            if times >= 0 and count > times:
                fault = "none"
            if fault == "random":
                fault = state.rng.choice(RANDOM_FAULTS) if state.rng.random() * 100 < float(query.get("p", "30")) else "none"
            state.outcomes.setdefault(key, []).append(fault)
        try:
            delay = float(query.get("delay", "0")) / 1000
            if delay > 0:
                time.sleep(delay)
            if parsed.path == "/login" and fault == "none":
                return self.login(state, query)
            if parsed.path == "/session":
                return self.session(state, key, query)
            if parsed.path == "/signed" and fault == "none":
                return self.signed(state, key, parsed, body)
            if parsed.path == "/events" and fault == "none":
                return self.events(state, key, query)
            if (parsed.path.startswith("/range/") or parsed.path.startswith("/bytes/")) and fault == "none":
                return self.file(state, key, parsed)
            self.respond(state, key, fault, query, count)
        finally:
            with state.lock:
                state.inflight -= 1

    def respond(self, state, key, fault, query, count):
        if fault == "none" and self.path.startswith("/status/"):
            # httpbin's /status/{code}: that status, no body.
            code = self.path.split("?", 1)[0].rsplit("/", 1)[-1]
            return self.send(int(code) if code.isdigit() else 400, b"")
        if fault == "none":
            return self.succeed(state, key, count)
        if fault == "drop-before":
            return self.drop()
        if fault == "drop-mid":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(b'{"ok": true, "pad": "')
            return self.drop()
        if fault.startswith("status:"):
            status = int(fault.split(":", 1)[1])
            headers = {}
            if "retry-after" in query:
                headers["Retry-After"] = query["retry-after"]
            elif status == 429:
                headers["Retry-After"] = "0"
            return self.send(status, {"error": status, "key": key}, headers)
        if fault == "hang":
            deadline = time.monotonic() + float(query.get("hang", "30"))
            while time.monotonic() < deadline and not self.server.stopping.is_set():
                time.sleep(0.05)
            return self.drop()
        if fault == "truncated":
            return self.send(200, b'{"ok": true, "key": "')
        if fault == "invalid":
            return self.send(200, b"<html>not json")
        if fault == "body":
            return self.send(int(query.get("status", "200")), query.get("body", "").encode())
        if fault == "redirect":
            return self.send(302, b"", {"Location": query.get("to", "/")})
        return self.send(400, {"error": "unknown fault " + fault})

    def succeed(self, state, key, count):
        with state.lock:
            replayed = key in state.applied
            if not replayed:
                state.applied[key] = 1
            state.successes[key] = state.successes.get(key, 0) + 1
        parsed = urllib.parse.urlsplit(self.path)
        # Also shaped like httpbin's echo (args, headers, url), so generated clients can decode it.
        self.send(200, {
            "ok": True, "key": key, "n": count, "method": self.command, "replayed": replayed,
            "args": dict(urllib.parse.parse_qsl(parsed.query)), "headers": dict(self.headers.items()),
            "url": "http://%s%s" % (self.headers.get("Host", ""), self.path), "origin": "127.0.0.1",
            "bodyLength": self.body_digest[0], "bodySHA256": self.body_digest[1],
        })

    # MARK: server-sent events

    def events(self, state, key, query):
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True
        count = int(query.get("count", "3"))
        interval = float(query.get("interval", "0")) / 1000
        pause_after = int(query.get("pause_after", "-1"))
        pause = float(query.get("pause", "0")) / 1000
        # `pad=N`: each event's text is N bytes longer, to fill a slow reader's buffers quickly.
        pad = "x" * int(query.get("pad", "0"))
        try:
            for n in range(1, count + 1):
                text = json.dumps({"n": n, "text": "tick %d%s" % (n, pad)})
                cut = text.index(", ") + 1
                first, second = text[:cut], text[cut:]
                self.wfile.write((": ping\n\nid: %d\nevent: tick\ndata: %s\ndata: %s\n\n" % (n, first, second)).encode())
                self.wfile.flush()
                # How many events the client's socket took so far (writes block when it reads no more).
                with state.lock:
                    state.streamed[key] = n
                if n == pause_after:
                    deadline = time.monotonic() + pause
                    while time.monotonic() < deadline and not self.server.stopping.is_set():
                        time.sleep(0.02)
                        # A write shows whether the client is still there.
                        self.wfile.write(b"")
                elif interval > 0:
                    time.sleep(interval)
        except (BrokenPipeError, ConnectionResetError):
            with state.lock:
                state.outcomes.setdefault(key, []).append("stream closed by client")
            return
        self.drop()

    # MARK: files

    def file(self, state, key, parsed):
        size = int(parsed.path.rsplit("/", 1)[-1])
        etag = '"%s"' % self.headers.get("X-File-ETag", "v1")
        requested = self.headers.get("Range")
        with state.lock:
            state.outcomes.setdefault(key, []).append("range %s" % requested)
        start = 0
        if requested and self.headers.get("X-File-Ranges") != "ignore":
            if_range = self.headers.get("If-Range")
            if if_range is None or if_range == etag:
                start = int(requested.split("=", 1)[1].split("-", 1)[0])
        if start >= size and start > 0:
            self.send_response(416)
            self.send_header("Content-Range", "bytes */%d" % size)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(206 if start > 0 else 200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("ETag", etag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(size - start))
        if start > 0:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (start, size - 1, size))
        self.end_headers()
        cut = int(self.headers.get("X-File-Cut", "-1")) if not requested else -1
        stall = int(self.headers.get("X-File-Stall", "-1")) if not requested else -1
        pace = float(self.headers.get("X-File-Pace", "0")) / 1000
        position = start
        pattern = bytes(i % 251 for i in range(251))
        while position < size:
            end = min(size, position + 65536)
            if 0 <= cut < end:
                end = cut
            if 0 <= stall < end and stall > position:
                end = stall
            if end > position:
                offset = position % 251
                chunk = (pattern * ((end - position) // 251 + 2))[offset:offset + end - position]
                self.wfile.write(chunk)
            position = end
            if pace > 0:
                self.wfile.flush()
                time.sleep(pace)
            if position == cut:
                return self.drop()
            if position == stall:
                self.wfile.flush()
                deadline = time.monotonic() + 10
                while time.monotonic() < deadline and not self.server.stopping.is_set():
                    time.sleep(0.05)
                return self.drop()
        self.wfile.flush()

    # MARK: session and signing

    def login(self, state, query):
        with state.lock:
            state.logins += 1
            state.token = "t%d" % state.logins
            token = state.token
        if query.get("envelope") == "1":
            return self.send(200, {"code": "0", "message": "ok", "result": {"token": token}})
        self.send(200, {"token": token})

    def session(self, state, key, query):
        with state.lock:
            valid = self.headers.get("Authorization") == "Bearer " + state.token
        if valid:
            return self.succeed(state, key, 0)
        if query.get("envelope") == "1":
            return self.send(200, {"code": "1001", "message": "session expired"})
        return self.send(401, {"error": "unauthorized"})

    def signed(self, state, key, parsed, body):
        secret = self.server.secret
        timestamp = self.headers.get("X-Signature-Timestamp", "")
        nonce = self.headers.get("X-Signature-Nonce", "")
        signature = self.headers.get("X-Signature", "")
        # The items as sent (a bare flag is not flag=), sorted by name, then by the whole item.
        items = sorted(parsed.query.split("&") if parsed.query else [], key=lambda item: (item.split("=", 1)[0].encode(), item.encode()))
        canonical = "\n".join([
            self.command.upper(), parsed.path or "/", "&".join(items),
            hashlib.sha256(body).hexdigest(), timestamp, nonce,
        ])
        expected = hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()
        try:
            stale = abs(int(timestamp) - time.time()) > 300
        except ValueError:
            stale = True
        if stale:
            return self.send(401, {"error": "stale"})
        if not hmac.compare_digest(expected, signature):
            return self.send(401, {"error": "bad signature"})
        with state.lock:
            replay = nonce in state.nonces
            state.nonces.add(nonce)
        if replay:
            return self.send(401, {"error": "replayed"})
        self.succeed(state, key, 0)

    # MARK: control

    def control(self, path, state):
        if path == "/_control/counts":
            with state.lock:
                snapshot = json.loads(json.dumps(state.snapshot()))
            return self.send(200, snapshot)
        if path == "/_control/reset":
            with state.lock:
                state.reset()
            return self.send(200, {"ok": True})
        return self.send(404, {"error": "unknown control " + path})


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256
    allow_reuse_address = True

    def handle_error(self, request, client_address):
        # A client that hung up (a killed child, a cancelled or timed-out request) is part of the
        # tests, not an error: no traceback on the test run's output. Anything else is reported.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)):
            return
        super().handle_error(request, client_address)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--secret", default="fault-secret")
    args = parser.parse_args()
    server = Server(("127.0.0.1", 0), Handler)
    server.state = State(args.seed)
    server.secret = args.secret
    server.stopping = threading.Event()
    print("PORT %d" % server.server_address[1], flush=True)
    # Exit when the test process closes our stdin (or dies), so no server outlives its test.
    threading.Thread(target=lambda: (sys.stdin.read(), server.stopping.set(), server.shutdown()), daemon=True).start()
    try:
        server.serve_forever(poll_interval=0.1)
    finally:
        server.stopping.set()


if __name__ == "__main__":
    main()
