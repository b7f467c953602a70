"""The interaction check as a reply states it: each pair once, and every product by a name of the catalog.

Seed 000's rule (medications named together are always checked, and an "avoid" pair is always warned about)
can run the check more than once for one message: "can I take Nurofen with my Coumadin?" from a signed-in
patient checks the pair named, then the new medication with the patient's own active prescriptions, and both
checks find Coumadin + Nurofen. The reply states each pair once: the first statement of a pair stays (its
warning is never dropped), and a later check of the same turn states only the pairs no earlier check of the
turn reported. A later check that finds nothing new says nothing (the earlier warning already covers it).

Names: a warning names products as the catalog does, never as a misspelling. The name learned from a tool
answer comes first ("Coumadin (Warfarin) 5 mg"); else the name the customer wrote, when the catalog knows it
by that name (an all-lowercase English name capitalised, as the catalog writes names: "advil" → "Advil"); a
misspelt one ("warfrin", "קומדן") is looked up once and named by the catalog's answer, and the references the
conversation keeps are corrected, so the next replies do not echo the typo either.
"""

from __future__ import annotations

from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names, say
from pharmai.policy.unchecked import is_failure

__all__ = ["correct", "proper_name", "report", "shown"]

_MAX = 10
_MAX_NAMES = 40  # the state keeps at most this many learned names (as flows_catalog.learn does)
_LEVELS = ("avoid", "caution")
#: "is it ok / safe / a problem", «זה בסדר», «היא תיקח»: whether taking them together is fine for someone, a
#: judgement that "nothing recorded" does not answer (the check's result is stated, the judgement referred).
_JUDGEMENT = c.cues(
    "ok", "okay", "fine", "safe", "alright", "a problem", "any problem", "an issue", "any issue", "issues",
    "dangerous", "bad", "should i", "can i", "may i", "could i", "can she", "can he",
    "בסדר", "בטוח", "מסוכן", "בעיה", "מותר", "אפשר", "יכול", "יכולה", "תיקח", "ייקח", "יקח", "אקח", "ניקח", "תקח",
)  # fmt: skip


def _pair_key(pair: dict[str, Any]) -> frozenset[str]:
    return frozenset((str(pair.get("med_id_a")), str(pair.get("med_id_b"))))


def _said(d: Dialogue) -> set[frozenset[str]]:
    """The pairs an interaction check of this turn already reported (every such report is stated in full)."""
    said: set[frozenset[str]] = set()
    for result in d.turn.tools.results:
        if result.name != "interaction_check" or not result.ok:
            continue
        for pair in result.envelope.get("pairs") or []:
            if isinstance(pair, dict) and pair.get("level") in _LEVELS:
                said.add(_pair_key(pair))
    return said


def _learn(d: Dialogue, med_id: Any, name: Any) -> None:
    if isinstance(med_id, str) and isinstance(name, str) and name:
        names = d.state.names
        names[med_id] = name
        if len(names) > _MAX_NAMES:
            names.pop(next(iter(names)))


def _fuzzy_mention(d: Dialogue, ids: list[str]) -> Any:
    """This message's mention of ``ids`` when it was matched as a misspelling (else ``None``)."""
    for mention in d.parsed.mentions:
        if list(getattr(mention, "med_ids", ()) or ()) == list(ids) and getattr(mention, "fuzzy", False):
            return mention
    return None


def _lookup(d: Dialogue, query: str) -> dict[str, Any] | None:
    """The catalog's answer for ``query``: one already given in this turn, else a new lookup."""
    for result in reversed(d.turn.tools.results):
        arguments = result.arguments if isinstance(result.arguments, dict) else {}
        if result.name == "get_medication_by_name" and arguments.get("medication_name") == query and result.ok:
            break
    else:
        result = d.call("get_medication_by_name", medication_name=query)
    if not result.ok:
        return None
    med = result.envelope.get("medication")
    return med if isinstance(med, dict) else None


