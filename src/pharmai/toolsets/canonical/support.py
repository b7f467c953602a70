"""Canonical ``transfer_to_pharmacist``: a handoff ticket for a human pharmacist."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import tickets
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.canonical.models import TransferInput, TransferOutput

__all__ = ["register", "transfer_to_pharmacist"]


def transfer_to_pharmacist(args: TransferInput, ctx: ToolContext) -> dict[str, Any]:
    """Open a ticket for a human pharmacist.

    When asked for a person or advice, or on something urgent (then also say to call
    emergency services). `reason`: short and neutral.
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
