"""The seed-contract profiles reproduce their seed documents field for field (``docs/contracts.md``),
through the registry and the executor, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from pharmai.tools import strict_schema
from pharmai.toolsets import registry_for
from tests.toolsets.conftest import Session

Make = Callable[..., Session]
_HEBREW = re.compile(r"[\u0590-\u05FF]")


@pytest.fixture
def seed000(make_session: Make) -> Session:
    return make_session("u002", profile="seed-000")


@pytest.fixture
def seed001(make_session: Make) -> Session:
    return make_session("u002", profile="seed-001")


@pytest.fixture
def seed002(make_session: Make) -> Session:
    return make_session("u002", profile="seed-002", identity_mode="demo")


# --- seed 001 -------------------------------------------------------------------------------------

_SEED001_MEDICATION = {
    "med_id", "name_en", "name_he", "active_ingredients", "dosage_en", "dosage_he", "rx_required", "warnings_en",
    "warnings_he",
}  # fmt: skip
_SEED001_PRESCRIPTION = {
    "presc_id", "med_id", "medication_name_en", "medication_name_he", "refills_left", "status", "can_refill",
}  # fmt: skip


def test_seed001_flow_a_ibuprofen(seed001: Session) -> None:
    env = seed001.call("get_medication_by_name", {"medication_name": "Ibuprofen"})
    assert set(env) == {"success", "medication"} and env["success"] is True
    med = env["medication"]
    assert set(med) == _SEED001_MEDICATION
    assert isinstance(med["med_id"], int) and med["name_en"] == "Ibuprofen" and med["name_he"] == "איבופרופן"
    assert isinstance(med["active_ingredients"], str) and "Ibuprofen" in med["active_ingredients"]
    assert "200–400 mg every 4–6 hours" in med["dosage_en"] and "1,200 mg" in med["dosage_en"]
    assert _HEBREW.search(med["dosage_he"]) and _HEBREW.search(med["warnings_he"])
    assert "NSAID" in med["warnings_en"] and "stomach ulcers" in med["warnings_en"]
    assert med["rx_required"] is False


def test_seed001_flow_b_amoxicillin_is_out_of_stock_with_null_qty(seed001: Session) -> None:
    med = seed001.call("get_medication_by_name", {"medication_name": "Amoxicillin"})["medication"]
    assert med["rx_required"] is True and "Amoxicillin" in med["name_en"]
    env = seed001.call("check_inventory", {"medication_id": med["med_id"]})
    assert set(env) == {"success", "inventory"} and env["success"] is True
    inv = env["inventory"]
    assert set(inv) == {
        "med_id",
        "store_id",
        "medication_name_en",
        "medication_name_he",
        "in_stock",
        "qty",
        "restock_eta",
    }
    assert inv["med_id"] == med["med_id"] and inv["store_id"] == 1
    assert inv["in_stock"] is False and inv["qty"] is None and inv["restock_eta"] == "2026-03-11"
    assert _HEBREW.search(inv["medication_name_he"])


def test_seed001_in_stock_has_qty_and_no_eta(seed001: Session) -> None:
    inv = seed001.call("check_inventory", {"medication_name": "Cetirizine"})["inventory"]
    assert (inv["in_stock"], inv["qty"], inv["restock_eta"]) == (True, 200, None)
    # store 2 by integer id; Advil is out at store 1 and in at store 2.
    advil_1 = seed001.call("check_inventory", {"medication_name": "Advil"})["inventory"]
    advil_2 = seed001.call("check_inventory", {"medication_id": advil_1["med_id"], "store_id": 2})["inventory"]
    assert (advil_1["qty"], advil_1["restock_eta"]) == (None, "2026-03-08") and (
        advil_2["qty"],
        advil_2["store_id"],
    ) == (40, 2)


def test_seed001_flow_c_davids_list(seed001: Session) -> None:
    env = seed001.call("prescription_management", {"action": "LIST", "user_identifier": "david.cohen@example.com"})
    assert set(env) == {"success", "user_name", "prescriptions"} and env["user_name"] == "David Cohen"
    rows = env["prescriptions"]
    assert all(set(p) == _SEED001_PRESCRIPTION and isinstance(p["presc_id"], int) for p in rows)
    active = [p for p in rows if p["status"] == "active"]
    assert [(p["refills_left"], p["can_refill"]) for p in active] == [(2, True), (5, True)]
    assert "Amoxicillin" in active[0]["medication_name_en"] and "Metformin" in active[1]["medication_name_en"]
    assert {p["status"] for p in rows} <= {"active", "completed", "expired"}


@pytest.mark.parametrize(
    "identifier", ["david.cohen@example.com", "DAVID.COHEN@EXAMPLE.COM", "050-123-4567", "+972501234567"]
)
def test_seed001_flow_c_refill_status(seed001: Session, identifier: str) -> None:
    listing = seed001.call("prescription_management", {"action": "LIST", "user_identifier": identifier})
    amoxicillin = next(p for p in listing["prescriptions"] if "Amoxicillin" in p["medication_name_en"])
    env = seed001.call(
        "prescription_management",
        {"action": "REFILL_STATUS", "user_identifier": identifier, "prescription_id": amoxicillin["presc_id"]},
    )
    assert set(env) == {"success", "prescription", "refill_eligible", "reason"}
    assert env["prescription"] == amoxicillin
    assert env["refill_eligible"] is True and env["reason"] == "2 refill(s) available"


@pytest.mark.parametrize(
    ("user", "identifier", "brand", "reason"),
    [
        ("u002", "david.cohen@example.com", "Lipitor", "Prescription is expired"),
        ("u002", "david.cohen@example.com", "Losec", "Prescription is completed"),
        ("u003", "yossi.levi@example.com", "Plavix", "No refills remaining"),
    ],
)
def test_seed001_reason_strings(make_session: Make, user: str, identifier: str, brand: str, reason: str) -> None:
    session = make_session(user, profile="seed-001")
    listing = session.call("prescription_management", {"action": "LIST", "user_identifier": identifier})
    presc = next(p for p in listing["prescriptions"] if brand in p["medication_name_en"])
    env = session.call(
        "prescription_management",
        {"action": "REFILL_STATUS", "user_identifier": identifier, "prescription_id": presc["presc_id"]},
    )
    assert env["refill_eligible"] is False and env["reason"] == reason and env["prescription"]["can_refill"] is False


def _seed001_error(env: dict[str, Any], code: str) -> None:
    assert env["success"] is False and env["error_code"] == code and env["error_message"], env
    assert "ok" not in env and "error" not in env


@pytest.mark.parametrize(
    ("tool", "arguments", "code"),
    [
        ("get_medication_by_name", {"medication_name": ""}, "NOT_FOUND"),
        ("get_medication_by_name", {"medication_name": "qwxzvbnm"}, "NOT_FOUND"),
        ("get_medication_by_name", {"medication_name": "amox"}, "AMBIGUOUS"),
        ("check_inventory", {}, "INVALID_STATE"),
        ("check_inventory", {"medication_name": "qwxzvbnm"}, "NOT_FOUND"),
        (
            "prescription_management",
            {"action": "DELETE", "user_identifier": "david.cohen@example.com"},
            "INVALID_STATE",
        ),
        (
            "prescription_management",
            {"action": "REFILL_STATUS", "user_identifier": "david.cohen@example.com"},
            "NOT_FOUND",
        ),
        ("prescription_management", {"action": "LIST", "user_identifier": "nobody@example.com"}, "UNAUTHORIZED"),
        ("prescription_management", {"action": "LIST", "user_identifier": "noa.cohen@example.com"}, "UNAUTHORIZED"),
        (
            "prescription_management",
            {"action": "REFILL_STATUS", "user_identifier": "david.cohen@example.com", "prescription_id": 101},
            "NOT_FOUND",
        ),
    ],
)
def test_seed001_error_codes(seed001: Session, tool: str, arguments: dict[str, Any], code: str) -> None:
    env = seed001.call(tool, arguments)
    _seed001_error(env, code)
    assert "Noa" not in str(env)


def test_seed001_error_fields(seed001: Session) -> None:
    empty = seed001.call("get_medication_by_name", {"medication_name": ""})
    assert empty["error_message"] == "Medication name cannot be empty" and "query" not in empty
    missing = seed001.call("get_medication_by_name", {"medication_name": "qwxzvbnm"})
    assert missing["query"] == "qwxzvbnm"
    ambiguous = seed001.call("get_medication_by_name", {"medication_name": "amox"})
    assert ambiguous["query"] == "amox" and len(ambiguous["suggestions"]) == 2


def test_seed001_unknown_and_foreign_identifiers_look_alike(seed001: Session) -> None:
    unknown = seed001.call("prescription_management", {"action": "LIST", "user_identifier": "nobody@example.com"})
    foreign = seed001.call("prescription_management", {"action": "LIST", "user_identifier": "noa.cohen@example.com"})
    assert unknown == foreign


def test_seed001_identifier_mode_identifies_by_typing(make_session: Make) -> None:
    session = make_session(None, profile="seed-001", identity_mode="identifier")
    env = session.call("prescription_management", {"action": "LIST", "user_identifier": "noa.cohen@example.com"})
    assert env["success"] is True and env["user_name"] == "Noa Cohen" and len(env["prescriptions"]) == 1
    assert (
        session.call("prescription_management", {"action": "LIST", "user_identifier": "nobody@example.com"})[
            "error_code"
        ]
        == "UNAUTHORIZED"
    )


def test_seed001_without_identity_is_unauthorized(make_session: Make) -> None:
    env = make_session(None, profile="seed-001").call(
        "prescription_management", {"action": "LIST", "user_identifier": "david.cohen@example.com"}
    )
    _seed001_error(env, "UNAUTHORIZED")


# --- seed 000 -------------------------------------------------------------------------------------

_SEED000_ITEM = {
    "med_id",
    "brand_name",
    "generic_name",
    "active_ingredients",
    "form",
    "strength",
    "rx_required",
    "qty_on_hand",
}


@pytest.mark.parametrize("language", ["en", "he"])
def test_seed000_equivalent_disclosure(make_session: Make, language: str) -> None:
    session = make_session("u002", language=language, profile="seed-000")
    env = session.call(
        "inventory_find_equivalent",
        {"med_id": "m001", "language": language, "require_same_strength": True, "require_same_form": True},
    )
    assert env["ok"] is True and env["error"] is None
    assert set(env["requested"]) >= _SEED000_ITEM and env["requested"]["qty_on_hand"] == 0
    assert isinstance(env["requested"]["active_ingredients"], list)
    assert isinstance(env["requested"]["active_ingredients"][0], str)
    [equivalent] = env["equivalents"]
    assert set(equivalent) >= _SEED000_ITEM and equivalent["med_id"] == "m002" and equivalent["qty_on_hand"] == 85
    assert equivalent["disclosure"] == {
        "same_active_ingredients": True,
        "same_strength": True,
        "same_form": True,
        "possible_differences": ["price", "inactive ingredients", "packaging"],
    }
    assert bool(_HEBREW.search(env["notes"])) == (language == "he")


def test_seed000_no_equivalent_and_unknown_med(seed000: Session) -> None:
    args = {"language": "en", "require_same_strength": True, "require_same_form": True}
    none = seed000.call("inventory_find_equivalent", {"med_id": "m007", **args})
    assert none["ok"] is False and set(none["error"]) == {"code", "message"}
    assert none["error"]["code"] == "NO_EQUIVALENTS_FOUND"
    assert seed000.call("inventory_find_equivalent", {"med_id": "m999", **args})["error"]["code"] == "MED_NOT_FOUND"


@pytest.mark.parametrize(
    ("med_ids", "level"),
    [
        (["m010", "m001"], "avoid"),
        (["m010", "m004"], "caution"),
        (["m004", "m005"], "caution"),
        (["m004", "m006"], "none"),
        (["m009", "m013", "m006"], "avoid"),
    ],
)
def test_seed000_interaction_levels(seed000: Session, med_ids: list[str], level: str) -> None:
    env = seed000.call("interaction_check", {"med_ids": med_ids, "language": "en"})
    assert env["ok"] is True and env["error"] is None and env["interaction_level"] == level
    assert all(set(p) == {"med_id_a", "med_id_b", "level", "message"} for p in env["pairs"])
    assert (env["pairs"] == []) == (level == "none")


def test_seed000_interaction_in_hebrew_and_unknown_id(make_session: Make) -> None:
    session = make_session("u002", language="he", profile="seed-000")
    env = session.call("interaction_check", {"med_ids": ["m021", "m020"], "language": "he"})
    assert env["interaction_level"] == "avoid" and _HEBREW.search(env["pairs"][0]["message"])
    err = session.call("interaction_check", {"med_ids": ["m001", "m999"], "language": "he"})["error"]
    assert err["code"] == "UNKNOWN_MED_ID" and _HEBREW.search(err["message"])


def test_seed000_inventory_check(seed000: Session) -> None:
    env = seed000.call("inventory_check", {"query": "Advil", "language": "en"})
    [match] = env["matches"]
    assert set(match) >= _SEED000_ITEM and (match["med_id"], match["qty_on_hand"]) == ("m001", 0)
    assert seed000.call("inventory_check", {"query": "qwxzvbnm", "language": "en"})["error"]["code"] == "MED_NOT_FOUND"


def test_seed000_prescription_verify(seed000: Session) -> None:
    env = seed000.call(
        "prescription_verify", {"patient_id": "u002", "med_id": "m007", "intent": "refill", "language": "en"}
    )
    expected = {"rx_required": True, "patient_found": True, "has_valid_rx": True, "rx_status": "active",
                "refills_remaining": 2, "next_step": "allow_refill_request"}  # fmt: skip
    assert {k: env[k] for k in expected} == expected and env["expires_at"] == "2026-05-30"
    expired = seed000.call(
        "prescription_verify", {"patient_id": "u002", "med_id": "m011", "intent": "refill", "language": "en"}
    )
    assert (expired["rx_status"], expired["next_step"], expired["has_valid_rx"]) == ("expired", "cannot_proceed", False)


@pytest.mark.parametrize("patient_id", ["u001", "u003", "u999", "", "'; DROP TABLE patients; --"])
def test_seed000_patient_id_must_be_the_sessions(seed000: Session, patient_id: str) -> None:
    env = seed000.call(
        "prescription_verify", {"patient_id": patient_id, "med_id": "m009", "intent": "refill", "language": "en"}
    )
    assert env["ok"] is False and env["error"]["code"] in {"FORBIDDEN", "PATIENT_NOT_FOUND", "VALIDATION_ERROR"}
    assert "Noa" not in str(env) and "Yossi" not in str(env)


# --- seed 002 -------------------------------------------------------------------------------------

_SEED002_SUMMARY = {
    "medication_id",
    "brand_name",
    "generic_name",
    "strength",
    "rx_required",
    "in_stock",
    "display_name",
}


def test_seed002_get_medication(seed002: Session) -> None:
    env = seed002.call("get_medication", {"query": "Advil"})
    assert set(env) == {"ok", "med"} and env["ok"] is True
    med = env["med"]
    assert set(med) >= {
        "medication_id", "name", "brand_name", "generic_name", "active_ingredients", "form", "strength",
        "requires_prescription", "in_stock", "dosage_instructions", "warnings",
    }  # fmt: skip
    assert re.fullmatch(r"m\d{3}", med["medication_id"]) and med["medication_id"] == "m001"
    assert med["active_ingredients"] == ["Ibuprofen"] and med["requires_prescription"] is False


def test_seed002_prescriptions_of_the_selected_user(seed002: Session) -> None:
    env = seed002.call("get_user_prescriptions", {})
    assert env["ok"] is True and env["user"] == {"user_id": "u002", "full_name": "David Cohen"}
    assert all(set(p) == _SEED002_SUMMARY for p in env["prescriptions"])
    assert [p["medication_id"] for p in env["prescriptions"]] == ["m007", "m008", "m011", "m014"]


def test_seed002_noa_sees_zoloft(make_session: Make) -> None:
    env = make_session("u001", profile="seed-002", identity_mode="demo").call("get_user_prescriptions", {})
    assert env["user"] == {"user_id": "u001", "full_name": "Noa Cohen"}
    assert [p["display_name"] for p in env["prescriptions"]] == ["Zoloft (Sertraline) 50 mg"]


@pytest.mark.parametrize(
    ("filters", "must", "must_not"),
    [
        ({"rx_filter": None, "stock_filter": None}, {"m001", "m007", "m022"}, set()),
        ({"rx_filter": "non_rx", "stock_filter": "out_of_stock"}, {"m001"}, {"m007", "m002"}),
        ({"rx_filter": "rx", "stock_filter": "both"}, {"m007", "m008"}, {"m001"}),
    ],
)
def test_seed002_list_medications(
    seed002: Session, filters: dict[str, Any], must: set[str], must_not: set[str]
) -> None:
    env = seed002.call("list_medications", filters)
    assert set(env) == {"ok", "medications"} and env["ok"] is True
    ids = {m["medication_id"] for m in env["medications"]}
    assert all(set(m) == _SEED002_SUMMARY for m in env["medications"])
    assert must <= ids and not must_not & ids


@pytest.mark.parametrize(
    ("user", "tool", "arguments", "code"),
    [
        ("u002", "get_medication", {"query": ""}, "MISSING_MEDICATION_QUERY"),
        ("u002", "get_medication", {"query": "   "}, "MISSING_MEDICATION_QUERY"),
        ("u002", "get_medication", {"query": None}, "MISSING_MEDICATION_QUERY"),
        ("u002", "get_medication", {"query": "qwxzvbnm"}, "MED_NOT_FOUND"),
        (None, "get_user_prescriptions", {}, "MISSING_USER_ID"),
    ],
)
def test_seed002_error_codes(
    make_session: Make, user: str | None, tool: str, arguments: dict[str, Any], code: str
) -> None:
    env = make_session(user, profile="seed-002", identity_mode="demo").call(tool, arguments)
    assert env["ok"] is False and env["error_code"] == code, env


def test_seed002_schemas_are_strict() -> None:
    # Responses API strict mode: every parameter required (optional ones nullable), no extra properties.
    for spec in registry_for("seed-002").specs():
        schema = strict_schema(spec.input_model)
        assert schema["additionalProperties"] is False
        assert sorted(schema["required"]) == sorted(schema["properties"]), spec.name
