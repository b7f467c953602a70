"""Integer ids of seed 001 (``1``) to and from the canonical string ids (``m001``, ``p101``, ``s1``)."""

from __future__ import annotations

import re

__all__ = ["from_int", "to_int"]

_WIDTH = {"m": 3, "p": 3, "u": 3, "s": 0}
_ID = re.compile(r"^([a-z])(\d+)$")


def to_int(value: str) -> int:
    """``m001`` → 1, ``p1001`` → 1001, ``s2`` → 2."""
    match = _ID.match(value)
    if match is None:
        raise ValueError(f"not a canonical id: {value!r}")
    return int(match.group(2))


def from_int(prefix: str, number: int) -> str:
    """1 → ``m001`` (``prefix="m"``); ids below 1 or absurdly large give an id that matches nothing."""
    if not 0 < number < 10**9:
        return f"{prefix}0"
    return f"{prefix}{number:0{_WIDTH[prefix]}d}"
