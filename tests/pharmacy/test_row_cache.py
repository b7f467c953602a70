"""The catalog rows the services keep in memory, seen from the services' side.

The stores, products and generics a stock check or a medication lookup reads are kept per database for
at most :data:`pharmai.pharmacy._row_cache.ROW_TTL` seconds. These tests pin down what a caller can
observe:

* a catalog change committed through a session of this process is visible on the very next call;
* a change made behind SQLAlchemy's back (a Core connection, raw driver SQL) is served stale for at most
  ``ROW_TTL``, or until :func:`pharmai.pharmacy._search_index.invalidate`;
* stock is never cached, unknown ids are never remembered, and two databases never share rows;
* raw statements on a session's connection fail as ``DB_ERROR`` and leave the session usable.

Most tests stretch ``ROW_TTL`` to a minute, so that only the invalidation under test (never the clock)
can explain a fresh read. Every test runs on SQLite, and on PostgreSQL too when
``PHARMAI_TEST_DATABASE_URL`` is set.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import delete, insert, text, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from pharmai.db import Database, demo_data, seed_demo_world, upgrade
from pharmai.db.models import Generic, Inventory, Product, ProductIngredient, Store
from pharmai.db.raw import RawStatement, on_connection
from pharmai.errors import DatabaseError, MedNotFound, StoreNotFound
from pharmai.pharmacy import _row_cache, _rows, _search_index
from pharmai.pharmacy.catalog import get_medication, medication_info
from pharmai.pharmacy.inventory import check_stock
from tests.conftest import TODAY

_PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")

_IBUPROFEN = next(g for g in demo_data.GENERICS if g.generic_id == "ibuprofen")
_S1 = "Tel Aviv – Dizengoff"
_MISSING_TABLE = RawStatement("SELECT qty_on_hand FROM no_such_table WHERE med_id = :m")


class _Abort(Exception):
    """Raised inside a session to roll it back."""


@pytest.fixture
def long_ttl(monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep shelves for a minute: a fresh read can then only come from an invalidation."""
    monkeypatch.setattr(_row_cache, "ROW_TTL", 60.0)


@pytest.fixture
def other_db(tmp_path: Path) -> Iterator[Database]:
    """A second database (a SQLite file), migrated and seeded with the same demo world as ``db``."""
    database = Database(f"sqlite:///{tmp_path / 'other.db'}")
    upgrade(database)
    with database.session(write=True) as session:
        seed_demo_world(session, TODAY)
    yield database
    database.dispose()


def _read(db: Database, read: Callable[[Session], Any]) -> Any:
    with db.session() as session:
        return read(session)


def _core_write(db: Database, statement: Any) -> None:
    # A Core connection, not a Session: the catalog change tracking does not see it.
    with db.connect(write=True) as connection:
        assert connection.execute(statement).rowcount == 1


def _raw_write(db: Database, sql: str, **params: Any) -> None:
    # Plain SQL on the driver connection: the catalog change tracking does not see it either.
    with db.raw(write=True) as connection:
        assert connection.execute(RawStatement(sql), params) == 1


# --- what the services show --------------------------------------------------------------------------


def _brand(med_id: str) -> Callable[[Session], str | None]:
    def read(session: Session) -> str | None:
        try:
            return get_medication(session, med_id).name_en
        except MedNotFound:
            return None

    return read


def _rx_m001(session: Session) -> bool:
    return get_medication(session, "m001").rx_required


def _store_of_m002(session: Session) -> str:
    return check_stock(session, med_id="m002", store_id="s1").store.name_en


def _default_store_stock_of_m001(session: Session) -> tuple[str, int]:
    result = check_stock(session, med_id="m001")
    return result.store.store_id, result.matches[0].qty_on_hand


def _ibuprofen_warnings(session: Session) -> str:
    info = medication_info(session, "Ibuprofen")
    assert info.generic is not None
    return info.generic.warnings_en


def _strength_of_m001(session: Session) -> str:
    return get_medication(session, "m001").active_ingredients[0].strength


# --- 1. changes committed through a session of this process ------------------------------------------


def _orm_rx(session: Session) -> None:
    product = session.get(Product, "m001")
    assert product is not None
    product.rx_required = True


def _orm_brand(session: Session) -> None:
    product = session.get(Product, "m001")
    assert product is not None
    product.brand_en = "Advil Liqui-Gels"


def _orm_bulk_brand(session: Session) -> None:
    session.execute(update(Product).where(Product.med_id == "m001").values(brand_en="Advil Liqui-Gels"))


