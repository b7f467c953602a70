"""The ``staff`` profile through the registry and the real executor: ``calculate_medical_score`` and
``list_interactions``, their schemas, envelopes in English and Hebrew, typed errors and audit rows."""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from typing import Any, get_args

import pytest
from sqlalchemy import select

import pharmai.toolsets
from pharmai.clock import Clock
from pharmai.db import Database
from pharmai.db.models import AuditLog
from pharmai.pharmacy.scores import CALCULATORS, SCORE_NAMES
from pharmai.settings import Settings
from pharmai.tools import (
    Actor,
    Executor,
    Principal,
    ToolCall,
    ToolContext,
    check_strict,
    export_tools,
    strict_schema,
)
from pharmai.toolsets import registry_for
from pharmai.toolsets.staff import TOOL_ROLES
from pharmai.toolsets.staff.models import CalculateScoreInput, ScoreName
from pharmai.toolsets.staff.tickets import TOOL_ROLES as TICKET_ROLES
from tests.conftest import TODAY
from tests.pharmacy.test_scores_catalog import EXAMPLES
from tests.toolsets._helpers import error, hebrew
from tests.toolsets.conftest import HOSTILE, dumps

STAFF_TOOLS = [
    "calculate_medical_score",
    "list_interactions",
    "search_pubmed",
    "search_documents",
    "retrieve_document",
    "get_calendar_events",
    "create_calendar_event",
    "lookup_customer",
    "create_support_ticket",
    "update_ticket",
    "list_tickets",
]
#: Staff tools that write, and those not every staff role may call (the consultation calendar's booking).
WRITE_TOOLS = {"create_calendar_event"}
#: The ticket tools (tests/handoff): their own roles; their writes are staff bookkeeping, not confirmed.
TICKET_WRITES = {"create_support_ticket", "update_ticket"}
PHARMACIST = Actor(id="acc-pharmacist", role="pharmacist")


class Staff:
    """A staff session on the ``staff`` profile: every call runs through the executor."""

    def __init__(
        self,
        executor: Executor,
        db: Database,
        language: str = "en",
        principal: Principal | None = None,
        actor: Actor | None = PHARMACIST,
    ):
        self.executor = executor
        self.context = ToolContext(
            principal=principal or Principal.staff("pharmacist-1"),
            conversation_id=f"staff-{uuid.uuid4().hex[:12]}",
            language=language,
            channel="test",
            db=db,
            clock=Clock(TODAY),
        )
        self.context.actor = actor

    def call(self, name: str, arguments: Any) -> dict[str, Any]:
        return self.executor.render(self.executor.execute(ToolCall(name=name, arguments=arguments), self.context))


@pytest.fixture
def staff(make_executor: Callable[..., Executor], db: Database) -> Callable[..., Staff]:
    executor = make_executor("staff")
    return lambda language="en", principal=None, actor=PHARMACIST: Staff(executor, db, language, principal, actor)


def score(session: Staff, name: str, parameters: Any, language: str | None = None) -> dict[str, Any]:
    arguments: dict[str, Any] = {"score": name, "parameters": parameters}
    if language:
        arguments["language"] = language
    return session.call("calculate_medical_score", arguments)


# --- the profile -----------------------------------------------------------------------------------------


def test_the_staff_profile_is_registered_but_not_customer_facing() -> None:
    assert "staff" in pharmai.toolsets.profile_names() and pharmai.toolsets.STAFF_PROFILES == ("staff",)
    assert "staff" not in pharmai.toolsets.PROFILES
    assert registry_for("staff").names() == STAFF_TOOLS
    for customer_profile in pharmai.toolsets.PROFILES:
        assert not set(STAFF_TOOLS) & set(registry_for(customer_profile).names()), customer_profile
    assert Settings().tool_profile == "canonical"


def test_every_staff_tool_declares_the_staff_roles() -> None:
    assert set(TOOL_ROLES) == set(registry_for("staff").names())
    for spec in registry_for("staff").specs():
        if spec.name in TICKET_ROLES:
            assert spec.roles == tuple(sorted(TICKET_ROLES[spec.name])) == tuple(sorted(TOOL_ROLES[spec.name]))
            continue
        every = ("admin", "pharmacist") if spec.name in WRITE_TOOLS else ("admin", "pharmacist", "technician")
        assert spec.roles == every == tuple(sorted(TOOL_ROLES[spec.name]))


