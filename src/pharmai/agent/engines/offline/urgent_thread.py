"""What follows the urgent-care text on a red-flag turn: one line that answers what the person asked.

The loop puts the urgent-care text (101, the poison centre, ERAN) first; this module writes the line after it,
and nothing that could delay or distract from it:

- "he looks completely fine, do we really have to go?", "no pain just tired", "should we wait till Monday?":
  a poisoning or a bleed can look fine at first, so do not wait (never reassurance);
- "should I keep taking it?", "להמשיך לקחת?": no more of it before a doctor has seen them (never a dose);
- otherwise: this cannot be assessed in a chat, get help now;
- medications named now are checked together, and with the ones the thread named before when the message adds
  one ("she also took ibuprofen" after "my mom is on Coumadin"): an avoid pair is warned about by name (seed 000).

And on the next turn, right after a distress reply ("I don't want to be here anymore…"): the ordinary question
that follows ("never mind, do you have Zyrtec?") is answered, and one short line reminds the person that ERAN
is there, at the number the distress reply gave (:func:`remind`). Not the urgent reply again (it was just said
in full, and repeating it would not answer what was asked), never a question about how they feel (no
assessment in a chat), and only once: the reply after that is an ordinary one. Right after an emergency reply
("pressure in my chest…"), the same: the next question is answered ("it eased a bit, so is there aspirin?"),
and one line says that signs which ease can still be serious and gives the number the reply gave (101); right
after a poisoning reply ("ok will call them. so Acamol?"), one line with the poison centre's number.
"""

from __future__ import annotations

import functools
import re

from pharmai.agent.engines.offline import _cues as c
from pharmai.agent.engines.offline import flows_catalog, interaction_report
from pharmai.agent.engines.offline.dialogue_state import unique_refs
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.policy.urgent import DEFAULT_NUMBERS, urgent_reply
from pharmai.text.normalize import normalize

__all__ = ["answer", "remind"]

