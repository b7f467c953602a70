"""Fixtures of the trace tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from pharmai import tracing


@pytest.fixture
def spans() -> Iterator[InMemorySpanExporter]:
    """Tracing on for the test, every ended span in the returned exporter; off again afterwards."""
    exporter = InMemorySpanExporter()
    tracing.install(exporter, service_name="pharmai-test")
    try:
        yield exporter
    finally:
        tracing.uninstall()
