"""What a short message in a catalog thread asks, once read: its product and its request.

The model reads one message at a time; in a thread, a few words carry the rest:

- "the Forte" / "הפורטה" after Nurofen names Nurofen Forte: a word that, after the product talked about, makes
  another product's name is that product (never the last product again, at another strength);
- "anywhere" / "בשום מקום" / "באיזה סניף" asks about every branch;
- a product and a branch with no request words of their own ("ok what about nurofen forte in jlm", "והאקמול
  בירושלים?") ask about the stock there: a branch only matters for stock (a price or equivalents thread keeps
  its question);
- "cheaper in Jerusalem?" / "ובירושלים יותר זול?" asks about price (which is not on file), never the stock;
- "and the Zyrtec in Jerusalem, how many?" / "והזירטק בירושלים כמה?" right after a stock answer is the count
  (no price word: "how many" is read as "how much" by the model).

Nothing here calls a tool; the parse is corrected before any flow runs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import thread_base
from pharmai.agent.engines.offline.dialogue_state import DialogueState
from pharmai.agent.engines.offline.nlu import Parsed, medication_groups
from pharmai.pharmacy.search import Mention
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["EVERY_BRANCH", "settle"]

Mentions = Callable[[str], Sequence[Any]]

#: "anywhere", "at any branch", "בשום מקום", "באיזה סניף": every branch.
EVERY_BRANCH = c.cues(
    "anywhere", "any branch", "any store", "any of your branches", "any of your stores", "either branch",
    "either store", "both branches", "both stores", "all branches", "all your branches", "any location",
    "בשום מקום", "בשום סניף", "באיזה סניף", "באיזשהו סניף", "בכל הסניפים", "בכל סניף", "באחד הסניפים",
    "באף סניף", "בשני הסניפים", "בסניפים",
)  # fmt: skip

_ALL_STORES = ("s1", "s2")
_WORD = re.compile(r"[^\W\d_]{3,}")
# A variant word is looked for only in a short message ("and the forte?", "תבדוק לי את הפורטה בירושלים").
_MAX_WORDS = 10
# A message of these readings has no request of its own: the thread's question (or stock, at a branch).
_NO_OWN_REQUEST = ("info", "medication", "unknown", "followup")
# A thread question that a branch does not change ("and in Jerusalem?" after a price question is a price).
_KEPT_AT_BRANCH = ("equivalents", "price")
# Said right after a stock answer, these may still read as a price to the model ("כמה?"): the count.
_COUNT_AFTER = ("availability",)
# "how many" at a branch counts units; with a dosing word ("how many a day?") it stays the label's dose.
_HOW_MANY = c.cues("how many")
_DOSE_WORDS = re.compile(
    r"\b(?:take|taking|give|dose|doses|dosage|a day|per day|daily|at once|at a time|max|maximum|how often)\b|"
    + c.cues("ביום", "ליום", "ביממה", "מינון", "לקחת", "ליטול", "לתת", "מקסימום", "פעמים", "מותר").pattern
)


def settle(p: Parsed, state: DialogueState, mentions: Mentions | None) -> None:
    """Correct the reading of ``p`` from the thread in ``state`` (in place).

    Args:
        p: The message as :func:`.nlu.parse` read it.
        state: The conversation so far (the product talked about, the last request).
        mentions: The catalog's medication finder, for a word that names a variant of the last product.
    """
    if not thread_base.regular_of(p, state, mentions):  # "the regular one" after Nurofen Forte: Nurofen
        _variant(p, state, mentions)
    _every_branch(p)
    _there(p, state)
    if not p.meds and not p.store and not p.other_store:
        return
    intent = _at_branch(p, state)
    if intent is not None and intent != p.intent:
        # The request replaced is no second request either ("how many", read as a price, is the count only).
        dropped = p.intent
        p.intent = intent
        p.intents = [intent, *(i for i in p.intents if i not in (intent, dropped))]


def _every_branch(p: Parsed) -> None:
    """ "do you have moxypen anywhere?", "יש מוקסיפן בשום מקום?": the stock at every branch, not the session's."""
    if p.store or p.place or not p.meds or p.intent not in ("availability", *_NO_OWN_REQUEST):
        return
    if not EVERY_BRANCH.search(p.norm) or len(p.meds) > 3:
        return
    p.stores = list(_ALL_STORES)  # no one store: "which branch has more?" compares both
    if p.intent != "availability":
        p.intent = "availability"
        p.intents = ["availability", *(i for i in p.intents if i != "availability")]


