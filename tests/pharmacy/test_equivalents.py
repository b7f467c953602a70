"""Identical equivalents through the real demo database."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import update

from pharmai.db import Database
from pharmai.db.models import Inventory
from pharmai.errors import MedNotFound, NoEquivalentsFound, StoreNotFound, ValidationFailed
from pharmai.pharmacy.equivalents import find_equivalents
from tests.pharmacy.conftest import HOSTILE


def test_advil_at_s1_has_only_nurofen_200(db: Database) -> None:
    with db.session() as s:
        result = find_equivalents(s, "m001")
        result_he = find_equivalents(s, "m001", language="he")
    assert result.requested.med_id == "m001" and not result.requested.in_stock
    assert [e.medication.med_id for e in result.equivalents] == ["m002"]
    (nurofen,) = result.equivalents
    assert nurofen.medication.qty_on_hand == 85 and nurofen.medication.strength == "200 mg"
    d = nurofen.disclosure
    assert (d.same_active_ingredients, d.same_strength, d.same_form) == (True, True, True)
    assert d.possible_differences == ("price", "inactive ingredients", "packaging")
    assert "inactive ingredients" in result.notes and "pharmacist" in result.notes
    assert "החומרים הבלתי פעילים" in result_he.notes and result_he.equivalents[0].medication.brand_name == "נורופן"


def test_relaxing_strength_adds_nurofen_forte_with_disclosure(db: Database) -> None:
    with db.session() as s:
        result = find_equivalents(s, "m001", require_same_strength=False)
    by_id = {e.medication.med_id: e for e in result.equivalents}
    assert set(by_id) == {"m002", "m003"}
    assert by_id["m003"].disclosure.same_strength is False and by_id["m002"].disclosure.same_strength is True


def test_only_in_stock_equivalents_at_the_store(db: Database) -> None:
    with db.session() as s:
        at_s2 = find_equivalents(s, "m002", store_id="s2", require_same_strength=False)
    # Nurofen Forte has none at s2, so only Advil (40) qualifies there.
    assert [e.medication.med_id for e in at_s2.equivalents] == ["m001"]


def test_moxypen_has_no_equivalent_augmentin_has_two_ingredients(db: Database) -> None:
    with db.session() as s, pytest.raises(NoEquivalentsFound) as caught:
        find_equivalents(s, "m007", require_same_strength=False, require_same_form=False)
    assert "No identical equivalent" in caught.value.message("en")
    assert "אין כרגע במלאי" in caught.value.message("he")


def test_lipitor_has_litorva(db: Database) -> None:
    with db.session() as s:
        result = find_equivalents(s, "m011")
    assert [e.medication.med_id for e in result.equivalents] == ["m012"]
    assert result.equivalents[0].medication.rx_required


def test_no_equivalent_when_the_only_one_runs_out(db: Database) -> None:
    with db.session(write=True) as s:
        s.execute(update(Inventory).where(Inventory.med_id == "m012").values(qty_on_hand=0))
    with db.session() as s, pytest.raises(NoEquivalentsFound):
        find_equivalents(s, "m011")


def test_bad_arguments(db: Database) -> None:
    with db.session() as s:
        with pytest.raises(MedNotFound):
            find_equivalents(s, "m999")
        with pytest.raises(StoreNotFound):
            find_equivalents(s, "m001", store_id="s7")
        with pytest.raises(ValidationFailed):
            find_equivalents(s, "m001", require_same_strength="yes")
        for bad in HOSTILE:
            with pytest.raises(ValidationFailed):
                find_equivalents(s, bad)


@pytest.mark.parametrize("language", ["xx", None, 1])
def test_bad_language(db: Database, language: Any) -> None:
    with db.session() as s, pytest.raises(ValidationFailed):
        find_equivalents(s, "m001", language=language)