_TEXTS = {
    "looks_fine_poison": {
        "en": "Even if everything seems fine right now, the signs of a poisoning can show only hours later (with "
        "paracetamol, often only after a day or more), so please don't wait. I can't assess this in a chat: "
        "get help now.",
        "he": "גם אם הכול נראה בסדר כרגע, סימנים של הרעלה יכולים להופיע רק אחרי כמה שעות (באקמול ובפרצטמול "
        "לעיתים רק אחרי יום ויותר), ולכן אין לחכות. איני יכול להעריך מצב כזה בצ'אט: נא לפנות לעזרה עכשיו.",
    },
    "looks_fine_poison_any": {
        "en": "Even if everything seems fine right now, the signs of a poisoning can show only hours later, so "
        "please don't wait. I can't assess this in a chat: get help now.",
        "he": "גם אם הכול נראה בסדר כרגע, סימנים של הרעלה יכולים להופיע רק אחרי כמה שעות, ולכן אין לחכות. "
        "איני יכול להעריך מצב כזה בצ'אט: נא לפנות לעזרה עכשיו.",
    },
    "looks_fine": {
        "en": "Even if it seems mild right now, this can get worse quickly (internal bleeding, for one, may show "
        "little at first), so please don't wait. I can't assess this in a chat: get help now.",
        "he": "גם אם המצב נראה קל כרגע, הוא יכול להחמיר מהר (דימום פנימי, למשל, יכול להתבטא בהתחלה במעט "
        "סימנים), ולכן אין לחכות. איני יכול להעריך מצב כזה בצ'אט: נא לפנות לעזרה עכשיו.",
    },
    "distress_reminder": {
        "en": "And if things feel heavy again, ERAN's emotional first-aid line is there for you day and night at "
        "{number}.",
        "he": 'ואם שוב יהיה קשה, קו הסיוע הנפשי של ער"ן זמין עבורכם בכל שעה ביום ובלילה בטלפון {number}.',
    },
    "emergency_reminder": {
        "en": "If you haven't yet, please call Magen David Adom at {number} now: signs that ease can still be "
        "serious, and I can't assess this in a chat.",
        "he": 'אם עוד לא עשיתם זאת, נא להתקשר עכשיו למד"א בטלפון {number}: גם סימנים שהוקלו יכולים להעיד על '
        "מצב חמור, ואיני יכול להעריך מצב כזה בצ'אט.",
    },
    "poison_reminder": {
        "en": "If you haven't yet, please call the National Poison Information Center at {number} now: I can't "
        "assess this in a chat.",
        "he": "אם עוד לא עשיתם זאת, נא להתקשר עכשיו למרכז הארצי למידע בהרעלות בטלפון {number}: איני יכול להעריך "
        "מצב כזה בצ'אט.",
    },
    "keep_taking": {
        "en": "Please don't take any more of it until a doctor has seen you, and get help now: I can't assess "
        "this in a chat.",
        "he": "אין ליטול ממנה עוד עד שרופא יבדוק, ויש לפנות לעזרה עכשיו: איני יכול להעריך מצב כזה בצ'אט.",
    },
}
# "he looks completely fine", "no pain", "should we wait till Monday", "do we really have to go": the person
# hopes it can wait.
_LOOKS_FINE = c.cues(
    "looks fine", "seems fine", "looks ok", "seems ok", "looks okay", "looks normal", "seems normal", "feels fine",
    "feel fine", "im fine", "hes fine", "shes fine", "he is fine", "she is fine", "no pain", "no symptoms",
    "just tired", "wait till", "wait until", "wait for", "just wait", "can it wait", "can we wait", "should we wait",
    "should i wait", "really need to go", "really have to go", "do we have to go", "do i have to go", "really need",
    "tomorrow", "monday", "in the morning", "see how", "is it serious", "is it that bad", "overreacting",
    "נראה בסדר", "נראית בסדר", "נראה טוב", "נראית טוב", "מרגיש בסדר", "מרגישה בסדר", "מרגיש טוב", "מרגישה טוב",
    "אין כאבים", "אין כאב", "בלי כאבים", "אין תסמינים", "רק עייף", "רק עייפה", "לחכות", "נחכה", "אחכה",
    "באמת צריך", "באמת צריכה", "חייבים ללכת", "צריך ללכת", "צריכה ללכת", "מחר", "יום שני", "בבוקר", "זה רציני",
    "מגזים", "מגזימה",
)  # fmt: skip
# "should I keep taking it?", "can I still take it?", "להמשיך לקחת?": whether to go on with the medication.
_KEEP_TAKING = c.cues(
    "keep taking", "continue taking", "still take", "stop taking", "keep using", "continue using", "take another",
    "take more", "next dose", "להמשיך לקחת", "להמשיך ליטול", "להפסיק לקחת", "להפסיק ליטול", "לקחת עוד",
    "ליטול עוד", "המנה הבאה",
)  # fmt: skip
# "she also took ibuprofen", "גם לקחה אדוויל": a medication added to the ones the thread named.
_ALSO = c.cues("also", "too", "as well", "on top", "plus", "together with", "along with", "גם", "בנוסף", "יחד עם")


# "with", "together", "both", «עם», «ביחד»: the medications named are asked about as a pair.
_TOGETHER = c.cues(
    "with", "together", "both", "combine", "combined", "combination", "mix", "mixed", "mixing", "interact",
    "interaction", "עם", "יחד", "ביחד", "בשילוב", "שילוב", "לשלב", "שתיהן", "שניהם", "אינטראקציה",
)  # fmt: skip
# "too much", "too many": an amount, never "also" (which would add the thread's medications to this one's check).
_TOO_AMOUNT = re.compile(r"\btoo (?:much|many|often|soon|early|late|strong|high|big)\b")
# Paracetamol by any of its names (the ingredient, its other name, the brands sold here and common others).
_PARACETAMOL = c.cues(
    "paracetamol", "acetaminophen", "acamol", "tylenol", "panadol", "dexamol", "פרצטמול", "אצטמינופן", "אקמול",
    "טיילנול", "פנדול", "דקסמול",
)  # fmt: skip


