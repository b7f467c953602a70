"""Staff roles on tools: a tool that declares roles runs only for an actor holding one of them.

A small registry of its own (no pharmacy): a customer tool, a pharmacist-only tool, a WRITE tool for
pharmacists and technicians, run through the real executor over the real database.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from pydantic import BaseModel, ConfigDict

from pharmai.db.engine import Database
from pharmai.tools import Actor, Executor, Registry, SurrogateRefs, ToolContext, ToolKind, ToolSpec
from tests.tools.conftest import audit_rows

_runs: dict[str, int] = {}
_lock = threading.Lock()

PHARMACIST = Actor(id="st_pharmacist01", role="pharmacist")
TECHNICIAN = Actor(id="st_technician01", role="technician")
ADMIN = Actor(id="st_admin000001", role="admin")


class In(BaseModel):
    model_config = ConfigDict(extra="forbid")

    language: str = "en"


class Out(BaseModel):
    model_config = ConfigDict(extra="forbid")

    role: str | None


def _ran(name: str, ctx: ToolContext) -> Out:
    with _lock:
        _runs[name] = _runs.get(name, 0) + 1
    return Out(role=ctx.actor.role if ctx.actor else None)


def _registry() -> Registry:
    registry = Registry("roles-test")

    def opening_hours(args: In, ctx: ToolContext) -> Out:
        """When the shop is open (a customer tool)."""
        return _ran("opening_hours", ctx)

    def dose_review(args: In, ctx: ToolContext) -> Out:
        """A review only a pharmacist may run."""
        return _ran("dose_review", ctx)

    def stock_adjust(args: In, ctx: ToolContext) -> Out:
        """Adjust stock (pharmacists and technicians)."""
        with ctx.transaction(write=True):
            pass
        return _ran("stock_adjust", ctx)

    registry.tool(input=In, output=Out)(opening_hours)
    registry.tool(input=In, output=Out, roles=("pharmacist",))(dose_review)
    registry.tool(input=In, output=Out, kind=ToolKind.WRITE, roles=("technician", "pharmacist"))(stock_adjust)
    return registry


@pytest.fixture
def registry() -> Registry:
    """This module's registry (overrides the support-desk one the shared executor fixture uses)."""
    return _registry()


@pytest.fixture
def roles_executor(make_executor: Callable[..., Executor]) -> Executor:
    _runs.clear()
    return make_executor(audit="sync")


def _as(ctx: Callable[..., ToolContext], actor: Actor | None, language: str = "en") -> ToolContext:
    context = ctx(language=language, channel="api")
    context.actor = actor
    return context


def test_roles_are_checked_sorted_and_deduplicated() -> None:
    def handler(args: In, ctx: ToolContext) -> Out:
        """Doc."""
        return Out(role=None)

    spec = ToolSpec("t", handler, In, Out, roles=("pharmacist", "admin", "pharmacist"))
    assert spec.roles == ("admin", "pharmacist") and spec.staff_only
    assert spec.allows("admin") and not spec.allows("technician") and not spec.allows(None)
    assert ToolSpec("c", handler, In, Out).allows(None)
    for bad in ("", "Pharmacist", "a b", "x" * 40):
        with pytest.raises(ValueError, match="role"):
            ToolSpec("t", handler, In, Out, roles=(bad,))


def test_a_technician_cannot_run_a_pharmacist_only_tool(db: Database, roles_executor: Executor, ctx) -> None:
    refused = roles_executor.execute({"name": "dose_review", "arguments": {}}, _as(ctx, TECHNICIAN))
    allowed = roles_executor.execute({"name": "dose_review", "arguments": {}}, _as(ctx, PHARMACIST))
    assert refused.code == "FORBIDDEN"
    assert refused.error is not None and refused.error.details == {"reason": "role", "roles": ["pharmacist"]}
    assert "role" in refused.error.message("en")
    assert allowed.ok and allowed.payload == {"role": "pharmacist"}
    assert _runs == {"dose_review": 1}  # the refused call never reached the handler


def test_roles_form_no_hierarchy_an_admin_is_refused_a_pharmacist_tool(roles_executor: Executor, ctx) -> None:
    outcome = roles_executor.execute({"name": "dose_review", "arguments": {}}, _as(ctx, ADMIN))
    assert outcome.code == "FORBIDDEN" and "dose_review" not in _runs


@pytest.mark.parametrize("language", ["en", "he"])
def test_a_session_without_staff_cannot_run_any_staff_tool(roles_executor: Executor, ctx, language: str) -> None:
    for name in ("dose_review", "stock_adjust"):
        outcome = roles_executor.execute({"name": name, "arguments": {"language": language}}, _as(ctx, None))
        assert outcome.code == "FORBIDDEN"
        assert outcome.error is not None and outcome.error.details == {"reason": "staff_only"}
        message = outcome.error.message(language)
        assert any("\u0590" <= ch <= "\u05ff" for ch in message) == (language == "he")
    assert _runs == {}
    # Customer tools are untouched: no actor needed.
    assert roles_executor.execute({"name": "opening_hours", "arguments": {}}, _as(ctx, None)).payload == {"role": None}


def test_a_write_tool_runs_for_each_role_it_lists(roles_executor: Executor, ctx) -> None:
    for actor in (TECHNICIAN, PHARMACIST):
        assert roles_executor.execute({"name": "stock_adjust", "arguments": {}}, _as(ctx, actor)).ok
    assert roles_executor.execute({"name": "stock_adjust", "arguments": {}}, _as(ctx, ADMIN)).code == "FORBIDDEN"
    assert _runs == {"stock_adjust": 2}


def test_audit_rows_carry_the_actor_surrogate_and_no_name(db: Database, roles_executor: Executor, ctx) -> None:
    roles_executor.execute({"name": "dose_review", "arguments": {}}, _as(ctx, PHARMACIST))
    roles_executor.execute({"name": "dose_review", "arguments": {}}, _as(ctx, TECHNICIAN))
    roles_executor.execute({"name": "stock_adjust", "arguments": {}}, _as(ctx, TECHNICIAN))  # row in the write
    roles_executor.execute({"name": "opening_hours", "arguments": {}}, _as(ctx, None))
    rows = audit_rows(db, roles_executor)[-4:]
    refs = roles_executor.refs
    assert [(r.tool, r.outcome, r.actor_ref) for r in rows] == [
        ("dose_review", "ok", refs.actor(PHARMACIST)),
        ("dose_review", "refused", refs.actor(TECHNICIAN)),
        ("stock_adjust", "ok", refs.actor(TECHNICIAN)),
        ("opening_hours", "ok", None),
    ]
    assert rows[1].error_code == "FORBIDDEN"
    assert refs.actor(PHARMACIST) != refs.actor(TECHNICIAN)
    assert refs.actor(PHARMACIST) != SurrogateRefs("another-deployment").actor(PHARMACIST)
    for row in rows:
        text = str({c: getattr(row, c) for c in ("patient_ref", "actor_ref", "conversation_id", "channel")})
        assert "st_" not in text and "pharmacist" not in text and "technician" not in text
