"""Input and output models of the staff tools (``docs/contracts.md``, "Staff tools").

``calculate_medical_score`` takes the calculator's name and its inputs as one ``parameters`` object. The
exported JSON schema describes ``parameters`` as one object shape per calculator (``anyOf``: strict-mode
exports turn a ``oneOf`` into ``anyOf`` anyway, and the discriminator is a sibling field, which JSON
Schema cannot key a union on); the domain validates the object against the calculator ``score`` names and
reports every bad field as ``parameters.<field>``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from pharmai.pharmacy.scores import CALCULATORS
from pharmai.tools import plain_schema

__all__ = [
    "BandOut",
    "CalculateScoreInput",
    "CalculateScoreOutput",
    "ComponentOut",
    "IngredientOut",
    "InteractingProductOut",
    "InteractionOut",
    "Language",
    "ListInteractionsInput",
    "ListInteractionsOutput",
    "MedicationOut",
    "ScoreName",
    "SourceOut",
]

Language = Literal["he", "en"]
#: The calculators' names (``pharmai.pharmacy.scores.SCORE_NAMES``; a test keeps the two equal).
ScoreName = Literal["renal_dosing", "bmi", "chadsvasc", "hasbled", "wells_dvt", "wells_pe", "meld"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _parameters_schema() -> dict[str, Any]:
    # One object shape per calculator, each described by its model's docstring ("Inputs of `bmi`: ...").
    return {
        "anyOf": [plain_schema(calculator.params) for calculator in CALCULATORS.values()],
        "description": "The calculator's inputs, every field required, in the shape of the chosen score. "
        "Laboratory values come with their unit field.",
    }


# --- calculate_medical_score -----------------------------------------------------------------------


class CalculateScoreInput(_In):
    score: ScoreName = Field(
        description="The calculator: renal_dosing (Cockcroft-Gault creatinine clearance), bmi, chadsvasc "
        "(CHA2DS2-VASc), hasbled (HAS-BLED), wells_dvt, wells_pe, meld (MELD-Na, OPTN 2016)."
    )
    parameters: Annotated[dict[str, Any], WithJsonSchema(_parameters_schema())]
    language: Language = "en"


class BandOut(_Out):
    scheme: str
    code: str
    label: str
    detail: str | None


class ComponentOut(_Out):
    code: str
    label: str
    value: int | float


class SourceOut(_Out):
    authors: str
    title: str
    journal: str
    year: int
    used_for: Literal["formula", "interpretation"]
    doi: str | None
    pmid: str | None
    url: str | None


class CalculateScoreOutput(_Out):
    score: ScoreName
    title: str
    value: int | float
    unit: str
    band: BandOut
    other_bands: list[BandOut]
    components: list[ComponentOut]
    notes: list[str]
    sources: list[SourceOut]


# --- list_interactions ------------------------------------------------------------------------------


class ListInteractionsInput(_In):
    med_id: str = Field(
        min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_\-]+$", description="The medication's id, such as m010."
    )
    language: Language = "en"


class IngredientOut(_Out):
    ingredient_id: str
    name: str


class MedicationOut(_Out):
    med_id: str
    display_name: str
    name_en: str
    name_he: str
    active_ingredients: list[IngredientOut]


class InteractingIngredientOut(_Out):
    ingredient_id: str
    name: str
    name_en: str
    name_he: str


class InteractingProductOut(_Out):
    med_id: str
    display_name: str


class InteractionOut(_Out):
    ingredient: IngredientOut
    interacts_with: InteractingIngredientOut
    level: Literal["caution", "avoid"]
    message: str
    products: list[InteractingProductOut]
    products_total: int


class ListInteractionsOutput(_Out):
    medication: MedicationOut
    interaction_level: Literal["none", "caution", "avoid"]
    interactions: list[InteractionOut]
    notes: str
