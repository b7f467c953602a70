"""Staff passwords: argon2id hashes (``argon2-cffi``), a length policy, and a decoy for unknown names.

The hasher uses argon2-cffi's defaults (RFC 9106's second recommendation: argon2id, 3 passes, 64 MiB,
4 lanes); every hash carries its own salt and parameters, so raising them later only needs
:func:`needs_rehash` at the next sign-in.
"""

from __future__ import annotations

import contextlib
import secrets
import threading

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from pharmai.errors import ValidationFailed

__all__ = [
    "MAX_PASSWORD_CHARS",
    "MIN_PASSWORD_CHARS",
    "check_password",
    "decoy_verify",
    "hash_password",
    "needs_rehash",
    "verify_password",
]

#: Shortest password accepted (NIST SP 800-63B asks for at least 8; staff reach patient records).
MIN_PASSWORD_CHARS = 12
#: Longest accepted: argon2 takes any length, but a megabyte "password" is a denial of service.
MAX_PASSWORD_CHARS = 1024

_HASHER = PasswordHasher()
_decoy: str | None = None
_decoy_lock = threading.Lock()


def check_password(password: object) -> str:
    """``password`` if the policy accepts it; never echoes it.

    Raises:
        ValidationFailed: Not a string, shorter than 12 or longer than 1,024 characters, or blank.
    """
    if not isinstance(password, str) or not password.strip():
        raise ValidationFailed([{"field": "password", "reason": "required", "reason_he": "חובה"}])
    if not MIN_PASSWORD_CHARS <= len(password) <= MAX_PASSWORD_CHARS:
        raise ValidationFailed(
            [
                {
                    "field": "password",
                    "reason": f"must be {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters",
                    "reason_he": f"באורך {MIN_PASSWORD_CHARS} עד {MAX_PASSWORD_CHARS} תווים",
                }
            ]
        )
    return password


def hash_password(password: str) -> str:
    """The argon2id hash of ``password`` (PHC string: ``$argon2id$v=19$m=…,t=…,p=…$salt$hash``)."""
    return _HASHER.hash(check_password(password))


def verify_password(stored_hash: str, password: str) -> bool:
    """Whether ``password`` matches ``stored_hash``; a malformed hash or password is a mismatch."""
    if not isinstance(password, str) or len(password) > MAX_PASSWORD_CHARS:
        decoy_verify()  # the same work as a real check, so the answer's timing says nothing
        return False
    try:
        return _HASHER.verify(stored_hash, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def decoy_verify() -> None:
    """Do the work of one verification against a hash nobody knows the password of.

    Signing in as a name that has no account does this instead of a real check, so an unknown name
    and a wrong password take about the same time.
    """
    global _decoy
    with _decoy_lock:
        if _decoy is None:
            _decoy = _HASHER.hash(secrets.token_urlsafe(24))
        decoy = _decoy
    with contextlib.suppress(VerificationError):
        _HASHER.verify(decoy, "-")


def needs_rehash(stored_hash: str) -> bool:
    """Whether the hash was made with other parameters than today's (then rehash at sign-in)."""
    try:
        return _HASHER.check_needs_rehash(stored_hash)
    except (InvalidHashError, ValueError):
        return True
