"""The MCP server's own user-facing texts, in Hebrew and English (tool results carry their own)."""

from __future__ import annotations

__all__ = ["APPROVE_DESCRIPTION", "APPROVE_TITLE", "CONFIRM_PROMPT", "INSTRUCTIONS", "text"]

#: The line above the tool's confirmation summary in the client's elicitation dialog.
CONFIRM_PROMPT = {
    "en": "Please confirm this action:",
    "he": "נא לאשר את הפעולה:",
}

#: The title of the single yes/no field of the confirmation form.
APPROVE_TITLE = {
    "en": "Approve",
    "he": "אישור",
}

#: The description of that field.
APPROVE_DESCRIPTION = {
    "en": "Choose yes to carry out the action exactly as described, or no to cancel it.",
    "he": "בחרו כן כדי לבצע את הפעולה בדיוק כפי שתוארה, או לא כדי לבטל אותה.",
}

#: Server instructions shown to the client's model at connection time.
INSTRUCTIONS = {
    "en": (
        "pharmai: a pharmacy assistant's tools. Answer only from tool results; never give medical advice. "
        "Prescription tools need a verified customer: call verify_customer_identity first. A refill needs "
        "the customer's confirmation; never claim it is placed before the tool result says so."
    ),
    "he": (
        "pharmai: הכלים של עוזר בית מרקחת. ענו רק על סמך תוצאות הכלים ואל תתנו ייעוץ רפואי. "
        "כלי מרשמים דורשים לקוח מאומת: קראו קודם ל-verify_customer_identity. חידוש מרשם דורש את אישור "
        "הלקוח; אל תאמרו שהוא בוצע לפני שתוצאת הכלי מאשרת זאת."
    ),
}


def text(table: dict[str, str], language: str) -> str:
    """The entry of ``table`` in ``language`` (English when the language is unknown)."""
    return table.get(language, table["en"])
