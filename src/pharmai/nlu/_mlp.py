"""The hidden layer of the language model: fitting one ReLU layer over the sparse tf-idf features in NumPy.

Training only (``pharmai nlu train``; scipy comes with scikit-learn). The three heads — the intents (one
logistic output each), the dialogue act and the red-flag kind (one softmax each) — share the hidden
layer and are fitted together, each with its own loss, which scikit-learn's ``MLPClassifier`` cannot do.
The input is a bag of a few hundred active features out of tens of thousands, so the first layer is
updated like an embedding table: per mini-batch only the rows of the features that occur in it ("lazy"
Adam). Dropout on the input features and on the hidden units keeps the layer from learning one writer's
phrasings by heart. Everything random draws from one seeded generator: the same data gives the same
weights.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

__all__ = ["MLP_DEFAULTS", "fit_hidden"]

#: Chosen by cross-validation on the train split and checked on dev (see ``train.HYPERPARAMETERS``).
MLP_DEFAULTS: dict[str, Any] = {
    "hidden": 256,
    "epochs": 30,
    "batch": 64,
    "learning_rate": 2e-3,
    "input_dropout": 0.3,
    "hidden_dropout": 0.3,
    "seed": 0,
}

_BETA1, _BETA2, _EPS = 0.9, 0.999, 1e-8
# The learning rate decays linearly to this share of its start over the run.
_FINAL_RATE = 0.02


def _softmax_grad(z: np.ndarray, gold: np.ndarray) -> np.ndarray:
    shifted = np.exp(z - z.max(axis=1, keepdims=True))
    p = shifted / shifted.sum(axis=1, keepdims=True)
    p[np.arange(len(gold)), gold] -= 1.0
    return p


class _Adam:
    """Adam for the dense parameters; the first layer's rows keep their own step counts (lazy Adam)."""

    def __init__(self, params: list[np.ndarray], rows: int) -> None:
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.steps = 0
        self.row_steps = np.zeros(rows, dtype=np.int64)

    def dense(self, index: int, param: np.ndarray, grad: np.ndarray, rate: float) -> None:
        m, v = self.m[index], self.v[index]
        m *= _BETA1
        m += (1 - _BETA1) * grad
        v *= _BETA2
        v += (1 - _BETA2) * grad * grad
        m_hat = m / (1 - _BETA1**self.steps)
        v_hat = v / (1 - _BETA2**self.steps)
        param -= (rate * m_hat / (np.sqrt(v_hat) + _EPS)).astype(param.dtype)

    def rows(self, param: np.ndarray, cols: np.ndarray, grad: np.ndarray, rate: float) -> None:
        self.row_steps[cols] += 1
        t = self.row_steps[cols][:, None]
        m = _BETA1 * self.m[0][cols] + (1 - _BETA1) * grad
        v = _BETA2 * self.v[0][cols] + (1 - _BETA2) * grad * grad
        self.m[0][cols] = m
        self.v[0][cols] = v
        step = rate * (m / (1 - _BETA1**t)) / (np.sqrt(v / (1 - _BETA2**t)) + _EPS)
        param[cols] -= step.astype(param.dtype)


def fit_hidden(
    x: Any, intents: np.ndarray, acts: np.ndarray, flags: np.ndarray, n_acts: int, n_flags: int, **params: Any
) -> dict[str, np.ndarray]:
    """Fit the hidden layer and its three heads.

    Args:
        x: The examples' tf-idf rows (a scipy sparse matrix, rows L2-normalised).
        intents: ``examples × intents`` of 0 / 1.
        acts: Each example's dialogue-act index (of ``n_acts``).
        flags: Each example's red-flag index (of ``n_flags``, ``none`` included).
        n_acts: The number of dialogue acts.
        n_flags: The number of red-flag values.
        **params: Overrides of :data:`MLP_DEFAULTS`.

    Returns:
        ``hidden_weights`` (features × hidden), ``hidden_bias``, ``output_weights`` (hidden × labels, the
        labels in the order intents, acts, red flags) and ``output_bias``, all float32.
    """
    import scipy.sparse as sp

    p = {**MLP_DEFAULTS, **params}
    x = sp.csr_matrix(x, dtype=np.float32)
    n, n_features = x.shape
    n_intents = intents.shape[1]
    n_out = n_intents + n_acts + n_flags
    hidden, batch = int(p["hidden"]), int(p["batch"])
    drop_in, drop_hidden = float(p["input_dropout"]), float(p["hidden_dropout"])
    rng = np.random.default_rng(int(p["seed"]))
    # A message has about a hundred active features: this scale starts the hidden units near unit size.
    w1 = (rng.standard_normal((n_features, hidden)) * math.sqrt(0.5 / 60)).astype(np.float32)
    b1 = np.zeros(hidden, dtype=np.float32)
    w2 = (rng.standard_normal((hidden, n_out)) * math.sqrt(1.0 / hidden)).astype(np.float32)
    b2 = np.zeros(n_out, dtype=np.float32)
    prior = intents.mean(axis=0).clip(1e-3, 1 - 1e-3)
    b2[:n_intents] = np.log(prior / (1 - prior))  # start from the base rates: rare intents start unlikely
    adam = _Adam([w1, b1, w2, b2], n_features)
    acts_at, flags_at = slice(n_intents, n_intents + n_acts), slice(n_intents + n_acts, n_out)
    total = int(p["epochs"]) * math.ceil(n / batch)
    for _ in range(int(p["epochs"])):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            rows = order[start : start + batch]
            xb = x[rows]
            # Only the features of this batch: a small dense problem instead of the whole table.
            cols, local = np.unique(xb.indices, return_inverse=True)
            data = xb.data.copy()
            if drop_in > 0:
                data *= (rng.random(data.shape[0]) >= drop_in) / (1 - drop_in)
            xb = sp.csr_matrix((data, local.ravel(), xb.indptr), shape=(len(rows), len(cols)))
            w_rows = w1[cols]
            pre = xb @ w_rows + b1
            h = np.maximum(pre, 0)
            keep = (rng.random(h.shape) >= drop_hidden).astype(np.float32) / (1 - drop_hidden)
            h *= keep
            z = h @ w2 + b2
            dz = np.empty_like(z)
            dz[:, :n_intents] = 1.0 / (1.0 + np.exp(-z[:, :n_intents])) - intents[rows]
            dz[:, acts_at] = _softmax_grad(z[:, acts_at], acts[rows])
            dz[:, flags_at] = _softmax_grad(z[:, flags_at], flags[rows])
            dz /= len(rows)
            dh = (dz @ w2.T) * keep * (pre > 0)
            adam.steps += 1
            rate = float(p["learning_rate"]) * max(1.0 - adam.steps / total, _FINAL_RATE)
            adam.dense(2, w2, h.T @ dz, rate)
            adam.dense(3, b2, dz.sum(axis=0), rate)
            adam.dense(1, b1, dh.sum(axis=0), rate)
            adam.rows(w1, cols, np.asarray(xb.T @ dh, dtype=np.float32), rate)
    return {"hidden_weights": w1, "hidden_bias": b1, "output_weights": w2, "output_bias": b2}
