"""The pharmacist's assistant: the offline engine's flows when the session's tool profile is ``staff``.

One request per message (:mod:`.staff_nlu`), answered through the staff tools only: ``lookup_customer``,
``list_tickets``, ``calculate_medical_score`` (a missing value is asked for in one short question, and the
values given so far are kept for the answer), ``search_documents``, ``search_pubmed``,
``get_calendar_events`` and ``create_calendar_event`` (the consultation calendar, in :mod:`.staff_calendar`).
Every fact in a reply comes from a tool result; a refused or failed call is said as such. The customer-side
rules (advice refusal, identity) do not apply here — the executor's role checks and audit do.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date, datetime
from typing import Any

from pharmai.agent._failures import failure_text
from pharmai.agent.base import ToolResult, TurnInput
from pharmai.agent.engines.offline import staff_calendar
from pharmai.agent.engines.offline import staff_scores as scores
from pharmai.agent.engines.offline.staff_nlu import StaffRequest, read_request
from pharmai.agent.engines.offline.staff_texts import (
    count_phrase,
    field_question,
    label,
    status_label,
    t,
)
from pharmai.pharmacy.calendar import TIMEZONE

__all__ = ["PROFILE", "respond"]

#: The tool profile this module answers for.
PROFILE = "staff"

_STATE = "staff"
_SCORE_TITLES = {
    "renal_dosing": {"en": "creatinine clearance", "he": "פינוי קריאטינין"},
    "bmi": {"en": "BMI", "he": "BMI"},
    "chadsvasc": {"en": "CHA2DS2-VASc", "he": "CHA2DS2-VASc"},
    "hasbled": {"en": "HAS-BLED", "he": "HAS-BLED"},
}
_MAX_TICKETS = 20
_MAX_HITS = 3


class _Reply:
    """The reply being written, its language, the tools and the assistant's own state."""

    def __init__(self, turn: TurnInput) -> None:
        self.turn = turn
        self.lang = "he" if turn.language == "he" else "en"
        self.parts: list[str] = []
        stored = turn.state.get(_STATE)
        self.state: dict[str, Any] = dict(stored) if isinstance(stored, dict) else {}

    def say(self, key: str, **values: Any) -> None:
        self.parts.append(t(self.lang, key, **values))

    def call(self, name: str, **arguments: Any) -> ToolResult:
        return self.turn.tools.call(name, arguments)

    def refused(self, result: ToolResult) -> None:
        """Say why a call did not answer: a failure, a role refusal, or the tool's own message."""
        failed = failure_text(result, self.lang)
        if failed is not None:
            self.parts.append(failed)
            return
        error = result.envelope.get("error") if isinstance(result.envelope, dict) else None
        error = error if isinstance(error, dict) else {}
        details = _dict(error.get("details"))
        if result.error_code == "FORBIDDEN" and details.get("reason") == "staff_only":
            self.say("staff_only")
        elif result.error_code == "FORBIDDEN" and details.get("roles"):
            self.say("role_refused", roles=", ".join(str(r) for r in details["roles"]))
        else:
            self.say("tool_error", message=error.get("message") or result.error_code or "?")


def _dict(value: Any) -> dict[str, Any]:
    """``value`` when a tool gave an object there, else an empty one (a missing or odd field reads as absent)."""
    return value if isinstance(value, dict) else {}


def respond(turn: TurnInput) -> list[str]:
    """Answer one staff turn; the reply's paragraphs (the new state is written to ``turn.state``)."""
    reply = _Reply(turn)
    if turn.resolution is not None:
        staff_calendar.booking_outcome(reply)
    else:
        _answer(reply, turn.message or "")
    turn.state[_STATE] = reply.state
    return reply.parts or [t(reply.lang, "help")]


def _today(turn: TurnInput) -> date:
    return turn.today or datetime.now(TIMEZONE).date()


def _answer(reply: _Reply, message: str) -> None:
    pending, reply.state = reply.state.get("pending"), {}
    request = read_request(message, _today(reply.turn))
    if (
        isinstance(pending, dict)
        and request.kind in ("unknown", "score", "slots", "book", "lookup")
        and _continue(reply, pending, message, request)
    ):
        return
    flows: dict[str, Callable[[_Reply, StaffRequest, str], None]] = {
        "lookup": _lookup,
        "ticket": _ticket,
        "tickets": _tickets,
        "score": _score,
        "documents": _documents,
        "pubmed": _pubmed,
        "slots": _calendar,
        "book": _calendar,
    }
    flow = flows.get(request.kind)
    if flow is None:
        reply.say("help")
    else:
        flow(reply, request, message)


