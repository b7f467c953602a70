"""Public test doubles: engines that stand in for a model in tests (no network, fully deterministic).

- :class:`ScriptedEngine` replays planned turns — tool calls with arguments, then reply text — through
  the loop's real tool runner, so the executor, the confirmation flow and the guard all run for real.
- :class:`YesManEngine` is a deliberately naive engine that tries to do whatever the user asks (refill
  any prescription id it sees, read prescriptions without identity, answer advice questions with advice,
  list interactions without warnings). It exists to prove that the executor and the policy guard hold
  whatever an engine does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from pharmai.agent.base import ToolResult, TurnInput

__all__ = ["ScriptedEngine", "ToolStep", "YesManEngine", "call"]


@dataclass(frozen=True)
class ToolStep:
    """One planned tool call.

    Attributes:
        name: The tool.
        arguments: A dict or JSON text, or ``f(turn, results_so_far) -> arguments`` for arguments that
            depend on earlier results of the turn.
    """

    name: str
    arguments: Any = field(default_factory=dict)


def call(name: str, arguments: Any = None, /, **kwargs: Any) -> ToolStep:
    """A planned tool call: ``call("inventory_check", {"query": "advil"})`` or ``call("x", query="advil")``."""
    return ToolStep(name, arguments if arguments is not None else dict(kwargs))


#: A step of a scripted turn: a tool call, reply text, or ``f(turn) -> str`` for text built from results.
Step = ToolStep | str | Callable[[TurnInput], str]


class ScriptedEngine:
    """Replays one planned list of steps per turn, in order.

    Args:
        turns: For each turn, its steps: :class:`ToolStep` (run through ``turn.tools``), ``str`` (a reply
            delta) or a callable ``f(turn) -> str``. Turns past the end of the script reply ``fallback``.
        fallback: The reply once the script is exhausted.

    Attributes:
        seen: Every :class:`TurnInput` the engine received, for assertions.
        results: The tool results of each turn.
    """

    name = "scripted"

    def __init__(self, turns: Sequence[Sequence[Step]] = (), *, fallback: str = "") -> None:
        self._turns = [list(t) for t in turns]
        self._next = 0
        self.fallback = fallback
        self.seen: list[TurnInput] = []
        self.results: list[list[ToolResult]] = []

    def add_turn(self, *steps: Step) -> None:
        """Append a planned turn."""
        self._turns.append(list(steps))

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Run this turn's planned steps; tool calls go through the real runner."""
        self.seen.append(turn)
        steps = self._turns[self._next] if self._next < len(self._turns) else [self.fallback]
        self._next += 1
        results: list[ToolResult] = []
        self.results.append(results)
        for step in steps:
            if isinstance(step, ToolStep):
                arguments = step.arguments(turn, list(results)) if callable(step.arguments) else step.arguments
                results.append(turn.tools.call(step.name, arguments))
            elif isinstance(step, str):
                if step:
                    yield step
            else:
                yield step(turn)


# --- the yes-man --------------------------------------------------------------------------------------

_PRESC_ID = re.compile(r"\bp\d{3,4}\b", re.IGNORECASE)
_MED_ID = re.compile(r"\bm\d{3}\b", re.IGNORECASE)
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"\+?\d[\d\s-]{7,14}\d")
_CODE = re.compile(r"(?<!\d)\d{6}(?!\d)")
_PRESCRIPTIONS = re.compile(r"prescription|מרשם|מרשמים", re.IGNORECASE)
_ADVICE = re.compile(r"should i|how much|what.?s good|better|recommend|כדאי|כמה|מתאים|מה טוב|עדיף", re.IGNORECASE)
_ADVICE_REPLY = {
    "en": "You should take 400 mg of ibuprofen every 4 hours; it is better than paracetamol for you.",
    "he": 'כדאי לך לקחת 400 מ"ג איבופרופן כל 4 שעות, זה עדיף לך על פרצטמול.',
}


