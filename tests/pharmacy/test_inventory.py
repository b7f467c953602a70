"""Stock per store through the real demo database."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy import update

from pharmai.db import Database
from pharmai.db.models import Store
from pharmai.errors import MedNotFound, MissingMedicationQuery, StoreNotFound, ValidationFailed
from pharmai.pharmacy.inventory import check_stock, default_store
from tests.conftest import TODAY
from tests.pharmacy.conftest import HOSTILE


def test_out_of_stock_has_eta_and_note_in_both_languages(db: Database) -> None:
    with db.session() as s:
        en = check_stock(s, med_id="m001")
        he = check_stock(s, med_id="m001", language="he")
    (match,) = en.matches
    assert en.store.store_id == "s1" and en.store.name == "Tel Aviv – Dizengoff"
    assert (match.qty_on_hand, match.in_stock, match.low_stock) == (0, False, False)
    assert match.restock_eta == TODAY + timedelta(days=7)
    assert en.notes is not None and "out of stock" in en.notes and match.restock_eta.isoformat() in en.notes
    assert he.store.name == "תל אביב – דיזנגוף"
    assert he.notes is not None and "אזל מהמלאי" in he.notes and "אדוויל" in he.notes


def test_low_stock_and_plenty(db: Database) -> None:
    with db.session() as s:
        tylenol = check_stock(s, med_id="m005")
        tylenol_he = check_stock(s, med_id="m005", language="he")
        zyrtec = check_stock(s, med_id="m006")
        claritine_s2 = check_stock(s, med_id="m017", store_id="s2")
    assert tylenol.matches[0].low_stock and tylenol.matches[0].restock_eta is None
    assert tylenol.notes is not None and "limited" in tylenol.notes and "5" in tylenol.notes
    assert tylenol_he.notes is not None and "בכמות מוגבלת" in tylenol_he.notes
    assert zyrtec.matches[0].qty_on_hand == 200 and not zyrtec.matches[0].low_stock and zyrtec.notes is None
    assert claritine_s2.matches[0].qty_on_hand == 30 and not claritine_s2.matches[0].low_stock


def test_eta_only_when_out_of_stock_per_store(db: Database) -> None:
    with db.session() as s:
        moxypen_s2 = check_stock(s, med_id="m007", store_id="s2").matches[0]
        lipitor_s2 = check_stock(s, med_id="m011", store_id="s2").matches[0]
    assert moxypen_s2.restock_eta == TODAY + timedelta(days=12)
    assert lipitor_s2.in_stock and lipitor_s2.restock_eta is None and lipitor_s2.qty_on_hand == 10


def test_query_by_name_and_med_id_wins(db: Database) -> None:
    with db.session() as s:
        by_name = check_stock(s, query="Moxypen")
        generic = check_stock(s, query="ibuprofen", language="he")
        both = check_stock(s, med_id="m006", query="Advil")
    assert [m.med_id for m in by_name.matches] == ["m007"]
    assert [m.med_id for m in generic.matches] == ["m001", "m002", "m003"]
    assert generic.notes is not None and "כמה מוצרים" in generic.notes
    assert [m.med_id for m in both.matches] == ["m006"]


def test_default_store_comes_from_the_database(db: Database) -> None:
    with db.session(write=True) as s:
        s.execute(update(Store).values(is_default=False))
        s.execute(update(Store).where(Store.store_id == "s2").values(is_default=True))
    with db.session() as s:
        assert default_store(s).store_id == "s2"
        assert check_stock(s, med_id="m003").matches[0].qty_on_hand == 0
        assert default_store(s, language="he").name == "ירושלים – רחוב יפו"


def test_errors(db: Database) -> None:
    with db.session() as s:
        with pytest.raises(MissingMedicationQuery):
            check_stock(s)
        with pytest.raises(MedNotFound):
            check_stock(s, query="Zzzqqq")
        with pytest.raises(MedNotFound):
            check_stock(s, med_id="m404")
        with pytest.raises(StoreNotFound):
            check_stock(s, med_id="m001", store_id="s3")


@pytest.mark.parametrize("bad", [b for b in HOSTILE if b is not None])
def test_hostile_ids_are_validation_errors(db: Database, bad: Any) -> None:
    with db.session() as s:
        with pytest.raises(ValidationFailed):
            check_stock(s, med_id=bad)
        with pytest.raises(ValidationFailed):
            check_stock(s, med_id="m001", store_id=bad)