def _orm_store_name(session: Session) -> None:
    store = session.get(Store, "s1")
    assert store is not None
    store.name_en = "Tel Aviv – Rothschild"


def _orm_default_store(session: Session) -> None:
    session.execute(update(Store).values(is_default=False))
    session.execute(update(Store).where(Store.store_id == "s2").values(is_default=True))


def _orm_generic_warnings(session: Session) -> None:
    generic = session.get(Generic, "ibuprofen")
    assert generic is not None
    generic.warnings_en = "New label warning."


def _orm_ingredient_strength(session: Session) -> None:
    row = session.get(ProductIngredient, ("m001", "ibuprofen"))
    assert row is not None
    row.strength = "400 mg"


def _orm_delete_product(session: Session) -> None:
    session.execute(delete(Product).where(Product.med_id == "m006"))


@pytest.mark.parametrize(
    ("change", "read", "before", "after"),
    [
        pytest.param(_orm_rx, _rx_m001, False, True, id="rx-flag"),
        pytest.param(_orm_brand, _brand("m001"), "Advil", "Advil Liqui-Gels", id="brand"),
        pytest.param(_orm_bulk_brand, _brand("m001"), "Advil", "Advil Liqui-Gels", id="brand-bulk-update"),
        pytest.param(_orm_store_name, _store_of_m002, _S1, "Tel Aviv – Rothschild", id="store-name"),
        pytest.param(_orm_default_store, _default_store_stock_of_m001, ("s1", 0), ("s2", 40), id="default-store"),
        pytest.param(
            _orm_generic_warnings, _ibuprofen_warnings, _IBUPROFEN.warnings_en, "New label warning.", id="generic"
        ),
        pytest.param(_orm_ingredient_strength, _strength_of_m001, "200 mg", "400 mg", id="ingredient-strength"),
        pytest.param(_orm_delete_product, _brand("m006"), "Zyrtec", None, id="product-deleted"),
    ],
)
def test_a_catalog_change_committed_through_a_session_is_seen_on_the_next_call(
    db: Database,
    long_ttl: None,
    change: Callable[[Session], None],
    read: Callable[[Session], Any],
    before: Any,
    after: Any,
) -> None:
    """A commit through an ORM session drops the shelf: the next call shows the change, never the cached row."""
    canary = _brand("m004")
    assert (_read(db, read), _read(db, canary)) == (before, "Acamol")
    # The rows are on the shelf: a change the tracking cannot see is not shown yet.
    _core_write(db, update(Product).where(Product.med_id == "m004").values(brand_en="Acamol Forte"))
    assert (_read(db, read), _read(db, canary)) == (before, "Acamol")
    with db.session(write=True) as session:
        change(session)
    # The whole shelf went, not only the changed row.
    assert (_read(db, read), _read(db, canary)) == (after, "Acamol Forte")


# --- 2. changes made behind SQLAlchemy's back ---------------------------------------------------------


def _core_brand(db: Database) -> None:
    _core_write(db, update(Product).where(Product.med_id == "m001").values(brand_en="Advil Liqui-Gels"))


def _raw_rx(db: Database) -> None:
    _raw_write(db, "UPDATE products SET rx_required = :rx WHERE med_id = :med_id", rx=True, med_id="m001")


def _core_store_name(db: Database) -> None:
    _core_write(db, update(Store).where(Store.store_id == "s1").values(name_en="Tel Aviv – Rothschild"))


def _raw_generic_warnings(db: Database) -> None:
    _raw_write(db, "UPDATE generics SET warnings_en = :w WHERE generic_id = 'ibuprofen'", w="New label warning.")


@pytest.mark.parametrize(
    ("change", "read", "before", "after"),
    [
        pytest.param(_core_brand, _brand("m001"), "Advil", "Advil Liqui-Gels", id="brand-core"),
        pytest.param(_raw_rx, _rx_m001, False, True, id="rx-flag-raw-sql"),
        pytest.param(_core_store_name, _store_of_m002, _S1, "Tel Aviv – Rothschild", id="store-name-core"),
        pytest.param(
            _raw_generic_warnings,
            _ibuprofen_warnings,
            _IBUPROFEN.warnings_en,
            "New label warning.",
            id="generic-raw-sql",
        ),
    ],
)
def test_a_change_behind_sqlalchemys_back_is_stale_for_at_most_row_ttl(
    db: Database,
    monkeypatch: pytest.MonkeyPatch,
    change: Callable[[Database], None],
    read: Callable[[Session], Any],
    before: Any,
    after: Any,
) -> None:
    """An untracked write is served stale right after it (the documented bound), and fresh once ROW_TTL passed."""
    ttl = 0.25
    monkeypatch.setattr(_row_cache, "ROW_TTL", ttl)
    assert _read(db, read) == before  # the shelf is made here, and lives ttl seconds
    filled = time.monotonic()
    change(db)
    assert _read(db, read) == before
    time.sleep(max(0.0, filled + ttl + 0.03 - time.monotonic()))
    assert _read(db, read) == after


