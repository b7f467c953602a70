"""The classifier's reading of a message, shared by the policy layer and every engine."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["AdviceVerdict"]


@dataclass(frozen=True)
class AdviceVerdict:
    """Whether a message asks for advice, a diagnosis or a comparison.

    Attributes:
        is_advice: The message asks for advice, a diagnosis or a comparison (it must be refused).
        kind: ``advice``, ``diagnosis``, ``comparison``, ``personal_dosage`` or ``None``.
        has_factual_part: The message also asks something factual that must still be answered.
        score: Confidence in ``is_advice`` (0–1).
        red_flags: The urgent-care kinds the message describes (``emergency``, ``poison``, ``distress``),
            most urgent first; every engine's reply then starts with the urgent-care text.
        symptom: The message describes a symptom or condition (answered with a referral, never with a
            catalog listing).
    """

    is_advice: bool
    kind: str | None = None
    has_factual_part: bool = False
    score: float = 0.0
    red_flags: tuple[str, ...] = ()
    symptom: bool = False
