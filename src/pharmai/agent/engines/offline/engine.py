"""The deterministic offline engine: every documented flow, in Hebrew and English, with no model API.

One turn: answer a resolved confirmation, else read the message (:mod:`.nlu`: the trained model's intents
and dialogue act, the catalog's medications, the exact cues), honour the question the last reply asked
(:mod:`.questions`: equivalents? which medication? which store? the code? which prescription?), continue the
thread of the last turn (:mod:`.followups`), refuse advice and refer symptoms (still answering the factual
part), and run the flow of every request of the message, through one dispatch table. Whenever two or more
medications are named together, the interaction check runs too.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pharmai.agent.base import StepLimitReached, TurnInput
from pharmai.agent.engines.offline import (
    _cues as c,
)
from pharmai.agent.engines.offline import (
    _policy,
    alcohol_question,
    bot_question,
    branch_list,
    branch_nearest,
    branch_practical,
    complaint_flow,
    contact_privacy,
    current_meds,
    either,
    flows_care,
    flows_catalog,
    flows_compare,
    flows_rx,
    followups,
    glued,
    identical_ask,
    interaction_thread,
    like_the_thread,
    meds_in_play,
    message_parts,
    not_medications,
    quantity,
    questions,
    restock_thread,
    rx_again,
    rx_for_whom,
    rx_insist,
    rx_next_steps,
    rx_not_yours,
    rx_order,
    rx_own_ask,
    rx_person,
    rx_pickup,
    safety_thread,
    same_names,
    staff_flows,
    thread_intent,
    thread_keep,
    urgent_thread,
    wrong_medicine,
)
from pharmai.agent.engines.offline._cues import STORES
from pharmai.agent.engines.offline._stock_frame import asks_stock_of_a_name
from pharmai.agent.engines.offline._symptom_reading import drop_empty_symptom, drop_named_symptom
from pharmai.agent.engines.offline._thanks_part import question_besides_thanks
from pharmai.agent.engines.offline.dialogue_state import (
    AfterIdentity,
    CodeQuestion,
    DialogueState,
    MedRef,
    Pending,
    WhichMed,
    WhichStore,
)
from pharmai.agent.engines.offline.nlu import parse, remainder_query
from pharmai.agent.engines.offline.state import Dialogue
from pharmai.agent.engines.offline.texts import join_names
from pharmai.policy.off_topic import is_off_topic
from pharmai.text.normalize import normalize

__all__ = ["OfflineEngine"]

#: What :meth:`OfflineEngine.warm` reads (no database: names are not looked up).
_WARM_UP = ("Is Advil in stock? can I take it with aspirin", "יש אקמול במלאי? ואפשר לקחת עם אספירין")
_CATALOG_INTENTS = ("info", "availability", "medication", "equivalents", "interaction", "compare")
_REFILL_INTENTS = ("refill_status", "refill_request")
# Flows that stand on their own: no refusal replaces them, nothing rides along.
_OWN_FLOW = ("code", "identity", "handoff", "other_rx", "hours", "delivery", "cancel", "complaint")
# A child's dose is never read off the label here ("how much Acamol for my 6-year-old?", "ולילד בן 6?").
_CHILD = c.cues(
    "child", "children", "kid", "kids", "baby", "babies", "toddler", "infant", "son", "daughter", "year old",
    "years old", "yo", "ילד", "ילדה", "ילדים", "תינוק", "תינוקת", "פעוט", "בן", "בת", "הבן", "הבת", "גיל",
)  # fmt: skip
# A factual request the model gives at least this much weight is answered beside a referral.
_FACTUAL_PART = 0.15
# "plaxivv" is looked up as a name unless the model is this sure it is off-topic.
_CONFIDENT_SCOPE = 0.6
# Requests that can be answered beside a refusal or a referral ("is it in stock? should I take it?").
_FACTUAL = ("availability", "info", "equivalents", "compare", "interaction", "price", "prescriptions", *_REFILL_INTENTS)
# A second request of the same message is answered too when the model is this sure of it.
_SECONDARY_SCORE = 0.5
_SECONDARY = ("price", "availability", "info", "equivalents", "compare")


Handler = Callable[["OfflineEngine", Dialogue], None]


class OfflineEngine:
    """Writes replies by rules and a trained reading over the canonical tools.

    Args:
        mentions: ``mentions(text) -> list[Mention]``: the catalog's medication finder (see
            :func:`pharmai.pharmacy.search.find_mentions`); the engine never opens a database session.
    """

    name = "offline"

    def __init__(self, mentions: Callable[[str], Sequence[Any]] | None = None) -> None:
        self._mentions = mentions

    def warm(self) -> None:
        """Read a message in each language without the catalog, filling the caches a first turn would."""
        for sample in _WARM_UP:
            parse(sample, None)

    def respond(self, turn: TurnInput) -> Iterator[str]:
        """Answer one turn; the reply is yielded paragraph by paragraph.

        The stored state is read once here and written back to ``turn.state`` once, however the turn ends
        (the loop stores it even when a tool budget or an error cut the turn short).
        """
        if turn.session.profile == staff_flows.PROFILE:  # the pharmacist's assistant: staff flows only
            for index, part in enumerate(staff_flows.respond(turn)):
                yield ("\n\n" if index else "") + part
            return
        state = DialogueState.load(turn.state)
        # The question asked last is answered (or dropped) by this message; a new one is asked afresh.
        pending, state.pending = state.pending, None
        if turn.resolution is None:
            # Queued refills wait only for the confirmation just asked; a new message starts afresh.
            state.refill_queue = []
        code = isinstance(pending, CodeQuestion)
        # "ישלכםמוקסיפן?": an opening glued to a name is split off, and the names are then found afresh.
        message = glued.split(turn.message or "", self._mentions) if not code else turn.message or ""
        found = turn.mentions if message == (turn.message or "") else None
        parsed = parse(message, self._mentions, identity_pending=code, found=found)
        drop_empty_symptom(turn, parsed)
        thread_intent.settle(parsed, state, self._mentions)  # "the Forte", "X in Jerusalem", "cheaper there?"
        drop_named_symptom(turn, parsed)  # «והפורטה, יש?»: the word read as a complaint named the product
        if parsed.other_store:
            # "and the other branch?": the store that is not the one last talked about (or the session's).
            current = state.last_store or turn.session.store_id
            parsed.store = next((s for s in STORES if s != current), None)
        elif (
            not parsed.store
            and state.last_store
            and (
                parsed.intent == "medication"
                or (not parsed.meds and parsed.intent in ("availability", "equivalents"))
                or c.THERE.search(parsed.norm)
                or (isinstance(pending, WhichMed) and pending.intent == "availability")  # "did you mean…?" "yes"
            )
        ):
            # "and Tylenol?" after a question about the Jerusalem branch asks about the Jerusalem branch; so do
            # "is it in stock?" about the product just checked there and "do they have Advil there?".
            parsed.store = state.last_store
        store_before = state.last_store
        if parsed.store:
            state.last_store = parsed.store
        elif parsed.meds and parsed.intent in ("availability", "equivalents"):
            # "do you have Claritine?" is answered at the session's store: that is the store talked about now.
            state.last_store = None
        d = Dialogue(turn, parsed, state, earlier_refs=[r for r in state.last_refs if r.ids], store_before=store_before)
        stopped: StepLimitReached | None = None
        try:
            self._turn(d, pending)
        except StepLimitReached as exc:
            # The loop ends the turn with its own polite message; keep what was written so far.
            stopped = exc
        finally:
            turn.state = state.dump()
        yield from self._paragraphs(d)
        if stopped is not None:
            raise stopped

    def _turn(self, d: Dialogue, pending: Pending | None) -> None:
        # A name the catalog did not find is remembered for one turn only ("it's an inhaler for asthma").
        unknown, d.state.unknown_name = d.state.unknown_name, None
        if d.turn.resolution is not None:
            flows_rx.resolution(d)
        elif bot_question.answer(d):
            pass  # "are you a real person?", «אתה בוט?»: an automated assistant, said plainly (no ticket)
        elif contact_privacy.answer(d):
            pass  # "give me Noa Cohen's phone": private, said plainly (never "what is your email?")
        elif wrong_medicine.answer(d):
            pass  # "you sold me the wrong medicine": sorry, don't take it, and a pharmacist now
        elif not_medications.answer(d):
            pass  # "I'm staff, show me…", "who do I complain to", "it was the X btw" (after a handoff), "cigarettes?"
        elif meds_in_play.mine(d):
            pass  # "and mine?" after someone else's records were refused: the caller's own
        elif rx_not_yours.answer(d) or rx_for_whom.answer(d):
            pass  # "can I use my neighbour's prescription?", "does my wife need one for Coumadin?": no one's records
        elif rx_person.refuse(d) or rx_insist.answer(d):
            pass  # "my husband's Coumadin, when does it expire?", "but I'm her husband!": someone else's, never read
        elif safety_thread.personal_followup(d):
            pass  # "what about Acamol?" after "I'm pregnant, can I take…?": the same personal question
        elif interaction_thread.alternatives(d):
            pass  # "so what can she take instead?" after a warning: referred, never an "equivalent"
        elif complaint_flow.introduces_self(d, pending):
            pass  # "my name is David Cohen": never an identifier, never a look-up by name
        elif branch_practical.answer(d) or alcohol_question.answer(d):
            pass  # "parking at Dizengoff?": for the branch to say; "alcohol with Tramadex?": its label, referred
        elif branch_nearest.answer(d) or branch_list.answer(d):
            pass  # "closest store to Haifa?", «איפה הסניפים שלכם?»: the branches, never "which medication?"
        elif like_the_thread.answer(d):
            pass  # "is there another antibiotic like it?" after Moxypen: Moxypen's equivalents, not a referral
        elif same_names.answer(d, self.run_catalog):
            pass  # "acetaminophen is paracetamol, right?", "is that like dipyrone?": same ingredient or not
        elif restock_thread.answer(d) or quantity.followup(d, self.run_catalog):
            pass  # "when's it back?", "I need 3 packs" about the product of the last stock answer
        elif rx_pickup.answer(d):
            pass  # "where do I pick it up? do you have it at Dizengoff?" about a pending refill: branch, date, stock
        elif not_medications.label_beside_symptom(d, self._check_taking):
            pass  # "tell me about advil, my head hurts": its label, then the symptom referred (never a name)
        elif message_parts.answer(d, self.run_catalog, self._check_taking):
            pass  # "stock of X in Tel Aviv, Y's dosage, Z in Jerusalem?": each part on its own
        elif rx_again.answer(d):
            pass  # "do another one", "same again" right after a refill: the next one (or the same), never off-topic
        elif thread_keep.answer(d, pending, self.run_catalog):
            pass  # "the 2nd one in Jerusalem?", "so where do you have it?", "what about Simovil?" (equivalents)
        elif questions.answer(d, pending, self.run_catalog, self._mentions):
            pass  # the question the last reply asked
        elif rx_own_ask.answer(d):
            pass  # "whats left on my Coumadin?", "why doesn't my Tramadex show?": that prescription, not its label
        elif not followups.answer(d, self.run_catalog, self._mentions, unknown=unknown):
            self._answer(d)
        followups.remember(d)  # the products named now, for "what's the difference between them?"
        safety_thread.note(d)  # "my Zoloft", "dad takes Coumadin", "I'm pregnant": kept for the next messages
        urgent_thread.remind(d)  # right after a distress or emergency reply: one line with its number
        intent = d.parsed.intent
        if intent in ("unknown", "thanks", "greeting", "help", "followup", "advice", "symptom", "complaint"):
            return  # a complaint interrupts the thread: "is there any now?" after it is about the same product
        # A bare name ("and Advil?") keeps the request it follows; it sets one only when there is none yet.
        if intent != "medication" or d.state.last_intent is None:
            d.state.last_intent = intent

    @staticmethod
    def _paragraphs(d: Dialogue) -> Iterator[str]:
        for index, part in enumerate(d.paragraphs()):
            yield ("\n\n" if index else "") + part

    # --- a new request ----------------------------------------------------------------------------

    def _plan(self, d: Dialogue) -> list[str]:
        """The requests of the message to answer, the main one first (stock before equivalents)."""
        p = d.parsed
        plan = [p.intent]
        if p.intent not in _FACTUAL:
            return plan  # someone else's records, a sign-in, a handoff: nothing else rides along
        scores = p.reading.scores if p.reading is not None else {}
        # The model's other requests, and the one the cue phrases read ("What is Claritine, and do you have it
        # in Jerusalem?": the model may hold only the stock question).
        # A clause's own request rides along only about a medication the message names.
        clauses = [i for i in p.clause_intents if p.meds or i not in _CATALOG_INTENTS]
        model = [i for i in p.intents if scores.get(i, 0.0) >= _SECONDARY_SCORE]
        if plan[0] == "equivalents":
            # "יש חלופה ל…?" ("is there an alternative…") reads as a stock question too; the equivalents
            # answer already gives stock. A separate clause asking for stock still gets it.
            if message_parts.asks_own_stock(p):  # "נגמר הליפיטור? יש משהו דומה": its stock first, then those
                model.append("availability")
            else:
                model = [i for i in model if i != "availability"]
            if c.CHEAPER.search(p.norm):
                model.append("price")  # "anything cheaper than…?": the equivalents, and that prices are not on file
        others = model + clauses
        if plan[0] in ("refill_status", "refill_request") and not c.AVAILABILITY.search(p.norm):
            # "any left? then order one" counts refills, not stock (a refill checks the stock itself).
            others = [i for i in others if i != "availability"]
        for intent in others:
            if intent in plan or intent not in _SECONDARY:
                continue
            if (
                intent == "info"
                and plan[0] in ("availability", "compare")
                and not (p.facets or "info" in p.clause_intents)
            ):
                continue  # the stock line (or the comparison) already names the product: no label text
            plan.append(intent)
        if plan[0] == "availability" and "equivalents" not in plan and identical_ask.asks_identical(p):
            plan.append("equivalents")  # "lipitor's out, anything identical?": answered, never offered back
        if "availability" in plan and "equivalents" in plan:
            plan.remove("availability")
            plan.insert(0, "availability")  # "is it in stock? if not, an equivalent?"
        return plan[:3]

    def _answer(self, d: Dialogue) -> None:
        p, verdict = d.parsed, d.turn.verdict
        if verdict.red_flags:
            # The loop puts the urgent-care text first; nothing here may delay or distract from it, except
            # what medications named together do (seed 000: the check's result is always stated, by name).
            urgent_thread.answer(d)  # "he looks fine, do we have to go?": don't wait (never reassurance)
            return
        complaint_flow.apologise_first(d)  # "you said Nurofen was in stock and it wasn't": sorry, then the stock
        plan = self._plan(d)
        if meds_in_play.relative_check(d):
            return  # "my wife takes Coumadin and was prescribed Klacid": her medications checked, no records read
        if p.intent in _OWN_FLOW:
            _HANDLERS[p.intent](self, d)  # a person, a sign-in, someone else's records: never a refusal instead
            return
        if current_meds.says_taking(d) and self._noted(d):
            return
        # «יש בלורזין?», "any feverol?": the model alone hears a complaint in a name it never saw; a stock
        # question with no word of a symptom looks the name up (a word of one keeps the referral).
        symptom = verdict.symptom and not (
            not p.meds and p.intent == "availability" and asks_stock_of_a_name(p.text, remainder_query(p.text))
        )
        if verdict.is_advice or symptom or p.intent in ("advice", "symptom"):
            self._refer(d, plan)
            return
        if p.intent in ("unknown", "followup") and rx_order.own_by_use(d):
            return  # "I need my heart medication" (signed in): the patient's prescriptions, never a name lookup
        if not p.meds and p.intent in _CLASS_ASKS and _policy.asks_by_purpose(p.text):
            # "which painkillers are in stock?": the catalog is not sorted by purpose, so neither the whole
            # list nor a search for "painkillers" answers it; picking one is a pharmacist's question.
            d.add(_policy.refusal(d.lang, "purpose"))
            return
        if p.intent in ("unknown", "followup") and self._looks_like_a_name(d):
            self.run_catalog(d, "info", None)
        else:
            d.answers_equivalents = "equivalents" in plan
            for intent in plan:
                if intent != plan[0] and plan[0] not in _REFILL_INTENTS and p.intent in _REFILL_INTENTS:
                    break  # "another round of Klacid" became its refill: no stock or equivalents ride along
                _HANDLERS.get(intent, OfflineEngine._out_of_scope)(self, d)
            self._check_taking(d)

    @staticmethod
    def _check_taking(d: Dialogue) -> None:
        """Check what is named now against the medications the person takes (said earlier, or "my meds")."""
        p, verdict = d.parsed, d.turn.verdict
        if p.meds:
            current_meds.check_with_taking(d, flows_catalog.targets(d))
        elif current_meds.names_own_medications(d) and (verdict.is_advice or p.intent == "interaction"):
            # "can I take it with my medications?": "it" is the medication last talked about.
            current_meds.check_with_taking(d, flows_catalog.last_refs(d))

    def _noted(self, d: Dialogue) -> bool:
        """ "I'm on warfarin": remember it; when that is all the message says, acknowledge it."""
        refs = flows_catalog.targets(d)
        current_meds.remember(d, refs[:1] if len(refs) >= 2 else refs)
        # "I take Plavix" alone may read as an interaction question with nothing to check it against yet.
        alone = ("medication", "unknown", "info", "followup", "symptom", "advice", "interaction")
        if len(refs) >= 2 or d.parsed.intent not in alone or current_meds.names_own_medications(d):
            return False
        if d.identified and current_meds.check_with_taking(d, refs):
            return True  # signed in: "I was prescribed Klacid" is checked against the records at once
        names = [ref.q for ref in refs]
        d.say("taking_noted", names=join_names(d.lang, [n for n in names if n]))
        return True

    @staticmethod
    def _looks_like_a_name(d: Dialogue) -> bool:
        """A word or two that no cue and no reading explains ("plaxivv"): look it up, maybe a misspelt name."""
        p = d.parsed
        if (
            _policy.is_yes(p.text)
            or _policy.is_no(p.text)
            or p.store
            or p.place
            or p.act != "new"
            or is_off_topic(p.text)
        ):
            return False  # a bare "yes", a store, a follow-up fragment: never a medication name
        asked = question_besides_thanks(p.text) or p.text  # "zorvax? thanks in advance": the thanks is no name
        words = remainder_query(asked).split()
        out_of_scope = p.reading.scores.get("out_of_scope", 0.0) if p.reading is not None else 0.0
        return 0 < len(words) <= 2 and len(normalize(asked).split()) <= 4 and out_of_scope < _CONFIDENT_SCOPE

    def _refer(self, d: Dialogue, plan: list[str]) -> None:
        """Advice or symptoms: answer the factual part, check medications named together, then refer."""
        p, verdict = d.parsed, d.turn.verdict
        answered = False
        if p.meds and not any(i in _FACTUAL for i in plan) and p.reading is not None:
            # "got advil? would it help my headache": the stock part is still answered.
            scores = p.reading.scores
            best = next((i for i in ("availability", "info") if scores.get(i, 0.0) >= _FACTUAL_PART), None)
            if best is not None:
                plan = [*plan, best]
        own = current_meds.names_own_medications(d)
        for intent in plan:
            if intent not in _FACTUAL or intent == "interaction" or (own and intent == "prescriptions"):
                continue
            if intent in _CATALOG_INTENTS and not p.meds and not flows_catalog.targets(d):
                continue  # "I have a headache, what do you have?" names no product to look up
            _HANDLERS[intent](self, d)
            answered = True
        asks_label = verdict.kind == "personal_dosage" or followups.asks_label_maximum(d)
        if asks_label and not answered and not _CHILD.search(p.norm):
            # "how much can I take a day?", "how much is too much of that?": what the label says (of the product
            # named, or talked about last), then the refusal, which leaves the right dose for this person to a
            # pharmacist or doctor. Never for a child: the label's adult dose is the wrong answer there, so only
            # the referral is given.
            label = flows_catalog.targets(d) or followups.last_named(d)
            if 0 < len(label) <= 3:
                p.facets = p.facets or {"dosage"}
                flows_catalog.info(d, label)
                answered = True
        refs = flows_catalog.targets(d) if p.meds else []
        choice = safety_thread.is_choice(d)  # "which is better, X or Y?" asks nothing about taking them together
        if len(refs) >= 2 and not choice and not any(r.name == "interaction_check" for r in d.turn.tools.results):
            # Seed 000: medications named together are always checked; only the judgement is referred.
            flows_catalog.interaction(d, refs)
        # "I take Micropirin, Advil or Acamol?": each option checked with what is taken; the choice is referred.
        chose = choice and len(refs) >= 2 and safety_thread.check_choice(d, refs)
        if not chose:
            self._check_taking(d)
        checked = [r for r in d.turn.tools.results if r.name == "interaction_check"]
        if not chose and any(r.ok and r.envelope.get("interaction_level") in ("avoid", "caution") for r in checked):
            # An avoid or caution note already says to ask a pharmacist and that no advice can be given; the
            # symptom's "name a product and I'll look it up" offer after a safety warning would only distract.
            return
        if (verdict.symptom or p.intent == "symptom") and not answered:
            flows_care.symptom(d)
        else:
            d.add(_policy.refusal(d.lang, verdict.kind))

    def run_catalog(self, d: Dialogue, intent: str, refs: list[MedRef] | None) -> None:
        """The catalog flow of ``intent`` for ``refs`` (``None``: the medications this message names)."""
        if intent == "medication":
            last = d.state.last_intent
            intent = last if last in ("availability", "info", "equivalents", "price") else "info"
            if last is None and either.asks_either(d.parsed):
                intent = "availability"  # "zirtek or claratin?": which of them is there, both answered
        if intent == "price":
            self._price(d)
            return
        if intent == "equivalents":
            med_id = str(refs[0].ids[0]) if refs and refs[0].ids[0] != "?" else None
            flows_catalog.equivalents(d, med_id)
            return
        place = d.parsed.place and not d.parsed.store and intent == "availability"
        # "a branch in Eilat? I need Moxypen": no branch there, then its stock at ours (below).
        if place and not flows_care.no_branch_apart(d):
            # "do you have a store in Haifa?" names no medication: none is looked up (the thread's is kept).
            named = remainder_query(d.parsed.text) or d.parsed.meds
            resolve = flows_catalog.resolve_targets if named else lambda d, _: flows_catalog.targets(d)
            targets = refs if refs is not None else resolve(d, intent)
            flows_care.no_branch(d, ask=WhichStore(intent=intent, refs=[MedRef(ids=r.ids, q=r.q) for r in targets]))
            return
        if refs is None:
            refs = flows_catalog.resolve_targets(d, intent)
        if intent == "interaction":
            flows_catalog.interaction(d, refs)
            return
        if intent == "compare" and flows_compare.compare(d, refs):
            return  # else (a misspelt or unknown name) each product's facts, as before
        if intent == "availability":
            flows_catalog.availability(d, refs)
        else:
            flows_catalog.info(d, refs)
        if len(refs) >= 2 and not safety_thread.is_choice(d):  # "X or Y, which is better?": no "together" line
            flows_catalog.interaction(d, refs)

    def _catalog(self, d: Dialogue, intent: str) -> None:
        p = d.parsed
        bare = p.intent == "medication" or p.rule_intent == "medication"
        if bare and p.also and d.state.last_intent in _REFILL_INTENTS:
            # "and the Simovil too" right after a refill: another refill, not a question about the medication
            # (whatever the model leans to, the message has no words of a request of its own).
            flows_rx.refill(d, request=d.state.last_intent == "refill_request")
            return
        if rx_next_steps.more_of_own(d):
            return  # "can I get more Klacid?" from a patient with a prescription for it: its refill
        self.run_catalog(d, intent, None)

    def _delivery(self, d: Dialogue) -> None:
        """No orders or delivery through the chat: say so, then the stock of a product named, for pickup."""
        d.say("delivery_unavailable")
        if d.parsed.meds:
            self._catalog(d, "availability")

    def _price(self, d: Dialogue) -> None:
        if not d.parsed.meds and len(d.parsed.norm.split()) <= 3 and _after_refusal(d):
            # "how much?" / "כמה?" right after "can he have Nurofen?" was referred: a dose, not a price.
            d.add(_policy.refusal(d.lang, "personal_dosage"))
            return
        flows_care.price(d, [name for name in d.parsed.names.values() if name])

    def _list(self, d: Dialogue) -> None:
        if d.turn.verdict.symptom:
            flows_care.symptom(d)  # a listing for a symptom would be a recommendation by another name
        elif d.parsed.place and not d.parsed.store:
            flows_care.no_branch(d, ask=WhichStore(intent="list"))
        else:
            flows_catalog.list_medications(d)

    def _identity(self, d: Dialogue) -> None:
        if d.state.after_identity is None:
            d.state.after_identity = AfterIdentity(intent="prescriptions")
        flows_rx.identity(d)

    def _handoff(self, d: Dialogue) -> None:
        reasons = {"en": "The customer asked to talk to a pharmacist.", "he": "הלקוח/ה ביקש/ה לדבר עם רוקח/ת."}
        result = d.call("transfer_to_pharmacist", reason=reasons[d.lang], priority="normal")
        if result.ok:
            ticket = result.envelope.get("ticket") or {}
            d.say("handoff", ticket=ticket.get("ticket_id"), position=ticket.get("queue_position"))
        else:
            d.add(d.error_text(result))

    def _out_of_scope(self, d: Dialogue) -> None:
        if _CHILD.search(d.parsed.norm) and len(d.parsed.norm.split()) <= 6:
            # "and for a 6-year-old?" after a question about a dose: a child's dose, for a pharmacist.
            d.add(_policy.refusal(d.lang, "personal_dosage"))
            return
        if rx_order.own_by_use(d):
            return  # "I need my thyroid med" (signed in): the patient's prescriptions, to pick from
        d.say("out_of_scope")


def _after_refusal(d: Dialogue) -> bool:
    """The last reply referred a request for advice to a pharmacist (any kind of refusal)."""
    return any(_policy.refusal(d.lang, kind) in d.last_reply for kind in _policy.REFUSAL_KINDS)


# The requests a product class ("painkillers") can ride on when no product is named.
_CLASS_ASKS = frozenset({"list", "availability", "info", "price", "equivalents", "medication", "unknown", "followup"})


def _say(key: str) -> Handler:
    return lambda engine, d: d.say(key)


#: Every intent's flow: the one place an intent is turned into tool calls and text.
_HANDLERS: dict[str, Handler] = {
    "code": lambda engine, d: flows_rx.code(d),
    "identity": OfflineEngine._identity,
    "handoff": OfflineEngine._handoff,
    "prescriptions": lambda engine, d: flows_rx.prescriptions(d),
    "other_rx": lambda engine, d: flows_rx.own_only(d),
    "refill_status": lambda engine, d: flows_rx.refill(d, request=False),
    "refill_request": lambda engine, d: flows_rx.refill(d, request=True),
    "list": OfflineEngine._list,
    "info": lambda engine, d: engine._catalog(d, "info"),
    "availability": lambda engine, d: engine._catalog(d, "availability"),
    "medication": lambda engine, d: engine._catalog(d, "medication"),
    "equivalents": lambda engine, d: engine._catalog(d, "equivalents"),
    "compare": lambda engine, d: engine._catalog(d, "compare"),
    "interaction": lambda engine, d: engine._catalog(d, "interaction"),
    "price": OfflineEngine._price,
    "hours": _say("hours_unknown"),
    "cancel": _say("nothing_to_cancel"),
    "complaint": lambda engine, d: complaint_flow.reply(d),
    "delivery": OfflineEngine._delivery,
    "symptom": lambda engine, d: flows_care.symptom(d),
    "advice": lambda engine, d: d.add(_policy.refusal(d.lang, d.turn.verdict.kind)),
    "followup": OfflineEngine._out_of_scope,
    "greeting": _say("greeting"),
    "thanks": _say("thanks"),
    "help": _say("help"),
    "unknown": OfflineEngine._out_of_scope,
}