# --- 3. stock -----------------------------------------------------------------------------------------


def test_stock_is_never_cached(db: Database, long_ttl: None) -> None:
    """A quantity changed behind SQLAlchemy's back shows at once, while the product row is still cached."""
    result = _read(db, lambda s: check_stock(s, med_id="m002"))
    assert (result.matches[0].name_en, result.matches[0].qty_on_hand, result.notes) == ("Nurofen", 85, None)
    with db.connect(write=True) as connection:
        connection.execute(
            update(Inventory).where(Inventory.store_id == "s1", Inventory.med_id == "m002").values(qty_on_hand=3)
        )
        connection.execute(update(Product).where(Product.med_id == "m002").values(brand_en="Nurofen Express"))
    low = _read(db, lambda s: check_stock(s, med_id="m002")).matches[0]
    assert (low.name_en, low.qty_on_hand, low.in_stock, low.low_stock) == ("Nurofen", 3, True, True)
    eta = TODAY + timedelta(days=4)
    _raw_write(
        db,
        "UPDATE inventory SET qty_on_hand = 0, restock_eta = :eta WHERE store_id = 's1' AND med_id = 'm002'",
        eta=eta,
    )
    out = _read(db, lambda s: check_stock(s, med_id="m002"))
    assert (out.matches[0].qty_on_hand, out.matches[0].in_stock, out.matches[0].restock_eta) == (0, False, eta)
    assert out.notes is not None and "out of stock" in out.notes and eta.isoformat() in out.notes


def test_stock_of_a_generic_is_read_afresh_for_every_product(db: Database, long_ttl: None) -> None:
    """A generic's products come from the shelf, their quantities never do."""
    before = _read(db, lambda s: check_stock(s, query="ibuprofen"))
    assert [(m.med_id, m.qty_on_hand) for m in before.matches] == [("m001", 0), ("m002", 85), ("m003", 30)]
    with db.connect(write=True) as connection:
        connection.execute(
            update(Inventory).where(Inventory.store_id == "s1").values(qty_on_hand=Inventory.qty_on_hand + 1)
        )
    after = _read(db, lambda s: check_stock(s, query="ibuprofen"))
    assert [(m.med_id, m.qty_on_hand) for m in after.matches] == [("m001", 1), ("m002", 86), ("m003", 31)]


# --- 4. invalidate() ------------------------------------------------------------------------------------


def _rename_m001_behind_the_back(db: Database, brand: str) -> None:
    _core_write(db, update(Product).where(Product.med_id == "m001").values(brand_en=brand))


def test_invalidate_with_no_argument_drops_every_shelf(db: Database, other_db: Database, long_ttl: None) -> None:
    """``invalidate()`` makes every database's next call read afresh."""
    for database in (db, other_db):
        assert _read(database, _brand("m001")) == "Advil"
    _rename_m001_behind_the_back(db, "Advil A")
    _rename_m001_behind_the_back(other_db, "Advil B")
    assert (_read(db, _brand("m001")), _read(other_db, _brand("m001"))) == ("Advil", "Advil")
    _search_index.invalidate()
    assert (_read(db, _brand("m001")), _read(other_db, _brand("m001"))) == ("Advil A", "Advil B")


def test_invalidate_of_one_database_keeps_the_other_databases_shelf(
    db: Database, other_db: Database, long_ttl: None
) -> None:
    """``invalidate(session)`` drops only the shelf of that session's database."""
    for database in (db, other_db):
        assert _read(database, _brand("m001")) == "Advil"
    _rename_m001_behind_the_back(db, "Advil A")
    _rename_m001_behind_the_back(other_db, "Advil B")
    with db.session() as session:
        _search_index.invalidate(session)
    assert (_read(db, _brand("m001")), _read(other_db, _brand("m001"))) == ("Advil A", "Advil")


# --- 5. two databases -------------------------------------------------------------------------------------


def _lookup(session: Session) -> tuple[Any, ...]:
    stock = check_stock(session, med_id="m001", store_id="s1")
    return (
        stock.store.name_en,
        stock.matches[0].name_en,
        stock.matches[0].rx_required,
        stock.matches[0].qty_on_hand,
        _ibuprofen_warnings(session),
    )


