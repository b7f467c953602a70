"""The real web UI in headless Chromium against a real ``pharmai serve`` (offline engine, demo mode)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import RefillRequest
from tests.web.conftest import ARTIFACTS, STAFF_KEY, Server

pytestmark = pytest.mark.xdist_group("browser")

TIMEOUT_MS = 20_000


def _open(context: Any, server: Server, language: str = "he") -> Any:
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('pharmai.lang', '{language}')")
    page.goto(server.base_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    return page


def _ask(page: Any, text: str) -> Any:
    """Send ``text`` and return the locator of the finished assistant reply."""
    done = page.locator(".msg.assistant.done")
    before = done.count()
    page.fill("#input", text)
    page.press("#input", "Enter")
    page.wait_for_function(
        "n => document.querySelectorAll('.msg.assistant.done').length > n", arg=before, timeout=TIMEOUT_MS
    )
    return done.nth(before)


def _wait_reply_count(page: Any, count: int) -> Any:
    page.wait_for_function(
        "n => document.querySelectorAll('.msg.assistant.done').length >= n", arg=count, timeout=TIMEOUT_MS
    )
    return page.locator(".msg.assistant.done").nth(count - 1)


def _refills(server: Server) -> int:
    db = Database(server.database_url)
    try:
        with db.session() as session:
            return int(session.scalar(select(func.count()).select_from(RefillRequest)) or 0)
    finally:
        db.dispose()


def test_hebrew_availability_right_to_left_with_tool_trace(browser_context: Any, server: Server) -> None:
    page = _open(browser_context, server, "he")
    assert page.get_attribute("html", "dir") == "rtl"
    reply = _ask(page, "יש אדוויל במלאי?")
    assert reply.get_attribute("dir") == "rtl" and reply.get_attribute("data-language") == "he"
    text = reply.locator(".text").inner_text()
    assert "אדוויל" in text and "אזל" in text
    user = page.locator(".msg.user").last
    assert user.get_attribute("dir") == "rtl"
    trace = page.locator(".trace-item.ok")
    assert trace.count() >= 1
    assert trace.first.locator(".trace-name").inner_text() == "inventory_check"
    assert re.search(r"\d", trace.first.locator(".trace-duration").inner_text())
    assert '"med_id": "m001"' in trace.first.locator(".trace-args pre").text_content()
    page.screenshot(path=str(ARTIFACTS / "01-hebrew-availability.png"), full_page=True)


def test_otp_sign_in_and_refill_approved_in_the_dialog(browser_context: Any, server: Server) -> None:
    page = _open(browser_context, server, "he")
    page.click("#lang-toggle")  # the language toggle switches the whole page to English, left to right
    assert page.get_attribute("html", "dir") == "ltr"
    page.select_option("#identity", "otp")
    page.wait_for_selector("#signin:not([hidden])", timeout=TIMEOUT_MS)
    page.fill("#signin-id", "david.cohen@example.com")
    page.click("#signin-send")
    sent = _wait_reply_count(page, 1)
    assert "code" in sent.locator(".text").inner_text()

    outbox = browser_context.new_page()
    outbox.goto(server.base_url + "/outbox")
    outbox.wait_for_selector(".outbox-item", timeout=TIMEOUT_MS)
    body = outbox.locator(".outbox-item .outbox-body").first.inner_text()
    code = re.search(r"\b(\d{6})\b", body)
    assert code, body
    outbox.screenshot(path=str(ARTIFACTS / "02-outbox.png"))
    outbox.close()

    page.fill("#signin-code", code.group(1))
    page.click("#signin-verify")
    verified = _wait_reply_count(page, 2)
    assert "verified" in verified.locator(".text").inner_text()

    before = _refills(server)
    _ask(page, "I want to refill my Glucophage")
    dialog = page.locator("dialog#confirm")
    dialog.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "p002" in page.locator("#confirm-summary").inner_text()
    assert page.locator("#confirm-tool").inner_text() == "request_refill"
    page.screenshot(path=str(ARTIFACTS / "03-confirmation-dialog.png"), full_page=True)
    assert _refills(server) == before  # nothing happens before the approval

    replies = page.locator(".msg.assistant.done").count()
    page.click("#confirm-approve")
    _wait_reply_count(page, replies + 1)
    assert _refills(server) == before + 1
    refill = page.locator(".trace-item", has=page.locator(".trace-name", has_text="request_refill")).last
    assert "ok" in (refill.get_attribute("class") or "")
    page.screenshot(path=str(ARTIFACTS / "04-refill-approved.png"), full_page=True)


def test_advice_question_refused(browser_context: Any, server: Server) -> None:
    page = _open(browser_context, server, "he")
    reply = _ask(page, "האם כדאי לי לקחת אדוויל או אקמול לכאב ראש?")
    text = reply.locator(".text").inner_text()
    assert "ייעוץ רפואי" in text and "רוקח" in text
    assert reply.get_attribute("dir") == "rtl"
    page.screenshot(path=str(ARTIFACTS / "05-advice-refused.png"), full_page=True)


def test_markup_in_messages_is_shown_as_text(browser_context: Any, server: Server) -> None:
    page = _open(browser_context, server, "en")
    _ask(page, '<img src=x onerror="window.__pwned=1"> is Advil in stock?')
    assert page.locator(".messages img").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert "<img" in page.locator(".msg.user .text").last.inner_text()


def test_tool_tester_runs_a_tool_from_its_generated_form(browser_context: Any, server: Server) -> None:
    page = browser_context.new_page()
    page.goto(server.base_url + "/tester")
    page.fill("#key", STAFF_KEY)
    page.click("#load")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    page.select_option("#tool", "inventory_check")
    page.fill("#f-query", "Nurofen")
    page.click("#run")
    page.wait_for_function("() => document.getElementById('envelope').textContent.includes('tool_call_id')")
    envelope = page.locator("#envelope").inner_text()
    assert '"ok": true' in envelope and '"m002"' in envelope
    assert "ms" in page.locator("#time").inner_text()
    page.screenshot(path=str(ARTIFACTS / "06-tool-tester.png"), full_page=True)
