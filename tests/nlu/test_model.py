"""The shipped language-understanding model: it matches its corpus, reads clear messages right in both
languages, survives any input, averages its linear model and its network, and fitting is reproducible."""

from __future__ import annotations

import json

import numpy as np
import pytest

from pharmai.nlu import NluModel, corpus, get_model, mask, understand
from pharmai.nlu._features import MEDICATION, analyze, mask_names
from pharmai.nlu.train import corpus_digest, fit

_SAMPLE_TEXTS = ["do you have Advil in stock?", "יש לכם אדוויל במלאי?", "my toddler swallowed a handful of pills",
                 "כן בבקשה", "should I take ibuprofen for my back?", "", "xyzzy qwerty"]  # fmt: skip


def _with_mix(arrays: dict[str, np.ndarray], mix: float) -> NluModel:
    meta = json.loads(bytes(arrays["meta"]).decode("utf-8"))
    meta["mix"] = mix
    return NluModel({**arrays, "meta": np.frombuffer(json.dumps(meta).encode("utf-8"), dtype=np.uint8)})


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


def test_the_shipped_model_averages_a_linear_model_and_a_network() -> None:
    model = get_model()
    assert model.meta["mix"] > 0 and model.meta["params"]["mlp"]["hidden"] > 0


def test_the_reading_is_the_average_of_the_linear_model_and_the_network() -> None:
    arrays = fit(corpus.load(splits=("train",))[::15])
    linear = NluModel({k: v for k, v in arrays.items() if not k.startswith(("hidden_", "output_"))})
    network, both = _with_mix(arrays, 1.0), _with_mix(arrays, 0.5)
    for text in _SAMPLE_TEXTS:
        a, b, c = linear.read(text), network.read(text), both.read(text)
        for intent in corpus.INTENTS:
            assert c.scores[intent] == pytest.approx((a.scores[intent] + b.scores[intent]) / 2, abs=1e-5)
        assert c.red_flag_score == pytest.approx((a.red_flag_score + b.red_flag_score) / 2, abs=1e-5)
    # The network is a model of its own, not a copy of the linear one.
    assert any(abs(linear.read(t).scores["availability"] - network.read(t).scores["availability"]) > 0.01
               for t in _SAMPLE_TEXTS)  # fmt: skip


def test_a_model_fitted_without_the_network_reads_alone(tmp_path: object) -> None:
    from pharmai.nlu.train import save

    arrays = fit(corpus.load(splits=("train",))[::5], {"mlp": None})
    assert not any(key.startswith("hidden_") for key in arrays)
    model = save(arrays, f"{tmp_path}/linear.npz")
    assert model.read("do you have Advil in stock?").intents[0] == "availability"
    assert model.read("my toddler swallowed a handful of pills").red_flag == "poison"


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


def test_features_pair_words_across_one_word_and_hebrew_stems() -> None:
    # "should I take" and "should we take" share a pair; "ובסניף בירושלים" and "בסניף ירושלים" share one.
    assert "k:should take" in analyze("should I take it") and "k:should take" in analyze("should we take it")
    assert "s:סניפ ירושלימ" in analyze("ובסניף בירושלים") and "s:סניפ ירושלימ" in analyze("בסניף ירושלים")


def test_a_missing_model_file_is_a_clean_error(tmp_path: object) -> None:
    from pharmai.errors import InternalError

    with pytest.raises(InternalError):
        NluModel.load(f"{tmp_path}/nope.npz")
