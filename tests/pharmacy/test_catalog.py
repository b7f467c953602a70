"""Medication facts by id and by name, and the paged catalog, through the real demo database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import update

from pharmai.db import Database
from pharmai.db.models import Product
from pharmai.errors import (
    AmbiguousMedication,
    MedNotFound,
    MissingMedicationQuery,
    PharmaiError,
    StoreNotFound,
    ValidationFailed,
)
from pharmai.pharmacy.catalog import get_medication, list_medications, medication_info
from tests.pharmacy.conftest import HOSTILE


def test_medication_by_id_carries_both_languages_and_stock(db: Database) -> None:
    with db.session() as s:
        en = get_medication(s, "m001", language="en")
        he = get_medication(s, "m001", language="he", store_id="s2")
    assert (en.brand_name, en.generic_name, en.name_en, en.name_he) == ("Advil", "Ibuprofen", "Advil", "אדוויל")
    assert en.display_name == "Advil (Ibuprofen) 200 mg"
    assert [(i.name, i.strength) for i in en.active_ingredients] == [("Ibuprofen", "200 mg")]
    assert (en.form, en.strength, en.rx_required) == ("tablet", "200 mg", False)
    assert not en.in_stock and en.qty_on_hand == 0 and en.store_id == "s1"
    assert he.brand_name == "אדוויל" and he.generic_name == "איבופרופן" and he.active_ingredients[0].name == "איבופרופן"
    assert he.in_stock and he.qty_on_hand == 40
    assert "1,200 mg" in en.dosage and "NSAIDs" in en.warnings
    assert 'מ"ג' in he.dosage and "כיב קיבה" in he.warnings
    assert en.dosage_he == he.dosage and he.warnings_en == en.warnings


def test_product_text_overrides_generic_text_when_not_empty(db: Database) -> None:
    with db.session(write=True) as s:
        s.execute(update(Product).where(Product.med_id == "m002").values(dosage_en="Nurofen label dosage."))
    with db.session() as s:
        nurofen_en = get_medication(s, "m002", language="en")
        nurofen_he = get_medication(s, "m002", language="he")
        advil = get_medication(s, "m001")
    assert nurofen_en.dosage == "Nurofen label dosage."
    # The Hebrew product text is empty, so the generic's Hebrew text still applies.
    assert nurofen_he.dosage == advil.dosage_he
    assert advil.dosage.startswith("Take 200–400 mg")


def test_flow_a_ibuprofen_gives_generic_facts_with_products(db: Database) -> None:
    with db.session() as s:
        info = medication_info(s, "Ibuprofen", language="en")
        info_he = medication_info(s, "איבופרופן", language="he")
    assert info.kind == "generic" and info.generic is not None
    g = info.generic
    assert (g.name_en, g.name_he) == ("Ibuprofen", "איבופרופן")
    assert [i.name for i in g.active_ingredients] == ["Ibuprofen"]
    assert g.dosage == "Take 200–400 mg every 4–6 hours as needed; no more than 1,200 mg a day without a doctor."
    assert "NSAIDs" in g.warnings and "ulcers" in g.warnings
    assert g.rx_required is False and g.in_stock is True
    assert [p.med_id for p in g.products] == ["m001", "m002", "m003"]
    assert [p.in_stock for p in g.products] == [False, True, True]
    assert info_he.generic is not None and "כיב קיבה" in info_he.generic.warnings
    assert info_he.generic.display_name == "איבופרופן"


@pytest.mark.parametrize(("query", "language", "med_id"), [("Zyrtec", "en", "m006"), ("צטיריזין", "he", "m006")])
def test_one_product_names_answer_with_that_medication(db: Database, query: str, language: str, med_id: str) -> None:
    with db.session() as s:
        info = medication_info(s, query, language=language)
    assert info.kind == "medication" and info.medication is not None
    assert info.medication.med_id == med_id and info.medication.in_stock


def test_unknown_name_is_med_not_found_with_query(db: Database, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with db.session() as s, pytest.raises(MedNotFound) as caught:
        medication_info(s, "Qwertyzol")
    assert caught.value.details is not None and caught.value.details["query"] == "Qwertyzol"
    assert "did_you_mean" in caught.value.details
    assert "Qwertyzol" in caught.value.message("en") and "Qwertyzol" in caught.value.message("he")
    assert "לא מצאתי" in caught.value.message("he")
    assert snapshot() == before


def test_misspelled_generic_still_finds_it(db: Database) -> None:
    with db.session() as s:
        info = medication_info(s, "Ibuprofn")
    assert info.kind == "generic" and info.generic is not None and info.generic.generic_id == "ibuprofen"


def test_names_of_different_ingredients_are_ambiguous(db: Database) -> None:
    with db.session() as s, pytest.raises(AmbiguousMedication) as caught:
        medication_info(s, "Advil or Tylenol")
    details = caught.value.details or {}
    assert details["query"] == "Advil or Tylenol" and len(details["suggestions"]) >= 2
    assert "several" in caught.value.message("en") and "כמה תרופות" in caught.value.message("he")


@pytest.mark.parametrize("query", ["", "   ", None])
def test_empty_query_is_missing_medication_query(db: Database, query: Any) -> None:
    with db.session() as s, pytest.raises(MissingMedicationQuery) as caught:
        medication_info(s, query)
    assert caught.value.message("en") == "Which medication do you mean?"
    assert caught.value.message("he") == "לאיזו תרופה הכוונה?"


@pytest.mark.parametrize("query", [42, "x" * 10_000, ["Advil"]])
def test_malformed_queries_are_validation_errors(db: Database, query: Any) -> None:
    with db.session() as s, pytest.raises(ValidationFailed):
        medication_info(s, query)


@pytest.mark.parametrize("query", ["'; DROP TABLE products; --", "<script>alert(1)</script>"])
def test_injection_fragments_are_just_unknown_names(db: Database, query: str, snapshot: Callable[[], Any]) -> None:
    before = snapshot()
    with db.session() as s, pytest.raises(PharmaiError) as caught:
        medication_info(s, query)
    assert isinstance(caught.value, MedNotFound | AmbiguousMedication | MissingMedicationQuery)
    assert snapshot() == before


@pytest.mark.parametrize("bad", [*HOSTILE, "m999"])
def test_bad_med_ids_are_typed_errors(db: Database, bad: Any) -> None:
    with db.session() as s, pytest.raises(MedNotFound if bad == "m999" else ValidationFailed):
        get_medication(s, bad)


def test_unknown_store_and_language_are_refused(db: Database) -> None:
    with db.session() as s:
        with pytest.raises(StoreNotFound) as caught:
            get_medication(s, "m001", store_id="s9")
        assert "s9" in caught.value.message("en") and "סניף" in caught.value.message("he")
        with pytest.raises(ValidationFailed):
            get_medication(s, "m001", language="fr")


def test_list_medications_pages_through_everything_in_id_order(db: Database) -> None:
    seen: list[str] = []
    cursor = None
    with db.session() as s:
        for _ in range(10):
            page = list_medications(s, limit=5, cursor=cursor)
            seen.extend(m.med_id for m in page.medications)
            cursor = page.next_cursor
            if cursor is None:
                break
    assert seen == [f"m{n:03d}" for n in range(1, 23)]


def test_list_medications_filters(db: Database) -> None:
    with db.session() as s:
        otc = list_medications(s, rx_filter="non_rx", limit=100).medications
        out = list_medications(s, stock_filter="out_of_stock", limit=100).medications
        out_s2 = list_medications(s, stock_filter="out_of_stock", store_id="s2", limit=100).medications
        rx_in = list_medications(s, rx_filter="rx", stock_filter="in_stock", limit=100, language="he").medications
    assert [m.med_id for m in otc] == ["m001", "m002", "m003", "m004", "m005", "m006", "m016", "m017", "m018"]
    assert [m.med_id for m in out] == ["m001", "m007", "m011"]
    assert [m.med_id for m in out_s2] == ["m003", "m007"]
    assert all(m.rx_required and m.in_stock for m in rx_in) and "m007" not in {m.med_id for m in rx_in}
    assert rx_in[0].brand_name == "גלוקופאז'"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"limit": 0},
        {"limit": 101},
        {"limit": "10"},
        {"limit": True},
        {"rx_filter": "maybe"},
        {"stock_filter": "<b>"},
        {"cursor": "not-a-cursor!"},
        {"cursor": "x" * 10_000},
        {"cursor": 5},
    ],
)
def test_list_medications_rejects_bad_arguments(db: Database, kwargs: dict[str, Any]) -> None:
    with db.session() as s, pytest.raises(ValidationFailed) as caught:
        list_medications(s, **kwargs)
    assert caught.value.fields and caught.value.message("he").startswith("חלק מהקלט")
