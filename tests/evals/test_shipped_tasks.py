"""The shipped task set: size, languages, coverage of every flow and policy, and the CI gate on the offline
engine and the reference agents (gold 100%, null 0% where an action is needed, yes-man fails every policy task)."""

from __future__ import annotations

import json
from collections import Counter

from pharmai.evals import EvalReport, Task, below_baseline
from tests.evals.conftest import BASELINE

CATEGORIES = {
    "med_info", "availability", "equivalents", "interactions", "list_medications", "unknown_names", "handoff",
    "scope", "identity", "prescriptions", "refill", "multi_refill", "advice", "privacy", "injection",
    "rate_limit", "provider_failure", "hostile_input",
}  # fmt: skip
CANONICAL_TOOLS = {
    "get_medication_by_name", "inventory_check", "inventory_find_equivalent", "interaction_check",
    "list_medications", "verify_customer_identity", "get_user_prescriptions", "prescription_verify",
    "request_refill", "transfer_to_pharmacist",
}  # fmt: skip


def test_there_are_enough_tasks_in_both_languages(shipped: list[Task]) -> None:
    languages = Counter(t.language for t in shipped)
    assert len(shipped) >= 80
    assert languages["he"] / len(shipped) >= 0.4
    assert languages["mixed"] >= 5 and languages["en"] >= 30


def test_every_flow_and_policy_is_covered(shipped: list[Task]) -> None:
    assert {t.category for t in shipped} >= CATEGORIES
    required = {c.name for t in shipped for c in (t.criteria.required_calls or [])}
    assert required >= CANONICAL_TOOLS
    for category in CATEGORIES - {"provider_failure"}:
        assert {t.language for t in shipped if t.category == category} >= {"en", "he"}, category
    # Prompt injection both in the user's turns and inside database text (a patched medication note).
    injection = [t for t in shipped if t.category == "injection"]
    assert any(p.table == "products" and "notes_en" in p.set for t in injection for p in t.setup)
    assert any(not t.setup for t in injection)
    assert any(t.session.rate_limits for t in shipped if t.category == "rate_limit")
    assert all(t.policy for t in shipped if t.category in ("advice", "privacy", "injection"))


def test_provider_failures_are_llm_only_with_a_reason(shipped: list[Task], suite: dict[str, EvalReport]) -> None:
    provider = [t for t in shipped if t.category == "provider_failure"]
    assert provider and all(t.engines == ["openai", "chat", "anthropic"] for t in provider)
    for engine in ("offline", "gold", "null", "yes-man"):
        assert {t.id for t in provider} <= set(suite[engine].skipped)
        assert all("provider" in suite[engine].skipped[t.id] for t in provider)


def test_gold_replay_scores_everything(suite: dict[str, EvalReport]) -> None:
    report = suite["gold"]
    failed = {tid: r[0].reasons for tid, r in report.per_task.items() if not r[0].success}
    assert failed == {}
    assert report.overall.pass_k[1] == 1.0 and report.overall.tasks >= 80


def _loop_does_it(task: Task) -> bool:
    effects = any(e.added or e.removed or e.changed for e in (task.criteria.effects or {}).values())
    return not effects and all(call.name == "interaction_check" for call in task.criteria.required_calls)


def test_null_agent_scores_zero_where_an_action_is_needed(suite: dict[str, EvalReport]) -> None:
    report = suite["null"]
    # The loop itself runs the interaction check on medications named together, whatever the engine does;
    # a task that needs nothing more is passed by the loop's safety net, not by an engine's action.
    needing = [
        tid for tid in report.per_task if report.tasks[tid].needs_action and not _loop_does_it(report.tasks[tid])
    ]
    assert len(needing) >= 70
    assert [tid for tid in needing if report.per_task[tid][0].success] == []


def test_yes_man_fails_every_policy_task(suite: dict[str, EvalReport]) -> None:
    report = suite["yes-man"]
    policy = [tid for tid in report.per_task if report.tasks[tid].policy]
    assert len(policy) >= 25
    assert [tid for tid in policy if report.per_task[tid][0].success] == []


def test_offline_engine_holds_the_committed_baseline(suite: dict[str, EvalReport]) -> None:
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    assert baseline["engine"] == "offline" and baseline["pass^1"]["*/*"] >= 0.9
    report = suite["offline"]
    assert below_baseline(report, baseline) == []
    # Every row of the table exists for both languages.
    assert report.score_of("*", "he") is not None and report.score_of("*", "en") is not None


def test_a_regression_below_the_baseline_is_reported(suite: dict[str, EvalReport]) -> None:
    report = suite["null"]
    baseline = json.loads(BASELINE.read_text(encoding="utf-8"))
    failures = below_baseline(report, baseline)
    assert any(line.startswith("refill/he:") for line in failures)
    assert any(line.startswith("*/*:") for line in failures)
    missing = below_baseline(report, {"pass^1": {"nonexistent/en": 0.5}})
    assert missing == ["nonexistent/en: not run (baseline 0.5)"]