def proper_name(d: Dialogue, ref: MedRef) -> str | None:
    """The catalog's name for ``ref`` when this message misspelt it ("warfrin"); ``None`` when it did not.

    A single product's display name is learned for the conversation ("Coumadin (Warfarin) 5 mg"); a generic
    sold as several products is named by the generic ("Ibuprofen").
    """
    mention = _fuzzy_mention(d, ref.ids) if ref.ids else None
    if mention is None:
        return None
    typed = d.parsed.names.get(tuple(ref.ids)) or str(getattr(mention, "matched_text", "") or "")
    med = _lookup(d, typed.strip()) if typed.strip() else None
    if med is None:
        return None
    name = str(med.get("display_name") or med.get("brand_name") or "")
    if med.get("med_id"):
        _learn(d, str(med["med_id"]), name)
    return name or None


def shown(d: Dialogue, med_id: str, typed: str = "") -> str:
    """The name a warning or note gives product ``med_id`` (``typed``: the customer's name for it).

    Never a misspelling and never an internal id.
    """
    learned = d.state.names.get(med_id)
    if learned:
        return str(learned)
    name = typed
    if not name:
        kept = (r.q for r in (*d.state.last_refs, *d.state.recent) if med_id in r.ids and r.q and r.q != med_id)
        name = next(kept, "")
    return name or ("this product" if d.lang == "en" else "המוצר הזה")


def correct(d: Dialogue, refs: list[MedRef]) -> None:
    """Replace a misspelt name of ``refs`` (and of the references the conversation keeps) by the catalog's."""
    for ref in refs:
        name = proper_name(d, ref) if ref.ids else None
        if not name:
            continue
        for kept in (ref, *d.state.last_refs, *d.state.taking, *d.state.recent):
            if kept.ids == ref.ids:
                kept.q = name


def report(d: Dialogue, refs: list[MedRef], *, quiet: bool = False, warnings_only: bool = False) -> None:
    """Check ``refs`` together and state what this turn has not stated yet (the warning on every new "avoid").

    Args:
        d: The turn.
        refs: The medications in play (the first product of each is checked).
        quiet: Say only the new "avoid" pairs, and nothing when there is none (a check beside the one the
            person asked for adds only its warnings).
        warnings_only: Say the new "avoid" and "caution" pairs, and nothing when there is none (products asked
            about apart, in one message: only what they do together is worth a line).
    """
    correct(d, refs)
    typed = {str(ref.ids[0]): ref.q for ref in refs if ref.ids}
    med_ids = list(typed)
    if len(med_ids) < 2:
        return
    said = _said(d)
    result = d.call("interaction_check", med_ids=med_ids[:_MAX])
    if is_failure(result.error_code):
        d.add(d.error_text(result))  # not checked is not "no interaction known"
        return
    if not result.ok:
        d.say("interaction_unknown")
        return
    pairs = [p for p in result.envelope.get("pairs") or [] if isinstance(p, dict)]
    # "and what about Optalgin?" after Coumadin with Acamol: the pairs of the products already in play were
    # stated by the last reply; this one states the product just named (even when nothing is recorded for it).
    stated = [p for p in pairs if _stated_before(d, p, set(med_ids))]
    pairs = [p for p in pairs if p not in stated]
    fresh = [p for p in pairs if p.get("level") not in _LEVELS or _pair_key(p) not in said]
    if quiet or warnings_only:
        fresh = [p for p in fresh if p.get("level") == "avoid" or (warnings_only and p.get("level") in _LEVELS)]
        if not fresh:
            return
    if pairs and not fresh:
        return  # every pair was stated by an earlier check of this reply (its warning included)
    lines: list[str] = []
    for pair in sorted(fresh, key=lambda p: p.get("level") != "avoid"):
        a_id, b_id = str(pair.get("med_id_a")), str(pair.get("med_id_b"))
        a, b = shown(d, a_id, typed.get(a_id, "")), shown(d, b_id, typed.get(b_id, ""))
        if pair.get("level") == "avoid":
            lines.append(_policy.avoid_warning(d.lang, [a, b]))
        names = join_names(d.lang, [a, b])
        lines.append(say(d.lang, "interaction_caution", names=names, message=pair.get("message") or ""))
    level = result.envelope.get("interaction_level") if not stated else None
    if any(p.get("level") in _LEVELS for p in fresh) or (not pairs and level in _LEVELS):
        ask = say(d.lang, "interaction_ask")
        if not any(ask in part for part in d.parts):
            lines.append(ask)  # said once per reply, after the first notes (a later check adds its own notes)
    elif quiet or warnings_only:
        return
    else:
        _drop_covered_none(d, set(med_ids[:_MAX]))
        lines.append(_none_line(d, med_ids, typed, bool(stated)))
        if _personal(d):
            _refer_last(d, lines)  # nothing recorded is not "safe for you"
            return
    block = "\n".join(lines)
    if any(p.get("level") == "avoid" for p in fresh) and block not in d.parts:
        # "Plavix + Losec?": the warning leads the reply, before the labels or stock lines of the same turn,
        # so that nobody stops reading above it (the question, if any, stays last).
        d.parts.insert(0, block)
        return
    d.add(block)


