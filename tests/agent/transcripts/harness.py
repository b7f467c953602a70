"""Drive the offline engine through the real conversation loop, executor and demo database.

:class:`Chat` opens one conversation and sends messages; each :class:`Turn` keeps the reply, the tool
calls (names, arguments, envelopes) and any confirmation, so tests assert what the person sees and what
the tools did, never exact wording.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pharmai.agent.base import SessionInfo
from pharmai.agent.engines import mentions_for
from pharmai.agent.engines.offline import OfflineEngine
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db.engine import Database
from pharmai.evals.runner import collect_turn
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import Settings
from pharmai.text.detect import script_counts

__all__ = ["Chat", "Turn", "cases", "make_loop", "says_any", "why", "written_in"]

# Generous limits: transcript tests send many turns a second; the rate-limit tests live elsewhere.
_SETTINGS = dict(
    redis_url=None,
    rate_limit_conversation="10000/minute",
    rate_limit_patient="10000/hour",
    rate_limit_global="100000/hour",
)


@dataclass
class Turn:
    """One exchange as the person saw it."""

    user: str
    reply: str = ""
    language: str = ""
    calls: list[dict[str, Any]] = field(default_factory=list)
    confirmation: dict[str, Any] | None = None
    error: str | None = None

    @property
    def tools(self) -> list[str]:
        """The names of the tools called, in order."""
        return [call["name"] for call in self.calls]

    def result(self, name: str) -> dict[str, Any]:
        """The envelope of the last call of ``name``."""
        for call in reversed(self.calls):
            if call["name"] == name:
                return dict(call["result"])
        raise AssertionError(f"{name} was not called; calls: {self.tools}")

    def stock_checks(self) -> set[tuple[str, str]]:
        """The ``(med_id, store_id)`` pairs of the turn's ``inventory_check`` calls (``"None"`` for no store)."""
        return {
            (str(call["arguments"].get("med_id")), str(call["arguments"].get("store_id")))
            for call in self.calls
            if call["name"] == "inventory_check"
        }

    def args(self, name: str) -> dict[str, Any]:
        """The arguments of the last call of ``name``."""
        for call in reversed(self.calls):
            if call["name"] == name:
                return dict(call["arguments"])
        raise AssertionError(f"{name} was not called; calls: {self.tools}")

    def is_hebrew(self) -> bool:
        """The reply is written in Hebrew script (Latin letters only in names such as NSAIDs)."""
        # A reference ("t-eaefdfdd…", a random hex id) is not language: it could outweigh a short reply.
        hebrew, latin = script_counts(_REFERENCE.sub("", self.reply))
        return hebrew > 0 and hebrew > 3 * latin

    def is_english(self) -> bool:
        """The reply has no Hebrew letters."""
        hebrew, latin = script_counts(self.reply)
        return hebrew == 0 and latin > 0


_REFERENCE = re.compile(r"\b[a-z]{1,3}-[0-9a-f]{8,}\b")


def make_loop(db: Database, clock: FixedClock) -> ConversationLoop:
    """A loop with the offline engine over ``db``, synchronous audit and generous limits."""
    settings = Settings(**_SETTINGS)  # type: ignore[arg-type]
    return ConversationLoop(db, OfflineEngine(mentions=mentions_for(db)), settings=settings, clock=clock, audit="sync")


class Chat:
    """One conversation with the offline engine."""

    def __init__(
        self,
        loop: ConversationLoop,
        db: Database,
        *,
        language: str = "en",
        patient_id: str | None = None,
        identity_mode: str = "otp",
        store_id: str = "s1",
    ) -> None:
        self.loop = loop
        self.db = db
        mode = "trusted" if patient_id and identity_mode == "otp" else identity_mode
        session = SessionInfo("", patient_id, mode, store_id, "canonical", "chat")
        self.id = loop.open(session, language)
        self.turns: list[Turn] = []

    def say(self, message: str) -> Turn:
        """Send a message; ``{{otp}}`` is replaced by the newest one-time code in the outbox."""
        if "{{otp}}" in message:
            with self.db.session() as session:
                message = message.replace("{{otp}}", latest_outbox_code(session) or "000000")
        return self._collect(message, self.loop.turn(self.id, message))

    def approve(self) -> Turn:
        """Approve the pending confirmation (the API's approve endpoint)."""
        pending = self.loop.pending_confirmation(self.id)
        assert pending is not None, "no pending confirmation"
        return self._collect("/approve", self.loop.approve(self.id, str(pending["id"])))

    def _collect(self, message: str, events: Any) -> Turn:
        record = collect_turn(message, events)
        turn = Turn(record.user, record.reply, record.language, record.calls, record.confirmation, record.error)
        self.turns.append(turn)
        return turn


def cases(table: dict[str, list[Any]]) -> list[tuple[str, Any]]:
    """``(language, item)`` pairs of a ``{language: [items]}`` table, for ``pytest.mark.parametrize``."""
    return [(language, item) for language, items in table.items() for item in items]


def why(turn: Turn) -> str:
    """The turn's tool calls and reply, for assertion messages."""
    calls = [(call["name"], call["arguments"]) for call in turn.calls]
    return f"calls={calls} reply={turn.reply!r}"


def written_in(turn: Turn, language: str) -> None:
    """Assert the reply is in ``language``'s script."""
    assert turn.is_english() if language == "en" else turn.is_hebrew(), why(turn)


def says_any(turn: Turn, phrases: Iterable[str]) -> bool:
    """Whether the reply contains any of ``phrases`` (case-insensitive)."""
    reply = turn.reply.lower()
    return any(phrase.lower() in reply for phrase in phrases)
