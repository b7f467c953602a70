"""The shipped language-understanding model: it matches its corpus, reads clear messages right in both
languages, survives any input, and fitting is reproducible."""

from __future__ import annotations

import numpy as np
import pytest

from pharmai.nlu import NluModel, corpus, get_model, mask, understand
from pharmai.nlu._features import MEDICATION, analyze, mask_names
from pharmai.nlu.train import corpus_digest, fit


def test_the_shipped_model_was_fitted_on_the_corpus_as_it_is() -> None:
    # A corpus edited without `pharmai nlu train` would leave a stale model behind.
    train = corpus.load(splits=("train",))
    assert get_model().meta["corpus_sha256"] == corpus_digest(train)
    assert get_model().meta["examples"] == len(train)


def test_fitting_is_reproducible() -> None:
    sample = corpus.load(splits=("train",))[::12]
    first, second = fit(sample), fit(sample)
    assert first.keys() == second.keys()
    for key in first:
        assert np.array_equal(first[key], second[key]), key


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("do you have Advil in stock?", "availability"),
        ("יש לכם אדוויל במלאי?", "availability"),
        ("how much is Advil?", "price"),
        ("כמה עולה נורופן?", "price"),
        ("I want to talk to a pharmacist", "handoff"),
        ("אני רוצה לדבר עם רוקח", "handoff"),
        ("what are my prescriptions?", "prescriptions"),
        ("מה המרשמים שלי?", "prescriptions"),
    ],
)
def test_clear_messages_are_read_right(text: str, intent: str) -> None:
    assert understand(text).intents[0] == intent


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("my dad has crushing chest pain and he's sweating", "emergency"),
        ("לאבא שלי יש לחץ חזק בחזה והוא מזיע", "emergency"),
        ("my toddler swallowed a handful of pills", "poison"),
        ("I want to end my life", "distress"),
    ],
)
def test_red_flags_are_read(text: str, kind: str) -> None:
    assert understand(text).red_flag == kind


@pytest.mark.parametrize(
    ("text", "act"), [("yes please", "affirm"), ("לא תודה", "deny"), ("and at Jerusalem?", "ellipsis")]
)
def test_dialogue_acts(text: str, act: str) -> None:
    assert understand(text).act == act


@pytest.mark.parametrize(
    "text", ["", " ", "?" * 5000, "א" * 10000, "'; DROP TABLE products; --", "<script>x</script>", "\u200f\u202e"]
)
def test_any_text_gets_a_reading(text: str) -> None:
    reading = get_model().read(text)
    assert reading.intents and 0.0 <= reading.red_flag_score <= 1.0


def test_medication_names_are_read_as_one_word() -> None:
    assert mask("do you have Advil?", [(12, 17)]) == f"do you have {MEDICATION}?"
    assert mask("abc", [(5, 9), (1, 0)]) == "abc"  # out-of-range spans are ignored
    assert mask_names("יש לכם לאדוויל ואקמול?", ["לאדוויל", "אקמול"]).count(MEDICATION.strip()) == 2
    assert understand("do you have Advil?", [(12, 17)]).intents[0] == "availability"


def test_features_keep_question_marks_and_hebrew_stems() -> None:
    features = analyze("ובסניף יש?")
    assert "p:?" in features and "w:סניפ" in features


def test_a_missing_model_file_is_a_clean_error(tmp_path: object) -> None:
    from pharmai.errors import InternalError

    with pytest.raises(InternalError):
        NluModel.load(f"{tmp_path}/nope.npz")
