"""The labelled corpus of ``evals/nlu/``: reading it, checking every label, and its three splits.

Each language has its own folder of JSON-lines files. ``test.jsonl`` is the frozen test split (written
before any training, never tuned on). Every other file is split by a hash of each line's id: one line in
eight goes to ``dev``, the rest to ``train`` — stable whatever order the files are read in.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pharmai.errors import ValidationFailed

__all__ = [
    "ACTS",
    "INTENTS",
    "LANGUAGES",
    "RED_FLAGS",
    "SPLITS",
    "Example",
    "default_root",
    "load",
    "split_of",
]

INTENTS = (
    "availability", "info", "price", "equivalents", "interaction", "list", "prescriptions", "refill_status",
    "refill_request", "other_rx", "handoff", "symptom", "advice", "identity", "greeting", "thanks", "help",
    "out_of_scope", "medication", "followup",
)  # fmt: skip
ACTS = ("new", "affirm", "deny", "affirm_content", "correction", "ellipsis")
RED_FLAGS = ("emergency", "poison", "distress")
LANGUAGES = ("en", "he")
SPLITS = ("train", "dev", "test")
_DEV_EVERY = 8
_STORES = ("s1", "s2", "unknown", None)


@dataclass(frozen=True)
class Example:
    """One labelled message.

    Attributes:
        id: Unique id.
        language: ``en`` or ``he``.
        split: ``train``, ``dev`` or ``test``.
        text: The message as typed.
        intents: Its intents (never empty).
        act: Its dialogue act.
        red_flag: ``emergency``, ``poison``, ``distress`` or ``None``.
        origin: ``free`` or ``template``.
        meds: The medication names as written.
        store: ``s1``, ``s2``, ``unknown`` or ``None``.
        context: The previous turn, for follow-ups.
    """

    id: str
    language: str
    split: str
    text: str
    intents: frozenset[str]
    act: str
    red_flag: str | None
    origin: str
    meds: tuple[str, ...] = ()
    store: str | None = None
    context: dict[str, Any] | None = None

    @property
    def advice(self) -> bool:
        """The message asks for a personal judgement."""
        return "advice" in self.intents


def default_root() -> Path:
    """``evals/nlu`` of the source checkout this package runs from."""
    return Path(__file__).resolve().parents[3] / "evals" / "nlu"


def split_of(example_id: str, file_name: str) -> str:
    """The split of a line: ``test`` for the frozen file, else ``dev`` for one id in eight, else ``train``."""
    if file_name == "test.jsonl":
        return "test"
    return "dev" if zlib.crc32(example_id.encode("utf-8")) % _DEV_EVERY == 0 else "train"


def _example(raw: Any, language: str, file_name: str, where: str) -> Example:
    problems: list[dict[str, str]] = []

    def bad(field: str, reason: str) -> None:
        problems.append({"field": f"{where}.{field}", "reason": reason})

    if not isinstance(raw, dict):
        raise ValidationFailed([{"field": where, "reason": "must be a JSON object"}])
    text, intents = raw.get("text"), raw.get("intents")
    if not isinstance(text, str) or not text.strip():
        bad("text", "must be a non-empty string")
    if not isinstance(intents, list) or not intents or any(i not in INTENTS for i in intents):
        bad("intents", "must be a non-empty list of known intents")
    if raw.get("act") not in ACTS:
        bad("act", "unknown act")
    if raw.get("red_flag") not in (*RED_FLAGS, None):
        bad("red_flag", "unknown red-flag kind")
    if raw.get("store") not in _STORES:
        bad("store", "unknown store")
    if not isinstance(raw.get("id"), str):
        bad("id", "must be a string")
    if problems:
        raise ValidationFailed(problems)
    meds = raw.get("meds") or []
    context = raw.get("context")
    return Example(
        id=str(raw["id"]),
        language=language,
        split=split_of(str(raw["id"]), file_name),
        text=str(text),
        intents=frozenset(intents or ()),
        act=str(raw["act"]),
        red_flag=raw.get("red_flag"),
        origin=str(raw.get("origin") or "free"),
        meds=tuple(str(m) for m in meds if isinstance(m, str)),
        store=raw.get("store"),
        context=context if isinstance(context, dict) else None,
    )


def _read(path: Path, language: str) -> Iterator[Example]:
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            where = f"{language}/{path.name}:{number}"
            try:
                raw = json.loads(line)
            except json.JSONDecodeError:
                raise ValidationFailed([{"field": where, "reason": "not valid JSON"}]) from None
            yield _example(raw, language, path.name, where)


def load(
    root: Path | None = None, *, splits: Iterable[str] = SPLITS, languages: Iterable[str] = LANGUAGES
) -> list[Example]:
    """The corpus lines of the given splits and languages, in file order.

    Raises:
        ValidationFailed: A line is not valid JSON, has an unknown label, or repeats an id.
    """
    root = root or default_root()
    wanted = set(splits)
    found: list[Example] = []
    seen: set[str] = set()
    for language in languages:
        for path in sorted((root / language).glob("*.jsonl")):
            for example in _read(path, language):
                if example.id in seen:
                    raise ValidationFailed([{"field": example.id, "reason": "repeated id"}])
                seen.add(example.id)
                if example.split in wanted:
                    found.append(example)
    return found
