"""OpenTelemetry traces: on when an OTLP endpoint is configured, off (and free) otherwise.

Every layer may import this module (it imports nothing of pharmai): the loop opens a span per turn, the LLM
driver one per model request, the tool executor one per tool execution and the database one per
transaction. Names and attributes follow OpenTelemetry's GenAI semantic conventions (``invoke_agent``,
``chat <model>``, ``execute_tool <name>``, ``gen_ai.*``).

Tracing is on when the standard ``OTEL_EXPORTER_OTLP_ENDPOINT`` (or ``OTEL_EXPORTER_OTLP_TRACES_ENDPOINT``)
is set and ``OTEL_SDK_DISABLED`` is not ``true`` (:func:`configure`): spans go over OTLP/HTTP in batches,
the service named by ``OTEL_SERVICE_NAME`` (default ``pharmai``); the exporter reads the other standard
``OTEL_EXPORTER_OTLP_*`` variables itself, the batch processor the ``OTEL_BSP_*`` ones. The sampler is the
one ``OTEL_TRACES_SAMPLER`` / ``OTEL_TRACES_SAMPLER_ARG`` name, by default one trace in ten
(:func:`sampler_for`). Tests install an in-memory exporter with :func:`install`. Off, the SDK is never
loaded and this module imports nothing of OpenTelemetry: :func:`span` hands back one shared no-op, and
call sites test :func:`enabled` before they build attributes.

What a span costs is paid by recorded traces only: under a span its trace's sampler dropped, a span site
goes no further than that check (no SDK span, no attributes), since every standard sampler drops the
children of a dropped span too.

No PHI in any span: callers pass ids, surrogates, codes and labels only, never a user's text, tool
arguments or results; a failure is recorded as the exception's type (``error.type``), never its message
(which may quote the user), and no exception events are written.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, suppress
from contextvars import ContextVar, Token
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SpanExporter
    from opentelemetry.sdk.trace.sampling import Sampler
    from opentelemetry.trace import Span, Tracer

__all__ = [
    "DEFAULT_SAMPLER",
    "DEFAULT_SAMPLER_RATIO",
    "Attributes",
    "configure",
    "current_trace_id",
    "enabled",
    "failed",
    "install",
    "iterate",
    "recording",
    "remote_parent",
    "sampler_for",
    "shutdown",
    "span",
    "start_span",
    "uninstall",
]

T = TypeVar("T")
Attributes = Mapping[str, str | bool | int | float]

#: pharmai's sampler when ``OTEL_TRACES_SAMPLER`` is unset (the SDK's own default records every trace).
DEFAULT_SAMPLER = "parentbased_traceidratio"
#: Its ratio when ``OTEL_TRACES_SAMPLER_ARG`` is unset: one trace in ten.
DEFAULT_SAMPLER_RATIO = 0.1

_SCOPE = "pharmai"
_log = logging.getLogger(__name__)
_lock = threading.Lock()
#: The tracer while tracing is on; ``None`` means off (the only thing the hot paths look at).
_tracer: Tracer | None = None
_provider: TracerProvider | None = None


class _Api:
    """OpenTelemetry's functions the span sites call, looked up once when tracing first turns on (a
    ``from opentelemetry import ...`` inside each call cost more than a span site's own work)."""

    def __init__(self) -> None:
        from opentelemetry import context, trace

        self.attach = context.attach
        self.detach = context.detach
        self.current_span = trace.get_current_span
        self.in_context = trace.set_span_in_context
        self.kinds = {"client": trace.SpanKind.CLIENT, "server": trace.SpanKind.SERVER}
        self.internal = trace.SpanKind.INTERNAL
        self.error = trace.Status(trace.StatusCode.ERROR)


_api: _Api | None = None


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


