"""When a red flag that only the trained model reads is not taken: nothing in the message could describe one.

The model flags some messages with no word of an emergency in them: a service complaint ("Advil was out
again" read as distress) or a few words of acknowledgement or a follow-up ("cool I'm on my way", "just 5??",
"ולתינוק?"). The urgent-care text there is noise, and it drowns the answer the person needed.

The gate is narrow on purpose, because a missed emergency costs more than a needless phone number:

- a flag the high-precision rules also find always stands (this module only ever sees model-only flags);
- a short message drops the model's flag only when *every* word of it is on a closed list of words that
  cannot describe anything ("ok", "just", "and", "for the baby", numbers); one other word ("breathe",
  "pills", "help", "נושם") keeps it;
- a longer message drops it only when it names a concrete service failure (stock promised and missing,
  a wait, rude staff) and no word about the body or the mind (:func:`.complaints.names_a_service_failure`);
- a message right after an urgent-care reply still carries that reply's flags (:func:`.red_flags.carried_red_flags`).
"""

from __future__ import annotations

import re

from pharmai.policy.complaints import names_a_service_failure
from pharmai.text.normalize import normalize, prefix_variants

__all__ = ["model_flag_stands", "says_nothing"]

# At most this many words: a longer message says something, and the model's reading of it stands.
_SHORT = 6
# Words that describe nothing: acknowledgements, function words, pronouns, a child named as the subject of a
# follow-up ("and for the baby?"), being on one's way. Never a verb of the body, a symptom, help or a dose word.
_EMPTY_WORDS = frozenset(
    normalize(word)
    for word in (
        "ok", "okay", "k", "kk", "cool", "great", "nice", "good", "fine", "sure", "thanks", "thank", "thx", "ty",
        "yes", "yeah", "yep", "no", "nope", "bye", "just", "only", "so", "and", "or", "but", "then", "well", "oh",
        "ah", "hmm", "um", "really", "seriously", "the", "a", "an", "for", "to", "of", "on", "in", "at", "about",
        "what", "how", "much", "many", "that", "this", "it", "its", "is", "my", "your", "our", "i", "im", "am",
        "we", "were", "you", "way", "coming", "will", "be", "there", "soon", "now", "right", "got", "see",
        "later",
        "אוקיי", "אוקי", "סבבה", "טוב", "יופי", "אחלה", "מעולה", "בסדר", "תודה", "רבה", "כן", "לא", "ביי", "רק",
        "אז", "גם", "מה", "עם", "על", "של", "זה", "זאת", "כמה", "איך", "אני", "אנחנו", "בדרך", "מגיע", "מגיעה",
        "נו", "אה", "באמת", "ברצינות", "עכשיו", "להתראות", "הוא", "היא", "שלי",
    )
)  # fmt: skip
# A child is an empty word only as the subject of a follow-up question ("and for the baby?", "ולתינוק?",
# "what about my son?"): "my baby!!" alone may be the start of an emergency, and keeps the model's flag.
_CHILD_WORDS = frozenset(
    normalize(word)
    for word in ("baby", "kid", "child", "toddler", "son", "daughter", "תינוק", "תינוקת", "ילד", "ילדה", "בן", "בת")
)
_FOLLOW_UP = frozenset({"and", "for", "about"})
_WORD = re.compile(r"\S+")


def _empty_word(word: str) -> bool:
    if word.isdigit():
        return True  # "just 5??": a count asked about, which describes nothing on its own
    return any(variant in _EMPTY_WORDS for variant in prefix_variants(word))


def _follow_up_child(word: str, words: list[str]) -> bool:
    if word in _CHILD_WORDS:
        return bool(_FOLLOW_UP.intersection(words))
    # "ולתינוק", "לילד": the prefix letters carry the "and" / "for" of the question.
    return word[:1] in ("ו", "ל") and any(v in _CHILD_WORDS for v in prefix_variants(word)[1:])


def _says_nothing(text: str, *, children: bool = True) -> bool:
    if "!" in text:
        return False  # an exclamation may be alarm: the model's reading stands
    words = _WORD.findall(normalize(text))
    return 0 < len(words) <= _SHORT and all(_empty_word(w) or (children and _follow_up_child(w, words)) for w in words)


def says_nothing(text: str) -> bool:
    """Whether ``text`` is a few empty words only ("cool I'm on my way", "just 5??"), naming no child.

    The model's symptom reading of such a message is no symptom either. A child named ("ולתינוק?") is left
    out: that follow-up asks about a child's dose, which stays a referral.
    """
    return isinstance(text, str) and _says_nothing(text, children=False)


def model_flag_stands(text: str) -> bool:
    """Whether the model's own red flag on ``text`` stands (no rule found one).

    Args:
        text: The person's message.

    Returns:
        False only for a message of empty words, or a service complaint with no word about health.
    """
    return not (_says_nothing(text) or names_a_service_failure(text))
