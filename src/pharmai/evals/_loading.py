"""Reading task files and selecting tasks with ``--filter`` expressions."""

from __future__ import annotations

import fnmatch
import json
from pathlib import Path

from pydantic import ValidationError

from pharmai.errors import ValidationFailed
from pharmai.evals.task import Task

__all__ = ["filter_tasks", "load_tasks"]


def _task_files(path: Path) -> list[Path]:
    if path.is_dir():
        return sorted(p for p in path.rglob("*.json") if p.is_file())
    return [path]


def load_tasks(path: str | Path) -> list[Task]:
    """Read tasks from a JSON file (one task or a list) or every ``*.json`` under a directory.

    Raises:
        ValidationFailed: A file cannot be read, is not JSON, a task is malformed or an id repeats.
    """
    root = Path(path)
    if not root.exists():
        raise ValidationFailed([{"field": "tasks", "reason": f"no such file or directory: {root}"}])
    tasks: list[Task] = []
    for file in _task_files(root):
        try:
            raw = json.loads(file.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ValidationFailed([{"field": str(file.name), "reason": f"unreadable: {type(exc).__name__}"}]) from None
        items = raw if isinstance(raw, list) else [raw]
        for index, item in enumerate(items):
            try:
                tasks.append(Task.model_validate(item))
            except ValidationError as exc:
                where = f"{file.name}[{index}]"
                fields = [
                    {"field": where, "reason": f"{'.'.join(map(str, e['loc']))}: {e['msg']}"} for e in exc.errors()
                ]
                raise ValidationFailed(fields[:10]) from None
    seen: set[str] = set()
    for task in tasks:
        if task.id in seen:
            raise ValidationFailed([{"field": task.id, "reason": "duplicate task id"}])
        seen.add(task.id)
    return tasks


def _term_matches(task: Task, field: str, values: list[str]) -> bool:
    if field == "tag":
        candidates = task.tags
    elif field == "policy":
        candidates = ["true" if task.policy else "false"]
    elif field in ("id", "category", "language"):
        candidates = [str(getattr(task, field))]
    else:
        raise ValidationFailed([{"field": "filter", "reason": f"unknown field {field!r}"}])
    return any(fnmatch.fnmatchcase(c, v) for c in candidates for v in values)


def filter_tasks(tasks: list[Task], expression: str | None) -> list[Task]:
    """The tasks matching ``expression``.

    The expression is a comma-separated list of terms, all of which must hold: ``field=value`` or
    ``field!=value`` with ``field`` one of ``id``, ``category``, ``language``, ``tag``, ``policy``; ``|``
    separates alternatives and ``*`` is a wildcard (``category=refill|rx*,language=he``). A bare word
    matches ids (``inj*``).

    Raises:
        ValidationFailed: An unknown field or an empty term.
    """
    if expression is None or not expression.strip():
        return list(tasks)
    selected = list(tasks)
    for term in (t.strip() for t in expression.split(",")):
        if not term:
            raise ValidationFailed([{"field": "filter", "reason": "empty term"}])
        negate = "!=" in term
        field, _, value = term.partition("!=" if negate else "=") if ("=" in term) else ("id", "", term)
        values = [v.strip() for v in value.split("|") if v.strip()]
        if not values:
            raise ValidationFailed([{"field": "filter", "reason": f"no value in {term!r}"}])
        selected = [t for t in selected if _term_matches(t, field.strip(), values) != negate]
    return selected
