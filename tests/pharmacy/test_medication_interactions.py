"""Every listed interaction of one medication (the staff side), read from the demo database."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pharmai.db import Database
from pharmai.errors import MedNotFound, ValidationFailed
from pharmai.pharmacy import medication_interactions
from pharmai.pharmacy.interactions import check_interactions
from pharmai.pharmacy.medication_interactions import list_interactions
from tests.pharmacy.conftest import HOSTILE


def summary(db: Database, med_id: str, language: str = "en") -> list[tuple[str, str, str]]:
    with db.session() as s:
        found = list_interactions(s, med_id, language=language)
    return [(i.ingredient_id, i.interacts_with_id, i.level) for i in found.interactions]


def test_warfarin_lists_all_four_worst_first(db: Database) -> None:
    # docs/demo-world.md: warfarin–ibuprofen and warfarin–aspirin avoid; –paracetamol and –clarithromycin caution.
    assert summary(db, "m010") == [
        ("warfarin", "aspirin", "avoid"),
        ("warfarin", "ibuprofen", "avoid"),
        ("warfarin", "clarithromycin", "caution"),
        ("warfarin", "paracetamol", "caution"),
    ]
    with db.session() as s:
        found = list_interactions(s, "m010")
    assert found.display_name == "Coumadin (Warfarin) 5 mg" and found.ingredients == (("warfarin", "Warfarin"),)
    ibuprofen = next(i for i in found.interactions if i.interacts_with_id == "ibuprofen")
    assert [p.med_id for p in ibuprofen.products] == ["m001", "m002", "m003"] and ibuprofen.products_total == 3
    assert ibuprofen.products[0].display_name == "Advil (Ibuprofen) 200 mg"
    assert "bleeding risk" in ibuprofen.message and "interactions listed" in found.notes.lower()


def test_each_side_sees_the_same_interaction_as_the_customer_pair_check(db: Database) -> None:
    with db.session() as s:
        advil = list_interactions(s, "m001")
        pair = check_interactions(s, ["m001", "m010"])
    assert summary(db, "m001") == [
        ("ibuprofen", "warfarin", "avoid"),
        ("ibuprofen", "aspirin", "caution"),
        ("ibuprofen", "sertraline", "caution"),
    ]
    warfarin = advil.interactions[0]
    assert warfarin.message == pair.pairs[0].message and [p.med_id for p in warfarin.products] == ["m010"]


def test_hebrew(db: Database) -> None:
    with db.session() as s:
        found = list_interactions(s, "m020", language="he")
    assert [(i.interacts_with_id, i.level) for i in found.interactions] == [
        ("simvastatin", "avoid"),
        ("atorvastatin", "caution"),
        ("warfarin", "caution"),
    ]
    simvastatin = found.interactions[0]
    assert simvastatin.interacts_with_name == "סימבסטטין" and simvastatin.interacts_with_name_en == "Simvastatin"
    assert "נזק לשרירים" in simvastatin.message and simvastatin.message_en != simvastatin.message
    assert found.display_name.startswith("קלסיד") and found.ingredients == (("clarithromycin", "קלריתרומיצין"),)
    assert simvastatin.products[0].display_name.startswith("סימוביל")


@pytest.mark.parametrize("med_id", ["m006", "m022"])
def test_no_listed_interaction_is_an_empty_list_that_says_so(db: Database, med_id: str) -> None:
    with db.session() as s:
        found = list_interactions(s, med_id)
        found_he = list_interactions(s, med_id, language="he")
    assert found.interactions == () and "No interactions are listed" in found.notes
    assert "לא רשומות" in found_he.notes
    if med_id == "m022":  # two active ingredients, both checked and both named
        assert found.ingredients == (("amoxicillin", "Amoxicillin"), ("clavulanic_acid", "Clavulanic acid"))


def test_products_are_capped_with_the_total(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(medication_interactions, "MAX_PRODUCTS", 2)
    with db.session() as s:
        found = list_interactions(s, "m010")
    ibuprofen = next(i for i in found.interactions if i.interacts_with_id == "ibuprofen")
    assert [p.med_id for p in ibuprofen.products] == ["m001", "m002"] and ibuprofen.products_total == 3


def test_unknown_and_malformed_ids(db: Database, snapshot: Callable[[], dict[str, Any]]) -> None:
    before = snapshot()
    with db.session() as s:
        with pytest.raises(MedNotFound) as exc:
            list_interactions(s, "m999")
        assert exc.value.details == {"query": "m999", "did_you_mean": []}
        for bad in HOSTILE:
            with pytest.raises(ValidationFailed):
                list_interactions(s, bad)
        with pytest.raises(ValidationFailed):
            list_interactions(s, "m010", language="fr")
    assert snapshot() == before
