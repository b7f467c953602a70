"""The safety rules hold whatever engine writes the reply: here a yes-man that never checks interactions
(it is given no medication finder) and a scripted "model" that answers in plain text without any tool.

The loop runs ``interaction_check`` on the medications a message names together and the guard adds the
"cannot be taken together" warning on avoid; a red-flag message gets the urgent-care text first, with the
deployment's numbers.
"""

from __future__ import annotations

import pytest

from pharmai.db import Database
from pharmai.settings import Settings
from pharmai.testing import ScriptedEngine, YesManEngine
from tests.agent.loop_support import GENEROUS, make_loop, of_type, reply, run, session

AVOID_PAIRS = [
    ("en", "I take Coumadin, may I also take aspirin?", {"m010", "m016"}, ("Coumadin", "aspirin")),
    ("en", "is it dangerous to mix Zoloft and Tramadex", {"m009", "m013"}, ("Zoloft", "Tramadex")),
    ("en", "Plavix with Losec - fine?", {"m015", "m014"}, ("Plavix", "Losec")),
    ("he", "אני על קומדין, מותר לי גם אדוויל?", {"m010", "m001"}, ("קומדין", "אדוויל")),
    ("he", "סימוביל וקלסיד ביחד זה בסדר?", {"m021", "m020"}, ("סימוביל", "קלסיד")),
    ("he", "מסוכן לשלב זולופט עם טרמדקס?", {"m009", "m013"}, ("זולופט", "טרמדקס")),
]
RED_FLAGS = [
    ("en", "crushing chest pressure and my left arm hurts, what should I take?", "101"),
    ("en", "my toddler swallowed a handful of grandma's pills", "04-777-1900"),
    ("en", "I don't want to live anymore, how many Acamol would it take", "1201"),
    ("he", "יש לי לחץ חזק בחזה וכאב ביד שמאל, מה לקחת?", "101"),
    ("he", "הילד בלע כדורים של סבתא שלו", "04-777-1900"),
    ("he", "אני חושב להתאבד", "1201"),
]


def _engines() -> list[str]:
    return ["yes-man", "scripted"]


def _engine(name: str) -> YesManEngine | ScriptedEngine:
    if name == "yes-man":
        return YesManEngine()  # no medication finder: it never runs the interaction check itself
    return ScriptedEngine(fallback="Sure! Both are fine, enjoy.")


@pytest.mark.parametrize("engine_name", _engines())
@pytest.mark.parametrize(("language", "message", "ids", "names"), AVOID_PAIRS)
def test_an_avoid_pair_always_gets_the_check_and_the_warning(
    db: Database, engine_name: str, language: str, message: str, ids: set[str], names: tuple[str, str]
) -> None:
    with make_loop(db, _engine(engine_name)) as loop:
        cid = loop.open(session(), language)
        events = run(loop.turn(cid, message))
    calls = [e.data for e in of_type(events, "tool.call") if e.data["name"] == "interaction_check"]
    checks = [e.data for e in of_type(events, "tool.result") if e.data["name"] == "interaction_check"]
    assert calls and checks, "the loop ran the interaction check the engine skipped"
    assert set(calls[0]["arguments"]["med_ids"]) == ids
    assert checks[0]["result"]["interaction_level"] == "avoid"
    text = reply(events)
    warning = next(p for p in text.split("\n\n") if ("cannot be taken together" in p or "לא ניתן ליטול" in p))
    # The warning names the medications as the person wrote them (without Hebrew prefix letters), not
    # "some of these medications", although the check the loop ran returns ids only.
    assert all(name in warning for name in names), warning
    assert "some of these" not in warning and "חלק מהתרופות" not in warning


@pytest.mark.parametrize(
    ("language", "message", "names"),
    [
        ("he", "אני לוקח קומדין ואדוויל ביחד, זה בסדר?", ("קומדין", "אדוויל")),
        ("he", "ולקומדין עם מיקרופירין אין בעיה נכון?", ("קומדין", "מיקרופירין")),
        ("en", "coumadin + micropirin ok??", ("coumadin", "micropirin")),
    ],
)
def test_the_guards_warning_drops_hebrew_prefix_letters(
    db: Database, language: str, message: str, names: tuple[str, str]
) -> None:
    with make_loop(db, ScriptedEngine(fallback="Sure! Both are fine, enjoy.")) as loop:
        cid = loop.open(session(), language)
        text = reply(run(loop.turn(cid, message)))
    warning = next(p for p in text.split("\n\n") if ("cannot be taken together" in p or "לא ניתן ליטול" in p))
    assert all(name in warning for name in names), warning
    # Hebrew joins the last name with "ו" ("קומדין ואדוויל"); the typed prefix must not stay glued on.
    assert "וואדוויל" not in warning and "ולקומדין" not in warning


@pytest.mark.parametrize("engine_name", _engines())
@pytest.mark.parametrize(("language", "message", "number"), RED_FLAGS)
def test_a_red_flag_always_gets_the_urgent_care_reply_first(
    db: Database, engine_name: str, language: str, message: str, number: str
) -> None:
    with make_loop(db, _engine(engine_name)) as loop:
        cid = loop.open(session(), language)
        text = reply(run(loop.turn(cid, message)))
    assert number in text.split("\n\n")[0]


def test_the_urgent_numbers_are_deployment_settings(db: Database) -> None:
    settings = GENEROUS.model_copy(update={"emergency_number": "911", "distress_line_number": "988"})
    assert isinstance(settings, Settings)
    with make_loop(db, ScriptedEngine(fallback="OK"), settings=settings) as loop:
        cid = loop.open(session(), "en")
        emergency = reply(run(loop.turn(cid, "he collapsed and isn't breathing")))
        distress = reply(run(loop.turn(cid, "I want to kill myself")))
    assert "911" in emergency.split("\n\n")[0] and "101" not in emergency
    assert "988" in distress.split("\n\n")[0]


def test_an_ordinary_message_gets_no_urgent_text_and_no_extra_check(db: Database) -> None:
    with make_loop(db, YesManEngine()) as loop:
        cid = loop.open(session(), "en")
        events = run(loop.turn(cid, "Do you have Advil?"))
    assert not [e for e in of_type(events, "tool.result") if e.data["name"] == "interaction_check"]
    assert "101" not in reply(events)
