"""Helpers of the trace tests: an in-memory exporter installed for a test, and an OTLP/HTTP receiver."""

from __future__ import annotations

import gzip
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (
    ExportTraceServiceRequest,
    ExportTraceServiceResponse,
)
from opentelemetry.sdk.trace import ReadableSpan

__all__ = ["OtlpReceiver", "ReceivedSpan", "by_name", "children", "otlp_receiver", "span_text"]


@dataclass(frozen=True)
class ReceivedSpan:
    """A span as an OTLP/HTTP request carried it (ids in hex)."""

    name: str
    trace_id: str
    span_id: str
    parent_id: str
    kind: int
    attributes: dict[str, Any]
    service: str


@dataclass
class OtlpReceiver:
    """What the loopback receiver got: decoded spans, and the raw bodies (decompressed)."""

    endpoint: str
    spans: list[ReceivedSpan] = field(default_factory=list)
    bodies: list[bytes] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _value(value: Any) -> Any:
    kind = value.WhichOneof("value")
    if kind == "array_value":
        return [_value(v) for v in value.array_value.values]
    return getattr(value, kind) if kind else None


def _decode(body: bytes) -> list[ReceivedSpan]:
    request = ExportTraceServiceRequest()
    request.ParseFromString(body)
    found = []
    for resource_spans in request.resource_spans:
        resource = {a.key: _value(a.value) for a in resource_spans.resource.attributes}
        for scope_spans in resource_spans.scope_spans:
            for span in scope_spans.spans:
                found.append(
                    ReceivedSpan(
                        name=span.name,
                        trace_id=span.trace_id.hex(),
                        span_id=span.span_id.hex(),
                        parent_id=span.parent_span_id.hex(),
                        kind=span.kind,
                        attributes={a.key: _value(a.value) for a in span.attributes},
                        service=str(resource.get("service.name")),
                    )
                )
    return found


@contextmanager
def otlp_receiver() -> Iterator[OtlpReceiver]:
    """A collector's OTLP/HTTP trace endpoint on a free loopback port (``POST /v1/traces``, protobuf)."""

    received: OtlpReceiver

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            encoding = self.headers.get("Content-Encoding", "")
            if encoding == "gzip":
                body = gzip.decompress(body)
            elif encoding == "deflate":
                body = zlib.decompress(body)
            with received.lock:
                received.paths.append(self.path)
                received.bodies.append(body)
                if self.path == "/v1/traces":
                    received.spans.extend(_decode(body))
            reply = ExportTraceServiceResponse().SerializeToString()
            self.send_response(200 if self.path == "/v1/traces" else 404)
            self.send_header("Content-Type", "application/x-protobuf")
            self.send_header("Content-Length", str(len(reply)))
            self.end_headers()
            self.wfile.write(reply)

        def log_message(self, *args: Any) -> None:
            return None

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    received = OtlpReceiver(endpoint=f"http://127.0.0.1:{server.server_address[1]}")
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield received
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def by_name(spans: list[ReadableSpan], prefix: str) -> list[ReadableSpan]:
    """The spans whose name starts with ``prefix``, in the order they ended."""
    return [s for s in spans if s.name.startswith(prefix)]


def children(spans: list[ReadableSpan], parent: ReadableSpan) -> list[ReadableSpan]:
    """The direct children of ``parent``."""
    assert parent.context is not None
    return [s for s in spans if s.parent is not None and s.parent.span_id == parent.context.span_id]


def span_text(spans: list[ReadableSpan]) -> str:
    """Everything the spans say (names, attributes, events, links, status, resource) as one text."""
    parts: list[str] = []
    for s in spans:
        parts.append(s.name)
        parts += [k + "=" + str(v) for k, v in (s.attributes or {}).items()]
        parts += [e.name + " " + str(dict(e.attributes or {})) for e in s.events]
        parts += [str(dict(link.attributes or {})) for link in s.links]
        parts.append(str(s.status.description))
        parts += [k + "=" + str(v) for k, v in s.resource.attributes.items()]
    return "\n".join(parts)
