"""Fixtures of the transcript tests: one loop with the offline engine over the demo database."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db.engine import Database
from tests.agent.transcripts.harness import Chat, make_loop
from tests.conftest import TODAY


@pytest.fixture
def loop(db: Database) -> Iterator[ConversationLoop]:
    with make_loop(db, FixedClock(TODAY)) as built:
        yield built


@pytest.fixture
def chat(loop: ConversationLoop, db: Database) -> Callable[..., Chat]:
    def make(language: str = "en", **options: object) -> Chat:
        return Chat(loop, db, language=language, **options)  # type: ignore[arg-type]

    return make
