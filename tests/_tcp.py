"""A stand-in TCP server on loopback for a Redis that hangs (accepts, never answers) or comes back (forwards).

Shared by the Redis breaker tests (tests/api) and the fault suite (tests/faults).
"""

from __future__ import annotations

import socket
import threading

__all__ = ["TcpStandIn", "free_port"]


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class TcpStandIn:
    """A local TCP server that accepts and either stays silent or forwards to a real Redis.

    Args:
        port: Where to listen (0: any free port).
        forward_to: ``(host, port)`` of a real Redis to forward to while :attr:`forwarding`, or ``None``.
    """

    def __init__(self, port: int = 0, forward_to: tuple[str, int] | None = None) -> None:
        self._listener = socket.create_server(("127.0.0.1", port))
        self.port = int(self._listener.getsockname()[1])
        self._forward_to = forward_to
        self.forwarding = forward_to is not None
        self.accepted = 0
        self._held: list[socket.socket] = []
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        """Its ``redis://`` URL."""
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        while not self._closed:
            try:
                conn, _ = self._listener.accept()
            except OSError:
                return
            self.accepted += 1
            self._held.append(conn)
            if self.forwarding and self._forward_to is not None:
                upstream = socket.create_connection(self._forward_to)
                self._held.append(upstream)
                threading.Thread(target=_pump, args=(conn, upstream), daemon=True).start()
                threading.Thread(target=_pump, args=(upstream, conn), daemon=True).start()
            # Otherwise the connection is held open and never answered.

    def close(self) -> None:
        """Stop listening and drop every held connection (again: a no-op)."""
        if self._closed:
            return
        self._closed = True
        self._listener.close()
        for sock in self._held:
            sock.close()


def _pump(source: socket.socket, target: socket.socket) -> None:
    try:
        while data := source.recv(65536):
            target.sendall(data)
    except OSError:
        pass