@pytest.mark.parametrize("name", STAFF_TOOLS)
def test_a_call_with_no_staff_actor_is_refused(staff: Callable[..., Staff], name: str) -> None:
    arguments = {
        "calculate_medical_score": {"score": "meld", "parameters": EXAMPLES["meld"]},
        "list_interactions": {"med_id": "m010"},
        "search_pubmed": {"query": "warfarin"},  # refused before it runs: nothing is sent to NCBI
        "search_documents": {"query": "refill"},
        "retrieve_document": {"document_id": "doc-0123456789abcdef"},
        "get_calendar_events": {"start_date": "2026-03-03", "end_date": "2026-03-03"},
        "create_calendar_event": {"title": "Review", "start_datetime": "2026-03-03T10:00"},
        "lookup_customer": {"customerId": "u001"},
        "create_support_ticket": {"type": "other", "description": "x", "customerId": "u001"},
        "update_ticket": {"ticketId": "PH-000001", "status": "in_progress"},
        "list_tickets": {},
    }[name]
    err = error(staff(principal=Principal.anonymous(), actor=None).call(name, arguments))
    assert err["code"] == "FORBIDDEN" and err["details"]["reason"] == "staff_only"


def test_tools_are_read_only_and_need_no_patient() -> None:
    for spec in registry_for("staff").specs():
        writes = spec.name in WRITE_TOOLS | TICKET_WRITES
        confirmed = spec.name in WRITE_TOOLS
        assert spec.read_only is not writes and not spec.phi and spec.confirm is confirmed and spec.title_he


def test_the_schema_lists_each_calculator_and_its_parameters() -> None:
    assert get_args(ScoreName) == SCORE_NAMES
    schema = strict_schema(CalculateScoreInput)
    check_strict(schema)
    shapes = schema["properties"]["parameters"]["anyOf"]
    assert [set(shape["required"]) for shape in shapes] == [set(c.params.model_fields) for c in CALCULATORS.values()]
    assert all(shape["additionalProperties"] is False for shape in shapes)
    renal = shapes[0]["properties"]
    assert renal["creatinine_unit"]["enum"] == ["mg/dL", "umol/L"] and renal["age_years"]["minimum"] == 18
    for fmt in ("openai", "chat", "anthropic", "mcp"):
        assert [t.get("name") or t["function"]["name"] for t in export_tools(registry_for("staff"), fmt)] == STAFF_TOOLS
    mcp = export_tools(registry_for("staff"), "mcp")
    assert all(t["annotations"]["readOnlyHint"] is (t["name"] not in WRITE_TOOLS | TICKET_WRITES) for t in mcp)


# --- calculate_medical_score ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", SCORE_NAMES)
def test_every_calculator_answers_in_the_canonical_envelope(staff: Callable[..., Staff], name: str) -> None:
    env = score(staff(), name, EXAMPLES[name])
    assert env["ok"] is True and env["error"] is None and env["score"] == name
    assert set(env) >= {"title", "value", "unit", "band", "other_bands", "components", "notes", "sources"}
    assert env["band"]["label"] and not hebrew(dumps(env))
    assert any(s["used_for"] == "formula" for s in env["sources"])


def test_cockcroft_gault_in_english(staff: Callable[..., Staff]) -> None:
    env = score(staff(), "renal_dosing", EXAMPLES["renal_dosing"])  # 60 y, male, 80 kg, 1.2 mg/dL
    assert (env["value"], env["unit"]) == (74.1, "mL/min")
    assert env["band"] == {
        "scheme": "crcl_stage",
        "code": "mild",
        "label": "Mildly decreased (60–89 mL/min)",
        "detail": "Check the product's labelling for its renal dose adjustment in this range.",
    }
    paper = env["sources"][0]
    assert paper["doi"] == "10.1159/000180580" and paper["url"] == "https://doi.org/10.1159/000180580"


