"""The customer chat's states in Hebrew and English, in headless Chromium against a real ``pharmai serve``.

Every state keeps a screenshot in ``test-artifacts/web/``: welcome, streaming with a queued message,
medication cards, the confirmation dialog, the approval, the phone layout.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.web.conftest import Server
from tests.web.pages import (
    PHONE,
    TIMEOUT_MS,
    ask,
    chat_as,
    fake_reply,
    new_context,
    open_chat,
    open_menu,
    refills,
    shot,
    wait_replies,
)

pytestmark = pytest.mark.xdist_group("browser")

LANGUAGES = ["he", "en"]
HEBREW = re.compile(r"[\u0590-\u05FF]")
WELCOME = {"he": "שלום!", "en": "Hello!"}
STOCK = {"he": "יש לכם קומדין ואדוויל?", "en": "Do you have Coumadin and Advil?"}
IN_STOCK = {"he": "במלאי", "en": "In stock"}
OUT_OF_STOCK = {"he": "אזל מהמלאי", "en": "Out of stock"}
RESTOCK = {"he": "8 במרץ 2026", "en": "8 March 2026"}
RX = {"he": "דרוש מרשם", "en": "Prescription"}
OTC = {"he": "ללא מרשם", "en": "No prescription"}
OTHER_STORE = {"he": "ירושלים", "en": "Jerusalem"}
QUEUED = {"he": "ממתינה", "en": "Waiting"}
# One patient per language: a second request for a prescription with a pending refill returns the first.
REFILL = {
    "he": ("u006", "אני רוצה לחדש את הליטורבה שלי", "ליטורבה", "p601"),
    "en": ("u007", "I want to refill my Glucophage", "Glucophage", "p701"),
}
STORE = {"he": "תל אביב – דיזנגוף", "en": "Tel Aviv – Dizengoff"}
DIALOG_TITLE = {"he": "לאשר בקשה לחידוש מרשם?", "en": "Request this refill?"}
APPROVED = {"he": "אישרתי", "en": "Approved"}
CANCELLED = {"he": "ביטלתי", "en": "Cancelled"}
NEW_CHAT_STATUS = {"he": "שיחה חדשה נפתחה", "en": "New conversation started"}

# Logs every fetch with the number of finished replies at that moment (the page's own code is untouched).
_FETCH_LOG = """
window.__fetches = [];
const original = window.fetch;
window.fetch = function (url, options) {
  window.__fetches.push({ url: String(url), body: options && options.body,
    done: document.querySelectorAll('.msg.assistant.done').length });
  return original.apply(this, arguments);
};
"""


def _other(language: str) -> str:
    return "en" if language == "he" else "he"


@pytest.mark.parametrize("language", LANGUAGES)
def test_welcome_and_suggested_questions(browser_context: Any, server: Server, language: str) -> None:
    page = open_chat(browser_context, server, language)
    assert page.locator("#welcome-text").inner_text().startswith(WELCOME[language])
    chips = page.locator("#chips button.chip")
    questions = chips.all_inner_texts()
    assert 3 <= len(questions) <= 4
    assert all(bool(HEBREW.search(q)) == (language == "he") for q in questions)
    assert page.locator(".msg").count() == 0
    shot(page, f"01-welcome-{language}")

    page.click("#lang-toggle")  # the welcome and its questions follow the language switch
    switched = page.locator("#chips button.chip").all_inner_texts()
    assert all(bool(HEBREW.search(q)) == (language == "en") for q in switched)
    assert page.locator("#welcome-text").inner_text().startswith(WELCOME[_other(language)])
    page.click("#lang-toggle")

    chips.first.click()  # a suggested question is sent as if typed
    reply = wait_replies(page, 1)
    assert page.locator(".msg.user .text").first.inner_text() == questions[0]
    assert page.locator("#chips").is_hidden()
    assert reply.locator(".card").count() >= 1
    shot(page, f"02-suggested-question-answered-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_medication_cards_for_a_stock_answer(browser_context: Any, server: Server, language: str) -> None:
    page = open_chat(browser_context, server, language)
    reply = ask(page, STOCK[language])
    cards = reply.locator(".card")
    # Advil is out at the session's branch, so its other branch is checked too: a card of its own, in stock.
    assert cards.count() == 3
    coumadin, advil, advil_elsewhere = cards.nth(0), cards.nth(1), cards.nth(2)
    assert advil_elsewhere.locator(".stock.in").inner_text() == IN_STOCK[language]
    assert OTHER_STORE[language] in advil_elsewhere.inner_text()
    assert coumadin.locator(".stock.in").inner_text() == IN_STOCK[language]
    assert coumadin.locator(".badge.rx").inner_text() == RX[language]
    assert re.search(r"5 (mg|מ\"ג)", coumadin.locator(".card-detail").inner_text())
    assert advil.locator(".stock.out").inner_text() == OUT_OF_STOCK[language]
    assert advil.locator(".badge.otc").inner_text() == OTC[language]
    assert RESTOCK[language] in advil.inner_text()
    assert STORE[language] in advil.inner_text()
    shot(page, f"03-medication-cards-{language}")


def test_cards_come_only_from_structured_tool_results(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "en")
    # A reply that talks about stock but carries no tool result draws no card.
    fake_reply(page, "Advil is in stock and Coumadin is out of stock.", "en")
    page.fill("#input", "stock?")
    page.press("#input", "Enter")
    assert wait_replies(page, 1).locator(".card").count() == 0

    # A tool result draws its card even though the text never names it; a failed call draws none.
    match = {
        "med_id": "m999", "display_name": "Testamol 10 mg", "brand_name": "Testamol", "generic_name": "Testine",
        "strength": "10 mg", "form": "tablet", "rx_required": True, "qty_on_hand": 3, "in_stock": True,
        "low_stock": True, "restock_eta": None,
    }  # fmt: skip
    result = {
        "ok": True,
        "error": None,
        "store": {"store_id": "s2", "name": "Jerusalem – Jaffa Street"},
        "matches": [match],
    }
    failed = {"ok": False, "error": {"code": "RATE_LIMITED", "message": "later"}}
    fake_reply(
        page,
        "Here is what I found.",
        "en",
        ("tool.call", {"id": "c1", "name": "inventory_check", "arguments": {"med_id": "m999"}}),
        ("tool.result", {"id": "c1", "name": "inventory_check", "result": result, "duration_ms": 1.0}),
        ("tool.call", {"id": "c2", "name": "inventory_check", "arguments": {"med_id": "m998"}}),
        ("tool.result", {"id": "c2", "name": "inventory_check", "result": failed, "duration_ms": 1.0}),
    )
    page.fill("#input", "and now?")
    page.press("#input", "Enter")
    card = wait_replies(page, 2).locator(".card")
    assert card.count() == 1
    assert card.locator(".card-name").inner_text() == "Testamol"
    assert card.locator(".stock.low").inner_text() == "Low stock"
    assert "3 units" in card.inner_text() and "Jerusalem – Jaffa Street" in card.inner_text()


def test_reply_formatting_is_rendered_safely(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "en")
    text = (
        "Your prescriptions:\n1. **Coumadin** 5 mg\n2. Plavix 75 mg\n\n- first point\n- second point\n\n"
        '<img src=x onerror="window.__pwned=1"> <b>not bold</b>'
    )
    fake_reply(page, text, "en")
    page.fill("#input", "list please")
    page.press("#input", "Enter")
    body = wait_replies(page, 1).locator(".body")
    assert body.locator("ol > li").count() == 2 and body.locator("ul > li").count() == 2
    assert body.locator("ol > li strong").inner_text() == "Coumadin"
    assert body.locator("p").first.inner_text() == "Your prescriptions:"
    assert page.locator(".messages img, .messages b").count() == 0
    assert page.evaluate("window.__pwned") is None
    assert "<b>not bold</b>" in body.inner_text()


@pytest.mark.parametrize("language", LANGUAGES)
def test_message_typed_while_a_reply_streams_is_sent_after_it(browser: Any, server: Server, language: str) -> None:
    context = new_context(browser)
    context.add_init_script(_FETCH_LOG)
    page = open_chat(context, server, language)
    held: list[Any] = []
    page.route("**/v1/conversations/*/messages", lambda route: held.append(route), times=1)
    first, second = STOCK[language], ("מה זה אקמול?" if language == "he" else "What is Acamol?")
    page.fill("#input", first)
    page.press("#input", "Enter")
    page.wait_for_selector(".msg.assistant.streaming .typing", timeout=TIMEOUT_MS)

    page.fill("#input", second)  # typed while the first reply is still streaming
    page.press("#input", "Enter")
    queued = page.locator(".msg.user.queued")
    queued.wait_for(timeout=TIMEOUT_MS)
    assert queued.locator(".note").inner_text().startswith(QUEUED[language])
    assert page.input_value("#input") == ""
    shot(page, f"04-streaming-with-queued-message-{language}")

    assert len(held) == 1
    held[0].continue_()
    wait_replies(page, 2)
    messages = page.locator("#messages > li")
    assert [messages.nth(i).get_attribute("class").split()[1] for i in range(4)] == [
        "user", "assistant", "user", "assistant",
    ]  # fmt: skip
    assert messages.nth(2).locator(".text").inner_text() == second
    assert page.locator(".msg.queued").count() == 0
    assert messages.nth(3).locator(".card-name").first.inner_text() in ("Acamol", "אקמול")
    posts = [f for f in page.evaluate("window.__fetches") if f["url"].endswith("/messages")]
    assert [p["done"] for p in posts] == [0, 1]  # the second was sent only once the first reply ended
    assert second in posts[1]["body"]
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_refill_dialog_in_plain_words_then_approved(browser_context: Any, server: Server, language: str) -> None:
    user_id, request, medication, prescription = REFILL[language]
    page = open_chat(browser_context, server, language)
    chat_as(page, user_id)
    before = refills(server)
    ask(page, request)
    dialog = page.locator("dialog#confirm")
    dialog.wait_for(state="visible", timeout=TIMEOUT_MS)
    assert dialog.get_attribute("role") == "dialog" and dialog.get_attribute("aria-modal") == "true"
    assert page.locator("#confirm-title").inner_text() == DIALOG_TITLE[language]
    facts = page.locator("#confirm-facts").inner_text()
    assert medication in facts and STORE[language] in facts
    words = dialog.inner_text()
    assert prescription not in words and "request_refill" not in words and not re.search(r"\bs1\b", words)
    assert page.evaluate("document.activeElement.id") == "confirm-deny"  # the choice that changes nothing
    shot(page, f"05-confirmation-dialog-{language}")
    assert refills(server) == before  # nothing happens before the approval

    pending = page.locator(".trace-item.pending")
    assert pending.count() == 1 and page.locator(".trace-item.failed").count() == 0
    red = page.evaluate(
        """() => { const probe = document.createElement('span'); probe.style.color = 'var(--bad)';
        document.body.append(probe); const color = getComputedStyle(probe).color; probe.remove(); return color; }"""
    )
    assert pending.evaluate("n => getComputedStyle(n).borderInlineStartColor") != red  # a normal step, not a failure
    page.click("#confirm-approve")
    done = wait_replies(page, 2)
    assert refills(server) == before + 1
    assert page.locator(".msg.user .text").last.inner_text() == APPROVED[language]
    assert done.locator(".trace-item.ok .trace-name", has_text="request_refill").count() == 1
    assert page.evaluate("document.activeElement.id") == "input"  # focus came back
    shot(page, f"06-refill-approved-{language}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_escape_cancels_the_dialog_and_focus_returns(browser_context: Any, server: Server, language: str) -> None:
    page = open_chat(browser_context, server, language)
    chat_as(page, "u003")
    before = refills(server)
    page.focus("#input")
    ask(page, "אני רוצה לחדש את הקומדין שלי" if language == "he" else "I want to refill my Coumadin")
    page.locator("dialog#confirm").wait_for(state="visible", timeout=TIMEOUT_MS)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "confirm-approve"
    page.keyboard.press("Tab")  # focus stays inside the dialog
    assert page.evaluate("document.activeElement.id") == "confirm-deny"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("document.activeElement.id") == "confirm-approve"
    page.keyboard.press("Escape")
    page.locator("dialog#confirm").wait_for(state="hidden", timeout=TIMEOUT_MS)
    wait_replies(page, 2)
    assert page.locator(".msg.user .text").last.inner_text() == CANCELLED[language]
    assert page.evaluate("document.activeElement.id") == "input"
    assert refills(server) == before


def test_trace_is_behind_the_details_toggle(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    reply = ask(page, "יש אדוויל במלאי?")
    trace = reply.locator(".trace")
    assert trace.is_visible()  # on by default in demo mode
    assert reply.locator(".trace-item.ok .trace-name").first.inner_text() == "inventory_check"
    assert '"med_id": "m001"' in reply.locator(".trace-args pre").first.text_content()
    open_menu(page)
    page.uncheck("#trace-toggle")
    assert not trace.is_visible()
    page.check("#trace-toggle")
    assert trace.is_visible()


def test_customer_mode_hides_staff_links_and_the_trace(browser_context: Any, server: Server) -> None:
    page = browser_context.new_page()

    def customer_config(route: Any) -> None:  # the page as a non-demo (otp) server presents it
        config = route.fetch().json()
        route.fulfill(json={**config, "identity_mode": "otp"})

    def customer_conversation(route: Any) -> None:  # and opens conversations as an otp server does
        body = {**json.loads(route.request.post_data or "{}"), "identity_mode": "otp"}
        route.continue_(post_data=json.dumps(body))

    page.route("**/v1/config", customer_config)
    page.route("**/v1/conversations", customer_conversation)
    page.add_init_script("localStorage.setItem('pharmai.lang', 'en')")
    page.goto(server.base_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    assert page.locator("header.bar a:visible").count() == 0
    open_menu(page)
    assert page.locator("#staff-links").is_hidden() and page.locator("#identity-row").is_hidden()
    assert not page.is_checked("#trace-toggle")
    page.click("#menu-toggle")
    assert page.locator("#signin").is_visible()
    reply = ask(page, "Is Nurofen in stock?")
    assert reply.locator(".card").count() == 1 and not reply.locator(".trace").is_visible()
    shot(page, "07-customer-mode-en")


@pytest.mark.parametrize("language", LANGUAGES)
def test_status_line_follows_the_language_switch(browser_context: Any, server: Server, language: str) -> None:
    page = open_chat(browser_context, server, language)
    conversation = page.evaluate("document.body.dataset.conversation")
    page.click("#new-chat")
    page.wait_for_function("c => document.body.dataset.conversation !== c", arg=conversation, timeout=TIMEOUT_MS)
    assert page.inner_text("#session-status") == NEW_CHAT_STATUS[language]
    page.click("#lang-toggle")
    assert page.inner_text("#session-status") == NEW_CHAT_STATUS[_other(language)]
    assert page.get_attribute("html", "dir") == ("ltr" if language == "he" else "rtl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_phone_layout_at_375_px(browser: Any, server: Server, language: str) -> None:
    context = new_context(browser, PHONE)
    page = open_chat(context, server, language)
    assert page.locator("header.bar").bounding_box()["height"] <= 56
    shot(page, f"08-phone-welcome-{language}")
    for question in (STOCK[language], "What is Acamol?", "Is Nurofen in stock in Jerusalem?"):
        ask(page, question)
    # One scroll area: the page itself never scrolls, the message list does.
    sizes = page.evaluate(
        """() => { const s = document.getElementById('scroller'), d = document.scrollingElement;
        return { page: d.scrollHeight - d.clientHeight, list: s.scrollHeight - s.clientHeight,
                 bottom: document.getElementById('input').getBoundingClientRect().bottom, height: innerHeight }; }"""
    )
    assert sizes["page"] <= 0 and sizes["list"] > 0
    assert sizes["height"] - 80 <= sizes["bottom"] <= sizes["height"]  # the input is pinned at the bottom
    last = page.locator(".msg.assistant.done").last.bounding_box()
    assert last["y"] + last["height"] <= sizes["height"]  # the newest reply was scrolled into view
    assert page.locator("header.bar").bounding_box()["height"] <= 56
    assert page.locator("#jump").is_hidden()
    shot(page, f"09-phone-conversation-{language}")
    context.close()


def test_auto_scroll_stops_while_the_person_reads_up(browser: Any, server: Server) -> None:
    context = new_context(browser, PHONE)
    page = open_chat(context, server, "en")
    for question in (STOCK["en"], "What is Acamol?"):
        ask(page, question)
    held: list[Any] = []
    page.route("**/v1/conversations/*/messages", lambda route: held.append(route), times=1)
    page.fill("#input", "What is Ibuprofen?")
    page.press("#input", "Enter")
    page.wait_for_selector(".msg.assistant.streaming", timeout=TIMEOUT_MS)
    page.evaluate("document.getElementById('scroller').scrollTop = 0")
    page.wait_for_function("() => document.getElementById('scroller').scrollTop === 0")
    held[0].continue_()
    wait_replies(page, 3)
    assert page.evaluate("document.getElementById('scroller').scrollTop") == 0  # left where the person reads
    page.locator("#jump").wait_for(state="visible", timeout=TIMEOUT_MS)
    page.click("#jump")
    page.wait_for_function(
        "() => { const s = document.getElementById('scroller');"
        " return s.scrollHeight - s.scrollTop - s.clientHeight < 2; }"
    )
    assert page.locator("#jump").is_hidden()
    context.close()
