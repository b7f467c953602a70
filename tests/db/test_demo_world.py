"""Pins every docs/demo-world.md fact a later flow relies on, read back from the seeded database."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import Interaction, Inventory, Patient, Prescription, Product, RefillRequest, Store
from pharmai.text.identifiers import canonical_identifier
from tests.conftest import TODAY

# med_id: (brand en, brand he, generic en, form, strength, rx, (qty s1, eta s1), (qty s2, eta s2))
PRODUCTS = {
    "m001": ("Advil", "אדוויל", "Ibuprofen", "tablet", "200 mg", False, (0, 7), (40, None)),
    "m002": ("Nurofen", "נורופן", "Ibuprofen", "tablet", "200 mg", False, (85, None), (60, None)),
    "m003": ("Nurofen Forte", "נורופן פורטה", "Ibuprofen", "tablet", "400 mg", False, (30, None), (0, None)),
    "m004": ("Acamol", "אקמול", "Paracetamol", "tablet", "500 mg", False, (150, None), (120, None)),
    "m005": ("Tylenol", "טיילנול", "Paracetamol", "tablet", "500 mg", False, (5, None), (20, None)),
    "m006": ("Zyrtec", "זירטק", "Cetirizine", "tablet", "10 mg", False, (200, None), (50, None)),
    "m007": ("Moxypen", "מוקסיפן", "Amoxicillin", "capsule", "500 mg", True, (0, 10), (0, 12)),
    "m008": ("Glucophage", "גלוקופאז'", "Metformin", "tablet", "850 mg", True, (120, None), (80, None)),
    "m009": ("Zoloft", "זולופט", "Sertraline", "tablet", "50 mg", True, (60, None), (30, None)),
    "m010": ("Coumadin", "קומדין", "Warfarin", "tablet", "5 mg", True, (50, None), (25, None)),
    "m011": ("Lipitor", "ליפיטור", "Atorvastatin", "tablet", "20 mg", True, (0, 5), (10, None)),
    "m012": ("Litorva", "ליטורבה", "Atorvastatin", "tablet", "20 mg", True, (40, None), (40, None)),
    "m013": ("Tramadex", "טרמדקס", "Tramadol", "capsule", "50 mg", True, (20, None), (10, None)),
    "m014": ("Losec", "לוסק", "Omeprazole", "capsule", "20 mg", True, (70, None), (30, None)),
    "m015": ("Plavix", "פלביקס", "Clopidogrel", "tablet", "75 mg", True, (30, None), (15, None)),
    "m016": ("Micropirin", "מיקרופירין", "Aspirin", "tablet", "75 mg", False, (90, None), (60, None)),
    "m017": ("Claritine", "קלריטין", "Loratadine", "tablet", "10 mg", False, (8, None), (30, None)),
    "m018": ("Optalgin", "אופטלגין", "Metamizole (dipyrone)", "tablet", "500 mg", False, (100, None), (70, None)),
    "m019": ("Eltroxin", "אלטרוקסין", "Levothyroxine", "tablet", "100 mcg", True, (45, None), (20, None)),
    "m020": ("Klacid", "קלסיד", "Clarithromycin", "tablet", "500 mg", True, (25, None), (10, None)),
    "m021": ("Simovil", "סימוביל", "Simvastatin", "tablet", "20 mg", True, (35, None), (20, None)),
    "m022": (
        "Augmentin",
        "אוגמנטין",
        "Amoxicillin + clavulanic acid",
        "tablet",
        "875/125 mg",
        True,
        (15, None),
        (10, None),
    ),
}

# presc_id: (user, med, stored status, refills left, expires in days or None when not pinned)
PRESCRIPTIONS = {
    "p101": ("u001", "m009", "active", 3, 180),
    "p001": ("u002", "m007", "active", 2, 90),
    "p002": ("u002", "m008", "active", 5, 200),
    "p003": ("u002", "m011", "expired", 1, -30),
    "p004": ("u002", "m014", "completed", 0, None),
    "p201": ("u003", "m010", "active", 4, 120),
    "p202": ("u003", "m015", "active", 0, 60),
    "p501": ("u005", "m013", "cancelled", None, None),
    "p502": ("u005", "m019", "active", 2, 10),
    "p601": ("u006", "m012", "active", 6, 300),
    "p602": ("u006", "m021", "active", 1, 45),
    "p701": ("u007", "m008", "active", 1, 30),
    "p801": ("u008", "m020", "completed", 0, None),
    "p901": ("u009", "m009", "active", 2, 150),
    "p1001": ("u010", "m019", "expired", 3, -5),
}

INTERACTIONS = {
    ("ibuprofen", "warfarin"): "avoid",
    ("aspirin", "warfarin"): "avoid",
    ("sertraline", "tramadol"): "avoid",
    ("clopidogrel", "omeprazole"): "avoid",
    ("clarithromycin", "simvastatin"): "avoid",
    ("paracetamol", "warfarin"): "caution",
    ("clarithromycin", "warfarin"): "caution",
    ("ibuprofen", "sertraline"): "caution",
    ("aspirin", "ibuprofen"): "caution",
    ("atorvastatin", "clarithromycin"): "caution",
}


def test_stores(db: Database) -> None:
    with db.session() as s:
        stores = {r.store_id: (r.name_en, r.name_he, r.is_default) for r in s.scalars(select(Store))}
    assert stores["s1"] == ("Tel Aviv – Dizengoff", "תל אביב – דיזנגוף", True)
    assert stores["s2"] == ("Jerusalem – Jaffa Street", "ירושלים – רחוב יפו", False)


def test_products_and_stock(db: Database) -> None:
    with db.session() as s:
        products = {p.med_id: p for p in s.scalars(select(Product)).unique()}
        stock = {(r.store_id, r.med_id): r for r in s.scalars(select(Inventory))}
        for med_id, (brand_en, brand_he, generic, form, strength, rx, *per_store) in PRODUCTS.items():
            p = products[med_id]
            assert (p.brand_en, p.brand_he, p.generic.name_en) == (brand_en, brand_he, generic), med_id
            assert (p.form, p.strength, p.rx_required) == (form, strength, rx), med_id
            for store_id, (qty, eta) in zip(("s1", "s2"), per_store, strict=True):
                row = stock[(store_id, med_id)]
                expected_eta = TODAY + timedelta(days=eta) if eta is not None else None
                assert row.qty_on_hand == qty, (store_id, med_id)
                if eta is not None or qty > 0:
                    assert row.restock_eta == expected_eta, (store_id, med_id)
        augmentin = sorted(pi.ingredient_id for pi in products["m022"].ingredients)
        moxypen = [pi.ingredient_id for pi in products["m007"].ingredients]
    assert augmentin == ["amoxicillin", "clavulanic_acid"] and moxypen == ["amoxicillin"]
    assert set(PRODUCTS) <= set(products)


def test_interactions(db: Database) -> None:
    with db.session() as s:
        rows = {(r.ingredient_a, r.ingredient_b): r for r in s.scalars(select(Interaction))}
    for pair, level in INTERACTIONS.items():
        assert rows[pair].level == level, pair
        assert rows[pair].message_en and rows[pair].message_he, pair


@pytest.mark.parametrize(
    "typed", ["0501234567", "050-123-4567", "+972-50-123-4567", "+972501234567", "DAVID.COHEN@example.com"]
)
def test_david_cohen_is_u002_in_every_format(db: Database, typed: str) -> None:
    value = canonical_identifier(typed)
    with db.session() as s:
        found = s.scalars(select(Patient).where((Patient.phone == value) | (Patient.email == value))).one()
    assert (found.user_id, found.name_en, found.name_he) == ("u002", "David Cohen", "דוד כהן")


def test_patients(db: Database) -> None:
    with db.session() as s:
        patients = {p.user_id: p for p in s.scalars(select(Patient))}
    assert {f"u{n:03d}" for n in range(1, 11)} <= set(patients)
    assert patients["u001"].email == "noa.cohen@example.com" and patients["u001"].name_he == "נועה כהן"
    assert patients["u004"].phone == "+972531112222"


def test_prescriptions(db: Database) -> None:
    with db.session() as s:
        rows = {p.presc_id: p for p in s.scalars(select(Prescription)).unique()}
        u004 = s.scalars(select(Prescription).where(Prescription.user_id == "u004")).unique().all()
    assert u004 == []
    for presc_id, (user, med, status, refills, expires_in) in PRESCRIPTIONS.items():
        row = rows[presc_id]
        assert (row.user_id, row.med_id, row.status) == (user, med, status), presc_id
        if refills is not None:
            assert row.refills_left == refills, presc_id
        if expires_in is not None:
            assert row.expires_at == TODAY + timedelta(days=expires_in), presc_id


def test_pending_refill_of_p901(db: Database) -> None:
    with db.session() as s:
        pending = s.scalars(select(RefillRequest).where(RefillRequest.status == "pending")).all()
    assert [(r.presc_id, r.user_id) for r in pending] == [("p901", "u009")]
