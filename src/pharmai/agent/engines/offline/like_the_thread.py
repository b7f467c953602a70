"""Another product "like it": an equivalents question about the product the thread is about.

After "refill my moxypen", "is there any other antibiotic like it in stock?" / "יש אנטיביוטיקה אחרת כמוה?" asks
for a product the same as Moxypen (same active ingredients, form and strength), which the catalog answers:
Moxypen has none, and Augmentin, with a second ingredient, is not one. The class word ("antibiotic") makes the
purpose rules read a recommendation by purpose, and the person was told "I can't recommend medications by what
they're for" instead of the fact.

The rule is narrow, because a recommendation is a pharmacist's:

- the message names no product of its own, and the thread has exactly one product to point "it" at;
- it points back at that product ("like it", "similar to it", "the same as this one", "כמוהו", "דומה לזה");
- the only advice cues that fired are the purpose ones (``products_by_class`` / ``products_for``), with no red
  flag: "should I take another antibiotic like it?" or "is another antibiotic like it safe for me?" still
  refers;
- a class word with nothing in the thread ("which antibiotics do you have?") keeps the purpose referral.
"""

from __future__ import annotations

from pharmai.agent.engines.offline import flows_catalog
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy.points_back import points_back

__all__ = ["answer"]


def answer(d: Dialogue) -> bool:
    """Answer "another antibiotic like it" after one product with that product's equivalents.

    Args:
        d: The turn (the classifier already dropped the class cue of a message that points back).

    Returns:
        True when the message was answered here.
    """
    p, verdict = d.parsed, d.turn.verdict
    refs = [r for r in d.state.last_refs if r.ids and r.ids[0] != "?"]
    if p.meds or p.refs or len({tuple(r.ids) for r in refs}) != 1 or not points_back(p.text):
        return False
    if verdict.red_flags or verdict.symptom or d.turn.resolution is not None:
        return False
    if verdict.is_advice:
        return False  # "should I take another antibiotic like it?": advice, whatever it points at
    flows_catalog.equivalents(d, str(refs[0].ids[0]), p.store)
    p.intent = "equivalents"
    return True
