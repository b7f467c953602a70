"""The evaluation harness: tau-style tasks, graded on outcomes, pass^k by category and language, any engine.

``pharmai eval`` runs the task files of ``evals/tasks`` (format: ``evals/README.md``) against an engine —
offline, any LLM engine, or the reference agents ``gold``, ``null`` and ``yes-man`` — and prints a table
and a JSON report.
"""

from __future__ import annotations

from pharmai.evals._loading import filter_tasks, load_tasks
from pharmai.evals.agents import EVAL_ENGINES
from pharmai.evals.report import EvalReport, TrialResult, below_baseline, pass_hat_k
from pharmai.evals.runner import run_suite, run_trial
from pharmai.evals.task import Task

__all__ = [
    "EVAL_ENGINES",
    "EvalReport",
    "Task",
    "TrialResult",
    "below_baseline",
    "filter_tasks",
    "load_tasks",
    "pass_hat_k",
    "run_suite",
    "run_trial",
]
