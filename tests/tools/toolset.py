"""A small support-desk toolset for testing the generic runtime (no pharmacy in sight).

It has one tool of each shape: READ, READ+PHI, an authorize hook, WRITE with confirmation, AUTH, a slow
tool, a slow writer and a tool that crashes; plus a nested-schema tool for the exporters.
"""

from __future__ import annotations

import threading
import time
from datetime import date
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from pharmai.db.models import Ticket
from pharmai.errors import AuthFailed, Forbidden
from pharmai.tools import Registry, RiskLevel, ToolContext, ToolKind

__all__ = ["PROFILE", "Calls", "build_registry"]

PROFILE = "test-desk"
GOOD_CODE = "123456"


class Calls:
    """Counts handler runs (the executor must not run a handler it refused)."""

    lock = threading.Lock()
    runs: ClassVar[dict[str, int]] = {}
    #: How long ``slow_confirmed_ticket`` holds its transaction open (past its 0.3 s deadline by default).
    hold_s: ClassVar[float] = 0.6

    @classmethod
    def hit(cls, name: str) -> None:
        with cls.lock:
            cls.runs[name] = cls.runs.get(name, 0) + 1

    @classmethod
    def reset(cls) -> None:
        with cls.lock:
            cls.runs = {}
            cls.hold_s = 0.6


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EchoIn(_In):
    text: str = Field(min_length=1, max_length=200, description="Text to repeat.")
    times: int = Field(default=1, ge=1, le=5, description="How many times.")


class EchoOut(_In):
    text: str
    times: int


class Empty(_In):
    pass


class WhoOut(_In):
    patient_id: str


class LookupIn(_In):
    customer_id: str = Field(max_length=20)


class TicketIn(_In):
    reason: str = Field(min_length=1, max_length=500, description="Why the person needs a human.")
    priority: Literal["low", "normal", "high"] = "normal"


class TicketOut(_In):
    ticket_id: str
    status: str


class VerifyIn(_In):
    user_id: str = Field(max_length=20)
    code: str = Field(max_length=12)


class VerifyOut(_In):
    status: Literal["verified"]


class SleepIn(_In):
    seconds: float = Field(ge=0, le=5)


class Filters(_In):
    owner: str | None = Field(default=None, description="Only notes of this owner.")
    pinned: bool = False


class SearchIn(_In):
    query: str = Field(max_length=200, description="Words to look for.")
    filters: Filters | None = None
    tags: list[Literal["billing", "account", "other"]] = Field(default_factory=list)
    since: date | None = None
    limit: int = Field(default=10, ge=1, le=50)


class Hit(_In):
    note_id: str
    score: float


class SearchOut(_In):
    results: list[Hit]
    next_cursor: str | None = None


def _ticket_summary(args: BaseModel, language: str, ctx: ToolContext) -> str:
    assert isinstance(args, TicketIn)
    if language == "he":
        names = {"low": "נמוכה", "normal": "רגילה", "high": "גבוהה"}
        return f"לפתוח פנייה לנציג בעדיפות {names[args.priority]}."
    return f"Open a {args.priority}-priority ticket for a human agent."


