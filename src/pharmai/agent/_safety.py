"""The loop's own safety net: the interaction check for medications named together, whatever the engine did.

Seed 000's rule is that whenever two or more medications are named together, the interaction check runs
and its result is stated. Engines are asked to do it; this module makes sure it happened, so a personal
question refused as advice ("I take Coumadin, may I also take aspirin?") or an LLM that skipped the tool
still gets the check, and the reply guard then adds the explicit warning when it says avoid.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from pharmai.agent.base import StepLimitReached, ToolResult, ToolRunner
from pharmai.pharmacy.search import typed_name

__all__ = ["ensure_interaction_check", "named_medications", "typed_names"]

log = logging.getLogger(__name__)

#: The tool takes at most ten medications.
_MAX_MEDS = 10


def named_medications(mentions: Sequence[Any]) -> list[tuple[str, ...]]:
    """The distinct medications of the catalog's mentions, each as the product ids of one mention."""
    groups: list[tuple[str, ...]] = []
    for mention in mentions:
        ids = tuple(getattr(mention, "med_ids", ()) or ())
        if ids and ids not in groups and not any(set(ids) & set(g) for g in groups):
            groups.append(ids)
    return groups


def _covered(results: Sequence[ToolResult], groups: list[tuple[str, ...]]) -> bool:
    for result in results:
        if result.name != "interaction_check" or not isinstance(result.arguments, dict):
            continue
        checked = {str(m) for m in result.arguments.get("med_ids") or []}
        if all(checked & set(group) for group in groups):
            return True
    return False


def ensure_interaction_check(mentions: Sequence[Any], runner: ToolRunner, language: str) -> ToolResult | None:
    """Run ``interaction_check`` on the medications of ``mentions`` when no check of this turn covered them.

    Args:
        mentions: The catalog's mentions in the person's message (:func:`pharmai.pharmacy.search.find_mentions`).
        runner: The turn's tool runner (its calls go through the executor like the engine's).
        language: The reply language.

    Returns:
        The check's result, or ``None`` when none was needed (fewer than two named, or already checked).
    """
    groups = named_medications(mentions)
    if len(groups) < 2 or _covered(runner.results, groups):
        return None
    med_ids = [group[0] for group in groups[:_MAX_MEDS]]
    try:
        return runner.call("interaction_check", {"med_ids": med_ids, "language": language})
    except StepLimitReached:
        log.warning("interaction check skipped: the turn's tool budget is spent")
        return None


def typed_names(
    mentions: Sequence[Any], results: Sequence[ToolResult], find: Callable[[str], list[Any]]
) -> dict[str, str]:
    """Product id → the name as the person wrote it, when this turn's interaction check said "avoid".

    The reply guard names the medications of its added warning from these when no tool answer of the turn
    did (the check the loop ran itself returns ids only). A misspelling is not echoed back.

    Args:
        mentions: The catalog's mentions in the person's message.
        results: The turn's tool results.
        find: The catalog's reading of a text (to drop Hebrew prefix letters from a typed name).
    """
    checks = [r for r in results if r.name == "interaction_check" and r.ok]
    if not any(r.envelope.get("interaction_level") == "avoid" for r in checks):
        return {}
    names: dict[str, str] = {}
    for mention in mentions:
        if getattr(mention, "fuzzy", True):
            continue
        name = typed_name(mention, find)
        for med_id in getattr(mention, "med_ids", ()) or ():
            names.setdefault(str(med_id), name)
    return names
