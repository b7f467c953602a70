"""Catalog search through the real demo database: names, generics, strengths, Hebrew, typos, sentences."""

from __future__ import annotations

import pytest
from sqlalchemy import func, insert, select

from pharmai.db import Database
from pharmai.db.aliases import alias_rows
from pharmai.db.models import Alias, Inventory, Product, ProductIngredient
from pharmai.errors import MissingMedicationQuery, ValidationFailed
from pharmai.pharmacy import _search_index
from pharmai.pharmacy.search import Resolution, display_name, find_mentions, invalidate, resolve


def _resolve(db: Database, query: object, language: str = "en") -> Resolution:
    with db.session() as session:
        return resolve(session, query, language=language)  # type: ignore[arg-type]


def _snapshot(db: Database) -> tuple[int, ...]:
    with db.session() as session:
        return tuple(session.scalar(select(func.count()).select_from(m)) or 0 for m in (Product, Alias, Inventory))


@pytest.mark.parametrize(
    ("query", "med_id"),
    [
        ("Advil", "m001"),
        ("advil", "m001"),
        ("  NUROFEN  ", "m002"),
        ("Nurofen Forte", "m003"),
        ("Augmentin", "m022"),
        ("Claritin", "m017"),  # a spelling alias of Claritine
        ("אדוויל", "m001"),
        ("נורופן פורטה", "m003"),
        ("טילנול", "m005"),
        ("גלוקופאז'", "m008"),  # geresh
        ("גלוקופאז", "m008"),  # without it
        ("גלוקופאז׳", "m008"),  # Hebrew geresh character
        ("אַדְוִויל", "m001"),  # niqqud
        ("והאדוויל", "m001"),  # prefixes ו + ה
        ("שהאקמול", "m004"),
        ("מהנורופן", "m002"),
        ("לאקמול", "m004"),
        ("בנורופן פורטה", "m003"),
    ],
)
def test_brand_names_resolve_to_one_product(db: Database, query: str, med_id: str) -> None:
    result = _resolve(db, query)
    assert (result.kind, result.med_ids, result.generic_id) == ("exact", (med_id,), None)
    assert result.query == query and result.suggestions == () and result.did_you_mean == ()


@pytest.mark.parametrize(
    ("query", "generic_id", "med_ids"),
    [
        ("Ibuprofen", "ibuprofen", ("m001", "m002", "m003")),
        ("איבופרופן", "ibuprofen", ("m001", "m002", "m003")),
        ("Paracetamol", "paracetamol", ("m004", "m005")),
        ("acetaminophen", "paracetamol", ("m004", "m005")),
        ("אצטמינופן", "paracetamol", ("m004", "m005")),
        ("פרצטמול", "paracetamol", ("m004", "m005")),
        ("dipyrone", "metamizole", ("m018",)),
        ("Metamizole", "metamizole", ("m018",)),
        ("אספירין", "aspirin", ("m016",)),
        ("acetylsalicylic acid", "aspirin", ("m016",)),
        ("amoxicillin", "amoxicillin", ("m007",)),  # the ingredient alone is the single-ingredient generic
        ("אמוקסיצילין", "amoxicillin", ("m007",)),
        ("clavulanic acid", "amoxicillin_clavulanate", ("m022",)),  # only sold in the combination
        ("ibuprofen 200", "ibuprofen", ("m001", "m002")),  # a strength narrows, two products remain
        ("והאיבופרופן", "ibuprofen", ("m001", "m002", "m003")),
    ],
)
def test_generic_and_ingredient_names_give_every_product(
    db: Database, query: str, generic_id: str, med_ids: tuple[str, ...]
) -> None:
    result = _resolve(db, query)
    assert (result.kind, result.generic_id, result.med_ids) == ("generic", generic_id, med_ids)


