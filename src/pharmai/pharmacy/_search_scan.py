"""Finding catalog names inside a text: tokens with their spans, phrase look-up, strength narrowing."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from pharmai.pharmacy._search_index import CatalogIndex, natural_key
from pharmai.text.fuzzy import MIN_FUZZY_LENGTH
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["STOPWORDS", "Hit", "Token", "best_hits", "expand_targets", "scan", "split_tokens", "words_of"]

# A word, with the quote marks that belong to it (גלוקופאז'), niqqud and maqaf included.
_WORD = re.compile(r"[\w\u0590-\u05ff'\"`\u2018\u2019\u201c\u201d]+")
_QUOTES = "'\"`\u2018\u2019\u201c\u201d\u05f3\u05f4"
_STRENGTH = re.compile(r"^(\d+(?:\.\d+)?)(mg|mcg|g|ml|מג|מקג|מל|גרם)?$")
_UNITS = frozenset({"mg", "mcg", "g", "ml", "מג", "מקג", "מל", "גרם", "milligram", "milligrams", "מיליגרם"})
_MAX_COMBINATIONS = 12

#: Common words of both languages that are never corrected as misspelled medication names (normalised as
#: tokens are, so a Hebrew word with a final letter matches).
STOPWORDS = frozenset(
    normalize(word)
    for word in [
        "a",
        "an",
        "and",
        "are",
        "can",
        "could",
        "do",
        "does",
        "for",
        "from",
        "have",
        "has",
        "how",
        "i",
        "in",
        "is",
        "it",
        "me",
        "my",
        "need",
        "of",
        "on",
        "or",
        "please",
        "price",
        "stock",
        "still",
        "store",
        "the",
        "there",
        "this",
        "to",
        "want",
        "what",
        "where",
        "which",
        "with",
        "would",
        "you",
        "your",
        "any",
        "some",
        "tablets",
        "pills",
        "about",
        "available",
        "buy",
        "get",
        "give",
        "looking",
        "tell",
        "them",
        "they",
        "know",
        "much",
        "many",
        "cost",
        "costs",
        # Chat words one edit from a short alias ("asap" / APAP, "maybe", "okay"): never a misspelt name.
        "asap",
        "soon",
        "urgent",
        "maybe",
        "also",
        "just",
        "okay",
        "yeah",
        "thanks",
        "then",
        "when",
        "more",
        "same",
        "else",
        "יש",
        "לכם",
        "לך",
        "אין",
        "אני",
        "צריך",
        "צריכה",
        "רוצה",
        "רוצים",
        "את",
        "של",
        "על",
        "עם",
        "או",
        "גם",
        "מה",
        "איפה",
        "כמה",
        "האם",
        "במלאי",
        "מלאי",
        "בבקשה",
        "תודה",
        "שלום",
        "הם",
        "היא",
        "הוא",
        "זה",
        "זאת",
        "לי",
        "יהיה",
        "אפשר",
        "לקנות",
        "כדורים",
        "תרופה",
        "תרופות",
        "עוד",
        # When something started: "fever since yesterday" ("מאתמול" is one letter from "אקמול").
        "yesterday",
        "today",
        "tomorrow",
        "morning",
        "night",
        "since",
        "week",
        "אתמול",
        "מאתמול",
        "היום",
        "מחר",
        "בוקר",
        "בבוקר",
        "ערב",
        "בערב",
        "לילה",
        "בלילה",
        "שבוע",
        "מאז",
        "לפני",
    ]
)


@dataclass(frozen=True)
class Token:
    """One normalised token and the character span of the word it came from."""

    norm: str
    start: int
    end: int


@dataclass(frozen=True)
class Hit:
    """A catalog phrase found at tokens ``[first, last]`` of a text, with any strength after it."""

    norm: str
    targets: tuple[tuple[str, str], ...]
    first: int
    last: int
    numbers: frozenset[str]
    strength: str | None
    fuzzy: bool


def split_tokens(text: str) -> list[Token]:
    """The normalised tokens of ``text``, each with the span of its word in ``text``."""
    found: list[Token] = []
    for match in _WORD.finditer(text):
        start, end = match.span()
        while start < end and text[start] in _QUOTES:
            start += 1
        # A trailing quote is a geresh only after a Hebrew letter (גלוקופאז'); otherwise it is punctuation.
        while end > start and text[end - 1] in _QUOTES and not ("\u05d0" <= text[end - 2] <= "\u05ea"):
            end -= 1
        if start >= end:
            continue
        for norm in normalize(text[start:end]).split(" "):
            if norm:
                found.append(Token(norm, start, end))
    return found


def words_of(tokens: list[Token]) -> list[str]:
    """The name words of a token list (no numbers, units or stop words)."""
    return [t.norm for t in tokens if not _STRENGTH.match(t.norm) and t.norm not in _UNITS]


class _Alternatives:
    """Readings of each token (prefix variants, corrections), memoised for one scan."""

    def __init__(self, index: CatalogIndex, fuzzy: bool) -> None:
        self._index = index
        self._fuzzy = fuzzy
        self._corrections: dict[str, list[str]] = {}

    def _correct(self, token: str) -> list[str]:
        if token not in self._corrections:
            known = len(token) < MIN_FUZZY_LENGTH or token in STOPWORDS or token in self._index.vocabulary
            self._corrections[token] = [] if known else self._index.vocabulary.corrections(token)
        return self._corrections[token]

    def of(self, token: str, *, first: bool, fuzzy: bool) -> list[tuple[str, bool]]:
        variants = prefix_variants(token) if first else [token]
        options = [(v, False) for v in variants]
        if fuzzy and self._fuzzy and token not in STOPWORDS:
            for variant in variants:
                options.extend((c, True) for c in self._correct(variant))
        return options


def _lookup(
    index: CatalogIndex, alternatives: _Alternatives, tokens: list[Token], i: int, *, fuzzy: bool
) -> tuple[str, int, bool] | None:
    longest = min(index.max_tokens, len(tokens) - i)
    per_token = [alternatives.of(tokens[i].norm, first=True, fuzzy=fuzzy)]
    for j in range(i + 1, i + longest):
        per_token.append(alternatives.of(tokens[j].norm, first=False, fuzzy=fuzzy))
    for length in range(longest, 0, -1):
        combos = itertools.islice(itertools.product(*per_token[:length]), _MAX_COMBINATIONS)
        for combo in combos:
            phrase = " ".join(form for form, _f in combo)
            if phrase in index.phrases:
                return phrase, length, any(f for _form, f in combo)
    return None


def scan(index: CatalogIndex, tokens: list[Token], *, fuzzy: bool, fuzzy_budget: int = 24) -> list[Hit]:
    """Catalog phrases named in ``tokens``, longest match first, left to right.

    Args:
        index: The catalog index.
        tokens: From :func:`split_tokens`.
        fuzzy: Also accept misspelled words (slower; used when an exact scan found nothing).
        fuzzy_budget: Only the first this many name words are tried as misspellings (bounds the cost of a
            long message).
    """
    hits: list[Hit] = []
    alternatives = _Alternatives(index, fuzzy)
    i = 0
    tried = 0
    while i < len(tokens):
        norm = tokens[i].norm
        if _STRENGTH.match(norm) or norm in _UNITS:
            i += 1
            continue
        use_fuzzy = fuzzy and tried < fuzzy_budget
        tried += norm not in STOPWORDS
        found = _lookup(index, alternatives, tokens, i, fuzzy=use_fuzzy)
        if found is None:
            i += 1
            continue
        phrase, length, was_fuzzy = found
        j = i + length
        numbers: list[str] = []
        parts: list[str] = []
        while j < len(tokens):
            strength = _STRENGTH.match(tokens[j].norm)
            if strength:
                numbers.append(strength.group(1))
            elif not (numbers and tokens[j].norm in _UNITS):
                break
            parts.append(tokens[j].norm)
            j += 1
        hits.append(
            Hit(phrase, tuple(index.phrases[phrase]), i, j - 1, frozenset(numbers), " ".join(parts) or None, was_fuzzy)
        )
        i = j
    return hits


def _coverage(hits: list[Hit]) -> int:
    return sum(hit.last - hit.first + 1 for hit in hits)


def _has_leftovers(tokens: list[Token], hits: list[Hit]) -> bool:
    covered = {i for hit in hits for i in range(hit.first, hit.last + 1)}
    return any(
        i not in covered and len(t.norm) >= MIN_FUZZY_LENGTH and t.norm not in STOPWORDS and not _STRENGTH.match(t.norm)
        for i, t in enumerate(tokens)
    )


def best_hits(index: CatalogIndex, tokens: list[Token], exact: list[Hit] | None = None) -> list[Hit]:
    """Exact hits, or fuzzy ones when they explain more of the text.

    A misspelled word next to a correct one ("נורופן פורטא") would otherwise resolve to the shorter exact
    name (Nurofen instead of Nurofen Forte), so unmatched words trigger a fuzzy scan whose hits win when
    they cover more tokens.

    Args:
        index: The catalog index.
        tokens: From :func:`split_tokens`.
        exact: The exact scan, when the caller already has it.
    """
    if exact is None:
        exact = scan(index, tokens, fuzzy=False)
    if exact and not _has_leftovers(tokens, exact):
        return exact
    fuzzy = scan(index, tokens, fuzzy=True)
    return fuzzy if _coverage(fuzzy) > _coverage(exact) else exact


def _family(index: CatalogIndex, norm: str) -> set[str]:
    # Products whose name continues the matched one ("nurofen" → Nurofen, Nurofen Forte), for strengths.
    family: set[str] = set()
    for other in [norm, *index.norms_with_prefix(norm + " ", limit=200)]:
        family.update(tid for kind, tid in index.phrases.get(other, ()) if kind == "product" and tid in index.products)
    return family


def expand_targets(
    index: CatalogIndex, targets: tuple[tuple[str, str], ...], norm: str, numbers: frozenset[str]
) -> tuple[list[str], str | None, bool]:
    """The products a matched phrase stands for.

    Args:
        index: The catalog index.
        targets: The alias targets of the phrase.
        norm: The phrase (used to find the brand family when a strength narrows it).
        numbers: Strength numbers written after the phrase ({"400"}).

    Returns:
        ``(med_ids, named_generic, narrowed)``: the products in catalog order; the generic when the phrase
        named a generic or ingredient (``None`` for brand names); whether a strength narrowed the set.
    """
    products = [tid for kind, tid in targets if kind == "product" and tid in index.products]
    named: str | None = None
    base: set[str]
    if products:
        base = _family(index, norm) if numbers else set(products)
    else:
        generic_ids = sorted({tid for kind, tid in targets if kind == "generic" and tid in index.generics})
        if not generic_ids:
            for kind, tid in targets:
                if kind == "ingredient":
                    generic_ids.extend(index.single_generics.get(tid) or index.ingredient_generics.get(tid, []))
            generic_ids = sorted(set(generic_ids))
        if len(generic_ids) == 1:
            named = generic_ids[0]
        products = [m for g in generic_ids for m in index.generic_products.get(g, [])]
        base = set(products)
    narrowed = False
    if numbers:
        fitting = [m for m in base if numbers <= index.products[m][4]]
        if fitting:
            products, narrowed = fitting, True
    return sorted(set(products), key=natural_key), named, narrowed
