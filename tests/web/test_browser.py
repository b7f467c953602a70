"""End-to-end flows of the real web UI in headless Chromium against ``pharmai serve`` (offline, demo mode)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import STAFF_KEY, Server
from tests.web.pages import TIMEOUT_MS, ask, open_chat, open_menu, refills, shot, wait_replies

pytestmark = pytest.mark.xdist_group("browser")


def test_hebrew_availability_right_to_left_with_tool_trace(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    assert page.get_attribute("html", "dir") == "rtl"
    reply = ask(page, "יש אדוויל במלאי?")
    assert reply.get_attribute("dir") == "rtl" and reply.get_attribute("data-language") == "he"
    text = reply.locator(".body").inner_text()
    assert "אדוויל" in text and "אזל" in text
    assert page.locator(".msg.user").last.get_attribute("dir") == "rtl"
    trace = reply.locator(".trace-item.ok")
    assert trace.count() >= 1
    assert trace.first.locator(".trace-name").inner_text() == "inventory_check"
    assert re.search(r"\d", trace.first.locator(".trace-duration").inner_text())
    shot(page, "10-hebrew-availability")


def test_otp_sign_in_form_and_refill_approved_in_the_dialog(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    page.click("#lang-toggle")  # the language toggle switches the whole page to English, left to right
    assert page.get_attribute("html", "dir") == "ltr"
    open_menu(page)
    conversation = page.evaluate("document.body.dataset.conversation")
    page.select_option("#identity", "otp")
    page.wait_for_function("c => document.body.dataset.conversation !== c", arg=conversation, timeout=TIMEOUT_MS)
    page.click("#menu-toggle")
    page.wait_for_selector("#signin:not([hidden])", timeout=TIMEOUT_MS)
    page.fill("#signin-id", "david.cohen@example.com")
    page.click("#signin-send")
    sent = wait_replies(page, 1)
    assert "code" in sent.locator(".body").inner_text()

    outbox = browser_context.new_page()
    outbox.goto(server.base_url + "/outbox")
    outbox.wait_for_selector(".outbox-item", timeout=TIMEOUT_MS)
    body = outbox.locator(".outbox-item .outbox-body").first.inner_text()
    code = re.search(r"\b(\d{6})\b", body)
    assert code, body
    shot(outbox, "11-outbox")
    outbox.close()

    page.fill("#signin-code", code.group(1))
    page.click("#signin-verify")
    verified = wait_replies(page, 2)
    assert "verified" in verified.locator(".body").inner_text()
    page.wait_for_selector("#signin[hidden]", state="attached")  # signed in: the form goes away
    assert "David Cohen" in page.inner_text("#session-status")

    before = refills(server)
    ask(page, "I want to refill my Glucophage")
    page.locator("dialog#confirm").wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "Glucophage" in page.inner_text("#confirm-facts")
    assert refills(server) == before
    replies = page.locator(".msg.assistant.done").count()
    page.click("#confirm-approve")
    wait_replies(page, replies + 1)
    assert refills(server) == before + 1


def test_advice_question_refused(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    reply = ask(page, "האם כדאי לי לקחת אדוויל או אקמול לכאב ראש?")
    text = reply.locator(".body").inner_text()
    assert "ייעוץ רפואי" in text and "רוקח" in text
    assert reply.get_attribute("dir") == "rtl"
    assert reply.locator(".card").count() == 0
    shot(page, "12-advice-refused")


def test_markup_in_messages_is_shown_as_text(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "en")
    ask(page, '<img src=x onerror="window.__pwned=1"> is Advil in stock?')
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
    shot(page, "13-tool-tester")
