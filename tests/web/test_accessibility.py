"""axe-core (bundled by ``axe-playwright-python``) on the chat, the dialog and the tool tester, in Hebrew
and English, on a desktop and a 375 px phone, in the light and dark schemes; and a refill done with the
keyboard alone, from sign-in with the one-time code to the approval.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from tests.web.conftest import STAFF_KEY, Server
from tests.web.pages import (
    DESKTOP,
    PHONE,
    TIMEOUT_MS,
    ask,
    axe_violations,
    chat_as,
    describe,
    new_context,
    open_chat,
    refills,
    shot,
    wait_replies,
)

pytestmark = pytest.mark.xdist_group("browser")

SIZES = {"desktop": DESKTOP, "phone": PHONE}
CASES = [(language, size) for language in ("he", "en") for size in SIZES]


@pytest.mark.parametrize(("language", "size"), CASES)
def test_chat_and_dialog_have_no_serious_axe_violations(browser: Any, server: Server, language: str, size: str) -> None:
    context = new_context(browser, SIZES[size])
    page = open_chat(context, server, language)
    problems = axe_violations(page)
    assert not problems, "welcome:\n" + describe(problems)

    ask(page, "יש לכם קומדין ואדוויל?" if language == "he" else "Do you have Coumadin and Advil?")
    page.click("#menu-toggle")  # the open menu too: identity picker, details toggle, staff links
    problems = axe_violations(page)
    assert not problems, "reply with cards, trace and menu:\n" + describe(problems)
    page.click("#menu-toggle")

    chat_as(page, "u003")
    ask(page, "אני רוצה לחדש את הקומדין שלי" if language == "he" else "I want to refill my Coumadin")
    page.locator("dialog#confirm").wait_for(state="visible", timeout=TIMEOUT_MS)
    problems = axe_violations(page)
    assert not problems, "dialog:\n" + describe(problems)
    shot(page, f"19-axe-dialog-{language}-{size}")
    page.keyboard.press("Escape")
    context.close()


@pytest.mark.parametrize(("language", "size"), CASES)
def test_tool_tester_has_no_serious_axe_violations(browser: Any, server: Server, language: str, size: str) -> None:
    context = new_context(browser, SIZES[size])
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('pharmai.lang', '{language}')")
    page.goto(server.base_url + "/tester")
    page.wait_for_selector("#lang-toggle:not(:empty)")
    problems = axe_violations(page)
    assert not problems, "before loading the tools:\n" + describe(problems)
    page.fill("#key", STAFF_KEY)
    page.click("#load")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    page.select_option("#tool", "inventory_check")
    page.fill("#f-query", "Nurofen")
    page.click("#run")
    page.wait_for_function("() => document.getElementById('envelope').textContent.includes('tool_call_id')")
    problems = axe_violations(page)
    assert not problems, describe(problems)
    shot(page, f"20-axe-tester-{language}-{size}")
    context.close()


@pytest.mark.parametrize("language", ["he", "en"])
def test_dark_scheme_has_no_serious_axe_violations(browser: Any, server: Server, language: str) -> None:
    context = new_context(browser, PHONE, color_scheme="dark")
    page = open_chat(context, server, language)
    assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
    background = page.evaluate("getComputedStyle(document.documentElement).backgroundColor")
    assert background != "rgb(243, 245, 248)"  # the dark palette, following the system
    ask(page, "יש לכם קומדין ואדוויל?" if language == "he" else "Do you have Coumadin and Advil?")
    problems = axe_violations(page)
    assert not problems, describe(problems)
    shot(page, f"21-dark-{language}")
    context.close()


def _focus_by_tab(page: Any, element_id: str, limit: int = 20) -> int:
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return presses
    raise AssertionError(f"#{element_id} is not reachable with Tab")


def _type_and_send(page: Any, text: str) -> None:
    page.keyboard.type(text)
    page.keyboard.press("Enter")


def test_a_whole_refill_with_the_keyboard_alone(browser_context: Any, server: Server) -> None:
    page = browser_context.new_page()
    page.add_init_script("localStorage.setItem('pharmai.lang', 'en')")
    page.goto(server.base_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)

    # Choose "Sign in with a one-time code" in the options menu with the keyboard.
    page.evaluate("document.activeElement.blur()")
    _focus_by_tab(page, "menu-toggle")
    page.keyboard.press("Enter")
    _focus_by_tab(page, "identity")
    conversation = page.evaluate("document.body.dataset.conversation")
    page.keyboard.press("ArrowDown")  # Guest -> Sign in with a one-time code
    page.wait_for_function("c => document.body.dataset.conversation !== c", arg=conversation, timeout=TIMEOUT_MS)
    page.keyboard.press("Escape")  # closes the menu, focus back on its button
    assert page.evaluate("document.activeElement.id") == "menu-toggle"

    _focus_by_tab(page, "input")
    _type_and_send(page, "I want to refill my Zoloft")
    wait_replies(page, 1)
    _type_and_send(page, "noa.cohen@example.com")
    assert "code" in wait_replies(page, 2).locator(".body").inner_text()
    outbox = httpx.get(server.base_url + "/v1/demo/outbox?limit=1", timeout=5).json()["messages"][0]["body"]
    code = re.search(r"\b(\d{6})\b", outbox)
    assert code, outbox

    before = refills(server)
    _type_and_send(page, code.group(1))
    page.locator("dialog#confirm").wait_for(state="visible", timeout=TIMEOUT_MS)
    assert "Zoloft" in page.inner_text("#confirm-facts")
    assert page.evaluate("document.activeElement.id") == "confirm-deny"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "confirm-approve"
    shot(page, "22-keyboard-refill-dialog")
    page.keyboard.press("Enter")
    wait_replies(page, 4)
    assert refills(server) == before + 1
    assert page.evaluate("document.activeElement.id") == "input"
    shot(page, "23-keyboard-refill-done")
