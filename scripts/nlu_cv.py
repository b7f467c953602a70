"""Cross-validate the language-understanding model on the train split and choose its thresholds.

Usage::

    .venv/bin/python scripts/nlu_cv.py [--folds 3]

The train split only (never dev, never the frozen test split) is cut into folds by a hash of each id;
each fold is read by a model fitted on the others (:func:`pharmai.nlu.train.fit`, the shipped
hyperparameters), so every train message gets a reading from a model that never saw it. On those
readings the script prints, per language, intent-set accuracy and the advice and red-flag recall (at
the shipped thresholds) of the linear model alone, the network alone and their average (the shipped
model), and then, on the average, the precision, recall and F1 of every red-flag and advice threshold
and the plateau of each head: the thresholds within half a point of the best intent-set accuracy, or of
the best F1 of "is a red flag" and "asks for advice". The optimum of a flat curve moves from one fit to
the next; a shipped threshold (``HYPERPARAMETERS["thresholds"]`` in ``src/pharmai/nlu/train.py``) is
moved only when it falls off its plateau. Takes a few minutes (one fit per fold).
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Sequence

import numpy as np

from pharmai.nlu import corpus
from pharmai.nlu._features import mask_names
from pharmai.nlu.model import NluModel
from pharmai.nlu.train import HYPERPARAMETERS, fit

__all__ = ["main"]

GRID = np.round(np.arange(0.05, 0.951, 0.05), 2)


def _variant(arrays: dict[str, np.ndarray], mix: float) -> NluModel:
    """The fitted model read with the network's share ``mix`` (0: the linear model alone)."""
    meta = json.loads(bytes(arrays["meta"]).decode("utf-8"))
    meta["mix"] = mix
    chosen = {k: v for k, v in arrays.items() if mix > 0 or not k.startswith(("hidden_", "output_"))}
    chosen["meta"] = np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)
    return NluModel(chosen)


def _readings(examples: Sequence[corpus.Example], folds: int) -> dict[str, np.ndarray]:
    """Out-of-fold probabilities: intents (n × intents), advice and red flag (n) per variant."""
    fold = np.array([zlib.crc32(e.id.encode("utf-8")) % folds for e in examples])
    out: dict[str, np.ndarray] = {}
    for k in range(folds):
        held = np.flatnonzero(fold == k)
        arrays = fit([e for e, f in zip(examples, fold, strict=True) if f != k])
        for name, mix in (("linear", 0.0), ("network", 1.0), ("shipped", None)):
            model = _variant(arrays, mix) if mix is not None else NluModel(arrays)
            for i in held.tolist():
                e = examples[i]
                reading = model.read(mask_names(e.text, e.meds))
                scores = out.setdefault(f"{name}.intents", np.zeros((len(examples), len(corpus.INTENTS))))
                scores[i] = [reading.scores[intent] for intent in corpus.INTENTS]
                out.setdefault(f"{name}.red_flag", np.zeros(len(examples)))[i] = reading.red_flag_score
        print(f"fold {k + 1}/{folds} read", file=sys.stderr, flush=True)
    return out


def _exact(scores: np.ndarray, gold: np.ndarray, threshold: float) -> np.ndarray:
    chosen = scores >= threshold
    top = scores.argmax(axis=1)
    empty = ~chosen.any(axis=1)
    chosen[np.flatnonzero(empty), top[empty]] = True
    return (chosen == gold).all(axis=1)


def _precision_recall_f1(score: np.ndarray, gold: np.ndarray, threshold: float) -> tuple[float, float, float]:
    hit = score >= threshold
    tp = int((hit & gold).sum())
    precision, recall = tp / max(int(hit.sum()), 1), tp / max(int(gold.sum()), 1)
    return precision, recall, 2 * precision * recall / max(precision + recall, 1e-9)


def _plateau(values: dict[float, float], within: float = 0.005) -> tuple[float, float]:
    """The lowest and highest threshold whose figure is within ``within`` of the best."""
    best = max(values.values())
    near = [t for t, v in values.items() if v >= best - within]
    return min(near), max(near)


def main(argv: list[str] | None = None) -> int:
    """Cross-validate and print the figures and the plateau of each threshold."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folds", type=int, default=3)
    args = parser.parse_args(argv)
    shipped_at = HYPERPARAMETERS["thresholds"]
    examples = corpus.load(splits=("train",))
    gold = np.array([[i in e.intents for i in corpus.INTENTS] for e in examples])
    flag_gold = np.array([e.red_flag is not None for e in examples])
    advice = corpus.INTENTS.index("advice")
    languages = np.array([e.language for e in examples])
    out = _readings(examples, args.folds)
    every = np.ones(len(examples), dtype=bool)

    def by_language(values: np.ndarray, among: np.ndarray) -> str:
        return " / ".join(f"{values[(languages == lang) & among].mean():.1%}" for lang in corpus.LANGUAGES)

    print(f"{'out of fold':<12}{'intent sets en / he':>22}{'advice recall':>18}{'red-flag recall':>18}")
    for name in ("linear", "network", "shipped"):
        intents, flags = out[f"{name}.intents"], out[f"{name}.red_flag"]
        exact = by_language(_exact(intents, gold, shipped_at["intent"]), every)
        advice_recall = by_language(intents[:, advice] >= shipped_at["advice"], gold[:, advice])
        flag_recall = by_language(flags >= shipped_at["red_flag"], flag_gold)
        print(f"{name:<12}{exact:>22}{advice_recall:>18}{flag_recall:>18}")
    shipped = out["shipped.intents"]
    plateaus = {"intent": _plateau({float(t): float(_exact(shipped, gold, t).mean()) for t in GRID})}
    for head, score, truth in (
        ("red_flag", out["shipped.red_flag"], flag_gold),
        ("advice", shipped[:, advice], gold[:, advice]),
    ):
        print(f"\n{head}: threshold, precision, recall, F1")
        f1: dict[float, float] = {}
        for t in GRID:
            precision, recall, f1[float(t)] = _precision_recall_f1(score, truth, t)
            print(f"  {t:.2f}: {precision:.3f} {recall:.3f} {f1[float(t)]:.3f}")
        plateaus[head] = _plateau(f1)
    print()
    for head, (low, high) in plateaus.items():
        shipped_value = shipped_at[head]
        where = "on it" if low <= shipped_value <= high else "OFF IT"
        print(f"{head}: plateau {low:.2f}–{high:.2f}, shipped {shipped_value} ({where})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
