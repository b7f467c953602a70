"""One-time-code identity challenges.

A code is six digits from :mod:`secrets`, stored only as a salted scrypt hash. Asking for a code gives the
same answer whether or not the identifier belongs to a patient; for an unknown identifier a challenge that
can never verify is stored and the same hashing work is done, so neither the answer nor its timing tells
an attacker who is a patient. Codes land in the development outbox only for real patients.

Each challenge locks after ``max_attempts`` wrong tries, and each identifier has a budget across all its
challenges and conversations (codes sent and wrong codes typed per window, see :mod:`._otp_budget`);
identifiers are stored only as keyed hashes.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from pharmai.clock import Clock
from pharmai.db.models import IdentityChallenge, OutboxMessage, Patient
from pharmai.errors import AuthExpired, AuthFailed, ValidationFailed
from pharmai.pharmacy._common import aware, check_id, check_language
from pharmai.pharmacy._otp_budget import Budget, charge_failure, charge_send, identifier_key, open_try
from pharmai.pharmacy.patients import PatientInfo, canonical, find_patient, patient_info
from pharmai.text.durations import duration_text

__all__ = [
    "CODE_TTL_SECONDS",
    "MAX_ATTEMPTS",
    "ChallengeStarted",
    "OtpPolicy",
    "OutboxEntry",
    "VerifiedPatient",
    "latest_outbox_code",
    "mask_identifier",
    "recent_outbox",
    "start_challenge",
    "verify_code",
]

CODE_TTL_SECONDS = 600
MAX_ATTEMPTS = 5
# scrypt cost: ~tens of milliseconds, done on every start and every try, known identifier or not.
_SCRYPT = {"n": 2**14, "r": 8, "p": 1, "dklen": 32}
_BODY = {
    "en": "Your pharmai verification code is {code}. It expires in {duration}. Do not share it.",
    "he": "קוד האימות שלך ב-pharmai הוא {code}. הוא בתוקף למשך {duration}. אין למסור אותו לאיש.",
}


@dataclass(frozen=True)
class OtpPolicy:
    """How one-time codes behave; the toolsets build it from the settings (``PHARMAI_OTP_*``).

    Attributes:
        ttl_seconds: How long a code stays valid.
        max_attempts: Wrong tries that lock one challenge.
        max_sends: Codes sent to one identifier per window, across conversations.
        max_failures: Wrong codes typed for one identifier per window, across its challenges.
        window_seconds: The budget's window.
        secret: Key of the identifier hashes (``PHARMAI_AUDIT_SECRET``; ``None``: a development key).
    """

    ttl_seconds: int = CODE_TTL_SECONDS
    max_attempts: int = MAX_ATTEMPTS
    max_sends: int = 5
    max_failures: int = 10
    window_seconds: int = 3600
    secret: str | None = field(default=None, repr=False)

    @property
    def budget(self) -> Budget:
        """The per-identifier limits."""
        return Budget(self.max_sends, self.max_failures, self.window_seconds)

    def key(self, value: str) -> str:
        """The keyed hash that stands for a canonical identifier in challenges and budgets."""
        return identifier_key(value, self.secret)


_DEFAULT_POLICY = OtpPolicy()


@dataclass(frozen=True)
class ChallengeStarted:
    """The answer to "send me a code": identical for known and unknown identifiers."""

    challenge_id: str
    status: str
    channel: str
    masked_destination: str
    expires_at: datetime


@dataclass(frozen=True)
class VerifiedPatient:
    """The patient a correct code proved, and the challenge that proved it."""

    challenge_id: str
    user: PatientInfo


def _hash(code: str, salt: str) -> str:
    return hashlib.scrypt(code.encode(), salt=bytes.fromhex(salt), **_SCRYPT).hex()


def mask_identifier(kind: str, value: str) -> str:
    """A destination people can recognise but not read: ``d***n@example.com``, ``***-***-4567``."""
    if kind == "email":
        local, _, domain = value.partition("@")
        shown = local[0] + "***" + (local[-1] if len(local) > 1 else "")
        return f"{shown}@{domain}"
    return "***-***-" + value[-4:]


def _check_conversation(conversation_id: Any) -> str | None:
    return None if conversation_id is None else check_id(conversation_id, "conversation_id")


def start_challenge(
    session: Session,
    identifier: Any,
    *,
    clock: Clock,
    conversation_id: Any = None,
    language: str = "en",
    policy: OtpPolicy = _DEFAULT_POLICY,
) -> ChallengeStarted:
    """Send a one-time code to an email address or phone number (through the development outbox).

    Older pending challenges of the same conversation (or, without one, of the same identifier) are
    superseded.

    Args:
        session: An open session in a write transaction; the caller commits.
        identifier: An email address or phone number in any common format.
        clock: Gives the creation time and expiry.
        conversation_id: The conversation the challenge belongs to.
        language: ``"en"`` or ``"he"`` for the message body.
        policy: The code's lifetime and the identifier's budget.

    Raises:
        ValidationFailed: ``identifier`` is neither an email address nor a phone number.
        RateLimited: The identifier's budget is spent (``details.tier``: ``verification``); nothing is sent
            or stored.
    """
    language = check_language(language)
    conversation = _check_conversation(conversation_id)
    kind, value = canonical(identifier)
    now = clock.now()
    id_hash = policy.key(value)
    # Before the patient is even looked up: a refusal costs the same for every identifier.
    charge_send(session, id_hash, now, policy.budget)
    patient = find_patient(session, value)
    scope = (
        IdentityChallenge.conversation_id == conversation
        if conversation is not None
        else IdentityChallenge.identifier_hash == id_hash
    )
    session.execute(
        update(IdentityChallenge)
        .where(scope, IdentityChallenge.status == "pending")
        .values(status="superseded")
        .execution_options(synchronize_session=False)
    )
    code = f"{secrets.randbelow(10**6):06d}"
    salt = secrets.token_hex(16)
    challenge = IdentityChallenge(
        challenge_id=f"c-{uuid.uuid4().hex}",
        identifier_hash=id_hash,
        user_id=patient.user_id if patient is not None else None,
        conversation_id=conversation,
        code_hash=_hash(code, salt),
        salt=salt,
        attempts=0,
        status="pending",
        created_at=now,
        expires_at=now + timedelta(seconds=policy.ttl_seconds),
    )
    session.add(challenge)
    if patient is not None:
        # Whole minutes, rounded down: a code must not be promised longer than it lives.
        duration = duration_text(max(policy.ttl_seconds // 60, 1) * 60, language)
        session.add(
            OutboxMessage(
                channel="email" if kind == "email" else "sms",
                destination=value,
                body=_BODY[language].format(code=code, duration=duration),
                code=code,
                challenge_id=challenge.challenge_id,
                created_at=now,
            )
        )
    session.flush()
    return ChallengeStarted(
        challenge_id=challenge.challenge_id,
        status="code_sent",
        channel="email" if kind == "email" else "sms",
        masked_destination=mask_identifier(kind, value),
        expires_at=challenge.expires_at,
    )


def _find_challenge(
    session: Session, challenge_id: Any, conversation_id: Any, id_hash: str | None, *, lock: bool
) -> IdentityChallenge | None:
    query = select(IdentityChallenge)
    if challenge_id is not None:
        query = query.where(IdentityChallenge.challenge_id == check_id(challenge_id, "challenge_id"))
    else:
        conversation = _check_conversation(conversation_id)
        if conversation is not None:
            query = query.where(IdentityChallenge.conversation_id == conversation)
        if id_hash is not None:
            query = query.where(IdentityChallenge.identifier_hash == id_hash)
        if conversation is None and id_hash is None:
            raise ValidationFailed([{"field": "identifier", "reason": "say which challenge the code answers"}])
    query = query.order_by(IdentityChallenge.created_at.desc()).limit(1)
    # The row lock keeps two concurrent tries from both reading the same attempt count.
    return session.scalars(query.with_for_update() if lock else query).first()


def verify_code(
    session: Session,
    code: Any,
    *,
    clock: Clock,
    challenge_id: Any = None,
    conversation_id: Any = None,
    identifier: Any = None,
    language: str = "en",
    policy: OtpPolicy = _DEFAULT_POLICY,
) -> VerifiedPatient:
    """Check a one-time code against the newest challenge (by id, or of a conversation / identifier).

    A failed try is committed before :class:`AuthFailed` is raised, so the attempt counts survive the
    caller's rollback; the ``max_attempts``-th wrong try locks the challenge, and every wrong try counts
    against the identifier's budget.

    Raises:
        AuthFailed: Wrong code (details: attempts_left, the fewer of the challenge's and the budget's).
        AuthExpired: No live challenge: expired, locked, superseded, already used, or none at all.
        RateLimited: The identifier's wrong tries are spent for now; the code is not checked.
        ValidationFailed: ``code`` is not text of a sane length, or no challenge is named.
    """
    language = check_language(language)
    if not isinstance(code, str) or len(code) > 32:
        raise ValidationFailed([{"field": "code", "reason": "must be the 6-digit code"}])
    typed = "".join(code.split())
    now = clock.now()
    id_hash = policy.key(canonical(identifier)[1]) if identifier is not None else None
    if id_hash is None:
        named = _find_challenge(session, challenge_id, conversation_id, None, lock=False)
        if named is None:
            raise AuthExpired()
        id_hash = named.identifier_hash
    # The budget's row first, then the challenge's: the order a send takes them in, so neither waits on
    # the other in a circle.
    budget = open_try(session, id_hash, now, policy.budget)
    challenge = _find_challenge(session, challenge_id, conversation_id, id_hash, lock=True)
    if challenge is None or challenge.status != "pending" or challenge.attempts >= policy.max_attempts:
        raise AuthExpired()
    if aware(challenge.expires_at) <= now:
        raise AuthExpired()
    # Always hash and compare in constant time, even for a challenge that can never verify.
    matches = hmac.compare_digest(_hash(typed, challenge.salt), challenge.code_hash)
    if matches and challenge.user_id is not None:
        patient = session.get(Patient, challenge.user_id)
        if patient is not None:
            challenge.status = "verified"
            session.flush()
            return VerifiedPatient(challenge_id=challenge.challenge_id, user=patient_info(patient, language))
    challenge.attempts += 1
    if challenge.attempts >= policy.max_attempts:
        challenge.status = "locked"
    budget_left = charge_failure(session, budget, policy.budget)
    attempts_left = min(policy.max_attempts - challenge.attempts, budget_left)
    session.commit()
    raise AuthFailed({"attempts_left": attempts_left})


def latest_outbox_code(session: Session, destination: Any = None) -> str | None:
    """The newest one-time code in the development outbox (optionally for one email / phone)."""
    query = select(OutboxMessage).where(OutboxMessage.code.is_not(None))
    if destination is not None:
        query = query.where(OutboxMessage.destination == canonical(destination)[1])
    row = session.scalars(query.order_by(OutboxMessage.created_at.desc(), OutboxMessage.id.desc()).limit(1)).first()
    return row.code if row is not None else None


@dataclass(frozen=True)
class OutboxEntry:
    """One message of the development outbox, as the CLI and the web demo show it."""

    created_at: datetime
    channel: str
    destination: str
    body: str


def recent_outbox(session: Session, limit: int = 10) -> list[OutboxEntry]:
    """The newest messages of the development outbox, newest first (at most 100)."""
    rows = session.scalars(
        select(OutboxMessage).order_by(OutboxMessage.created_at.desc(), OutboxMessage.id.desc()).limit(min(limit, 100))
    )
    return [OutboxEntry(r.created_at, r.channel, r.destination, r.body) for r in rows]
