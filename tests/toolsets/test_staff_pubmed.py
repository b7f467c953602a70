"""Staff ``search_pubmed`` through the real executor against a local E-utilities stand-in (no real network).

The stand-in (``tests/toolsets/_eutils_server.py``) replays recorded esearch / esummary JSON on 127.0.0.1
and records each request with its arrival time, so the tests check what was sent (tool, email, api_key,
never a URL holding the query), how retries were spaced, and that the process-wide limiter kept NCBI's pace.
"""

from __future__ import annotations

import json
import logging
import statistics
import threading
from collections.abc import Callable, Iterator
from itertools import pairwise
from typing import Any

import pytest
from sqlalchemy import select

from pharmai.db import Database
from pharmai.db.models import AuditLog
from pharmai.db.tool_stores import tool_stores
from pharmai.errors import ServiceUnavailable, ToolTimeout
from pharmai.pharmacy.literature import EutilsClient, RetryPolicy
from pharmai.settings import get_settings
from pharmai.tools import Executor, Principal
from pharmai.toolsets import registry_for
from pharmai.toolsets.staff.pubmed import summary_message
from tests.engines.stub_server import closed_port_url
from tests.toolsets._eutils_server import Answer, EutilsServer, fixture
from tests.toolsets._helpers import error, hebrew
from tests.toolsets.conftest import GENEROUS
from tests.toolsets.test_staff_cli import call, env  # noqa: F401 - the CLI test's fixture
from tests.toolsets.test_staff_tools import PHARMACIST, Staff

QUERY = "metformin lactic acidosis"
EMAIL = "pharmacy-it@example.org"
PMIDS = ["38012345", "37654321", "36543210", "35432109", "34321098"]
#: Tolerance for the spacing checks: the server stamps arrivals, the client stamps sends.
SLACK = 0.1

Make = Callable[..., Staff]


@pytest.fixture
def server() -> Iterator[EutilsServer]:
    with EutilsServer() as running:
        yield running


@pytest.fixture
def pubmed(server: EutilsServer, db: Database) -> Iterator[Make]:
    """``pubmed(language="en", **settings)``: a pharmacist's staff session whose NCBI settings name the stand-in."""
    made: list[Executor] = []

    def make(
        language: str = "en", principal: Principal | None = None, actor: Any = PHARMACIST, **changes: Any
    ) -> Staff:
        settings = GENEROUS.model_copy(
            update={"ncbi_base_url": server.base_url, "ncbi_email": EMAIL, "ncbi_api_key": "k" * 36, **changes}
        )
        executor = Executor(registry_for("staff"), db, settings=settings, **tool_stores(db, audit="sync"))
        made.append(executor)
        return Staff(executor, db, language, principal, actor)

    yield make
    for executor in made:
        executor.close()


def search(session: Staff, **arguments: Any) -> dict[str, Any]:
    return session.call("search_pubmed", {"query": QUERY, **arguments})


def gaps(seen: list[Any]) -> list[float]:
    return [b.at - a.at for a, b in pairwise(seen)]


# --- a normal search ---------------------------------------------------------------------------------------


def test_a_search_lists_articles_with_citations_in_english(pubmed: Make, server: EutilsServer) -> None:
    envelope = search(pubmed())
    assert envelope["ok"] is True and envelope["total_found"] == 1487 and envelope["sort"] == "relevance"
    assert envelope["message"] == "PubMed found 1,487 articles; here are the first 5, by relevance."
    assert [r["pmid"] for r in envelope["results"]] == PMIDS
    first, second, third, fourth = envelope["results"][:4]
    assert first == {
        "pmid": "38012345",
        "title": "Metformin-associated lactic acidosis in patients with chronic kidney disease: a systematic review.",
        "journal": "Diabetes, obesity & metabolism",
        "pub_date": "2024 Jan",
        "authors": ["Cohen R", "Levi M", "Mizrahi D", "et al."],
        "doi": "10.1111/dom.15301",
        "url": "https://pubmed.ncbi.nlm.nih.gov/38012345/",
    }
    assert second["authors"] == ["Goldberg T", "Shapiro N"]
    assert second["title"].startswith("Lactic acidosis and metformin: revisiting")  # <i> markup removed
    assert third["doi"] is None and "older adults & the risk" in third["title"]  # &amp; read as "&"
    assert third["authors"] == ["Friedman H", "Ben-David O", "Amar Y", "et al."]
    assert fourth["authors"] == ["Diabetes Outcomes Research Group"]
    assert envelope["citations"][0] == {
        "title": first["title"],
        "source": "PubMed",
        "url": "https://pubmed.ncbi.nlm.nih.gov/38012345/",
        "date": "2024-01-01",
        "identifier": "PMID:38012345",
    }
    assert [c["identifier"] for c in envelope["citations"]] == [f"PMID:{p}" for p in PMIDS]
    esearch, esummary = server.requests()
    assert (esearch.endpoint, esummary.endpoint) == ("esearch.fcgi", "esummary.fcgi")
    assert esearch.params == {
        "db": "pubmed",
        "term": QUERY,
        "retmax": "5",
        "sort": "relevance",
        "retmode": "json",
        "tool": "pharmai",
        "email": EMAIL,
        "api_key": "k" * 36,
    }
    assert esummary.params["id"] == ",".join(PMIDS) and esummary.params["retmode"] == "json"
    # Sent as a form: the query never appears in a URL (which httpx and proxies log).
    assert {s.method for s in server.requests()} == {"POST"}


