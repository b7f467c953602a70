"""Fixtures of the evaluation tests: the shipped tasks, and one suite run per reference engine."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from pharmai.evals import EvalReport, Task, load_tasks, run_suite
from pharmai.evals._world import TemplateWorld

ROOT = Path(__file__).resolve().parents[2] / "evals"
TASKS = ROOT / "tasks"
BASELINE = ROOT / "baseline.json"


@pytest.fixture(scope="session")
def shipped() -> list[Task]:
    return load_tasks(TASKS)


@pytest.fixture(scope="session")
def world() -> Iterator[TemplateWorld]:
    built = TemplateWorld()
    yield built
    built.close()


@pytest.fixture(scope="session")
def suite(shipped: list[Task], world: TemplateWorld) -> dict[str, EvalReport]:
    """The shipped tasks run once (k=1, one trial) with the offline engine and each reference agent."""
    return {engine: run_suite(shipped, engine, world=world) for engine in ("offline", "gold", "null", "yes-man")}
