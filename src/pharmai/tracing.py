"""OpenTelemetry traces: on when an OTLP endpoint is configured, off (and free) otherwise.

Every layer may import this module (it imports nothing of pharmai): the loop opens a span per turn, the LLM
driver one per model request, the tool executor one per tool execution and the database one per
transaction. Names and attributes follow OpenTelemetry's GenAI semantic conventions (``invoke_agent``,
``chat <model>``, ``execute_tool <name>``, ``gen_ai.*``).

Tracing is on when the standard ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``)
is set and ``OTEL_SDK_DISABLED`` is not ``true`` (:func:`configure`): spans go over OTLP/HTTP in batches,
the service named by ``OTEL_SERVICE_NAME`` (default ``pharmai``); the exporter reads the other standard
``OTEL_EXPORTER_OTLP_*`` variables itself, the SDK the sampler's (``OTEL_TRACES_SAMPLER``). Tests install
an in-memory exporter with :func:`install`. Off, the SDK is never loaded and this module imports nothing
of OpenTelemetry: :func:`span` hands back one shared no-op, and call sites test :func:`enabled` before
they build attributes.

No PHI in any span: callers pass ids, surrogates, codes and labels only, never a user's text, tool
arguments or results; a failure is recorded as the exception's type (``error.type``), never its message
(which may quote the user), and no exception events are written.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.trace import Span, Tracer

__all__ = [
    "Attributes",
    "configure",
    "current_trace_id",
    "enabled",
    "failed",
    "install",
    "iterate",
    "remote_parent",
    "shutdown",
    "span",
    "start_span",
    "uninstall",
]

T = TypeVar("T")
Attributes = Mapping[str, str | bool | int | float]

_SCOPE = "pharmai"
_lock = threading.Lock()
#: The tracer while tracing is on; ``None`` means off (the only thing the hot paths look at).
_tracer: Tracer | None = None
_provider: TracerProvider | None = None


class _NoSpan:
    """What :func:`span` yields when tracing is off: every method does nothing."""

    def set_attribute(self, key: str, value: Any) -> None:
        """Nothing."""

    def set_attributes(self, attributes: Attributes) -> None:
        """Nothing."""

    def is_recording(self) -> bool:
        """Never."""
        return False


class _Off:
    def __enter__(self) -> _NoSpan:
        return _NO_SPAN

    def __exit__(self, *exc: object) -> None:
        return None


_NO_SPAN = _NoSpan()
_OFF = _Off()


def enabled() -> bool:
    """True while spans are recorded (an exporter is configured or installed)."""
    return _tracer is not None


# --- setting up -----------------------------------------------------------------------------------------


def _provider_for(exporter: SpanExporter, *, batch: bool, service_name: str | None) -> TracerProvider:
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    name = service_name or os.environ.get("OTEL_SERVICE_NAME") or "pharmai"
    provider = TracerProvider(resource=Resource.create({"service.name": name}))
    provider.add_span_processor(BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter))
    return provider


def _use(provider: TracerProvider | None) -> None:
    global _tracer, _provider
    # pharmai keeps its own provider rather than OpenTelemetry's global one: tests can swap it, and a
    # host application's global provider is left alone.
    _provider = provider
    _tracer = None if provider is None else provider.get_tracer(_SCOPE)


def configure(environ: Mapping[str, str] | None = None) -> bool:
    """Turn tracing on when the environment names an OTLP endpoint (once per process; idempotent).

    Args:
        environ: The environment to read (default: ``os.environ``).

    Returns:
        Whether tracing is on.
    """
    env = os.environ if environ is None else environ
    with _lock:
        if _tracer is not None:
            return True
        if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
            return False
        if not (env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_ENDPOINT")):
            return False
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter

        # The exporter reads the endpoint (appending /v1/traces to the generic one), headers, timeout and
        # compression from the standard variables; the batch processor its OTEL_BSP_* ones.
        _use(_provider_for(OTLPSpanExporter(), batch=True, service_name=env.get("OTEL_SERVICE_NAME")))
        return True


def install(exporter: SpanExporter, *, batch: bool = False, service_name: str | None = None) -> TracerProvider:
    """Record spans into ``exporter`` (tests pass an ``InMemorySpanExporter``); replaces any earlier setup.

    Returns:
        The provider (``force_flush`` it before reading a batched exporter).
    """
    previous = _provider
    with _lock:
        provider = _provider_for(exporter, batch=batch, service_name=service_name)
        _use(provider)
    if previous is not None:
        previous.shutdown()
    return provider


def uninstall() -> None:
    """Turn tracing off again (spans already ended are flushed first)."""
    with _lock:
        provider = _provider
        _use(None)
    if provider is not None:
        provider.shutdown()


def shutdown() -> None:
    """Flush the spans still queued (the provider also does it when the process exits)."""
    provider = _provider
    if provider is not None:
        provider.force_flush()


# --- spans ----------------------------------------------------------------------------------------------


def _kind(kind: str) -> Any:
    from opentelemetry.trace import SpanKind

    return SpanKind.CLIENT if kind == "client" else SpanKind.SERVER if kind == "server" else SpanKind.INTERNAL


def failed(span: Any, error: BaseException | str) -> None:
    """Mark ``span`` failed: ``error.type`` is an exception's type (never its text, which may quote the
    user) or an error code; a no-op span is left alone."""
    if not span.is_recording():
        return
    from opentelemetry.trace import Status, StatusCode

    span.set_attribute("error.type", error if isinstance(error, str) else type(error).__name__)
    span.set_status(Status(StatusCode.ERROR))


class _Current:
    """Makes a started span current for a ``with`` block, then ends it (lighter than the SDK's
    ``start_as_current_span``, two nested generator context managers, on paths taken several times a turn)."""

    __slots__ = ("_span", "_token")

    def __init__(self, span: Span) -> None:
        self._span = span
        self._token: Any = None

    def __enter__(self) -> Span:
        from opentelemetry import context, trace

        self._token = context.attach(trace.set_span_in_context(self._span))
        return self._span

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        from opentelemetry import context

        try:
            if exc is not None and not isinstance(exc, GeneratorExit):
                failed(self._span, exc)
        finally:
            context.detach(self._token)
            self._span.end()


def span(
    name: str,
    attributes: Attributes | None = None,
    *,
    kind: str = "internal",
    parent: Any = None,
    only_child: bool = False,
) -> AbstractContextManager[Any]:
    """A span, current for the ``with`` block; a shared no-op when tracing is off.

    Args:
        name: The span's name (no user data).
        attributes: Its attributes at the start (ids, labels, counts: never user data).
        kind: ``internal``, ``client`` or ``server``.
        parent: The parent's context (:func:`remote_parent`); default: the current span.
        only_child: Record nothing unless a span is current (background work stays out of the traces).

    Yields:
        The span (``set_attribute`` on it as the work goes), or a no-op span.
    """
    tracer = _tracer
    if tracer is None:
        return _OFF
    if only_child and parent is None:
        from opentelemetry import trace

        if not trace.get_current_span().is_recording():
            return _OFF
    return _Current(
        tracer.start_span(name, context=parent, kind=_kind(kind), attributes=attributes, record_exception=False)
    )


def start_span(name: str, attributes: Attributes | None = None, *, kind: str = "internal") -> Span | None:
    """A child of the current span that is not made current (end it yourself); ``None`` when off.

    For work that spans the yields of a generator, where a current span would leak into the caller.
    """
    tracer = _tracer
    if tracer is None:
        return None
    return tracer.start_span(name, kind=_kind(kind), attributes=attributes, record_exception=False)


def iterate(
    name: str,
    attributes: Attributes | None,
    items: Iterator[T],
    *,
    on_item: Callable[[Span, T], None] | None = None,
) -> Iterator[T]:
    """``items`` with a span around all their work: it is current while each item is computed, never while
    the caller holds an item, so nothing leaks into the caller's context between two items.

    The span starts when the first item is asked for (in the thread that iterates) and ends with the last.

    Args:
        name: The span's name.
        attributes: Its attributes at the start.
        items: The work (a generator).
        on_item: Called with the span and each item (to record an outcome from the items).
    """
    if _tracer is None:
        return items
    return _iterate(name, attributes, items, on_item)


def _iterate(
    name: str, attributes: Attributes | None, items: Iterator[T], on_item: Callable[[Span, T], None] | None
) -> Iterator[T]:
    from opentelemetry import context, trace

    current = start_span(name, attributes)
    if current is None:  # turned off in between
        yield from items
        return
    ctx = trace.set_span_in_context(current)
    try:
        while True:
            token = context.attach(ctx)
            try:
                item = next(items)
            except StopIteration:
                return
            finally:
                context.detach(token)
            if on_item is not None:
                on_item(current, item)
            yield item
    except GeneratorExit:
        raise
    except BaseException as exc:
        failed(current, exc)
        raise
    finally:
        close = getattr(items, "close", None)
        if close is not None:
            close()
        current.end()


# --- W3C trace context ----------------------------------------------------------------------------------


def remote_parent(trace_id: str, span_id: str, flags: str = "01") -> Any:
    """The context of a caller's span from a W3C ``traceparent`` already checked well formed (hex ids).

    Returns:
        A context to pass as :func:`span`'s ``parent``; ``None`` when tracing is off.
    """
    if _tracer is None:
        return None
    from opentelemetry import trace

    parent = trace.SpanContext(
        trace_id=int(trace_id, 16),
        span_id=int(span_id, 16),
        is_remote=True,
        trace_flags=trace.TraceFlags(int(flags, 16) & 0x01),
    )
    return trace.set_span_in_context(trace.NonRecordingSpan(parent))


def current_trace_id() -> str | None:
    """The current span's trace id (32 hex digits), or ``None`` when there is none or tracing is off."""
    if _tracer is None:
        return None
    from opentelemetry import trace

    context = trace.get_current_span().get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else None
