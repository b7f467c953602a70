"""A message that points back at the product just talked about: "another antibiotic like it", "דומה לזה".

"is there any other antibiotic like it in stock?" after Moxypen asks for a product the same as Moxypen (its
equivalents, which the catalog answers), not for a product chosen by what it treats. The class word
("antibiotic") alone would make it a purpose question; pointing back at one product makes it a question about
that product. The classifier drops the class cue on such a message (and only that cue); the engine answers it
from the thread, and refers it as before when the thread has no product to point at.
"""

from __future__ import annotations

import re

from pharmai.policy._rules import fold
from pharmai.text.normalize import normalize

__all__ = ["points_back"]

# Hebrew cues may carry up to three prefix letters (ו/ה/ב/ל/ש/מ/כ): "ודומה לזה".
_P = r"(?:^|(?<=\s))[ובהלמשכ]{0,3}"
# English: a product word first ("another antibiotic", "anything", "something else"), then "like it"; or
# "similar to it" / "the same as it". A bare "like that" ("yes, I'd like that") points at nothing.
_BACK_EN = (
    r"\b(?:another|other|any|anything|something|else|different|alternative|equivalent)\b.{0,30}?"
    r"\b(?:like|similar to|same as|equivalent to|comparable to) (?:it|that|this|that one|this one|them|those)\b"
    r"|\bsimilar to (?:it|that|this|that one|this one)\b"
)
_BACK_HE = (
    r"כמוהו|כמוה|כמוהמ|כמו זה|כמו זאת|כמו הזה|כמו הזאת|דומה לו|דומה לה|דומה לזה|דומה לזאת|דומה להמ|דומות לו"
    r"|דומות לה|דומימ לו|דומימ לה|זהה לו|זהה לה|זהה לזה|במקומו|במקומה|במקום זה|במקום זאת|תחליפ לו|תחליפ לה"
    r"|תחליפ לזה|חלופה לו|חלופה לה|חלופה לזה"
)
_BACK = re.compile(_BACK_EN + "|" + _P + "(?:" + fold(_BACK_HE) + r")(?=\s|$)")


def points_back(text: str) -> bool:
    """Whether ``text`` asks for a product like the one just talked about ("another antibiotic like it").

    Args:
        text: The person's message.
    """
    return isinstance(text, str) and _BACK.search(normalize(text)) is not None
