"""ToolSpec checks, decorator registration, derived profiles and the named-profile table (in toolsets)."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from pydantic import BaseModel, ConfigDict

from pharmai.tools import Registry, ToolContext, ToolKind, ToolSpec
from pharmai.toolsets import PROFILES, UnknownProfile, _profiles, profile_names, register_profile, registry_for
from tests.tools.toolset import PROFILE, EchoIn, EchoOut


class Loose(BaseModel):
    text: str


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str


def handler(args: BaseModel, ctx: ToolContext) -> dict[str, str]:
    """Do a thing.

    Args:
        args: Arguments.
        ctx: Session.
    """
    return {"text": "x"}


def test_spec_defaults_come_from_the_handler() -> None:
    spec = ToolSpec(name="do_thing", handler=handler, input_model=Strict, output_model=Strict)
    assert spec.description == "Do a thing." and spec.title == "Do thing" and spec.version == "1.0.0"
    assert spec.kind is ToolKind.READ and spec.read_only and not spec.phi and not spec.confirm


@pytest.mark.parametrize(
    ("options", "problem"),
    [
        ({"name": "bad name"}, "must match"),
        ({"name": "x" * 65}, "must match"),
        ({"version": "1.0"}, "MAJOR.MINOR.PATCH"),
        ({"input_model": Loose}, 'extra="forbid"'),
        ({"output_model": Loose}, 'extra="forbid"'),
        ({"confirm": True}, "only WRITE tools"),
        ({"timeout_s": 0}, "positive"),
        ({"handler": lambda a, c: {}}, "docstring"),
    ],
)
def test_spec_rejects_bad_definitions(options: dict[str, object], problem: str) -> None:
    base: dict[str, object] = {"name": "ok", "handler": handler, "input_model": Strict, "output_model": Strict}
    with pytest.raises((TypeError, ValueError), match=problem):
        ToolSpec(**{**base, **options})  # type: ignore[arg-type]


def test_decorator_registers_and_keeps_handler_callable() -> None:
    reg = Registry("demo")
    decorated = reg.tool(input=EchoIn, output=EchoOut, kind=ToolKind.WRITE, confirm=True, version="2.0.1")(handler)
    assert decorated is handler and reg.names() == ["handler"] and "handler" in reg
    spec = reg.get("handler")
    assert spec is not None and spec.version == "2.0.1" and spec.confirm
    with pytest.raises(ValueError, match="already has"):
        reg.tool(input=EchoIn, output=EchoOut)(handler)
    assert reg.get(None) is None and reg.get("nope") is None


def test_derive_shares_tools_with_another_envelope(registry: Registry) -> None:
    class Seed:
        def render(self, outcome: object) -> dict[str, object]:
            return {"success": True}

    derived = registry.derive("seed-x", ["echo", "whoami"], envelope=Seed())
    assert derived.names() == ["echo", "whoami"] and derived.get("echo") is registry.get("echo")
    assert isinstance(derived.envelope, Seed)
    with pytest.raises(KeyError):
        registry.derive("bad", ["missing"])


def test_named_profiles() -> None:
    assert PROFILE in profile_names()
    assert registry_for(PROFILE) is registry_for(PROFILE)
    with pytest.raises(UnknownProfile):
        registry_for("no-such-profile")
    with pytest.raises(ValueError, match="already registered"):
        register_profile(PROFILE, lambda: Registry("other"))


def test_toolsets_register_their_profiles_on_import() -> None:
    assert set(PROFILES) <= set(profile_names())
    assert registry_for("canonical").profile == "canonical"


def test_a_builder_runs_once_when_threads_ask_together(monkeypatch: pytest.MonkeyPatch) -> None:
    # A private copy of the table, so the empty "test-racy" profile does not outlive this test.
    monkeypatch.setattr(_profiles, "_BUILDERS", dict(_profiles._BUILDERS))
    monkeypatch.setattr(_profiles, "_BUILT", dict(_profiles._BUILT))
    calls: list[int] = []
    gate = threading.Barrier(8)

    def build() -> Registry:
        calls.append(1)
        time.sleep(0.05)  # widen the window in which a second build could start
        return Registry("racy")

    register_profile("test-racy", build, replace=True)

    def ask() -> Registry:
        gate.wait()
        return registry_for("test-racy")

    with ThreadPoolExecutor(max_workers=8) as pool:
        built = list(pool.map(lambda _: ask(), range(8)))
    assert len(calls) == 1 and all(registry is built[0] for registry in built)
    register_profile("test-racy", build)  # the same builder again keeps the built registry
    assert registry_for("test-racy") is built[0] and len(calls) == 1
