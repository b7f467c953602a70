"""A follow-up in an interaction thread is checked with every medication of the thread, warnings first.

"Advil with warfarin?" then "and Micropirin?" had been read as "Advil with Micropirin" (the one asked
about last replaced by the new one) and Micropirin + warfarin — marked "avoid" — got no warning. Which
one a follow-up replaces is a guess, so the one guessed away is checked with the new one too, and only
what that adds is said.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, says_any, why, written_in

AVOID = {"en": ("cannot be taken together",), "he": ("לא ניתן ליטול",)}

THREADS = {
    "en": [
        ("advil with warfrin?", "and micropirin?"),
        ("nurofen with zoloft ok?", "and tramadex?"),
        ("acamol together with plavix?", "what about losec"),
        ("can zyrtec go with simovil", "and klacid?"),
        ("tylenol and coumadin together?", "and advil?"),
    ],
    "he": [
        ("אדוויל עם קומדין?", "ומיקרופירין?"),
        ("נורופן עם זולופט זה בסדר?", "וטרמדקס?"),
        ("אקמול ביחד עם פלביקס?", "ומה עם לוסק"),
        ("זירטק עם סימוביל אפשר?", "וקלסיד?"),
        ("טיילנול וקומדין ביחד?", "ואדוויל?"),
    ],
}


@pytest.mark.parametrize(("language", "thread"), cases(THREADS))
def test_the_new_medication_is_checked_with_the_one_it_may_replace(
    chat: Callable[..., Chat], language: str, thread: tuple[str, str]
) -> None:
    conversation = chat(language)
    conversation.say(thread[0])
    turn = conversation.say(thread[1])
    assert "interaction_check" in turn.tools, why(turn)
    assert says_any(turn, AVOID[language]), why(turn)
    written_in(turn, language)
