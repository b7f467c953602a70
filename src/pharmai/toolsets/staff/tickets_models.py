"""Input and output models of the staff ticket tools (seed 004's argument names, camelCase as there).

``lookup_customer`` and ``create_support_ticket`` keep seed 004's parameters (``phone``, ``email``,
``customerId``; ``type``, ``priority``, ``description``, ``customerId``); the banking-only ``amount`` and
``currency`` are left out. ``type`` takes a pharmacy's case types. ``priority`` takes seed 004's
``medium`` as well as the canonical ``normal`` (they mean the same). ``update_ticket`` and
``list_tickets`` follow the same conventions.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

__all__ = [
    "CreateSupportTicketInput",
    "CreateSupportTicketOutput",
    "CustomerOut",
    "ListTicketsInput",
    "ListTicketsOutput",
    "LookupCustomerInput",
    "TicketOut",
    "UpdateTicketInput",
    "UpdateTicketOutput",
]

Language = Literal["he", "en"]
Priority = Literal["low", "normal", "medium", "high", "urgent"]
Status = Literal["open", "in_progress", "resolved", "closed"]
_Id = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")
]
_TicketRef = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=40, pattern=r"^[A-Za-z0-9_\-]+$")
]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LookupCustomerInput(_In):
    phone: str | None = Field(default=None, max_length=40, description="A phone number in any common format.")
    email: str | None = Field(default=None, max_length=320, description="An email address.")
    customerId: _Id | None = Field(default=None, description="A customer id such as u001.")
    language: Language = "en"


class CustomerOut(_Out):
    id: str
    name: str
    email: str
    phone: str
    tier: Literal["standard", "premium", "enterprise"]
    active_prescriptions: int
    open_tickets: int


class TicketOut(_Out):
    caseId: str
    caseNumber: str
    type: Literal["handoff", "callback", "support"]
    category: str | None
    status: Status
    priority: Literal["low", "normal", "high", "urgent"]
    language: Language
    customerId: str | None
    conversationId: str | None
    storeId: str | None
    claimedBy: str | None
    description: str
    callbackAt: str | None
    createdAt: str
    updatedAt: str


class CreateSupportTicketInput(_In):
    type: Literal["prescription", "order", "account_issue", "complaint", "other"] = Field(
        description="What the case is about."
    )
    priority: Priority = "normal"
    description: str = Field(min_length=1, max_length=2000)
    customerId: _Id = Field(description="The customer's id (find it with lookup_customer).")
    conversationId: str | None = Field(default=None, max_length=64, pattern=r"^[A-Za-z0-9_\-]+$")
    storeId: _Id | None = None
    language: Language = "en"


class CreateSupportTicketOutput(_Out):
    caseId: str
    caseNumber: str
    status: Literal["open", "in_progress", "resolved", "closed"]
    createdAt: str


class UpdateTicketInput(_In):
    ticketId: _TicketRef = Field(description="The ticket's caseId (t-…) or caseNumber (PH-000123).")
    status: Status | None = Field(default=None, description="The new status (the lifecycle's next step).")
    note: str | None = Field(default=None, min_length=1, max_length=4000)
    priority: Priority | None = None


class UpdateTicketOutput(_Out):
    ticket: TicketOut


class ListTicketsInput(_In):
    status: Status | None = None
    storeId: _Id | None = None
    type: Literal["handoff", "callback", "support"] | None = None
    limit: int = Field(default=50, ge=1, le=200)


class ListTicketsOutput(_Out):
    tickets: list[TicketOut]
    count: int