def test_wells_pe_in_hebrew_has_both_bands(staff: Callable[..., Staff]) -> None:
    env = score(staff("he"), "wells_pe", EXAMPLES["wells_pe"], language="he")  # 3 + 1.5 + 1.5 = 6.0
    assert env["value"] == 6.0 and env["unit"] == "נקודות" and env["title"] == "מדד Wells לתסחיף ריאתי"
    assert env["band"]["code"] == "likely" and env["band"]["label"] == "תסחיף ריאתי (PE) סביר (יותר מ-4)"
    assert [b["code"] for b in env["other_bands"]] == ["moderate"] and hebrew(env["other_bands"][0]["label"])
    assert all(hebrew(c["label"]) for c in env["components"]) and all(hebrew(n) for n in env["notes"])
    (paper,) = env["sources"]
    assert paper["pmid"] == "10744147" and paper["url"] == "https://pubmed.ncbi.nlm.nih.gov/10744147/"


def test_the_language_argument_wins_over_the_session(staff: Callable[..., Staff]) -> None:
    env = score(staff("he"), "bmi", EXAMPLES["bmi"], language="en")
    assert env["band"]["label"] == "Normal range (18.50–24.99)"
    assert score(staff("en"), "bmi", EXAMPLES["bmi"], language="he")["band"]["label"] == "טווח תקין (18.50–24.99)"


def test_a_technician_needs_no_patient_to_calculate(staff: Callable[..., Staff]) -> None:
    # Nothing patient-specific is read, so no verified patient is needed; the staff role is what counts.
    technician = Actor(id="acc-technician", role="technician")
    assert score(staff(principal=Principal.anonymous(), actor=technician), "meld", EXAMPLES["meld"])["value"] == 15


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_missing_unit_is_a_validation_error_naming_the_field(staff: Callable[..., Staff], language: str) -> None:
    parameters = {k: v for k, v in EXAMPLES["renal_dosing"].items() if k != "creatinine_unit"}
    err = error(score(staff(language), "renal_dosing", parameters, language=language))
    assert err["code"] == "VALIDATION_ERROR"
    assert err["details"]["fields"] == [
        {"field": "parameters.creatinine_unit", "type": "missing", "message": "Field required"}
    ]
    assert "parameters.creatinine_unit" in err["message"] and hebrew(err["message"]) == (language == "he")


def test_wrong_units_and_implausible_values_are_each_named_never_echoed(staff: Callable[..., Staff]) -> None:
    parameters = {**EXAMPLES["meld"], "bilirubin_unit": "g/L", "serum_creatinine": 123.456, "inr": 77.125}
    err = error(score(staff(), "meld", parameters))
    assert {(f["field"], f["type"]) for f in err["details"]["fields"]} == {
        ("parameters.bilirubin_unit", "literal_error"),
        ("parameters.serum_creatinine", "out_of_range"),
        ("parameters.inr", "less_than_equal"),
    }
    text = json.dumps(err)
    assert "123.456" not in text and "77.125" not in text and "g/L" not in text


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"score": "apache_ii", "parameters": {}}, "score"),
        ({"parameters": EXAMPLES["bmi"]}, "score"),
        ({"score": "bmi"}, "parameters"),
        ({"score": "bmi", "parameters": [68, 165]}, "parameters"),
        ({"score": "bmi", "parameters": EXAMPLES["bmi"], "patient_id": "u001"}, "patient_id"),
        ({"score": "bmi", "parameters": EXAMPLES["bmi"], "language": "fr"}, "language"),
        ({"score": "bmi", "parameters": EXAMPLES["chadsvasc"]}, "parameters.age_years"),
    ],
)
def test_malformed_calls_are_validation_errors(staff: Callable[..., Staff], arguments: Any, field: str) -> None:
    err = error(staff().call("calculate_medical_score", arguments))
    assert err["code"] == "VALIDATION_ERROR" and field in {f["field"] for f in err["details"]["fields"]}


@pytest.mark.parametrize("value", HOSTILE)
def test_hostile_values_never_crash(staff: Callable[..., Staff], value: Any) -> None:
    for arguments in (
        {"score": value, "parameters": EXAMPLES["bmi"]},
        {"score": "bmi", "parameters": value},
        {"score": "renal_dosing", "parameters": {**EXAMPLES["renal_dosing"], "creatinine_unit": value}},
        {"score": "bmi", "parameters": {"weight_kg": value, "height_cm": 165}},
    ):
        env = staff().call("calculate_medical_score", arguments)
        if value == 42 and arguments["parameters"] == {"weight_kg": 42, "height_cm": 165}:
            assert env["ok"] is True and env["value"] == 15.43  # 42 kg is a plausible weight
        else:
            assert error(env)["code"] == "VALIDATION_ERROR"


