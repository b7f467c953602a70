"""Canonical catalog, stock and interaction tools through the registry and the executor: successes
and each contract error code, in English and Hebrew, on SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tests.toolsets._helpers import Make, error, hebrew
from tests.toolsets.conftest import Session

# --- get_medication_by_name ------------------------------------------------------------------------


def test_ibuprofen_is_the_generic_with_its_products_and_seed_001_flow_a_facts(david: Session) -> None:
    env = david.call("get_medication_by_name", {"medication_name": "Ibuprofen"})
    assert env["ok"] is True and env["error"] is None
    med = env["medication"]
    assert med["name_en"] == "Ibuprofen" and med["name_he"] == "איבופרופן"
    assert [a["name"] for a in med["active_ingredients"]] == ["Ibuprofen"]
    assert med["rx_required"] is False
    assert "200–400 mg every 4–6 hours" in med["dosage"] and "1,200 mg a day without a doctor" in med["dosage"]
    assert "NSAID" in med["warnings"] and "stomach ulcers" in med["warnings"]
    assert [p["med_id"] for p in med["products"]] == ["m001", "m002", "m003"]
    assert {p["med_id"]: p["in_stock"] for p in med["products"]} == {"m001": False, "m002": True, "m003": True}


def test_ibuprofen_in_hebrew_answers_in_hebrew(make_session: Make) -> None:
    env = make_session(language="he").call("get_medication_by_name", {"medication_name": "איבופרופן", "language": "he"})
    med = env["medication"]
    assert med["name_en"] == "Ibuprofen" and med["name_he"] == "איבופרופן"
    assert hebrew(med["dosage"]) and hebrew(med["warnings"]) and "1,200" in med["dosage"]
    assert [p["med_id"] for p in med["products"]] == ["m001", "m002", "m003"]


def test_hebrew_brand_name_resolves_to_the_product(make_session: Make) -> None:
    env = make_session(language="he").call("get_medication_by_name", {"medication_name": "אדוויל", "language": "he"})
    med = env["medication"]
    assert med["med_id"] == "m001" and med["name_en"] == "Advil" and med["name_he"] == "אדוויל"
    assert med["brand_name"] == "אדוויל" and med["generic_name"] == "איבופרופן"
    assert med["in_stock"] is False and med["products"] is None
    assert hebrew(med["display_name"]) and hebrew(med["dosage"]) and hebrew(med["warnings"])


def test_misspelled_and_sentence_queries_resolve(david: Session) -> None:
    assert david.call("get_medication_by_name", {"medication_name": "Advill"})["medication"]["med_id"] == "m001"
    sentence = david.call("get_medication_by_name", {"medication_name": "what is Zyrtec used for?"})
    assert sentence["medication"]["med_id"] == "m006"


@pytest.mark.parametrize(("language", "query", "first"), [("en", "zirtek", "Zyrtec"), ("he", "זירטיקון", "זירטק")])
def test_unknown_name_is_med_not_found_with_did_you_mean(
    make_session: Make, language: str, query: str, first: str
) -> None:
    err = error(
        make_session(language=language).call("get_medication_by_name", {"medication_name": query, "language": language})
    )
    assert err["code"] == "MED_NOT_FOUND"
    assert err["details"]["query"] == query and err["details"]["did_you_mean"][0].startswith(first)
    assert hebrew(err["message"]) == (language == "he")


def test_nonsense_has_no_suggestions(david: Session) -> None:
    err = error(david.call("get_medication_by_name", {"medication_name": "qwxzvbnm"}))
    assert err["code"] == "MED_NOT_FOUND" and err["details"]["did_you_mean"] == []


@pytest.mark.parametrize("language", ["en", "he"])
def test_names_spanning_ingredients_are_ambiguous(make_session: Make, language: str) -> None:
    err = error(
        make_session(language=language).call(
            "get_medication_by_name", {"medication_name": "amox", "language": language}
        )
    )
    assert err["code"] == "AMBIGUOUS" and len(err["details"]["suggestions"]) == 2
    assert all(hebrew(s) == (language == "he") for s in err["details"]["suggestions"])
    assert hebrew(err["message"]) == (language == "he")


@pytest.mark.parametrize("language", ["en", "he"])
def test_empty_name_is_missing_medication_query(make_session: Make, language: str) -> None:
    err = error(
        make_session(language=language).call("get_medication_by_name", {"medication_name": "  ", "language": language})
    )
    assert err["code"] == "MISSING_MEDICATION_QUERY" and hebrew(err["message"]) == (language == "he")


def test_error_text_follows_the_language_argument(make_session: Make) -> None:
    # docs/contracts.md: "all human text in the output ... is in that language" — the argument, not the UI.
    err = error(
        make_session(language="en").call("get_medication_by_name", {"medication_name": "amox", "language": "he"})
    )
    assert hebrew(err["message"]), err


@pytest.mark.parametrize(
    "arguments",
    [
        {},
        {"medication_name": 42},
        {"medication_name": None},
        {"medication_name": "x" * 10_000},
        {"medication_name": "Advil", "language": "fr"},
        {"medication_name": "Advil", "patient_id": "u001"},
        "not json",
        [],
    ],
)
def test_bad_arguments_are_validation_errors(david: Session, snapshot: Callable[[], Any], arguments: Any) -> None:
    before = snapshot()
    err = error(david.call("get_medication_by_name", arguments))
    assert err["code"] == "VALIDATION_ERROR"
    assert snapshot() == before


@pytest.mark.parametrize("query", ["'; DROP TABLE products; --", "<script>alert(1)</script>"])
def test_sql_and_html_fragments_are_just_unknown_names(david: Session, snapshot: Callable[[], Any], query: str) -> None:
    before = snapshot()
    err = error(david.call("get_medication_by_name", {"medication_name": query}))
    assert err["code"] in {"MED_NOT_FOUND", "MISSING_MEDICATION_QUERY"}
    assert snapshot() == before
    assert david.call("get_medication_by_name", {"medication_name": "Advil"})["ok"] is True


# --- inventory_check ------------------------------------------------------------------------------


def test_advil_is_out_of_stock_at_the_default_store_with_a_restock_date(david: Session) -> None:
    env = david.call("inventory_check", {"query": "Advil"})
    assert env["store"] == {"store_id": "s1", "name": "Tel Aviv – Dizengoff"}
    [match] = env["matches"]
    assert (match["med_id"], match["qty_on_hand"], match["in_stock"], match["low_stock"]) == ("m001", 0, False, False)
    assert match["restock_eta"] == "2026-03-08"  # D+7
    assert "2026-03-08" in env["notes"]


def test_advil_is_in_stock_at_jerusalem(david: Session) -> None:
    env = david.call("inventory_check", {"med_id": "m001", "store_id": "s2"})
    [match] = env["matches"]
    assert (match["qty_on_hand"], match["in_stock"], match["restock_eta"]) == (40, True, None)


def test_tylenol_is_low_stock_in_hebrew(make_session: Make) -> None:
    env = make_session(language="he").call("inventory_check", {"query": "טיילנול", "language": "he"})
    assert env["store"]["name"] == "תל אביב – דיזנגוף"
    [match] = env["matches"]
    assert (match["med_id"], match["qty_on_hand"], match["in_stock"], match["low_stock"]) == ("m005", 5, True, True)
    assert match["restock_eta"] is None and hebrew(env["notes"]) and hebrew(match["display_name"])


@pytest.mark.parametrize(("store", "eta"), [("s1", "2026-03-11"), ("s2", "2026-03-13")])
def test_amoxicillin_is_out_of_stock_at_both_stores(david: Session, store: str, eta: str) -> None:
    env = david.call("inventory_check", {"query": "Amoxicillin", "store_id": store})
    [match] = env["matches"]
    assert (match["med_id"], match["brand_name"], match["qty_on_hand"]) == ("m007", "Moxypen", 0)
    assert match["in_stock"] is False and match["restock_eta"] == eta and match["rx_required"] is True


def test_med_id_wins_over_query(david: Session) -> None:
    env = david.call("inventory_check", {"query": "Advil", "med_id": "m006"})
    assert [m["med_id"] for m in env["matches"]] == ["m006"]


@pytest.mark.parametrize(
    ("arguments", "code"),
    [
        ({}, "MISSING_MEDICATION_QUERY"),
        ({"med_id": "m999"}, "MED_NOT_FOUND"),
        ({"query": "qwxzvbnm"}, "MED_NOT_FOUND"),
        ({"med_id": "m001", "store_id": "s9"}, "STORE_NOT_FOUND"),
        ({"med_id": ["m001"]}, "VALIDATION_ERROR"),
    ],
)
@pytest.mark.parametrize("language", ["en", "he"])
def test_inventory_errors(make_session: Make, arguments: dict[str, Any], code: str, language: str) -> None:
    err = error(make_session(language=language).call("inventory_check", {**arguments, "language": language}))
    assert err["code"] == code and hebrew(err["message"]) == (language == "he")


# --- inventory_find_equivalent --------------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "he"])
def test_advil_has_only_nurofen_200_as_equivalent_with_disclosure(make_session: Make, language: str) -> None:
    env = make_session(language=language).call("inventory_find_equivalent", {"med_id": "m001", "language": language})
    assert env["requested"]["med_id"] == "m001" and env["requested"]["in_stock"] is False
    assert [e["med_id"] for e in env["equivalents"]] == ["m002"]
    disclosure = env["equivalents"][0]["disclosure"]
    assert disclosure == {
        "same_active_ingredients": True,
        "same_strength": True,
        "same_form": True,
        "possible_differences": ["price", "inactive ingredients", "packaging"],
    }
    assert hebrew(env["notes"]) == (language == "he")


def test_relaxing_strength_adds_nurofen_forte(david: Session) -> None:
    env = david.call("inventory_find_equivalent", {"med_id": "m001", "require_same_strength": False})
    ids = [e["med_id"] for e in env["equivalents"]]
    assert set(ids) == {"m002", "m003"}
    forte = next(e for e in env["equivalents"] if e["med_id"] == "m003")
    assert forte["disclosure"]["same_strength"] is False and forte["disclosure"]["same_active_ingredients"] is True


@pytest.mark.parametrize("language", ["en", "he"])
def test_moxypen_has_no_equivalent(make_session: Make, language: str) -> None:
    # Augmentin adds clavulanic acid: not the same set of active ingredients.
    err = error(
        make_session(language=language).call("inventory_find_equivalent", {"med_id": "m007", "language": language})
    )
    assert err["code"] == "NO_EQUIVALENTS_FOUND" and hebrew(err["message"]) == (language == "he")


@pytest.mark.parametrize("med_id", ["m999", "'; DROP TABLE x; --", ""])
def test_equivalent_of_unknown_or_bad_id(david: Session, med_id: str) -> None:
    assert error(david.call("inventory_find_equivalent", {"med_id": med_id}))["code"] in {
        "MED_NOT_FOUND",
        "VALIDATION_ERROR",
    }


# --- interaction_check ----------------------------------------------------------------------------

#: docs/demo-world.md's ten interactions, as one product of each ingredient.
TEN = [
    ("m010", "m001", "avoid"),  # warfarin + ibuprofen
    ("m010", "m016", "avoid"),  # warfarin + aspirin
    ("m009", "m013", "avoid"),  # sertraline + tramadol
    ("m015", "m014", "avoid"),  # clopidogrel + omeprazole
    ("m021", "m020", "avoid"),  # simvastatin + clarithromycin
    ("m010", "m004", "caution"),  # warfarin + paracetamol
    ("m010", "m020", "caution"),  # warfarin + clarithromycin
    ("m009", "m001", "caution"),  # sertraline + ibuprofen
    ("m001", "m016", "caution"),  # ibuprofen + aspirin
    ("m011", "m020", "caution"),  # atorvastatin + clarithromycin
]


@pytest.mark.parametrize(("a", "b", "level"), TEN)
@pytest.mark.parametrize("language", ["en", "he"])
def test_the_ten_interactions(make_session: Make, a: str, b: str, level: str, language: str) -> None:
    session = make_session(language=language)
    for pair in ([a, b], [b, a]):
        env = session.call("interaction_check", {"med_ids": pair, "language": language})
        assert env["interaction_level"] == level
        [found] = env["pairs"]
        assert {found["med_id_a"], found["med_id_b"]} == {a, b} and found["level"] == level
        assert found["message"] and hebrew(found["message"]) == (language == "he")


def test_every_product_of_an_ingredient_inherits_its_interactions(david: Session) -> None:
    for ibuprofen in ("m001", "m002", "m003"):
        assert david.call("interaction_check", {"med_ids": ["m010", ibuprofen]})["interaction_level"] == "avoid"
    for paracetamol in ("m004", "m005"):
        assert david.call("interaction_check", {"med_ids": [paracetamol, "m010"]})["interaction_level"] == "caution"


def test_worst_pair_wins_and_every_pair_is_listed(david: Session) -> None:
    env = david.call("interaction_check", {"med_ids": ["m010", "m004", "m001"]})
    assert env["interaction_level"] == "avoid"
    levels = sorted(p["level"] for p in env["pairs"])
    assert levels == ["avoid", "caution"]


@pytest.mark.parametrize("language", ["en", "he"])
def test_two_products_of_one_ingredient_are_a_duplicate_caution(make_session: Make, language: str) -> None:
    env = make_session(language=language).call("interaction_check", {"med_ids": ["m004", "m005"], "language": language})
    assert env["interaction_level"] == "caution"
    [pair] = env["pairs"]
    assert pair["level"] == "caution" and hebrew(pair["message"]) == (language == "he")


def test_no_interaction_is_none(david: Session) -> None:
    env = david.call("interaction_check", {"med_ids": ["m004", "m006"]})
    assert env["interaction_level"] == "none" and env["pairs"] == []


@pytest.mark.parametrize("language", ["en", "he"])
def test_unknown_med_id(make_session: Make, language: str) -> None:
    err = error(
        make_session(language=language).call("interaction_check", {"med_ids": ["m001", "m999"], "language": language})
    )
    assert err["code"] == "UNKNOWN_MED_ID" and err["details"]["unknown"] == ["m999"]
    assert hebrew(err["message"]) == (language == "he")


@pytest.mark.parametrize("med_ids", [["m001"], [], ["m001"] * 11, "m001,m002", [1, 2], None])
def test_interaction_check_validation(david: Session, med_ids: Any) -> None:
    assert error(david.call("interaction_check", {"med_ids": med_ids}))["code"] == "VALIDATION_ERROR"


# --- list_medications -----------------------------------------------------------------------------


def _all_pages(session: Session, **filters: Any) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    cursor = None
    for _ in range(50):
        env = session.call("list_medications", {**filters, "limit": 4, "cursor": cursor})
        assert env["ok"] is True
        assert len(env["medications"]) <= 4
        items += env["medications"]
        cursor = env["next_cursor"]
        if cursor is None:
            return items
    raise AssertionError("paging never ended")


def test_cursor_paging_visits_every_medication_once(david: Session) -> None:
    paged = _all_pages(david)
    ids = [m["med_id"] for m in paged]
    assert len(ids) == len(set(ids)) and {f"m{i:03d}" for i in range(1, 23)} <= set(ids)
    whole = david.call("list_medications", {"limit": 100})
    assert [m["med_id"] for m in whole["medications"]] == ids and whole["next_cursor"] is None


def test_rx_and_stock_filters(david: Session) -> None:
    rx = {m["med_id"] for m in _all_pages(david, rx_filter="rx")}
    non_rx = {m["med_id"] for m in _all_pages(david, rx_filter="non_rx")}
    assert {"m007", "m008", "m022"} <= rx and not rx & non_rx
    assert {"m001", "m004", "m016", "m018"} <= non_rx
    out = {m["med_id"] for m in _all_pages(david, stock_filter="out_of_stock")}
    assert {"m001", "m007", "m011"} <= out
    out_s2 = {m["med_id"] for m in _all_pages(david, stock_filter="out_of_stock", store_id="s2")}
    assert {"m003", "m007"} <= out_s2 and "m001" not in out_s2
    both = _all_pages(david, rx_filter="rx", stock_filter="in_stock")
    assert all(m["rx_required"] and m["in_stock"] for m in both) and "m007" not in {m["med_id"] for m in both}


def test_list_in_hebrew(make_session: Make) -> None:
    env = make_session(language="he").call("list_medications", {"limit": 3, "language": "he"})
    assert all(hebrew(m["display_name"]) for m in env["medications"])


@pytest.mark.parametrize(
    "arguments",
    [
        {"limit": 0},
        {"limit": 101},
        {"limit": "ten"},
        {"rx_filter": "maybe"},
        {"cursor": "garbage"},
        {"cursor": "x" * 10_000},
        {"store_id": "<b>s1</b>"},
    ],
)
def test_list_validation(david: Session, arguments: dict[str, Any]) -> None:
    assert error(david.call("list_medications", arguments))["code"] in {"VALIDATION_ERROR", "STORE_NOT_FOUND"}
