"""``pharmai eval`` end to end, LLM engines against the local stub provider, and the simulated user."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.evals import Task, run_trial
from pharmai.evals._world import TemplateWorld
from pharmai.evals.simulated_user import SimulatedUser
from tests.engines.stub_server import Call, Reply, StubServer
from tests.evals.conftest import TASKS

runner = CliRunner()


def test_eval_prints_the_table_per_category_and_language() -> None:
    result = runner.invoke(app, ["eval", "--tasks", str(TASKS), "--filter", "category=refill|advice"])
    assert result.exit_code == 0, result.output
    assert "pass^1" in result.output and "refill" in result.output and "advice" in result.output
    assert " he " in result.output and " en " in result.output


def test_eval_json_with_trials_and_k(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    args = ["eval", "--tasks", str(TASKS), "--filter", "category=handoff", "--trials", "2", "--k", "2", "--json"]
    result = runner.invoke(app, [*args, "--output", str(out), "--turns"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["engine"] == "offline" and data["k"] == 2 and data["overall"]["pass^2"] == 1.0
    assert all(len(t["results"]) == 2 for t in data["tasks"])
    assert data["tasks"][0]["results"][0]["turns"][0]["tool_calls"][0]["name"] == "transfer_to_pharmacist"


def test_eval_fails_below_the_baseline_and_on_bad_options(tmp_path: Path) -> None:
    baseline = tmp_path / "baseline.json"
    baseline.write_text(json.dumps({"pass^1": {"handoff/he": 1.0, "*/*": 1.0}}), encoding="utf-8")
    common = ["eval", "--tasks", str(TASKS), "--filter", "category=handoff"]
    assert runner.invoke(app, [*common, "--baseline", str(baseline)]).exit_code == 0
    below = runner.invoke(app, [*common, "--engine", "null", "--baseline", str(baseline)])
    assert below.exit_code == 1 and "below baseline" in below.output
    for bad in (["--engine", "gpt-9"], ["--k", "3"], ["--filter", "colour=red"], ["--filter", "id=none*"]):
        assert runner.invoke(app, [*common, *bad]).exit_code == 2, bad
    assert runner.invoke(app, ["eval", "--tasks", str(tmp_path / "missing")]).exit_code == 2


@pytest.fixture(scope="module")
def world() -> TemplateWorld:
    return TemplateWorld()


def _task(task_id: str) -> Task:
    return next(
        t
        for t in (Task.model_validate(x) for f in TASKS.glob("*.json") for x in json.loads(f.read_text()))
        if t.id == task_id
    )


@pytest.mark.parametrize("task_id", ["provider_failure.down.en", "provider_failure.down.he"])
def test_provider_failure_tasks_pass_with_an_llm_engine(world: TemplateWorld, task_id: str) -> None:
    result = run_trial(_task(task_id), "chat", world, env={"OPENAI_API_KEY": "k"})
    assert result.error is None and result.success, result.reasons
    assert result.turns[0].error == "MODEL_UNAVAILABLE"
    assert run_trial(_task(task_id), "offline", world).skipped is not None


def test_an_llm_engine_is_graded_like_any_other(world: TemplateWorld) -> None:
    task = _task("interactions.avoid.en.0")
    call = Call("interaction_check", {"med_ids": ["m010", "m001"], "language": "en"})
    planned = [Reply(calls=(call,)), Reply(text="Warfarin and ibuprofen: NSAIDs add to the bleeding risk.")]
    with StubServer("chat", planned) as stub:
        env = {"OPENAI_BASE_URL": stub.base_url, "OPENAI_API_KEY": "k"}
        result = run_trial(task, "chat", world, env=env)
    assert result.success, result.reasons
    assert "cannot be taken together" in result.turns[0].reply  # the guard's warning, whatever the engine


def test_the_simulated_user_drives_a_task_with_a_persona(world: TemplateWorld) -> None:
    data = _task("availability.zyrtec.he").model_dump(mode="json")
    data["simulated_user"] = {
        "persona": "A customer in Tel Aviv who writes Hebrew.",
        "instructions": "Ask if Zyrtec is in stock.",
    }
    task = Task.model_validate(data)
    with StubServer("chat", [Reply(text="יש לכם זירטק במלאי?"), Reply(text="###STOP###")]) as stub:
        user = SimulatedUser("stub-user", base_url=stub.base_url, api_key="k")
        result = run_trial(task, "offline", world, simulated_user=user)
        sent = stub.requests
    assert result.success, result.reasons
    assert [t.user for t in result.turns] == ["יש לכם זירטק במלאי?"]
    assert "Ask if Zyrtec is in stock." in sent[0]["messages"][0]["content"]
    assert sent[1]["messages"][-1]["role"] == "user" and "200" in sent[1]["messages"][-1]["content"]


def test_parallel_trials_score_like_sequential_ones() -> None:
    args = ["eval", "--tasks", str(TASKS), "--filter", "category=refill|identity", "--json"]
    sequential = json.loads(runner.invoke(app, args).stdout)
    parallel = json.loads(runner.invoke(app, [*args, "--workers", "4"]).stdout)
    assert parallel["overall"] == sequential["overall"] and sequential["overall"]["pass^1"] == 1.0
