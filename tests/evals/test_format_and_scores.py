"""The task file format (loading, validation, filters) and pass^k arithmetic."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pharmai.errors import ValidationFailed
from pharmai.evals import Task, filter_tasks, load_tasks, pass_hat_k
from pharmai.evals.report import EvalReport, TrialResult

MINIMAL: dict[str, Any] = {"id": "a", "category": "refill", "language": "he", "user": [{"say": "hi"}], "criteria": {}}


def write(tmp_path: Path, data: Any, name: str = "tasks.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_a_file_of_one_task_or_a_list_loads(tmp_path: Path) -> None:
    assert [t.id for t in load_tasks(write(tmp_path, MINIMAL))] == ["a"]
    both = write(tmp_path, [MINIMAL, {**MINIMAL, "id": "b", "tags": ["x"]}], "list.json")
    assert [t.id for t in load_tasks(both)] == ["a", "b"]


@pytest.mark.parametrize(
    "bad",
    [
        {**MINIMAL, "id": "'; DROP TABLE tasks; --"},
        {**MINIMAL, "id": "x" * 10_000},
        {**MINIMAL, "language": "fr"},
        {**MINIMAL, "user": []},
        {**MINIMAL, "user": [{"say": "hi", "action": "approve"}]},
        {**MINIMAL, "user": "<script>alert(1)</script>"},
        {**MINIMAL, "criteria": {"effects": {"audit_log": {}}}},
        {**MINIMAL, "session": {"identity_mode": "root"}},
        {**MINIMAL, "setup": [{"table": "stores", "key": {"store_id": "s1"}, "set": {"name_en": "x"}}]},
        {**MINIMAL, "unexpected": 1},
        ["not a task"],
    ],
)
def test_malformed_tasks_are_refused_with_a_typed_error(tmp_path: Path, bad: Any) -> None:
    with pytest.raises(ValidationFailed) as caught:
        load_tasks(write(tmp_path, bad))
    assert caught.value.code == "VALIDATION_ERROR" and caught.value.fields


def test_unreadable_files_and_duplicate_ids(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(ValidationFailed):
        load_tasks(tmp_path / "broken.json")
    with pytest.raises(ValidationFailed):
        load_tasks(tmp_path / "missing")
    with pytest.raises(ValidationFailed) as caught:
        load_tasks(write(tmp_path, [MINIMAL, MINIMAL]))
    assert caught.value.fields == [{"field": "a", "reason": "duplicate task id"}]
    # The message exists in both languages.
    error = ValidationFailed([{"field": "tasks", "reason": "x"}])
    assert "not valid" in error.message("en") and "אינו תקין" in error.message("he")


def test_filters(shipped: list[Task]) -> None:
    hebrew_refills = filter_tasks(shipped, "category=refill,language=he")
    assert hebrew_refills and all(t.category == "refill" and t.language == "he" for t in hebrew_refills)
    either = filter_tasks(shipped, "category=privacy|injection")
    assert {t.category for t in either} == {"privacy", "injection"}
    assert all(t.id.startswith("advice.") for t in filter_tasks(shipped, "advice.*"))
    assert all(not t.policy for t in filter_tasks(shipped, "policy!=true"))
    assert all("otp" in t.tags for t in filter_tasks(shipped, "tag=otp"))
    assert filter_tasks(shipped, None) == shipped and filter_tasks(shipped, "id=nothing*") == []
    for bad in ("colour=red", "category=", "a,,b"):
        with pytest.raises(ValidationFailed):
            filter_tasks(shipped, bad)


@pytest.mark.parametrize(
    ("c", "n", "k", "expected"),
    [(4, 4, 1, 1.0), (0, 4, 1, 0.0), (2, 4, 1, 0.5), (3, 4, 2, 0.5), (1, 4, 2, 0.0), (4, 4, 4, 1.0), (3, 5, 3, 0.1)],
)
def test_pass_hat_k(c: int, n: int, k: int, expected: float) -> None:
    assert pass_hat_k(c, n, k) == pytest.approx(expected)


@pytest.mark.parametrize(("c", "n", "k"), [(1, 2, 3), (3, 2, 1), (-1, 2, 1), (1, 0, 1), (1, 2, 0)])
def test_pass_hat_k_refuses_impossible_counts(c: int, n: int, k: int) -> None:
    with pytest.raises(ValidationFailed):
        pass_hat_k(c, n, k)


def test_report_averages_pass_k_over_tasks_per_category_and_language() -> None:
    tasks = [
        Task.model_validate({**MINIMAL, "id": "x", "language": "he"}),
        Task.model_validate({**MINIMAL, "id": "y", "language": "en"}),
    ]
    results = [TrialResult("x", i, reward=1.0) for i in range(3)] + [
        TrialResult("y", 0, reward=1.0),
        TrialResult("y", 1, reward=0.0),
        TrialResult("y", 2, reward=1.0),
    ]
    report = EvalReport.build(tasks, results, engine="gold", trials=3, k=2)
    he, en = report.score_of("refill", "he"), report.score_of("refill", "en")
    assert he is not None and en is not None
    assert (
        he.pass_k == {1: 1.0, 2: 1.0} and en.pass_k[1] == pytest.approx(2 / 3) and en.pass_k[2] == pytest.approx(1 / 3)
    )
    assert report.overall.pass_k[2] == pytest.approx(2 / 3)
    data = report.to_json()
    assert data["overall"]["pass^2"] == pytest.approx(0.6667, abs=1e-4)
    assert {g["language"] for g in data["groups"]} == {"he", "en"}
