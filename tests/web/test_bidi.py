"""Bidirectional text in Hebrew replies, measured where the glyphs land (``Range.getClientRects``).

A numeric range inside Hebrew is a left-to-right unit: "500–1,000 מ"ג" is read "500 to 1,000", with
500 drawn to the left of 1,000, as on a Hebrew label. Left to the Unicode bidi algorithm alone, the en
dash between two numbers resolves right-to-left and the range is drawn "1,000–500" — read backwards (the
bug of issue 18). The chat isolates such runs (``<bdi dir="ltr">``), and the control below shows the
same string without isolation still reverses, so the test measures the fix and not the font.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import Server
from tests.web.pages import PHONE, ask, fake_reply, new_context, open_chat, shot, wait_replies

pytestmark = pytest.mark.xdist_group("browser")

# The boxes of `needle`'s glyphs (one per line it spans) inside `root`, found in its text nodes.
_RECTS = """
([selector, needle, offset, length]) => {
  const root = typeof selector === 'string' ? document.querySelector(selector) : selector;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const at = node.data.indexOf(needle);
    if (at < 0) continue;
    const range = document.createRange();
    range.setStart(node, at + offset);
    range.setEnd(node, at + offset + (length < 0 ? needle.length : length));
    return [...range.getClientRects()].map(r => ({ left: r.left, right: r.right, top: r.top, width: r.width }));
  }
  return null;
}
"""
REPLY = (
    'מינון (לפי העלון): 500–1,000 מ"ג כל 4–6 שעות. מספר הבקשה: RF-2026-0042, לאיסוף עד 2026-03-08.\n'
    "שם החומר הפעיל בלועזית: Paracetamol (acetaminophen)."
)


def _rects(page: Any, selector: str, needle: str, offset: int = 0, length: int = -1) -> list[dict[str, float]]:
    rects = page.evaluate(_RECTS, [selector, needle, offset, length])
    assert rects, f"{needle!r} is not in {selector}"
    return [r for r in rects if r["width"] > 0]


def _range_reads_in_order(page: Any, selector: str) -> bool:
    low = _rects(page, selector, "500–1,000", 0, 3)[0]
    high = _rects(page, selector, "500–1,000", 4, 5)[0]
    return bool(low["right"] <= high["left"])  # 500 drawn to the left of 1,000


def test_numeric_range_in_a_hebrew_reply_keeps_reading_order(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    fake_reply(page, REPLY, "he")
    page.fill("#input", "מה המינון?")
    page.press("#input", "Enter")
    reply = wait_replies(page, 1)
    assert reply.get_attribute("dir") == "rtl"
    assert _range_reads_in_order(page, ".msg.assistant.done .body")

    # Control: the same paragraph without isolation draws the range reversed.
    page.evaluate(
        """(text) => { const p = document.createElement('p'); p.id = 'control'; p.dir = 'rtl';
        p.textContent = text; document.getElementById('messages').append(p); }""",
        REPLY.split("\n")[0],
    )
    assert not _range_reads_in_order(page, "#control")

    # The other runs keep their order too: "4–6", the request number and the date are single units.
    four = _rects(page, ".msg.assistant.done .body", "4–6", 0, 1)[0]
    six = _rects(page, ".msg.assistant.done .body", "4–6", 2, 1)[0]
    assert four["right"] <= six["left"]
    date = _rects(page, ".msg.assistant.done .body", "2026-03-08")
    year, day = date[0], _rects(page, ".msg.assistant.done .body", "2026-03-08", 8, 2)[0]
    assert year["left"] < day["left"]
    assert page.locator(".msg.assistant.done .body bdi", has_text="Paracetamol (acetaminophen)").count() == 1
    shot(page, "14-bidi-hebrew-range")


def test_the_offline_engines_hebrew_dosage_reads_in_order(browser_context: Any, server: Server) -> None:
    page = open_chat(browser_context, server, "he")
    reply = ask(page, "מה זה אקמול?")
    assert "500–1,000" in reply.locator(".body").inner_text()
    assert _range_reads_in_order(page, ".msg.assistant.done .body")


def test_references_and_dates_do_not_break_across_lines_on_a_phone(browser: Any, server: Server) -> None:
    context = new_context(browser, PHONE)
    page = open_chat(context, server, "he")
    filler = "אנחנו מכינים את הבקשה שלך ונעדכן אותך כשהיא מוכנה לאיסוף בסניף. " * 3
    fake_reply(page, filler + "מספר הבקשה: RF-2026-0042-ABCD, בתוקף עד 2026-03-08.", "he")
    page.fill("#input", "מה מספר הבקשה?")
    page.press("#input", "Enter")
    wait_replies(page, 1)
    body = ".msg.assistant.done .body"
    assert len({round(r["top"]) for r in _rects(page, body, "RF-2026-0042-ABCD")}) == 1
    assert len({round(r["top"]) for r in _rects(page, body, "2026-03-08")}) == 1
    shot(page, "15-bidi-phone-reference")
    context.close()
