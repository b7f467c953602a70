"""Input and output models of the canonical tools (``docs/contracts.md``).

Inputs forbid extra fields, so a model cannot smuggle a patient id into a canonical tool. Outputs are
the payload next to ``ok`` / ``error`` in the canonical envelope.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "ActiveIngredient",
    "Disclosure",
    "Equivalent",
    "FindEquivalentInput",
    "FindEquivalentOutput",
    "GetMedicationInput",
    "GetMedicationOutput",
    "GetPrescriptionsInput",
    "GetPrescriptionsOutput",
    "InteractionCheckInput",
    "InteractionCheckOutput",
    "InteractionPair",
    "InventoryCheckInput",
    "InventoryCheckOutput",
    "InventoryMatch",
    "Language",
    "ListMedicationsInput",
    "ListMedicationsOutput",
    "Medication",
    "MedicationSummary",
    "PrescriptionItem",
    "PrescriptionVerifyInput",
    "PrescriptionVerifyOutput",
    "ProductSummary",
    "Refill",
    "RequestRefillInput",
    "RequestRefillOutput",
    "StoreRef",
    "Ticket",
    "TransferInput",
    "TransferOutput",
    "UserRef",
    "VerifyIdentityInput",
    "VerifyIdentityOutput",
]

Language = Literal["he", "en"]
_QUERY = Field(max_length=500)
_ID = Field(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$")


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


# --- shared shapes ---------------------------------------------------------------------------------


class ActiveIngredient(_Out):
    name: str
    strength: str


class StoreRef(_Out):
    store_id: str
    name: str


class UserRef(_Out):
    user_id: str
    full_name: str


class ProductSummary(_Out):
    med_id: str
    display_name: str
    form: str
    strength: str
    rx_required: bool
    in_stock: bool


class Medication(_Out):
    med_id: str | None = Field(description="Null when the answer is about a generic sold as several products.")
    display_name: str
    brand_name: str | None
    generic_name: str
    name_en: str
    name_he: str
    active_ingredients: list[ActiveIngredient]
    form: str | None
    strength: str | None
    rx_required: bool
    in_stock: bool
    dosage: str
    warnings: str
    products: list[ProductSummary] | None = None


class InventoryMatch(_Out):
    med_id: str
    display_name: str
    brand_name: str
    generic_name: str
    active_ingredients: list[ActiveIngredient]
    form: str
    strength: str
    rx_required: bool
    qty_on_hand: int
    in_stock: bool
    low_stock: bool
    restock_eta: date | None


class Disclosure(_Out):
    same_active_ingredients: bool
    same_strength: bool
    same_form: bool
    possible_differences: list[str]


class Equivalent(InventoryMatch):
    disclosure: Disclosure


class MedicationSummary(_Out):
    med_id: str
    display_name: str
    brand_name: str
    generic_name: str
    form: str
    strength: str
    rx_required: bool
    in_stock: bool


# --- tools -----------------------------------------------------------------------------------------


class GetMedicationInput(_In):
    medication_name: str = Field(max_length=500, description="Any name, English or Hebrew, even misspelled.")
    language: Language = "en"


class GetMedicationOutput(_Out):
    medication: Medication


class InventoryCheckInput(_In):
    query: str | None = Field(default=None, max_length=500, description="Medication name.")
    med_id: str | None = Field(default=None, max_length=32, description="Id such as m001; wins over query.")
    store_id: str | None = Field(default=None, max_length=16, description="Null: the session's store.")
    language: Language = "en"


class InventoryCheckOutput(_Out):
    store: StoreRef
    matches: list[InventoryMatch]
    notes: str | None


class FindEquivalentInput(_In):
    med_id: str = _ID
    require_same_strength: bool = True
    require_same_form: bool = True
    store_id: str | None = Field(default=None, max_length=16)
    language: Language = "en"


class FindEquivalentOutput(_Out):
    store: StoreRef
    requested: InventoryMatch
    equivalents: list[Equivalent]
    notes: str | None


class InteractionCheckInput(_In):
    med_ids: list[str] = Field(min_length=2, max_length=10, description="2 to 10 ids such as m001.")
    language: Language = "en"


class InteractionPair(_Out):
    med_id_a: str
    med_id_b: str
    level: Literal["caution", "avoid"]
    message: str


class InteractionCheckOutput(_Out):
    interaction_level: Literal["none", "caution", "avoid"]
    pairs: list[InteractionPair]
    notes: str | None


class ListMedicationsInput(_In):
    rx_filter: Literal["rx", "non_rx", "both"] | None = None
    stock_filter: Literal["in_stock", "out_of_stock", "both"] | None = None
    store_id: str | None = Field(default=None, max_length=16)
    limit: int | None = Field(default=None, ge=1, le=100)
    cursor: str | None = Field(default=None, max_length=200)
    language: Language = "en"


class ListMedicationsOutput(_Out):
    medications: list[MedicationSummary]
    next_cursor: str | None


class VerifyIdentityInput(_In):
    identifier: str = Field(min_length=1, max_length=320, description="Email or phone.")
    code: str | None = Field(default=None, max_length=16, description="Null to send a code.")
    language: Language = "en"


class VerifyIdentityOutput(_Out):
    status: Literal["code_sent", "verified"]
    masked_destination: str | None = None
    expires_at: datetime | None = None
    user: UserRef | None = None


class GetPrescriptionsInput(_In):
    language: Language = "en"


class PrescriptionItem(_Out):
    presc_id: str
    med_id: str
    display_name: str
    status: Literal["active", "expired", "completed", "cancelled"]
    refills_left: int
    expires_at: date
    can_refill: bool
    refill_pending: bool
    rx_required: bool
    in_stock: bool


class GetPrescriptionsOutput(_Out):
    user: UserRef
    prescriptions: list[PrescriptionItem]


class PrescriptionVerifyInput(_In):
    med_id: str | None = Field(default=None, max_length=32)
    presc_id: str | None = Field(default=None, max_length=32)
    intent: Literal["new", "refill"] = "refill"
    language: Language = "en"


class PrescriptionVerifyOutput(_Out):
    rx_required: bool
    patient_found: bool
    has_valid_rx: bool
    rx_status: Literal["active", "expired", "refill_pending", "cancelled", "completed"] | None
    presc_id: str | None
    expires_at: date | None
    refills_remaining: int
    next_step: Literal["request_rx_details", "allow_refill_request", "cannot_proceed", "no_rx_needed"]
    notes: str | None


class RequestRefillInput(_In):
    presc_id: str = _ID
    store_id: str | None = Field(default=None, max_length=16)
    language: Language = "en"


class Refill(_Out):
    refill_id: str
    presc_id: str
    med_id: str
    store_id: str
    status: Literal["pending"]
    refills_left_after: int
    ready_by: date


class RequestRefillOutput(_Out):
    refill: Refill
    existing: bool = False


class TransferInput(_In):
    reason: str = Field(min_length=1, max_length=2000)
    priority: Literal["low", "normal", "high", "urgent"] = "normal"
    language: Language = "en"


class Ticket(_Out):
    ticket_id: str
    status: Literal["open"]
    queue_position: int


class TransferOutput(_Out):
    ticket: Ticket
