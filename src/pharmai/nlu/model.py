"""The trained language-understanding model: loading it and reading one message.

A message's features (:mod:`._features`) are weighted by tf-idf and normalised, then read by two models
whose probabilities are averaged: a linear one (one weight matrix) and a small neural network (one hidden
layer of ReLU units over the same features — it learns which words count together, "take" with "should
I" but not with "the label says"). Both hold three heads: the intents (independent logistic outputs,
several may hold), the dialogue act (softmax) and the red-flag kind (softmax, ``none`` included).
Reading is a few hundred dictionary lookups and a few small matrix products with NumPy, well under a
millisecond. The weights are fitted by :mod:`pharmai.nlu.train` (``pharmai nlu train``) and shipped with
the package; a file without the hidden layer is read by the linear model alone.
"""

from __future__ import annotations

import json
import math
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from pharmai.errors import InternalError
from pharmai.nlu._features import analyze

__all__ = ["DEFAULT_MODEL_PATH", "NluModel", "Understanding", "get_model"]

#: The model shipped with the package.
DEFAULT_MODEL_PATH = Path(__file__).resolve().parent / "model" / "nlu.npz"


@dataclass(frozen=True)
class Understanding:
    """The model's reading of one message.

    Attributes:
        intents: The intents that hold, most likely first (never empty).
        scores: The probability of every intent.
        act: The dialogue act (``new``, ``affirm``, ``deny``, ``affirm_content``, ``correction``,
            ``ellipsis``).
        act_score: Its probability.
        red_flag: ``emergency``, ``poison``, ``distress`` or ``None``.
        red_flag_score: The probability that the message is a red flag of any kind.
        advice: The message asks for a personal judgement (advice, dosage, comparison, diagnosis).
        advice_score: The probability of the ``advice`` intent.
    """

    intents: tuple[str, ...]
    scores: dict[str, float] = field(repr=False)
    act: str
    act_score: float
    red_flag: str | None
    red_flag_score: float
    advice: bool
    advice_score: float

    def has(self, intent: str) -> bool:
        """Whether ``intent`` is one of the message's intents."""
        return intent in self.intents


def _softmax(values: np.ndarray) -> np.ndarray:
    shifted = np.exp(values - values.max())
    return shifted / shifted.sum()


def _sigmoid(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + np.exp(-np.clip(values, -50.0, 50.0)))


# Averaged probabilities are turned back into scores that :meth:`NluModel.read` squashes again; the clip
# keeps a certainty of 0 or 1 finite.
_TINY = 1e-7


