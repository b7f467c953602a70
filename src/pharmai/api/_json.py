"""Strict JSON request bodies: UTF-8 only, bounded nesting and number length, RFC 8259 literals only.

FastAPI parses a JSON body with :func:`json.loads`, which accepts UTF-16 and UTF-32, ``NaN`` and
``Infinity``, nesting up to the interpreter's recursion limit and integers up to 4,300 digits — and what
it cannot parse (invalid UTF-8, a stack-deep array, a 5,000-digit number) it answers as a bare 400. The
routes of the API use :class:`StrictJsonRoute`, whose requests parse with :func:`parse_json_body`: a body
no client of this API would send is refused as ``VALIDATION_ERROR`` (422), naming what is wrong and
never echoing the input.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from pharmai.errors import ValidationFailed

__all__ = ["MAX_JSON_DEPTH", "MAX_NUMBER_CHARS", "StrictJsonRoute", "parse_json_body"]

#: Deepest nesting of arrays and objects accepted (the API's bodies nest three or four levels).
MAX_JSON_DEPTH = 32
#: Longest number literal accepted, sign, digits, point and exponent included.
MAX_NUMBER_CHARS = 100


def _refuse(kind: str, **extra: Any) -> ValidationFailed:
    return ValidationFailed([{"field": "body", "type": kind, **extra}])


def _number(convert: Callable[[str], Any]) -> Callable[[str], Any]:
    def parse(literal: str) -> Any:
        # Checked before converting: int() of a long literal is quadratic, and refuses 4,300+ digits.
        if len(literal) > MAX_NUMBER_CHARS:
            raise _refuse("json_number_too_long", limit=MAX_NUMBER_CHARS)
        return convert(literal)

    return parse


def _constant(_literal: str) -> Any:
    raise _refuse("json_invalid")  # NaN, Infinity, -Infinity: Python's extension, not JSON


_PARSE_INT = _number(int)
_PARSE_FLOAT = _number(float)
# A number literal over the limit is a run this long of these characters. Bodies without one (nearly all)
# parse with json's own number conversion, in C; the hooks cost a Python call per number.
_LONG_RUN = re.compile(rf"[-+.0-9eE]{{{MAX_NUMBER_CHARS + 1},}}")


def _deeper_than(value: Any, limit: int) -> bool:
    # Level by level, so the walk stops at the first level past the limit.
    level = [value] if isinstance(value, dict | list) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        below = []
        for item in level:
            for child in item.values() if isinstance(item, dict) else item:
                if isinstance(child, dict | list):
                    below.append(child)
        level = below
    return False


def parse_json_body(body: bytes) -> Any:
    """Parse a request body as JSON within the API's limits.

    Args:
        body: The raw body.

    Returns:
        The parsed value.

    Raises:
        ValidationFailed: ``details.fields[0].type`` says why: ``json_invalid_utf8``, ``json_invalid``
            (syntax, or ``NaN`` / ``Infinity``), ``json_too_deep`` (more than :data:`MAX_JSON_DEPTH`
            levels) or ``json_number_too_long`` (more than :data:`MAX_NUMBER_CHARS` characters).
    """
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise _refuse("json_invalid_utf8") from None
    numbers: dict[str, Any] = {"parse_int": _PARSE_INT, "parse_float": _PARSE_FLOAT} if _LONG_RUN.search(text) else {}
    try:  # the hooks raise ValidationFailed themselves; it is no ValueError, so it passes through
        value = json.loads(text, parse_constant=_constant, **numbers)
    except RecursionError:
        raise _refuse("json_too_deep", limit=MAX_JSON_DEPTH) from None
    except ValueError:  # json.JSONDecodeError
        raise _refuse("json_invalid") from None
    # Counting brackets (in C) bounds the depth from above, so almost no body needs the walk.
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _deeper_than(value, MAX_JSON_DEPTH):
        raise _refuse("json_too_deep", limit=MAX_JSON_DEPTH)
    return value


class _StrictJsonRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_strict_json"):
            self._strict_json = parse_json_body(await self.body())
        return self._strict_json


class StrictJsonRoute(APIRoute):
    """An API route whose JSON body is parsed by :func:`parse_json_body`.

    FastAPI answers whatever fails while it reads a body as a 400 raised *from* the failure; the API's
    error handler answers that failure (here a :class:`~pharmai.errors.ValidationFailed`) instead.
    """

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def strict(request: Request) -> Response:
            return await handler(_StrictJsonRequest(request.scope, request.receive))

        return strict
