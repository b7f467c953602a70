"""Errors are never facts: the loop's rule over the turn's tool outcomes, for every engine.

If the tool call that would establish a fact failed in this turn — refused by a limit, or its service,
deadline or database failed (:data:`pharmai.policy.unchecked.FAILURE_CODES`) — and no later call of the
turn established it after all, the reply must say it could not check, and must not state the fact's
absence ("you don't have any prescriptions", "לא מצאתי מרשם"). The offline engine writes that sentence
itself; for any engine the loop holds the final reply to it (:func:`state_failures`), from the structured
outcomes (tool, arguments, error code, retry delay), before the policy guard runs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from pharmai.agent.base import ToolResult
from pharmai.policy._facts import walk
from pharmai.policy.unchecked import (
    Unchecked,
    family_of,
    is_failure,
    state_unchecked,
    subject_of,
    unchecked_text,
    unsaid,
)
from pharmai.text import normalize
from pharmai.text.normalize import prefix_variants

__all__ = ["failure_text", "restate_failures", "state_failures", "unchecked_facts"]

# Arguments that name a medication as typed (by the person or a model): matched in the reply, never repeated.
_TYPED_KEYS = ("query", "medication_name", "name")
# Arguments that name a product or prescription by id: their names come from the tools' own answers.
_ID_KEYS = ("med_id", "med_ids", "presc_id", "prescription_id")
_NAME_KEYS = ("display_name", "brand_name", "generic_name", "name_en", "name_he", "name")
# Subjects about one medication: a later answer naming it establishes it after all.
_PER_MEDICATION = ("stock", "label", "equivalents", "prescription", "refill")
_HEBREW = re.compile("[\u0590-\u05ff]")


def _arguments(result: ToolResult) -> dict[str, Any]:
    return dict(result.arguments) if isinstance(result.arguments, dict) else {}


def _same_call(a: ToolResult, b: ToolResult) -> bool:
    first, second = _arguments(a), _arguments(b)
    first.pop("language", None)
    second.pop("language", None)
    return a.name == b.name and first == second


def _ids(result: ToolResult) -> set[str]:
    found: set[str] = set()
    for key, value in _arguments(result).items():
        if key in _ID_KEYS:
            found.update(str(v) for v in (value if isinstance(value, list) else [value]) if v is not None)
    return found


def _names_by_id(results: Sequence[ToolResult], language: str) -> dict[str, list[str]]:
    """Every name the turn's tool answers gave each product or prescription id, the reply language's first."""
    names: dict[str, list[str]] = {}
    keys = ("display_name", f"name_{language}", *_NAME_KEYS)
    for result in results:
        for item in walk(result.envelope):
            for id_key in ("med_id", "presc_id"):
                if item.get(id_key) is None:
                    continue
                known = names.setdefault(str(item[id_key]), [])
                for key in dict.fromkeys(keys):
                    value = item.get(key)
                    if isinstance(value, str) and value.strip() and value.strip() not in known:
                        known.append(value.strip())
    return names


def _retry(envelope: dict[str, Any]) -> tuple[int | None, str | None]:
    """The refusing limit's delay and tier, wherever the profile's envelope keeps them."""
    wait: int | None = None
    tier: str | None = None
    for item in walk(envelope):
        value = item.get("retry_after")
        if isinstance(value, int | float) and not isinstance(value, bool) and wait is None:
            wait = int(value)
        if isinstance(item.get("tier"), str) and tier is None:
            tier = str(item["tier"])
    return wait, tier


def _answered(result: ToolResult) -> tuple[set[str], set[str]]:
    """The ids and (normalised) names a successful answer speaks of."""
    ids, names = _ids(result), set[str]()
    for item in walk(result.envelope):
        ids.update(str(item[key]) for key in ("med_id", "presc_id") if item.get(key) is not None)
        names.update(normalize(str(item[key])) for key in _NAME_KEYS if isinstance(item.get(key), str))
    return ids, names


def _established(failed: ToolResult, later: Sequence[ToolResult], subject: str, names: dict[str, list[str]]) -> bool:
    """Whether a later call of the turn answered what ``failed`` could not (a retry that went through)."""
    wanted_ids = _ids(failed)
    typed = [str(v) for k, v in _arguments(failed).items() if k in _TYPED_KEYS]
    wanted_names = {normalize(n) for n in typed + [n for i in wanted_ids for n in names.get(i, [])]} - {""}
    for result in later:
        if is_failure(result.error_code) or subject_of(result.name, result.arguments) != subject:
            continue
        if _same_call(failed, result) or subject not in _PER_MEDICATION:
            return True
        ids, answered = _answered(result)
        if wanted_ids & ids or wanted_names & answered:
            return True
    return False


def unchecked_facts(
    results: Sequence[ToolResult], language: str, mentions: Sequence[Any] = ()
) -> tuple[list[Unchecked], set[str]]:
    """The facts this turn's calls could not establish, and the families of facts they did establish.

    Args:
        results: The turn's tool results, in order (the loop's and the engine's calls alike).
        language: The reply language (for the names said).
        mentions: The catalog's mentions in the person's message (their words name the products asked for).
    """
    names = _names_by_id(results, language)
    # The person's own words for each product, to find the reply's sentences about it. Never said back: a
    # Hebrew word carries its prefix letters ("לאדוויל"), so each reading without them counts too.
    typed_by_id: dict[str, list[str]] = {}
    shown_by_id: dict[str, str] = {}
    for mention in mentions:
        written = str(getattr(mention, "matched_text", "") or "").strip()
        words = normalize(written).split()
        readings = [" ".join([*words[:-1], last]) for last in prefix_variants(words[-1])] if words else []
        readings += [" ".join([first, *words[1:]]) for first in prefix_variants(words[0])] if words else []
        for med_id in getattr(mention, "med_ids", ()) or ():
            typed_by_id.setdefault(str(med_id), []).extend(dict.fromkeys(readings))
            if written and not _HEBREW.search(written):  # a Latin name as written has no prefix letters
                shown_by_id.setdefault(str(med_id), written)
    unchecked: list[Unchecked] = []
    known: set[str] = set()
    for index, result in enumerate(results):
        subject = subject_of(result.name, result.arguments)
        if not is_failure(result.error_code):
            known.add(family_of(subject))
            continue
        if _established(result, results[index + 1 :], subject, names):
            continue
        ids = sorted(_ids(result))
        told = [names.get(i, []) for i in ids]
        said = [group[0] for group in told if group]
        typed = [str(v) for k, v in _arguments(result).items() if k in _TYPED_KEYS and isinstance(v, str)]
        typed += [n for i in ids for n in typed_by_id.get(i, [])]
        wait, tier = _retry(result.envelope)
        if subject in _PER_MEDICATION:
            # A name a tool gave, else the person's own Latin spelling; never a model's query.
            said = said or [shown_by_id[i] for i in ids if i in shown_by_id]
            label = said[0] if len(said) == 1 and len(ids) == 1 else None
            every = tuple(dict.fromkeys([*(n for group in told for n in group), *typed]))
        else:  # an interaction check names several medications; the fact is about them together
            label, every = None, ()
        unchecked.append(Unchecked(subject, every, wait, tier, label))
    return unchecked, known


def state_failures(
    reply: str, results: Sequence[ToolResult], language: str, mentions: Sequence[Any] = ()
) -> tuple[str, bool]:
    """The reply held to the rule: every unchecked fact said to be unchecked, none said to be absent.

    Returns:
        The reply, and whether it had to change.
    """
    if not any(is_failure(r.error_code) for r in results):
        return reply, False  # the usual turn: every tool answered
    unchecked, known = unchecked_facts(results, language, mentions)
    return state_unchecked(reply, language=language, unchecked=unchecked, known_families=known)


def restate_failures(reply: str, results: Sequence[ToolResult], language: str, mentions: Sequence[Any] = ()) -> str:
    """``reply`` with the failure sentences it lost appended (after a guard that replaced the whole text)."""
    if not any(is_failure(r.error_code) for r in results):
        return reply
    unchecked, _ = unchecked_facts(results, language, mentions)
    missing = unsaid(reply, language=language, unchecked=unchecked)
    return "\n\n".join(part for part in (reply, missing) if part)


def failure_text(result: ToolResult, language: str, name: str | None = None) -> str | None:
    """The sentence saying ``result``'s fact could not be checked, or ``None`` when the tool did answer.

    Args:
        result: A tool result.
        language: ``he`` or ``en``.
        name: The medication it was about, as the reply names it.
    """
    if not is_failure(result.error_code):
        return None
    wait, tier = _retry(result.envelope)
    subject = subject_of(result.name, result.arguments)
    return unchecked_text(language, subject, name=name, retry_after=wait, tier=tier)