@pytest.mark.parametrize(
    ("query", "med_id"),
    [
        ("nurofen 400", "m003"),
        ("Nurofen 400 mg", "m003"),
        ("nurofen 400mg", "m003"),
        ("ibuprofen 400", "m003"),
        ("נורופן 400", "m003"),
        ('איבופרופן 400 מ"ג', "m003"),
        ("Acamol 500", "m004"),
        ("advil 400", "m001"),  # no Advil 400: the strength is ignored rather than losing the brand
    ],
)
def test_strength_narrows_to_one_product(db: Database, query: str, med_id: str) -> None:
    result = _resolve(db, query)
    assert (result.kind, result.med_ids) == ("exact", (med_id,))


def test_partial_name_spanning_ingredients_is_ambiguous_in_both_languages(db: Database) -> None:
    english = _resolve(db, "amox")
    assert english.kind == "ambiguous" and english.med_ids == ("m007", "m022") and english.generic_id is None
    assert english.suggestions == (
        "Moxypen (Amoxicillin) 500 mg",
        "Augmentin (Amoxicillin + clavulanic acid) 875/125 mg",
    )
    hebrew = _resolve(db, "אמוקס", "he")
    assert hebrew.kind == "ambiguous" and hebrew.med_ids == ("m007", "m022")
    assert hebrew.suggestions == (
        'מוקסיפן (אמוקסיצילין) 500 מ"ג',
        'אוגמנטין (אמוקסיצילין + חומצה קלבולנית) 875/125 מ"ג',
    )


def test_partial_name_within_one_generic_lists_those_products(db: Database) -> None:
    result = _resolve(db, "nuro")
    assert (result.kind, result.generic_id, result.med_ids) == ("generic", "ibuprofen", ("m002", "m003"))
    assert _resolve(db, "advi").med_ids == ("m001",)
    assert _resolve(db, "נורופ").med_ids == ("m002", "m003")


@pytest.mark.parametrize(
    ("query", "kind", "med_ids"),
    [
        ("ibuprofn", "generic", ("m001", "m002", "m003")),
        ("acamoll", "exact", ("m004",)),
        ("amoxicilin", "generic", ("m007",)),
        ("nurofne", "exact", ("m002",)),
        ("nurofen frote", "exact", ("m003",)),
        ("אדויל", "exact", ("m001",)),
        ("אקמל", "exact", ("m004",)),
        ("נורופן פורטא", "exact", ("m003",)),  # a typo next to a correct word still reaches Nurofen Forte
        ("נורופן פורטה 400", "exact", ("m003",)),
        ("do you have ibuprofn?", "generic", ("m001", "m002", "m003")),
    ],
)
def test_misspellings_are_corrected(db: Database, query: str, kind: str, med_ids: tuple[str, ...]) -> None:
    result = _resolve(db, query)
    assert (result.kind, result.med_ids) == (kind, med_ids)


@pytest.mark.parametrize(
    ("query", "kind", "med_ids"),
    [
        ("יש לכם אדוויל?", "exact", ("m001",)),
        ("Is Ibuprofen in stock?", "generic", ("m001", "m002", "m003")),
        ("do you have nurofen 400 please", "exact", ("m003",)),
        ("do you have advil or nurofen 400", "ambiguous", ("m001", "m003")),  # two medications named
        ("אני צריך אקמול ואופטלגין", "ambiguous", ("m004", "m018")),
        ("Acamol or acamol?", "exact", ("m004",)),  # the same product twice is still one product
    ],
)
def test_names_inside_sentences(db: Database, query: str, kind: str, med_ids: tuple[str, ...]) -> None:
    result = _resolve(db, query)
    assert (result.kind, result.med_ids) == (kind, med_ids)


def test_unknown_names_suggest_close_names_in_the_language(db: Database) -> None:
    english = _resolve(db, "zirtek")
    assert english.kind == "not_found" and english.med_ids == () and english.generic_id is None
    assert english.did_you_mean[0] == "Zyrtec (Cetirizine) 10 mg"
    hebrew = _resolve(db, "זירטיקון", "he")
    assert hebrew.kind == "not_found" and hebrew.did_you_mean[0] == 'זירטק (צטיריזין) 10 מ"ג'
    assert _resolve(db, "qwxzvbnm").did_you_mean == ()