def sampler_for(environ: Mapping[str, str]) -> Sampler:
    """The sampler the standard ``OTEL_TRACES_SAMPLER`` / ``OTEL_TRACES_SAMPLER_ARG`` name, or pharmai's default.

    The default, :data:`DEFAULT_SAMPLER` at :data:`DEFAULT_SAMPLER_RATIO`, records one trace in ten and every
    trace a caller's sampled ``traceparent`` asks for: recording each turn costs more than the ≤ 5 % of
    throughput tracing may take (``benchmarks/bench_tracing.py``); ``OTEL_TRACES_SAMPLER=parentbased_always_on``
    records them all. A ratio sampler named without an argument samples everything, as the specification says.
    """
    from opentelemetry.sdk.trace import sampling

    name = (environ.get("OTEL_TRACES_SAMPLER") or "").strip().lower()
    fixed = {
        "always_on": sampling.ALWAYS_ON,
        "always_off": sampling.ALWAYS_OFF,
        "parentbased_always_on": sampling.DEFAULT_ON,
        "parentbased_always_off": sampling.DEFAULT_OFF,
    }
    if name in fixed:
        return fixed[name]
    ratios = {"traceidratio": sampling.TraceIdRatioBased, "parentbased_traceidratio": sampling.ParentBasedTraceIdRatio}
    if name and name not in ratios:
        _log.warning("unknown OTEL_TRACES_SAMPLER, using pharmai's default (%s)", DEFAULT_SAMPLER)
        name = ""
    default = 1.0 if name else DEFAULT_SAMPLER_RATIO
    try:
        ratio = float(environ.get("OTEL_TRACES_SAMPLER_ARG") or default)
    except ValueError:
        ratio = -1.0
    if not 0.0 <= ratio <= 1.0:
        _log.warning("OTEL_TRACES_SAMPLER_ARG is not a ratio from 0 to 1, using %s", default)
        ratio = default
    return ratios[name or DEFAULT_SAMPLER](ratio)


def _provider_for(
    exporter: SpanExporter, *, batch: bool, service_name: str | None, sampler: Sampler | None = None
) -> TracerProvider:
    from opentelemetry.sdk.resources import Resource
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import BatchSpanProcessor, SimpleSpanProcessor

    name = service_name or os.environ.get("OTEL_SERVICE_NAME") or "pharmai"
    provider = TracerProvider(resource=Resource.create({"service.name": name}), sampler=sampler)
    provider.add_span_processor(BatchSpanProcessor(exporter) if batch else SimpleSpanProcessor(exporter))
    return provider


def _use(provider: TracerProvider | None) -> None:
    global _tracer, _provider, _api
    if provider is not None and _api is None:
        _api = _Api()
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
        exporter = OTLPSpanExporter()
        _use(_provider_for(exporter, batch=True, service_name=env.get("OTEL_SERVICE_NAME"), sampler=sampler_for(env)))
        return True


def install(
    exporter: SpanExporter, *, batch: bool = False, service_name: str | None = None, sampler: Sampler | None = None
) -> TracerProvider:
    """Record spans into ``exporter`` (tests pass an ``InMemorySpanExporter``); replaces any earlier setup.

    Args:
        exporter: Where ended spans go.
        batch: Through a batch processor (as :func:`configure` does) rather than one export per span.
        service_name: The resource's ``service.name`` (default: ``OTEL_SERVICE_NAME``, else ``pharmai``).
        sampler: Which traces are recorded (default: the SDK's, every trace unless ``OTEL_TRACES_SAMPLER``
            says otherwise; :func:`sampler_for` gives the one :func:`configure` uses).

    Returns:
        The provider (``force_flush`` it before reading a batched exporter).
    """
    previous = _provider
    with _lock:
        provider = _provider_for(exporter, batch=batch, service_name=service_name, sampler=sampler)
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


#: Which of pharmai's spans is current in this context: none, a recorded one, or one its trace's sampler
#: dropped. A context variable beside OpenTelemetry's own context (both are copied together into worker
#: threads), so that a span site under a dropped span stops at one lookup.
_NONE, _RECORDED, _DROPPED = 0, 1, 2
_STATE: ContextVar[int] = ContextVar("pharmai_span_state", default=_NONE)


def _skipped(api: _Api, only_child: bool) -> bool:
    """Whether a span started now would record nothing: pharmai's current span is one its trace's sampler
    dropped (every standard sampler drops its children too: the parent-based ones follow the parent, the
    ratio ones decide by the trace id, the same for the whole trace), or no span is current and
    ``only_child`` asks for one. Such a site then skips the SDK altogether."""
    state = _STATE.get()
    if state != _NONE:
        return state == _DROPPED
    # None of pharmai's: a host application's span may be current (rare paths: background work).
    return only_child and not api.current_span().is_recording()


def _reset(token: Token[int]) -> None:
    # A span ended in another context than it started in is tolerated, as OpenTelemetry's detach does.
    with suppress(ValueError):
        _STATE.reset(token)


def recording() -> bool:
    """True when a span started here and now would be recorded: tracing is on and the current trace (if
    any) was not sampled out. Call sites test it before they build costly attributes."""
    api = _api
    return _tracer is not None and api is not None and not _skipped(api, False)