def _continue(reply: _Reply, pending: dict[str, Any], message: str, request: StaffRequest) -> bool:
    """Answer the question the last reply asked; ``False`` when the message starts something else."""
    if pending.get("kind") == "score" and request.kind in ("unknown", "score"):
        if request.kind == "score" and request.score != pending.get("score"):
            return False
        _score(reply, StaffRequest("score", score=pending.get("score")), message, pending=pending)
        return True
    if pending.get("kind") in ("slots", "book") and request.kind in ("unknown", "slots", "book"):
        staff_calendar.resume(reply, pending, message, request.kind, _today(reply.turn))
        return True
    return False


# --- customers and tickets --------------------------------------------------------------------------


def _lookup(reply: _Reply, request: StaffRequest, _message: str) -> None:
    arguments = {
        key: value
        for key, value in (("phone", request.phone), ("email", request.email), ("customerId", request.customer_id))
        if value
    }
    if not arguments:
        reply.say("lookup_ask")
        return
    result = reply.call("lookup_customer", **arguments, language=reply.lang)
    if result.error_code == "CUSTOMER_NOT_FOUND":
        reply.say("no_customer", what=", ".join(str(v) for v in arguments.values()))
    elif not result.ok:
        reply.refused(result)
    else:
        found = _dict(result.envelope.get("customer")) or result.envelope
        reply.say(
            "customer",
            id=found.get("id", "?"),
            name=found.get("name", "?"),
            phone=found.get("phone", "?"),
            email=found.get("email", "?"),
            rx=count_phrase(reply.lang, "prescription", int(found.get("active_prescriptions") or 0)),
            tickets=count_phrase(reply.lang, "ticket", int(found.get("open_tickets") or 0), "open"),
        )


def _ticket_line(reply: _Reply, ticket: dict[str, Any]) -> str:
    return t(
        reply.lang,
        "ticket_line",
        case=ticket.get("caseNumber"),
        status=status_label(reply.lang, str(ticket.get("status"))),
        type=label(reply.lang, str(ticket.get("type"))),
        priority=label(reply.lang, str(ticket.get("priority"))),
        customer=ticket.get("customerId") or "—",
        reason=str(ticket.get("description") or "")[:160],
    )


def _tickets(reply: _Reply, request: StaffRequest, _message: str) -> None:
    arguments: dict[str, Any] = {"limit": _MAX_TICKETS}
    if request.ticket_status:
        arguments["status"] = request.ticket_status
    result = reply.call("list_tickets", **arguments)
    if not result.ok:
        reply.refused(result)
        return
    tickets = [x for x in result.envelope.get("tickets") or [] if isinstance(x, dict)]
    if not tickets:
        status = request.ticket_status
        label = status_label(reply.lang, status, plural=True) if status else ""
        reply.say("tickets_none", status=(f"{label} " if reply.lang == "en" else f" {label}") if label else "")
        return
    total = int(result.envelope.get("count") or len(tickets))
    reply.say("tickets_head", count=count_phrase(reply.lang, "ticket", total, request.ticket_status))
    reply.parts.append("\n".join(f"- {_ticket_line(reply, ticket)}" for ticket in tickets))


def _ticket(reply: _Reply, request: StaffRequest, _message: str) -> None:
    # The queue (open and in progress) first, then the finished tickets: no tool reads one ticket by number.
    found: dict[str, Any] | None = None
    for status in (None, "resolved", "closed"):
        arguments: dict[str, Any] = {"limit": 200} if status is None else {"limit": 200, "status": status}
        result = reply.call("list_tickets", **arguments)
        if not result.ok:
            reply.refused(result)
            return
        tickets = [x for x in result.envelope.get("tickets") or [] if isinstance(x, dict)]
        found = next((x for x in tickets if str(x.get("caseNumber", "")).upper() == request.case_number), None)
        if found is not None:
            break
    if found is None:
        reply.say("no_ticket", case=request.case_number)
        return
    reply.say(
        "ticket_status",
        case=found.get("caseNumber"),
        status=status_label(reply.lang, str(found.get("status"))),
        type=label(reply.lang, str(found.get("type"))),
        priority=label(reply.lang, str(found.get("priority"))),
        customer=found.get("customerId") or "—",
        claimed=t(reply.lang, "ticket_claimed") if found.get("claimedBy") else "",
        reason=str(found.get("description") or "")[:300],
    )