@pytest.mark.parametrize(
    "query",
    [
        "'; DROP TABLE products; --",
        "<script>alert('advil')</script>x",
        "Robert'); DELETE FROM aliases WHERE ('1'='1",
        "<b>qqq</b>",
        "%qq_%",
        "\x00qq\x01",
    ],
)
def test_sql_and_markup_are_plain_text(db: Database, query: str) -> None:
    before = _snapshot(db)
    result = _resolve(db, query)
    assert result.kind in {"not_found", "exact"}
    assert _snapshot(db) == before


def test_markup_around_a_real_name_still_finds_it(db: Database) -> None:
    assert _resolve(db, "<b>Advil</b>").med_ids == ("m001",)


@pytest.mark.parametrize("query", ["", "   ", "?!", "\n\t", "%_%", "\x00\x01", "<>"])
def test_empty_query_asks_which_medication(db: Database, query: str) -> None:
    with pytest.raises(MissingMedicationQuery) as caught:
        _resolve(db, query)
    assert caught.value.message("en") == "Which medication do you mean?"
    assert caught.value.message("he") == "לאיזו תרופה הכוונה?"


@pytest.mark.parametrize(
    ("query", "language", "field"),
    [
        (None, "en", "medication_name"),
        (42, "en", "medication_name"),
        (["advil"], "en", "medication_name"),
        ("a" * 10_000, "en", "medication_name"),
        ("advil " * 100, "en", "medication_name"),
        ("advil", "fr", "language"),
        ("advil", None, "language"),
    ],
)
def test_bad_input_is_a_typed_error_and_changes_nothing(db: Database, query: object, language: str, field: str) -> None:
    before = _snapshot(db)
    with pytest.raises(ValidationFailed) as caught:
        _resolve(db, query, language)
    assert caught.value.fields[0]["field"] == field
    assert field in caught.value.message("en") and field in caught.value.message("he")
    assert caught.value.message("he").startswith("חלק מהקלט")
    assert _snapshot(db) == before


def test_query_of_exactly_the_limit_is_accepted(db: Database) -> None:
    query = ("x" * 494) + " advil"
    assert len(query) == 500
    assert _resolve(db, query).med_ids == ("m001",)


def test_find_mentions_lists_each_medication_with_its_span(db: Database) -> None:
    with db.session() as session:
        text = "do you have advil or nurofen 400?"
        mentions = find_mentions(session, text)
        assert [(m.med_ids, m.matched_text, m.strength, m.kind) for m in mentions] == [
            (("m001",), "advil", None, "exact"),
            (("m003",), "nurofen 400", "400", "exact"),
        ]
        assert all(text[m.start : m.end] == m.matched_text for m in mentions)

        hebrew = find_mentions(session, "אני צריך אקמול ואופטלגין")
        assert [(m.med_ids, m.matched_text) for m in hebrew] == [(("m004",), "אקמול"), (("m018",), "ואופטלגין")]

        (generic,) = find_mentions(session, "Is Ibuprofen in stock?")
        assert (generic.kind, generic.generic_id, generic.matched_text) == ("generic", "ibuprofen", "Ibuprofen")
        (question,) = find_mentions(session, "יש לכם אדוויל?")
        assert (question.med_ids, question.matched_text, question.start) == (("m001",), "אדוויל", 7)
        (typo,) = find_mentions(session, "I need acamoll")
        assert typo.med_ids == ("m004",) and typo.fuzzy
        assert find_mentions(session, "hello, how are you?") == []
        assert find_mentions(session, "") == []


def test_find_mentions_rejects_oversized_or_non_text(db: Database) -> None:
    with db.session() as session:
        with pytest.raises(ValidationFailed):
            find_mentions(session, "advil " * 2000)
        with pytest.raises(ValidationFailed):
            find_mentions(session, None)  # type: ignore[arg-type]
        long_message = "blah " * 700 + "advil"
        assert [m.med_ids for m in find_mentions(session, long_message)] == [("m001",)]


