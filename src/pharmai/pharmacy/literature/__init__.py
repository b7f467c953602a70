"""Medical literature from outside the pharmacy: PubMed through NCBI E-utilities (for staff tools).

The one outbound integration of the domain layer. It sits here, beside the other domain modules, because
the staff toolset calls it the way it calls :mod:`pharmai.pharmacy.scores`: the toolset translates JSON,
this package does the work. It holds no database rows and no tool envelopes; it raises the errors of
:mod:`pharmai.errors` (``SERVICE_UNAVAILABLE``, ``TIMEOUT``) and never logs a query.
"""

from __future__ import annotations

from pharmai.pharmacy.literature._eutils import EutilsClient, RetryPolicy, SearchResult
from pharmai.pharmacy.literature._limiter import RequestSpacer, spacer_for
from pharmai.pharmacy.literature._parse import AUTHORS_SHOWN, Article, parse_esearch, parse_esummary

__all__ = [
    "AUTHORS_SHOWN",
    "Article",
    "EutilsClient",
    "RequestSpacer",
    "RetryPolicy",
    "SearchResult",
    "parse_esearch",
    "parse_esummary",
    "pubmed_url",
    "spacer_for",
]


def pubmed_url(pmid: str) -> str:
    """The article's page on PubMed."""
    return f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/"
