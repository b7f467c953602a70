"""``pharmai eval``: run the evaluation tasks against an engine and report pass^k by category and language.

The table goes to stdout (or the JSON report with ``--json``); the progress bar goes to stderr, so
``pharmai eval --json > report.json`` stays clean. ``--baseline FILE`` makes the command fail (exit 1) when a
category / language falls below the committed pass^1, which is how CI gates the offline engine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from pharmai.cli import _common
from pharmai.errors import PharmaiError
from pharmai.evals import EVAL_ENGINES, below_baseline, filter_tasks, load_tasks, run_suite
from pharmai.evals.report import TrialResult
from pharmai.evals.simulated_user import SimulatedUser

__all__ = ["DEFAULT_TASKS", "eval_command"]

#: Where the shipped tasks live, relative to the working directory.
DEFAULT_TASKS = Path("evals") / "tasks"


def _read_baseline(path: Path) -> dict[str, object]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        raise _common.fail(f"cannot read the baseline {path}: {type(exc).__name__}", code=2) from None
    if not isinstance(data, dict):
        raise _common.fail(f"the baseline {path} is not a JSON object", code=2)
    return data


def eval_command(
    tasks: Annotated[Path, typer.Option("--tasks", help="A task file or a directory of them.")] = DEFAULT_TASKS,
    engine: Annotated[str, typer.Option("--engine", help=f"One of: {', '.join(EVAL_ENGINES)}.")] = "offline",
    trials: Annotated[int, typer.Option("--trials", min=1, max=100, help="Trials per task (n).")] = 1,
    k: Annotated[int, typer.Option("--k", min=1, max=100, help="Report pass^1 … pass^k (k ≤ trials).")] = 1,
    filter_: Annotated[
        str | None, typer.Option("--filter", help="e.g. 'category=refill|privacy,language=he' or 'inj*'.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the JSON report instead of the table.")] = False,
    output: Annotated[Path | None, typer.Option("--output", help="Also write the JSON report here.")] = None,
    turns: Annotated[bool, typer.Option("--turns", help="Include every conversation in the JSON report.")] = False,
    baseline: Annotated[
        Path | None, typer.Option("--baseline", help="Fail when a group's pass^1 falls below this file's.")
    ] = None,
    write_baseline: Annotated[
        Path | None, typer.Option("--write-baseline", help="Write this run's pass^1 per group as a baseline.")
    ] = None,
    workers: Annotated[int, typer.Option("--workers", min=1, max=32, help="Trials run in parallel.")] = 1,
    user_model: Annotated[
        str | None, typer.Option("--user-model", help="Simulate users with this OpenAI-compatible model (off).")
    ] = None,
    user_base_url: Annotated[
        str | None, typer.Option("--user-base-url", help="The simulated user's endpoint (default: the SDK's).")
    ] = None,
) -> None:
    """Run evaluation tasks against an engine; print pass^k per category and language."""
    if engine not in EVAL_ENGINES:
        raise _common.fail(f"--engine must be one of {', '.join(EVAL_ENGINES)}", code=2)
    if k > trials:
        raise _common.fail("--k cannot exceed --trials", code=2)
    try:
        selected = filter_tasks(load_tasks(tasks), filter_)
    except PharmaiError as exc:
        details = "; ".join(f"{f.get('field')}: {f.get('reason')}" for f in (exc.details or {}).get("fields", []))
        raise _common.fail(details or exc, code=2) from None
    if not selected:
        raise _common.fail("no task matches", code=2)
    expected = _read_baseline(baseline) if baseline is not None else None
    simulated = SimulatedUser(user_model, base_url=user_base_url) if user_model else None
    err = Console(stderr=True)
    columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        bar = progress.add_task(f"eval {engine}", total=len(selected) * trials)

        def advance(_result: TrialResult) -> None:
            progress.advance(bar)

        report = run_suite(
            selected, engine, trials=trials, k=k, simulated_user=simulated, workers=workers, on_trial=advance
        )
    data = report.to_json(turns=turns)
    if output is not None:
        output.write_text(json.dumps(data, ensure_ascii=False, indent=2, default=str) + "\n", encoding="utf-8")
    if write_baseline is not None:
        write_baseline.write_text(json.dumps(report.baseline(), indent=2) + "\n", encoding="utf-8")
    if as_json:
        _common.print_json(data)
    else:
        Console().print(report.table())
    errors = sorted({r.error for results in report.per_task.values() for r in results if r.error})
    for error in errors[:5]:
        err.print(f"[yellow]trial error:[/yellow] {error}")
    if expected is not None:
        regressions = below_baseline(report, expected)
        for line in regressions:
            err.print(f"[red]below baseline:[/red] {line}")
        if regressions:
            raise typer.Exit(1)
