"""More follow-ups of an interaction warning: "what is that?", a name not in the catalog, the same ingredient.

Customers rarely stop at the warning:

- "what is serotonin syndrome?" / "what signs should we watch for?" / "מה זה תסמונת סרוטונין?": a question
  about the risk, never the warning again and never a diagnosis: what the pharmacy's interaction data says
  (its note, as stored), that a pharmacist or doctor can explain it, and to seek care if symptoms appear
  (:func:`explain`);
- "what about Nexium?" / "ונקסיום?" when Nexium is not in the catalog: no data for it, so a pharmacist is asked,
  never the last pair's warning as if it answered (and never anything that sounds like "it is fine")
  (:func:`unknown_name`);
- "what about Nurofen, is that different?" after "Advil with my Zoloft": the same active ingredient, said so,
  and the check with Nurofen in Advil's place (:func:`same_ingredient`).
"""

from __future__ import annotations

import re
from typing import Any

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import _policy, flows_catalog
from pharmai.agent.engines.offline.dialogue_state import MedRef
from pharmai.agent.engines.offline.nlu import remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names

__all__ = ["explain", "same_ingredient", "unknown_name"]

_TEXTS = {
    "explain_data": {
        "en": "The pharmacy's interaction data says this about {names}: {message}",
        "he": "במאגר האינטראקציות של בית המרקחת כתוב לגבי {names}: {message}",
    },
    "explain_refer": {
        "en": "I can't explain or assess symptoms here. A pharmacist or doctor can explain what this means and "
        "what to watch for. If any worrying symptoms appear, seek medical care right away.",
        "he": "אין באפשרותי להסביר או להעריך תסמינים כאן. רוקחים או רופאים יוכלו להסביר מה המשמעות ולמה לשים לב. "
        "אם מופיעים תסמינים מדאיגים, יש לפנות מיד לקבלת טיפול רפואי.",
    },
    "no_data": {
        "en": "I couldn't find '{query}' in our catalog, so I have no interaction data for it with {names}. "
        "Please ask a pharmacist or doctor before taking it with them.",
        "he": "לא מצאתי בקטלוג שלנו תרופה בשם '{query}', ולכן אין לי מידע על אינטראקציות שלה עם {names}. "
        "לפני שנוטלים אותה יחד איתן, יש להתייעץ עם רוקח/ת או רופא/ה.",
    },
    "no_data_unnamed": {
        "en": "I couldn't find that medication in our catalog, so I have no interaction data for it with {names}. "
        "Please ask a pharmacist or doctor before taking it with them.",
        "he": "לא מצאתי את התרופה הזו בקטלוג שלנו, ולכן אין לי מידע על אינטראקציות שלה עם {names}. "
        "לפני שנוטלים אותה יחד איתן, יש להתייעץ עם רוקח/ת או רופא/ה.",
    },
    "same_ingredient": {
        "en": "{new} has the same active ingredient as {old} ({ingredient}), so the same interaction note applies.",
        "he": "התכשיר {new} מכיל את אותו חומר פעיל כמו {old} ({ingredient}), ולכן אותה הערת אינטראקציה חלה גם עליו.",
    },
}

# A question about the risk itself: what it is, what it means, what signs to look for.
_EXPLAIN = c.cues(
    "syndrome", "signs", "sign", "symptoms", "symptom", "watch for", "watch out", "look out", "look for",
    "what does that mean", "what does it mean", "what does this mean", "explain", "what happens",
    "תסמונת", "סימנים", "סימן", "תסמינים", "תסמין", "לשים לב", "מה זה אומר", "מה זאת אומרת", "מה המשמעות",
    "להסביר", "תסביר", "תסבירי", "מה קורה", "ממה להיזהר",
)  # fmt: skip
# "what about X?", "and X?", "ומה עם X?", "ו-X?": a bare follow-up naming another product.
_ABOUT = c.cues("what about", "how about", "and what about", "what of", "ומה עם", "מה עם", "ומה לגבי", "מה לגבי")
_MAX_NAME_WORDS = 2
# "ונקסיום?": a Hebrew word with the "and" prefix.
_AND_HE = re.compile(r"^ו(?!ו)[\u05d0-\u05ea]{3,}")


def _say(d: Dialogue, key: str, **values: Any) -> str:
    return _TEXTS[key]["he" if d.lang == "he" else "en"].format(**values)


def _names(d: Dialogue, refs: list[MedRef]) -> str:
    return join_names(d.lang, [flows_catalog.name_of(d, str(ref.ids[0]), ref.q) for ref in refs if ref.ids])


