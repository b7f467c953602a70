"""Round twenty-nine: a branch glued to a name, and "what's the same as X?" with one product named.

- «ישלכםקלריטיןבדיזנגוף», "doyouhavezyrtecinjerusalem", «קלריטיןבירושלים?»: the name and the branch read apart
  (the stock at that branch), never "no medication named 'ישלכםקלריטיןבדיזנגוף'";
- "whats the same as moxypen", «מה זהה למוקסיפן», "something identical to advil?": the identical-equivalent
  lookup of the product named, never its label card. Two products named and "the same" still compares them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, cases, why, written_in

GLUED = {
    "en": [
        ("doyouhavezyrtecinjerusalem", "m006", "s2"),
        ("zyrtecinjerusalem?", "m006", "s2"),
        ("gotany claritineatdizengoff", "m017", "s1"),
        ("is there claritineinjerusalem", "m017", "s2"),
        ("acamolatjerusalem in stock?", "m004", "s2"),
    ],
    "he": [
        ("ישלכםקלריטיןבדיזנגוף", "m017", "s1"),
        ("קלריטיןבירושלים?", "m017", "s2"),
        ("יש זירטקבתלאביב", "m006", "s1"),
        ("האםישאקמולבירושלים", "m004", "s2"),
        ("ויש אופטלגיןבדיזנגוף?", "m018", "s1"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(GLUED))
def test_a_branch_glued_to_a_name_is_read_apart(
    chat: Callable[..., Chat], language: str, case: tuple[str, str, str]
) -> None:
    message, med_id, store = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert (med_id, store) in turn.stock_checks(), why(turn)


SAME_AS = {
    "en": [
        ("whats the same as moxypen", "m007"),
        ("what is the same as advil", "m001"),
        ("something identical to advil?", "m001"),
        ("which product is exactly like lipitor", "m011"),
        ("any other brand equivalent to tylenol?", "m005"),
    ],
    "he": [
        ("מה זהה למוקסיפן", "m007"),
        ("יש משהו שזהה לאדוויל?", "m001"),
        ("איזה תרופה זהה לליפיטור", "m011"),
        ("מה שווה ערך לטיילנול?", "m005"),
        ("משהו זהה לאקמול יש?", "m004"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(SAME_AS))
def test_whats_the_same_as_one_product_looks_up_its_equivalents(
    chat: Callable[..., Chat], language: str, case: tuple[str, str]
) -> None:
    message, med_id = case
    turn = chat(language).say(message)
    written_in(turn, language)
    assert "inventory_find_equivalent" in turn.tools, why(turn)
    assert turn.args("inventory_find_equivalent")["med_id"] == med_id, why(turn)


def test_two_products_the_same_are_still_compared(chat: Callable[..., Chat]) -> None:
    turn = chat("en").say("is nurofen the same as advil?")
    assert "identical equivalents" in turn.reply, why(turn)
    assert "inventory_find_equivalent" not in turn.tools, why(turn)
