"""Canonical ``transfer_to_pharmacist``: a handoff ticket for a human pharmacist."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import tickets
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.canonical.models import TransferInput, TransferOutput

__all__ = ["register", "transfer_to_pharmacist"]


def transfer_to_pharmacist(args: TransferInput, ctx: ToolContext) -> dict[str, Any]:
    """Hand the conversation to a human pharmacist by opening a ticket.

    Call this when the customer asks for a person, needs advice only a pharmacist or doctor can give,
    or reports something urgent. `reason` is a short neutral description of what they need (no medical
    judgement of yours); `priority` is low, normal, high or urgent. Returns the ticket id and the
    position in the queue. For an emergency, also tell the customer to call emergency services.
    """
    with ctx.transaction(write=True) as session:
        ticket = tickets.open_ticket(
            session,
            user_id=ctx.principal.patient_id,
            conversation_id=ctx.conversation_id,
            reason=args.reason,
            priority=args.priority,
            language=args.language,
            clock=ctx.clock,
        )
    return {"ticket": {"ticket_id": ticket.ticket_id, "status": "open", "queue_position": ticket.queue_position}}


def register(registry: Registry) -> None:
    """Add ``transfer_to_pharmacist`` to ``registry``."""
    registry.tool(
        input=TransferInput,
        output=TransferOutput,
        kind=ToolKind.WRITE,
        title="Transfer to a pharmacist",
        title_he="העברה לרוקח/ת",
    )(transfer_to_pharmacist)