def failed(span: Any, error: BaseException | str) -> None:
    """Mark ``span`` failed: ``error.type`` is an exception's type (never its text, which may quote the
    user) or an error code; a no-op span is left alone."""
    if not span.is_recording():
        return
    span.set_attribute("error.type", error if isinstance(error, str) else type(error).__name__)
    span.set_status((_api or _Api()).error)


class _Current:
    """Makes a started span current for a ``with`` block, then ends it (lighter than the SDK's
    ``start_as_current_span``, two nested generator context managers, on paths taken several times a turn)."""

    __slots__ = ("_api", "_span", "_state", "_token")

    def __init__(self, api: _Api, span: Span) -> None:
        self._api = api
        self._span = span
        self._token: Any = None
        self._state: Any = None

    def __enter__(self) -> Span:
        self._token = self._api.attach(self._api.in_context(self._span))
        self._state = _STATE.set(_RECORDED if self._span.is_recording() else _DROPPED)
        return self._span

    def __exit__(self, exc_type: Any, exc: BaseException | None, tb: Any) -> None:
        try:
            if exc is not None and not isinstance(exc, GeneratorExit):
                failed(self._span, exc)
        finally:
            _reset(self._state)
            self._api.detach(self._token)
            self._span.end()


def span(
    name: str,
    attributes: Attributes | None = None,
    *,
    kind: str = "internal",
    parent: Any = None,
    only_child: bool = False,
) -> AbstractContextManager[Any]:
    """A span, current for the ``with`` block; a shared no-op when tracing is off or the trace was sampled out.

    Args:
        name: The span's name (no user data).
        attributes: Its attributes at the start (ids, labels, counts: never user data).
        kind: ``internal``, ``client`` or ``server``.
        parent: The parent's context (:func:`remote_parent`); default: the current span.
        only_child: Record nothing unless a span is current (background work stays out of the traces).

    Yields:
        The span (``set_attribute`` on it as the work goes), or a no-op span.
    """
    tracer, api = _tracer, _api
    if tracer is None or api is None:
        return _OFF
    if parent is None:  # _skipped, inlined: this is the path of every span site of a dropped trace
        state = _STATE.get()
        if state == _DROPPED or (state == _NONE and only_child and not api.current_span().is_recording()):
            return _OFF
    started = tracer.start_span(
        name, context=parent, kind=api.kinds.get(kind, api.internal), attributes=attributes, record_exception=False
    )
    return _Current(api, started)


def start_span(name: str, attributes: Attributes | None = None, *, kind: str = "internal") -> Span | None:
    """A child of the current span that is not made current (end it yourself); ``None`` when off (or when
    the current trace was sampled out).

    For work that spans the yields of a generator, where a current span would leak into the caller.
    """
    tracer, api = _tracer, _api
    if tracer is None or api is None or _skipped(api, False):
        return None
    return tracer.start_span(
        name, kind=api.kinds.get(kind, api.internal), attributes=attributes, record_exception=False
    )


def iterate(
    name: str,
    attributes: Attributes | Callable[[], Attributes] | None,
    items: Iterator[T],
    *,
    on_item: Callable[[Span, T], None] | None = None,
) -> Iterator[T]:
    """``items`` with a span around all their work: it is current while each item is computed, never while
    the caller holds an item, so nothing leaks into the caller's context between two items.

    The span starts when the first item is asked for (in the thread that iterates) and ends with the last.

    Args:
        name: The span's name.
        attributes: Its attributes at the start, or a function building them (called only when the span
            is recorded).
        items: The work (a generator).
        on_item: Called with the span and each item (to record an outcome from the items).
    """
    if _tracer is None:
        return items
    return _iterate(name, attributes, items, on_item)


def _iterate(
    name: str,
    attributes: Attributes | Callable[[], Attributes] | None,
    items: Iterator[T],
    on_item: Callable[[Span, T], None] | None,
) -> Iterator[T]:
    api = _api
    if api is None or _tracer is None or _skipped(api, False):  # turned off in between, or sampled out
        yield from items
        return
    current = start_span(name, attributes() if callable(attributes) else attributes)
    if current is None:
        yield from items
        return
    ctx = api.in_context(current)
    attach, detach = api.attach, api.detach
    try:
        while True:
            token, state = attach(ctx), _STATE.set(_RECORDED)
            try:
                item = next(items)
            except StopIteration:
                return
            finally:
                _reset(state)
                detach(token)
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
    api = _api
    if _tracer is None or api is None:
        return None
    context = api.current_span().get_span_context()
    return format(context.trace_id, "032x") if context.is_valid else None
