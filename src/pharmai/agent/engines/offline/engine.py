"""The deterministic offline engine: every documented flow, in Hebrew and English, with no model.

One turn: answer a resolved confirmation, else read the message (:mod:`.nlu`), honour the question the
last reply asked (``pending``: equivalents? which medication? the code? which prescription?), refuse
advice (still answering the factual part), and run the flow of the intent. Whenever two or more
medications are asked about together, the interaction check runs too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pharmai.agent.base import StepLimitReached, TurnInput
from pharmai.agent.engines.offline import _policy, flows_catalog, flows_rx
from pharmai.agent.engines.offline.nlu import parse
from pharmai.agent.engines.offline.state import Dialogue

__all__ = ["OfflineEngine"]

_CATALOG_INTENTS = ("info", "availability", "medication", "equivalents", "interaction")
_REFILL_INTENTS = ("refill_status", "refill_request")


class OfflineEngine:
    """Writes replies by rules over the canonical tools.

    Args:
        mentions: ``mentions(text) -> list[Mention]``: the catalog's medication finder (see
            :func:`pharmai.pharmacy.search.find_mentions`); the engine never opens a database session.
    """

    name = "offline"

    def __init__(self, mentions: Callable[[str], Sequence[Any]] | None = None) -> None:
        self._mentions = mentions

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Answer one turn; the reply is yielded paragraph by paragraph."""
        if not isinstance(turn.state, dict):
            turn.state = {}
        pending = turn.state.pop("pending", None)
        pending = pending if isinstance(pending, dict) else {}
        if turn.resolution is None:
            # Queued refills wait only for the confirmation just asked; a new message starts afresh.
            turn.state.pop("refill_queue", None)
        d = Dialogue(turn, parse(turn.message or "", self._mentions, identity_pending=pending.get("kind") == "code"))
        try:
            if turn.resolution is not None:
                flows_rx.resolution(d)
            elif not self._answer_pending(d, pending):
                self._answer(d)
        except StepLimitReached:
            # The loop ends the turn with its own polite message; keep what was written so far.
            yield from self._paragraphs(d)
            raise
        if d.parsed.intent not in ("unknown", "thanks", "greeting", "help"):
            turn.state["last_intent"] = d.parsed.intent
        yield from self._paragraphs(d)

    @staticmethod
    def _paragraphs(d: Dialogue) -> Iterator[str]:
        for index, part in enumerate(p for p in d.parts if p):
            yield ("\n\n" if index else "") + part

    # --- the question asked last ----------------------------------------------------------------

    def _answer_pending(self, d: Dialogue, pending: dict[str, Any]) -> bool:
        kind = pending.get("kind")
        p = d.parsed
        yes = _policy.is_yes(p.text) and not p.meds
        no = _policy.is_no(p.text) and not p.meds
        if kind == "code" and p.code:
            flows_rx.code(d)
        elif kind == "identifier" and p.identifier:
            flows_rx.identity(d)
        elif kind == "identifier" and p.intent == "unknown" and not d.turn.verdict.is_advice:
            d.say("bad_identifier")
            d.ask("identifier")
        elif kind in ("equivalents", "refill_offer", "interaction_offer", "own_rx_offer") and (yes or no):
            if no:
                d.say("declined")
            elif kind == "own_rx_offer":
                flows_rx.prescriptions(d)
            elif kind == "equivalents":
                flows_catalog.equivalents(d, str(pending.get("med_id")), pending.get("store"))
            elif kind == "refill_offer":
                target = pending.get("target")
                if isinstance(target, dict):
                    flows_rx._verify_and_continue(d, target, request=True)
            else:
                refs = [r for r in pending.get("refs") or [] if isinstance(r, dict)]
                flows_catalog.interaction(d, refs)
        elif kind in ("rx_offer", "which_rx") and (p.refs or p.meds) and p.intent in (
            "unknown", "medication", "info", "refill_status", "refill_request", "availability",
        ):  # fmt: skip
            intent = p.intent if p.intent.startswith("refill") else pending.get("intent", "refill_status")
            flows_rx.refill(d, request=intent == "refill_request")
        elif kind == "which_med" and self._choose(d, pending):
            pass
        else:
            return False
        return True

    def _choose(self, d: Dialogue, pending: dict[str, Any]) -> bool:
        """Read the answer to "which medication?": a name, or a position in the options offered."""
        p = d.parsed
        intent = str(pending.get("intent") or "info")
        options = [str(o) for o in pending.get("options") or []]
        if not p.meds and p.refs and options:
            index = len(options) - 1 if p.refs[0] == -1 else p.refs[0] - 1
            if 0 <= index < len(options):
                refs = [{"ids": ["?"], "q": options[index]}]
                d.parsed.mentions = list(self._mentions(options[index]) if self._mentions else [])
                found = flows_catalog.targets(d)[:1]
                self._catalog(d, intent, found or refs)
                return True
        if p.meds and p.intent in ("medication", "unknown", intent):
            self._catalog(d, intent, flows_catalog.targets(d))
            return True
        return False

    # --- a new request ----------------------------------------------------------------------------

    def _answer(self, d: Dialogue) -> None:
        p, verdict = d.parsed, d.turn.verdict
        if verdict.is_advice:
            if verdict.has_factual_part and p.intent not in ("unknown", "greeting", "thanks", "help"):
                self._dispatch(d)
            d.add(_policy.refusal(d.lang, verdict.kind))
            refs = flows_catalog.targets(d)
            if len(refs) >= 2 and "interaction_check" not in {r.name for r in d.turn.tools.results}:
                d.say("interaction_offer")
                d.ask("interaction_offer", refs=[{"ids": r["ids"], "q": r["q"]} for r in refs])
            return
        self._dispatch(d)

    def _dispatch(self, d: Dialogue) -> None:
        intent = d.parsed.intent
        if intent == "code":
            flows_rx.code(d)
        elif intent == "identity":
            d.state.setdefault("after_identity", {"intent": "prescriptions"})
            flows_rx.identity(d)
        elif intent == "handoff":
            self._handoff(d)
        elif intent == "prescriptions":
            flows_rx.prescriptions(d)
        elif intent == "other_rx":
            flows_rx.own_only(d)
        elif intent in ("refill_status", "refill_request"):
            flows_rx.refill(d, request=intent == "refill_request")
        elif intent == "medication" and d.parsed.also and d.state.get("last_intent") in _REFILL_INTENTS:
            # "and the Simovil too" right after a refill: another refill, not a question about the medication.
            flows_rx.refill(d, request=d.state.get("last_intent") == "refill_request")
        elif intent == "list":
            flows_catalog.list_medications(d)
        elif intent in _CATALOG_INTENTS:
            self._catalog(d, intent, None)
        elif intent in ("greeting", "thanks", "help"):
            d.say(intent)
        else:
            d.say("out_of_scope")

    def _catalog(self, d: Dialogue, intent: str, refs: list[dict[str, Any]] | None) -> None:
        if intent == "medication":
            last = d.state.get("last_intent")
            intent = last if last in ("availability", "info") else "info"
        if intent == "equivalents":
            flows_catalog.equivalents(d)
            return
        if refs is None:
            refs = flows_catalog.resolve_targets(d, intent)
        if intent == "interaction":
            flows_catalog.interaction(d, refs)
            return
        if intent == "availability":
            flows_catalog.availability(d, refs)
        else:
            flows_catalog.info(d, refs)
        if len(refs) >= 2:
            flows_catalog.interaction(d, refs)

    def _handoff(self, d: Dialogue) -> None:
        reasons = {"en": "The customer asked to talk to a pharmacist.", "he": "הלקוח/ה ביקש/ה לדבר עם רוקח/ת."}
        result = d.call("transfer_to_pharmacist", reason=reasons[d.lang], priority="normal")
        if result.ok:
            ticket = result.envelope.get("ticket") or {}
            d.say("handoff", ticket=ticket.get("ticket_id"), position=ticket.get("queue_position"))
        else:
            d.add(d.error_text(result))
