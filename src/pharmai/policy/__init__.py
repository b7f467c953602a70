"""Policy, independent of any engine: advice classifier, reply guard, required warnings, texts.

``classify`` reads a person's message; ``guard_reply`` holds every engine's final reply to the rules;
the texts (refusals, the avoid warning, the prescription note, the policy section for LLM prompts) exist
in Hebrew and English; ``is_yes`` / ``is_no`` read answers to a pending confirmation.
"""

from pharmai.policy.classifier import asks_by_purpose, classify
from pharmai.policy.complaints import is_complaint
from pharmai.policy.confirm import is_no, is_yes
from pharmai.policy.guard import GuardResult, guard_reply
from pharmai.policy.red_flags import RED_FLAG_KINDS, carried_red_flags, red_flags
from pharmai.policy.texts import (
    REFUSAL_KINDS,
    avoid_warning,
    fallback_reply,
    policy_text,
    refusal,
    rx_note,
    step_limit_reply,
)
from pharmai.policy.urgent import DEFAULT_NUMBERS, urgent_reply
from pharmai.policy.verdict import AdviceVerdict

__all__ = [
    "DEFAULT_NUMBERS",
    "RED_FLAG_KINDS",
    "REFUSAL_KINDS",
    "AdviceVerdict",
    "GuardResult",
    "asks_by_purpose",
    "avoid_warning",
    "carried_red_flags",
    "classify",
    "fallback_reply",
    "guard_reply",
    "is_complaint",
    "is_no",
    "is_yes",
    "policy_text",
    "red_flags",
    "refusal",
    "rx_note",
    "step_limit_reply",
    "urgent_reply",
]
