"""Recognising and canonicalising the identifiers people type: emails and Israeli phone numbers."""

from __future__ import annotations

import re

__all__ = ["canonical_identifier", "find_email", "find_phone", "normalize_email", "normalize_phone"]

_EMAIL = re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}")
# A phone as typed: optional +972 / 972 / 00972, then digits with dashes, dots, spaces or parentheses.
_PHONE = re.compile(r"(?:\+|00)?\d[\d\-.\s()]{7,16}\d")
_DIGITS = re.compile(r"\D")


def normalize_email(text: str) -> str | None:
    """The lower-case email in ``text``, or ``None`` if it is not an email address."""
    text = text.strip()
    match = _EMAIL.fullmatch(text)
    return match.group(0).lower() if match else None


def normalize_phone(text: str) -> str | None:
    """The E.164 form (``+972501234567``) of an Israeli phone number, or ``None``.

    ``0501234567``, ``050-123-4567``, ``+972-50-123-4567`` and ``+972501234567`` all give the same
    result.
    """
    text = text.strip()
    if not text or len(text) > 32 or not re.fullmatch(r"[+\d\-.\s()]+", text):
        return None
    digits = _DIGITS.sub("", text)
    if digits.startswith("00972"):
        digits = digits[5:]
    elif digits.startswith("972"):
        digits = digits[3:]
    elif digits.startswith("0"):
        digits = digits[1:]
    else:
        return None
    digits = digits.lstrip("0")
    # Israeli subscriber numbers are 8 (landline) or 9 (mobile) digits after the country code.
    if len(digits) not in (8, 9):
        return None
    return "+972" + digits


def canonical_identifier(text: str) -> str | None:
    """The canonical email or phone in ``text`` (exactly one identifier), or ``None``."""
    return normalize_email(text) or normalize_phone(text)


def find_email(text: str) -> str | None:
    """The first email address inside a sentence, lower-cased."""
    match = _EMAIL.search(text)
    return match.group(0).lower() if match else None


def find_phone(text: str) -> str | None:
    """The first Israeli phone number inside a sentence, in E.164 form."""
    for match in _PHONE.finditer(text):
        phone = normalize_phone(match.group(0))
        if phone:
            return phone
    return None
