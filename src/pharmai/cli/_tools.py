"""``pharmai tools list | export | call`` — inspect and exercise a tool profile from the terminal."""

from __future__ import annotations

import json
import uuid
from typing import Annotated, Any

import typer

from pharmai.agent.base import SessionInfo
from pharmai.agent.store import ConversationStore, StoredConversation
from pharmai.cli import _common
from pharmai.cli._staff import actor_from_settings
from pharmai.db.tool_stores import tool_stores
from pharmai.errors import NotFound, PharmaiError
from pharmai.tools import FORMATS, Executor, Principal, Registry, ToolCall, ToolContext, export_tools
from pharmai.toolsets import UnknownProfile, profile_names, registry_for

__all__ = ["app"]

_LANGUAGES = ("he", "en")
#: The longest conversation id the conversation store keeps.
_MAX_CONVERSATION_ID = 64

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


def _with_language(registry: Registry, name: str, arguments: str, language: str | None) -> dict[str, Any] | str:
    """The arguments, with ``--language`` as the tool's own ``language`` argument unless the JSON names one.

    Tool texts follow the tool's ``language`` argument (the contract), so the option fills it in, as the
    staff API's language picker does. Text that is not a JSON object goes to the executor unchanged: it
    answers ``VALIDATION_ERROR`` rather than the command crashing.
    """
    spec = registry.get(name)
    if language is None or spec is None or "language" not in spec.input_model.model_fields:
        return arguments
    try:
        decoded = json.loads(arguments)
    except ValueError:
        return arguments
    if not isinstance(decoded, dict):
        return arguments
    decoded.setdefault("language", language)
    return decoded


def _stored(store: ConversationStore, conversation: str | None) -> StoredConversation | None:
    if conversation is None:
        return None
    try:
        return store.get(conversation)
    except NotFound:
        return None


def _remember(
    store: ConversationStore, stored: StoredConversation | None, conversation: str, patient_id: str, profile: str
) -> None:
    """Bind the patient a ``verify_customer_identity`` call just verified to the stored conversation."""
    if stored is None:
        settings = _common.settings()
        session = SessionInfo(
            conversation_id=conversation, store_id=settings.default_store, profile=profile, channel="cli"
        )
        store.create(session, language="en", engine=settings.engine)
    store.set_patient(conversation, patient_id)


def _principal(user: str | None, stored: StoredConversation | None) -> Principal:
    """``--user``'s patient, else the patient verified in the stored conversation, else nobody."""
    if user:
        return Principal.patient(user)
    if stored is not None and stored.session.patient_id:
        return Principal.patient(stored.session.patient_id)
    return Principal.anonymous()


@app.command("call")
def call(
    name: Annotated[str, typer.Argument(help="Tool name.")],
    arguments: Annotated[str, typer.Argument(help="Arguments as a JSON object.")] = "{}",
    user: Annotated[str | None, typer.Option("--user", help="Act as this verified patient (trusted mode).")] = None,
    profile: ProfileOpt = None,
    conversation: Annotated[
        str | None,
        typer.Option(
            "--conversation",
            help="Conversation id (1-64 characters). A patient verified in it stays verified for its later calls.",
        ),
    ] = None,
    language: Annotated[
        str | None,
        typer.Option("--language", help="he or en: the language of messages and names (the tool's language argument)."),
    ] = None,
) -> None:
    """Call one tool through the executor and print its envelope as JSON (exit 0 whatever the outcome).

    With --conversation the call belongs to a stored conversation: a one-time code asked for in it
    is verified in it, and the patient it verifies acts in that conversation's later calls, as in a chat.
    With PHARMAI_STAFF_TOKEN set, the call is made by that member of staff (tools that declare roles
    need one of them).
    """
    if language is not None and language not in _LANGUAGES:
        raise _common.fail(f"unknown language {language!r}; choose he or en", code=2)
    if conversation is not None and not 0 < len(conversation) <= _MAX_CONVERSATION_ID:
        raise _common.fail(f"--conversation must be 1 to {_MAX_CONVERSATION_ID} characters", code=2)
    registry = _registry(profile)
    db = _common.open_db()
    clock = _common.clock()
    conversations = ConversationStore(db, clock)
    spill_dir = _common.settings().audit_spill_dir
    executor = Executor(registry, db, **tool_stores(db, audit="sync", spill_dir=spill_dir))
    try:
        actor = actor_from_settings(db)
        stored = None if user else _stored(conversations, conversation)
        context = ToolContext(
            principal=_principal(user, stored),
            conversation_id=conversation or f"cli-{uuid.uuid4().hex[:12]}",
            language=language or "en",
            channel="cli",
            db=db,
            clock=clock,
            extras={}
            if stored is None
            else {"store_id": stored.session.store_id, "identity_mode": stored.session.identity_mode},
            actor=actor,
        )
        call_arguments = _with_language(registry, name, arguments, language)
        outcome = executor.execute(ToolCall(name=name, arguments=call_arguments), context)
        envelope: dict[str, Any] = executor.render(outcome)
        bound = outcome.bind_principal
        if conversation is not None and not user and isinstance(bound, Principal) and bound.patient_id:
            try:
                _remember(conversations, stored, conversation, bound.patient_id, registry.profile)
            except PharmaiError as exc:
                # The call itself succeeded: print its envelope, and say why the next call will not know.
                typer.secho(
                    f"warning: the conversation could not keep the verified patient: {exc.message('en')}", err=True
                )
    except PharmaiError as exc:
        raise _common.fail(exc) from None
    finally:
        executor.close()
        db.dispose()
    _common.print_json(envelope)
