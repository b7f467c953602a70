"""The policy texts the offline engine uses, straight from :mod:`pharmai.policy`.

The engine must say exactly what the policy layer says (the reply guard checks for it), so it never keeps
its own copies of the refusal, the "cannot be taken together" warning, the prescription note or the
yes / no readings.
"""

from __future__ import annotations

from pharmai.policy import REFUSAL_KINDS, asks_by_purpose, avoid_warning, is_no, is_yes, refusal, rx_note

__all__ = ["REFUSAL_KINDS", "asks_by_purpose", "avoid_warning", "is_no", "is_yes", "refusal", "rx_note"]
