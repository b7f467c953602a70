"""The staff console at ``/staff`` in headless Chromium, against real ``pharmai serve`` processes.

A customer's Hebrew conversation is handed off in the web chat; a pharmacist signs in to the console,
sees the case arrive in the live queue, reads the transcript with its tool trace, claims it and answers;
the customer's page shows the pharmacist joining and the answer live, the pharmacist sees the customer's
next message live (the assistant silent), hands back, the assistant answers the customer again, and the
pharmacist resolves the case with a note. Once on one server (SQLite), once with the customer on one
instance and the pharmacist on another sharing PostgreSQL and Redis; and an English smoke of the console
with axe-core in both languages.
"""

from __future__ import annotations

import os
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from pharmai.api import create_app
from pharmai.db import Database
from pharmai.settings import Settings
from tests import _staff as staff_support
from tests._serve import serving
from tests.conftest import TODAY
from tests.handoff.support import NOW
from tests.web.conftest import STAFF_KEY, Server
from tests.web.pages import PHONE, TIMEOUT_MS, ask, axe_violations, describe, new_context, replies, shot

PG_URL = os.environ.get("PHARMAI_TEST_DATABASE_URL")
REDIS_URL = os.environ.get("PHARMAI_TEST_REDIS_URL")

pytestmark = pytest.mark.xdist_group("browser")

TEXTS = {
    "he": {
        "handoff": "אני רוצה לדבר עם רוקח",
        "joined": "הצטרף/ה לשיחה",
        "answer": "שלום, אני הרוקחת דנה. במה אפשר לעזור?",
        "held": "יש לי שאלה על המרשם שלי",
        "left": "החזיר/ה את השיחה",
        "after": "יש לכם אקמול?",
        "note": "הלקוחה קיבלה תשובה על המרשם",
        "resolved": "נפתרה",
    },
    "en": {
        "handoff": "I want to talk to a pharmacist",
        "joined": "has joined the conversation",
        "answer": "Hello, I am Dana, the pharmacist. How can I help?",
        "held": "I have a question about my prescription",
        "left": "handed the conversation back",
        "after": "Do you have Acamol?",
        "note": "Answered the prescription question",
        "resolved": "is resolved",
    },
}


def test_the_console_page_is_served_outside_the_demo_too(db: Database) -> None:
    settings = Settings(database_url=db.url, identity_mode="otp", redis_url=None, engine="offline", today=TODAY)
    with TestClient(create_app(settings, db, mount_mcp=False, audit="sync")) as client:
        page = client.get("/staff")
        assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
        assert 'id="signin-form"' in page.text and '<html lang="he" dir="rtl">' in page.text
        csp = page.headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        for asset in ("staff.js", "staff-api.js", "staff-view.js", "staff-texts.js", "staff.css"):
            assert client.get(f"/static/{asset}").status_code == 200, asset


def _account(database_url: str, role: str = "pharmacist") -> str:
    """A new staff account (password :data:`tests._staff.PASSWORD`); its username."""
    database = Database(database_url)
    name = f"console-{uuid.uuid4().hex[:8]}"
    try:
        staff_support.add(database, name, role, NOW)
    finally:
        database.dispose()
    return name


