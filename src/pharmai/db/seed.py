"""Seeding the demo pharmacy of ``docs/demo-world.md``, with dates relative to the clock's today."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from pharmai.db import demo_data as data
from pharmai.db.aliases import alias_rows
from pharmai.db.models import (
    Base,
    Generic,
    GenericIngredient,
    Ingredient,
    Interaction,
    Inventory,
    Patient,
    Prescription,
    Product,
    ProductIngredient,
    RefillRequest,
    Store,
)
from pharmai.text.identifiers import normalize_email, normalize_phone

__all__ = ["clear_all", "is_seeded", "seed_demo_world"]


def is_seeded(session: Session) -> bool:
    """Whether the catalog already holds products."""
    return bool(session.scalar(select(func.count()).select_from(Product)))


def clear_all(session: Session) -> None:
    """Delete every row of every table (children first), keeping the schema."""
    for table in reversed(Base.metadata.sorted_tables):
        session.execute(delete(table))


def _add_catalog(session: Session, today: date) -> None:
    session.add_all(Store(store_id=s, name_en=en, name_he=he, is_default=d) for s, en, he, d in data.STORES)
    session.add_all(Ingredient(ingredient_id=i, name_en=en, name_he=he) for i, en, he in data.INGREDIENTS)
    ingredient_names = {i: [(en, "en"), (he, "he")] for i, en, he in data.INGREDIENTS}
    for ingredient_id, text, language in data.INGREDIENT_ALIASES:
        ingredient_names[ingredient_id].append((text, language))
    for ingredient_id, names in ingredient_names.items():
        session.add_all(alias_rows("ingredient", ingredient_id, names))
    session.flush()
    for g in data.GENERICS:
        generic = Generic(
            generic_id=g.generic_id,
            name_en=g.name_en,
            name_he=g.name_he,
            dosage_en=g.dosage_en,
            dosage_he=g.dosage_he,
            warnings_en=g.warnings_en,
            warnings_he=g.warnings_he,
        )
        generic.ingredients = [GenericIngredient(ingredient_id=i) for i in g.ingredient_ids]
        session.add(generic)
        session.add_all(alias_rows("generic", g.generic_id, [(g.name_en, "en"), (g.name_he, "he")]))
    session.flush()
    generics = {g.generic_id: g for g in data.GENERICS}
    extra_names: dict[str, list[tuple[str, str]]] = {}
    for med_id, text, language in data.PRODUCT_ALIASES:
        extra_names.setdefault(med_id, []).append((text, language))
    stock: list[Inventory] = []
    for p in data.PRODUCTS:
        product = Product(
            med_id=p.med_id,
            generic_id=p.generic_id,
            brand_en=p.brand_en,
            brand_he=p.brand_he,
            form=p.form,
            strength=p.strength,
            rx_required=p.rx_required,
        )
        product.ingredients = [
            ProductIngredient(ingredient_id=i, strength=s, position=n)
            for n, (i, s) in enumerate(zip(generics[p.generic_id].ingredient_ids, p.ingredient_strengths, strict=True))
        ]
        session.add(product)
        names = [(p.brand_en, "en"), (p.brand_he, "he"), *extra_names.get(p.med_id, [])]
        session.add_all(alias_rows("product", p.med_id, names))
        for (store_id, _en, _he, _d), (qty, eta) in zip(data.STORES, p.stock, strict=True):
            restock = today + timedelta(days=eta) if eta is not None else None
            stock.append(Inventory(store_id=store_id, med_id=p.med_id, qty_on_hand=qty, restock_eta=restock))
    # Inventory and interactions have no ORM relationships, so the products must exist before they do.
    session.flush()
    session.add_all(stock)
    for a, b, level, en, he in data.INTERACTIONS:
        low, high = sorted((a, b))
        session.add(Interaction(ingredient_a=low, ingredient_b=high, level=level, message_en=en, message_he=he))


def _add_patients(session: Session, today: date) -> None:
    for user_id, name_en, name_he, email, phone in data.PATIENTS:
        session.add(
            Patient(
                user_id=user_id,
                name_en=name_en,
                name_he=name_he,
                email=normalize_email(email) or email,
                phone=normalize_phone(phone) or phone,
            )
        )
    session.flush()
    for r in data.PRESCRIPTIONS:
        session.add(
            Prescription(
                presc_id=r.presc_id,
                user_id=r.user_id,
                med_id=r.med_id,
                status=r.status,
                refills_left=r.refills_left,
                fill_quantity=1,
                prescribed_at=today - timedelta(days=r.prescribed_days_ago),
                expires_at=today + timedelta(days=r.expires_in_days),
            )
        )
    session.flush()
    owners = {r.presc_id: r.user_id for r in data.PRESCRIPTIONS}
    for refill_id, presc_id, store_id, days_ago, ready_in in data.PENDING_REFILLS:
        session.add(
            RefillRequest(
                refill_id=refill_id,
                presc_id=presc_id,
                user_id=owners[presc_id],
                store_id=store_id,
                quantity=1,
                status="pending",
                created_at=datetime.combine(today - timedelta(days=days_ago), time(10), UTC),
                ready_by=today + timedelta(days=ready_in),
            )
        )


def seed_demo_world(session: Session, today: date, *, reset: bool = False) -> bool:
    """Create the demo pharmacy unless a catalog already exists.

    Args:
        session: An open session; the caller commits.
        today: The day ``D`` that relative dates count from.
        reset: Delete everything first (including conversations and audit rows) and seed afresh.

    Returns:
        Whether the demo world was written.
    """
    if reset:
        clear_all(session)
    elif is_seeded(session):
        return False
    _add_catalog(session, today)
    _add_patients(session, today)
    session.flush()
    return True
