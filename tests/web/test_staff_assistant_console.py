"""The staff console's "My assistant" tab in headless Chromium, against a real ``pharmai serve``.

In Hebrew a pharmacist signs in, opens the assistant and asks for a creatinine clearance with its values:
the reply streams in, right to left, with the score tool in its trace. In English a pharmacist books a
consultation slot: the booking waits for the Approve button, lands once, and a reload shows the same
conversation again; the tab passes axe-core. A colleague never sees it. A document the assistant quoted is
listed under its reply as a source.
"""

from __future__ import annotations

from typing import Any

import pytest

from pharmai.db.engine import Database
from pharmai.evals._seeds import apply_seeds
from pharmai.evals.task import DocumentSeed, SeedDocument
from tests.conftest import TODAY
from tests.web.conftest import Server
from tests.web.pages import TIMEOUT_MS, axe_violations, describe, shot
from tests.web.test_staff_console import _account, _console, _sign_in

pytestmark = pytest.mark.xdist_group("browser")


def _open_assistant(page: Any) -> None:
    page.click("#tab-assistant")
    page.wait_for_selector("body[data-tab='assistant'] #assistant-view:not([hidden])", timeout=TIMEOUT_MS)


def _ask(page: Any, text: str) -> Any:
    """Send ``text`` to the assistant; the finished reply's bubble."""
    before = page.locator("#assistant-messages .msg.assistant.done").count()
    page.fill("#assistant-input", text)
    page.press("#assistant-input", "Enter")
    reply = page.locator("#assistant-messages .msg.assistant.done").nth(before)
    reply.wait_for(timeout=TIMEOUT_MS)
    page.wait_for_selector("body[data-assistant='ready']", timeout=TIMEOUT_MS)
    return reply


def test_a_hebrew_creatinine_clearance_in_the_assistant(browser: Any, server: Server) -> None:
    context, page = _console(browser, server.base_url, "he")
    try:
        _sign_in(page, _account(server.database_url))
        assert page.inner_text("#tab-assistant") == "העוזר שלי"
        _open_assistant(page)
        assert page.evaluate("document.activeElement.id") == "assistant-input"
        question = 'תחשב פינוי קריאטינין לגבר בן 70, 72 ק"ג, קריאטינין 1.1'
        reply = _ask(page, question)
        assert "63.6" in reply.inner_text() and reply.get_attribute("dir") == "rtl"
        assert reply.locator(".trace-name", has_text="calculate_medical_score").count() == 1
        mine = page.locator("#assistant-messages .msg.pharmacist.mine", has_text="פינוי קריאטינין")
        assert mine.count() == 1 and mine.get_attribute("dir") == "rtl"
        assert page.locator("#assistant-confirm").is_hidden()
        assert page.input_value("#assistant-input") == ""
        # The case view is one click away, the assistant's log kept.
        page.click("#tab-cases")
        page.wait_for_selector("body[data-tab='cases'] #cases-view:not([hidden])", timeout=TIMEOUT_MS)
        assert page.locator("#assistant-view").is_hidden()
        _open_assistant(page)
        assert "63.6" in page.inner_text("#assistant-messages")
        shot(page, "staff-assistant-he")
    finally:
        context.close()


def test_an_english_booking_with_approval_survives_a_reload(browser: Any, server: Server) -> None:
    username = _account(server.database_url)
    context, page = _console(browser, server.base_url, "en")
    try:
        _sign_in(page, username)
        _open_assistant(page)
        assert page.inner_text("#assistant-title") == "Pharmacist's assistant"
        problems = axe_violations(page)
        assert not problems, "assistant (en):\n" + describe(problems)

        free = _ask(page, "free consultation slots tomorrow in Dizengoff?")
        assert "11:30" in free.inner_text()
        assert free.locator(".trace-name", has_text="get_calendar_events").count() == 1

        asked = _ask(page, "book a consultation tomorrow at 11:30 in Dizengoff")
        page.wait_for_selector("body[data-assistant-pending='1'] #assistant-confirm:not([hidden])", timeout=TIMEOUT_MS)
        assert asked.locator(".trace-name", has_text="create_calendar_event").count() == 1
        assert page.inner_text("#assistant-confirm-summary").strip()
        problems = axe_violations(page)
        assert not problems, "confirmation (en):\n" + describe(problems)
        shot(page, "staff-assistant-confirm-en")

        page.click("#assistant-approve")
        booked = page.locator("#assistant-messages .msg.assistant.done", has_text="Booked")
        booked.wait_for(timeout=TIMEOUT_MS)
        assert "11:30" in booked.inner_text()
        page.wait_for_selector("body[data-assistant-pending='0'] #assistant-confirm[hidden]", state="attached")
        assert page.locator("#assistant-messages .msg.notice", has_text="You approved").count() == 1

        # A reload keeps the session and the conversation (this tab's sessionStorage); nothing is pending.
        page.reload()
        page.wait_for_selector("body[data-signed-in='1']", timeout=TIMEOUT_MS)
        _open_assistant(page)
        page.locator("#assistant-messages .msg.assistant", has_text="Booked").wait_for(timeout=TIMEOUT_MS)
        assert page.locator("#assistant-confirm").is_hidden()
        shot(page, "staff-assistant-booked-en")

        # The same slot again: the assistant says it is taken, and there is nothing to approve.
        again = _ask(page, "book a consultation tomorrow at 11:30 in Dizengoff")
        assert again.inner_text().strip() and page.locator("#assistant-confirm").is_hidden()

        # A colleague signed in elsewhere starts with an empty assistant.
        other, colleague = _console(browser, server.base_url, "en")
        try:
            _sign_in(colleague, _account(server.database_url))
            _open_assistant(colleague)
            assert colleague.locator("#assistant-messages .msg").count() == 0
        finally:
            other.close()

        # Signing out leaves nothing of the conversation on the page.
        page.click("#sign-out")
        page.wait_for_selector("#signin-form:not([hidden])", timeout=TIMEOUT_MS)
        assert page.locator("#assistant-messages .msg").count() == 0
        assert page.evaluate("sessionStorage.length") == 0
    finally:
        context.close()


def test_the_documents_the_assistant_quoted_are_listed_as_sources(browser: Any, server: Server) -> None:
    # The pharmacy's own SOP, imported into the served database the way `pharmai docs import` stores it.
    database = Database(server.database_url)
    try:
        text = "# נוהל שרשרת קירור\n\nמלאי בקירור נשמר ב-2-8 מעלות, עם רישום פעמיים ביום.\n"
        apply_seeds(database, [SeedDocument(document=DocumentSeed(path="sops/cold-he.md", text=text))], TODAY)
    finally:
        database.dispose()
    context, page = _console(browser, server.base_url, "he")
    try:
        _sign_in(page, _account(server.database_url))
        _open_assistant(page)
        reply = _ask(page, "מה כתוב בנוהל שלנו על שרשרת קירור?")
        assert "2-8" in reply.inner_text()
        sources = reply.locator(".sources")
        assert sources.locator(".sources-title").inner_text() == "מקורות"
        assert sources.locator(".source").count() >= 1
        assert "sops/cold-he.md" in sources.inner_text() or "נוהל שרשרת קירור" in sources.inner_text()
        # A folder import has no web address: the title is text, never a link to a local path.
        assert sources.locator("a").count() == 0
    finally:
        context.close()
