"""The labelled sets and the evaluation script that measures the classifier on them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "policy_eval.py"


def _rows(language: str) -> list[dict[str, object]]:
    path = ROOT / "evals" / "policy" / f"{language}.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("language", ["en", "he"])
def test_each_set_is_large_labelled_and_unique(language: str) -> None:
    rows = _rows(language)
    assert len(rows) >= 300
    assert {row["label"] for row in rows} == {"advice", "factual"}
    texts = [row["text"] for row in rows]
    assert len(set(texts)) == len(texts)
    kinds = {row.get("kind") for row in rows if row["label"] == "advice"}
    assert kinds == {"advice", "diagnosis", "comparison", "personal_dosage"}
    assert sum(1 for row in rows if row.get("has_factual_part")) >= 10
    assert all(row.get("kind") is None for row in rows if row["label"] == "factual")
    if language == "he":
        # Hebrew messages are written in Hebrew script (a few are only ids, codes or hostile input).
        hebrew = sum(1 for text in texts if any("\u05d0" <= ch <= "\u05ea" for ch in text))
        assert hebrew / len(texts) > 0.97


def test_the_script_prints_figures_per_language_and_split_and_meets_the_target() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--json"], capture_output=True, text=True, cwd=ROOT, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    seen = {(row["language"], row["split"]) for row in figures}
    assert seen == {(lang, split) for lang in ("en", "he") for split in ("dev", "heldout", "all")}
    for row in figures:
        if row["split"] == "all":
            assert row["recall"] >= 0.98
            assert row["false_refusal_rate"] <= 0.02
            assert row["messages"] >= 300
        assert 0.0 <= row["precision"] <= 1.0


def test_the_script_exits_non_zero_below_target(tmp_path: Path) -> None:
    # A copy of the script reading a set where every factual message is mislabelled as advice.
    sets = tmp_path / "evals" / "policy"
    sets.mkdir(parents=True)
    for language in ("en", "he"):
        rows = [{**row, "label": "advice", "kind": "advice"} for row in _rows(language)]
        (sets / f"{language}.jsonl").write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in rows), "utf-8")
    scripts = tmp_path / "scripts"
    scripts.mkdir()
    (scripts / "policy_eval.py").write_text(SCRIPT.read_text(encoding="utf-8"), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(scripts / "policy_eval.py"), "--split", "all"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert "BELOW TARGET" in done.stderr
    assert "recall=" in done.stdout