def test_two_databases_never_see_each_others_rows(db: Database, other_db: Database, long_ttl: None) -> None:
    """Two databases holding different rows under the same ids each answer with their own rows."""
    with other_db.session(write=True) as session:
        _orm_rx(session)
        _orm_brand(session)
        _orm_store_name(session)
        _orm_generic_warnings(session)
        session.execute(
            update(Inventory).where(Inventory.store_id == "s1", Inventory.med_id == "m001").values(qty_on_hand=33)
        )
    demo = (_S1, "Advil", False, 0, _IBUPROFEN.warnings_en)
    other = ("Tel Aviv – Rothschild", "Advil Liqui-Gels", True, 33, "New label warning.")
    # The first round fills both shelves, the later ones are served from them, in both orders.
    for first, second, expected in ((db, other_db, (demo, other)), (other_db, db, (other, demo))):
        for _ in range(2):
            assert (_read(first, _lookup), _read(second, _lookup)) == expected


# --- 6. unknown ids -------------------------------------------------------------------------------------------


# A product the demo world does not have (its med_id is given by each test).
_IBUFEN = {
    "generic_id": "ibuprofen",
    "brand_en": "Ibufen",
    "brand_he": "איבופן",
    "form": "tablet",
    "strength": "400 mg",
    "rx_required": False,
}


def test_unknown_ids_are_not_remembered(db: Database, long_ttl: None) -> None:
    """A product or store that was missing is found as soon as it exists, while known rows stay cached."""
    with db.session() as session:
        with pytest.raises(MedNotFound):
            get_medication(session, "m900")
        with pytest.raises(StoreNotFound):
            check_stock(session, med_id="m002", store_id="s9")
        assert get_medication(session, "m002").name_en == "Nurofen"
    with db.connect(write=True) as connection:
        connection.execute(insert(Store).values(store_id="s9", name_en="Haifa – Herzl", name_he="חיפה – הרצל"))
        connection.execute(insert(Product).values(med_id="m900", **_IBUFEN))
        connection.execute(insert(Inventory).values(store_id="s9", med_id="m900", qty_on_hand=12))
        connection.execute(update(Product).where(Product.med_id == "m002").values(brand_en="Nurofen Express"))
    with db.session() as session:
        found = check_stock(session, med_id="m900", store_id="s9")
        nurofen = get_medication(session, "m002")
    assert (found.store.name_en, found.matches[0].name_en, found.matches[0].qty_on_hand) == (
        "Haifa – Herzl",
        "Ibufen",
        12,
    )
    # The shelf was not dropped on the way: the misses were simply never recorded.
    assert nurofen.name_en == "Nurofen"


def test_a_product_added_through_a_session_is_found_after_a_miss(db: Database, long_ttl: None) -> None:
    """A lookup of an unknown id, then the product inserted through a session: the next lookup finds it."""
    with db.session() as session, pytest.raises(MedNotFound):
        get_medication(session, "m901")
    with db.session(write=True) as session:
        session.add(
            Product(
                med_id="m901",
                **_IBUFEN,
                ingredients=[ProductIngredient(ingredient_id="ibuprofen", strength="400 mg", position=0)],
            )
        )
        session.flush()
        session.add(Inventory(store_id="s1", med_id="m901", qty_on_hand=7))
    with db.session() as session:
        medication = get_medication(session, "m901")
        generic = medication_info(session, "Ibuprofen").generic
    assert (medication.name_en, medication.qty_on_hand, medication.low_stock) == ("Ibufen", 7, True)
    assert [(i.name, i.strength) for i in medication.active_ingredients] == [("Ibuprofen", "400 mg")]
    assert generic is not None and "m901" in [p.med_id for p in generic.products]


# --- 7. raw statements on a session's connection -------------------------------------------------------------


def _assert_plain_db_error(db: Database, error: DatabaseError) -> None:
    assert error.code == "DB_ERROR" and error.details is None
    assert str(error) == DatabaseError.templates["en"] and error.message("he") == DatabaseError.templates["he"]
    assert "no_such_table" not in str(error) and "no_such_table" not in error.message("he")
    # The driver's error is kept as the cause (for the logs), never shown.
    assert isinstance(error.__cause__, db.engine.dialect.loaded_dbapi.Error)
    assert not isinstance(error.__cause__, SQLAlchemyError)


def test_a_driver_error_on_a_session_connection_is_db_error_and_the_session_goes_on(db: Database) -> None:
    """A failing raw statement raises DB_ERROR without driver text; the same read session still answers."""
    with db.session() as session:
        assert check_stock(session, med_id="m002").matches[0].qty_on_hand == 85
        with pytest.raises(DatabaseError) as raised, on_connection(session.connection()) as connection:
            connection.rows(_MISSING_TABLE, {"m": "m002"})
        assert check_stock(session, med_id="m002").matches[0].qty_on_hand == 85
    _assert_plain_db_error(db, raised.value)


