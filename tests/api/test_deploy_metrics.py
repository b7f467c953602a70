"""``deploy/``: the Grafana dashboard and the Prometheus alert rules name only metrics ``/metrics`` exports.

A real app serves a few turns (a sign-in with a one-time code, a refill proposed and approved, a call
refused by a rate limit, and turns of an LLM engine against the local stub provider: one answered, one
failing with ``MODEL_UNAVAILABLE``); then every ``pharmai_*`` metric the two files name must be a family
of its ``/metrics``, and the route filters of the turn panels must match the routes those turns counted.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient

from pharmai.db import Database
from pharmai.pharmacy.identity import latest_outbox_code
from tests.api.conftest import AppFactory, open_conversation, parse_sse, say
from tests.engines.stub_server import Reply
from tests.engines.support import Provider

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"
DASHBOARD = DEPLOY / "grafana" / "pharmai-dashboard.json"
ALERTS = DEPLOY / "prometheus" / "alerts.yml"

# Also matches the state label of an Enum, which is named after its family (pharmai_redis_circuit).
_METRIC = re.compile(r"\bpharmai_[a-z0-9_]+\b")
_HISTOGRAM_SUFFIXES = ("_bucket", "_sum", "_count")
_ROUTE_MATCHER = re.compile(r'route=~"((?:[^"\\]|\\.)*)"')


def _dashboard_exprs() -> list[str]:
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    exprs = [
        target["expr"] for panel in dashboard["panels"] for target in panel.get("targets", []) if target.get("expr")
    ]
    exprs += [v["definition"] for v in dashboard["templating"]["list"] if v.get("definition")]
    return exprs


def _alert_rules() -> list[dict[str, Any]]:
    document = yaml.safe_load(ALERTS.read_text(encoding="utf-8"))
    return [rule for group in document["groups"] for rule in group["rules"]]


def _families(exprs: list[str]) -> set[str]:
    """The metric families named in ``exprs`` (a histogram's series named by their family)."""
    names = set()
    for expr in exprs:
        for name in _METRIC.findall(expr):
            for suffix in _HISTOGRAM_SUFFIXES:
                if name.endswith(suffix):
                    name = name[: -len(suffix)]
            names.add(name)
    return names


def _exported(client: TestClient) -> tuple[set[str], str]:
    text = client.get("/metrics").text
    families = set()
    for line in text.splitlines():
        if line.startswith("# TYPE "):
            name, kind = line.split()[2:4]
            # A counter's samples end in _total (some versions leave it out of the TYPE line).
            families.add(name + "_total" if kind == "counter" and not name.endswith("_total") else name)
    return families, text


def _promql_regex(matcher: str) -> re.Pattern[str]:
    # A PromQL string's escapes (\\ → \), then Prometheus's fully anchored RE2 match.
    return re.compile("^(?:" + matcher.encode().decode("unicode_escape") + ")$")


def test_the_dashboard_is_a_grafana_dashboard_model() -> None:
    dashboard = json.loads(DASHBOARD.read_text(encoding="utf-8"))
    assert dashboard["uid"] and dashboard["title"] and isinstance(dashboard["schemaVersion"], int)
    panels = [p for p in dashboard["panels"] if p["type"] != "row"]
    titles = {p["title"] for p in panels}
    for wanted in (
        "Turns per second",
        "Turn latency p50 / p90 / p99",
        "Tool outcomes by code",
        "Rate-limit refusals",
        "Confirmations",
        "Model errors",
        "Model tokens",
    ):
        assert wanted in titles
    ids = [p["id"] for p in dashboard["panels"]]
    assert len(ids) == len(set(ids))
    for panel in panels:
        assert set(panel["gridPos"]) == {"h", "w", "x", "y"} and panel["gridPos"]["x"] + panel["gridPos"]["w"] <= 24
        assert panel["targets"] and all(t["refId"] and t["expr"] for t in panel["targets"])
    latency = next(p for p in panels if p["title"] == "Turn latency p50 / p90 / p99")
    assert [t["expr"].split(",")[0] for t in latency["targets"]] == [
        "histogram_quantile(0.5",
        "histogram_quantile(0.9",
        "histogram_quantile(0.99",
    ]


def test_the_alert_rules_are_prometheus_rule_groups() -> None:
    document = yaml.safe_load(ALERTS.read_text(encoding="utf-8"))
    assert isinstance(document["groups"], list) and document["groups"]
    for group in document["groups"]:
        assert group["name"] and group["rules"]
    rules = _alert_rules()
    for rule in rules:
        assert set(rule) <= {"alert", "expr", "for", "labels", "annotations", "keep_firing_for"}, rule
        assert re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", rule["alert"])
        assert isinstance(rule["expr"], str) and rule["expr"].strip()
        assert re.fullmatch(r"\d+[smhdw]", str(rule["for"])), rule["for"]
        assert rule["labels"]["severity"] in ("critical", "warning", "info")
        assert rule["annotations"]["summary"].strip()
        expr = rule["expr"]
        assert expr.count("(") == expr.count(")") and expr.count("{") - expr.count("\\{") == expr.count(
            "}"
        ) - expr.count("\\}")
    names = [rule["alert"] for rule in rules]
    assert len(names) == len(set(names))
    covered = " ".join(rule["expr"] for rule in rules)
    # What the issue asks to alert on: error rate, p99 latency, the model, Redis's circuit, the audit backlog.
    for metric in (
        "pharmai_http_requests_total",
        "pharmai_http_request_duration_seconds_bucket",
        "pharmai_model_errors_total",
        "pharmai_redis_circuit",
        "pharmai_audit_queue_rows",
    ):
        assert metric in covered
    assert "histogram_quantile(0.99" in covered


@pytest.fixture
def scraped(make_client: AppFactory, db: Database) -> tuple[set[str], str]:
    """``/metrics`` of a real app after turns of every kind the files chart."""
    client = make_client(rate_limit_conversation="30/minute")
    cid, headers = open_conversation(client, language="en")
    say(client, cid, headers, "Is Advil in stock?")
    say(client, cid, headers, "I want to sign in. My details: david.cohen@example.com")
    with db.session() as session:
        code = latest_outbox_code(session, "david.cohen@example.com")
    assert code
    say(client, cid, headers, code)
    events = say(client, cid, headers, "I want to refill my Glucophage")
    confirmation = next(data for name, data in events if name == "confirmation.required")
    approved = client.post(f"/v1/confirmations/{confirmation['id']}/approve", headers=headers)
    assert parse_sse(approved.text)[-1][0] == "message.done"

    limited = make_client(rate_limit_conversation="1/minute")
    cid, headers = open_conversation(limited, language="he")
    say(limited, cid, headers, "יש אדוויל במלאי?")
    say(limited, cid, headers, "יש נורופן במלאי?")

    provider = Provider("chat")
    with provider.serve(Reply(text="Hello."), *[Reply(status=503)] * 3) as (_stub, engine):
        llm = make_client(app_kwargs={"engine": engine})
        cid, headers = open_conversation(llm, language="en")
        assert say(llm, cid, headers, "Hello")[-1][0] == "message.done"
        failed = say(llm, cid, headers, "Hello again")[-1]
        assert failed[0] == "error" and failed[1]["code"] == "MODEL_UNAVAILABLE"
    return _exported(client)


def test_every_metric_the_dashboard_and_the_alerts_name_is_exported(scraped: tuple[set[str], str]) -> None:
    exported, text = scraped
    named = _families(_dashboard_exprs()) | _families([rule["expr"] for rule in _alert_rules()])
    assert {"pharmai_tool_calls_total", "pharmai_model_tokens_total", "pharmai_redis_circuit"} <= named
    missing = sorted(name for name in named if name not in exported)
    assert not missing, f"named in deploy/ but not exported by /metrics: {missing}"
    # The turns happened and were counted where the panels look.
    for sample in (
        'pharmai_tool_confirmations_total{result="approved",tool="request_refill"}',
        'pharmai_model_errors_total{provider="chat",status="503"}',
        'pharmai_model_tokens_total{kind="input",model="stub-model",provider="chat"}',
    ):
        assert sample in text, sample
    assert re.search(r'pharmai_tool_rate_limited_total\{tier="[a-z_]+",tool="[a-z_]+"\} [1-9]', text)


def test_the_turn_route_filters_match_the_routes_turns_are_counted_under(scraped: tuple[set[str], str]) -> None:
    _exported_names, text = scraped
    routes = set(re.findall(r'pharmai_http_requests_total\{[^}]*route="([^"]+)"', text))
    # Every route a turn streams from; the metrics registry is the process's, so other tests in the same
    # worker may have added any of them (a deny) or other routes, which must not match.
    every_turn_route = {
        "/v1/conversations/{conversation_id}/messages",
        "/v1/confirmations/{confirmation_id}/approve",
        "/v1/confirmations/{confirmation_id}/deny",
    }
    turn_routes = every_turn_route & routes
    assert {"/v1/conversations/{conversation_id}/messages", "/v1/confirmations/{confirmation_id}/approve"} <= routes
    exprs = _dashboard_exprs() + [rule["expr"] for rule in _alert_rules()]
    matchers = {m for expr in exprs for m in _ROUTE_MATCHER.findall(expr)}
    assert matchers
    for matcher in matchers:
        pattern = _promql_regex(matcher)
        assert {route for route in routes if pattern.match(route)} == turn_routes, matcher
        assert all(pattern.match(route) for route in every_turn_route), matcher