def _customer(browser: Any, base_url: str, language: str) -> tuple[Any, Any]:
    """A customer's chat page on ``base_url`` in ``language``, ready to type in."""
    context = browser.new_context(viewport={"width": 1000, "height": 800})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('pharmai.lang', '{language}')")
    page.goto(base_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    return context, page


def _console(browser: Any, base_url: str, language: str) -> tuple[Any, Any]:
    """The staff console in a context of its own (its own cookies), showing the sign-in form."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('pharmai.lang', '{language}')")
    page.goto(base_url + "/staff")
    page.wait_for_selector("body[data-ready='1'] #signin-form:not([hidden])", timeout=TIMEOUT_MS)
    return context, page


def _sign_in(page: Any, username: str, password: str = staff_support.PASSWORD) -> None:
    page.fill("#username", username)
    page.fill("#password", password)
    page.click("#sign-in")
    page.wait_for_selector("body[data-signed-in='1'] #console:not([hidden])", timeout=TIMEOUT_MS)


def _open_case(console: Any, conversation: str) -> Any:
    """Wait for the conversation's case in the live queue and open it; the queue's button."""
    item = console.locator(f"button.queue-item[data-conversation='{conversation}']")
    item.wait_for(timeout=TIMEOUT_MS)
    item.click()
    console.wait_for_function(
        "() => document.querySelector('button.queue-item[aria-current=\"true\"]') !== null", timeout=TIMEOUT_MS
    )
    return item


def _ticket(base_url: str, ticket_id: str) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {STAFF_KEY}"}
    response = httpx.get(f"{base_url}/v1/staff/tickets/{ticket_id}", headers=headers, timeout=20)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def _takeover(customer: Any, console: Any, staff_base: str, language: str, tag: str, live_ms: int = TIMEOUT_MS) -> None:
    """The whole takeover through the two pages (customer and pharmacist already signed in).

    ``live_ms`` bounds each wait for something the other side did to show up (live delivery).
    """
    texts = TEXTS[language]
    ask(customer, texts["handoff"])
    conversation = customer.evaluate("document.body.dataset.conversation")

    # The case arrives in the live queue; its transcript shows the customer's words and the tool trace.
    _open_case(console, conversation)
    ticket_id = console.evaluate("document.body.dataset.ticket")
    transcript = console.locator("#transcript")
    transcript.locator(".msg.user", has_text=texts["handoff"]).wait_for(timeout=TIMEOUT_MS)
    transcript.locator(".trace-name", has_text="transfer_to_pharmacist").wait_for(timeout=TIMEOUT_MS)
    assert console.locator("#reply-form").is_hidden()  # nobody answers before claiming

    # Claim: the customer is told a pharmacist joined; the pharmacist may now write.
    console.click("#claim")
    console.wait_for_selector("body[data-held='mine'] #reply-form:not([hidden])", timeout=TIMEOUT_MS)
    customer.locator(".msg.notice", has_text=texts["joined"]).wait_for(timeout=live_ms)

    # The answer reaches the customer's page live, in the conversation's direction.
    console.fill("#reply", texts["answer"])
    console.press("#reply", "Enter")
    bubble = customer.locator(".msg.pharmacist", has_text=texts["answer"])
    bubble.wait_for(timeout=live_ms)
    assert bubble.get_attribute("dir") == ("rtl" if language == "he" else "ltr")
    transcript.locator(".msg.pharmacist.mine", has_text=texts["answer"]).wait_for(timeout=TIMEOUT_MS)
    assert console.input_value("#reply") == ""

    # The customer writes while the pharmacist holds the conversation: it reaches the console live, and
    # the assistant stays silent.
    before = replies(customer)
    customer.fill("#input", texts["held"])
    customer.press("#input", "Enter")
    transcript.locator(".msg.user", has_text=texts["held"]).locator(".note").wait_for(timeout=live_ms)
    customer.locator(".msg.notice").nth(1).wait_for(timeout=TIMEOUT_MS)
    assert replies(customer) == before and customer.locator(".msg.assistant.streaming").count() == 0
    shot(console, f"staff-console-held-{tag}")

    # Hand back: the customer is told, and the assistant answers the next message (seen live by staff too).
    console.click("#hand-back")
    console.wait_for_selector("body[data-held='none'] #reply-form[hidden]", state="attached", timeout=TIMEOUT_MS)
    customer.locator(".msg.notice", has_text=texts["left"]).wait_for(timeout=live_ms)
    answered = ask(customer, texts["after"])
    assert answered.inner_text().strip()
    transcript.locator(".msg.user", has_text=texts["after"]).wait_for(timeout=TIMEOUT_MS)
    transcript.locator(".msg.assistant").last.locator(".trace-name", has_text="inventory_check").wait_for(
        timeout=TIMEOUT_MS
    )

    # Resolve with a note: the console says so, the note is listed, and the case leaves the queue.
    console.fill("#resolve-note", texts["note"])
    console.click("#resolve")
    console.wait_for_selector("body[data-ticket-status='resolved']", timeout=TIMEOUT_MS)
    assert texts["resolved"] in console.inner_text("#hold-status")
    console.locator("#notes", has_text=texts["note"]).wait_for(timeout=TIMEOUT_MS)
    console.locator(f"button.queue-item[data-ticket='{ticket_id}']").wait_for(state="detached", timeout=TIMEOUT_MS)
    shot(console, f"staff-console-resolved-{tag}")

    stored = _ticket(staff_base, ticket_id)
    assert stored["ticket"]["status"] == "resolved" and stored["held"] is False
    assert [n["body"] for n in stored["notes"] if n["kind"] == "resolution"] == [texts["note"]]


def test_a_hebrew_conversation_taken_over_in_the_console(browser: Any, server: Server) -> None:
    username = _account(server.database_url)
    customer_context, customer = _customer(browser, server.base_url, "he")
    console_context, console = _console(browser, server.base_url, "he")
    try:
        assert console.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["he", "rtl"]
        _sign_in(console, username)
        assert username in console.inner_text("#who")
        _takeover(customer, console, server.base_url, "he", "he")
    finally:
        customer_context.close()
        console_context.close()


def test_the_console_in_english_and_its_accessibility(browser: Any, server: Server) -> None:
    username = _account(server.database_url)
    customer_context, customer = _customer(browser, server.base_url, "en")
    console_context, console = _console(browser, server.base_url, "en")
    try:
        assert console.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["en", "ltr"]
        assert console.inner_text("#sign-in") == "Sign in"
        problems = axe_violations(console)
        assert not problems, "sign-in:\n" + describe(problems)

        # A wrong password: the server's answer, in English, and still signed out.
        console.fill("#username", username)
        console.fill("#password", "not the password")
        console.click("#sign-in")
        console.locator("#signin-error", has_text="Wrong username or password").wait_for(timeout=TIMEOUT_MS)
        assert console.locator("#console").is_hidden()

        _sign_in(console, username)
        ask(customer, TEXTS["en"]["handoff"])
        _open_case(console, customer.evaluate("document.body.dataset.conversation"))
        console.locator("#transcript .trace-name", has_text="transfer_to_pharmacist").wait_for(timeout=TIMEOUT_MS)
        assert console.inner_text("#claim") == "Claim"
        assert "The assistant is answering the customer" in console.inner_text("#hold-status")
        problems = axe_violations(console)
        assert not problems, "case open (en):\n" + describe(problems)

        # The language switch: Hebrew, right to left, labels and the queue relabelled; the session stays.
        console.click("#lang-toggle")
        assert console.evaluate("[document.documentElement.lang, document.documentElement.dir]") == ["he", "rtl"]
        assert console.inner_text("#claim") == "לקחת את הפנייה"
        assert console.title() == "pharmai — מסוף הצוות"
        problems = axe_violations(console)
        assert not problems, "case open (he):\n" + describe(problems)
        console.click("#lang-toggle")

        # A reload keeps the session (the cookie; the CSRF token comes back from /staff/session/me).
        console.reload()
        console.wait_for_selector("body[data-signed-in='1']", timeout=TIMEOUT_MS)
        _open_case(console, customer.evaluate("document.body.dataset.conversation"))
        console.click("#claim")
        console.wait_for_selector("body[data-held='mine'] #reply-form:not([hidden])", timeout=TIMEOUT_MS)
        console.fill("#resolve-note", "smoke")
        console.click("#resolve")
        console.wait_for_selector("body[data-ticket-status='resolved']", timeout=TIMEOUT_MS)
        customer.locator(".msg.notice", has_text=TEXTS["en"]["left"]).wait_for(timeout=TIMEOUT_MS)
        shot(console, "staff-console-en")

        console.click("#sign-out")
        console.wait_for_selector("#signin-form:not([hidden])", timeout=TIMEOUT_MS)
        status = console.evaluate("fetch('/staff/session/me').then(r => r.status)")
        assert status == 401
    finally:
        customer_context.close()
        console_context.close()


def test_the_console_on_a_phone_in_the_dark(browser: Any, server: Server) -> None:
    # A case handed off over the API (the customer's page is not what this test looks at).
    with httpx.Client(base_url=server.base_url, timeout=30) as http:
        created = http.post("/v1/conversations", json={"language": "he", "identity_mode": "demo", "user_id": "u002"})
        assert created.status_code == 201, created.text
        body = created.json()
        headers = {"Authorization": f"Bearer {body['token']}"}
        turn = http.post(
            f"/v1/conversations/{body['conversation_id']}/messages",
            json={"content": TEXTS["he"]["handoff"]},
            headers=headers,
        )
        assert turn.status_code == 200 and "transfer_to_pharmacist" in turn.text
    context = new_context(browser, PHONE, color_scheme="dark")
    try:
        page = context.new_page()
        page.add_init_script("localStorage.setItem('pharmai.lang', 'he')")
        page.goto(server.base_url + "/staff")
        page.wait_for_selector("body[data-ready='1'] #signin-form:not([hidden])", timeout=TIMEOUT_MS)
        _sign_in(page, _account(server.database_url))
        _open_case(page, body["conversation_id"])
        page.locator("#transcript .trace-name", has_text="transfer_to_pharmacist").wait_for(timeout=TIMEOUT_MS)
        width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        problems = axe_violations(page)
        assert not problems, describe(problems)
        shot(page, "staff-console-phone-dark")
    finally:
        context.close()


_SERVE = {
    "PHARMAI_ENGINE": "offline",
    "PHARMAI_IDENTITY_MODE": "demo",
    "PHARMAI_TODAY": TODAY.isoformat(),
    "PHARMAI_AUDIT_SECRET": "staff-console-test",
    "PHARMAI_PURGE_INTERVAL_SECONDS": "0",
    "PHARMAI_HTTP_RATE_LIMIT": "off",
    "PHARMAI_STAFF_API_KEY": STAFF_KEY,
}


@pytest.mark.xdist_group("faults")  # two real servers besides the browser: with the other multi-server tests
@pytest.mark.skipif(
    not (PG_URL and REDIS_URL),
    reason="PHARMAI_TEST_DATABASE_URL and PHARMAI_TEST_REDIS_URL must both be set: the two instances share "
    "PostgreSQL and Redis",
)
def test_the_takeover_across_two_instances(browser: Any, tmp_path: Path) -> None:
    from benchmarks._backends import Backend

    shared = Backend("postgresql", tmp_path, tag="console", own_redis_keys=True)
    # A poll far slower than the waits below: only Redis pub/sub delivers between the instances in time.
    settings = {**_SERVE, **shared.env, "PHARMAI_HANDOFF_POLL_MS": "10000", "XDG_DATA_HOME": str(tmp_path)}
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    try:
        with serving(tmp_path / "a", settings) as (a, _), serving(tmp_path / "b", settings) as (b, _):
            assert a != b
            username = _account(shared.url)
            customer_context, customer = _customer(browser, a, "he")
            console_context, console = _console(browser, b, "he")
            try:
                _sign_in(console, username)
                # Below the 5 s safety-net re-read: what arrives in time came through Redis pub/sub.
                _takeover(customer, console, b, "he", "two-instances", live_ms=4000)
            finally:
                customer_context.close()
                console_context.close()
    finally:
        shared.drop()
