"""pass^k, the per-category / per-language report (table and JSON) and the baseline gate.

pass^k (tau-bench) is the chance that ``k`` trials of a task drawn from its ``n`` all succeed, averaged
over tasks: the mean of ``C(c, k) / C(n, k)`` for ``c`` successes in ``n`` trials. pass^1 is the plain
success rate; larger ``k`` rewards consistency.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from math import comb, floor
from typing import TYPE_CHECKING, Any

from pharmai.errors import ValidationFailed

if TYPE_CHECKING:
    from rich.table import Table

    from pharmai.evals.criteria import TurnRecord
    from pharmai.evals.task import Task

__all__ = ["EvalReport", "GroupScore", "TrialResult", "below_baseline", "check_k", "pass_hat_k"]

_LANGUAGES = ("en", "he", "mixed")


@dataclass
class TrialResult:
    """One trial of one task.

    Attributes:
        task_id: The task.
        trial: The trial number (0-based).
        reward: The product of the graded components (0.0 when the trial could not run).
        components: Each graded component's pass / fail.
        reasons: Why components failed.
        turns: The conversation.
        effects: The diff of the tracked tables.
        skipped: Why the engine does not run this task, or ``None``.
        error: Why the trial could not run (engine not available…), or ``None``.
        seconds: Wall time.
    """

    task_id: str
    trial: int
    reward: float = 0.0
    components: dict[str, bool] = field(default_factory=dict)
    reasons: list[str] = field(default_factory=list)
    turns: list[TurnRecord] = field(default_factory=list)
    effects: dict[str, Any] = field(default_factory=dict)
    skipped: str | None = None
    error: str | None = None
    seconds: float = 0.0

    @property
    def success(self) -> bool:
        """The trial ran and earned the full reward."""
        return self.skipped is None and self.error is None and self.reward == 1.0

    def to_json(self, *, turns: bool = False) -> dict[str, Any]:
        """The result as JSON (the conversation only when ``turns``)."""
        data: dict[str, Any] = {
            "trial": self.trial,
            "reward": self.reward,
            "success": self.success,
            "components": self.components,
            "reasons": self.reasons,
            "error": self.error,
            "seconds": round(self.seconds, 3),
        }
        if turns:
            data["turns"] = [t.to_json() for t in self.turns]
            data["effects"] = self.effects
        return data


def check_k(trials: int, k: int) -> None:
    """Refuse a ``k`` that ``trials`` cannot support.

    Raises:
        ValidationFailed: ``trials`` or ``k`` below 1, or ``k`` above ``trials``.
    """
    if not isinstance(trials, int) or not isinstance(k, int) or trials < 1 or k < 1:
        raise ValidationFailed([{"field": "trials", "reason": "trials and k must be at least 1"}])
    if k > trials:
        raise ValidationFailed([{"field": "k", "reason": "k cannot exceed the number of trials"}])


def pass_hat_k(successes: int, trials: int, k: int) -> float:
    """``C(c, k) / C(n, k)``: the chance that ``k`` of the ``n`` trials, drawn without replacement, all pass.

    Raises:
        ValidationFailed: Counts out of range.
    """
    check_k(trials, k)
    if not 0 <= successes <= trials:
        raise ValidationFailed([{"field": "successes", "reason": "between 0 and the number of trials"}])
    return comb(successes, k) / comb(trials, k)


@dataclass
class GroupScore:
    """The scores of one group of tasks (a category and a language, a language, or everything)."""

    category: str
    language: str
    tasks: int
    pass_k: dict[int, float]
    mean_reward: float

    def to_json(self) -> dict[str, Any]:
        """As JSON: ``pass^1``…``pass^k`` keys."""
        data: dict[str, Any] = {"category": self.category, "language": self.language, "tasks": self.tasks}
        data.update({f"pass^{k}": round(v, 4) for k, v in sorted(self.pass_k.items())})
        data["mean_reward"] = round(self.mean_reward, 4)
        return data


@dataclass
class EvalReport:
    """The outcome of a suite run."""

    engine: str
    trials: int
    k: int
    groups: list[GroupScore]
    overall: GroupScore
    per_task: dict[str, list[TrialResult]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    tasks: dict[str, Task] = field(default_factory=dict)

    @classmethod
    def build(cls, tasks: list[Task], results: list[TrialResult], *, engine: str, trials: int, k: int) -> EvalReport:
        """Aggregate trial results into scores per category and language."""
        by_task: dict[str, list[TrialResult]] = defaultdict(list)
        skipped: dict[str, str] = {}
        for result in results:
            if result.skipped is not None:
                skipped[result.task_id] = result.skipped
            else:
                by_task[result.task_id].append(result)
        ran = [t for t in tasks if t.id in by_task]

        def score(category: str, language: str, members: list[Task]) -> GroupScore:
            pass_k = {
                j: sum(pass_hat_k(sum(r.success for r in by_task[t.id]), len(by_task[t.id]), j) for t in members)
                / max(len(members), 1)
                for j in range(1, k + 1)
            }
            rewards = [r.reward for t in members for r in by_task[t.id]]
            return GroupScore(category, language, len(members), pass_k, sum(rewards) / max(len(rewards), 1))

        keys = sorted({(t.category, t.language) for t in ran})
        groups = [score(c, lang, [t for t in ran if (t.category, t.language) == (c, lang)]) for c, lang in keys]
        for language in _LANGUAGES:
            members = [t for t in ran if t.language == language]
            if members:
                groups.append(score("*", language, members))
        overall = score("*", "*", ran)
        return cls(engine, trials, k, groups, overall, dict(by_task), skipped, {t.id: t for t in tasks})

    def score_of(self, category: str, language: str) -> GroupScore | None:
        """The group ``category`` / ``language`` (``*`` for all), or ``None``."""
        if (category, language) == ("*", "*"):
            return self.overall
        return next((g for g in self.groups if (g.category, g.language) == (category, language)), None)

    def to_json(self, *, turns: bool = False) -> dict[str, Any]:
        """The JSON report: settings, groups, overall, per-task results and skipped tasks."""
        return {
            "engine": self.engine,
            "trials": self.trials,
            "k": self.k,
            "overall": self.overall.to_json(),
            "groups": [g.to_json() for g in self.groups],
            "tasks": [
                {
                    "id": task_id,
                    "category": self.tasks[task_id].category if task_id in self.tasks else None,
                    "language": self.tasks[task_id].language if task_id in self.tasks else None,
                    "successes": sum(r.success for r in results),
                    "trials": len(results),
                    "results": [r.to_json(turns=turns) for r in results],
                }
                for task_id, results in self.per_task.items()
            ],
            "skipped": [{"id": task_id, "reason": reason} for task_id, reason in sorted(self.skipped.items())],
        }

    def baseline(self) -> dict[str, Any]:
        """This run's pass^1 per ``category/language`` (the shape of ``evals/baseline.json``)."""
        # Rounded down, so the run that wrote the baseline always holds it.
        scores = {f"{g.category}/{g.language}": floor(g.pass_k[1] * 10_000) / 10_000 for g in self.groups}
        scores["*/*"] = floor(self.overall.pass_k[1] * 10_000) / 10_000
        return {"engine": self.engine, "k": 1, "trials": self.trials, "pass^1": dict(sorted(scores.items()))}

    def table(self) -> Table:
        """A rich table: one row per category and language, then per language, then overall."""
        from rich.table import Table

        table = Table(title=f"pharmai eval — engine {self.engine}, {self.trials} trial(s) per task")
        table.add_column("category")
        table.add_column("language")
        table.add_column("tasks", justify="right")
        for j in range(1, self.k + 1):
            table.add_column(f"pass^{j}", justify="right")
        table.add_column("reward", justify="right")
        for group in [*self.groups, self.overall]:
            style = "bold" if group.category == "*" else None
            cells = [f"{group.pass_k[j]:.2f}" for j in range(1, self.k + 1)]
            table.add_row(
                group.category, group.language, str(group.tasks), *cells, f"{group.mean_reward:.2f}", style=style
            )
        if self.skipped:
            table.caption = f"{len(self.skipped)} task(s) skipped for this engine (see the JSON report for why)"
        return table


def below_baseline(report: EvalReport, baseline: dict[str, Any], *, tolerance: float = 1e-9) -> list[str]:
    """The groups whose pass^1 fell below the committed baseline (empty when the run holds the line).

    A group of the baseline that did not run at all counts as a regression too.
    """
    failures: list[str] = []
    for key, expected in sorted((baseline.get("pass^1") or {}).items()):
        category, _, language = key.partition("/")
        group = report.score_of(category, language)
        if group is None:
            failures.append(f"{key}: not run (baseline {expected})")
        elif group.pass_k[1] + tolerance < float(expected):
            failures.append(f"{key}: pass^1 {group.pass_k[1]:.4f} < baseline {float(expected):.4f}")
    return failures
