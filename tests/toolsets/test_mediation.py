"""Complete mediation: in a session of u002, no arguments to any tool of any profile reach another patient.

Other patients' names are replaced by unique canary strings, and they get extra refills and tickets; then
hypothesis throws their ids, prescription ids, emails and phones (in every format), random text, SQL and
HTML fragments, wrong types and huge strings at every tool of every registered profile, approving any
confirmation that comes back. No rendered envelope may carry a canary, another patient's record id, or
an id field naming another patient, and no row of another patient may change.

The ``identifier`` identity mode is left out on purpose: there (seed 001's demo) typing an identifier *is*
the identification, so the session is no longer "a session of u002".
"""

from __future__ import annotations

import functools
import json
import re
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Annotated, Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, TypeAdapter, ValidationError
from sqlalchemy import select, update

from pharmai.db import Database
from pharmai.db.models import Patient, Prescription, RefillRequest, Ticket
from pharmai.toolsets import registry_for
from tests.conftest import TODAY
from tests.toolsets.conftest import Session, dumps, profiles

ME = "u002"
MY_PRESCRIPTIONS = ["p001", "p002", "p003", "p004"]
OTHERS = ["u001", "u003", "u004", "u005", "u006", "u007", "u008", "u009", "u010"]
OTHER_PRESCRIPTIONS = ["p101", "p201", "p202", "p501", "p502", "p601", "p602", "p701", "p801", "p901", "p1001"]
OTHER_EMAILS = ["noa.cohen@example.com", "yossi.levi@example.com", "lior.bendavid@example.com"]
OTHER_PHONES = ["052-000-0001", "054-765-4321", "053-246-8100"]
#: The values an id field of an output may hold in u002's session (canonical and seed 001's integers).
MINE = {ME, 2, *MY_PRESCRIPTIONS, 1, 3, 4}
_ID_KEYS = {"user_id", "patient_id", "presc_id", "prescription_id"}


def _phone_formats(phone: str) -> list[str]:
    digits = phone.replace("-", "")
    return [phone, digits, f"+972-{digits[1:3]}-{digits[3:6]}-{digits[6:]}", f"+972{digits[1:]}", f"972{digits[1:]}"]


def _email_formats(email: str) -> list[str]:
    return [email, email.upper(), f"  {email}  ", email.title()]


_identifiers = [v for e in OTHER_EMAILS for v in _email_formats(e)] + [
    v for p in OTHER_PHONES for v in _phone_formats(p)
]
_HOSTILE: list[Any] = [
    "",
    " ",
    "x" * 10_000,
    "'; DROP TABLE prescriptions; --",
    "p101' OR '1'='1",
    "<script>alert(1)</script>",
    "<b>p201</b>",
    "%",
    "_",
    "*",
    "\x00",
    "u001\nu002",
    None,
    True,
    3.5,
    -1,
    0,
    10**12,
    [],
    {},
]
_MINE: list[Any] = [
    *MY_PRESCRIPTIONS,
    ME,
    "m001",
    "m007",
    "m008",
    "m010",
    "m016",
    "s1",
    "s2",
    "david.cohen@example.com",
    "050-123-4567",
    "Advil",
    "אדוויל",
    "Amoxicillin",
    1,
    2,
    3,
    4,
    7,
]
_THEIRS: list[Any] = [*OTHERS, *OTHER_PRESCRIPTIONS, *_identifiers, 101, 201, 202, 501, 502, 601, 901, 1001]
_CHOICES: list[Any] = [
    "rx",
    "non_rx",
    "both",
    "in_stock",
    "out_of_stock",
    "LIST",
    "REFILL_STATUS",
    "refill",
    "new",
    "en",
    "he",
    "low",
    "normal",
    "high",
    "urgent",
    False,
]
_POOL = _THEIRS + _MINE + _HOSTILE + _CHOICES + [[*OTHER_PRESCRIPTIONS[:3]], ["m010", "m001"], ["m001", 101]]
_EXTRA_KEYS = ["user_id", "patient_id", "presc_id", "user_identifier", "prescription_id", "conversation_id"]


