"""The offline engine's dialogue state, typed: what it remembers between turns and the question it asked.

The loop hands the engine a plain JSON dict (``turn.state``, stored with the conversation). The engine reads
it once into a :class:`DialogueState` at the start of a turn and writes it back once at the end
(:meth:`DialogueState.dump`); in between every flow uses typed attributes.

The stored dict may come from an older version of the engine, or be damaged: reading it never fails. A
field that does not validate takes its default, a list keeps only the items that do, and a question
(``pending``) of an unknown kind or with malformed data reads as no question at all. Field names are the
keys the engine has always stored, so conversations saved before the state was typed load unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    ValidationError,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    WrapValidator,
    field_validator,
    model_serializer,
)

__all__ = [
    "AfterIdentity",
    "AwaitingRefill",
    "CodeQuestion",
    "DialogueState",
    "EquivalentsOffer",
    "IdentifierQuestion",
    "InteractionOffer",
    "MedRef",
    "OwnRxOffer",
    "Pending",
    "RefillOffer",
    "RefilledMed",
    "RxItem",
    "RxOffer",
    "WhichMed",
    "WhichRx",
    "WhichStore",
    "unique_refs",
    "without",
]

_T = TypeVar("_T")


def _skip_malformed(value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """Validate a list item by item, dropping the items that do not validate (as the untyped code did)."""
    if not isinstance(value, list):
        return handler(value)
    kept: list[Any] = []
    for item in value:
        try:
            kept.extend(handler([item]))
        except ValidationError:
            continue
    return kept


#: A stored list of which only the valid items are kept.
_Lenient = Annotated[list[_T], WrapValidator(_skip_malformed)]


class _Model(BaseModel):
    # Keys written by another version are dropped rather than refused.
    model_config = ConfigDict(extra="ignore")


class MedRef(_Model):
    """A medication being talked about.

    Attributes:
        ids: Its product ids (several for a generic sold as several products; ``["?"]`` for a name picked
            from a list, still to be looked up).
        q: The name to look it up by, as the person typed it.
    """

    ids: list[str] = []
    q: str = ""


def unique_refs(refs: Iterable[MedRef]) -> list[MedRef]:
    """``refs`` in order, each medication once (by its set of product ids), none that names no product."""
    kept: list[MedRef] = []
    for ref in refs:
        if ref.ids and without([ref], kept):
            kept.append(ref)
    return kept


def without(refs: Iterable[MedRef], others: Iterable[MedRef]) -> list[MedRef]:
    """The references of ``refs`` whose medication is none of ``others``'."""
    seen = [set(other.ids) for other in others]
    return [ref for ref in refs if set(ref.ids) not in seen]


class RxItem(_Model):
    """A prescription as last listed (or queued for a refill): enough to find and name it again."""

    presc_id: str | None = None
    med_id: str | None = None
    name: str | None = None


class AwaitingRefill(_Model):
    """The refill request waiting for the person's confirmation."""

    presc_id: str | None = None
    med_id: str | None = None
    name: str = ""
    store: str = ""


class RefilledMed(_Model):
    """A medication whose refill was requested in this conversation (checked with later ones)."""

    id: str
    name: str = ""
    #: The store its refill goes to ("where do I pick it up?"), as the refill was placed; "" if unknown.
    store: str = ""


class AfterIdentity(_Model):
    """The request to resume once the person is identified.

    Attributes:
        intent: ``prescriptions``, ``refill_status`` or ``refill_request``.
        refs: The prescription positions the request named ("the second one").
        meds: The medication groups (product ids) the request named.
        count: The request asked only how many refills are left or until when (a refill-status question).
    """

    intent: str = "prescriptions"
    refs: list[int] = []
    meds: list[list[str]] = []
    count: bool = False


# --- the question the last reply asked ------------------------------------------------------------