class NluModel:
    """A fitted model (see :func:`get_model` for the shipped one).

    Args:
        arrays: ``vocab`` (UTF-8 feature names joined by newlines), ``idf``, ``weights`` (features × labels),
            ``bias``, ``meta`` (UTF-8 JSON: label names per head, thresholds and the network's share
            ``mix``), and optionally the network: ``hidden_weights`` (features × units, int8),
            ``hidden_scale`` (one per feature: its row is ``hidden_weights × hidden_scale``),
            ``hidden_bias``, ``output_weights`` (units × labels) and ``output_bias``.
    """

    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self.meta: dict[str, Any] = json.loads(bytes(arrays["meta"]).decode("utf-8"))
        names = bytes(arrays["vocab"]).decode("utf-8").split("\n")
        self._vocab = {name: index for index, name in enumerate(names)}
        self._idf = arrays["idf"].astype(np.float32)
        self._weights = arrays["weights"].astype(np.float32)
        self._bias = arrays["bias"].astype(np.float32)
        # The network's first layer stays int8 with one scale per feature (a quarter of the memory of
        # float32); only the rows a message uses are widened.
        self._hidden: tuple[np.ndarray, ...] | None = None
        if "hidden_weights" in arrays:
            self._hidden = (
                arrays["hidden_weights"],
                arrays["hidden_scale"].astype(np.float32),
                arrays["hidden_bias"].astype(np.float32),
                arrays["output_weights"].astype(np.float32),
                arrays["output_bias"].astype(np.float32),
            )
        self._mix = float(self.meta.get("mix", 0.5)) if self._hidden is not None else 0.0
        self.intent_labels: list[str] = list(self.meta["intents"])
        self.act_labels: list[str] = list(self.meta["acts"])
        self.flag_labels: list[str] = list(self.meta["red_flags"])
        n_intents, n_acts = len(self.intent_labels), len(self.act_labels)
        self._acts = slice(n_intents, n_intents + n_acts)
        self._flags = slice(n_intents + n_acts, n_intents + n_acts + len(self.flag_labels))
        thresholds = self.meta.get("thresholds", {})
        self.intent_threshold = float(thresholds.get("intent", 0.5))
        self.advice_threshold = float(thresholds.get("advice", 0.5))
        self.red_flag_threshold = float(thresholds.get("red_flag", 0.5))

    @classmethod
    def load(cls, path: Path | str = DEFAULT_MODEL_PATH) -> NluModel:
        """Read a model file written by :func:`pharmai.nlu.train.fit`.

        Raises:
            InternalError: The file is missing or not a model (the message names no path).
        """
        try:
            with np.load(Path(path), allow_pickle=False) as data:
                return cls({key: data[key] for key in data.files})
        except (OSError, KeyError, ValueError) as exc:
            raise InternalError() from exc

    @property
    def size(self) -> int:
        """The number of features the model knows."""
        return len(self._vocab)

    def _features(self, text: str) -> tuple[np.ndarray, np.ndarray] | None:
        """The message's active feature indices and their normalised tf-idf values (``None``: none known)."""
        counts: dict[int, int] = {}
        vocab = self._vocab
        for feature in analyze(text):
            index = vocab.get(feature)
            if index is not None:
                counts[index] = counts.get(index, 0) + 1
        if not counts:
            return None
        columns = np.fromiter(counts.keys(), dtype=np.int64, count=len(counts))
        tf = np.fromiter((1.0 + math.log(c) for c in counts.values()), dtype=np.float32, count=len(counts))
        values = tf * self._idf[columns]
        norm = float(np.sqrt(np.dot(values, values)))
        if norm > 0:
            values /= norm
        return columns, values

    def raw_scores(self, text: str) -> np.ndarray:
        """The scores of every label of every head for ``text``, before squashing: the logit of each
        intent and the log-probabilities of the act and the red-flag kind."""
        found = self._features(text)
        linear = self._bias.copy() if found is None else found[1] @ self._weights[found[0]] + self._bias
        if self._hidden is None:
            return linear
        w1, scale, b1, w2, b2 = self._hidden
        if found is None:
            units = b1
        else:
            columns, values = found
            units = (values * scale[columns]) @ w1[columns].astype(np.float32) + b1
        network = np.maximum(units, 0.0) @ w2 + b2
        return self._average(linear, network)

    def _average(self, linear: np.ndarray, network: np.ndarray) -> np.ndarray:
        n_intents = len(self.intent_labels)
        mix = self._mix
        intents = (1 - mix) * _sigmoid(linear[:n_intents]) + mix * _sigmoid(network[:n_intents])
        intents = np.clip(intents, _TINY, 1 - _TINY)
        scores = [np.log(intents / (1 - intents))]
        for head in (self._acts, self._flags):
            probs = (1 - mix) * _softmax(linear[head]) + mix * _softmax(network[head])
            scores.append(np.log(np.maximum(probs, _TINY)))
        return np.concatenate(scores).astype(np.float32)

    def read(self, text: str) -> Understanding:
        """Read one message.

        Args:
            text: The message as typed (any length: only its start is read).
        """
        scores = self.raw_scores(text if isinstance(text, str) else "")
        n_intents = len(self.intent_labels)
        probs = 1.0 / (1.0 + np.exp(-scores[:n_intents]))
        by_intent = {label: float(p) for label, p in zip(self.intent_labels, probs, strict=True)}
        order = sorted(by_intent, key=by_intent.__getitem__, reverse=True)
        chosen = [label for label in order if by_intent[label] >= self.intent_threshold] or order[:1]
        acts = _softmax(scores[self._acts])
        act_index = int(acts.argmax())
        flags = _softmax(scores[self._flags])
        none_index = self.flag_labels.index("none")
        flag_score = float(1.0 - flags[none_index])
        red_flag: str | None = None
        if flag_score >= self.red_flag_threshold:
            ranked = [i for i in np.argsort(-flags) if i != none_index]
            red_flag = self.flag_labels[int(ranked[0])]
        advice_score = by_intent.get("advice", 0.0)
        return Understanding(
            intents=tuple(chosen),
            scores=by_intent,
            act=self.act_labels[act_index],
            act_score=float(acts[act_index]),
            red_flag=red_flag,
            red_flag_score=flag_score,
            advice=advice_score >= self.advice_threshold,
            advice_score=advice_score,
        )


_lock = threading.Lock()
_model: NluModel | None = None


def get_model() -> NluModel:
    """The shipped model, loaded once per process (thread-safe)."""
    global _model
    if _model is None:
        with _lock:
            if _model is None:
                _model = NluModel.load()
    return _model
