#!/usr/bin/env python3
"""A minimal HTTP/1.1 keep-alive server on 127.0.0.1 for the runtime benchmark (stdlib only).

    python3 Benchmarks/Runtime/server.py --port-file PATH

Binds an ephemeral port on loopback, writes it to PATH, and answers every request with the same small
enveloped JSON item. asyncio with TCP_NODELAY and no framework, so the server costs as little per
request as Python allows and the client side dominates what is measured.
"""

import argparse
import asyncio
import os
import socket

BODY = b'{"code":0,"message":"ok","result":{"id":42,"name":"bench item","tags":["a","b"],"price":9.5}}'
RESPONSE = (
    b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
    + str(len(BODY)).encode()
    + b"\r\n\r\n"
    + BODY
)


class Connection(asyncio.Protocol):
    """Answers each complete request (head plus Content-Length body) in arrival order."""

    def connection_made(self, transport):
        self.transport = transport
        self.buffer = b""
        sock = transport.get_extra_info("socket")
        if sock is not None:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def data_received(self, data):
        self.buffer += data
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].lower()
            length = 0
            marker = head.find(b"content-length:")
            if marker >= 0:
                line_end = head.find(b"\r\n", marker)
                length = int(head[marker + 15:line_end if line_end >= 0 else len(head)].strip() or b"0")
            total = end + 4 + length
            if len(self.buffer) < total:
                return
            self.buffer = self.buffer[total:]
            self.transport.write(RESPONSE)


async def serve(port_file, port=0):
    loop = asyncio.get_running_loop()
    server = await loop.create_server(Connection, "127.0.0.1", port, backlog=1024)
    port = server.sockets[0].getsockname()[1]
    temporary = port_file + ".tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write("%d\n" % port)
    os.replace(temporary, port_file)
    async with server:
        await server.serve_forever()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port-file", required=True, help="where to write the chosen port")
    parser.add_argument("--port", type=int, default=0, help="the port (default: a free one); the one the last run.sh generated LoopbackAPI for, to run wall-medians.sh again")
    args = parser.parse_args()
    try:
        asyncio.run(serve(args.port_file, args.port))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
