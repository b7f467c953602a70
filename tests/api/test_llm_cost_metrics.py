"""LLM cost control as an operator and a customer see it through the API: ``/metrics`` exports the tokens
(input, cached input, output) and the estimated cost, the transcript carries each turn's usage, and a spent
token budget answers in the customer's language."""

from __future__ import annotations

import re

from pharmai.agent.engines.llm._config import Price
from tests.api.conftest import AppFactory, open_conversation, say
from tests.engines.stub_server import Reply, StubServer
from tests.engines.support import Provider


def _value(text: str, name: str, **labels: str) -> float:
    """The sample ``name{labels}`` of a Prometheus text exposition (0 when absent)."""
    for line in text.splitlines():
        match = re.match(r"^([a-z_]+)\{(.*)\} (\S+)$", line)
        if not match or match.group(1) != name:
            continue
        found = dict(re.findall(r'(\w+)="([^"]*)"', match.group(2)))
        if all(found.get(k) == v for k, v in labels.items()):
            return float(match.group(3))
    return 0.0


def test_metrics_and_transcript_show_tokens_cache_and_estimated_cost(make_client: AppFactory) -> None:
    llm = Provider("anthropic")
    price = Price(input=3.0, cached_input=0.3, cache_write=3.75, output=15.0)
    labels = {"provider": "anthropic", "model": "stub-model"}
    with StubServer("anthropic", [Reply(text="Hello."), Reply(text="Hi again.")], count_tokens=True) as stub:
        client = make_client(app_kwargs={"engine": llm.engine(stub.base_url, price=price)})
        before = client.get("/metrics").text
        cid, headers = open_conversation(client, language="en")
        assert say(client, cid, headers, "Hello")[-1][0] == "message.done"
        assert say(client, cid, headers, "Hello again")[-1][0] == "message.done"
        after = client.get("/metrics").text
        transcript = client.get(f"/v1/conversations/{cid}", headers=headers).json()
    (_, read1, written1), (_, read2, _) = stub.usage
    assert read1 == 0 and read2 == written1 > 0

    def grew(name: str, **extra: str) -> float:
        return _value(after, name, **labels, **extra) - _value(before, name, **labels, **extra)

    assert grew("pharmai_model_tokens_total", kind="cached_input") == read2
    assert grew("pharmai_model_tokens_total", kind="cache_write_input") == sum(w for _, _, w in stub.usage)
    assert grew("pharmai_model_tokens_total", kind="input") == sum(total for total, _, _ in stub.usage)
    assert grew("pharmai_model_tokens_total", kind="output") == 60
    assert grew("pharmai_model_turn_cost_usd_count") == 2
    first, second = (turn["usage"] for turn in transcript["turns"])
    assert grew("pharmai_model_cost_usd_total") > 0
    assert abs(grew("pharmai_model_cost_usd_total") - first["estimated_cost_usd"] - second["estimated_cost_usd"]) < 1e-6
    # The second turn read the tools and the stable system prompt from the cache: it costs less.
    assert second["cached_input_tokens"] == read2 and second["estimated_cost_usd"] < first["estimated_cost_usd"]


def test_a_spent_budget_is_said_in_the_customers_language(make_client: AppFactory) -> None:
    llm = Provider("openai")
    with StubServer("responses", [Reply(text="כן.", usage=(900, 200))]) as stub:
        client = make_client(app_kwargs={"engine": llm.engine(stub.base_url, token_budget=1000)})
        cid, headers = open_conversation(client, language="he")
        assert say(client, cid, headers, "יש לכם אדוויל?")[-1][0] == "message.done"
        name, data = say(client, cid, headers, "ומה עם זירטק?")[-1]
        metrics = client.get("/metrics").text
    assert len(stub.requests) == 1
    assert name == "error" and data["code"] == "TOKEN_BUDGET_SPENT" and "שיחה חדשה" in data["message"]
    assert _value(metrics, "pharmai_model_budget_spent_total", provider="openai") >= 1
