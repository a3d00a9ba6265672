"""The development web server of the built site (``python site/oldtricks_runtime serve``, ``nox -s serve``,
the browser tests and the browser benchmark): a plain static server (what the site must work on) with the
MIME types the runtime needs, optionally under a sub-path, and optionally answering with the precompressed
copies of a file; and the Chromium the browser tests and the benchmark launch against it."""

from __future__ import annotations

import http.server
import sys
import urllib.parse
from pathlib import Path
from typing import Any

__all__ = ["CHROMIUM", "CHROMIUM_ARGS", "MIME_TYPES", "PRECOMPRESSED", "ServeError", "make_server", "serve"]

MIME_TYPES = {
    ".js": "text/javascript",
    ".mjs": "text/javascript",
    ".wasm": "application/wasm",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".css": "text/css",
    ".html": "text/html",
    ".svg": "image/svg+xml",
}


# Debian's Chromium's Chromium, as the browser tests and the browser benchmark launch it: no sandbox (root in CI),
# and nothing that would reach for another host (this machine's network is closed).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


# Precompressed copies (compress.py), by Content-Encoding, in the order a server prefers them.
PRECOMPRESSED = (("br", ".br"), ("gzip", ".gz"))


def _accepted(header: str) -> set[str]:
    """The encodings an Accept-Encoding header accepts (q=0 refuses one)."""
    accepted: set[str] = set()
    for part in header.split(","):
        name, _, params = part.strip().partition(";")
        q = params.strip()
        if name and not (q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000")):
            accepted.add(name.strip().lower())
    return accepted


class _Handler(http.server.SimpleHTTPRequestHandler):
    """Serves ``root`` under ``prefix``, logging each request in ``log``: the four are set by
    :func:`make_server` on a subclass of its own."""

    root: Path
    prefix: str
    precompressed: bool
    log: list[tuple[str, str, int, int]]
    disable_nagle_algorithm = True  # otherwise small responses wait ~40 ms for more data
    extensions_map = {  # noqa: RUF012 (an instance attribute in the base class)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    protocol_version = "HTTP/1.1"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, directory=str(self.root), **kwargs)

    def send_head(self) -> Any:
        if not urllib.parse.urlsplit(self.path).path.startswith(self.prefix):
            self.send_error(404, f"outside {self.prefix}")
            return None
        if self.precompressed:
            answer = self._send_precompressed()
            if answer is not None:
                return answer
        return super().send_head()

    def _send_precompressed(self) -> Any:
        local = Path(self.translate_path(self.path))
        if not local.is_file():
            return None
        accepted = _accepted(self.headers.get("Accept-Encoding", ""))
        for encoding, suffix in PRECOMPRESSED:
            copy = local.with_name(local.name + suffix)
            if encoding in accepted and copy.is_file():
                body = copy.open("rb")
                self.send_response(200)
                self.send_header("Content-Type", self.guess_type(str(local)))
                self.send_header("Content-Encoding", encoding)
                self.send_header("Content-Length", str(copy.stat().st_size))
                self.send_header("Vary", "Accept-Encoding")
                self.send_header("Last-Modified", self.date_time_string(int(local.stat().st_mtime)))
                self.end_headers()
                return body
        return None

    def translate_path(self, path: str) -> str:
        return super().translate_path("/" + path[len(self.prefix) :])

    def send_response(self, code: int, message: str | None = None) -> None:
        self._status = code
        super().send_response(code, message)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        start = source.tell()
        super().copyfile(source, outputfile)
        self._bytes += source.tell() - start

    def do_GET(self) -> None:
        self._status, self._bytes = 0, 0
        super().do_GET()
        self.log.append((self.command, self.path, int(self._status), self._bytes))

    def do_HEAD(self) -> None:
        self._status, self._bytes = 0, 0
        super().do_HEAD()
        self.log.append((self.command, self.path, int(self._status), 0))

    def log_message(self, format: str, *args: Any) -> None:
        pass


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that leaves a page while a file is still coming closes the connection: that is
        the reader's right, not a fault of the site, so it is not printed as a traceback."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path, prefix: str = "/", host: str = "127.0.0.1", port: int = 0, precompressed: bool = False
) -> Any:
    """A ``ThreadingHTTPServer`` serving ``root`` at ``http://host:port{prefix}`` (port 0: ephemeral).

    With ``precompressed``, a file that has a ``.br`` or ``.gz`` copy beside it is answered with that
    copy and its ``Content-Encoding`` when the request accepts it (as nginx's ``gzip_static`` does);
    a plain server (the default) sends every file as it is. Paths outside ``prefix`` get 404.
    ``server.log`` lists ``(method, path, status, body_bytes)`` of every request, for tests and
    benchmarks; ``server.url`` is the site's root URL.
    Start it with ``threading.Thread(target=server.serve_forever, daemon=True).start()``.
    """
    root = Path(root).resolve()
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    log: list[tuple[str, str, int, int]] = []
    fields = {"root": root, "prefix": prefix, "precompressed": precompressed, "log": log}
    server = _Server((host, port), type("Handler", (_Handler,), fields))
    server.log = log  # type: ignore[attr-defined]
    server.url = f"http://{host}:{server.server_address[1]}{prefix}"  # type: ignore[attr-defined]
    return server


class ServeError(RuntimeError):
    """Nothing to serve at the root given, or the port is taken."""


def serve(root: Path, prefix: str = "/", port: int = 8000) -> None:
    """Serve the built site ``root`` on 127.0.0.1 until Ctrl-C, with its precompressed copies (``python3
    site/oldtricks_runtime serve``). Raises :class:`ServeError` for an empty root or a port taken."""
    if not (root / "index.html").is_file() and not (root / "_static").is_dir():
        raise ServeError(f"nothing to serve at {root}: run `nox -s site` first")
    try:
        server = make_server(root, prefix, port=port, precompressed=True)
    except OSError as exc:
        raise ServeError(f"cannot listen on 127.0.0.1:{port}: {exc.strerror}") from exc
    print(f"serving {root} at {server.url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
