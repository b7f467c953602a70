"""The synthetic catalog generator: deterministic, plausible, appended after the demo world, fast."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.db.generator import generate
from pharmai.db.models import (
    Alias,
    Generic,
    GenericIngredient,
    Ingredient,
    Inventory,
    Product,
    ProductIngredient,
    Store,
)
from pharmai.db.seed import clear_all
from pharmai.errors import ValidationFailed
from tests.conftest import TODAY

_HEBREW = re.compile(r"[\u05d0-\u05ea]")
_CATALOG = (Product, ProductIngredient, Generic, GenericIngredient, Ingredient, Alias, Inventory)


def _rows(db: Database) -> dict[str, list[tuple[str, ...]]]:
    """Every catalog row without surrogate ids, sorted, for comparing two catalogs."""
    with db.session() as session:
        result: dict[str, list[tuple[str, ...]]] = {}
        for model in _CATALOG:
            columns = [c for c in model.__table__.columns if c.name != "id"]
            result[model.__tablename__] = sorted(tuple(str(v) for v in r) for r in session.execute(select(*columns)))
        return result


def _generate(db: Database, medications: int, seed: int, **kwargs: Any) -> int:
    with db.session(write=True) as session:
        return generate(session, medications=medications, seed=seed, today=TODAY, **kwargs)


def _reseed(db: Database) -> None:
    with db.session(write=True) as session:
        clear_all(session)
        seed_demo_world(session, TODAY)


def test_same_seed_gives_the_same_rows_and_another_seed_does_not(db: Database) -> None:
    assert _generate(db, 150, seed=7) == 150
    first = _rows(db)
    _reseed(db)
    _generate(db, 150, seed=7)
    assert _rows(db) == first
    _reseed(db)
    _generate(db, 150, seed=8)
    other = _rows(db)
    assert other["products"] != first["products"]
    assert [r[0] for r in other["products"]] == [r[0] for r in first["products"]]  # same ids, other content


def test_products_continue_after_the_demo_world_which_stays(db: Database) -> None:
    seen: list[int] = []
    _generate(db, 120, seed=1, progress=seen.append)
    assert sum(seen) == 120
    _generate(db, 5, seed=1)
    with db.session() as session:
        ids = set(session.scalars(select(Product.med_id)))
        advil = session.get(Product, "m001")
        assert advil is not None and advil.brand_en == "Advil"
    assert ids == {f"m{n:03d}" for n in range(1, 148)}


def test_every_product_is_plausible(db: Database) -> None:
    _generate(db, 400, seed=3)
    with db.session() as session:
        stores = set(session.scalars(select(Store.store_id)))
        products = session.scalars(select(Product).where(Product.med_id > "m022")).unique().all()
        assert len(products) == 400
        stock = session.execute(select(Inventory).where(Inventory.med_id > "m022")).scalars().all()
        names = {
            (a.target_id, a.language) for a in session.scalars(select(Alias).where(Alias.target_kind == "product"))
        }
        for product in products:
            assert re.fullmatch(r"[A-Z][a-z]+( [A-Z][a-z]+)?", product.brand_en), product.brand_en
            assert _HEBREW.search(product.brand_he) and not re.search(r"[A-Za-z]", product.brand_he)
            assert product.ingredients and all(pi.strength for pi in product.ingredients)
            assert {pi.ingredient_id for pi in product.ingredients} == {
                gi.ingredient_id for gi in product.generic.ingredients
            }
            generic = product.generic
            assert generic.name_en and _HEBREW.search(generic.name_he)
            assert generic.dosage_en and _HEBREW.search(generic.dosage_he)
            assert generic.warnings_en and _HEBREW.search(generic.warnings_he)
            assert (product.med_id, "en") in names and (product.med_id, "he") in names
        by_product = Counter(s.med_id for s in stock)
        assert set(by_product.values()) == {len(stores)} and len(by_product) == 400
        assert all(s.qty_on_hand >= 0 for s in stock)
        assert all(s.restock_eta is None or (s.qty_on_hand == 0 and s.restock_eta > TODAY) for s in stock)
        out = [s for s in stock if s.qty_on_hand == 0]
        assert len(out) > 20 and sum(s.restock_eta is not None for s in out) > len(out) / 2
        assert sum(1 <= s.qty_on_hand <= 10 for s in stock) > 20
        # Equivalents exist: several brands share a generic and strength.
        groups = Counter((p.generic_id, p.form, p.strength) for p in products)
        assert max(groups.values()) >= 3
        assert any(p.rx_required for p in products) and not all(p.rx_required for p in products)
        assert any(len(p.ingredients) == 2 for p in products)


def test_bad_arguments_are_refused_in_both_languages_and_write_nothing(db: Database) -> None:
    before = _rows(db)
    bad: list[tuple[Any, Any]] = [(0, 1), (-5, 1), ("10", 1), (True, 1), (10**7, 1), (10, -1), (10, "x"), (None, 1)]
    for medications, seed in bad:
        with pytest.raises(ValidationFailed) as info, db.session(write=True) as session:
            generate(session, medications=medications, seed=seed)
        field = "medications" if medications != 10 else "seed"
        assert info.value.message("en") == f"Some of the input is not valid: {field}."
        assert info.value.message("he") == f"חלק מהקלט אינו תקין: {field}."
    assert _rows(db) == before


def test_one_hundred_thousand_medications(tmp_path: Path) -> None:
    # Its speed is measured by benchmarks/bench_search.py (make bench), not by a timed test.
    db = Database(f"sqlite:///{tmp_path / 'scale.db'}")
    upgrade(db)
    with db.session(write=True) as session:
        seed_demo_world(session, TODAY)
    assert _generate(db, 100_000, seed=11) == 100_000
    with db.session() as session:
        assert session.scalar(select(func.count()).select_from(Product)) == 100_022
        assert session.scalar(select(func.count()).select_from(Inventory)) == 200_044
        assert session.scalar(select(func.min(Inventory.qty_on_hand))) == 0
    db.dispose()
