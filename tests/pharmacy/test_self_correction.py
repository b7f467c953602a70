"""A name corrected inside its own message is dropped; names listed, doubted or refused after are kept."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from pharmai.pharmacy.self_correction import drop_self_corrected

_CATALOG = {
    "coumadin": "m010", "plavix": "m015", "losec": "m014", "advil": "m001", "tylenol": "m005", "zoloft": "m009",
    "eltroxin": "m019", "aspirin": "m016",
    "קומדין": "m010", "פלביקס": "m015", "לוסק": "m014", "אדוויל": "m001", "זולופט": "m009", "אלטרוקסין": "m019",
}  # fmt: skip


@dataclass(frozen=True)
class _Mention:
    med_ids: tuple[str, ...]
    start: int
    end: int


def _mentions(text: str) -> list[_Mention]:
    # A stand-in for the catalog: known names, a Hebrew prefix letter or two allowed before them.
    found = []
    for name, med_id in _CATALOG.items():
        for match in re.finditer(rf"(?<![\w\u05d0-\u05ea])[והבלמשכ]{{0,2}}{name}", text, re.IGNORECASE):
            found.append(_Mention((med_id,), match.start(), match.end()))
    return sorted(found, key=lambda m: m.start)


def _kept(text: str) -> list[str]:
    return [m.med_ids[0] for m in drop_self_corrected(text, _mentions(text))]


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("coumadin... no wait, plavix and losec?", ["m015", "m014"]),
        ("zoloft, whoops, eltroxin", ["m019"]),
        ("not coumadin but plavix", ["m015"]),
        ("advil — make that tylenol", ["m005"]),
        ("קומדין... לא רגע, פלביקס ולוסק?", ["m015", "m014"]),
        ("זולופט, התבלבלתי, אלטרוקסין", ["m019"]),
        ("קומדין, ליתר דיוק לפלביקס", ["m015"]),
        ("it's not coumadin, it's plavix", ["m015"]),
        ("זה לא קומדין, זה פלביקס", ["m015"]),
    ],
)
def test_the_corrected_name_is_dropped(text: str, kept: list[str]) -> None:
    assert _kept(text) == kept


@pytest.mark.parametrize(
    "text",
    [
        "coumadin and plavix, with advil?",
        "not sure aspirin goes with coumadin",
        "advil, not tylenol",
        "not coumadin or plavix, what about advil?",
        "coumadin plavix losec",
        "coumadin. sorry, can I take advil?",
        "קומדין ופלביקס, עם אדוויל?",
        "לא, קומדין, פלביקס",
        "אדוויל, לא זולופט",
        "קומדין. סליחה, אפשר אדוויל?",
    ],
)
def test_names_nobody_corrected_are_kept(text: str) -> None:
    assert len(_kept(text)) == len(_mentions(text))
