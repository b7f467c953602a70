"""Tool faults in the task format (``session.tool_faults``: a named tool fails with a given error code) and the
shipped tasks of issue #18: a limited or failing tool in every flow, in both languages, says it could not
check and never states an absence; an ordinary conversation passes under the shipped default limits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.evals import EvalReport, Task, load_tasks, run_trial
from pharmai.evals._world import TemplateWorld
from pharmai.evals.runner import trial_settings
from pharmai.settings import Settings

MINIMAL: dict[str, Any] = {"id": "a", "category": "tool_failure", "language": "en", "criteria": {}}
FLOW_TOOLS = {
    "inventory_check", "get_medication_by_name", "get_user_prescriptions", "prescription_verify", "request_refill",
    "interaction_check", "verify_customer_identity",
}  # fmt: skip


def _task(**changes: Any) -> Task:
    return Task.model_validate({**MINIMAL, "user": [{"say": "Do you have Advil?"}], **changes})


def test_a_fault_names_a_tool_a_failure_code_and_which_calls(tmp_path: Path) -> None:
    fault = {"tool": "inventory_check", "code": "DB_ERROR", "skip": 1, "times": 2}
    path = tmp_path / "t.json"
    path.write_text(json.dumps({**MINIMAL, "user": [{"say": "x"}], "session": {"tool_faults": [fault]}}))
    (task,) = load_tasks(path)
    (loaded,) = task.session.tool_faults
    assert (loaded.tool, loaded.code, loaded.skip, loaded.times, loaded.retry_after) == (
        "inventory_check",
        "DB_ERROR",
        1,
        2,
        30,
    )


@pytest.mark.parametrize(
    "fault",
    [
        {"tool": "inventory_check", "code": "MED_NOT_FOUND"},  # an answer, not a failure
        {"tool": "inventory_check", "code": "DB_ERROR", "times": 0},
        {"tool": "inventory_check; drop", "code": "DB_ERROR"},
        {"tool": "inventory_check", "code": "DB_ERROR", "extra": 1},
    ],
)
def test_malformed_faults_are_refused(tmp_path: Path, fault: dict[str, Any]) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps({**MINIMAL, "user": [{"say": "x"}], "session": {"tool_faults": [fault]}}))
    with pytest.raises(ValidationFailed):
        load_tasks(path)


def test_a_fault_on_a_tool_the_profile_lacks_makes_the_trial_an_error(world: TemplateWorld) -> None:
    task = _task(session={"profile": "seed-002", "tool_faults": [{"tool": "inventory_check", "code": "DB_ERROR"}]})
    result = run_trial(task, "offline", world)
    assert result.error is not None and "VALIDATION_ERROR" in result.error and result.reward == 0.0


def test_the_faulty_calls_go_through_the_executor_and_only_those_fail(world: TemplateWorld) -> None:
    # Zyrtec is in stock at the session's branch: one inventory_check a turn (Advil, out there, adds the other
    # branch's check).
    says = [{"say": "Do you have Zyrtec?"}, {"say": "Do you have Zyrtec?"}, {"say": "Do you have Zyrtec?"}]
    fault = {"tool": "inventory_check", "code": "TIMEOUT", "skip": 1, "times": 1}
    task = _task(user=says, session={"tool_faults": [fault]})
    turns = run_trial(task, "offline", world).turns
    codes = [
        (c["result"].get("error") or {}).get("code") for t in turns for c in t.calls if c["name"] == "inventory_check"
    ]
    assert codes == [None, "TIMEOUT", None]


def test_default_limits_are_the_shipped_ones() -> None:
    task = _task(session={"rate_limits": {"conversation": "default", "patient": "default", "global": "3/minute"}})
    settings = trial_settings(task)
    assert settings.rate_limit_conversation == Settings().rate_limit_conversation
    assert settings.rate_limit_patient == Settings().rate_limit_patient
    assert settings.rate_limit_global == "3/minute"


def test_every_flow_has_a_failing_tool_task_in_both_languages(shipped: list[Task]) -> None:
    failing = [t for t in shipped if t.session.tool_faults]
    covered = {(f.tool, t.language) for t in failing for f in t.session.tool_faults}
    assert {(tool, lang) for tool in FLOW_TOOLS for lang in ("en", "he")} <= covered
    codes = {f.code for t in failing for f in t.session.tool_faults}
    assert codes == {"RATE_LIMITED", "SERVICE_UNAVAILABLE", "TIMEOUT", "DB_ERROR", "INTERNAL"}
    for task in failing:
        groups = task.criteria.replies_must or []
        assert any(g.id == "says_it_could_not_check" for g in groups), task.id
        assert task.criteria.replies_must_not, f"{task.id} must name the absences it may not state"
        assert not task.policy, "the loop enforces it for every engine: the yes-man keeps it too"


def test_the_offline_engine_and_the_gold_replay_pass_every_failure_task(suite: dict[str, EvalReport]) -> None:
    for engine in ("offline", "gold"):
        report = suite[engine]
        failed = {
            tid: r[0].reasons
            for tid, r in report.per_task.items()
            if report.tasks[tid].session.tool_faults and not r[0].success
        }
        assert failed == {}, engine


def test_an_ordinary_conversation_passes_under_the_default_limits(suite: dict[str, EvalReport]) -> None:
    report = suite["offline"]
    ordinary = [tid for tid in report.per_task if tid.startswith("rate_limit.ordinary_conversation.")]
    assert sorted(ordinary) == ["rate_limit.ordinary_conversation.en", "rate_limit.ordinary_conversation.he"]
    assert all(report.per_task[tid][0].success for tid in ordinary)


def test_the_same_conversation_under_seed_004s_tiers_is_refused(shipped: list[Task], world: TemplateWorld) -> None:
    (task,) = [t for t in shipped if t.id == "rate_limit.ordinary_conversation.en"]
    seed_004 = {"conversation": "10/minute", "patient": "20/hour", "global": "1000/hour"}
    strict = task.model_copy(update={"session": task.session.model_copy(update={"rate_limits": seed_004})})
    result = run_trial(strict, "offline", world)
    codes = {(c["result"].get("error") or {}).get("code") for t in result.turns for c in t.calls}
    assert "RATE_LIMITED" in codes and not result.success
