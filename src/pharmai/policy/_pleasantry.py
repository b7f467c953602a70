"""A pleasantry alone ("hope you're ok", "how are you doing", «מה שלומך», «מקווה שהכל בסדר»): no request in it.

Said before or after a question, it changes nothing of what is asked: the classifier never reads "hope
everything is ok" as "is it ok to…?", and the offline engine reads the question as if sent alone.
"""

from __future__ import annotations

import re

from pharmai.text.normalize import normalize

__all__ = ["PLEASANTRY", "is_pleasantry"]

_WELL_EN = r"(?:ok|okay|well|good|fine|great|alright|all right|doing (?:well|good|ok|okay|fine|great|alright))"
# Normalised (finals folded): «מה שלומך» is «מה שלומכ», «מקווה שהכל טוב» keeps its letters.
_WELL_HE = r"(?:טוב|בסדר|בטוב|מצוינ|מצויינ|טובימ|בריא|בריאה)"
#: A whole pleasantry, perhaps after a greeting, over normalised text (finals folded).
PLEASANTRY = re.compile(
    r"^(?:(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|shalom|dear|there|and|so|btw|i|"
    r"היי|הי|שלומ|אהלנ|בוקר טוב|ערב טוב|צהריימ טובימ|ו)(?: |$))*"
    r"(?:"
    # English: "hope you're ok", "hope all is good", "how are you doing", "hope your day is going well".
    r"(?:i )?hope (?:youre|you are|ur|u r|u are|ya|you|youve been|you have been|youre all) "
    + _WELL_EN
    + r"|(?:i )?hope (?:all is|alls|all|everything is|everythings|everything|its all|things are|all has been) "
    + _WELL_EN
    + r"|(?:i )?hope (?:your|ur) (?:day|week|morning|evening) is (?:going )?"
    + _WELL_EN
    + r"|(?:i )?hope this finds you well|trust (?:youre|you are) well"
    + r"|how (?:are|r) (?:you|u|ya)(?: (?:doing|today|guys|all))*|howre you(?: doing)?|hows it going"
    + r"|how is it going|hows (?:your|ur) day(?: going)?|how are things|whats up|sup"
    # Hebrew: «מה שלומך», «מה נשמע», «מה המצב», «מקווה שהכל טוב», «מקווה שאתה בסדר», «איך הולך».
    + r"|מה (?:שלומכ|שלומכמ|שלומכנ|שלומו|נשמע|המצב|קורה|העניינימ|איתכ|אתכ|איתכמ)(?: היומ| אצלכמ| אצלכ)*"
    + r"|(?:אני )?מקווה ש(?:הכל|הכול|אתה|את|אתמ|אתנ|כולמ|כולכמ|יומ|היומ שלכ|היומ שלכמ)"
    + r"(?: (?:אצלכמ|אצלכ|אצלכנ|עובר|היה|יהיה|הולכ))*"
    + r" "
    + _WELL_HE
    + r"(?: (?:אצלכמ|אצלכ|לכמ|לכ))*"
    + r"|איכ (?:אתה|את|אתמ|הולכ|היומ)(?: היומ)?"
    + r")(?: (?:and|ו|today|היומ|guys|there|my friend|חברימ))*$"
)


def is_pleasantry(text: str) -> bool:
    """Whether ``text`` (a clause or a run of words) is a pleasantry and nothing else.

    Args:
        text: The words, as typed or normalised.
    """
    norm = normalize(text)
    return bool(norm) and bool(PLEASANTRY.match(norm))
