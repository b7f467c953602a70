"""The corpus reader refuses malformed lines with a typed error, and splits by id, stably."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pharmai.errors import ValidationFailed
from pharmai.nlu import corpus, metrics

_LINE = {"id": "en-x-1", "text": "do you have advil", "intents": ["availability"], "act": "new", "red_flag": None,
         "meds": ["advil"], "store": None, "origin": "free", "context": None}  # fmt: skip


def _write(root: Path, *lines: object, name: str = "free_x.jsonl") -> Path:
    (root / "en").mkdir(parents=True, exist_ok=True)
    (root / "en" / name).write_text("\n".join(json.dumps(x) if not isinstance(x, str) else x for x in lines))
    return root


def test_every_shipped_line_is_valid_and_each_language_has_enough() -> None:
    examples = corpus.load()
    for language in corpus.LANGUAGES:
        mine = [e for e in examples if e.language == language]
        assert len(mine) >= 3000
        assert sum(e.origin == "free" for e in mine) >= len(mine) / 3
        assert sum(1 for e in mine if e.split == "test" and e.red_flag) >= 60
        assert {i for e in mine for i in e.intents} == set(corpus.INTENTS)


@pytest.mark.parametrize(
    "bad",
    ["{not json", {**_LINE, "intents": []}, {**_LINE, "intents": ["teleport"]}, {**_LINE, "act": "shrug"},
     {**_LINE, "red_flag": "mild"}, {**_LINE, "text": ""}, [1, 2]],
)  # fmt: skip
def test_malformed_lines_are_refused(tmp_path: Path, bad: object) -> None:
    with pytest.raises(ValidationFailed):
        corpus.load(_write(tmp_path, bad), languages=("en",))


def test_a_repeated_id_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValidationFailed):
        corpus.load(_write(tmp_path, _LINE, _LINE), languages=("en",))


def test_splits_depend_on_the_id_and_file_only() -> None:
    assert corpus.split_of("anything", "test.jsonl") == "test"
    assert {corpus.split_of(f"id-{n}", "free_a.jsonl") for n in range(200)} == {"train", "dev"}
    assert corpus.split_of("id-7", "free_a.jsonl") == corpus.split_of("id-7", "templates.jsonl")


def test_figures_count_what_they_say(tmp_path: Path) -> None:
    examples = corpus.load(_write(tmp_path, _LINE, {**_LINE, "id": "en-x-2", "red_flag": "poison",
                                                     "intents": ["symptom"]}), languages=("en",))  # fmt: skip
    predictions = [
        metrics.Prediction(frozenset({"availability"}), "new", advice=False, red_flag=None),
        metrics.Prediction(frozenset({"symptom"}), "new", advice=False, red_flag=None),
    ]
    figures = metrics.measure(examples, predictions)["en"]
    assert figures.intent_accuracy == 1.0 and figures.red_flag_recall == 0.0 and figures.factual_refusal == 0.0
    assert figures.per_intent("availability") == (1.0, 1.0, 1.0, 1)
