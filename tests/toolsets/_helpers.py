"""Shared helpers of the canonical tool tests."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tests.toolsets.conftest import Session

__all__ = ["Make", "error", "hebrew"]

_HEBREW = re.compile(r"[\u0590-\u05FF]")

Make = Callable[..., Session]


def hebrew(text: Any) -> bool:
    """True when ``text`` contains Hebrew letters."""
    return bool(_HEBREW.search(str(text)))


def error(envelope: dict[str, Any]) -> dict[str, Any]:
    """The error object of a failed canonical envelope."""
    assert envelope["ok"] is False, envelope
    return envelope["error"]