def _fits(model: type[BaseModel], name: str, value: Any) -> bool:
    info = model.model_fields[name]
    annotation: Any = info.annotation
    if info.metadata:  # max_length, pattern, ge/le… live in the metadata, not the annotation
        annotation = Annotated[(annotation, *info.metadata)]
    try:
        TypeAdapter(annotation).validate_python(value)
    except ValidationError:
        return False
    return True


@functools.cache
def _plausible(profile: str, tool: str, name: str) -> tuple[Any, ...]:
    """The pool values that pass the field's own type: they reach the tool instead of the validator."""
    model = registry_for(profile).get(tool).input_model  # type: ignore[union-attr]
    return tuple(v for v in _POOL if _fits(model, name, v))


_anything = st.one_of(st.sampled_from(_POOL), st.text(max_size=40), st.integers(-5, 2000))


@st.composite
def _calls(draw: st.DrawFn) -> tuple[str, str, Any]:
    profile = draw(st.sampled_from(profiles()))
    spec = draw(st.sampled_from(registry_for(profile).specs()))
    arguments: dict[str, Any] = {}
    for name in spec.input_model.model_fields:
        plausible = _plausible(profile, spec.name, name)
        kind = draw(st.integers(0, 19))
        if kind == 0:
            continue  # left out
        if kind == 1 or not plausible:
            arguments[name] = draw(_anything)
        else:
            arguments[name] = draw(st.sampled_from(plausible))
    shape = draw(st.integers(0, 30))
    if shape == 0:
        return profile, spec.name, json.dumps(arguments)[:-1]  # broken JSON text
    if shape == 1:
        return profile, spec.name, draw(_anything)
    if shape < 5:
        arguments[draw(st.sampled_from(_EXTRA_KEYS))] = draw(_anything)
    return profile, spec.name, arguments


def _others_rows(db: Database) -> dict[str, Any]:
    with db.session() as s:
        return {
            "patients": sorted(
                (p.user_id, p.name_en, p.name_he, p.email, p.phone)
                for p in s.scalars(select(Patient).where(Patient.user_id != ME))
            ),
            "prescriptions": sorted(
                (r.presc_id, r.user_id, r.med_id, r.status, r.refills_left, r.expires_at)
                for r in s.scalars(select(Prescription).where(Prescription.user_id != ME)).unique()
            ),
            "refills": sorted(
                (r.refill_id, r.presc_id, r.user_id, r.status, r.quantity)
                for r in s.scalars(select(RefillRequest).where(RefillRequest.user_id != ME))
            ),
            "tickets": sorted(
                (t.ticket_id, t.user_id, t.reason, t.status)
                for t in s.scalars(select(Ticket).where(Ticket.user_id.is_not(None), Ticket.user_id != ME))
            ),
        }


@pytest.fixture
def canaries(db: Database) -> Iterator[list[str]]:
    """Plant unique strings in every other patient's name, refills and tickets; return them."""
    tag = uuid.uuid4().hex[:8]
    planted: list[str] = []
    now = datetime.combine(TODAY, datetime.min.time(), tzinfo=UTC)
    with db.session(write=True) as s:
        for user_id in OTHERS:
            en, he = f"CANARY-{user_id}-en-{tag}", f"CANARY-{user_id}-he-{tag}"
            s.execute(update(Patient).where(Patient.user_id == user_id).values(name_en=en, name_he=he))
            reason = f"CANARY-{user_id}-ticket-{tag}"
            ticket_id = f"t-canary-{user_id}-{tag}"
            s.add(
                Ticket(
                    ticket_id=ticket_id,
                    user_id=user_id,
                    conversation_id=f"c-{user_id}",
                    reason=reason,
                    priority="normal",
                    status="open",
                    language="en",
                    created_at=now,
                )
            )
            planted += [en, he, reason, ticket_id]
        refill_id = f"r-canary-{tag}"
        s.add(
            RefillRequest(
                refill_id=refill_id,
                presc_id="p201",
                user_id="u003",
                store_id="s1",
                quantity=1,
                status="pending",
                created_at=now,
                ready_by=TODAY + timedelta(days=1),
            )
        )
        planted.append(refill_id)
        planted += [r.refill_id for r in s.scalars(select(RefillRequest).where(RefillRequest.user_id != ME))]
    yield sorted(set(planted))


