"""A lean HTTP/1.1 load generator for the API benchmark: raw asyncio streams, keep-alive, chunked bodies.

The load generator shares the machine's CPUs with the server it measures, so it must cost as little as
possible: a general-purpose client (httpx) spent about 2–3 ms of CPU per turn here, as much as a third
of the server's own. This one speaks just enough HTTP/1.1 for the benchmark (one request at a time per
connection, ``Content-Length`` or chunked responses) and parses nothing it does not need.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

__all__ = ["Connection", "HttpError"]


class HttpError(Exception):
    """The connection broke or the server answered something that is not HTTP/1.1."""


class Connection:
    """One keep-alive connection to ``host:port``.

    Args:
        host: Server address.
        port: Server port.
        source: Local address to connect from (e.g. ``127.0.0.2``: every 127.x address is loopback, so
            one machine can play several clients); ``None`` lets the system choose.
    """

    def __init__(self, host: str, port: int, source: str | None = None) -> None:
        self.host, self.port = host, port
        self._local_addr = (source, 0) if source else None
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None

    async def _open(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self._reader is None or self._writer is None or self._writer.is_closing():
            self._reader, self._writer = await asyncio.open_connection(
                self.host, self.port, local_addr=self._local_addr
            )
        return self._reader, self._writer

    async def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, bytes]:
        """Send one request (``body`` as JSON) and read the whole response.

        Returns:
            The status code and the body (chunked bodies joined).

        Raises:
            HttpError: The connection broke or the answer is malformed.
        """
        reader, writer = await self._open()
        payload = json.dumps(body).encode() if body is not None else b""
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
            + (f"Authorization: Bearer {token}\r\n" if token else "")
            + "\r\n"
        )
        try:
            writer.write(head.encode() + payload)
            status_line = await reader.readline()
            parts = status_line.split(b" ", 2)
            if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
                raise HttpError("not an HTTP response")
            status = int(parts[1])
            length, chunked, close = None, False, False
            while (line := await reader.readline()) not in (b"\r\n", b""):
                name, _, value = line.partition(b":")
                key = name.strip().lower()
                if key == b"content-length":
                    length = int(value)
                elif key == b"transfer-encoding" and b"chunked" in value.lower():
                    chunked = True
                elif key == b"connection" and b"close" in value.lower():
                    close = True
            if chunked:
                data = await self._chunks(reader)
            else:
                data = await reader.readexactly(length or 0)
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            await self.close()
            raise HttpError(type(exc).__name__) from exc
        if close:
            await self.close()
        return status, data

    @staticmethod
    async def _chunks(reader: asyncio.StreamReader) -> bytes:
        parts: list[bytes] = []
        while True:
            size = int((await reader.readline()).split(b";", 1)[0].strip() or b"0", 16)
            if size == 0:
                await reader.readline()  # the blank line after the last chunk (no trailers are sent)
                return b"".join(parts)
            parts.append(await reader.readexactly(size))
            await reader.readexactly(2)

    async def close(self) -> None:
        """Close the connection (the next request opens a new one)."""
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(OSError):
                await self._writer.wait_closed()
        self._reader = self._writer = None
