"""Misspelt request words read as what they were meant to be: "prescripton", "dosge", "warnigns", "generc".

The cue phrases match exact words; a customer's typo in the word that says what is asked ("does that need a
prescripton?") would otherwise lose the request and get the whole label (or a lookup of the word as a name).
Only words of five letters or more are corrected, and only into request words, within the edit distance the
catalog's own spelling tolerance allows (:class:`pharmai.text.fuzzy.TokenVocabulary`): one or two edits
cannot turn one of them into an ordinary word of the message.
"""

from __future__ import annotations

from pharmai.text.fuzzy import TokenVocabulary
from pharmai.text.normalize import normalize

__all__ = ["corrected"]

# The words that name what is asked about a product: its facets (dosage, warnings, prescription,
# ingredients) and the product questions around them (stock, equivalents, restock, interactions).
_REQUEST_WORDS = normalize(
    "prescription prescriptions dosage dosages warning warnings ingredient ingredients contains contain "
    "generic generics equivalent equivalents alternative alternatives substitute available availability "
    "restock interaction interactions effects maximum "
    "מרשם מרשמים מינון אזהרות אזהרה רכיבים תחליף תחליפים חלופה גנרי גנרית תופעות לוואי מקסימום"
).split()
_MIN_LENGTH = 5
# Ordinary words within an edit or two of a request word: never corrected into it.
_ORDINARY = frozenset(
    normalize(
        "description descriptions warming warmings subscription conscription morning mornings burning turning "
        "earning generous contact contacts"
    ).split()
)
_VOCABULARY = TokenVocabulary(word for word in _REQUEST_WORDS if len(word) >= _MIN_LENGTH)


# Hebrew full spellings of short request words (too short for the edit-distance tolerance): "מירשם".
_FULL_SPELLINGS = {normalize(k): normalize(v) for k, v in {"מירשם": "מרשם", "מירשמים": "מרשמים"}.items()}
_PREFIXES = frozenset("ובלהמשכ")


def _full_spelling(word: str) -> str | None:
    """ "במירשם" → "במרשם": a full spelling behind up to two prefix letters, in the usual spelling."""
    for cut in range(3):
        head, rest = word[:cut], word[cut:]
        if all(letter in _PREFIXES for letter in head) and rest in _FULL_SPELLINGS:
            return head + _FULL_SPELLINGS[rest]
    return None


def _correction(word: str) -> str | None:
    """The request word meant by ``word``, behind the Hebrew prefix letters it carries ("הרכבים" → "הרכיבים")."""
    for cut in range(3):
        head, rest = word[:cut], word[cut:]
        if cut and not all(letter in _PREFIXES for letter in head):
            break
        if len(rest) < _MIN_LENGTH or rest in _VOCABULARY or rest in _ORDINARY:
            if rest in _VOCABULARY:
                return None  # a known request word behind a prefix ("המינון")
            continue
        fixes = _VOCABULARY.corrections(rest, limit=1)
        if fixes:
            return head + fixes[0]
    return None


def corrected(norm: str) -> str:
    """``norm`` (normalised text) with each misspelt request word replaced by the word meant."""
    words = norm.split()
    changed = False
    for index, word in enumerate(words):
        usual = _full_spelling(word)
        if usual is not None:
            words[index] = usual
            changed = True
            continue
        if len(word) < _MIN_LENGTH or word in _VOCABULARY or word in _ORDINARY or not word.isalpha():
            continue
        fixed = _correction(word)
        if fixed is not None:
            words[index] = fixed
            changed = True
    return " ".join(words) if changed else norm
