"""The dialogue of one turn: the typed state, the reply being written, and tool calls.

The state (:class:`~pharmai.agent.engines.offline.dialogue_state.DialogueState`) is read from ``turn.state``
once when the turn starts and written back once when it ends (:class:`~.engine.OfflineEngine`); the flows
only ever see the typed model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pharmai.agent._failures import failure_text
from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.offline.dialogue_state import DialogueState, MedRef
from pharmai.agent.engines.offline.nlu import Parsed
from pharmai.agent.engines.offline.texts import say

__all__ = ["Dialogue"]


@dataclass
class Dialogue:
    """One turn being answered.

    Attributes:
        turn: The loop's input.
        parsed: The message, understood.
        state: The engine's state, read from ``turn.state`` for this turn (written back when it ends).
        parts: The reply's paragraphs, in order.
        answers_equivalents: This reply lists equivalents anyway, so the stock answer offers none.
        loaded_rx: The patient's prescriptions as read in this turn (read once per turn, never persisted).
        rx_user: The patient's name from that read.
        resumed_count: The request resumed after sign-in asked only a count or a date ("how many refills are
            left?" before signing in): the count is answered, never a prepared refill.
        question: The yes/no question this reply ends with (a refill to confirm), said after everything else.
        loose: The unrecognised list items of the message as looked up in this turn (``None``: not yet).
        earlier_refs: The medications talked about before this message (for "can I take X with it?").
        asked_strength: The strength asked for in the message a "did you mean …?" answered (``None``: this
            message's own).
    """

    turn: TurnInput
    parsed: Parsed
    state: DialogueState
    parts: list[str] = field(default_factory=list)
    answers_equivalents: bool = False
    loaded_rx: list[dict[str, Any]] | None = None
    rx_user: str = ""
    resumed_count: bool = False
    question: str = ""
    loose: list[Any] | None = None
    earlier_refs: list[MedRef] = field(default_factory=list)
    asked_strength: str | None = None
    #: The store talked about before this message ("do you have Lipitor? and Advil in Jerusalem?": Lipitor's).
    store_before: str | None = None

    @property
    def lang(self) -> str:
        """The reply language."""
        return "he" if self.turn.language == "he" else "en"

    @property
    def store(self) -> str | None:
        """The store asked about in this message, or ``None`` for the session's store."""
        return self.parsed.store

    @property
    def last_reply(self) -> str:
        """The assistant's previous reply as shown ("" at the start of a conversation)."""
        return next((item.content for item in reversed(self.turn.history) if item.role == "assistant"), "").strip()

    @property
    def identified(self) -> bool:
        """Whether the session has a verified (or demo / trusted) patient."""
        return bool(self.turn.session.patient_id) or self.state.verified

    def say(self, key: str, **values: Any) -> None:
        """Add a template paragraph to the reply."""
        self.parts.append(say(self.lang, key, **values))

    def ask(self, key: str, **values: Any) -> None:
        """End the reply with a template question (whatever else this turn adds, the question comes last)."""
        self.question = say(self.lang, key, **values)

    def paragraphs(self) -> list[str]:
        """The reply's paragraphs in order, the closing question last, each line said once.

        Two flows of one turn may both state a fact (the refill and the label both say "Note: … requires a
        prescription"), and a part may hold several paragraphs or lines: a line already said is left out of
        every later part, and a part left with nothing is dropped.
        """
        said: set[str] = set()
        return [kept for part in (*self.parts, self.question) if part and (kept := _unsaid(part, said))]

    def add(self, text: str) -> None:
        """Add a ready paragraph to the reply (skipping empty text and exact repeats; see :meth:`paragraphs`)."""
        if text and text not in self.parts:
            self.parts.append(text)

    def call(self, name: str, **arguments: Any) -> ToolResult:
        """Run a tool in the reply language through the loop's runner."""
        arguments.setdefault("language", self.lang)
        return self.turn.tools.call(name, arguments)

    def error_text(self, result: ToolResult, name: str | None = None) -> str:
        """What to say when a tool did not answer as hoped.

        A tool that could not answer (a limit, a timeout, the database) gets the policy's "I could not check
        …" sentence for its subject (``name``: the medication it was about), so a failure never reads as an
        answer; any other error is the tool's own (already localised) message, as a polite sentence.
        """
        failed = failure_text(result, self.lang, name)
        if failed is not None:
            return failed
        error = result.envelope.get("error") if isinstance(result.envelope, dict) else None
        message = error.get("message") if isinstance(error, dict) else None
        return say(self.lang, "tool_error", reason=message or result.error_code or "?")

    def text(self) -> str:
        """The reply so far."""
        return "\n\n".join(self.paragraphs())


def _unsaid(part: str, said: set[str]) -> str:
    """``part`` without the lines in ``said`` (which then holds ``part``'s lines too); "" when none is left."""
    kept: list[str] = []
    for line in part.split("\n"):
        key = line.strip()
        if key and key in said:
            continue
        if key or (kept and kept[-1].strip()):  # a blank line only between two kept lines (a paragraph break)
            kept.append(line)
        if key:
            said.add(key)
    while kept and not kept[-1].strip():
        kept.pop()
    return "\n".join(kept)
