"""Probe round twenty-three: branch short forms, misspelt branches, a listed item at a branch, pleasantries.

- «ובי-ם?», «ות-א?» (a branch's short form with prefix letters) and "jlem", "jerus", «ירושלאים» (misspelt
  branches) after a stock answer: that branch's stock, never a lookup of the short form as a name;
- "the second one, is it in jerusalem?" after "which ibuprofen do you have?": that listed product there;
- "hope you're well", "cheers, have a nice day": pleasantries, never looked up as names.

A real unknown name is still looked up (and not found).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.agent.transcripts.harness import Chat, Turn, cases, says_any, why

NOT_FOUND = ("couldn't find", "could not find", "לא מצאתי")
OUT_OF_SCOPE = ("only help with pharmacy", "רק בנושאי")


def _clean(turn: Turn) -> None:
    assert "get_medication_by_name" not in turn.tools, why(turn)
    assert not says_any(turn, NOT_FOUND + OUT_OF_SCOPE), why(turn)


# --- 1. a branch's short form with prefix letters -------------------------------------------------------
SHORT_JERUSALEM = ["ובי-ם?", "בי-ם?", "והי-ם?", "ובי-ם יש?", "ומה בי-ם?"]
SHORT_TEL_AVIV = ["ות-א?", "בת-א?", "ובת-א יש?", "ומה בת-א?"]


@pytest.mark.parametrize("message", SHORT_JERUSALEM)
def test_prefixed_jerusalem_short_form_is_the_branch(chat: Callable[..., Chat], message: str) -> None:
    session = chat(language="he")
    session.say("יש נורופן פורטה?")
    turn = session.say(message)
    _clean(turn)
    assert ("m003", "s2") in turn.stock_checks(), why(turn)


@pytest.mark.parametrize("message", SHORT_TEL_AVIV)
def test_prefixed_tel_aviv_short_form_is_the_branch(chat: Callable[..., Chat], message: str) -> None:
    session = chat(language="he")
    session.say("יש נורופן פורטה בירושלים?")
    turn = session.say(message)
    _clean(turn)
    assert ("m003", "s1") in turn.stock_checks(), why(turn)


# --- 2. misspelt and shortened branch names -------------------------------------------------------------
TWO = {"en": "do you have acamol and tylenol?", "he": "יש אקמול וטיילנול?"}
MISSPELT = {
    "en": [
        "which has more in jlem",
        "and which one has more at jerus?",
        "ok what about jerusalam, who has more",
        "and in jersualem?",
        "how about jrslm",
    ],
    "he": [
        "ובירושלאים?",
        "ומה בירשלים?",
        "ממה יש יותר בירושלאים",
        "ואיך בירשלים, יש?",
        "ובירושלאים יש?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(MISSPELT))
def test_misspelt_branch_is_the_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(TWO[language])
    turn = session.say(message)
    _clean(turn)
    assert {("m004", "s2"), ("m005", "s2")} <= turn.stock_checks(), why(turn)


# --- 3. a position in the list just given, at a branch --------------------------------------------------
LISTED = {"en": "which ibuprofen do you have?", "he": "איזה איבופרופן יש לכם?"}
SECOND_THERE = {
    "en": [
        "the second one, is it in jerusalem?",
        "and the 2nd one in jlm?",
        "is the second one available in jerusalem",
        "what about #2 at the jerusalem branch?",
        "the 2nd, do they have it in jerusalem?",
    ],
    "he": [
        "השני, יש אותו בירושלים?",
        "והשני בירושלים?",
        "יש את השני בסניף ירושלים?",
        "מה עם השני בירושלים",
        "השני זמין בירושלים?",
    ],
}


@pytest.mark.parametrize(("language", "message"), cases(SECOND_THERE))
def test_second_listed_product_at_a_branch(chat: Callable[..., Chat], language: str, message: str) -> None:
    session = chat(language=language)
    session.say(LISTED[language])
    turn = session.say(message)
    _clean(turn)
    assert turn.stock_checks() == {("m002", "s2")}, why(turn)


# --- 4. pleasantries ------------------------------------------------------------------------------------
PLEASANT = {
    "en": [
        ("hope you're well! do you have advil?", "m001"),
        ("hope you're well! is zyrtec in stock?", "m006"),
    ],
    "he": [
        ("בתקווה שיש, יש נורופן?", "m002"),
        ("יש נורופן? מקווה שהכל טוב, תודה רבה מראש", "m002"),
        ("יש נורופן? בתקווה", "m002"),
        ("בוקר טוב, יש זירטק? תבורך", "m006"),
    ],
}


@pytest.mark.parametrize(("language", "case"), cases(PLEASANT))
def test_pleasantries_are_never_names(chat: Callable[..., Chat], language: str, case: tuple[str, str]) -> None:
    message, med_id = case
    turn = chat(language=language).say(message)
    _clean(turn)
    assert med_id in {med for med, _ in turn.stock_checks()}, why(turn)


# --- negatives: a real unknown name is still looked up ------------------------------------------------------
UNKNOWN = {"en": ["do you have blorfex in jlem?"], "he": ["יש לכם פלורקסין בי-ם?"]}


@pytest.mark.parametrize(("language", "message"), cases(UNKNOWN))
def test_unknown_name_still_not_found(chat: Callable[..., Chat], language: str, message: str) -> None:
    turn = chat(language=language).say(message)
    assert "get_medication_by_name" in turn.tools, why(turn)
    assert says_any(turn, NOT_FOUND), why(turn)