class _Question(_Model):
    kind: str

    @model_serializer(mode="wrap")
    def _with_kind(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # ``kind`` equals its default, so ``exclude_defaults`` would drop the very key the union is read by.
        return {"kind": self.kind, **handler(self)}


class CodeQuestion(_Question):
    """Asked: the one-time code that was sent."""

    kind: Literal["code"] = "code"


class IdentifierQuestion(_Question):
    """Asked: the email or phone to send a one-time code to."""

    kind: Literal["identifier"] = "identifier"


class EquivalentsOffer(_Question):
    """Offered: identical equivalents of an out-of-stock product (at ``store``, else the session's)."""

    kind: Literal["equivalents"] = "equivalents"
    med_id: str | None = None
    store: str | None = None


class RefillOffer(_Question):
    """Offered: a refill request for ``target``."""

    kind: Literal["refill_offer"] = "refill_offer"
    target: RxItem | None = None


class InteractionOffer(_Question):
    """Offered: the interaction check of ``refs`` together."""

    kind: Literal["interaction_offer"] = "interaction_offer"
    refs: list[MedRef] = []


class OwnRxOffer(_Question):
    """Offered: the person's own prescriptions (after someone else's were asked for)."""

    kind: Literal["own_rx_offer"] = "own_rx_offer"


class RxOffer(_Question):
    """Offered after the prescription list: checking or refilling one of them."""

    kind: Literal["rx_offer"] = "rx_offer"


class WhichRx(_Question):
    """Asked: which prescription a refill question (``intent``) is about."""

    kind: Literal["which_rx"] = "which_rx"
    intent: str = "refill_status"


class WhichMed(_Question):
    """Asked: which medication (or "did you mean …?" among ``options``), to answer ``intent`` about it."""

    kind: Literal["which_med"] = "which_med"
    intent: str = "info"
    options: list[str] = []
    #: The strength the person typed ("nurofin forte 200mg"): the answer after "yes" still says it is not on
    #: file when the product chosen comes in another one.
    strength: str | None = None


class WhichStore(_Question):
    """Asked after a place with no branch: which branch to run ``intent`` for ``refs`` at."""

    kind: Literal["which_store"] = "which_store"
    intent: str = "availability"
    refs: list[MedRef] = []


#: What the engine is waiting for: one model per question, told apart by ``kind``.
Pending = Annotated[
    CodeQuestion
    | IdentifierQuestion
    | EquivalentsOffer
    | RefillOffer
    | InteractionOffer
    | OwnRxOffer
    | RxOffer
    | WhichRx
    | WhichMed
    | WhichStore,
    Field(discriminator="kind"),
]


class DialogueState(_Model):
    """Everything the offline engine keeps between turns (ids, names and short markers, never free text).

    Attributes:
        pending: The question the last reply asked, read as the next message's context.
        last_intent: The last request answered, for follow-ups ("and in Jerusalem?").
        last_refs: The medications last talked about (at most five).
        last_store: The store last named ("s2"), for "and the other branch?".
        names: Display names seen in tool answers, by product id (at most 40).
        options: The names last listed or offered, for "the second one".
        taking: The medications the person said they take (at most ten).
        rx_list: The prescriptions last listed, in order.
        identifier: The email / phone a one-time code was sent to.
        after_identity: The request to resume once verified.
        refill: The refill awaiting confirmation.
        verified: Identity was verified in this conversation.
        refill_meds: The medications refilled in this conversation.
        checked_meds: The medications already checked together.
        refill_queue: Prescriptions still to request after the one being confirmed.
        recent: The products named in the conversation, most recent last (at most five), for "the difference
            between them" after two products were asked about one at a time.
        unknown_name: A name the catalog did not find last turn ("ventolin"), for "it's an inhaler".
    """

    pending: Pending | None = None
    last_intent: str | None = None
    last_refs: _Lenient[MedRef] = []
    last_store: str | None = None
    names: dict[str, str] = {}
    options: _Lenient[str] = []
    taking: _Lenient[MedRef] = []
    rx_list: _Lenient[RxItem] = []
    identifier: str | None = None
    after_identity: AfterIdentity | None = None
    refill: AwaitingRefill | None = None
    verified: bool = False
    refill_meds: _Lenient[RefilledMed] = []
    checked_meds: _Lenient[str] = []
    refill_queue: _Lenient[RxItem] = []
    recent: _Lenient[MedRef] = []
    unknown_name: str | None = None
    #: A personal circumstance (pregnancy, a baby, a condition) was said: "and X?" is the same personal question.
    personal: bool = False
    #: The list an ordinal last picked from ("the second one in Jerusalem"), while its item is talked about:
    #: "and the first one?" / "the other one in Tel Aviv" next picks from the same list.
    picked_from: _Lenient[MedRef] = []

    @field_validator("*", mode="wrap")
    @classmethod
    def _default_when_malformed(cls, value: Any, handler: ValidatorFunctionWrapHandler, info: ValidationInfo) -> Any:
        # A damaged or outdated field must not cost the whole conversation its state, nor crash the turn.
        try:
            return handler(value)
        except ValidationError:
            field = cls.model_fields[str(info.field_name)]
            return field.get_default(call_default_factory=True)

    @classmethod
    def load(cls, stored: object) -> DialogueState:
        """Read the stored state; anything that does not validate reads as its default.

        Args:
            stored: ``turn.state`` as the loop gives it (a JSON dict, possibly from an older version).

        Returns:
            The state; a fresh one when ``stored`` is not a dict.
        """
        return cls.model_validate(stored if isinstance(stored, dict) else {})

    def dump(self) -> dict[str, Any]:
        """The state as JSON for the loop to store, without the fields left at their defaults."""
        return self.model_dump(mode="json", exclude_defaults=True)
