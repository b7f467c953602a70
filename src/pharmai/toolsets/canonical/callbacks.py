"""Canonical ``schedule_callback`` (seed 004's planned tool): a pharmacist calls the customer back.

A WRITE with confirmation: it promises a call at a time, so the person approves the proposal (day and
time, in their language) before the ticket exists, as with every state-changing customer tool. It needs
a verified customer (``phi``): the pharmacist calls the phone number on that account, so nobody can have
a stranger called, and the number is never an argument or part of the ticket. The request lands in the
pharmacists' queue as a ticket of type ``callback``.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from pharmai.pharmacy import calendar
from pharmai.pharmacy.handoff import callbacks
from pharmai.tools import Registry, RiskLevel, ToolContext, ToolKind

__all__ = ["ScheduleCallbackInput", "ScheduleCallbackOutput", "register", "schedule_callback"]

Language = Literal["he", "en"]

_SUMMARY = {
    "en": "A pharmacist will call you at the phone number on your account on {day} at {time} (Israel time).",
    "he": "רוקח/ת יתקשרו אליך למספר הטלפון שבחשבון ב{day} בשעה {time} (שעון ישראל).",
}
_DONE = {
    "en": "Done: a pharmacist will call you on {day} at {time} (Israel time). Your case number is {case}.",
    "he": "בוצע: רוקח/ת יתקשרו אליך ב{day} בשעה {time} (שעון ישראל). מספר הפנייה שלך: {case}.",
}


class ScheduleCallbackInput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    requested_time: str = Field(
        min_length=10,
        max_length=40,
        description="ISO 8601; no offset means Israel time.",
    )
    reason: str = Field(min_length=1, max_length=2000, description="Short, neutral.")
    language: Language = "en"


class CallbackTicket(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ticket_id: str
    case_number: str
    status: Literal["open"]
    callback_at: str


class ScheduleCallbackOutput(BaseModel):
    model_config = ConfigDict(extra="forbid")

    ticket: CallbackTicket
    message: str


def _lang(language: str) -> str:
    return "he" if language == "he" else "en"


def _when(moment_iso: str, language: str) -> tuple[str, str]:
    from datetime import datetime

    local = datetime.fromisoformat(moment_iso).astimezone(calendar.TIMEZONE)
    day = local.strftime("%d/%m/%Y") if language == "he" else local.strftime("%a %d %b %Y")
    return day, local.strftime("%H:%M")


def _store(ctx: ToolContext) -> str:
    return str(ctx.extras.get("store_id") or (ctx.settings.default_store if ctx.settings else "s1"))


def _authorize(args: BaseModel, ctx: ToolContext) -> None:
    # Checked before the proposal too: nobody is asked to approve a time that can only be refused.
    assert isinstance(args, ScheduleCallbackInput)
    callbacks.check_callback_time(args.requested_time, _store(ctx), ctx.clock.now())


def _summary(args: BaseModel, language: str, ctx: ToolContext) -> str:
    assert isinstance(args, ScheduleCallbackInput)
    moment = callbacks.check_callback_time(args.requested_time, _store(ctx), ctx.clock.now())
    day, time = _when(moment.isoformat(), _lang(language))
    return _SUMMARY[_lang(language)].format(day=day, time=time)


def schedule_callback(args: ScheduleCallbackInput, ctx: ToolContext) -> dict[str, Any]:
    """Ask a pharmacist to call the verified customer back.

    Needs the person's confirmation: never say it is booked before. INVALID_SLOT: the message says
    why; offer another time.
    """
    patient_id = ctx.principal.patient_id
    assert patient_id is not None  # phi: the executor asks for a verified customer first
    language = _lang(args.language)
    with ctx.transaction(write=True) as session:
        view = callbacks.schedule_callback(
            session,
            user_id=patient_id,
            conversation_id=ctx.conversation_id,
            store_id=_store(ctx),
            requested_time=args.requested_time,
            reason=args.reason,
            language=language,
            now=ctx.clock.now(),
        )
    assert view.callback_at is not None
    day, time = _when(view.callback_at, language)
    return {
        "ticket": {
            "ticket_id": view.ticket_id,
            "case_number": view.case_number,
            "status": "open",
            "callback_at": view.callback_at,
        },
        "message": _DONE[language].format(day=day, time=time, case=view.case_number),
    }


def register(registry: Registry) -> None:
    """Add ``schedule_callback`` to ``registry``."""
    registry.tool(
        input=ScheduleCallbackInput,
        output=ScheduleCallbackOutput,
        kind=ToolKind.WRITE,
        phi=True,
        confirm=True,
        risk=RiskLevel.LOW,
        title="Ask for a callback",
        title_he="בקשת שיחה חוזרת",
        summary=_summary,
        authorize=_authorize,
    )(schedule_callback)
