"""Round twenty-four: "tell me about X and Y" asks what each is, and the two are still checked together.

«ספר לי על זירטק ועל קלריטין», "explain Acamol and Optalgin to me": the model hears a pair in any two names and
the reply was only "no interaction recorded". Each label is given (``get_medication_by_name`` for both), and
the interaction check still runs, with the explicit warning for a pair to avoid.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}


TWO_LABELS = {
    "en": [
        ("explain acamol and optalgin to me", ("Acamol", "Optalgin")),
        ("can you explain zyrtec and claritine", ("Zyrtec", "Claritine")),
        ("describe nurofen and acamol please", ("Nurofen", "Acamol")),
        ("what are zyrtec and claritine", ("Zyrtec", "Claritine")),
        ("pls explain optalgin and tylenol", ("Optalgin", "Tylenol")),
    ],
    "he": [
        ("ספר לי על זירטק ועל קלריטין", ("זירטק", "קלריטין")),
        ("תסביר לי על אקמול ואופטלגין", ("אקמול", "אופטלגין")),
        ("ספרי לי על נורופן ועל אקמול", ("נורופן", "אקמול")),
        ("מה זה זירטק ומה זה קלריטין", ("זירטק", "קלריטין")),
        ("תסבירו לי בבקשה על אופטלגין וטיילנול", ("אופטלגין", "טיילנול")),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(TWO_LABELS))
def test_two_names_asked_about_get_both_labels_and_the_check(
    chat: Callable[..., Chat], language: str, case: tuple[str, tuple[str, str]]
) -> None:
    message, names = case
    turn = chat(language).say(message)
    assert [c["name"] for c in turn.calls].count("get_medication_by_name") >= 2, why(turn)
    assert "interaction_check" in turn.tools, why(turn)
    first, second = names
    # Each product's own label line: its name before its active ingredient ("Acamol (Paracetamol) 500 mg").
    assert turn.reply.count(first) >= 2 and turn.reply.count(second) >= 2, why(turn)
    written_in(turn, language)


AVOID_PAIRS = {
    "en": ["explain advil and coumadin to me", "tell me about plavix and losec", "describe zoloft and tramadex"],
    "he": ["תסביר לי על אדוויל וקומדין", "ספר לי על פלביקס ועל לוסק", "ספרי לי על זולופט וטרמדקס"],
}


@pytest.mark.parametrize(("language", "message"), cases(AVOID_PAIRS))
def test_a_pair_to_avoid_asked_about_is_still_warned_of(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language).say(message)
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    written_in(turn, language)
