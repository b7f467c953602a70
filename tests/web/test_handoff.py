"""The customer's web chat during a takeover, in headless Chromium against a real ``pharmai serve``.

A Hebrew (and an English) conversation is handed off in chat; a pharmacist claims it and answers over the
staff API; the page shows "a pharmacist has joined" and the pharmacist's messages live, the assistant
stays silent while the pharmacist holds the conversation, and answers again once handed back.
"""

from __future__ import annotations

import uuid
from typing import Any

import httpx
import pytest

from pharmai.db import Database
from tests import _staff as staff_support
from tests.handoff.support import NOW
from tests.web.conftest import Server
from tests.web.pages import TIMEOUT_MS, ask, open_chat, replies, shot

pytestmark = pytest.mark.xdist_group("browser")

TEXTS = {
    "he": {
        "handoff": "אני רוצה לדבר עם רוקח",
        "joined": "הצטרף/ה לשיחה",
        "answer": "שלום, אני הרוקחת. איך אפשר לעזור?",
        "held": "תודה, יש לי שאלה על המרשם",
        "left": "החזיר/ה את השיחה",
        "after": "יש לכם אקמול?",
    },
    "en": {
        "handoff": "I want to talk to a pharmacist",
        "joined": "has joined the conversation",
        "answer": "Hello, I am the pharmacist. How can I help?",
        "held": "Thanks, I have a question about my prescription",
        "left": "handed the conversation back",
        "after": "Do you have Acamol?",
    },
}


def _pharmacist(server: Server) -> dict[str, str]:
    database = Database(server.database_url)
    name = f"web-{uuid.uuid4().hex[:8]}"
    try:
        staff_support.add(database, name, "pharmacist", NOW)
        token, _ = staff_support.token_for(database, name, NOW)
    finally:
        database.dispose()
    return {"Authorization": f"Bearer {token}"}


@pytest.mark.parametrize("language", ["he", "en"])
def test_the_customer_sees_the_pharmacist_live(browser_context: Any, server: Server, language: str) -> None:
    texts = TEXTS[language]
    page = open_chat(browser_context, server, language)
    ask(page, texts["handoff"])
    conversation = page.evaluate("document.body.dataset.conversation")
    dana = _pharmacist(server)
    with httpx.Client(base_url=server.base_url, timeout=20, headers=dana) as staff:
        queue = staff.get("/v1/staff/queue").json()["tickets"]
        ticket = next(t for t in queue if t["conversation_id"] == conversation)["ticket_id"]
        assert staff.post(f"/v1/staff/tickets/{ticket}/claim").status_code == 200
        page.locator(".msg.notice", has_text=texts["joined"]).wait_for(timeout=TIMEOUT_MS)

        assert staff.post(f"/v1/staff/tickets/{ticket}/reply", json={"text": texts["answer"]}).status_code == 200
        bubble = page.locator(".msg.pharmacist", has_text=texts["answer"])
        bubble.wait_for(timeout=TIMEOUT_MS)
        assert bubble.get_attribute("dir") == ("rtl" if language == "he" else "ltr")

        # Held: the message goes to the pharmacist, and no assistant reply appears.
        before = replies(page)
        page.fill("#input", texts["held"])
        page.press("#input", "Enter")
        page.locator(".msg.notice").nth(1).wait_for(timeout=TIMEOUT_MS)
        assert replies(page) == before and page.locator(".msg.assistant.streaming").count() == 0
        rows = staff.get(f"/v1/staff/tickets/{ticket}/conversation").json()["messages"]
        assert rows[-1]["text"] == texts["held"] and rows[-1]["held"] is True
        shot(page, f"handoff-held-{language}")

        assert staff.post(f"/v1/staff/tickets/{ticket}/hand-back").status_code == 200
        page.locator(".msg.notice", has_text=texts["left"]).wait_for(timeout=TIMEOUT_MS)
        reply = ask(page, texts["after"])  # the assistant answers again
        assert reply.inner_text().strip()
        assert staff.post(f"/v1/staff/tickets/{ticket}/resolve", json={"note": "done"}).status_code == 200
