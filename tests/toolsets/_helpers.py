"""Shared helpers of the canonical tool tests."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from typer.testing import CliRunner

from pharmai.cli import app
from tests.toolsets.conftest import Session

__all__ = ["Make", "cli_call", "error", "hebrew"]

_HEBREW = re.compile(r"[\u0590-\u05FF]")

Make = Callable[..., Session]


def hebrew(text: Any) -> bool:
    """True when ``text`` contains Hebrew letters."""
    return bool(_HEBREW.search(str(text)))


def error(envelope: dict[str, Any]) -> dict[str, Any]:
    """The error object of a failed canonical envelope."""
    assert envelope["ok"] is False, envelope
    return envelope["error"]


def cli_call(name: str, arguments: Any, *options: str) -> dict[str, Any]:
    """``pharmai tools call NAME ARGUMENTS [OPTIONS]``: its envelope (the command must exit 0)."""
    text = arguments if isinstance(arguments, str) else json.dumps(arguments)
    result = CliRunner().invoke(app, ["tools", "call", name, text, *options])
    assert result.exit_code == 0, result.output
    envelope = json.loads(result.stdout)
    assert isinstance(envelope, dict)
    return envelope