def _id_values(value: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            if key in _ID_KEYS and not isinstance(item, dict | list):
                yield key, item
            yield from _id_values(item)
    elif isinstance(value, list):
        for item in value:
            yield from _id_values(item)


def check_no_leak(envelope: dict[str, Any], arguments: Any, canaries: list[str]) -> None:
    """Fail when ``envelope`` carries anything of another patient that the arguments did not bring."""
    text = dumps(envelope)
    sent = dumps(arguments) if not isinstance(arguments, str) else arguments
    for canary in canaries:
        assert canary not in text, (canary, envelope)
    for presc_id in OTHER_PRESCRIPTIONS:
        if re.search(rf"\b{presc_id}\b", text):
            assert presc_id in sent, (presc_id, envelope)  # an echo of the caller's own text is no leak
    for key, value in _id_values(envelope):
        if value is not None and str(value) not in sent:
            assert value in MINE, (key, value, envelope)


def test_no_argument_reaches_another_patient(
    db: Database, make_session: Callable[..., Session], canaries: list[str]
) -> None:
    before = _others_rows(db)
    assert any("CANARY" in str(row) for row in before["patients"])
    sessions: dict[tuple[str, str], Session] = {}
    seen: Counter[str] = Counter()

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(call=_calls(), mode=st.sampled_from(["otp", "demo", "trusted"]), language=st.sampled_from(["en", "he"]))
    def run(call: tuple[str, str, Any], mode: str, language: str) -> None:
        profile, tool, arguments = call
        key = (profile, mode)
        if key not in sessions:
            sessions[key] = make_session(ME, language=language, profile=profile, identity_mode=mode)
        session = sessions[key]
        session.context.language = language
        envelope = session.call(tool, arguments)
        check_no_leak(envelope, arguments, canaries)
        assert session.last is not None
        seen[session.last.code or "ok"] += 1
        if session.last.confirmation is not None:
            approved = session.approve(session.last.confirmation["confirmation_id"])
            check_no_leak(approved, arguments, canaries)
        assert session.context.principal.patient_id == ME

    run()
    assert _others_rows(db) == before
    # The strategies must reach the tools, not only the validator.
    assert seen["ok"] > 0 and sum(seen.values()) > seen["VALIDATION_ERROR"] + seen["ok"]


@pytest.mark.parametrize("profile", profiles())
def test_every_tool_with_every_other_patients_values(
    db: Database, make_session: Callable[..., Session], canaries: list[str], profile: str
) -> None:
    """Deterministic sweep: each field of each tool gets each of the other patients' values."""
    before = _others_rows(db)
    session = make_session(ME, profile=profile)
    values: list[Any] = [*OTHERS, *OTHER_PRESCRIPTIONS, *_identifiers, 101, 201, 901, 1001]
    for spec in registry_for(profile).specs():
        for field in [*spec.input_model.model_fields, "user_id", "patient_id"]:
            for value in values:
                arguments = {field: value}
                if spec.name == "prescription_management":
                    arguments = {"action": "LIST", "user_identifier": "david.cohen@example.com", **arguments}
                    arguments.setdefault("prescription_id", None)
                envelope = session.call_confirmed(spec.name, arguments)
                check_no_leak(envelope, arguments, canaries)
    assert _others_rows(db) == before


def test_the_leak_check_sees_a_leak(make_session: Callable[..., Session], canaries: list[str]) -> None:
    """The detector itself: another patient's own session output must trip it."""
    theirs = make_session("u003").call("get_user_prescriptions", {})
    with pytest.raises(AssertionError):
        check_no_leak(theirs, {}, canaries)
    seed001 = make_session("u003", profile="seed-001").call(
        "prescription_management", {"action": "LIST", "user_identifier": "yossi.levi@example.com"}
    )
    with pytest.raises(AssertionError):
        check_no_leak(seed001, {}, canaries)
