"""``pharmai tools list | export | call`` — inspect and exercise a tool profile from the terminal."""

from __future__ import annotations

import uuid
from typing import Annotated, Any

import typer

from pharmai.cli import _common
from pharmai.db.tool_stores import tool_stores
from pharmai.tools import FORMATS, Executor, Principal, Registry, ToolCall, ToolContext, export_tools
from pharmai.toolsets import UnknownProfile, profile_names, registry_for

__all__ = ["app"]

app = typer.Typer(help="Inspect, export and call the tools of a profile.", no_args_is_help=True)

ProfileOpt = Annotated[
    str | None, typer.Option("--profile", "-p", help="Tool profile (default: PHARMAI_TOOL_PROFILE).")
]


def _registry(profile: str | None) -> Registry:
    name = profile or _common.settings().tool_profile
    try:
        return registry_for(name)
    except UnknownProfile:
        known = ", ".join(profile_names()) or "none"
        raise _common.fail(f"unknown tool profile {name!r} (known: {known})", code=2) from None


@app.command("list")
def list_tools(profile: ProfileOpt = None) -> None:
    """List the tools of a profile: name, version, kind, flags and the first line of the description."""
    for spec in _registry(profile).specs():
        flags = ",".join(f for f, on in (("phi", spec.phi), ("confirm", spec.confirm)) if on) or "-"
        first_line = spec.model_description.splitlines()[0]
        typer.echo(f"{spec.name}\t{spec.version}\t{spec.kind.value}\t{flags}\t{first_line}")


@app.command("export")
def export(
    fmt: Annotated[str, typer.Option("--format", "-f", help=f"One of: {', '.join(FORMATS)}.")] = "openai",
    profile: ProfileOpt = None,
) -> None:
    """Print the profile's tool definitions in a model API's format (JSON on stdout)."""
    if fmt not in FORMATS:
        raise _common.fail(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}", code=2)
    _common.print_json(export_tools(_registry(profile), fmt))


@app.command("call")
def call(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    arguments: Annotated[str, typer.Argument(help="Arguments as a JSON object.")] = "{}",
    user: Annotated[str | None, typer.Option("--user", help="Act as this verified patient (trusted mode).")] = None,
    profile: ProfileOpt = None,
    conversation: Annotated[str | None, typer.Option("--conversation", help="Conversation id.")] = None,
    language: Annotated[str, typer.Option("--language", help="he or en.")] = "en",
) -> None:
    """Call one tool through the executor and print its envelope as JSON (exit 0 whatever the outcome)."""
    registry = _registry(profile)
    db = _common.open_db()
    context = ToolContext(
        principal=Principal.patient(user) if user else Principal.anonymous(),
        conversation_id=conversation or f"cli-{uuid.uuid4().hex[:12]}",
        language=language if language in ("he", "en") else "en",
        channel="cli",
        db=db,
        clock=_common.clock(),
    )
    executor = Executor(registry, db, **tool_stores(db, audit="sync", spill_dir=_common.settings().audit_spill_dir))
    try:
        # The JSON text goes to the executor as is: bad JSON is a VALIDATION_ERROR envelope, not a crash.
        outcome = executor.execute(ToolCall(name=name, arguments=arguments), context)
        envelope: dict[str, Any] = executor.render(outcome)
    finally:
        executor.close()
        db.dispose()
    _common.print_json(envelope)
