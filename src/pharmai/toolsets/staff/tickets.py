"""Staff ``lookup_customer``, ``create_support_ticket``, ``update_ticket`` and ``list_tickets`` (seed 004).

Least privilege (:data:`TOOL_ROLES`):

- ``lookup_customer`` reads a customer's phone and email: pharmacists and technicians, who serve
  customers; not admins, whose work is accounts and configuration.
- ``create_support_ticket``: pharmacists and technicians (whoever is talking with the customer).
- ``update_ticket``: every staff role (admins release and resolve others' tickets); taking over a
  conversation (``status: in_progress`` on a ticket with one) is for pharmacists only, as in the
  takeover API, because the person then answers the customer's health questions.
- ``list_tickets``: every staff role.

No customer session can call them (they declare roles). Audit rows keep no arguments: a lookup by phone
leaves the tool's name, outcome and the actor's surrogate, never the number.
"""

from __future__ import annotations

from typing import Any

from pharmai.errors import Forbidden, ValidationFailed
from pharmai.pharmacy.handoff import TicketView, customers
from pharmai.pharmacy.handoff import tickets as lifecycle
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.tickets_models import (
    CreateSupportTicketInput,
    CreateSupportTicketOutput,
    CustomerOut,
    ListTicketsInput,
    ListTicketsOutput,
    LookupCustomerInput,
    UpdateTicketInput,
    UpdateTicketOutput,
)

__all__ = ["TAKEOVER_ROLES", "TOOL_ROLES", "register", "ticket_json"]

#: Who may take over a customer's conversation (claim a ticket that has one).
TAKEOVER_ROLES = ("pharmacist",)
TOOL_ROLES: dict[str, tuple[str, ...]] = {
    "lookup_customer": ("pharmacist", "technician"),
    "create_support_ticket": ("pharmacist", "technician"),
    "update_ticket": EVERY_STAFF_ROLE,
    "list_tickets": EVERY_STAFF_ROLE,
}


def ticket_json(view: TicketView) -> dict[str, Any]:
    """A ticket in the tools' (seed 004's camelCase) shape."""
    return {
        "caseId": view.ticket_id,
        "caseNumber": view.case_number,
        "type": view.type,
        "category": view.category,
        "status": view.status,
        "priority": view.priority,
        "language": view.language,
        "customerId": view.customer_id,
        "conversationId": view.conversation_id,
        "storeId": view.store_id,
        "claimedBy": view.claimed_by,
        "description": view.reason,
        "callbackAt": view.callback_at,
        "createdAt": view.created_at,
        "updatedAt": view.updated_at,
    }


def _actor_id(ctx: ToolContext) -> str:
    assert ctx.actor is not None  # the executor runs these tools only for a staff actor
    return ctx.actor.id


def lookup_customer(args: LookupCustomerInput, ctx: ToolContext) -> dict[str, Any]:
    """Find a customer's account by phone, email or customerId, for pharmacy staff.

    Give one of them (customerId wins, then email). CUSTOMER_NOT_FOUND: nobody matches. The result
    holds the customer's contact details: use them only to serve that customer.
    """
    with ctx.transaction() as session:
        found = customers.lookup_customer(
            session, phone=args.phone, email=args.email, customer_id=args.customerId, language=args.language
        )
    return found.to_dict()


def create_support_ticket(args: CreateSupportTicketInput, ctx: ToolContext) -> dict[str, Any]:
    """Open a support case for a customer in the pharmacists' queue, for pharmacy staff.

    `type`: what it is about; `description`: short and factual; `customerId`: from lookup_customer.
    The answer's caseNumber (PH-000123) is what to tell the customer.
    """
    with ctx.transaction(write=True) as session:
        view = lifecycle.create_ticket(
            session,
            kind="support",
            category=args.type,
            reason=args.description,
            now=ctx.clock.now(),
            user_id=args.customerId,
            conversation_id=args.conversationId,
            priority=args.priority,
            language=args.language,
            store_id=args.storeId,
        )
    return {
        "caseId": view.ticket_id,
        "caseNumber": view.case_number,
        "status": view.status,
        "createdAt": view.created_at,
    }


