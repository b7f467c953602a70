"""Grading a trial: each listed criterion is one component (0 or 1); the reward is their product.

The grade looks at what the person and the pharmacy would see — the database effects, every tool call the
engine attempted (refused ones included), their order, and the replies (normalised, so Hebrew niqqud,
final letters, case and punctuation do not matter) — never at the exact wording.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pharmai.evals._world import effects_match
from pharmai.evals.task import CallSpec, Task, TextGroup
from pharmai.text.normalize import normalize

__all__ = ["Grade", "TurnRecord", "call_matches", "grade", "group_in", "reward_of"]


@dataclass
class TurnRecord:
    """One exchange as the person saw it.

    Attributes:
        user: The message (``/approve`` or ``/deny`` for actions).
        reply: The assistant's reply (the error message when the turn failed).
        language: The reply's language.
        calls: ``{name, arguments, result}`` of every attempted call, in order.
        confirmation: The confirmation the turn raised (``{id, tool, summary, expires_at}``), or ``None``.
        error: The turn's error code, or ``None``.
    """

    user: str
    reply: str = ""
    language: str = ""
    calls: list[dict[str, Any]] = field(default_factory=list)
    confirmation: dict[str, Any] | None = None
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The turn as JSON (the transcript shape, plus ``error``)."""
        return {
            "user": self.user,
            "reply": self.reply,
            "language": self.language,
            "tool_calls": self.calls,
            "confirmation": self.confirmation,
            "error": self.error,
        }


@dataclass
class Grade:
    """The outcome of one trial: each component's pass / fail, why, and the reward."""

    components: dict[str, bool]
    reasons: list[str]

    @property
    def reward(self) -> float:
        """The product of the components (1.0 when none is listed)."""
        return reward_of(self.components)

    @property
    def success(self) -> bool:
        """A reward of 1."""
        return self.reward == 1.0


def reward_of(components: dict[str, bool]) -> float:
    """The product of 0/1 components."""
    value = 1.0
    for passed in components.values():
        value *= 1.0 if passed else 0.0
    return value


def _same(expected: Any, actual: Any) -> bool:
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(k in actual and _same(v, actual[k]) for k, v in expected.items())
    if isinstance(expected, list) and isinstance(actual, list):
        # Lists compare as sets: ["m001", "m010"] matches whichever order the engine chose.
        try:
            return sorted(map(str, expected)) == sorted(map(str, actual))
        except TypeError:
            return False
    return bool(expected == actual)


def call_matches(spec: CallSpec, call: dict[str, Any], turn: int | None = None, turns: int = 0) -> bool:
    """Whether a recorded call matches the pattern (name, argument subset, ok, result subset, turn).

    Args:
        spec: The pattern.
        call: ``{name, arguments, result}``.
        turn: The index of the call's turn (needed only when the pattern names a turn).
        turns: How many turns the conversation has (for negative turn numbers).
    """
    if spec.turn is not None and (turn is None or turn != (spec.turn if spec.turn >= 0 else turns + spec.turn)):
        return False
    if call.get("name") != spec.name:
        return False
    arguments = call.get("arguments")
    if spec.arguments and not _same(spec.arguments, arguments if isinstance(arguments, dict) else {}):
        return False
    result = call.get("result") if isinstance(call.get("result"), dict) else {}
    assert isinstance(result, dict)
    if spec.ok is not None and bool(result.get("ok", result.get("success"))) != spec.ok:
        return False
    return spec.result is None or _same(spec.result, result)


def group_in(group: TextGroup, text: str) -> bool:
    """Whether any phrase of ``group`` is in ``text`` (both normalised)."""
    haystack = normalize(text)
    return any(normalize(phrase) and normalize(phrase) in haystack for phrase in group.any)


def _scope(group: TextGroup, turns: list[TurnRecord]) -> list[TurnRecord]:
    if group.turn is None:
        return turns
    try:
        return [turns[group.turn]]
    except IndexError:
        return []


def _label(group: TextGroup) -> str:
    return group.id or group.any[0]


def grade(task: Task, turns: list[TurnRecord], effects: dict[str, dict[str, list[Any]]]) -> Grade:
    """Grade one trial of ``task``.

    Args:
        task: The task.
        turns: The conversation's turns, in order.
        effects: The diff of the tracked tables (:func:`pharmai.evals._world.diff`).

    Returns:
        The components listed by the task's criteria and the reasons of any failure.
    """
    criteria = task.criteria
    indexed = [(i, call) for i, turn in enumerate(turns) for call in turn.calls]
    calls = [call for _, call in indexed]
    count = len(turns)

    def matches(spec: CallSpec, at: int) -> bool:
        return call_matches(spec, indexed[at][1], indexed[at][0], count)

    def any_match(spec: CallSpec) -> bool:
        return any(matches(spec, at) for at in range(len(indexed)))

    components: dict[str, bool] = {}
    reasons: list[str] = []

    def check(name: str, problems: list[str]) -> None:
        components[name] = not problems
        reasons.extend(f"{name}: {p}" for p in problems)

    if criteria.effects is not None:
        check("effects", effects_match(criteria.effects, effects))
    if criteria.required_calls is not None:
        missing = [s for s in criteria.required_calls if not any_match(s)]
        check("required_calls", [f"missing {s.model_dump(exclude_defaults=True)}" for s in missing])
    if criteria.forbidden_calls is not None:
        made = [s for s in criteria.forbidden_calls if any_match(s)]
        check("forbidden_calls", [f"attempted {s.model_dump(exclude_defaults=True)}" for s in made])
    if criteria.order is not None:
        problems = []
        for rule in criteria.order:
            for index in range(len(calls)):
                if matches(rule.then, index) and not any(matches(rule.first, j) for j in range(index)):
                    problems.append(f"{rule.then.name} before {rule.first.name}")
                    break
        check("order", problems)
    if criteria.disclosures is not None:
        problems = []
        for disclosure in criteria.disclosures:
            first = next((j for j in range(len(indexed)) if matches(disclosure.call, j)), None)
            at = None if first is None else indexed[first][0]
            if at is not None and not any(group_in(disclosure.text, t.reply) for t in turns[:at]):
                problems.append(f"{_label(disclosure.text)!r} not said before {disclosure.call.name}")
        check("disclosures", problems)
    if criteria.replies_must is not None:
        absent = [g for g in criteria.replies_must if not any(group_in(g, t.reply) for t in _scope(g, turns))]
        check("replies_must", [f"missing {_label(g)!r}" for g in absent])
    if criteria.replies_must_not is not None:
        present = [g for g in criteria.replies_must_not if any(group_in(g, t.reply) for t in _scope(g, turns))]
        check("replies_must_not", [f"said {_label(g)!r}" for g in present])
    if criteria.errors is not None:
        seen = {t.error for t in turns if t.error}
        check("errors", [f"no {code} error" for code in criteria.errors if code not in seen])
    return Grade(components, reasons)