def explain(d: Dialogue, last: str, earlier: list[MedRef]) -> bool:
    """ "what is serotonin syndrome?" after a warning: the stored note, then a referral (never a diagnosis).

    Returns:
        True when answered here.
    """
    p = d.parsed
    if last != "interaction" or p.meds or p.refs or len(earlier) < 2 or not _EXPLAIN.search(p.norm):
        return False
    if len(p.norm.split()) > 10 or p.intent in ("availability", "price", "prescriptions", "refill_request"):
        return False
    typed = {str(ref.ids[0]): ref.q for ref in earlier if ref.ids}
    result = d.call("interaction_check", med_ids=list(typed)[:10])
    lines: list[str] = []
    if result.ok:
        pairs = [x for x in result.envelope.get("pairs") or [] if isinstance(x, dict)]
        for pair in sorted(pairs, key=lambda x: x.get("level") != "avoid"):
            if pair.get("level") not in ("avoid", "caution") or not pair.get("message"):
                continue
            ids = (str(pair.get("med_id_a")), str(pair.get("med_id_b")))
            shown = [flows_catalog.name_of(d, m, typed.get(m, "")) for m in ids]
            if pair.get("level") == "avoid":
                lines.append(_policy.avoid_warning(d.lang, shown))  # the explicit warning, every time it is checked
            lines.append(_say(d, "explain_data", names=join_names(d.lang, shown), message=pair["message"]))
    lines.append(_say(d, "explain_refer"))
    d.add("\n".join(lines))
    p.intent = "interaction"  # the thread stays: "and Nurofen?" next is checked with the same medications
    d.state.last_refs = earlier[:5]
    return True


def unknown_name(d: Dialogue, last: str, earlier: list[MedRef], check: Any) -> bool:
    """ "what about Nexium?" after a check, a name the catalog lacks: no data, ask a pharmacist.

    Args:
        d: The turn.
        last: The request answered last.
        earlier: The medications of the last check.
        check: The thread's check (``check(d, refs)``), for a name the lookup does find.

    Returns:
        True when answered here.
    """
    p = d.parsed
    if last != "interaction" or p.meds or p.refs or len(earlier) < 2 or d.turn.verdict.red_flags:
        return False
    bare_and = len(p.norm.split()) <= 3 and (p.norm.startswith("and ") or _AND_HE.match(p.norm) is not None)
    if p.act != "ellipsis" and not _ABOUT.search(p.norm) and not bare_and:
        return False
    if c.ANAPHOR.search(p.norm) or _EXPLAIN.search(p.norm):
        return False  # "what about it?", "what about the signs?": about the pair, not another product
    query = remainder_query(p.text)
    if not query or len(query.split()) > _MAX_NAME_WORDS:
        return False
    shown: str | None = query[:60]
    if _AND_HE.match(query):
        # "ונקסיום?": "and Nexium"; the name may also start with the letter, so it is never echoed back.
        query, shown = query[1:], None
    result = d.call("get_medication_by_name", medication_name=query)
    if result.ok:
        med = result.envelope.get("medication") or {}
        ids = [med["med_id"]] if med.get("med_id") else [x["med_id"] for x in med.get("products") or []]
        if ids:
            base = earlier if len(earlier) < 2 else earlier[:-1]
            return bool(check(d, [*base, MedRef(ids=ids[:1], q=query)]))
    if result.error_code not in ("MED_NOT_FOUND", "AMBIGUOUS", None) and not result.ok:
        d.add(d.error_text(result, query[:60]))
        return True
    names = _names(d, earlier[:5])
    d.add(_say(d, "no_data", query=shown, names=names) if shown else _say(d, "no_data_unnamed", names=names))
    p.intent = "interaction"
    d.state.last_refs = earlier[:5]
    return True


def _ingredients(d: Dialogue, ref: MedRef) -> tuple[set[str], str]:
    """The active ingredients of ``ref`` and its display name (empty when the lookup fails)."""
    result = d.call("get_medication_by_name", medication_name=flows_catalog.name_of(d, str(ref.ids[0]), ref.q))
    med = (result.envelope.get("medication") or {}) if result.ok else {}
    items = [i for i in med.get("active_ingredients") or [] if isinstance(i, dict)]
    names = {str(i.get("name") or "").strip().lower() for i in items if i.get("name")}
    return names, str(med.get("display_name") or ref.q)


def same_ingredient(d: Dialogue, new: list[MedRef], replaced: list[MedRef]) -> None:
    """Say when the new medication has the active ingredient of the one it replaces ("Nurofen" for "Advil")."""
    if len(new) != 1 or len(replaced) != 1 or not new[0].ids or not replaced[0].ids:
        return
    (ours, new_name), (theirs, old_name) = _ingredients(d, new[0]), _ingredients(d, replaced[0])
    if not ours or ours != theirs:
        return
    ingredient = ", ".join(s.title() for s in sorted(ours))
    d.add(_say(d, "same_ingredient", new=new_name, old=old_name, ingredient=ingredient))