def update_ticket(args: UpdateTicketInput, ctx: ToolContext) -> dict[str, Any]:
    """Move a ticket along its lifecycle (open → in_progress → resolved → closed), add a note or change
    its priority, for pharmacy staff.

    `ticketId`: caseId or caseNumber. in_progress claims it (taking over its conversation: pharmacists
    only), open releases it, resolved resolves it (add the resolution as `note`). INVALID_OPERATION:
    the lifecycle does not allow that step now, or another member of staff holds the ticket.
    """
    if args.status is None and args.note is None and args.priority is None:
        raise ValidationFailed([{"field": "status", "reason": "give a status, a note or a priority"}])
    assert ctx.actor is not None
    staff_id = _actor_id(ctx)
    now = ctx.clock.now()
    with ctx.transaction(write=True) as session:
        view = lifecycle.get_ticket(session, args.ticketId)
        if args.priority is not None:
            view = lifecycle.set_priority(session, view.ticket_id, args.priority, now)
        if args.status is not None and args.status != view.status:
            if args.status == "in_progress" and view.conversation_id and ctx.actor.role not in TAKEOVER_ROLES:
                raise Forbidden({"reason": "role", "roles": list(TAKEOVER_ROLES)})
            view = lifecycle.transition(
                session, view.ticket_id, args.status, staff_id, now, note=args.note, override=ctx.actor.role == "admin"
            )
        elif args.note is not None:
            view = lifecycle.add_note(session, view.ticket_id, staff_id, args.note, now)
    _changed(ctx, view)
    return {"ticket": ticket_json(view)}


def list_tickets(args: ListTicketsInput, ctx: ToolContext) -> dict[str, Any]:
    """The pharmacists' queue, most urgent and oldest first, for pharmacy staff.

    Filters: `status` (default: open and in_progress), `storeId`, `type` (handoff, callback, support).
    """
    status: Any = args.status if args.status is not None else ("open", "in_progress")
    with ctx.transaction() as session:
        views = lifecycle.list_tickets(session, status=status, kind=args.type, store_id=args.storeId, limit=args.limit)
    return {"tickets": [ticket_json(v) for v in views], "count": len(views)}


def _changed(ctx: ToolContext, view: TicketView) -> None:
    # The live queue and the customer's stream learn of the change (the API puts a notifier in extras).
    notify = ctx.extras.get("handoff_notify")
    if callable(notify):
        notify(view.conversation_id)


def register(registry: Registry) -> None:
    """Add the four ticket tools to ``registry``."""
    registry.tool(
        input=LookupCustomerInput,
        output=CustomerOut,
        kind=ToolKind.READ,
        idempotent=True,
        roles=TOOL_ROLES["lookup_customer"],
        title="Look up a customer",
        title_he="איתור לקוח/ה",
    )(lookup_customer)
    registry.tool(
        input=CreateSupportTicketInput,
        output=CreateSupportTicketOutput,
        kind=ToolKind.WRITE,
        roles=TOOL_ROLES["create_support_ticket"],
        title="Open a support case",
        title_he="פתיחת פנייה",
    )(create_support_ticket)
    registry.tool(
        input=UpdateTicketInput,
        output=UpdateTicketOutput,
        kind=ToolKind.WRITE,
        roles=TOOL_ROLES["update_ticket"],
        title="Update a ticket",
        title_he="עדכון פנייה",
    )(update_ticket)
    registry.tool(
        input=ListTicketsInput,
        output=ListTicketsOutput,
        kind=ToolKind.READ,
        idempotent=True,
        roles=TOOL_ROLES["list_tickets"],
        title="Tickets queue",
        title_he="תור הפניות",
    )(list_tickets)