class YesManEngine:
    """A naive engine that tries to do whatever the user asks; for policy tests only.

    It reads prescription ids (``p001``), medication ids (``m010``) and — when given a ``mentions``
    callable — medication names, emails, phones and six-digit codes out of the message, and calls tools
    without any judgement of its own: ``request_refill`` for every prescription id, ``get_user_prescriptions``
    whenever prescriptions are mentioned (identity or not), ``interaction_check`` for two or more
    medications, and it answers advice questions with advice. Replies echo tool results plainly, with no
    warnings added.

    Args:
        mentions: ``mentions(text) -> list`` of objects with ``med_ids`` (as the offline engine gets).
    """

    name = "yes-man"

    def __init__(self, mentions: Callable[[str], Sequence[Any]] | None = None) -> None:
        self._mentions = mentions

    def _med_ids(self, text: str) -> list[str]:
        ids = [m.lower() for m in _MED_ID.findall(text)]
        if self._mentions is not None:
            for mention in self._mentions(text):
                ids.extend(mention.med_ids[:1])
        return list(dict.fromkeys(ids))

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Do what the message asks, as literally as possible."""
        lang, text, tools = turn.language, turn.message, turn.tools
        if turn.resolution is not None:
            result = turn.resolution.result
            yield "Done! " if lang == "en" else "בוצע! "
            yield _describe(result)
            return
        lines: list[str] = []
        email, phone, code = _EMAIL.search(text), _PHONE.search(text), _CODE.search(text)
        identifier = email.group(0) if email else phone.group(0) if phone and not code else None
        if identifier:
            turn.state["identifier"] = identifier
            arguments = {"identifier": identifier, "code": None, "language": lang}
            lines.append(_describe(tools.call("verify_customer_identity", arguments)))
        elif code and turn.state.get("identifier"):
            arguments = {"identifier": turn.state["identifier"], "code": code.group(0), "language": lang}
            lines.append(_describe(tools.call("verify_customer_identity", arguments)))
        for presc_id in dict.fromkeys(p.lower() for p in _PRESC_ID.findall(text)):
            arguments = {"presc_id": presc_id, "store_id": turn.session.store_id, "language": lang}
            lines.append(_describe(tools.call("request_refill", arguments)))
        if _PRESCRIPTIONS.search(text):
            lines.append(_describe(tools.call("get_user_prescriptions", {"language": lang})))
        med_ids = self._med_ids(text)
        if len(med_ids) >= 2:
            lines.append(_describe(tools.call("interaction_check", {"med_ids": med_ids[:10], "language": lang})))
        if _ADVICE.search(text):
            lines.append(_ADVICE_REPLY["he" if lang == "he" else "en"])
        if not lines:
            lines.append("Sure, happy to help with anything!" if lang == "en" else "בטח, אשמח לעזור בכל דבר!")
        yield "\n".join(lines)


def _describe(result: ToolResult) -> str:
    """The result as plainly as a careless engine would put it: every field, no warning of its own."""
    envelope = result.envelope
    if not result.ok:
        error = envelope.get("error") or {}
        return str(error.get("message", result.error_code))
    parts: list[str] = []
    user = envelope.get("user")
    if isinstance(user, dict) and user.get("full_name"):
        parts.append(str(user["full_name"]))
    for item in envelope.get("prescriptions") or []:
        parts.append(f"{item.get('presc_id')}: {item.get('display_name')} ({item.get('status')})")
    for pair in envelope.get("pairs") or []:
        parts.append(f"{pair.get('med_id_a')} + {pair.get('med_id_b')}: {pair.get('message')}")
    refill = envelope.get("refill")
    if isinstance(refill, dict):
        parts.append(f"refill {refill.get('refill_id')} for {refill.get('presc_id')}")
    if envelope.get("status"):
        parts.append(str(envelope["status"]))
    return "; ".join(parts) or "OK"
