"""Words typed without spaces: "ישלכםמוקסיפן?", "מהזהאקמול", "doyouhavemoxypen?".

A phone keyboard (or a hurried customer) drops the spaces between a question's opening words and the name;
the whole run is then looked up as one unknown name ("no medication named 'ישלכםמוקסיפן'"). A known opening
glued to the front of a word is split off only when what follows it is, all of it, a medication name the
catalog knows, so an ordinary word that happens to start the same way ("ישראל", "isthereanything") is kept.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["split"]

#: Openings as typed with their spaces, keyed by the glued form (longest first when matching).
_OPENINGS = {
    "ישלכם": "יש לכם",
    "ישלכן": "יש לכן",
    "ישלך": "יש לך",
    "האםיש": "האם יש",
    "האםישלכם": "האם יש לכם",
    "ישאצלכם": "יש אצלכם",
    "מהזה": "מה זה",
    "מהזו": "מה זו",
    "כמהעולה": "כמה עולה",
    "כמהעולים": "כמה עולים",
    "כמהזהעולה": "כמה זה עולה",
    "יש": "יש",
    "doyouhave": "do you have",
    "doyouhaveany": "do you have any",
    "doyousell": "do you sell",
    "doyoucarry": "do you carry",
    "douhave": "do u have",
    "isthere": "is there",
    "isthereany": "is there any",
    "arethere": "are there",
    "arethereany": "are there any",
    "gotany": "got any",
    "whatis": "what is",
    "whats": "what's",
    "howmuchis": "how much is",
    "howmuchdoes": "how much does",
}
_LONGEST_FIRST = sorted(_OPENINGS, key=len, reverse=True)
#: A branch glued to the end of a name ("קלריטיןבדיזנגוף", "zyrtecinjerusalem"), keyed by its glued form.
_BRANCHES = {
    "בדיזנגוף": "בדיזנגוף",
    "בדיזינגוף": "בדיזינגוף",
    "בתלאביב": "בתל אביב",
    "בירושלים": "בירושלים",
    "בירושליים": "בירושליים",
    "ביפו": "ביפו",
    "indizengoff": "in dizengoff",
    "atdizengoff": "at dizengoff",
    "intelaviv": "in tel aviv",
    "injerusalem": "in jerusalem",
    "atjerusalem": "at jerusalem",
}
_BRANCHES_LONGEST_FIRST = sorted(_BRANCHES, key=len, reverse=True)
# Words split off an opening like a name ("ישסניף בחיפה?" asks about a branch, never a medication "ישסניף").
_WORDS = frozenset(("סניף", "סניפים", "branch", "branches", "store", "stores"))
# A Hebrew conjunction or question letter may stand before the opening ("וישלכם…").
_LEADS = ("", "ו")
_EDGE = ".,!?;:\"'()׳״"
# Fewer letters than this after an opening are too short to be told from an ordinary word.
_MIN_NAME = 4

Mentions = Callable[[str], Sequence[Any]]


def split(text: str, mentions: Mentions | None) -> str:
    """``text`` with each opening glued to a medication name written apart ("ישלכםמוקסיפן" → "יש לכם מוקסיפן").

    Args:
        text: The message as typed.
        mentions: The catalog's medication finder; nothing is split without it.

    Returns:
        The message with the openings split off, or ``text`` itself when nothing was glued.
    """
    if mentions is None or not text.strip():
        return text
    words = text.split(" ")
    changed = False
    for index, word in enumerate(words):
        core = word.strip(_EDGE)
        if len(core) < _MIN_NAME + 1:
            continue  # "יש", "whats": nothing glued
        fixed = _split_word(core, mentions)
        if fixed is not None:
            words[index] = word.replace(core, fixed, 1)
            changed = True
    return " ".join(words) if changed else text


def _split_word(core: str, mentions: Mentions) -> str | None:
    folded = core.casefold()
    bare = folded[1:] if folded.startswith("ו") and folded[1:] in _OPENINGS else folded
    if bare in _OPENINGS and " " in _OPENINGS[bare]:
        return core[: len(folded) - len(bare)] + _OPENINGS[bare]  # "ישלכם מוקסיפן": the opening alone, glued
    for lead in _LEADS:
        if lead and not folded.startswith(lead):
            continue
        body = folded[len(lead) :]
        for glued in _LONGEST_FIRST:
            rest = body[len(glued) :]
            if not body.startswith(glued) or len(rest) < _MIN_NAME:
                continue
            rest = core[len(lead) + len(glued) :]
            if rest.casefold() in _WORDS or _whole_name(rest, mentions):
                return f"{core[: len(lead)]}{_OPENINGS[glued]} {core[len(lead) + len(glued) :]}"
            if (named := _name_at_branch(rest, mentions)) is not None:
                return f"{core[: len(lead)]}{_OPENINGS[glued]} {named}"  # "ישלכםקלריטיןבדיזנגוף"
    return _name_at_branch(core, mentions)


def _name_at_branch(word: str, mentions: Mentions) -> str | None:
    """ "קלריטיןבדיזנגוף" → "קלריטין בדיזנגוף": a whole name with a branch glued to its end, else ``None``."""
    folded = word.casefold()
    for glued in _BRANCHES_LONGEST_FIRST:
        name = word[: len(word) - len(glued)]
        if folded.endswith(glued) and len(name) >= _MIN_NAME and _whole_name(name, mentions):
            return f"{name} {_BRANCHES[glued]}"
    return None


def _whole_name(rest: str, mentions: Mentions) -> bool:
    """Whether all of ``rest`` is one medication name the catalog finds (a prefix letter or strength allowed)."""
    try:
        found = list(mentions(rest))
    except Exception:  # a failing finder only means nothing is split
        return False
    if len(found) != 1:
        return False
    mention = found[0]
    start, end = int(getattr(mention, "start", 0) or 0), int(getattr(mention, "end", 0) or 0)
    return start <= 1 and end >= len(rest) - 1
