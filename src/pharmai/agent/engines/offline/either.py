"""One product or the other: "zirtek or claratin", "זירטק או קלריטין?", "do you have advil or nurofen".

A customer choosing between two products asks whether they are there: with no request words of its own, such a
message is a stock question about both (never the label text of both). A name typed as it sounds ("zirtek" for
Zyrtec) used to leave only the other product answered and a "did you mean Zyrtec?" behind; a misspelling that
sounds the same as the one name the catalog suggests (same letters once c/k, y/i, z/s, ph/f are folded) is
taken for it, so both products are answered.
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.nlu import Parsed, remainder_query
from pharmai.text.fuzzy import similarity
from pharmai.text.normalize import normalize

__all__ = ["asks_either", "sounds_like"]

_OR = c.cues("or", "או", "either")
# A spelling this close to the suggestion once sounds are folded is the same name ("zirtek" / "zyrtec": 100).
_SAME_SOUND = 85.0
_FOLDS = (("ph", "f"), ("ck", "k"), ("c", "k"), ("q", "k"), ("y", "i"), ("z", "s"), ("w", "v"))


def asks_either(p: Parsed) -> bool:
    """Whether the message only names two or more products joined by "or" ("zirtek or claratin?")."""
    named = len(p.meds) + len(p.loose)
    return named >= 2 and bool(_OR.search(p.norm)) and not remainder_query(_without_names(p)).strip()


def _without_names(p: Parsed) -> str:
    text = p.text
    for mention in sorted(p.mentions, key=lambda m: -int(getattr(m, "start", 0))):
        start, end = int(getattr(mention, "start", 0)), int(getattr(mention, "end", 0))
        text = text[:start] + " " + text[end:]
    for item in p.loose:
        text = text.replace(item, " ")
    return re.sub(r"\b(?:or|either)\b|(?:^|(?<=\s))או(?=\s|$)", " ", text, flags=re.IGNORECASE)


def _fold(word: str) -> str:
    folded = normalize(word)
    for spelled, sound in _FOLDS:
        folded = folded.replace(spelled, sound)
    folded = re.sub(r"(.)\1+", r"\1", folded)
    return folded[:-1] if folded.endswith("e") and len(folded) > 4 else folded


def sounds_like(typed: str, suggestion: str) -> bool:
    """Whether ``typed`` sounds like the brand of ``suggestion`` ("zirtek" / "Zyrtec (Cetirizine) 10 mg")."""
    brand = re.split(r"[(\d]", suggestion, maxsplit=1)[0].strip()
    if not brand or not re.fullmatch(r"[A-Za-z][A-Za-z \-]*", typed.strip()):
        return False  # Latin spellings only: Hebrew names are matched by the catalog's own spelling rules
    return similarity(_fold(typed), _fold(brand)) >= _SAME_SOUND
