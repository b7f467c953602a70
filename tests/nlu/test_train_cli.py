"""``pharmai nlu train`` fits a model from a corpus folder and refuses one it cannot learn from."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from pharmai.cli import app
from pharmai.nlu import NluModel

_LINES = [
    ("do you have advil", ["availability"], "new", None),
    ("is nurofen in stock", ["availability"], "new", None),
    ("what is acamol", ["info"], "new", None),
    ("yes please", ["followup"], "affirm", None),
    ("no thanks", ["followup"], "deny", None),
    ("my chest hurts badly", ["symptom"], "new", "emergency"),
    ("I took 30 pills", ["symptom"], "new", "poison"),
]


def _corpus(root: Path, lines: list[tuple[str, list[str], str, str | None]]) -> Path:
    (root / "en").mkdir(parents=True)
    rows = [
        {"id": f"en-t-{n}", "text": text, "intents": intents, "act": act, "red_flag": flag, "meds": [],
         "store": None, "origin": "free", "context": None}
        for n, (text, intents, act, flag) in enumerate(lines * 4)
    ]  # fmt: skip
    (root / "en" / "free.jsonl").write_text("\n".join(json.dumps(r) for r in rows), encoding="utf-8")
    return root


def test_training_writes_a_model_that_loads(tmp_path: Path) -> None:
    output = tmp_path / "model.npz"
    result = CliRunner().invoke(
        app, ["nlu", "train", "--corpus", str(_corpus(tmp_path / "c", _LINES)), "--output", str(output)]
    )
    assert result.exit_code == 0, result.output
    assert "fitted on" in result.output and "dev en" in result.output
    model = NluModel.load(output)
    assert model.read("do you have zyrtec").act in ("new", "affirm", "deny")


def test_a_corpus_with_one_act_is_refused_clearly(tmp_path: Path) -> None:
    only_new = [line for line in _LINES if line[2] == "new"]
    result = CliRunner().invoke(
        app, ["nlu", "train", "--corpus", str(_corpus(tmp_path / "c", only_new)), "--output", str(tmp_path / "m.npz")]
    )
    assert result.exit_code == 2
    assert "act" in result.output and "Traceback" not in result.output
    assert not (tmp_path / "m.npz").exists()
