"""The HTTP API tests' app factory, for the handoff tests."""

from __future__ import annotations

from tests.api.conftest import make_client

__all__ = ["make_client"]