def _asks_together(d: Dialogue) -> bool:
    """The message asks about its medications together ("with the Plavix", "is it ok to take both?")."""
    p = d.parsed
    return p.intent == "interaction" or "interaction" in p.clause_intents or bool(_TOGETHER.search(p.norm))


def _asks_about_paracetamol(d: Dialogue) -> bool:
    """The medication this message is about is paracetamol (named now, or the thread's when none is named)."""
    p = d.parsed
    if p.meds:
        return bool(_PARACETAMOL.search(p.norm))
    names = " ".join(normalize(r.q) for r in d.earlier_refs if r.q)
    return bool(_PARACETAMOL.search(names)) or not names


def _line(d: Dialogue) -> str:
    norm = d.parsed.norm
    if _KEEP_TAKING.search(norm):
        return _TEXTS["keep_taking"][d.lang]
    if _LOOKS_FINE.search(norm):
        key = "looks_fine"
        if "poison" in d.turn.verdict.red_flags:
            # The note on paracetamol's late signs is about paracetamol only: "he took too much Coumadin" after
            # an Acamol thread is about Coumadin.
            key = "looks_fine_poison" if _asks_about_paracetamol(d) else "looks_fine_poison_any"
        return _TEXTS[key][d.lang]
    return ""


def answer(d: Dialogue) -> None:
    """The line after the urgent-care text, and the check of the medications named together."""
    line = _line(d)
    if line:
        d.add(line)
    else:
        d.say("urgent_follow")
    if d.state.last_intent not in ("availability", "price", "equivalents"):
        # A bare name next ("ok will call them. so Acamol?") asks for its stock: the label's dose, right after a
        # poisoning or an emergency, would read as advice on how much of it to take.
        d.state.last_intent = "availability"
    p = d.parsed
    refs = flows_catalog.targets(d) if p.meds else []
    if refs and _ALSO.search(_TOO_AMOUNT.sub(" ", p.norm)):
        refs = unique_refs([*refs, *d.earlier_refs, *(r for r in d.state.taking if r.ids)])
    if len(refs) >= 2:
        # A pair asked about together gets the check's whole result; names asked about apart ("…not wake up. also
        # do you have Claritine?") only its "avoid" warnings: a "none recorded" line there answers nothing asked,
        # and the stock question waits for the next turn (no product talk under an urgent reply).
        interaction_report.report(d, refs[:10], quiet=not _asks_together(d))


_MARK = "\x00"


@functools.cache
def _reply_pattern(kind: str, lang: str) -> re.Pattern[str]:
    """The ``kind`` urgent reply in ``lang`` with its number left open (built once: every turn asks)."""
    marked = urgent_reply(lang, [kind], {"distress": _MARK, "emergency": _MARK, "poison": _MARK})
    head, between = marked.split(_MARK)[:2]
    return re.compile(re.escape(head) + r"(.+?)" + re.escape(between))


def _number(kind: str, reply: str) -> str | None:
    """The number a ``kind`` urgent reply gave (``None``: ``reply`` holds no such reply).

    The deployment may set its own numbers, which the engine never sees: the reply the person just read says them.
    """
    if not reply:
        return None
    for lang in ("en", "he"):
        found = _reply_pattern(kind, lang).search(reply)
        if found:
            return found.group(1).strip() or DEFAULT_NUMBERS[kind]
    return None


def remind(d: Dialogue) -> None:
    """Right after a distress or an emergency reply, one line with its number under the next, ordinary answer."""
    if d.turn.verdict.red_flags or not d.parts:
        return  # a red flag again gets the urgent reply itself; an empty reply is the loop's to fill
    # After a poisoning reply too: "ok will call them. so Acamol?" is answered, and the poison centre's number
    # said once more.
    for kind in ("distress", "emergency", "poison"):
        number = _number(kind, d.last_reply)
        if number is not None:
            if not any(number in part for part in d.parts):
                line = _TEXTS[f"{kind}_reminder"][d.lang].format(number=number)
                # A poisoning's or an emergency's number leads the reply (the harm can still be stopped, and
                # the next question may be about the same person); the distress line closes it.
                if kind in ("poison", "emergency"):
                    d.parts.insert(0, line)
                else:
                    d.add(line)
            return
