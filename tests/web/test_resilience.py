"""When the server goes away: friendly words, honest state, and delivery to a valid conversation after.

The stop-and-back tests run their own ``pharmai serve``, so they can stop it and start it again on the
same port.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import Message
from tests.web.conftest import Server, launch_server
from tests.web.pages import TIMEOUT_MS, ask, new_context, open_chat, shot, sse, wait_replies

pytestmark = pytest.mark.xdist_group("browser")

OFFLINE = {"he": "אין חיבור לעוזר כרגע", "en": "Can't reach the assistant right now"}
UNSENT = {"he": "לא נשלחה", "en": "Not sent"}
NEW_FAILED = {"he": "לא הצלחנו לפתוח שיחה חדשה", "en": "Couldn't start a new chat"}
REOPENED = {"he": "השיחה הקודמת אינה זמינה עוד", "en": "The previous chat is no longer available"}
INTERRUPTED = {"he": "התשובה נקטעה", "en": "The reply was cut off"}
QUESTION = {"he": "מה זה אקמול?", "en": "What is Acamol?"}
ACAMOL = {"he": "אקמול", "en": "Acamol"}
RAW_ERRORS = ("TypeError", "Failed to fetch", "NetworkError", "HTTP_", "undefined")


def _user_messages(server: Server, conversation_id: str) -> list[str]:
    db = Database(server.database_url)
    try:
        with db.session() as session:
            rows = session.scalars(
                select(Message.content).where(Message.conversation_id == conversation_id, Message.role == "user")
            )
            return list(rows)
    finally:
        db.dispose()


@pytest.mark.parametrize(("language", "fresh_database"), [("he", True), ("en", False)])
def test_server_stopped_and_back(browser: Any, tmp_path: Path, language: str, fresh_database: bool) -> None:
    """Hebrew: the server returns on another database (the old conversation is gone); English: on the same."""
    server = launch_server(tmp_path)
    context = new_context(browser)
    try:
        page = open_chat(context, server, language)
        ask(page, "יש אדוויל במלאי?" if language == "he" else "Is Advil in stock?")
        before = page.evaluate("document.body.dataset.conversation")
        server.stop()

        page.fill("#input", QUESTION[language])
        page.press("#input", "Enter")
        page.locator(".msg.user.unsent").wait_for(timeout=TIMEOUT_MS)
        assert page.locator(".msg.user.unsent .note").inner_text().startswith(UNSENT[language])
        page.locator("#banner:not([hidden])").wait_for(timeout=TIMEOUT_MS)
        assert page.inner_text("#banner").startswith(OFFLINE[language])
        shot(page, f"16-server-stopped-{language}")

        page.click("#new-chat")  # fails, and says so; the current chat and its messages stay
        page.wait_for_function("() => document.getElementById('session-status').textContent.length > 0")
        assert page.inner_text("#session-status").startswith(NEW_FAILED[language])
        assert page.evaluate("document.body.dataset.conversation") == before
        assert page.locator(".msg").count() == 3
        text = page.inner_text("body")
        assert not any(raw in text for raw in RAW_ERRORS), text
        shot(page, f"17-new-chat-while-stopped-{language}")

        server.start(f"sqlite:///{tmp_path / 'other.db'}" if fresh_database else None)
        reply = wait_replies(page, 2)  # the unsent message goes out by itself once the server answers
        assert ACAMOL[language] in reply.locator(".body").inner_text()
        assert "error" not in (reply.get_attribute("class") or "")
        assert page.locator(".msg.unsent, .msg.queued").count() == 0
        after = page.evaluate("document.body.dataset.conversation")
        if fresh_database:
            assert after != before and page.inner_text("#session-status").startswith(REOPENED[language])
        else:
            assert after == before
        assert QUESTION[language] in _user_messages(server, after)  # stored in a conversation the server knows
        page.locator("#banner:not(.offline)").wait_for(state="attached", timeout=TIMEOUT_MS)
        shot(page, f"18-server-back-{language}")
        assert ACAMOL[language] in ask(page, QUESTION[language]).locator(".body").inner_text()
    finally:
        context.close()
        server.stop()


@pytest.mark.parametrize("language", ["he", "en"])
def test_a_reply_cut_off_mid_stream_offers_a_retry(browser: Any, server: Server, language: str) -> None:
    context = new_context(browser)
    try:
        page = open_chat(context, server, language)
        partial = sse(("tool.call", {"id": "c1", "name": "inventory_check", "arguments": {}}))
        page.route(
            "**/v1/conversations/*/messages",
            lambda route: route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=partial),
            times=1,
        )
        page.fill("#input", QUESTION[language])
        page.press("#input", "Enter")
        broken = wait_replies(page, 1)
        assert "error" in (broken.get_attribute("class") or "")
        assert broken.locator(".body").inner_text().startswith(INTERRUPTED[language])
        assert not any(raw in page.inner_text("body") for raw in RAW_ERRORS)
        broken.locator("button.retry").click()  # the person decides to send it again
        assert ACAMOL[language] in wait_replies(page, 2).locator(".body").inner_text()
    finally:
        context.close()
