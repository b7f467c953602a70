"""The NCBI E-utilities client behind ``search_pubmed``: ``esearch`` then ``esummary``, over httpx.

Every request is a form POST (E-utilities take either; a URL would put the query in httpx's request log)
carrying NCBI's ``tool`` and ``email`` (and ``api_key`` when set), waits for the process's
turn (:mod:`._limiter`: 3 requests a second, 10 with a key), and is retried with exponential backoff on
429, 5xx, timeouts and dropped connections — a bounded number of times, within a bounded total time —
before the call fails with a typed error. The query may hold a patient's details typed by mistake, so it is
never logged, and never put in an error's details.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

import httpx

from pharmai.errors import ServiceUnavailable, ToolTimeout
from pharmai.pharmacy.literature._limiter import RequestSpacer, spacer_for
from pharmai.pharmacy.literature._parse import Article, parse_esearch, parse_esummary
from pharmai.settings import Settings

__all__ = ["EutilsClient", "RetryPolicy", "SearchResult"]

log = logging.getLogger(__name__)

Sort = Literal["relevance", "date"]
#: esearch's names for our two orders ("pub_date": newest publication first).
_SORT = {"relevance": "relevance", "date": "pub_date"}
_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass(frozen=True)
class RetryPolicy:
    """How hard to try: attempts per request, the backoff between them, and the whole search's budget.

    The n-th retry waits ``backoff_s × 2ⁿ`` (at most ``max_backoff_s``), or what a 429's ``Retry-After``
    asks when that is longer; a wait that would not fit the budget ends the search at once.
    """

    attempts: int = 4
    backoff_s: float = 0.5
    max_backoff_s: float = 4.0
    budget_s: float = 12.0


@dataclass(frozen=True)
class SearchResult:
    """A search's total hit count and the summaries of its first page."""

    total: int
    articles: list[Article]


class _Failure(Exception):
    # One attempt's failure, retryable or not; ``timeout`` tells a slow answer from a broken one.
    def __init__(self, *, retry: bool, timeout: bool = False, retry_after: float | None = None) -> None:
        super().__init__()
        self.retry = retry
        self.timeout = timeout
        self.retry_after = retry_after


def _retry_after(response: httpx.Response) -> float | None:
    value = response.headers.get("Retry-After", "")
    try:
        seconds = float(value)
    except ValueError:
        return None
    return seconds if seconds >= 0 else None


