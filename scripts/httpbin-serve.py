#!/usr/bin/env python3
"""Serves httpbin with gunicorn on loopback for the integration tests, and stops it with its parent.

Usage: httpbin-serve.py LOGFILE [BIND]   (BIND defaults to 127.0.0.1:0, a free port)

gunicorn writes "Listening at: http://127.0.0.1:PORT" to LOGFILE. The server stops when this
supervisor gets SIGTERM/SIGINT/SIGHUP, or as soon as the process that started it is gone, however
that process ended. Signals are unblocked first: a child of a Swift test process inherits a thread's
signal mask with SIGTERM and SIGCHLD blocked.
"""
import os
import signal
import subprocess
import sys
import time

def main() -> int:
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    log = sys.argv[1]
    bind = sys.argv[2] if len(sys.argv) > 2 else "127.0.0.1:0"
    host = bind.rsplit(":", 1)[0]
    if not host.startswith("127."):
        print("httpbin-serve.py binds loopback addresses only", file=sys.stderr)
        return 2
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    parent = os.getppid()
    # Idle connections are kept 75 s, as nginx keeps them, not gunicorn's 2 s: on a loaded machine a
    # test's next request could otherwise race the server's close of its kept-alive connection, and
    # libcurl re-sends a request with a body that loses that race without ever delivering its answer
    # (docs/runtime.md, "Choosing a transport").
    server = subprocess.Popen([
        gunicorn, "--bind", bind, "--worker-class", "gthread", "--workers", "2", "--threads", "64",
        "--keep-alive", "75",
        "--backlog", "2048", "--no-control-socket", "--timeout", "60", "--graceful-timeout", "1",
        "--error-logfile", log, "httpbin:app",
    ], stdin=subprocess.DEVNULL)

    stopping = False

    def stop(*_):
        nonlocal stopping
        stopping = True

    for sig in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(sig, stop)

    while not stopping and server.poll() is None and os.getppid() == parent:
        time.sleep(0.2)
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=3)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    return 0

if __name__ == "__main__":
    sys.exit(main())