def test_a_driver_error_in_a_write_session_rolls_it_back(db: Database) -> None:
    """DB_ERROR from a raw statement rolls the whole write session back, and the next one commits."""
    with pytest.raises(DatabaseError) as raised, db.session(write=True) as session:
        _orm_store_name(session)
        session.flush()
        with on_connection(session.connection()) as connection:
            connection.rows(_MISSING_TABLE, {"m": "m002"})
    _assert_plain_db_error(db, raised.value)
    assert _read(db, _store_of_m002) == _S1
    with db.session(write=True) as session:
        _orm_store_name(session)
    assert _read(db, _store_of_m002) == "Tel Aviv – Rothschild"


def test_a_stock_read_the_database_rejects_is_db_error_from_the_service(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """check_stock surfaces a failed stock statement as DB_ERROR; the next call, with good SQL, succeeds."""
    bad = RawStatement("SELECT med_id, qty_on_hand, restock_eta FROM no_such_table")
    with monkeypatch.context() as patch:
        patch.setattr(_rows, "_stock_statement", lambda _count: bad)
        with pytest.raises(DatabaseError) as raised, db.session() as session:
            check_stock(session, med_id="m002")
    _assert_plain_db_error(db, raised.value)
    assert _read(db, lambda s: check_stock(s, med_id="m002")).matches[0].qty_on_hand == 85


_PID = text("SELECT pg_backend_pid()")


@pytest.mark.postgres
@pytest.mark.skipif(not _PG_URL, reason="PHARMAI_TEST_DATABASE_URL is not set (.ci/run always sets it)")
@pytest.mark.parametrize("db", ["postgresql"], indirect=True)
def test_a_backend_killed_mid_session_fails_the_stock_read_once(db: Database, long_ttl: None) -> None:
    """The stock read on a connection the server dropped is DB_ERROR; the next call gets a live connection."""
    assert _PG_URL is not None
    admin = Database(_PG_URL)
    try:
        with pytest.raises(DatabaseError) as raised, db.session() as session:
            # The store and the product are now on the shelf: the stock read is the next statement to run.
            assert check_stock(session, med_id="m002").matches[0].qty_on_hand == 85
            pid = session.execute(_PID).scalar_one()
            with admin.raw() as connection:
                connection.rows(RawStatement("SELECT pg_terminate_backend(:pid)"), {"pid": pid})
            check_stock(session, med_id="m002")
        # The raw stock read failed (a driver error, not one SQLAlchemy raised), and said nothing about it.
        assert isinstance(raised.value.__cause__, db.engine.dialect.loaded_dbapi.Error)
        assert str(raised.value) == DatabaseError.templates["en"]
        with db.session() as session:
            assert session.execute(_PID).scalar_one() != pid
            assert check_stock(session, med_id="m002").matches[0].qty_on_hand == 85
    finally:
        admin.dispose()


# --- sessions whose view differs from the committed catalog ----------------------------------------------


def test_rows_read_in_a_rolled_back_transaction_are_not_served_to_others(db: Database, long_ttl: None) -> None:
    """An uncommitted catalog change read inside a transaction is never shown to another session."""
    with pytest.raises(_Abort), db.session(write=True) as session:
        _orm_brand(session)
        session.flush()
        assert get_medication(session, "m001").name_en == "Advil Liqui-Gels"
        raise _Abort
    assert _read(db, _brand("m001")) == "Advil"


def test_a_session_sees_its_own_flushed_catalog_change(db: Database, long_ttl: None) -> None:
    """A service call after a flush in the same transaction shows the flushed change."""
    with db.session(write=True) as session:
        assert get_medication(session, "m001").rx_required is False
        _orm_rx(session)
        session.flush()
        assert get_medication(session, "m001").rx_required is True


def test_a_commit_is_not_hidden_by_a_reader_that_began_before_it(db: Database, long_ttl: None) -> None:
    """A reader whose transaction began before a commit must not put pre-commit rows on the new shelf."""
    with db.session() as reader:
        assert get_medication(reader, "m004").name_en == "Acamol"  # the reader's transaction has begun
        with db.session(write=True) as writer:
            _orm_brand(writer)
        get_medication(reader, "m001")  # whatever the reader's own snapshot holds
    assert _read(db, _brand("m001")) == "Advil Liqui-Gels"
