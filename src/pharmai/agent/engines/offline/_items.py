"""Items of a list the catalog did not recognise: "acamol, zirtek and claritin" names three products.

The catalog finds the names it knows (and near misspellings); a name too far from any (a bad misspelling,
a product not carried) used to vanish from the answer without a word, so the customer believed all three
were checked. Here the short items between list separators that hold no known name are picked out, to be
looked up by name (a did-you-mean, or "not found") like a single unknown name is.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline._not_names import covered
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["loose_items"]

# What separates the items of a list, and sentences ("do you have nurofen? and zirtek?").
# A Hebrew "ו" glued to a word ("וזרטק") is "and" too: a zero-width separator before the word.
_SEPARATOR = re.compile(
    r"[,;/+&?!.\n]|\b(?:and|or|plus|also|n)\b|(?:^|(?<=\s))(?:או|וגם|גם)(?=\s)|(?:^|(?<=\s))(?=ו[\u05d0-\u05ea]{2})",
    re.IGNORECASE,
)
# Request words around an item ("i need zirtek", "צריך גם זרטק"): never part of a name.
_REQUEST = frozenset(
    normalize(
        "i i'd id im need needs want wanna looking would like got get some also and my the know buy take "
        "asap urgent urgently now today tomorrow tonight kid kids child children baby both each "
        "branch branches store stores shop shops location locations pharmacy pharmacies "
        "אני צריך צריכה רוצה מחפש מחפשת תביא תביאו גם וגם ו לדעת לקנות לקחת דחוף עכשיו היום מחר ילד ילדים "
        "תינוק שניהם סניף סניפים בסניף בסניפים חנות"
    ).split()
)
# A list item is short: a name and a strength or a word of request ("zirtek 10mg", "i need zirtek").
_MAX_ITEM_WORDS = 3
_MAX_NAME_WORDS = 2
_VAV = "ו"
_EDGE_PUNCTUATION = "?!.,;:()[]{}\"'“”‘’«»…-–—"
# A piece that reads as a request, a store or a place is not a name ("together?", "in Haifa", "the price").
_NOT_A_NAME = (
    c.INTERACTION, c.COMPARE, c.AVAILABILITY, c.AVAILABILITY_WEAK, c.INFO, c.PRICE, c.REFILL, c.EQUIVALENT,
    c.RX_WORD, c.HANDOFF, c.THANKS, c.GREETING, c.OTHER_STORE, c.PLACE_SCREEN, c.HOURS, c.DELIVERY,
)  # fmt: skip


def _kept(piece: str) -> list[str]:
    words = []
    typed = [raw.strip(_EDGE_PUNCTUATION) for raw in piece.split()]
    phrases = covered(typed)  # "nvm forget it", "the Haifa branch", "what the label says": never a name
    for index, word in enumerate(typed):
        folded = normalize(word)
        if index in phrases:
            continue
        if not folded or any(ch.isdigit() for ch in folded):
            continue  # a strength ("10mg") is not a name to look up
        if any(variant in c.STOP or variant in _REQUEST for variant in prefix_variants(folded)):
            continue
        if any(pattern.search(folded) for pattern in c.STORES.values()):
            continue  # "zirtek in Jerusalem", "ובדיזנגוף": the store is asked about, not a name
        words.append(word)
    return words


def loose_items(text: str, mentions: Sequence[Any]) -> list[str]:
    """The list items of ``text`` that hold no catalog mention, as typed.

    Only a message that names at least one medication has a list; an item must be set off from the names by
    separators (a comma, "and", a Hebrew "ו" glued to the next name), so "is Zyrtec ok while pregnant" yields
    nothing, and it must be short ("do you have it in Jerusalem" is a request, not a name).
    """
    if not mentions:
        return []
    # Boundaries in order: ("sep", start, end) for separators, ("med", start, end) for names.
    bounds: list[tuple[str, int, int]] = [("sep", m.start(), m.end()) for m in _SEPARATOR.finditer(text)]
    for mention in mentions:
        start, end = int(mention.start), int(mention.end)
        bounds = [b for b in bounds if b[2] <= start or b[1] >= end]  # a separator inside a name is not one
        if text[start : start + 1] == _VAV:
            bounds.append(("sep", start, start))  # "זרטק ולוסק": the "and" glued to the next name
        bounds.append(("med", start, end))
    bounds.sort(key=lambda b: (b[1], b[0] == "med"))
    edges = [("sep", 0, 0), *bounds, ("sep", len(text), len(text))]
    vavs = {(start, end) for kind, start, end in bounds if kind == "sep" and start == end}
    items: list[str] = []
    for (left, _, left_end), (right, right_start, _) in itertools.pairwise(edges):
        piece = text[left_end:right_start]
        if piece[:1] == _VAV and (left_end, left_end) in vavs:
            piece = piece[1:]  # "וזרטק": the name is echoed without the "and" glued to it
        if left != "sep" or right != "sep" or not piece.strip():
            continue  # touching a name with no separator: part of that name's sentence, not a list item
        if len(piece.split()) > _MAX_ITEM_WORDS or any(p.search(normalize(piece)) for p in _NOT_A_NAME):
            continue
        words = _kept(piece)
        if 0 < len(words) <= _MAX_NAME_WORDS and all(len(normalize(w)) >= 3 for w in words):
            items.append(" ".join(words))
    return list(dict.fromkeys(items))
