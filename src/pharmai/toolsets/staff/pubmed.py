"""Staff ``search_pubmed``: medical literature from PubMed, with a citation for every article listed."""

from __future__ import annotations

from typing import Any

from pharmai.errors import ValidationFailed
from pharmai.pharmacy.literature import Article, EutilsClient, pubmed_url
from pharmai.settings import get_settings
from pharmai.text.identifiers import find_email, find_phone
from pharmai.tools import Registry, ToolContext, ToolKind
from pharmai.toolsets.staff._roles import EVERY_STAFF_ROLE
from pharmai.toolsets.staff.pubmed_models import SearchPubmedInput, SearchPubmedOutput

__all__ = ["register", "search_pubmed", "summary_message"]

#: The handler's deadline: the client's own budget (12 s of retries) fits inside it.
TIMEOUT_S = 15.0

_ORDER = {
    "relevance": {"en": "by relevance", "he": "לפי רלוונטיות"},
    "date": {"en": "newest first", "he": "מהחדש לישן"},
}


def summary_message(total: int, shown: int, sort: str, language: str) -> str:
    """One sentence on what was found, in ``language`` (Hebrew with number agreement: מאמר אחד, 2 מאמרים)."""
    order = _ORDER[sort]["he" if language == "he" else "en"]
    if language == "he":
        if total == 0:
            return "לא נמצאו ב-PubMed מאמרים התואמים לחיפוש הזה."
        if total == 1:
            return "נמצא ב-PubMed מאמר אחד." if shown else "נמצא ב-PubMed מאמר אחד, אך לא ניתן היה להציג אותו."
        if shown == 0:
            return f"נמצאו ב-PubMed {total:,} מאמרים, אך לא ניתן היה להציג אף אחד מהם."
        first = "הראשון" if shown == 1 else f"{shown} הראשונים"
        shown_text = "מוצג כאן" if shown == 1 else "מוצגים כאן"
        return f"נמצאו ב-PubMed {total:,} מאמרים; {shown_text} {first}, {order}."
    if total == 0:
        return "No PubMed articles match this search."
    if total == 1:
        return "PubMed found 1 article." if shown else "PubMed found 1 article, but it could not be shown."
    if shown == 0:
        return f"PubMed found {total:,} articles, but none of them could be shown."
    first = "the first one" if shown == 1 else f"the first {shown}"
    return f"PubMed found {total:,} articles; here are {first}, {order}."


def _refuse_personal_details(query: str) -> None:
    # The query leaves the pharmacy (to NCBI): an email or a phone number in it is someone's details.
    if find_email(query) or find_phone(query):
        raise ValidationFailed([{"field": "query", "type": "personal_details"}])


def _result(article: Article) -> dict[str, Any]:
    return {
        "pmid": article.pmid,
        "title": article.title,
        "journal": article.journal,
        "pub_date": article.pub_date,
        "authors": list(article.authors),
        "doi": article.doi,
        "url": pubmed_url(article.pmid),
    }


def _citation(article: Article) -> dict[str, Any]:
    return {
        "title": article.title,
        "source": "PubMed",
        "url": pubmed_url(article.pmid),
        "date": article.iso_date or article.pub_date,
        "identifier": f"PMID:{article.pmid}",
    }


def search_pubmed(args: SearchPubmedInput, ctx: ToolContext) -> dict[str, Any]:
    """Search PubMed (NCBI) for medical literature, for pharmacy staff.

    `query` is a PubMed search in English (PubMed syntax works: AND, OR, [tiab], [dp]); it is sent to
    NCBI, so it must hold no patient details (an email or phone number in it is refused). Returns up to
    `max_results` articles (default 5, at most 20) by relevance or newest first: PMID, title, journal,
    publication date, the first three authors, DOI and PubMed link; the total number of matches; and a
    citation for each article (title, source, url, date, PMID). Titles are PubMed's own, in English.
    Cite what you use from the citations; the list is what PubMed found, not an assessment of the
    evidence, and not advice. SERVICE_UNAVAILABLE or TIMEOUT when PubMed cannot be reached: say the
    search failed, never that nothing was found.
    """
    _refuse_personal_details(args.query)
    client = EutilsClient.from_settings(ctx.settings or get_settings())
    found = client.search(args.query, max_results=args.max_results, sort=args.sort, cancelled=lambda: ctx.cancelled)
    return {
        "results": [_result(a) for a in found.articles],
        "total_found": found.total,
        "sort": args.sort,
        "message": summary_message(found.total, len(found.articles), args.sort, args.language),
        "citations": [_citation(a) for a in found.articles],
    }


def register(registry: Registry) -> None:
    """Add ``search_pubmed`` to ``registry``."""
    registry.tool(
        input=SearchPubmedInput,
        output=SearchPubmedOutput,
        kind=ToolKind.READ,
        idempotent=True,
        open_world=True,
        timeout_s=TIMEOUT_S,
        roles=EVERY_STAFF_ROLE,
        title="PubMed literature search",
        title_he="חיפוש ספרות רפואית ב-PubMed",
    )(search_pubmed)
