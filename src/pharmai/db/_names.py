"""Pronounceable made-up drug names in English and Hebrew letters, for the synthetic catalog.

A name is a list of (Latin, Hebrew) pieces: syllables built from consonants and vowels, then a
pharmacological suffix ("-azole", "-statin") for ingredients or a brand ending ("-ex", "-ol") for brands.
Hebrew spelling follows common practice for loan words: a and e are usually not written, i is י, o and
u are ו, a word-initial vowel takes א, and the last letter takes its final form.
"""

from __future__ import annotations

import random

__all__ = ["brand_name", "ingredient_name"]

_CONSONANTS = [
    ("b", "ב"),
    ("d", "ד"),
    ("f", "פ"),
    ("g", "ג"),
    ("k", "ק"),
    ("l", "ל"),
    ("m", "מ"),
    ("n", "נ"),
    ("p", "פ"),
    ("r", "ר"),
    ("s", "ס"),
    ("t", "ט"),
    ("v", "ו"),
    ("z", "ז"),
    ("sh", "ש"),
    ("tr", "טר"),
    ("pr", "פר"),
    ("kl", "קל"),
    ("dr", "דר"),
    ("st", "סט"),
    ("br", "בר"),
    ("fl", "פל"),
]
_VOWELS = [("a", ""), ("e", ""), ("i", "י"), ("o", "ו"), ("u", "ו")]
_INITIAL_VOWELS = [("a", "א"), ("e", "א"), ("i", "אי"), ("o", "או")]
_CODAS = [("n", "נ"), ("r", "ר"), ("l", "ל"), ("s", "ס")]

_INGREDIENT_SUFFIXES = [
    ("azole", "אזול"),
    ("pril", "פריל"),
    ("statin", "סטטין"),
    ("olol", "ולול"),
    ("sartan", "סרטן"),
    ("cillin", "צילין"),
    ("mycin", "מיצין"),
    ("tidine", "טידין"),
    ("dipine", "דיפין"),
    ("floxacin", "פלוקסצין"),
    ("vir", "ויר"),
    ("lukast", "לוקאסט"),
    ("setron", "סטרון"),
    ("triptan", "טריפטן"),
    ("afil", "אפיל"),
    ("gliptin", "גליפטין"),
    ("oxetine", "וקסטין"),
    ("pramine", "פרמין"),
    ("zepam", "זפאם"),
    ("profen", "פרופן"),
    ("coxib", "קוקסיב"),
    ("tadine", "טדין"),
    ("semide", "סמיד"),
    ("thiazide", "תיאזיד"),
]
_BRAND_ENDINGS = [
    ("ex", "קס"),
    ("ol", "ול"),
    ("in", "ין"),
    ("an", "אן"),
    ("or", "ור"),
    ("ix", "יקס"),
    ("on", "ון"),
    ("a", "ה"),
    ("il", "יל"),
    ("ene", "ן"),
    ("ium", "יום"),
    ("al", "אל"),
    ("", ""),
]
_BRAND_WORDS = [
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    ("", ""),
    (" Forte", " פורטה"),
    (" Plus", " פלוס"),
    (" Retard", " רטרד"),
    (" Duo", " דואו"),
]
_FINALS = str.maketrans({"כ": "ך", "מ": "ם", "נ": "ן", "פ": "ף", "צ": "ץ"})


def _final(hebrew: str) -> str:
    words = hebrew.split(" ")
    return " ".join(w[:-1] + w[-1].translate(_FINALS) if w else w for w in words)


def _word(rng: random.Random, syllables: int, ending: tuple[str, str]) -> tuple[str, str]:
    """Consonant-vowel syllables joined to ``ending``; a vowel-initial ending replaces the last vowel."""
    pieces: list[tuple[str, str]] = []
    if rng.random() < 0.15:
        pieces.append(rng.choice(_INITIAL_VOWELS))
    for _ in range(syllables):
        pieces += [rng.choice(_CONSONANTS), rng.choice(_VOWELS)]
    if ending[0][:1] in "aeiou" and ending[0]:
        pieces.pop()
    elif rng.random() < 0.2:
        pieces.append(rng.choice(_CODAS))
    elif not ending[0] and pieces[-1][0] in ("a", "e"):
        pieces[-1] = (pieces[-1][0], "ה")  # a written word-final vowel, as in "דורה"
    pieces.append(ending)
    return "".join(p[0] for p in pieces).capitalize(), "".join(p[1] for p in pieces)


def ingredient_name(rng: random.Random, syllables: int = 2) -> tuple[str, str]:
    """A made-up active ingredient such as ("Tobirazole", "טוביראזול")."""
    name_en, name_he = _word(rng, syllables, rng.choice(_INGREDIENT_SUFFIXES))
    return name_en, _final(name_he)


def brand_name(rng: random.Random, syllables: int = 2) -> tuple[str, str]:
    """A made-up brand such as ("Velorex", "ולורקס"), sometimes with a word like "Forte"."""
    name_en, name_he = _word(rng, syllables, rng.choice(_BRAND_ENDINGS))
    word_en, word_he = rng.choice(_BRAND_WORDS)
    return name_en + word_en, _final(name_he + word_he)
