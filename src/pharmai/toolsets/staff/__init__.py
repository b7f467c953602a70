"""The ``staff`` profile: tools for pharmacy staff, never served to customers.

``calculate_medical_score`` (clinical calculators), ``list_interactions`` (every recorded interaction
of one medication) and ``search_pubmed`` (literature from PubMed, with citations). The profile is
registered like the others, so staff paths can select it (`pharmai tools call --profile staff`, the staff
API's ``profile``), but it is not one of ``pharmai.toolsets.PROFILES`` (the customer-facing profiles) and
no customer path names it.

Each tool declares the staff roles that may call it (``ToolSpec.roles``; :data:`TOOL_ROLES` lists them);
the executor refuses a call without a staff actor of one of those roles (``FORBIDDEN``), so a customer
conversation can never run them even if a deployment pointed it at this profile.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from pharmai.tools import Registry
from pharmai.toolsets.staff import calendar, documents, interactions, pubmed, scores
from pharmai.toolsets.staff import tickets as ticket_tools
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE

__all__ = ["PROFILE", "TOOL_ROLES", "build_registry"]

#: The staff roles each tool declares (the executor enforces ``ToolSpec.roles``; this is the summary).
TOOL_ROLES: Mapping[str, frozenset[str]] = MappingProxyType(
    {
        "calculate_medical_score": frozenset(EVERY_STAFF_ROLE),
        "list_interactions": frozenset(EVERY_STAFF_ROLE),
        "search_pubmed": frozenset(EVERY_STAFF_ROLE),
        "search_documents": frozenset(EVERY_STAFF_ROLE),
        "retrieve_document": frozenset(EVERY_STAFF_ROLE),
        "get_calendar_events": frozenset(calendar.READING_ROLES),
        "create_calendar_event": frozenset(calendar.BOOKING_ROLES),
        **{name: frozenset(roles) for name, roles in ticket_tools.TOOL_ROLES.items()},
    }
)

PROFILE = "staff"


def build_registry() -> Registry:
    """Every staff tool, in the canonical envelope."""
    registry = Registry(PROFILE)
    for module in (scores, interactions, pubmed, documents, calendar, ticket_tools):
        module.register(registry)
    return registry