def _none_line(d: Dialogue, med_ids: list[str], typed: dict[str, str], follow_up: bool) -> str:
    """ "No interactions between X and Y are recorded"; after a follow-up naming a product, that product's."""
    named = [m for m in med_ids if m in {str(group[0]) for group in d.parsed.meds if group}]
    if follow_up and named:
        others = [shown(d, m, typed[m]) for m in med_ids if m not in named]
        subject = join_names(d.lang, [shown(d, m, typed[m]) for m in named])
        return _NONE_WITH[d.lang].format(names=subject, others=join_names(d.lang, others))
    return say(d.lang, "interaction_none", names=join_names(d.lang, [shown(d, m, typed[m]) for m in med_ids]))


_NONE_WITH = {
    "en": "No interactions of {names} with {others} are recorded in our database.",
    "he": "במאגר שלנו לא רשומה אינטראקציה של {names} עם {others}.",
}


def _personal(d: Dialogue) -> bool:
    """Whether the check answers whether someone may take them together: asked now, or in the question before.

    "and Acamol?" right after "I take Zoloft, can I also take Tramadex?" is that same judgement: "nothing
    recorded" alone would read as a yes.
    """
    if d.turn.verdict.is_advice or c.TAKING.search(d.parsed.norm) or _JUDGEMENT.search(d.parsed.norm):
        return True
    return bool(d.parsed.meds) and any(
        say(d.lang, key) in d.last_reply for key in ("interaction_none_ask", "interaction_ask")
    )


def _stated_before(d: Dialogue, pair: dict[str, Any], med_ids: set[str]) -> bool:
    """A noted pair of products in play before this message, whose note the last reply already gave."""
    named = {str(group[0]) for group in d.parsed.meds if group}
    if pair.get("level") == "avoid" or not named or not (med_ids - named) or _pair_key(pair) & named:
        return False  # a "do not take together" is said again whenever its products are in play
    message = str(pair.get("message") or "")
    return bool(message) and message in d.last_reply


def _refer_last(d: Dialogue, lines: list[str]) -> None:
    """Add ``lines`` (nothing recorded), then the one referral of the judgement asked for, after every check.

    Its own part (a later check's "none" line may replace this one's) and said once, last; it refuses the
    judgement in the policy's words, so the guard adds no second "I can't give medical advice".
    """
    ask = say(d.lang, "interaction_none_ask")
    d.parts[:] = [part for part in d.parts if part != ask]
    d.add("\n".join(lines))
    d.add(ask)


def _drop_covered_none(d: Dialogue, med_ids: set[str]) -> None:
    """Drop this turn's earlier "no interaction recorded" lines that the check of ``med_ids`` covers.

    "I also take Micropirin, is it a problem with the Glucophage?" (signed in) checks the pair, then the pair with
    the patient's own prescriptions: one "none" line for all of them, never the pair's again beside it.
    """
    earlier = [
        r
        for r in d.turn.tools.results[:-1]
        if r.name == "interaction_check" and r.ok and not (r.envelope.get("pairs") or [])
    ]
    if not earlier:
        return
    for result in earlier:
        arguments = result.arguments if isinstance(result.arguments, dict) else {}
        if not {str(m) for m in arguments.get("med_ids") or []} <= med_ids:
            return  # an earlier check of other medications: its line says something this one does not
    head, _, tail = say(d.lang, "interaction_none", names="\x00").partition("\x00")
    d.parts[:] = [part for part in d.parts if not (part.startswith(head) and part.endswith(tail) and "\n" not in part)]