def test_a_search_in_hebrew_newest_first(pubmed: Make, server: EutilsServer) -> None:
    envelope = search(pubmed("he"), sort="date", max_results=5, language="he")
    assert envelope["ok"] is True
    assert envelope["message"] == "נמצאו ב-PubMed 1,487 מאמרים; מוצגים כאן 5 הראשונים, מהחדש לישן."
    assert envelope["results"][0]["title"].startswith("Metformin-associated")  # PubMed's titles, as published
    assert server.requests("esearch.fcgi")[0].params["sort"] == "pub_date"


@pytest.mark.parametrize(
    ("language", "total", "shown", "text"),
    [
        ("en", 1, 1, "PubMed found 1 article."),
        ("he", 1, 1, "נמצא ב-PubMed מאמר אחד."),
        ("he", 2, 1, "נמצאו ב-PubMed 2 מאמרים; מוצג כאן הראשון, לפי רלוונטיות."),
        ("en", 2, 1, "PubMed found 2 articles; here are the first one, by relevance."),
    ],
)
def test_the_summary_agrees_with_the_numbers(language: str, total: int, shown: int, text: str) -> None:
    assert summary_message(total, shown, "relevance", language) == text


@pytest.mark.parametrize(
    ("language", "message"),
    [("en", "No PubMed articles match this search."), ("he", "לא נמצאו ב-PubMed מאמרים התואמים לחיפוש הזה.")],
)
def test_no_hits_is_an_empty_list_not_an_error(pubmed: Make, server: EutilsServer, language: str, message: str) -> None:
    server.plan("esearch.fcgi", Answer(fixture("esearch_empty.json")))
    envelope = search(pubmed(language), language=language)
    assert envelope["ok"] is True and envelope["message"] == message
    assert (envelope["results"], envelope["citations"], envelope["total_found"]) == ([], [], 0)
    assert [s.endpoint for s in server.requests()] == ["esearch.fcgi"]  # nothing to summarise


def test_settings_name_the_tool_and_contact_without_a_key(pubmed: Make, server: EutilsServer) -> None:
    assert search(pubmed(ncbi_tool="pharmai-tlv", ncbi_api_key=None), max_results=3)["ok"] is True
    for seen in server.requests():
        assert (seen.params["tool"], seen.params["email"]) == ("pharmai-tlv", EMAIL)
        assert "api_key" not in seen.params
    assert server.requests("esearch.fcgi")[0].params["retmax"] == "3"


# --- failures are typed ------------------------------------------------------------------------------------


def test_a_429_is_retried_after_a_bounded_backoff(pubmed: Make, server: EutilsServer) -> None:
    server.plan("esearch.fcgi", Answer(fixture("rate_limited.json"), status=429))
    envelope = search(pubmed())
    assert envelope["ok"] is True and len(envelope["results"]) == 5
    first, retry = server.requests("esearch.fcgi")
    assert 0.5 - SLACK <= retry.at - first.at < 2.0  # RetryPolicy.backoff_s, not a hammering loop


