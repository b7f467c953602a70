"""Interaction checks through the real demo database: every demo interaction, in both languages."""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.db import Database
from pharmai.errors import UnknownMedId, ValidationFailed
from pharmai.pharmacy.interactions import check_interactions

# (product a, product b, level, an English fragment, a Hebrew fragment) for each demo interaction.
DEMO_INTERACTIONS = [
    ("m010", "m001", "avoid", "bleeding risk", "סיכון הדימום"),
    ("m010", "m016", "avoid", "antiplatelet", "סיכון לדימום"),
    ("m009", "m013", "avoid", "serotonin syndrome", "תסמונת סרוטונין"),
    ("m015", "m014", "avoid", "activation of clopidogrel", "קלופידוגרל"),
    ("m021", "m020", "avoid", "muscle damage", "נזק לשרירים"),
    ("m010", "m004", "caution", "INR", "INR"),
    ("m010", "m020", "caution", "INR increases", "עליות ב-INR"),
    ("m009", "m002", "caution", "stomach bleeding", "דימום בקיבה"),
    ("m003", "m016", "caution", "blunt aspirin", "האספירין"),
    ("m011", "m020", "caution", "atorvastatin levels", "אטורבסטטין"),
]


@pytest.mark.parametrize(("a", "b", "level", "en", "he"), DEMO_INTERACTIONS)
def test_every_demo_interaction(db: Database, a: str, b: str, level: str, en: str, he: str) -> None:
    with db.session() as s:
        report_en = check_interactions(s, [a, b])
        report_he = check_interactions(s, [b, a], language="he")
    assert report_en.interaction_level == level == report_he.interaction_level
    (pair,) = report_en.pairs
    assert (pair.med_id_a, pair.med_id_b, pair.level, pair.kind) == (a, b, level, "interaction")
    assert en in pair.message and he in report_he.pairs[0].message
    assert pair.message_he == report_he.pairs[0].message


def test_every_product_inherits_ingredient_interactions(db: Database) -> None:
    with db.session() as s:
        advil = check_interactions(s, ["m010", "m001"])
        nurofen = check_interactions(s, ["m010", "m002"])
        forte = check_interactions(s, ["m010", "m003"])
    assert {advil.interaction_level, nurofen.interaction_level, forte.interaction_level} == {"avoid"}
    assert advil.pairs[0].message == nurofen.pairs[0].message == forte.pairs[0].message


def test_shared_ingredient_is_a_caution_duplicate(db: Database) -> None:
    with db.session() as s:
        report = check_interactions(s, ["m004", "m005"])
        report_he = check_interactions(s, ["m004", "m005"], language="he")
        augmentin = check_interactions(s, ["m007", "m022"])
    (pair,) = report.pairs
    assert (report.interaction_level, pair.kind, pair.level) == ("caution", "duplicate", "caution")
    assert "Paracetamol" in pair.message and "double dose" in pair.message
    assert "פרצטמול" in report_he.pairs[0].message and "מנה כפולה" in report_he.pairs[0].message
    assert [p.kind for p in augmentin.pairs] == ["duplicate"] and augmentin.pairs[0].ingredient_a == "amoxicillin"


def test_worst_pair_wins_and_none_when_clean(db: Database) -> None:
    with db.session() as s:
        mixed = check_interactions(s, ["m002", "m016", "m010"])
        clean = check_interactions(s, ["m006", "m008"])
        clean_he = check_interactions(s, ["m006", "m008"], language="he")
    assert mixed.interaction_level == "avoid"
    assert {(p.med_id_a, p.med_id_b, p.level) for p in mixed.pairs} == {
        ("m002", "m016", "caution"),
        ("m002", "m010", "avoid"),
        ("m016", "m010", "avoid"),
    }
    assert "should not be taken together" in mixed.notes
    assert clean.interaction_level == "none" and clean.pairs == () and "No interactions" in clean.notes
    assert "לא רשומות" in clean_he.notes


def test_duplicates_collapse(db: Database) -> None:
    with db.session() as s:
        report = check_interactions(s, ["m010", "m010", "m001"])
        with pytest.raises(ValidationFailed):
            check_interactions(s, ["m010", "m010"])
    assert report.med_ids == ("m010", "m001") and len(report.pairs) == 1


def test_unknown_ids_are_named_in_both_languages(db: Database) -> None:
    with db.session() as s, pytest.raises(UnknownMedId) as caught:
        check_interactions(s, ["m001", "m998", "m999"])
    assert caught.value.details == {"unknown": ["m998", "m999"], "unknown_text": "m998, m999"}
    assert "m998, m999" in caught.value.message("en") and "m998, m999" in caught.value.message("he")
    assert "פנו לרוקח/ת" in caught.value.message("he")


@pytest.mark.parametrize(
    "med_ids",
    [
        [],
        ["m001"],
        [f"m{n:03d}" for n in range(1, 12)],
        "m001,m002",
        None,
        ["m001", 2],
        ["m001", "x" * 10_000],
        ["m001", "'; DROP TABLE interactions; --"],
        ["m001", "<b>m002</b>"],
        ["m001"] * 10_000,
    ],
)
def test_bad_lists_are_validation_errors(db: Database, med_ids: Any) -> None:
    with db.session() as s, pytest.raises(ValidationFailed):
        check_interactions(s, med_ids)
