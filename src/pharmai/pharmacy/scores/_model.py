"""What every calculator returns: a value, its interpretation band, the points behind it and its sources.

Texts are kept in both languages (:class:`Text`) so a caller picks the language when it renders, and
the same result can be shown to a Hebrew and an English reader alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from typing import Literal

__all__ = ["POINTS", "Band", "Citation", "Component", "ScoreResult", "Text", "round_half_up"]

Number = int | float


@dataclass(frozen=True, slots=True)
class Text:
    """One piece of human text in English and Hebrew."""

    en: str
    he: str

    def pick(self, language: str) -> str:
        """The text in ``language`` (``"he"`` or anything else for English)."""
        return self.he if language == "he" else self.en


#: The unit of point scores.
POINTS = Text("points", "נקודות")


@dataclass(frozen=True, slots=True)
class Band:
    """Where a value falls on a published interpretation scale.

    Attributes:
        scheme: The scale (``crcl_stage``, ``who_bmi``, ``two_level``, ``three_level``…).
        code: The band's stable code (``moderate``, ``likely``, ``obese_1``…).
        label: The band in words, with its limits.
        detail: What the source reports for the band (a rate, a mortality), when it reports one.
    """

    scheme: str
    code: str
    label: Text
    detail: Text | None = None


@dataclass(frozen=True, slots=True)
class Component:
    """One input as the formula used it: a criterion's points, or a value after unit conversion or bounds."""

    code: str
    label: Text
    value: Number


@dataclass(frozen=True, slots=True)
class Citation:
    """A published source. Identifiers are given only where they are certain; the rest stay ``None``.

    Attributes:
        authors: As the source lists them (``"Cockcroft DW, Gault MH"``).
        title: The article's or document's title.
        journal: Journal and volume/pages, or the publishing body.
        year: Year of publication.
        used_for: ``formula`` (the calculation) or ``interpretation`` (the bands and their rates).
        doi: The DOI, without ``https://doi.org/``.
        pmid: The PubMed id.
    """

    authors: str
    title: str
    journal: str
    year: int
    used_for: Literal["formula", "interpretation"]
    doi: str | None = None
    pmid: str | None = None


@dataclass(frozen=True, slots=True)
class ScoreResult:
    """The outcome of one calculator.

    Attributes:
        score: The calculator's name (``renal_dosing``, ``bmi``…).
        title: The calculator's name in words.
        value: The result, rounded as the source reports it.
        unit: The value's unit (``mL/min``, ``kg/m²``, points).
        band: The primary interpretation band.
        other_bands: Further published scales for the same value (e.g. Wells' three-level scale).
        components: What the formula used: points per criterion, or inputs after conversion and bounds.
        notes: Limits of the formula the reader should know.
        sources: Where the formula and the bands come from.
    """

    score: str
    title: Text
    value: Number
    unit: Text
    band: Band
    other_bands: tuple[Band, ...] = ()
    components: tuple[Component, ...] = ()
    notes: tuple[Text, ...] = ()
    sources: tuple[Citation, ...] = field(default_factory=tuple)


def round_half_up(value: float, places: int = 0) -> float:
    """``value`` rounded half away from zero, as clinical tables round (Python's ``round`` rounds half to even).

    The float's shortest decimal form is rounded, so 1.25 gives 1.3 and 0.35 gives 0.4.
    """
    quantum = Decimal(1).scaleb(-places)
    return float(Decimal(repr(value)).quantize(quantum, rounding=ROUND_HALF_UP))
