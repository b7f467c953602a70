"""Catalog search: from what a person typed to the products they mean.

:func:`resolve` turns a medication name (brand or generic, English or Hebrew, with Hebrew prefixes,
partial, misspelled, or inside a sentence) into a :class:`Resolution`; :func:`find_mentions` lists every
medication named in a message. Both read an in-memory index of the catalog (see
:mod:`pharmai.pharmacy._search_index` for how it is cached and invalidated; :func:`invalidate` is the
explicit hook for importers).

Order of attempts: exact names (longest phrase first, Hebrew prefixes stripped), then a partial name
("amox"), then misspellings ("ibuprofn"). A strength after the name narrows the products ("nurofen 400").
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy.orm import Session

from pharmai.errors import MissingMedicationQuery, ValidationFailed
from pharmai.pharmacy._rows import ProductRow
from pharmai.pharmacy._search_index import CatalogIndex, get_index, invalidate
from pharmai.pharmacy._search_scan import STOPWORDS, Hit, best_hits, expand_targets, scan, split_tokens, words_of
from pharmai.text.normalize import prefix_variants

__all__ = [
    "MAX_QUERY_LENGTH",
    "MAX_TEXT_LENGTH",
    "Mention",
    "Resolution",
    "display_name",
    "find_mentions",
    "invalidate",
    "resolve",
    "typed_name",
]

#: Longer medication queries are rejected with ``VALIDATION_ERROR``.
MAX_QUERY_LENGTH = 500
#: Longer messages are rejected by :func:`find_mentions`.
MAX_TEXT_LENGTH = 4000
_MAX_SUGGESTIONS = 10
_MAX_DID_YOU_MEAN = 5
_PARTIAL_LIMIT = 200
_MIN_PARTIAL = 3

Kind = Literal["exact", "generic", "ambiguous", "not_found"]


@dataclass(frozen=True)
class Resolution:
    """What a medication query stands for.

    Attributes:
        kind: ``exact`` (one product), ``generic`` (products of one generic: all of them for a generic or
            ingredient name, the named ones for a partial brand), ``ambiguous`` (products of different
            active ingredients, or several medications named), ``not_found``.
        query: The query as given.
        med_ids: The products, in catalog order (exact: one; generic: its products; ambiguous: candidates).
        generic_id: The generic, for ``generic`` only.
        suggestions: For ``ambiguous``: display names of the candidates (in the requested language).
        did_you_mean: For ``not_found``: display names of close catalog names.
    """

    kind: Kind
    query: str
    med_ids: tuple[str, ...]
    generic_id: str | None
    suggestions: tuple[str, ...] = ()
    did_you_mean: tuple[str, ...] = ()


@dataclass(frozen=True)
class Mention:
    """One medication named inside a text.

    Attributes:
        med_ids: The products it stands for (one for a brand, every product for a generic name).
        generic_id: Set when a generic or ingredient was named, or all products share one generic.
        matched_text: The text as written, from ``start`` to ``end``.
        start: Offset of the first character in the text.
        end: Offset just after the last character (including a strength written after the name).
        strength: The strength written after the name, normalised ("400", "400 mg"), or ``None``.
        kind: ``exact``, ``generic`` or ``ambiguous``, as for :class:`Resolution`.
        fuzzy: The name was matched as a misspelling.
    """

    med_ids: tuple[str, ...]
    generic_id: str | None
    matched_text: str
    start: int
    end: int
    strength: str | None
    kind: Kind = "exact"
    fuzzy: bool = False


_HE_UNITS = (("mcg", 'מק"ג'), ("mg", 'מ"ג'), ("ml", 'מ"ל'), ("g", "גרם"))


def _format(brand: str, generic: str, strength: str, language: str) -> str:
    if language == "he":
        words = [next((he for en, he in _HE_UNITS if en == w), w) for w in strength.split(" ")]
        strength = " ".join(words)
    return f"{brand} ({generic}) {strength}".strip()


def display_name(product: ProductRow, language: str = "en") -> str:
    """The name shown to people: brand, generic in brackets, strength.

    Args:
        product: A product (its generic is loaded with it).
        language: ``"he"`` for Hebrew names and units, anything else for English.

    Returns:
        e.g. ``"Advil (Ibuprofen) 200 mg"`` or ``'אדוויל (איבופרופן) 200 מ"ג'``.
    """
    if language == "he":
        return _format(product.brand_he, product.generic.name_he, product.strength, "he")
    return _format(product.brand_en, product.generic.name_en, product.strength, "en")


def _display(index: CatalogIndex, med_id: str, language: str) -> str:
    generic_id, en, he, strength, _numbers = index.products[med_id]
    generic_en, generic_he = index.generics.get(generic_id, (generic_id, generic_id))
    if language == "he":
        return _format(he, generic_he, strength, "he")
    return _format(en, generic_en, strength, "en")


def _check_text(value: Any, field: str, limit: int) -> str:
    if not isinstance(value, str):
        raise ValidationFailed([{"field": field, "reason": "must be a string"}])
    if len(value) > limit:
        raise ValidationFailed([{"field": field, "reason": "too long", "max_length": limit}])
    return value


def _check_language(language: Any) -> str:
    if language not in ("en", "he"):
        raise ValidationFailed([{"field": "language", "reason": "must be 'en' or 'he'"}])
    return str(language)


def _decide(index: CatalogIndex, med_ids: list[str], named: str | None, narrowed: bool) -> tuple[Kind, str | None]:
    if not med_ids:
        return ("generic", named) if named else ("not_found", None)
    if named and not narrowed:
        return "generic", named
    if len(med_ids) == 1:
        return "exact", None
    generics = {index.products[m][0] for m in med_ids}
    if len(generics) == 1:
        return "generic", generics.pop()
    return "ambiguous", None


def _mention(index: CatalogIndex, text: str, tokens: list[Any], hit: Hit) -> Mention:
    med_ids, named, narrowed = expand_targets(index, hit.targets, hit.norm, hit.numbers)
    kind, generic_id = _decide(index, med_ids, named, narrowed)
    start, end = tokens[hit.first].start, tokens[hit.last].end
    return Mention(tuple(med_ids), generic_id, text[start:end], start, end, hit.strength, kind, hit.fuzzy)


def find_mentions(session: Session, text: str) -> list[Mention]:
    """Every medication named in ``text``, in order ("do you have advil or nurofen 400").

    Exact names are found first; only when there are none are misspellings tried.

    Args:
        session: A session on the catalog's database.
        text: A message in Hebrew, English or both (at most :data:`MAX_TEXT_LENGTH` characters).

    Raises:
        ValidationFailed: ``text`` is not a string or is too long.
    """
    text = _check_text(text, "text", MAX_TEXT_LENGTH)
    tokens = split_tokens(text)
    if not tokens:
        return []
    index = get_index(session)
    hits = best_hits(index, tokens)
    mentions = [_mention(index, text, tokens, hit) for hit in hits]
    return [m for m in mentions if m.kind != "not_found"]


def _partial(index: CatalogIndex, tokens: list[Any]) -> tuple[list[str], str | None, bool] | None:
    words = words_of(tokens)
    if not words or len(words) > 3:
        return None
    numbers = frozenset(t.norm for t in tokens if t.norm.isdigit())
    for first in prefix_variants(words[0]):
        prefix = " ".join([first, *words[1:]])
        if len(prefix) < _MIN_PARTIAL:
            continue
        norms = index.norms_with_prefix(prefix, limit=_PARTIAL_LIMIT)
        if norms:
            targets = tuple(t for norm in norms for t in index.phrases[norm])
            return expand_targets(index, targets, prefix, numbers)
    return None


def _did_you_mean(index: CatalogIndex, tokens: list[Any], language: str) -> tuple[str, ...]:
    words = [w for w in words_of(tokens) if w not in STOPWORDS and len(w) >= _MIN_PARTIAL]
    # Suggestions are a courtesy: the two longest words (two readings of each) bound their cost, and a
    # name earns credit for each word it resembles, weighted by the word's length ("Ilidex Duo" → Ilidex).
    scored: dict[str, float] = {}
    for word in sorted(dict.fromkeys(words), key=len, reverse=True)[:2]:
        best: dict[str, float] = {}
        for variant in prefix_variants(word)[-2:]:
            for token, score in index.vocabulary.similar(variant, limit=_MAX_DID_YOU_MEAN):
                for norm in index.token_norms.get(token, []):
                    for name in _target_names(index, index.phrases.get(norm, []), language):
                        best[name] = max(best.get(name, 0.0), score * len(word))
        for name, score in best.items():
            scored[name] = scored.get(name, 0.0) + score
    ranked = sorted(scored.items(), key=lambda item: (-item[1], item[0]))
    return tuple(name for name, _score in ranked[:_MAX_DID_YOU_MEAN])


def _target_names(index: CatalogIndex, targets: list[tuple[str, str]], language: str) -> list[str]:
    names: list[str] = []
    for kind, tid in targets:
        if kind == "product" and tid in index.products:
            names.append(_display(index, tid, language))
            continue
        generic_ids = [tid] if kind == "generic" else index.single_generics.get(tid, [])
        for generic_id in generic_ids:
            if generic_id in index.generics:
                names.append(index.generics[generic_id][1 if language == "he" else 0])
    return names


def _result(
    index: CatalogIndex, query: str, med_ids: list[str], named: str | None, narrowed: bool, language: str
) -> Resolution:
    kind, generic_id = _decide(index, med_ids, named, narrowed)
    suggestions: tuple[str, ...] = ()
    if kind == "ambiguous":
        suggestions = tuple(_display(index, m, language) for m in med_ids[:_MAX_SUGGESTIONS])
    return Resolution(kind, query, tuple(med_ids), generic_id, suggestions)


def resolve(session: Session, query: str, *, language: str = "en") -> Resolution:
    """What a medication query stands for (``docs/contracts.md``, ``get_medication_by_name``).

    Args:
        session: A session on the catalog's database.
        query: A brand or generic name in English or Hebrew, possibly partial, misspelled, with a strength
            ("nurofen 400") or inside a sentence ("Is Ibuprofen in stock?").
        language: The language of ``suggestions`` and ``did_you_mean`` ("en" or "he").

    Raises:
        MissingMedicationQuery: The query is empty or has no words.
        ValidationFailed: The query is not a string, is longer than :data:`MAX_QUERY_LENGTH`, or the
            language is not "en" / "he".
    """
    query = _check_text(query, "medication_name", MAX_QUERY_LENGTH)
    language = _check_language(language)
    tokens = split_tokens(query)
    if not tokens:
        raise MissingMedicationQuery()
    index = get_index(session)
    hits = scan(index, tokens, fuzzy=False)
    if not hits:
        partial = _partial(index, tokens)
        if partial is not None and partial[0]:
            return _result(index, query, *partial, language)
    hits = best_hits(index, tokens, hits)
    expanded = [expand_targets(index, hit.targets, hit.norm, hit.numbers) for hit in hits]
    distinct = {tuple(ids) for ids, _named, _narrowed in expanded if ids}
    narrowest = [ids for ids in distinct if all(set(ids) <= set(other) for other in distinct)]
    if len(narrowest) == 1:
        # "Lipitor (Atorvastatin) 20 mg": a brand named with its generic is that brand, not every product
        # of the generic; names that point at different products stay ambiguous.
        ids, named, narrowed = next(e for e in expanded if tuple(e[0]) == narrowest[0])
        return _result(index, query, ids, named, narrowed, language)
    if len(distinct) > 1:
        seen: dict[str, None] = {}
        for ids, _named, _narrowed in expanded:
            seen.update(dict.fromkeys(ids))
        med_ids = list(seen)
        suggestions = tuple(_display(index, m, language) for m in med_ids[:_MAX_SUGGESTIONS])
        return Resolution("ambiguous", query, tuple(med_ids), None, suggestions)
    return Resolution("not_found", query, (), None, did_you_mean=_did_you_mean(index, tokens, language))


def typed_name(mention: Mention, mentions: Callable[[str], Iterable[Mention]] | None = None) -> str:
    """The name as the person typed it, without Hebrew prefix letters ("לאדוויל" → "אדוויל").

    A reply that names a medication back uses the person's own spelling, never a normalised form, and never
    the prefix letters ("and", "to") glued to it in the message.

    Args:
        mention: A mention found in the person's message.
        mentions: The catalog's reading of a text (:func:`find_mentions` over a session); the bare word is
            kept only when it names the same products on its own.
    """
    typed = mention.matched_text
    words = typed.split(" ", 1)
    variants = prefix_variants(words[0])
    if mentions is None or len(variants) == 1:
        return typed
    for stem in reversed(variants[1:]):
        candidate = " ".join([stem, *words[1:]])
        try:
            found = list(mentions(candidate))
        except Exception:  # the bare word is only a nicer label; the typed text will do
            return typed
        # A misspelt name keeps its misspelling, never the prefix glued to it ("ואדויל" → "אדויל").
        if found and found[0].med_ids == mention.med_ids and (not found[0].fuzzy or mention.fuzzy):
            return candidate
    return typed
