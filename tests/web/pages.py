"""What the browser tests do to the chat page: open it, ask, wait, screenshot, run axe, fake a stream."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select

from pharmai.db import Database
from pharmai.db.models import RefillRequest
from tests.web.conftest import ARTIFACTS, Server

TIMEOUT_MS = 20_000
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 740}
#: axe impacts that fail a test.
BLOCKING = ("serious", "critical")


def open_chat(context: Any, server: Server, language: str = "he") -> Any:
    """A new page of ``context`` showing the chat in ``language``, ready to type in."""
    page = context.new_page()
    page.add_init_script(f"localStorage.setItem('pharmai.lang', '{language}')")
    page.goto(server.base_url + "/")
    page.wait_for_selector("body[data-ready='1']", timeout=TIMEOUT_MS)
    return page


def new_context(browser: Any, viewport: dict[str, int] | None = None, **options: Any) -> Any:
    """A fresh context (storage, cache) with ``viewport`` (desktop by default); phones get touch."""
    size = viewport or DESKTOP
    if size["width"] < 600:
        options.setdefault("has_touch", True)
        options.setdefault("is_mobile", True)
    return browser.new_context(viewport=size, **options)


def replies(page: Any) -> int:
    """How many assistant replies have finished."""
    return int(page.locator(".msg.assistant.done").count())


def wait_replies(page: Any, count: int) -> Any:
    """Wait until ``count`` replies have finished; the locator of the last of them."""
    page.wait_for_function(
        "n => document.querySelectorAll('.msg.assistant.done').length >= n", arg=count, timeout=TIMEOUT_MS
    )
    return page.locator(".msg.assistant.done").nth(count - 1)


def ask(page: Any, text: str) -> Any:
    """Type ``text``, press Enter and return the locator of the finished reply."""
    before = replies(page)
    page.fill("#input", text)
    page.press("#input", "Enter")
    return wait_replies(page, before + 1)


def open_menu(page: Any) -> None:
    """Open the header's options menu (identity picker, details toggle, staff links)."""
    if page.get_attribute("#menu-toggle", "aria-expanded") != "true":
        page.click("#menu-toggle")
    page.wait_for_selector("#menu:not([hidden])")


def chat_as(page: Any, user_id: str) -> None:
    """Start a conversation as a demo patient, through the menu's identity picker."""
    open_menu(page)
    conversation = page.evaluate("document.body.dataset.conversation")
    page.select_option("#identity", user_id)
    page.wait_for_function("c => document.body.dataset.conversation !== c", arg=conversation, timeout=TIMEOUT_MS)
    page.click("#menu-toggle")


def shot(page: Any, name: str) -> None:
    """Save a screenshot of the viewport as ``test-artifacts/web/<name>.png``."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def axe_violations(page: Any) -> list[dict[str, Any]]:
    """The serious and critical axe-core violations of the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [v for v in results.response["violations"] if v.get("impact") in BLOCKING]


def describe(violations: list[dict[str, Any]]) -> str:
    """A readable list of axe violations for an assertion message."""
    lines = []
    for violation in violations:
        targets = [", ".join(node["target"]) for node in violation["nodes"][:5]]
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']} — {targets}")
    return "\n".join(lines)


def refills(server: Server) -> int:
    """Refill requests in the server's database."""
    db = Database(server.database_url)
    try:
        with db.session() as session:
            return int(session.scalar(select(func.count()).select_from(RefillRequest)) or 0)
    finally:
        db.dispose()


def sse(*events: tuple[str, dict[str, Any]]) -> str:
    """A Server-Sent Events body, for replies faked with ``page.route``."""
    return "".join(f"event: {name}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n" for name, data in events)


def fake_reply(page: Any, text: str, language: str, *tool_events: tuple[str, dict[str, Any]]) -> None:
    """Answer the next message of ``page`` with ``text`` (and tool events) instead of the server's reply."""

    body = sse(*tool_events, ("message.delta", {"text": text}), ("message.done", {"reply": text, "language": language}))
    page.route(
        "**/v1/conversations/*/messages",
        lambda route: route.fulfill(status=200, headers={"Content-Type": "text/event-stream"}, body=body),
        times=1,
    )
