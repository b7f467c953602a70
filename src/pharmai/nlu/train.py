"""Fitting the language-understanding model on the corpus's train split (``pharmai nlu train``).

Needs scikit-learn (a development dependency): the features of :mod:`._features` are weighted by
:class:`~sklearn.feature_extraction.text.TfidfVectorizer`; the linear model gives each intent its own
logistic regression, and the dialogue act and the red-flag kind one multinomial logistic regression each;
the network (:mod:`._mlp`) reads the same tf-idf rows through one hidden layer. The fitted weights are
copied into one array file that :class:`pharmai.nlu.model.NluModel` reads without scikit-learn.
Fitting is deterministic: the same corpus gives the same file.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from pharmai.errors import ValidationFailed
from pharmai.nlu import corpus
from pharmai.nlu._features import analyze, mask_names
from pharmai.nlu._mlp import MLP_DEFAULTS, fit_hidden
from pharmai.nlu.model import DEFAULT_MODEL_PATH, NluModel

__all__ = ["HYPERPARAMETERS", "corpus_digest", "fit", "save"]

#: ``c_*`` (the linear model's regularisation) and the thresholds were chosen on dev for the linear model;
#: the features, the network's size and regularisation (:data:`._mlp.MLP_DEFAULTS`) and ``mix``, its share
#: of the averaged probabilities, by three-fold cross-validation on the train split, then checked on dev.
#: ``mlp`` ``None`` fits the linear model alone. ``scripts/nlu_cv.py`` cross-validates the thresholds of
#: the averaged model: they stay on its plateaus of best intent-set accuracy and best F1 of "is a red
#: flag" and "asks for advice", so they were kept.
HYPERPARAMETERS: dict[str, Any] = {
    "min_df": 2,
    "c_intent": 32.0,
    "c_act": 16.0,
    "c_flag": 16.0,
    "mix": 0.5,
    "mlp": dict(MLP_DEFAULTS),
    "thresholds": {"intent": 0.5, "advice": 0.5, "red_flag": 0.3},
}


def corpus_digest(examples: Sequence[corpus.Example]) -> str:
    """A SHA-256 over the training lines, recorded in the model so a stale model can be told."""
    digest = hashlib.sha256()
    for example in examples:
        labels = [example.id, example.text, *sorted(example.intents), example.act, example.red_flag or ""]
        digest.update(json.dumps(labels, ensure_ascii=False).encode("utf-8"))
    return digest.hexdigest()


def _logistic(c: float, *, multiclass: bool = False) -> Any:
    from sklearn.linear_model import LogisticRegression

    solver = "lbfgs" if multiclass else "liblinear"
    return LogisticRegression(C=c, solver=solver, max_iter=2000, random_state=0)


def fit(examples: Sequence[corpus.Example], params: dict[str, Any] | None = None) -> dict[str, np.ndarray]:
    """Fit the model on ``examples``; returns the arrays :class:`NluModel` takes.

    Raises:
        ValidationFailed: scikit-learn is not installed, or the examples have one dialogue act or one
            red-flag value only (nothing to tell apart).
    """
    try:
        from sklearn.feature_extraction.text import TfidfVectorizer
    except ImportError:
        raise ValidationFailed([{"field": "scikit-learn", "reason": "install pharmai[dev] to train"}]) from None
    params = {**HYPERPARAMETERS, **(params or {})}
    # Medication names are read as one placeholder word, as the catalog's spans make them at run time.
    texts = [mask_names(e.text, e.meds) for e in examples]
    vectorizer = TfidfVectorizer(analyzer=analyze, min_df=params["min_df"], sublinear_tf=True, dtype=np.float32)
    x = vectorizer.fit_transform(texts)
    columns: list[np.ndarray] = []
    biases: list[float] = []
    for intent in corpus.INTENTS:
        y = np.array([intent in e.intents for e in examples], dtype=np.int8)
        if y.sum() == 0 or y.sum() == len(y):
            # A label the corpus lacks (or has everywhere) cannot be learnt: it is never (always) predicted.
            columns.append(np.zeros(x.shape[1], dtype=np.float32))
            biases.append(-20.0 if y.sum() == 0 else 20.0)
            continue
        model = _logistic(params["c_intent"]).fit(x, y)
        columns.append(model.coef_[0])
        biases.append(float(model.intercept_[0]))
    for head, labels, values, c in (
        ("act", corpus.ACTS, [e.act for e in examples], params["c_act"]),
        ("red_flag", ("none", *corpus.RED_FLAGS), [e.red_flag or "none" for e in examples], params["c_flag"]),
    ):
        if len(set(values)) < 2:
            raise ValidationFailed(
                [{"field": head, "reason": "the training split needs at least two different values"}]
            )
        model = _logistic(c, multiclass=True).fit(x, values)
        classes = list(model.classes_)
        for label in labels:
            if label in classes:
                columns.append(model.coef_[classes.index(label)])
                biases.append(float(model.intercept_[classes.index(label)]))
            else:
                columns.append(np.zeros(x.shape[1], dtype=np.float32))
                biases.append(-20.0)
    network = _network(x, examples, params["mlp"]) if params.get("mlp") else {}
    vocabulary = sorted(vectorizer.vocabulary_, key=vectorizer.vocabulary_.__getitem__)
    meta = {
        "intents": list(corpus.INTENTS),
        "acts": list(corpus.ACTS),
        "red_flags": ["none", *corpus.RED_FLAGS],
        "thresholds": params["thresholds"],
        "mix": float(params["mix"]) if network else 0.0,
        "params": {k: v for k, v in params.items() if k != "thresholds"},
        "corpus_sha256": corpus_digest(examples),
        "examples": len(examples),
    }
    return {
        "vocab": np.frombuffer("\n".join(vocabulary).encode("utf-8"), dtype=np.uint8),
        "idf": vectorizer.idf_.astype(np.float32),
        "weights": np.stack(columns, axis=1).astype(np.float16),
        "bias": np.array(biases, dtype=np.float32),
        "meta": np.frombuffer(json.dumps(meta, sort_keys=True).encode("utf-8"), dtype=np.uint8),
        **network,
    }


def _network(x: Any, examples: Sequence[corpus.Example], params: dict[str, Any]) -> dict[str, np.ndarray]:
    """The hidden layer and its heads, fitted on the same tf-idf rows as the linear model."""
    flags = ("none", *corpus.RED_FLAGS)
    arrays = fit_hidden(
        x,
        np.array([[intent in e.intents for intent in corpus.INTENTS] for e in examples], dtype=np.float32),
        np.array([corpus.ACTS.index(e.act) for e in examples], dtype=np.int64),
        np.array([flags.index(e.red_flag or "none") for e in examples], dtype=np.int64),
        n_acts=len(corpus.ACTS),
        n_flags=len(flags),
        **params,
    )
    # The first layer is most of the file: each feature's row is stored as int8 with its own scale, a
    # quarter of float32, which moves the probabilities by a rounding error (checked on dev).
    w1 = arrays["hidden_weights"]
    scale = np.abs(w1).max(axis=1) / 127.0
    scale[scale == 0] = 1.0
    return {
        "hidden_weights": np.rint(w1 / scale[:, None]).astype(np.int8),
        "hidden_scale": scale.astype(np.float32),
        "hidden_bias": arrays["hidden_bias"],
        "output_weights": arrays["output_weights"].astype(np.float16),
        "output_bias": arrays["output_bias"],
    }


def save(arrays: dict[str, np.ndarray], path: Path | str = DEFAULT_MODEL_PATH) -> NluModel:
    """Write the model file (compressed) and return the model read back from it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as handle:
        np.savez_compressed(handle, **arrays)  # type: ignore[arg-type]
    return NluModel.load(path)
