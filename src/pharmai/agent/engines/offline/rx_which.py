"""Which prescription a refill is for, when the message names none: only those that can be refilled now.

"yes, refill it" after the prescription list, or "refill it" with several prescriptions on file: "Moxypen or
Glucophage?" — never a prescription that cannot be refilled (expired, completed, no refills left, a refill
already being prepared) offered as a choice, and never the bare "which one?" when there is only one that
can be: that one is taken at once. Kept apart from :mod:`.flows_rx`, which calls it with the list it read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pharmai.agent.engines.offline.dialogue_state import RxItem, WhichRx
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names

__all__ = ["ask"]

_TEXTS = {
    "none_ready": {
        "en": "None of your prescriptions can be refilled right now (expired, completed, no refills left, or a "
        "refill already being prepared).",
        "he": "אף אחד מהמרשמים שלך אינו ניתן לחידוש כרגע (פג תוקף, הושלם, לא נותרו חידושים או שחידוש כבר בהכנה).",
    },
    "which_ready": {
        "en": "Which one would you like to refill: {names}?",
        "he": "איזה מרשם לחדש: {names}?",
    },
    "which_ready_status": {
        "en": "Which one shall I check: {names}? (Those are the ones that can be refilled now.)",
        "he": "איזה מהם לבדוק: {names}? (אלה המרשמים שאפשר לחדש כרגע.)",
    },
}


def _text(d: Dialogue, key: str, **values: str) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def ask(d: Dialogue, items: list[dict[str, Any]] | None, intent: str, go: Callable[[RxItem], None]) -> None:
    """Ask which prescription, naming those that can be refilled; take the only one at once.

    Args:
        d: The turn.
        items: The patient's prescriptions as ``get_user_prescriptions`` lists them (``None``: not read).
        intent: ``refill_request`` or ``refill_status`` (the question's wording, and what the answer does).
        go: Checks (and, for a request, offers) the refill of the prescription chosen.
    """
    if items is None:
        if not d.parts:  # not read, and nothing said about it: which one, by number or name
            d.say("which_rx")
            d.state.pending = WhichRx(intent=intent)
        return
    if not items:
        d.say("rx_none")  # none on file at all: never "none of your prescriptions can be refilled"
        d.say("rx_none_next")
        return
    ready = [i for i in items if i.get("can_refill") and not i.get("refill_pending")]
    if len(ready) == 1:
        one = ready[0]
        go(RxItem(presc_id=one.get("presc_id"), med_id=one.get("med_id"), name=one.get("display_name")))
        return
    if not ready:
        d.add(_text(d, "none_ready"))
        return
    names = [_short(str(i.get("display_name") or i.get("presc_id") or "")) for i in ready]
    key = "which_ready" if intent == "refill_request" else "which_ready_status"
    d.add(_text(d, key, names=join_names(d.lang, names, conjunction="or")))
    d.state.pending = WhichRx(intent=intent)


def _short(display: str) -> str:
    """ "Moxypen (Amoxicillin) 500 mg" → "Moxypen": the brand is enough to choose by."""
    return display.split(" (", 1)[0].strip() or display
