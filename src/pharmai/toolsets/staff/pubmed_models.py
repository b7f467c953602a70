"""Input and output models of the staff tool ``search_pubmed`` (``docs/contracts.md``, "Staff tools")."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from pharmai.toolsets.staff.models import Language

__all__ = ["CitationOut", "PubmedArticleOut", "SearchPubmedInput", "SearchPubmedOutput"]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SearchPubmedInput(_In):
    query: Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)] = Field(
        description="A PubMed search (English terms, PubMed syntax allowed: AND, OR, [tiab], [dp]). It is sent "
        "to NCBI: never put a patient's name, email, phone or other details in it."
    )
    max_results: int = Field(default=5, ge=1, le=20, description="How many articles to list (1–20).")
    sort: Literal["relevance", "date"] = Field(
        default="relevance", description="relevance (PubMed's Best Match) or date (newest publication first)."
    )
    language: Language = "en"


class PubmedArticleOut(_Out):
    pmid: str
    title: str
    journal: str
    pub_date: str | None
    authors: list[str]
    doi: str | None
    url: str


class CitationOut(_Out):
    title: str
    source: Literal["PubMed"]
    url: str
    date: str | None
    identifier: str


class SearchPubmedOutput(_Out):
    results: list[PubmedArticleOut]
    total_found: int
    sort: Literal["relevance", "date"]
    message: str
    citations: list[CitationOut]