# "ומה עם נורופן פורטה שם", "ואקמול שמה?", "גם שם?": "there" closing a short message, the branch last talked
# about ("שם" is also "name", but never as the last word of such a message: "השם", "שם מסחרי").
_THERE_HE = re.compile(r"(?:^|\s)ו?(?:שמ|שמה)$|" + c.cues("גם שם", "באותו מקום", "בסניף ההוא", "בסניף הזה").pattern)


def _there(p: Parsed, state: DialogueState) -> None:
    """ "ומה עם נורופן פורטה שם": the branch last talked about, before the request is read from the branch."""
    if p.store or p.other_store or p.place or not state.last_store or len(p.norm.split()) > _MAX_WORDS:
        return
    if _THERE_HE.search(p.norm):
        p.store = state.last_store
        p.stores = [state.last_store]


def _at_branch(p: Parsed, state: DialogueState) -> str | None:
    """The request of a message that names a branch (and maybe a product) and little else."""
    branch = bool(p.store or p.stores or p.other_store)
    if not branch or p.refs or p.place:
        return None
    priced = bool(c.PRICE.search(p.norm) or c.CHEAPER.search(p.norm))
    if priced and not p.facets and p.intent in (*_NO_OWN_REQUEST, "availability", "price"):
        return "price"  # "ובירושלים יותר זול?": prices are not on file, never the stock instead
    if p.intent == "price" and (p.meds or state.last_intent in _COUNT_AFTER):
        # "והזירטק בירושלים כמה?", "כמה זירטק בת"א?": no price word, a product at a branch: how many there.
        return "availability"
    if p.meds and p.facets == {"dosage"} and _HOW_MANY.search(p.norm) and not _DOSE_WORDS.search(p.norm):
        p.facets = set()  # "how many zyrtec at dizengoff": units at a branch, never the label's dose
        return "availability"
    if not p.meds or p.facets or p.intent not in _NO_OWN_REQUEST or p.rule_intent not in ("medication", "unknown"):
        return None
    if p.intent == "info" and c.INFO_STRONG.search(p.norm):
        return None  # "what is Nurofen Forte, in Jerusalem?": the label was asked for
    last = state.last_intent
    return last if last in _KEPT_AT_BRANCH else "availability"


def _variant(p: Parsed, state: DialogueState, mentions: Mentions | None) -> None:
    """ "the Forte" after Nurofen: add the product the word names after the last name, as if it were typed.

    The names tried are the thread's products, then the ones the last answer listed ("והפורטה?" after Advil's
    equivalents named Nurofen), then the ones named earlier: a variant belongs to any brand in play.
    """
    refs = [ref for ref in state.last_refs if ref.ids]
    if mentions is None or p.meds or not refs or len(p.norm.split()) > _MAX_WORDS:
        return
    in_play = {med_id for ref in refs for med_id in ref.ids}
    bases = [ref.q for ref in refs] + [option.split("(")[0] for option in state.options]
    bases += [ref.q for ref in reversed(state.recent)]
    names = list(dict.fromkeys(name for name in (" ".join(_WORD.findall(b)) for b in bases) if name))
    for name in names:
        if _variant_of(p, name, in_play, mentions):
            return


def _variant_of(p: Parsed, name: str, in_play: set[str], mentions: Mentions) -> bool:
    """Add the product a word of ``p`` names after ``name`` ("nurofen" + "forte"), if any."""
    for match in _WORD.finditer(p.text):
        if any(variant in c.STOP for variant in prefix_variants(normalize(match.group(0)))):
            continue  # "check", "about", "בבקשה": request words never name a product
        try:
            found = list(mentions(f"{name} {match.group(0)}"))
        except Exception:  # a failing finder only means no variant is found
            return False
        for mention in found:
            ids = tuple(getattr(mention, "med_ids", ()) or ())
            # Only a name that runs into the word counts ("nurofen forte"), never a product in play found again.
            if mention.end > len(name) and ids and not set(ids) <= in_play:
                named = Mention(
                    med_ids=ids,
                    generic_id=getattr(mention, "generic_id", None),
                    matched_text=match.group(0),
                    start=match.start(),
                    end=match.end(),
                    strength=None,
                    kind=getattr(mention, "kind", "exact"),
                )
                p.mentions = [*p.mentions, named]
                p.meds = medication_groups(p.mentions)
                p.names[ids] = str(getattr(mention, "matched_text", "") or match.group(0))
                if p.intent in ("unknown", "followup"):
                    p.intent = "medication"
                return True
    return False
