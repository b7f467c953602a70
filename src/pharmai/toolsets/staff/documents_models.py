"""Input and output models of the staff tools ``search_documents`` and ``retrieve_document``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pharmai.toolsets.staff.models import Language

__all__ = [
    "DocumentCitationOut",
    "DocumentOut",
    "LocationOut",
    "PassageOut",
    "RetrieveDocumentInput",
    "RetrieveDocumentOutput",
    "SearchDocumentsInput",
    "SearchDocumentsOutput",
    "SearchHitOut",
]

DocumentKind = Literal["pdf", "markdown", "text"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchDocumentsInput(_In):
    query: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)] = Field(
        description="Words to find in the pharmacy's SOPs and guidelines, in Hebrew or English (plain words; "
        "search operators are not needed and are read as words)."
    )
    max_results: int = Field(default=5, ge=1, le=20, description="How many passages to list (1–20).")
    kind: DocumentKind | None = Field(default=None, description="Only documents of this kind (pdf, markdown, text).")
    language: Language = "en"


class RetrieveDocumentInput(_In):
    document_id: Annotated[str, StringConstraints(pattern=r"^doc-[0-9a-f]{16}$")] = Field(
        description="The document's id from search_documents (doc- and 16 hex digits)."
    )
    from_passage: int = Field(
        default=1, ge=1, le=100_000, description="The passage number to start from (a search hit's passage)."
    )
    max_chars: int = Field(default=10_000, ge=200, le=50_000, description="About how many characters to return.")
    language: Language = "en"


class LocationOut(_Out):
    passage: int
    page: int | None
    heading: str | None
    line_start: int
    line_end: int
    label: str


class DocumentOut(_Out):
    document_id: str
    title: str
    kind: DocumentKind
    language: Literal["he", "en", "mixed"]
    path: str
    url: str | None
    date: str


class DocumentCitationOut(_Out):
    title: str
    source: Literal["Pharmacy documents"]
    url: str | None
    path: str
    date: str
    identifier: str
    location: str


class SearchHitOut(_Out):
    document: DocumentOut
    location: LocationOut
    snippet: str
    score: float


class SearchDocumentsOutput(_Out):
    results: list[SearchHitOut]
    matched_every_word: bool
    message: str
    citations: list[DocumentCitationOut]


class PassageOut(_Out):
    location: LocationOut
    text: str


class RetrieveDocumentOutput(_Out):
    document: DocumentOut
    passages: list[PassageOut]
    content: str
    content_truncated: bool
    passage_count: int
    next_passage: int | None
    message: str
    citations: list[DocumentCitationOut]
