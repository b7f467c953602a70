"""Canonical ``interaction_check``."""

from __future__ import annotations

from typing import Any

from pharmai.pharmacy import interactions
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.canonical.models import InteractionCheckInput, InteractionCheckOutput

__all__ = ["interaction_check", "register"]


def interaction_check(args: InteractionCheckInput, ctx: ToolContext) -> dict[str, Any]:
    """Known interactions among medications.

    Call whenever two or more come up together. On avoid, say they cannot be taken together and refer
    to a pharmacist or doctor. On UNKNOWN_MED_ID say you cannot assess those items.
    """
    with ctx.transaction() as session:
        report = interactions.check_interactions(session, args.med_ids, language=args.language)
    return {
        "interaction_level": report.interaction_level,
        "pairs": [
            {"med_id_a": p.med_id_a, "med_id_b": p.med_id_b, "level": p.level, "message": p.message}
            for p in report.pairs
        ],
        "notes": report.notes,
    }


def register(registry: Registry) -> None:
    """Add ``interaction_check`` to ``registry``."""
    registry.tool(
        input=InteractionCheckInput,
        output=InteractionCheckOutput,
        kind=ToolKind.READ,
        idempotent=True,
        title="Interaction check",
        title_he="בדיקת אינטראקציות",
    )(interaction_check)
