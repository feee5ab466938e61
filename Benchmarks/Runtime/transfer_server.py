#!/usr/bin/env python3
"""A loopback server for the runtime benchmark's transfer mode (stdlib only).

    python3 Benchmarks/Runtime/transfer_server.py --port-file PATH

GET /bytes/<n> streams n bytes (64 KiB at a time, never holding them); POST or PUT /upload reads the
body in 1 MiB chunks, discards it and answers {"received": <bytes>}. Binds an ephemeral port on
127.0.0.1 and writes it to PATH.
"""

import argparse
import json
import os
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CHUNK = bytes(range(256)) * 256  # 64 KiB


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):
        pass

    def do_GET(self):
        if not self.path.startswith("/bytes/"):
            return self.answer(404, {"error": "not found"})
        size = int(self.path.split("?", 1)[0].rsplit("/", 1)[-1])
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(size))
        self.send_header("ETag", '"bench-%d"' % size)
        self.end_headers()
        left = size
        while left > 0:
            part = CHUNK if left >= len(CHUNK) else CHUNK[:left]
            self.wfile.write(part)
            left -= len(part)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        received = 0
        while received < length:
            chunk = self.rfile.read(min(1 << 20, length - received))
            if not chunk:
                break
            received += len(chunk)
        self.answer(200, {"received": received})

    do_PUT = do_POST

    def answer(self, status, payload):
        body = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    arguments = parser.parse_args()
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    with open(arguments.port_file + ".tmp", "w") as handle:
        handle.write(str(server.server_address[1]))
    os.replace(arguments.port_file + ".tmp", arguments.port_file)
    server.serve_forever()


if __name__ == "__main__":
    main()
