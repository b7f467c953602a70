"""The offline engine's typed dialogue state: what it stores, what it reads back, and what it survives.

The stored state comes from the database: it may have been written before the state was typed, or be
damaged. Reading it must never fail a turn, and what the engine writes back must stay small JSON.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from pharmai.agent.base import SessionInfo, StepLimitReached, ToolResult, TurnInput
from pharmai.agent.engines.offline import OfflineEngine
from pharmai.agent.engines.offline.dialogue_state import (
    AfterIdentity,
    AwaitingRefill,
    CodeQuestion,
    DialogueState,
    EquivalentsOffer,
    IdentifierQuestion,
    InteractionOffer,
    MedRef,
    OwnRxOffer,
    RefilledMed,
    RefillOffer,
    RxItem,
    RxOffer,
    WhichMed,
    WhichRx,
    WhichStore,
)
from pharmai.tools import ToolSpec

# States as the untyped engine stored them (taken from conversations of the evaluation, before the change).
_OLD_REFILLS = {
    "last_refs": [{"ids": ["m021"], "q": "Simovil"}],
    "last_intent": "refill_request",
    "refill_meds": [{"id": "m012", "name": "Litorva (Atorvastatin) 20 mg"}],
    "rx_list": [
        {"presc_id": "p601", "med_id": "m012", "name": "Litorva (Atorvastatin) 20 mg"},
        {"presc_id": "p602", "med_id": "m021", "name": "Simovil (Simvastatin) 20 mg"},
    ],
    "names": {},
    "checked_meds": ["m012", "m021"],
    "refill": {"presc_id": "p602", "med_id": "m021", "name": "Simovil (Simvastatin) 20 mg", "store": "Tel Aviv"},
}
_OLD_IDENTITY = {
    "after_identity": {"intent": "refill_request", "refs": [], "meds": [["m008"]]},
    "last_refs": [{"ids": ["m008"], "q": "Glucophage"}],
    "last_intent": "identity",
    "identifier": "david.cohen@example.com",
    "pending": {"kind": "code"},
}
_OLD_EVERYTHING_ELSE = {
    "pending": {"kind": "equivalents", "med_id": "m007", "store": None},
    "names": {"m006": 'זירטק (צטיריזין) 10 מ"ג', "m004": "Acamol (Paracetamol) 500 mg"},
    "options": ["Nurofen (Ibuprofen) 200 mg", "Acamol (Paracetamol) 500 mg"],
    "taking": [{"ids": ["m010"], "q": "קומדין"}],
    # Both were written and dropped within one turn and are no longer kept (the name is not stored at all).
    "rx_user": "David Cohen",
    "rx_full": [{"presc_id": "p001", "status": "active"}],
    "verified": True,
    "refill_queue": [{"presc_id": "p002", "med_id": "m008", "name": None}],
}


def _full_state() -> DialogueState:
    return DialogueState(
        pending=WhichStore(intent="equivalents", refs=[MedRef(ids=["m001", "m002"], q="Advil")]),
        last_intent="availability",
        last_refs=[MedRef(ids=["m001"], q="אדוויל"), MedRef(ids=[], q="plaxivv")],
        names={"m001": "Advil (Ibuprofen) 200 mg"},
        options=["Advil (Ibuprofen) 200 mg"],
        taking=[MedRef(ids=["m010"], q="warfarin")],
        rx_list=[RxItem(presc_id="p001", med_id="m007", name="Moxypen")],
        identifier="+972501234567",
        after_identity=AfterIdentity(intent="refill_status", refs=[2, -1], meds=[["m008"]]),
        refill=AwaitingRefill(presc_id="p002", med_id="m008", name="Glucophage", store="Tel Aviv"),
        verified=True,
        refill_meds=[RefilledMed(id="m012", name="Litorva")],
        checked_meds=["m012", "m021"],
        refill_queue=[RxItem(presc_id="p602", med_id="m021", name="Simovil")],
    )


def test_a_state_survives_the_round_trip_through_json() -> None:
    state = _full_state()
    stored = json.loads(json.dumps(state.dump(), ensure_ascii=False))
    assert DialogueState.load(stored) == state
    assert stored["pending"] == {
        "kind": "which_store",
        "intent": "equivalents",
        "refs": [{"ids": ["m001", "m002"], "q": "Advil"}],
    }


def test_the_dump_is_json_and_leaves_defaults_out() -> None:
    assert DialogueState().dump() == {}
    assert DialogueState(verified=True, pending=RxOffer()).dump() == {"verified": True, "pending": {"kind": "rx_offer"}}
    dumped = DialogueState(pending=WhichMed(), last_refs=[MedRef(ids=["m004"])], refill=AwaitingRefill()).dump()
    # A question's kind stays even though it equals its default: it is what the union is read by.
    assert dumped == {"pending": {"kind": "which_med"}, "last_refs": [{"ids": ["m004"]}], "refill": {}}
    assert json.loads(json.dumps(_full_state().dump())) == _full_state().dump()


def _without(data: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in keys}


@pytest.mark.parametrize(
    ("old", "written"),
    [
        (_OLD_REFILLS, _without(_OLD_REFILLS, "names")),
        (
            _OLD_IDENTITY,
            {**_OLD_IDENTITY, "after_identity": {"intent": "refill_request", "meds": [["m008"]]}},
        ),
        (
            _OLD_EVERYTHING_ELSE,
            {
                **_without(_OLD_EVERYTHING_ELSE, "rx_full", "rx_user"),
                "pending": {"kind": "equivalents", "med_id": "m007"},
                "refill_queue": [{"presc_id": "p002", "med_id": "m008"}],
            },
        ),
    ],
)
def test_a_state_stored_by_the_untyped_engine_is_written_back_with_the_same_data(
    old: dict[str, Any], written: dict[str, Any]
) -> None:
    # The same data, less what now is a default (an empty dict or list, a None) or is no longer kept.
    assert DialogueState.load(old).dump() == written
    assert DialogueState.load(written) == DialogueState.load(old)


def test_old_states_read_into_typed_fields() -> None:
    refills = DialogueState.load(_OLD_REFILLS)
    name = "Simovil (Simvastatin) 20 mg"
    assert refills.refill == AwaitingRefill(presc_id="p602", med_id="m021", name=name, store="Tel Aviv")
    assert [item.presc_id for item in refills.rx_list] == ["p601", "p602"]
    assert refills.refill_meds == [RefilledMed(id="m012", name="Litorva (Atorvastatin) 20 mg")]
    assert refills.checked_meds == ["m012", "m021"] and refills.last_intent == "refill_request"
    identity = DialogueState.load(_OLD_IDENTITY)
    assert identity.pending == CodeQuestion() and identity.identifier == "david.cohen@example.com"
    assert identity.after_identity == AfterIdentity(intent="refill_request", refs=[], meds=[["m008"]])
    assert identity.last_refs == [MedRef(ids=["m008"], q="Glucophage")]
    rest = DialogueState.load(_OLD_EVERYTHING_ELSE)
    assert rest.pending == EquivalentsOffer(med_id="m007", store=None)
    assert rest.verified is True and rest.taking[0].q == "קומדין"
    assert "David Cohen" not in json.dumps(rest.dump(), ensure_ascii=False)  # no patient name in the state
    assert rest.refill_queue == [RxItem(presc_id="p002", med_id="m008")] and len(rest.names) == 2
    # The untyped engine's ``setdefault("after_identity", {"intent": "prescriptions"})`` form loads too.
    assert DialogueState.load({"after_identity": {"intent": "prescriptions"}}).after_identity == AfterIdentity()


@pytest.mark.parametrize(
    ("stored", "expected"),
    [
        ({"kind": "code"}, CodeQuestion()),
        ({"kind": "identifier"}, IdentifierQuestion()),
        ({"kind": "equivalents", "med_id": "m007", "store": "s2"}, EquivalentsOffer(med_id="m007", store="s2")),
        (
            {"kind": "refill_offer", "target": {"presc_id": "p002", "med_id": "m008", "name": "Glucophage"}},
            RefillOffer(target=RxItem(presc_id="p002", med_id="m008", name="Glucophage")),
        ),
        (
            {
                "kind": "interaction_offer",
                "refs": [{"ids": ["m001"], "q": "Advil"}, {"ids": ["m010"], "q": "Coumadin"}],
            },
            InteractionOffer(refs=[MedRef(ids=["m001"], q="Advil"), MedRef(ids=["m010"], q="Coumadin")]),
        ),
        ({"kind": "own_rx_offer"}, OwnRxOffer()),
        ({"kind": "rx_offer"}, RxOffer()),
        ({"kind": "which_rx", "intent": "refill_request"}, WhichRx(intent="refill_request")),
        (
            {"kind": "which_med", "intent": "availability", "options": ["Plavix (Clopidogrel) 75 mg"]},
            WhichMed(intent="availability", options=["Plavix (Clopidogrel) 75 mg"]),
        ),
        (
            {"kind": "which_store", "intent": "list", "refs": []},
            WhichStore(intent="list"),
        ),
    ],
)
def test_the_kind_picks_the_question(stored: dict[str, Any], expected: Any) -> None:
    pending = DialogueState.load({"pending": stored}).pending
    assert type(pending) is type(expected) and pending == expected
    assert DialogueState(pending=expected).dump()["pending"]["kind"] == stored["kind"]


@pytest.mark.parametrize(
    "pending",
    [
        {"kind": "shall_i_sing"},  # a question a newer (or removed) version asked
        {"med_id": "m007"},  # no kind
        {"kind": None},
        "which_med",
        ["code"],
        17,
        {"kind": "which_med", "options": 5},
        {"kind": "which_med", "intent": ["info"]},
        {"kind": "which_store", "refs": "Advil"},
        {"kind": "which_store", "refs": [{"ids": "m001"}]},
        {"kind": "refill_offer", "target": "p002"},
        {"kind": "equivalents", "med_id": {"id": "m007"}},
    ],
)
def test_a_malformed_question_reads_as_no_question(pending: object) -> None:
    state = DialogueState.load({"pending": pending, "verified": True, "last_intent": "info"})
    assert state.pending is None
    assert state.verified is True and state.last_intent == "info"  # the rest of the state is kept


def test_fields_of_the_wrong_type_read_as_their_defaults() -> None:
    stored = {
        "last_intent": 5,
        "last_refs": "Advil",
        "names": ["m001"],
        "options": {"1": "Advil"},
        "taking": None,
        "rx_list": 3,
        "identifier": {"email": "x"},
        "after_identity": "refill_request",
        "refill": [],
        "verified": "maybe",
        "refill_meds": "m012",
        "checked_meds": 7,
        "refill_queue": {"presc_id": "p002"},
        "unknown_key": {"from": "the future"},
    }
    assert DialogueState.load(stored) == DialogueState()
    assert DialogueState.load(stored).dump() == {}


def test_malformed_items_are_dropped_and_the_others_kept() -> None:
    state = DialogueState.load(
        {
            "last_refs": [{"ids": ["m001"], "q": "Advil"}, "junk", {"ids": [1, 2]}, None],
            "options": ["Advil", 3, None, "Acamol"],
            "rx_list": [{"presc_id": "p001", "med_id": "m007"}, ["p002"]],
            "refill_meds": [{"name": "no id"}, {"id": "m012", "name": "Litorva"}],
            "checked_meds": ["m012", {"id": "m021"}],
        }
    )
    assert state.last_refs == [MedRef(ids=["m001"], q="Advil")]
    assert state.options == ["Advil", "Acamol"]
    assert state.rx_list == [RxItem(presc_id="p001", med_id="m007")]
    assert state.refill_meds == [RefilledMed(id="m012", name="Litorva")] and state.checked_meds == ["m012"]


@pytest.mark.parametrize("stored", [None, [], "state", 3, {1: 2}])
def test_a_state_that_is_not_a_dict_reads_as_a_fresh_one(stored: object) -> None:
    assert DialogueState.load(stored) == DialogueState()


# --- the engine reads the state once and writes it back once ---------------------------------------


class _Tools:
    """A tool runner that answers every call from ``answer`` (or raises what it returns)."""

    def __init__(self, answer: Callable[[str, dict[str, Any]], dict[str, Any] | Exception]) -> None:
        self._answer = answer
        self._results: list[ToolResult] = []

    def call(self, name: str, arguments: Any, *, call_id: str | None = None) -> ToolResult:
        envelope = self._answer(name, dict(arguments))
        if isinstance(envelope, Exception):
            raise envelope
        result = ToolResult(f"c{len(self._results)}", name, arguments, envelope, bool(envelope.get("ok")))
        self._results.append(result)
        return result

    def specs(self) -> list[ToolSpec]:
        return []

    @property
    def results(self) -> list[ToolResult]:
        return list(self._results)


_ACAMOL = {
    "ok": True,
    "medication": {
        "med_id": "m004",
        "display_name": "Acamol (Paracetamol) 500 mg",
        "brand_name": "Acamol",
        "dosage": "500–1,000 mg every 4–6 hours.",
    },
}


def _turn(message: str, state: Any, tools: _Tools) -> TurnInput:
    return TurnInput(
        message=message, language="en", session=SessionInfo("conv-1"), history=[], state=state, tools=tools
    )


def test_the_engine_answers_a_question_stored_by_the_untyped_engine() -> None:
    tools = _Tools(lambda name, args: _ACAMOL)
    stored = {
        "pending": {"kind": "which_med", "intent": "info", "options": ["Acamol"]},
        "names": {"m001": "Advil (Ibuprofen) 200 mg"},
        "rx_full": [{"presc_id": "p001"}],
    }
    turn = _turn("yes", stored, tools)
    reply = "".join(OfflineEngine().respond(turn))
    assert [(r.name, r.arguments["medication_name"]) for r in tools.results] == [("get_medication_by_name", "Acamol")]
    assert "500–1,000 mg every 4–6 hours." in reply
    # Written back once, as JSON: the question answered, the name learnt, the untyped leftovers gone.
    assert turn.state == {"names": {"m001": "Advil (Ibuprofen) 200 mg", "m004": "Acamol (Paracetamol) 500 mg"}}


@pytest.mark.parametrize(
    "stored",
    [
        None,
        {"pending": {"kind": "which_med", "options": 5}, "last_refs": "junk", "verified": "maybe"},
        {"pending": {"kind": "code"}, "identifier": 42},
    ],
)
def test_a_damaged_state_never_fails_the_turn(stored: Any) -> None:
    turn = _turn("hello", stored, _Tools(lambda name, args: {"ok": False}))
    assert "".join(OfflineEngine().respond(turn))
    assert isinstance(turn.state, dict) and "pending" not in turn.state
    assert DialogueState.load(turn.state).dump() == turn.state


def test_the_state_is_written_back_when_the_step_limit_cuts_the_turn() -> None:
    tools = _Tools(lambda name, args: StepLimitReached())
    stored = {"pending": {"kind": "which_med", "intent": "info", "options": ["Acamol"]}, "verified": True}
    turn = _turn("yes", stored, tools)
    with pytest.raises(StepLimitReached):
        list(OfflineEngine().respond(turn))
    # The question was consumed by this message; the rest is kept for the next turn.
    assert turn.state == {"verified": True}
