"""Which branch is nearest to a place: the two branches, said plainly, and that distances are not on file.

"which of your stores is closest to ramat gan", «איזה סניף הכי קרוב לרמת גן?», "nearest branch to me?" ask about
the pharmacy's own branches, never something out of scope. The stores table holds two branches and their cities,
not where anyone is or how far anything is: the reply names both, says there is none in the place named (or
names the one in that city), and says distances are not on file — it never picks "the nearer one" itself.

A medication in the message ("closest store with Advil?") is a stock question and keeps its flow, and so do the
other flows' requests (hours, a person, someone's records).
"""

from __future__ import annotations

import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline.branch_list import OWNED_INTENTS
from pharmai.agent.engines.offline.flows_care import place_name
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["answer"]

# A branch of ours: "store", «סניף», "pharmacy", "location", or "which of yours".
_BRANCH = c.cues(
    "branch", "branches", "store", "stores", "location", "locations", "pharmacy", "pharmacies", "shop", "shops",
    "outlet", "which of yours", "one of yours",
    "סניף", "סניפים", "הסניף", "הסניפים", "חנות", "חנויות", "בית מרקחת", "בתי מרקחת", "מיקום",
)  # fmt: skip
# Nearness: "closest", "nearest", "near me", «הכי קרוב», «קרוב ל…», «ליד», «באזור».
_NEAR = re.compile(
    r"\b(?:closest|nearest|near(?:by|\s+me|\s+to)?|close\s+(?:to|by)|not\s+far\s+from|in\s+the\s+area\s+of|"
    r"around|proximity|how\s+far)\b"
    r"|(?:^|\s)(?:הכי\s+)?(?:ה?קרוב|ה?קרובה|ה?קרובימ)(?=\s|$)|(?:^|\s)(?:ליד|בסביבת|באזור|בסביבה|בקרבת|מרחק)(?=\s|$)"
)
# "near me", «קרוב אליי»: where the person is, which nothing here knows.
_ME = re.compile(
    r"\b(?:me|my\s+(?:place|home|house|area|location)|i\s+am|i['’]?m|where\s+i)\b"
    r"|(?:^|\s)(?:אליי|אלי|לי|אצלי|לביתי|לבית\s+שלי)(?=\s|$)"
)
_TEXT = {
    "both": {
        "en": "We have two branches: Tel Aviv – Dizengoff and Jerusalem – Jaffa Street.",
        "he": "יש לנו שני סניפים: תל אביב – דיזנגוף וירושלים – רחוב יפו.",
    },
    "none_in": {"en": "We don't have a branch in {place}.", "he": "אין לנו סניף ב{place}."},
    "one_in": {"en": "Our branch in {city} is {store}.", "he": "הסניף שלנו ב{city} הוא {store}."},
    "no_distances": {
        "en": "I don't have distances or travel times on file, so I can't say which one is closer to {whom}; a map "
        "app can tell you.",
        "he": "אין לי מידע על מרחקים או זמני הגעה, ולכן אינני יכול לומר איזה סניף קרוב יותר {whom}; אפליקציית "
        "מפות תוכל לעזור.",
    },
    "stock": {
        "en": "I can check a medication's stock at either branch.",
        "he": "אוכל לבדוק מלאי של תרופה בכל אחד מהסניפים.",
    },
    "to_place": {"en": "{place}", "he": "ל{place}"},
    "to_you": {"en": "you", "he": "אליך"},
    "to_it": {"en": "the place you mean", "he": "למקום שציינת"},
}
_CITIES = {"s1": {"en": "Tel Aviv", "he": "תל אביב"}, "s2": {"en": "Jerusalem", "he": "ירושלים"}}
_STORE_NAMES = {
    "s1": {"en": "Tel Aviv – Dizengoff", "he": "תל אביב – דיזנגוף"},
    "s2": {"en": "Jerusalem – Jaffa Street", "he": "ירושלים – רחוב יפו"},
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXT[key]["he" if d.lang == "he" else "en"].format(**values)


def asks_nearest(d: Dialogue) -> bool:
    """Whether the message asks which of our branches is nearest to a place (or to the person)."""
    p, verdict = d.parsed, d.turn.verdict
    if p.meds or verdict.red_flags or p.intent in OWNED_INTENTS or p.email or p.phone or p.code:
        return False
    norm = p.norm
    return bool(_NEAR.search(norm) and _BRANCH.search(norm))


def answer(d: Dialogue) -> bool:
    """Say which branches there are, none (or one) in the place named, and that distances are not on file.

    Args:
        d: The turn.

    Returns:
        True when the message was this question and is answered (no tool is called: the branches are fixed).
    """
    if not asks_nearest(d):
        return False
    p = d.parsed
    lines = [_text(d, "both")]
    if p.stores and not p.place:  # "closest branch to Jerusalem": the one in that city
        lang = "he" if d.lang == "he" else "en"
        lines.append(_text(d, "one_in", city=_CITIES[p.stores[0]][lang], store=_STORE_NAMES[p.stores[0]][lang]))
        lines.append(_text(d, "stock"))
    else:
        if p.place:
            name = place_name(d, str(p.place))
            lines.append(_text(d, "none_in", place=name))
            whom = _text(d, "to_place", place=name)
        else:
            whom = _text(d, "to_you" if _ME.search(p.norm) else "to_it")
        lines.append(_text(d, "no_distances", whom=whom))
        lines.append(_text(d, "stock"))
    d.add(" ".join(lines))
    return True
