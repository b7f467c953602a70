"""``pharmai nlu``: fit the language-understanding model on the corpus (``train``)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated

import typer

from pharmai.cli import _common
from pharmai.errors import PharmaiError

__all__ = ["app"]

app = typer.Typer(help="The trained language-understanding model (intents, acts, advice, red flags).")


@app.command("train")
def train(
    corpus_dir: Annotated[
        Path | None, typer.Option("--corpus", help="The corpus folder (default: evals/nlu of this checkout).")
    ] = None,
    output: Annotated[
        Path | None, typer.Option("--output", help="Where to write the model (default: the packaged model).")
    ] = None,
) -> None:
    """Fit the model on the train split, print its dev figures, and write it (deterministic)."""
    from pharmai.nlu import corpus, metrics
    from pharmai.nlu._features import mask_names
    from pharmai.nlu.model import DEFAULT_MODEL_PATH
    from pharmai.nlu.train import fit, save

    try:
        examples = corpus.load(corpus_dir, splits=("train",))
        dev = corpus.load(corpus_dir, splits=("dev",))
        started = time.perf_counter()
        model = save(fit(examples), output or DEFAULT_MODEL_PATH)
    except PharmaiError as exc:
        details = "; ".join(f"{f.get('field')}: {f.get('reason')}" for f in getattr(exc, "fields", None) or [])
        raise _common.fail(f"{exc.message('en')} {details}".strip(), code=2) from None
    elapsed = time.perf_counter() - started
    typer.echo(f"fitted on {len(examples)} messages, {model.size} features, in {elapsed:.1f} s")
    # Medication names read as the corpus labels them (at run time the catalog's mentions do this).
    readings = [model.read(mask_names(e.text, e.meds)) for e in dev]
    predictions = [metrics.Prediction(frozenset(r.intents), r.act, r.advice, r.red_flag) for r in readings]
    for language, figures in sorted(metrics.measure(dev, predictions).items()):
        typer.echo(
            f"dev {language}: {figures.messages} messages, intents {figures.intent_accuracy:.1%}, "
            f"acts {figures.act_accuracy:.1%}, advice recall {figures.advice_recall:.1%}, red-flag recall "
            f"{figures.red_flag_recall:.1%}, factual refused {figures.factual_refusal:.1%}"
        )
    typer.echo(f"model written to {output or DEFAULT_MODEL_PATH}")
