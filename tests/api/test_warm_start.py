"""A worker warms its conversation loop before it answers any request.

The engine is built and a message in each language is read while the app starts, so the first customer's
turn is not the one that imports the engine and compiles the language layer (most of a second). An engine
that cannot be built does not stop the app: the health and staff endpoints answer, and each turn gets the
same typed error it would have got without the warm-up.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator

import pytest

from pharmai.agent.base import TurnInput
from tests.api.conftest import STAFF_KEY, AppFactory, open_conversation, say


class _WarmedEngine:
    """Records when it was warmed and whether a turn had arrived by then."""

    name = "warmed"

    def __init__(self) -> None:
        self.warmed = threading.Event()
        self.turns_before_warm: int | None = None
        self.turns = 0

    def warm(self) -> None:
        self.turns_before_warm = self.turns
        self.warmed.set()

    def respond(self, turn: TurnInput) -> Iterator[str]:
        self.turns += 1
        yield "warm: " + turn.message


def test_the_engine_is_warmed_when_the_app_starts_before_any_turn(make_client: AppFactory) -> None:
    engine = _WarmedEngine()
    client = make_client(app_kwargs={"engine": engine})
    # Started, and nothing asked yet: the warm-up has already run.
    assert engine.warmed.is_set()
    assert engine.turns_before_warm == 0
    cid, headers = open_conversation(client, language="en")
    events = say(client, cid, headers, "hello")
    assert any(name == "message.done" for name, _ in events)
    assert engine.turns == 1


def test_the_offline_engines_first_turn_answers_from_the_warm_engine(make_client: AppFactory) -> None:
    client = make_client()
    for language, message, expected in (
        ("en", "Is Advil in stock?", "Advil"),
        ("he", "יש אקמול במלאי?", "אקמול"),
    ):
        cid, headers = open_conversation(client, language=language)
        events = say(client, cid, headers, message)
        reply = "".join(str(data.get("text", "")) for name, data in events if name == "message.delta")
        assert expected in reply, events
        assert any(name == "tool.result" for name, _ in events)


@pytest.mark.parametrize("language", ["en", "he"])
def test_an_engine_that_cannot_be_built_still_lets_the_app_start(
    make_client: AppFactory, monkeypatch: pytest.MonkeyPatch, language: str
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    client = make_client(engine="openai")
    assert client.get("/healthz").status_code == 200
    staff = client.get("/v1/tools", headers={"Authorization": f"Bearer {STAFF_KEY}"})
    assert staff.status_code == 200
    cid, headers = open_conversation(client, language=language)
    events = say(client, cid, headers, "hello")
    errors = [data for name, data in events if name == "error"]
    assert errors and errors[0]["code"] == "VALIDATION_ERROR", events
    assert "OPENAI_API_KEY" in str(errors[0])
