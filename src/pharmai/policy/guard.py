"""The reply guard: run on every final reply, from any engine, before the person sees it.

It holds whatever the engine wrote to the pharmacy's rules:

1. the reply is in the person's language (a reply mostly in the other script is replaced by a safe one);
2. no advice phrasing ("you should take", "כדאי לך"): such sentences are removed, the factual ones kept,
   and the refusal added;
3. an advice request gets its refusal even when the engine forgot it;
4. when any interaction check of the turn said "avoid", the explicit "cannot be taken together" warning, for
   each such pair (a warning naming one pair is not one for another, when both pairs' names are known);
5. when the reply names a medication a tool showed as prescription-only, the prescription note (and a
   sentence calling it over-the-counter is removed);
6. a message describing symptoms never gets a catalog listing (a recommendation by another name): the
   listing is replaced by the referral;
7. a red-flag message (emergency, poisoning, distress) gets the urgent-care text first.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pharmai.errors import ValidationFailed
from pharmai.policy import _reply_lexicon as lex
from pharmai.policy._facts import avoid_names, avoid_pairs, med_aliases, med_labels, rx_items
from pharmai.policy._rules import HE_PREFIX, SENTENCE_END, drop_sentences
from pharmai.policy.texts import avoid_warning, fallback_reply, refusal, rx_note
from pharmai.policy.urgent import urgent_numbers_present, urgent_reply
from pharmai.policy.verdict import AdviceVerdict
from pharmai.text import normalize
from pharmai.text.detect import script_counts

__all__ = ["GuardResult", "guard_reply"]

# A reply is "mostly" in the wrong script when more than this share of its letters are.
_WRONG_SCRIPT_SHARE = 0.6
_FRAGMENT = re.compile(r"[,;:\u2013\u2014]|\b(?:but|however|though|although)\b|\s(?:אבל|אך|עם זאת)\s", re.IGNORECASE)


@dataclass(frozen=True)
class GuardResult:
    """The guarded reply.

    Attributes:
        text: The reply to show and persist.
        violations: What was wrong (``wrong_language``, ``empty_reply``, ``advice_phrasing``,
            ``missing_refusal``, ``missing_avoid_warning``, ``rx_contradiction``, ``missing_rx_note``,
            ``symptom_listing``, ``missing_urgent_care``).
        changed: Whether ``text`` differs from the engine's reply.
    """

    text: str
    violations: tuple[str, ...]
    changed: bool


def _check(reply: object, language: object, tool_results: object, verdict: object) -> list[tuple[str, dict[str, Any]]]:
    fields = []
    if not isinstance(reply, str):
        fields.append({"field": "reply", "reason": "must be a string"})
    if language not in ("he", "en"):
        fields.append({"field": "language", "reason": "must be 'he' or 'en'"})
    if verdict is not None and not isinstance(verdict, AdviceVerdict):
        fields.append({"field": "verdict", "reason": "must be an AdviceVerdict or null"})
    results: list[tuple[str, dict[str, Any]]] = []
    if isinstance(tool_results, str | bytes) or not isinstance(tool_results, Sequence):
        fields.append({"field": "tool_results", "reason": "must be a sequence of (tool name, envelope)"})
    else:
        for item in tool_results:
            if isinstance(item, Sequence) and len(item) == 2 and isinstance(item[0], str) and isinstance(item[1], dict):
                results.append((item[0], item[1]))
            else:
                fields.append({"field": "tool_results", "reason": "each item must be (tool name, envelope dict)"})
                break
    if fields:
        raise ValidationFailed(fields)
    return results


def _wrong_language(reply: str, language: str) -> bool:
    hebrew, latin = script_counts(reply)
    wrong = latin if language == "he" else hebrew
    total = hebrew + latin
    return total > 0 and wrong / total > _WRONG_SCRIPT_SHARE


# Replies are built largely from the same catalog and template sentences, turn after turn: the verdict on
# a sentence (a pure function of its text) is remembered, for a bounded number of sentences.
@lru_cache(maxsize=4096)
def _sentence_is_advice(sentence: str) -> bool:
    # A refusal clause ("I can't say which is better for you") is not advice, but what follows a "but"
    # in the same sentence still is: check each fragment on its own.
    for fragment in _FRAGMENT.split(sentence):
        text = normalize(fragment)
        if not text or lex.REFUSAL_MARKER.search(text):
            continue
        if lex.ADVICE_ANY.search(text):
            return True
    return False


def _mentions(text: str, alias: str) -> bool:
    return re.search(rf"(?<!\S){HE_PREFIX}{re.escape(alias)}(?!\S)", text) is not None


def _sentences(reply: str) -> list[str]:
    return [normalize(s) for line in reply.split("\n") for s in SENTENCE_END.split(line) if s.strip()]


def _rx_fixes(reply: str, language: str, results: list[tuple[str, dict[str, Any]]]) -> tuple[str, list[str], list[str]]:
    """Remove "no prescription needed" claims about Rx medications; return the notes still needed."""
    violations: list[str] = []
    notes: list[str] = []
    covered: set[str] = set()  # names already answered for by a note or a product's own line
    for label, aliases in rx_items(results, language):
        normalized = normalize(reply)
        named = {alias for alias in aliases if _mentions(normalized, alias)}
        if not named or named <= covered:
            continue  # "atorvastatin" alone names Lipitor and Litorva too: one note for the name, not one each
        covered |= named

        def denies_rx(sentence: str, aliases: tuple[str, ...] = aliases) -> bool:
            folded = normalize(sentence)
            return any(_mentions(folded, alias) for alias in aliases) and bool(lex.NOT_RX.search(folded))

        reply, dropped = drop_sentences(reply, denies_rx)
        if dropped:
            violations.append("rx_contradiction")
        noted = any(
            lex.RX_MARKER.search(s) and not lex.NOT_RX.search(s) and any(_mentions(s, a) for a in aliases)
            for s in _sentences(reply)
        )
        if not noted:
            notes.append(rx_note(language, label))
    if notes:
        violations.append("missing_rx_note")
    return reply, violations, notes


def _unwarned_pairs(
    text: str, language: str, results: list[tuple[str, dict[str, Any]]], typed: Mapping[str, str] | None
) -> list[list[str]]:
    """The names of each "avoid" pair no warning sentence of ``text`` names both products of.

    A pair is judged only when both products' names are known from the turn (a tool answer, or the person's
    own words); otherwise the reply's warning stands for it, as it always did.
    """
    aliases = med_aliases(results, language, typed)
    labels = med_labels(results, language, typed)
    warned = [s for s in _sentences(text) if lex.AVOID_MARKER.search(s)]
    missing: list[list[str]] = []
    for a, b in avoid_pairs(results):
        if a not in aliases or b not in aliases or a not in labels or b not in labels:
            continue
        named = (any(_mentions(s, x) for x in aliases[a]) and any(_mentions(s, x) for x in aliases[b]) for s in warned)
        if not any(named):
            missing.append([labels[a], labels[b]])
    return missing


def guard_reply(
    reply: str,
    *,
    language: str,
    tool_results: Sequence[tuple[str, dict[str, Any]]] = (),
    verdict: AdviceVerdict | None = None,
    urgent_numbers: Mapping[str, str] | None = None,
    typed_names: Mapping[str, str] | None = None,
) -> GuardResult:
    """Check a final reply against the policy and repair it.

    Args:
        reply: The engine's full reply.
        language: The reply language of the turn (``he`` or ``en``).
        tool_results: This turn's tool calls as ``(tool name, envelope)``, in order.
        verdict: The classifier's verdict on the person's message, when known.
        urgent_numbers: The deployment's urgent-care numbers (emergency, poison, distress).
        typed_names: Product id → the name as the person wrote it, for a warning about medications no
            tool answer of the turn named (a check the loop ran behind an engine's back).

    Returns:
        The reply to show (possibly repaired), the violations found and whether it changed.

    Raises:
        ValidationFailed: An argument has the wrong type, or ``language`` is not ``he``/``en``.
    """
    results = _check(reply, language, tool_results, verdict)
    violations: list[str] = []
    text = reply.strip()
    if not text:
        violations.append("empty_reply")
        text = fallback_reply(language)
    elif _wrong_language(text, language):
        violations.append("wrong_language")
        text = fallback_reply(language)
    kind = verdict.kind if verdict is not None and verdict.is_advice else "advice"
    if (
        verdict is not None
        and (verdict.symptom or verdict.is_advice)
        and any(n == "list_medications" for n, _ in results)
    ):
        violations.append("symptom_listing")
        text = refusal(language, kind)
    text, had_advice = drop_sentences(text, _sentence_is_advice)
    additions: list[str] = []
    if had_advice:
        violations.append("advice_phrasing")
    # A ticket opened for a pharmacist already refers the question to one: a second "I can't give medical
    # advice" paragraph after it is noise. Advice phrasing in the reply itself is still repaired.
    handed_off = any(n == "transfer_to_pharmacist" and isinstance(e, dict) and e.get("ticket") for n, e in results)
    needs_refusal = had_advice or (verdict is not None and verdict.is_advice and not handed_off)
    if needs_refusal and not lex.REFUSAL_MARKER.search(normalize(text)):
        if not had_advice:
            violations.append("missing_refusal")
        additions.append(refusal(language, kind))
    # An added "cannot be taken together" leads the reply (after the urgent-care text, if any): under a stock
    # line and two labels it would be read last, if at all.
    warnings: list[str] = []
    avoid = avoid_names(results, language, typed_names)
    if avoid is not None and not lex.AVOID_MARKER.search(normalize(text)):
        violations.append("missing_avoid_warning")
        warnings.append(avoid_warning(language, avoid))
    elif avoid is not None:
        # A warning about one pair is no warning about another: each "avoid" pair keeps its own.
        for names in _unwarned_pairs(text, language, results, typed_names):
            violations.append("missing_avoid_warning")
            warnings.append(avoid_warning(language, names))
    # The prescription check reads the added warning too: it names the medications of the avoid pair.
    text = "\n\n".join(part for part in (*warnings, text, *additions) if part)
    text, rx_violations, notes = _rx_fixes(text, language, results)
    violations.extend(rx_violations)
    final = "\n\n".join(part for part in (text, *notes) if part)
    flags = verdict.red_flags if verdict is not None else ()
    if flags and not urgent_numbers_present(final.split("\n\n", 1)[0], flags, urgent_numbers):
        violations.append("missing_urgent_care")
        final = urgent_reply(language, flags, urgent_numbers) + "\n\n" + final
    return GuardResult(final, tuple(dict.fromkeys(violations)), final != reply.strip())