def test_retry_after_is_honoured(pubmed: Make, server: EutilsServer) -> None:
    server.plan("esummary.fcgi", Answer(fixture("rate_limited.json"), status=429, headers={"Retry-After": "1"}))
    assert search(pubmed())["ok"] is True
    first, retry = server.requests("esummary.fcgi")
    assert 1.0 - SLACK <= retry.at - first.at < 2.0


def test_a_retry_after_beyond_the_budget_fails_at_once(pubmed: Make, server: EutilsServer) -> None:
    server.plan("esearch.fcgi", Answer(fixture("rate_limited.json"), status=429, headers={"Retry-After": "3600"}))
    err = error(search(pubmed("he"), language="he"))
    assert err["code"] == "SERVICE_UNAVAILABLE" and err["details"]["retry_after"] == 3600
    assert err["message"] == "חיפוש הספרות אינו עונה כרגע. נסו שוב בעוד כמה דקות."
    assert len(server.requests()) == 1


def test_a_persistent_500_ends_in_service_unavailable(pubmed: Make, server: EutilsServer) -> None:
    server.plan("esearch.fcgi", *[Answer(b"<html>Internal Server Error</html>", status=500)] * 10)
    err = error(search(pubmed()))
    assert err["code"] == "SERVICE_UNAVAILABLE" and err["details"]["reason"] == "upstream"
    assert err["message"] == "The literature search is not answering right now. Please try again in a few minutes."
    seen = server.requests("esearch.fcgi")
    assert len(seen) == RetryPolicy().attempts == 4  # bounded
    waits = gaps(seen)
    assert [round(w, 1) for w in waits] == pytest.approx([0.5, 1.0, 2.0], abs=0.25)  # exponential backoff
    assert not server.requests("esummary.fcgi")


BAD_BODIES = {
    "html behind a 200": ("esearch.fcgi", b"<html><body>Service temporarily unavailable</body></html>"),
    "truncated json": ("esearch.fcgi", fixture("esearch_metformin.json")[:200]),
    "ncbi's own error": ("esearch.fcgi", fixture("esearch_backend_error.json")),
    "a list, not an object": ("esearch.fcgi", b"[]"),
    "count is not a number": ("esearch.fcgi", b'{"esearchresult": {"count": "many", "idlist": []}}'),
    "ids are not pmids": ("esearch.fcgi", b'{"esearchresult": {"count": "2", "idlist": ["1", {"x": 1}]}}'),
    "no result in esummary": ("esummary.fcgi", b'{"header": {"type": "esummary"}, "esummaryresult": ["x"]}'),
    "deep nesting": ("esummary.fcgi", b"[" * 100_000 + b"]" * 100_000),
}


@pytest.mark.parametrize("case", BAD_BODIES, ids=list(BAD_BODIES))
def test_unreadable_answers_are_a_typed_error(pubmed: Make, server: EutilsServer, case: str) -> None:
    endpoint, body = BAD_BODIES[case]
    server.plan(endpoint, Answer(body, content_type="text/html" if body.startswith(b"<") else "application/json"))
    envelope = search(pubmed("he"), language="he")
    err = error(envelope)
    assert err["code"] == "SERVICE_UNAVAILABLE" and err["details"]["reason"] == "bad_response"
    assert err["message"] == "חיפוש הספרות החזיר תשובה שלא ניתן היה לקרוא. נסו שוב מאוחר יותר."
    assert "Traceback" not in json.dumps(envelope) and "Backend" not in json.dumps(envelope)


def test_odd_records_are_skipped_not_fatal(pubmed: Make, server: EutilsServer) -> None:
    summary = json.loads(fixture("esummary_metformin.json"))
    summary["result"]["37654321"] = {"uid": "37654321", "error": "cannot get document summary"}
    summary["result"]["36543210"]["authors"] = "not a list"
    summary["result"]["35432109"]["articleids"] = [{"idtype": "doi", "value": 42}]
    del summary["result"]["34321098"]
    server.plan("esummary.fcgi", Answer(json.dumps(summary).encode()))
    envelope = search(pubmed())
    assert [r["pmid"] for r in envelope["results"]] == ["38012345", "36543210", "35432109"]
    assert envelope["results"][1]["authors"] == [] and envelope["results"][2]["doi"] is None
    assert envelope["message"] == "PubMed found 1,487 articles; here are the first 3, by relevance."