class EutilsClient:
    """Searches PubMed through NCBI E-utilities.

    Args:
        base_url: E-utilities' address (``…/entrez/eutils/``); tests point it at a local server.
        tool: NCBI's ``tool`` parameter: the program's name.
        email: NCBI's ``email`` parameter: who NCBI may contact about this program's traffic.
        api_key: NCBI API key, or ``None`` (3 requests a second instead of 10).
        timeout_s: Seconds per request.
        policy: Retries and the total budget.
        transport: An httpx transport (tests only; the default opens real connections).
    """

    def __init__(
        self,
        base_url: str,
        *,
        tool: str,
        email: str,
        api_key: str | None = None,
        timeout_s: float = 5.0,
        policy: RetryPolicy | None = None,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self._base_url = base_url if base_url.endswith("/") else base_url + "/"
        self._identity = {"tool": tool, "email": email} | ({"api_key": api_key} if api_key else {})
        self._timeout_s = timeout_s
        self.policy = policy or RetryPolicy()
        self._spacer: RequestSpacer = spacer_for(self._base_url, has_key=bool(api_key))
        self._transport = transport

    @classmethod
    def from_settings(cls, settings: Settings, *, policy: RetryPolicy | None = None) -> EutilsClient:
        """A client configured by ``PHARMAI_NCBI_*``.

        Raises:
            ServiceUnavailable: ``not_configured`` when ``PHARMAI_NCBI_EMAIL`` is unset (NCBI asks every
                program to identify itself, so the search is off until an operator names a contact).
        """
        email = (settings.ncbi_email or "").strip()
        if not email:
            raise ServiceUnavailable({"reason": "not_configured", "setting": "PHARMAI_NCBI_EMAIL"})
        return cls(
            settings.ncbi_base_url,
            tool=settings.ncbi_tool,
            email=email,
            api_key=(settings.ncbi_api_key or "").strip() or None,
            timeout_s=settings.ncbi_timeout,
            policy=policy,
        )

    def search(
        self,
        query: str,
        *,
        max_results: int = 5,
        sort: Sort = "relevance",
        cancelled: Callable[[], bool] = lambda: False,
    ) -> SearchResult:
        """Search PubMed and summarise the first ``max_results`` hits.

        Args:
            query: PubMed query text (sent to NCBI, never logged).
            max_results: How many summaries to fetch (the total count covers every hit).
            sort: ``relevance`` or ``date`` (newest publication first).
            cancelled: Polled between attempts; True stops the search with ``TIMEOUT``.

        Raises:
            ServiceUnavailable: NCBI kept failing (``upstream``), answered unreadably (``bad_response``),
                or this process's request budget was spoken for (``busy``).
            ToolTimeout: The last attempt timed out, or ``cancelled`` said stop.
        """
        deadline = time.monotonic() + self.policy.budget_s
        with httpx.Client(timeout=self._timeout_s, transport=self._transport, follow_redirects=False) as http:
            found = parse_esearch(
                self._get(
                    http,
                    "esearch.fcgi",
                    {"db": "pubmed", "term": query, "retmax": max_results, "sort": _SORT[sort], "retmode": "json"},
                    deadline,
                    cancelled,
                )
            )
            if not found.pmids:
                return SearchResult(total=found.count, articles=[])
            body = self._get(
                http,
                "esummary.fcgi",
                {"db": "pubmed", "id": ",".join(found.pmids), "retmode": "json"},
                deadline,
                cancelled,
            )
        return SearchResult(total=found.count, articles=parse_esummary(body, found.pmids))

    def _get(
        self,
        http: httpx.Client,
        endpoint: str,
        params: dict[str, Any],
        deadline: float,
        cancelled: Callable[[], bool],
    ) -> bytes:
        last = _Failure(retry=True)
        for attempt in range(self.policy.attempts):
            if cancelled():
                raise ToolTimeout()
            if attempt:
                wait = min(self.policy.backoff_s * 2 ** (attempt - 1), self.policy.max_backoff_s)
                wait = max(wait, last.retry_after or 0.0)
                if time.monotonic() + wait >= deadline:
                    break
                time.sleep(wait)
            try:
                return self._attempt(http, endpoint, params, deadline)
            except _Failure as failure:
                last = failure
                log.info("eutils %s attempt %d failed (retry=%s)", endpoint, attempt + 1, failure.retry)
                if not failure.retry:
                    break
        retry_after = max(1, round(last.retry_after or 30))
        if last.timeout:
            raise ToolTimeout({"retry_after": retry_after})
        raise ServiceUnavailable({"reason": "upstream", "retry_after": retry_after})

    def _attempt(self, http: httpx.Client, endpoint: str, params: dict[str, Any], deadline: float) -> bytes:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise _Failure(retry=False, timeout=True)
        self._spacer.wait(max_wait=remaining)
        remaining = deadline - time.monotonic()
        timeout = httpx.Timeout(max(0.01, min(self._timeout_s, remaining)))
        try:
            # POST, form-encoded: httpx logs each request's URL, and the query (and the key) must not be in it.
            response = http.post(self._base_url + endpoint, data={**params, **self._identity}, timeout=timeout)
        except httpx.TimeoutException:
            raise _Failure(retry=True, timeout=True) from None
        except httpx.TransportError:
            raise _Failure(retry=True) from None
        if response.status_code in _RETRY_STATUSES:
            raise _Failure(retry=True, retry_after=_retry_after(response))
        if response.status_code != 200:
            raise _Failure(retry=False)
        return response.content