def test_display_name_in_both_languages(db: Database) -> None:
    with db.session() as session:
        advil = session.get(Product, "m001")
        augmentin = session.get(Product, "m022")
        eltroxin = session.get(Product, "m019")
        assert advil is not None and augmentin is not None and eltroxin is not None
        assert display_name(advil, "en") == "Advil (Ibuprofen) 200 mg"
        assert display_name(advil, "he") == 'אדוויל (איבופרופן) 200 מ"ג'
        assert display_name(augmentin, "en") == "Augmentin (Amoxicillin + clavulanic acid) 875/125 mg"
        assert display_name(eltroxin, "he") == 'אלטרוקסין (לבותירוקסין) 100 מק"ג'


def _add_brufen(db: Database) -> None:
    with db.session(write=True) as session:
        product = Product(
            med_id="m900",
            generic_id="ibuprofen",
            brand_en="Brufen",
            brand_he="ברופן",
            form="tablet",
            strength="600 mg",
            rx_required=False,
        )
        product.ingredients = [ProductIngredient(ingredient_id="ibuprofen", strength="600 mg", position=0)]
        session.add(product)
        session.flush()
        session.add_all(alias_rows("product", "m900", [("Brufen", "en"), ("ברופן", "he")]))


def test_catalog_changes_through_a_session_are_seen_at_once(db: Database) -> None:
    assert _resolve(db, "Brufen").kind == "not_found"
    _add_brufen(db)
    assert _resolve(db, "Brufen").med_ids == ("m900",)
    assert _resolve(db, "והברופן").med_ids == ("m900",)
    assert _resolve(db, "ibuprofen").med_ids == ("m001", "m002", "m003", "m900")
    assert _resolve(db, "ibuprofen 600").med_ids == ("m900",)


def test_a_rolled_back_change_is_not_seen(db: Database) -> None:
    assert _resolve(db, "Qwertazol").kind == "not_found"
    with pytest.raises(RuntimeError), db.session(write=True) as session:
        session.add_all(alias_rows("product", "m001", [("Qwertazol", "en")]))
        session.flush()
        raise RuntimeError("abort")
    assert _resolve(db, "Qwertazol").kind == "not_found"


def test_writes_behind_the_orm_need_invalidate_or_the_fingerprint(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _resolve(db, "Nurofen Rapid").med_ids == ("m002",)  # "nurofen" inside the phrase
    row = {"target_kind": "product", "target_id": "m003", "text": "Nurofen Rapid", "language": "en"}
    with db.engine.begin() as conn:
        conn.execute(insert(Alias), [{**row, "norm": "nurofen rapid"}])
    with db.session() as session:
        invalidate(session)
    assert _resolve(db, "Nurofen Rapid").med_ids == ("m003",)

    with db.engine.begin() as conn:
        conn.execute(insert(Alias), [{**row, "text": "Nurofen Ultra", "norm": "nurofen ultra"}])
    monkeypatch.setattr(_search_index, "CHECK_INTERVAL", 0.0)  # the fingerprint is checked on every call
    assert _resolve(db, "Nurofen Ultra").med_ids == ("m003",)


@pytest.mark.parametrize(
    "text",
    [
        "לבת שלי יש חום מאתמול",  # "מאתמול" (since yesterday) is one letter from "אקמול"
        "כואב לי הראש מהבוקר, שלום",
        "fever since yesterday morning",
    ],
)
def test_time_words_and_greetings_name_no_medication(db: Database, text: str) -> None:
    with db.session() as session:
        assert find_mentions(session, text) == []


def test_a_misspelt_name_beside_a_time_word_is_still_found(db: Database) -> None:
    with db.session() as session:
        assert [m.med_ids for m in find_mentions(session, "לקחתי אקמל אתמול")] == [("m004",)]