def test_without_a_contact_email_the_search_is_not_configured(pubmed: Make, server: EutilsServer) -> None:
    for language, message in [
        ("en", "This search is not set up on this server yet. Please ask the system administrator."),
        ("he", "החיפוש הזה עדיין לא הוגדר בשרת הזה. נא לפנות למנהל/ת המערכת."),
    ]:
        err = error(search(pubmed(language, ncbi_email=None), language=language))
        assert err["code"] == "SERVICE_UNAVAILABLE" and err["details"]["reason"] == "not_configured"
        assert err["message"] == message
    assert server.requests() == []


def test_a_call_without_a_staff_actor_is_refused(pubmed: Make, server: EutilsServer) -> None:
    err = error(search(pubmed(principal=Principal.anonymous(), actor=None)))
    assert err["code"] == "FORBIDDEN" and err["details"]["reason"] == "staff_only"
    assert server.requests() == []


@pytest.mark.parametrize(
    "query", ["lactic acidosis dana.levi@example.com", "metformin 050-123-4567", "callback +972 52 765 4321"]
)
def test_a_query_with_personal_details_is_never_sent(pubmed: Make, server: EutilsServer, query: str) -> None:
    envelope = pubmed("he").call("search_pubmed", {"query": query, "language": "he"})
    err = error(envelope)
    assert err["code"] == "VALIDATION_ERROR" and err["details"]["fields"] == [
        {"field": "query", "type": "personal_details"}
    ]
    assert hebrew(err["message"]) and query not in json.dumps(envelope, ensure_ascii=False)
    assert server.requests() == []


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({"query": "   "}, "query"),
        ({"query": "x" * 301}, "query"),
        ({"query": QUERY, "max_results": 21}, "max_results"),
        ({"query": QUERY, "max_results": 0}, "max_results"),
        ({"query": QUERY, "sort": "citations"}, "sort"),
        ({"query": QUERY, "filters": ["Review"]}, "filters"),
    ],
)
def test_bad_arguments_are_validation_errors(
    pubmed: Make, server: EutilsServer, arguments: dict[str, Any], field: str
) -> None:
    err = error(pubmed().call("search_pubmed", arguments))
    assert err["code"] == "VALIDATION_ERROR" and [f["field"] for f in err["details"]["fields"]] == [field]
    assert server.requests() == []


def test_the_query_is_in_no_log_and_no_audit_row(
    pubmed: Make, server: EutilsServer, db: Database, caplog: pytest.LogCaptureFixture
) -> None:
    secret = "warfarin interaction query 7f3a9c"
    server.plan("esearch.fcgi", Answer(b"oops", status=503))
    session = pubmed()
    with caplog.at_level(logging.DEBUG):
        assert session.call("search_pubmed", {"query": secret})["ok"] is True
    assert server.requests("esearch.fcgi")[-1].params["term"] == secret  # it was sent …
    assert caplog.records and all(secret not in r.getMessage() for r in caplog.records)  # … and never logged
    assert all("7f3a9c" not in str(r.args) for r in caplog.records)
    with db.session() as s:
        rows = s.scalars(select(AuditLog).where(AuditLog.conversation_id == session.context.conversation_id)).all()
    assert [(r.tool, r.outcome) for r in rows] == [("search_pubmed", "ok")]
    stored = " ".join(str(getattr(r, c.name)) for r in rows for c in AuditLog.__table__.columns)
    assert "7f3a9c" not in stored


# --- the process-wide limiter --------------------------------------------------------------------------------


