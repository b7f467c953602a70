"""The texts an LLM engine adds around the conversation, in Hebrew and English.

- :func:`stable_prompt`: the policy text and the profile's tools — the same bytes for every turn of every
  conversation in a language and profile, so the providers' prompt caches can reuse it.
- :func:`session_note`: the per-turn session facts (store, profile, whether the customer is verified),
  sent after the cacheable prefix; :func:`system_prompt` is both together.
- :func:`turn_notes`: developer notes for this turn only (the classifier's advice verdict, and the
  outcome of a confirmation the person just approved or denied).

The prompt is guidance, never a security control: the executor and the reply guard enforce the rules.
"""

from __future__ import annotations

from collections.abc import Sequence

from pharmai import policy
from pharmai.agent.base import ConfirmationResolution, SessionInfo, TurnInput
from pharmai.agent.engines.llm._common import tool_output
from pharmai.tools import ToolKind, ToolSpec

__all__ = ["resolution_note", "session_note", "stable_prompt", "system_prompt", "turn_notes", "verdict_note"]

_ROLE = {
    "en": (
        "You are pharmai, the assistant of a retail pharmacy chain. You answer customers about medications, "
        "stock, their own prescriptions and refills, only from the pharmacy's tools. Never invent a fact a tool "
        "did not give you."
    ),
    "he": (
        "את/ה pharmai, העוזר של רשת בתי מרקחת. עונים ללקוחות על תרופות, מלאי, המרשמים שלהם וחידושים, "
        "רק על סמך הכלים של בית המרקחת. אין להמציא עובדה שכלי לא החזיר."
    ),
}

_RULES = {
    "en": (
        "## How to work\n"
        '- Reply in English, briefly and plainly. Pass "en" as the language argument of every tool.\n'
        "- Repeat the warnings a tool returns.\n"
        "- Prescriptions and refills need a verified customer: ask for the email or phone on file, call "
        "verify_customer_identity, then ask for the one-time code. Never ask for or mention another person's data.\n"
        "- Changes such as a refill wait for the customer's confirmation, which they give outside this chat: "
        "when a tool answers CONFIRMATION_REQUIRED, say what will happen and that they must confirm it; never say "
        "it is done before it is.\n"
        "- When a tool answers an error, explain it simply; never retry with guessed ids."
    ),
    "he": (
        "## איך עובדים\n"
        '- עונים בעברית, בקצרה ובפשטות. מעבירים "he" בארגומנט language של כל כלי.\n'
        "- חוזרים על האזהרות שהכלי מחזיר.\n"
        '- מרשמים וחידושים דורשים לקוח מאומת: מבקשים את הדוא"ל או הטלפון שבתיק, קוראים ל-verify_customer_identity '
        "ואז מבקשים את הקוד החד-פעמי. לעולם לא מבקשים או מזכירים מידע של אדם אחר.\n"
        "- שינויים כמו חידוש מרשם ממתינים לאישור הלקוח, שניתן מחוץ לשיחה הזו: כשכלי עונה CONFIRMATION_REQUIRED, "
        "מסבירים מה יקרה ושעליו לאשר; לעולם לא אומרים שבוצע לפני שבוצע.\n"
        "- כשכלי מחזיר שגיאה, מסבירים אותה בפשטות; לא מנסים שוב עם מזהים מנוחשים."
    ),
}

_SESSION = {
    "en": "Session: store {store}; tool profile {profile}; customer identity {identity}.",
    "he": "השיחה: סניף {store}; פרופיל כלים {profile}; זהות הלקוח {identity}.",
}
_IDENTITY = {
    "en": ("verified (their own data only)", "not verified yet"),
    "he": ("מאומתת (רק המידע שלו/ה)", "עדיין לא מאומתת"),
}
_TOOLS = {"en": "Tools:", "he": "כלים:"}
_KIND = {
    "en": {ToolKind.READ: "read", ToolKind.WRITE: "change", ToolKind.AUTH: "identity"},
    "he": {ToolKind.READ: "קריאה", ToolKind.WRITE: "שינוי", ToolKind.AUTH: "זיהוי"},
}
_CONFIRM = {"en": ", needs the customer's confirmation", "he": ", דורש אישור של הלקוח"}