def build_registry() -> Registry:
    """The test profile's registry."""
    reg = Registry(PROFILE)

    @reg.tool(input=EchoIn, output=EchoOut, title="Echo", title_he="הד", idempotent=True)
    def echo(args: EchoIn, ctx: ToolContext) -> EchoOut:
        """Repeat the text back.

        Args:
            args: The text and how many times.
            ctx: The session.
        """
        Calls.hit("echo")
        return EchoOut(text=args.text * args.times, times=args.times)

    @reg.tool(input=Empty, output=WhoOut, phi=True, title="Who am I")
    def whoami(args: Empty, ctx: ToolContext) -> dict[str, str]:
        """Say which verified customer the session belongs to."""
        Calls.hit("whoami")
        return {"patient_id": ctx.principal.patient_id or ""}

    def _own_only(args: BaseModel, ctx: ToolContext) -> None:
        assert isinstance(args, LookupIn)
        if args.customer_id != ctx.principal.patient_id:
            raise Forbidden()

    @reg.tool(input=LookupIn, output=WhoOut, phi=True, authorize=_own_only)
    def lookup_customer(args: LookupIn, ctx: ToolContext) -> WhoOut:
        """Look up a customer record by id (only the session's own)."""
        Calls.hit("lookup_customer")
        return WhoOut(patient_id=args.customer_id)

    @reg.tool(
        input=TicketIn,
        output=TicketOut,
        kind=ToolKind.WRITE,
        confirm=True,
        risk=RiskLevel.MEDIUM,
        summary=_ticket_summary,
        title="Open ticket",
    )
    def open_ticket(args: TicketIn, ctx: ToolContext) -> TicketOut:
        """Open a support ticket for a human agent; needs the person's confirmation."""
        Calls.hit("open_ticket")
        ticket_id = f"t-{ctx.conversation_id}-{time.perf_counter_ns()}"[:40]
        with ctx.transaction(write=True) as session:
            session.add(
                Ticket(
                    ticket_id=ticket_id,
                    user_id=ctx.principal.patient_id,
                    conversation_id=ctx.conversation_id,
                    reason=args.reason,
                    priority=args.priority,
                    language=ctx.language,
                    created_at=ctx.clock.now(),
                )
            )
        return TicketOut(ticket_id=ticket_id, status="open")

    @reg.tool(input=TicketIn, output=TicketOut, kind=ToolKind.WRITE, timeout_s=0.3)
    def slow_ticket(args: TicketIn, ctx: ToolContext) -> TicketOut:
        """Open a ticket slowly (it overruns its deadline before committing)."""
        Calls.hit("slow_ticket")
        with ctx.transaction(write=True) as session:
            session.add(
                Ticket(
                    ticket_id=f"slow-{time.perf_counter_ns()}"[:40],
                    conversation_id=ctx.conversation_id,
                    reason=args.reason,
                    created_at=ctx.clock.now(),
                )
            )
            session.flush()
            time.sleep(0.6)
        return TicketOut(ticket_id="never", status="open")

    @reg.tool(
        input=TicketIn, output=TicketOut, kind=ToolKind.WRITE, confirm=True, summary=_ticket_summary, timeout_s=0.3
    )
    def slow_confirmed_ticket(args: TicketIn, ctx: ToolContext) -> TicketOut:
        """Open a ticket once approved, holding the transaction for ``Calls.hold_s`` before committing."""
        Calls.hit("slow_confirmed_ticket")
        ticket_id = f"sc-{time.perf_counter_ns()}"[:40]
        with ctx.transaction(write=True) as session:
            session.add(
                Ticket(
                    ticket_id=ticket_id,
                    conversation_id=ctx.conversation_id,
                    reason=args.reason,
                    created_at=ctx.clock.now(),
                )
            )
            session.flush()
            time.sleep(Calls.hold_s)
        return TicketOut(ticket_id=ticket_id, status="open")

    @reg.tool(input=VerifyIn, output=VerifyOut, kind=ToolKind.AUTH, rate_tier="none")
    def verify_identity(args: VerifyIn, ctx: ToolContext) -> VerifyOut:
        """Verify the customer with a one-time code and bind them to the session."""
        Calls.hit("verify_identity")
        if args.code != GOOD_CODE:
            raise AuthFailed()
        ctx.bind_patient(args.user_id)
        return VerifyOut(status="verified")

    @reg.tool(input=SleepIn, output=Empty, timeout_s=0.2)
    def nap(args: SleepIn, ctx: ToolContext) -> Empty:
        """Sleep for a while (tests the deadline)."""
        Calls.hit("nap")
        time.sleep(args.seconds)
        return Empty()

    @reg.tool(input=EchoIn, output=EchoOut)
    def crash(args: EchoIn, ctx: ToolContext) -> EchoOut:
        """Always fails with an unexpected error quoting its input."""
        Calls.hit("crash")
        raise RuntimeError(f"could not handle {args.text}")

    @reg.tool(input=EchoIn, output=EchoOut)
    def bind_outside_auth(args: EchoIn, ctx: ToolContext) -> EchoOut:
        """A READ tool that wrongly tries to bind a patient."""
        ctx.bind_patient("u001")
        return EchoOut(text=args.text, times=1)

    @reg.tool(input=SearchIn, output=SearchOut, version="2.1.0", deprecated="Use search_v3 instead.")
    def search_notes(args: SearchIn, ctx: ToolContext) -> SearchOut:
        """Search the support notes.

        Args:
            args: Query, optional filters, tags, date and page size.
            ctx: The session.
        """
        return SearchOut(results=[Hit(note_id="n1", score=0.5)][: args.limit])

    return reg
