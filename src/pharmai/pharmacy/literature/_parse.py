"""Reading E-utilities' JSON (``esearch`` and ``esummary``, ``retmode=json``) defensively.

NCBI's answers are data from outside: any field may be missing, of another type, or the whole body may
not be JSON at all (an HTML error page behind a 200). Whatever does not have the documented shape raises
:class:`~pharmai.errors.ServiceUnavailable` (``bad_response``); a single unreadable article is skipped
rather than failing the whole search. Nothing here logs or returns the query.
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from typing import Any

from pharmai.errors import ServiceUnavailable

__all__ = ["AUTHORS_SHOWN", "Article", "SearchPage", "parse_esearch", "parse_esummary"]

#: Authors listed by name before "et al.".
AUTHORS_SHOWN = 3
_PMID = re.compile(r"^[1-9]\d{0,9}$")
_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*(?:\s[^<>]*)?/?>")
_SORT_DATE = re.compile(r"^(\d{4})/(\d{2})/(\d{2})")
_MAX_TEXT = 1000


@dataclass(frozen=True)
class SearchPage:
    """What ``esearch`` found: the total count and the PMIDs of the first page, in its order."""

    count: int
    pmids: tuple[str, ...]


@dataclass(frozen=True)
class Article:
    """One PubMed record's summary.

    Attributes:
        pmid: The PubMed id (digits).
        title: The title, markup removed.
        journal: The journal's full name (its abbreviation when the full name is missing).
        pub_date: The publication date as the journal gives it ("2023 Mar 15", "2021 Jan-Feb").
        iso_date: ``YYYY-MM-DD`` from NCBI's sort date, when it has one.
        authors: The first three authors, then "et al." when there are more.
        doi: The article's DOI, when recorded.
    """

    pmid: str
    title: str
    journal: str
    pub_date: str | None
    iso_date: str | None
    authors: tuple[str, ...]
    doi: str | None


def _bad(part: str) -> ServiceUnavailable:
    return ServiceUnavailable({"reason": "bad_response", "part": part, "retry_after": 60})


def _load(body: bytes | str, part: str) -> dict[str, Any]:
    try:
        data = json.loads(body)
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise _bad(part) from None
    if not isinstance(data, dict):
        raise _bad(part)
    return data


def _text(value: Any) -> str | None:
    if not isinstance(value, str):
        return None
    text = " ".join(html.unescape(_TAG.sub("", value)).split())
    return text[:_MAX_TEXT] or None


def _count(value: Any) -> int | None:
    # NCBI sends counts as strings ("1234"); accept a number too, refuse anything else.
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value if value >= 0 else None
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def parse_esearch(body: bytes | str) -> SearchPage:
    """The count and PMIDs of an ``esearch`` answer.

    Raises:
        ServiceUnavailable: ``bad_response`` when the body is not an ``esearchresult`` with a count and
            an id list (NCBI reports its own failures as ``esearchresult.ERROR``).
    """
    result = _load(body, "esearch").get("esearchresult")
    if not isinstance(result, dict) or "ERROR" in result:
        raise _bad("esearch")
    count = _count(result.get("count"))
    ids = result.get("idlist")
    if count is None or not isinstance(ids, list):
        raise _bad("esearch")
    pmids = tuple(dict.fromkeys(i for i in ids if isinstance(i, str) and _PMID.match(i)))
    if len(pmids) != len(ids):
        raise _bad("esearch")
    return SearchPage(count=max(count, len(pmids)), pmids=pmids)


def _authors(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names = [name for item in value if isinstance(item, dict) and (name := _text(item.get("name")))]
    return (*names[:AUTHORS_SHOWN], "et al.") if len(names) > AUTHORS_SHOWN else tuple(names)


def _doi(value: Any) -> str | None:
    if not isinstance(value, list):
        return None
    for item in value:
        if isinstance(item, dict) and item.get("idtype") == "doi":
            doi = _text(item.get("value"))
            if doi and doi.startswith("10."):
                return doi
    return None


def _iso_date(value: Any) -> str | None:
    match = _SORT_DATE.match(value) if isinstance(value, str) else None
    return f"{match.group(1)}-{match.group(2)}-{match.group(3)}" if match else None


def _article(pmid: str, record: Any) -> Article | None:
    if not isinstance(record, dict) or "error" in record:
        return None
    title = _text(record.get("title"))
    if title is None:
        return None
    return Article(
        pmid=pmid,
        title=title,
        journal=_text(record.get("fulljournalname")) or _text(record.get("source")) or "",
        pub_date=_text(record.get("pubdate")),
        iso_date=_iso_date(record.get("sortpubdate")),
        authors=_authors(record.get("authors")),
        doi=_doi(record.get("articleids")),
    )


def parse_esummary(body: bytes | str, pmids: tuple[str, ...]) -> list[Article]:
    """The summaries of ``pmids``, in that order; records NCBI could not give are left out.

    Raises:
        ServiceUnavailable: ``bad_response`` when the body has no ``result`` object.
    """
    result = _load(body, "esummary").get("result")
    if not isinstance(result, dict):
        raise _bad("esummary")
    articles = (_article(pmid, result.get(pmid)) for pmid in pmids)
    return [article for article in articles if article is not None]