_VERDICT = {
    "en": ("Note for this message: it asks for {kind}. Do not give it; say a pharmacist or doctor can help. {factual}"),
    "he": "הערה להודעה הזו: היא מבקשת {kind}. אין לתת זאת; אומרים שרוקח/ת או רופא/ה יכולים לעזור. {factual}",
}
_KINDS = {
    "en": {
        "advice": "medical advice",
        "diagnosis": "a diagnosis",
        "comparison": "a comparison of which product is better",
        "personal_dosage": "a personal dosage",
        "purpose": "a choice of products by what they treat",
    },
    "he": {
        "advice": "ייעוץ רפואי",
        "diagnosis": "אבחנה",
        "comparison": "השוואה איזה מוצר עדיף",
        "personal_dosage": "מינון אישי",
        "purpose": "בחירת מוצרים לפי מה שהם מטפלים בו",
    },
}
_FACTUAL = {
    "en": "Still answer its factual part from the tools.",
    "he": "עדיין עונים על החלק העובדתי שלה מתוך הכלים.",
}

_RESOLUTION = {
    "en": {
        "approved": "The customer confirmed the pending action ({tool}) and it ran. Its result: {result}. "
        "Tell them the outcome in one or two sentences.",
        "failed": "The customer confirmed the pending action ({tool}) but it did not go through: {result}. "
        "Explain this simply.",
        "denied": "The customer declined the pending action ({tool}); nothing was done. Acknowledge it briefly.",
    },
    "he": {
        "approved": "הלקוח אישר את הפעולה הממתינה ({tool}) והיא בוצעה. התוצאה: {result}. "
        "ספרו לו את התוצאה במשפט או שניים.",
        "failed": "הלקוח אישר את הפעולה הממתינה ({tool}) אך היא לא הושלמה: {result}. הסבירו זאת בפשטות.",
        "denied": "הלקוח דחה את הפעולה הממתינה ({tool}); לא בוצע דבר. אשרו זאת בקצרה.",
    },
}


def _lang(language: str) -> str:
    return "he" if language == "he" else "en"


def stable_prompt(language: str, specs: Sequence[ToolSpec]) -> str:
    """The cacheable part of the system prompt: role, policy, rules and the tools, in ``language``.

    Nothing about the session or the person goes here: the text must stay byte-identical across turns
    and conversations for the prompt cache to hit.
    """
    lang = _lang(language)
    # The policy layer owns the wording of the rules; this module only frames them for a model.
    lines = [_ROLE[lang], policy.policy_text(lang), _RULES[lang]]
    tools = [_TOOLS[lang]]
    for spec in specs:
        confirm = _CONFIRM[lang] if spec.confirm else ""
        tools.append(f"- {spec.name} ({_KIND[lang][spec.kind]}{confirm})")
    lines.append("\n".join(tools))
    return "\n\n".join(line for line in lines if line)


def session_note(language: str, session: SessionInfo) -> str:
    """The session facts of this turn (store, profile, whether a patient is verified; never who they are)."""
    lang = _lang(language)
    identity = _IDENTITY[lang][0 if session.patient_id else 1]
    return _SESSION[lang].format(store=session.store_id, profile=session.profile, identity=identity)


def system_prompt(language: str, session: SessionInfo, specs: Sequence[ToolSpec]) -> str:
    """The whole system prompt for one turn, in ``language``: the stable part, then the session facts.

    Args:
        language: ``he`` or ``en``.
        session: The session (store, profile, whether a patient is verified; never who they are).
        specs: The profile's tools.
    """
    return f"{stable_prompt(language, specs)}\n\n{session_note(language, session)}"


def verdict_note(turn: TurnInput) -> str | None:
    """The advice note for this message, or ``None`` when the classifier found no advice request."""
    verdict = turn.verdict
    if not verdict.is_advice:
        return None
    lang = _lang(turn.language)
    kind = _KINDS[lang].get(verdict.kind or "advice", _KINDS[lang]["advice"])
    return _VERDICT[lang].format(kind=kind, factual=_FACTUAL[lang] if verdict.has_factual_part else "").strip()


def resolution_note(resolution: ConfirmationResolution, language: str) -> str:
    """What the model needs to write the follow-up of an approval or a denial (never the confirmation id)."""
    lang = _lang(language)
    result = resolution.result
    key = "denied" if not resolution.approved else "approved" if result.ok else "failed"
    payload = tool_output(result)
    return _RESOLUTION[lang][key].format(tool=result.name, result=payload)


def turn_notes(turn: TurnInput) -> list[str]:
    """The developer notes of this turn, in order (possibly none)."""
    notes: list[str] = []
    if turn.resolution is not None:
        notes.append(resolution_note(turn.resolution, turn.language))
    note = verdict_note(turn)
    if note:
        notes.append(note)
    return notes