def test_calls_are_audited_without_their_arguments(staff: Callable[..., Staff], db: Database) -> None:
    session = staff()
    assert score(session, "bmi", EXAMPLES["bmi"])["ok"] is True
    assert score(session, "bmi", {"weight_kg": 68})["ok"] is False
    session.executor.flush()
    with db.session() as s:
        rows = s.scalars(select(AuditLog).where(AuditLog.conversation_id == session.context.conversation_id)).all()
    assert sorted((r.tool, r.outcome, r.error_code) for r in rows) == [
        ("calculate_medical_score", "ok", None),
        ("calculate_medical_score", "refused", "VALIDATION_ERROR"),
    ]
    stored = " ".join(str(getattr(r, c.name)) for r in rows for c in AuditLog.__table__.columns)
    assert "pharmacist-1" not in stored  # the staff member only as a keyed surrogate
    assert not {"arguments", "parameters", "result"} & {c.name for c in AuditLog.__table__.columns}


# --- list_interactions -------------------------------------------------------------------------------


def test_list_interactions_of_warfarin(staff: Callable[..., Staff]) -> None:
    env = staff().call("list_interactions", {"med_id": "m010"})
    assert env["ok"] is True and env["interaction_level"] == "avoid"
    assert env["medication"] == {
        "med_id": "m010",
        "display_name": "Coumadin (Warfarin) 5 mg",
        "name_en": "Coumadin",
        "name_he": "קומדין",
        "active_ingredients": [{"ingredient_id": "warfarin", "name": "Warfarin"}],
    }
    assert [(i["interacts_with"]["ingredient_id"], i["level"]) for i in env["interactions"]] == [
        ("aspirin", "avoid"),
        ("ibuprofen", "avoid"),
        ("clarithromycin", "caution"),
        ("paracetamol", "caution"),
    ]
    paracetamol = env["interactions"][3]
    assert [p["med_id"] for p in paracetamol["products"]] == ["m004", "m005"] and paracetamol["products_total"] == 2
    assert "INR" in paracetamol["message"]


def test_list_interactions_in_hebrew(staff: Callable[..., Staff]) -> None:
    env = staff("he").call("list_interactions", {"med_id": "m009", "language": "he"})
    assert env["medication"]["display_name"].startswith("זולופט") and hebrew(env["notes"])
    tramadol = env["interactions"][0]
    assert (tramadol["interacts_with"]["name"], tramadol["level"]) == ("טרמדול", "avoid")
    assert "תסמונת סרוטונין" in tramadol["message"] and tramadol["products"][0]["display_name"].startswith("טרמדקס")


def test_a_medication_without_interactions(staff: Callable[..., Staff]) -> None:
    env = staff().call("list_interactions", {"med_id": "m006"})
    assert env["ok"] is True and env["interaction_level"] == "none" and env["interactions"] == []
    assert "No interactions are listed" in env["notes"]


@pytest.mark.parametrize("language", ["en", "he"])
def test_unknown_medication(staff: Callable[..., Staff], language: str) -> None:
    err = error(staff(language).call("list_interactions", {"med_id": "m999", "language": language}))
    assert err["code"] == "MED_NOT_FOUND" and err["details"]["query"] == "m999"
    assert hebrew(err["message"]) == (language == "he")


@pytest.mark.parametrize("value", HOSTILE)
def test_list_interactions_refuses_hostile_ids(staff: Callable[..., Staff], value: Any) -> None:
    err = error(staff().call("list_interactions", {"med_id": value}))
    assert err["code"] == "VALIDATION_ERROR"


def test_the_customer_profile_does_not_answer_staff_tools(make_executor: Callable[..., Executor], db: Database) -> None:
    customer = Staff(make_executor("canonical"), db, principal=Principal.patient("u002"))
    assert error(customer.call("list_interactions", {"med_id": "m010"}))["code"] == "TOOL_NOT_FOUND"
    assert (
        error(customer.call("calculate_medical_score", {"score": "bmi", "parameters": EXAMPLES["bmi"]}))["code"]
        == "TOOL_NOT_FOUND"
    )