# --- calculators ----------------------------------------------------------------------------------


def _score(reply: _Reply, request: StaffRequest, message: str, *, pending: dict[str, Any] | None = None) -> None:
    name = request.score
    if name not in scores.REQUIRED:
        reply.say("score_unknown")
        return
    asked = pending.get("asked") if pending else None
    known = dict(pending.get("values") or {}) if pending else {}
    values = scores.merge_values(name, known, scores.read_values(message, name, asked=asked))
    title = _SCORE_TITLES[name][reply.lang]
    missing = scores.missing_fields(name, values)
    if missing:
        reply.state["pending"] = {"kind": "score", "score": name, "values": values, "asked": missing[0]}
        reply.say("score_ask", title=title, question=field_question(reply.lang, missing[0]))
        return
    result = reply.call(
        "calculate_medical_score", score=name, parameters=scores.parameters(name, values), language=reply.lang
    )
    if not result.ok:
        reply.refused(result)
        return
    out = result.envelope
    band = _dict(out.get("band"))
    reply.say(
        "score_result", title=out.get("title", title), value=_shown(name, out.get("value")), unit=out.get("unit", ""),
        band=band.get("label", ""),
    )  # fmt: skip
    components = [c for c in out.get("components") or [] if isinstance(c, dict)]
    if components:
        reply.say("score_inputs", inputs="; ".join(f"{c.get('label')}: {c.get('value')}" for c in components))
    sources = [s for s in out.get("sources") or [] if isinstance(s, dict) and s.get("used_for") == "formula"]
    if sources:  # authors and year: a Hebrew reply stays Hebrew (the guard replaces one mostly in Latin)
        first = sources[0]
        reply.say("score_source", source=f"{str(first.get('authors')).split(',')[0]} ({first.get('year')})")


def _shown(score: str, value: Any) -> Any:
    """The value as reported: BMI and clearance to one decimal (as they are charted), point scores as given."""
    if score in ("bmi", "renal_dosing") and isinstance(value, int | float):
        return f"{value:.1f}"
    return value


# --- documents and literature ---------------------------------------------------------------------


def _documents(reply: _Reply, request: StaffRequest, _message: str) -> None:
    if not request.query:
        reply.say("docs_ask")
        return
    result = reply.call("search_documents", query=request.query, max_results=_MAX_HITS, language=reply.lang)
    if not result.ok:
        reply.refused(result)
        return
    hits = [h for h in result.envelope.get("results") or [] if isinstance(h, dict)]
    if not hits:
        reply.say("docs_none", query=request.query)
        return
    reply.say("docs_head", query=request.query)
    lines = []
    for hit in hits[:_MAX_HITS]:
        document = _dict(hit.get("document"))
        location = _dict(hit.get("location"))
        title = f"{document.get('title')} ({document.get('path')})"
        snippet = " ".join(str(hit.get("snippet") or "").split())
        lines.append("- " + t(reply.lang, "docs_hit", title=title, location=location.get("label", ""), snippet=snippet))
    reply.parts.append("\n".join(lines))


def _pubmed(reply: _Reply, request: StaffRequest, _message: str) -> None:
    if not request.query:
        reply.say("pubmed_ask")
        return
    result = reply.call("search_pubmed", query=request.query, max_results=5, language=reply.lang)
    if not result.ok:
        reply.refused(result)
        return
    articles = [a for a in result.envelope.get("results") or [] if isinstance(a, dict)]
    if not articles:
        reply.say("pubmed_none", query=request.query)
        return
    total = result.envelope.get("total_found", len(articles))
    reply.say("pubmed_head", query=request.query, total=total, shown=len(articles))
    lines = []
    for article in articles:
        date_text = str(article.get("pub_date") or "")
        year = f" {date_text[:4]}" if date_text else ""
        lines.append(
            "- " + t(
                reply.lang, "pubmed_hit", title=article.get("title"), journal=article.get("journal"), year=year,
                pmid=article.get("pmid"), url=article.get("url"),
            )
        )  # fmt: skip
    reply.parts.append("\n".join(lines))


# --- the consultation calendar (in .staff_calendar) -----------------------------------------------


def _calendar(reply: _Reply, request: StaffRequest, _message: str) -> None:
    staff_calendar.answer(reply, request)