@pytest.mark.parametrize(("api_key", "per_second", "searches"), [(None, 3, 3), ("k" * 36, 10, 6)])
def test_concurrent_searches_keep_ncbis_pace(
    pubmed: Make, server: EutilsServer, api_key: str | None, per_second: int, searches: int
) -> None:
    sessions = [pubmed(ncbi_api_key=api_key) for _ in range(searches)]
    answers: list[dict[str, Any]] = []
    threads = [threading.Thread(target=lambda s=s: answers.append(search(s))) for s in sessions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(answers) == searches and all(a["ok"] for a in answers)
    arrivals = [s.at for s in server.requests()]
    assert len(arrivals) == 2 * searches > per_second / 2
    # NCBI's rule, on the server's clock: no window of a second holds more than `per_second` requests. The
    # window is shortened by the arrival jitter a loaded machine (a CI run of the whole suite) can add to
    # one request, a third of a second at most here; without the limiter every request arrives at once.
    window = 1.0 - 0.35
    assert max(sum(t <= u < t + window for u in arrivals) for t in arrivals) <= per_second, gaps(server.requests())
    # And they are evenly spaced rather than bunched: the typical gap is the limiter's interval.
    assert statistics.median(gaps(server.requests())) >= 0.9 / per_second, gaps(server.requests())


# --- the client alone: timeouts and dead hosts -----------------------------------------------------------------


FAST = RetryPolicy(attempts=3, backoff_s=0.05, max_backoff_s=0.1, budget_s=5.0)


def test_slow_answers_time_out_after_the_retries(server: EutilsServer) -> None:
    server.plan("esearch.fcgi", *[Answer(fixture("esearch_metformin.json"), delay=1.5)] * 3)
    client = EutilsClient(server.base_url, tool="pharmai", email=EMAIL, api_key="t" * 36, timeout_s=0.4, policy=FAST)
    with pytest.raises(ToolTimeout):
        client.search(QUERY)
    assert len(server.requests("esearch.fcgi")) == 3


def test_a_slow_answer_then_a_fast_one_succeeds(server: EutilsServer) -> None:
    server.plan("esearch.fcgi", Answer(fixture("esearch_metformin.json"), delay=1.5))
    client = EutilsClient(server.base_url, tool="pharmai", email=EMAIL, api_key="t" * 36, timeout_s=0.4, policy=FAST)
    assert [a.pmid for a in client.search(QUERY).articles] == PMIDS


def test_the_total_budget_bounds_the_search(server: EutilsServer) -> None:
    server.plan("esearch.fcgi", *[Answer(b"busy", status=503)] * 20)
    policy = RetryPolicy(attempts=20, backoff_s=0.2, max_backoff_s=0.4, budget_s=1.0)
    client = EutilsClient(server.base_url, tool="pharmai", email=EMAIL, api_key="b" * 36, policy=policy)
    with pytest.raises(ServiceUnavailable):
        client.search(QUERY)
    seen = server.requests()
    assert 2 <= len(seen) < 6 and seen[-1].at - seen[0].at < 1.0


def test_a_host_that_refuses_connections_is_service_unavailable() -> None:
    client = EutilsClient(closed_port_url("chat"), tool="pharmai", email=EMAIL, api_key="r" * 36, policy=FAST)
    with pytest.raises(ServiceUnavailable) as caught:
        client.search(QUERY)
    assert caught.value.details == {"reason": "upstream", "retry_after": 30}


def test_a_stopped_call_stops_retrying(server: EutilsServer) -> None:
    server.plan("esearch.fcgi", *[Answer(b"busy", status=503)] * 5)
    client = EutilsClient(server.base_url, tool="pharmai", email=EMAIL, api_key="c" * 36, policy=FAST)
    calls = iter([False, True])
    with pytest.raises(ToolTimeout):
        client.search(QUERY, cancelled=lambda: next(calls, True))
    assert len(server.requests()) == 1


# --- the command line ------------------------------------------------------------------------------------------


def test_search_pubmed_from_the_cli(env: str, server: EutilsServer, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    monkeypatch.setenv("PHARMAI_NCBI_BASE_URL", server.base_url)
    monkeypatch.setenv("PHARMAI_NCBI_EMAIL", EMAIL)
    get_settings.cache_clear()
    english = call("search_pubmed", {"query": QUERY, "max_results": 2}, "--profile", "staff")
    assert english["ok"] is True and english["total_found"] == 1487
    assert [c["identifier"] for c in english["citations"]] == ["PMID:38012345", "PMID:37654321"]
    assert english["message"] == "PubMed found 1,487 articles; here are the first 2, by relevance."
    hebrew_envelope = call("search_pubmed", {"query": QUERY}, "--profile", "staff", "--language", "he")
    assert hebrew_envelope["message"] == "נמצאו ב-PubMed 1,487 מאמרים; מוצגים כאן 5 הראשונים, לפי רלוונטיות."
    assert {s.params["email"] for s in server.requests()} == {EMAIL}
    monkeypatch.delenv("PHARMAI_STAFF_TOKEN")
    get_settings.cache_clear()
    before = len(server.requests())
    err = call("search_pubmed", {"query": QUERY}, "--profile", "staff")["error"]
    assert err["code"] == "FORBIDDEN" and err["details"]["reason"] == "staff_only"
    assert len(server.requests()) == before
