"""``pharmai chat``: talk to the assistant in the terminal, or run a script and print the transcript.

Interactive mode shows tool calls dimmed and asks confirmations inline (y/n). Hebrew is printed in
logical order with plain lines (no panels or tables), which is what bidi-aware terminals render best.
Script mode (``--script FILE``) follows ``docs/interfaces.md``: one message per line, ``#`` comments,
``/approve`` and ``/deny``, ``{{otp}}`` replaced by the newest code of the development outbox.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from pharmai.agent.base import SessionInfo
from pharmai.agent.engines import build_engine
from pharmai.agent.events import Event
from pharmai.agent.loop import ConversationLoop
from pharmai.cli import _common
from pharmai.db.engine import Database
from pharmai.errors import PharmaiError
from pharmai.pharmacy.identity import latest_outbox_code

__all__ = ["chat", "run_chat", "run_script"]

_OTP = "{{otp}}"
_QUIT = frozenset({"/quit", "/exit", "/q", "exit", "quit"})
_PROMPT = {"en": "Type a message (/quit to leave).", "he": "כתבו הודעה (/quit ליציאה)."}
_CONFIRM = {"en": "Confirm? \\[y/n] ", "he": "לאשר? \\[y/n] "}  # escaped: rich reads [..] as markup


def _session(user: str | None, identity_mode: str | None, store: str | None) -> SessionInfo:
    settings = _common.settings()
    mode = identity_mode or ("trusted" if user else settings.identity_mode)
    if user and mode not in ("demo", "trusted"):
        raise _common.fail("--user needs the demo or trusted identity mode", code=2)
    return SessionInfo(
        conversation_id="", patient_id=user, identity_mode=mode, store_id=store or settings.default_store, channel="cli"
    )


def _open(
    db: Database, engine: str | None, user: str | None, identity_mode: str | None, language: str, store: str | None
) -> tuple[ConversationLoop, str]:
    if language not in ("he", "en"):
        raise _common.fail("--language must be he or en", code=2)
    settings = _common.settings()
    try:
        loop = ConversationLoop(db, build_engine(engine, db, settings), settings=settings, clock=_common.clock())
        return loop, loop.open(_session(user, identity_mode, store), language)
    except PharmaiError as exc:
        raise _common.fail(exc, code=2) from None


def _script_lines(path: Path) -> list[str]:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _common.fail(f"cannot read the script {path}: {type(exc).__name__}", code=2) from None
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def _with_otp(db: Database, line: str) -> str:
    if _OTP not in line:
        return line
    with db.session() as session:
        code = latest_outbox_code(session) or ""
    return line.replace(_OTP, code)


def _turn_events(loop: ConversationLoop, cid: str, line: str) -> Iterable[Event]:
    """The events of one script or terminal line (a message, ``/approve`` or ``/deny``)."""
    command = line.lower()
    if command in ("/approve", "/deny"):
        pending = loop.pending_confirmation(cid)
        if pending is None:
            return []
        decide = loop.approve if command == "/approve" else loop.deny
        return decide(cid, str(pending["id"]))
    return loop.turn(cid, line)


def run_script(loop: ConversationLoop, cid: str, db: Database, lines: list[str], *, as_json: bool) -> dict[str, Any]:
    """Run every script line as a turn and return the transcript (printing replies unless ``as_json``)."""
    for raw in lines:
        line = _with_otp(db, raw)
        try:
            events = list(_turn_events(loop, cid, line))
        except PharmaiError as exc:
            typer.secho(f"skipped a line: {exc.code}", err=True)
            continue
        if not as_json:
            for event in events:
                if event.final:
                    typer.echo(f"> {line}\n{event.data.get('reply') or event.data.get('message', '')}\n")
    return loop.transcript(cid)


def _show(console: Console, event: Event) -> None:
    data = event.data
    if event.type == "tool.call":
        console.print(Text(f"  → {data['name']} {json.dumps(data['arguments'], ensure_ascii=False)}", style="dim"))
    elif event.type == "tool.result":
        result = data.get("result") or {}
        error = result.get("error") if isinstance(result, dict) else None
        status = "ok" if not error else str(error.get("code", "error"))
        console.print(Text(f"  ← {data['name']}: {status} ({data['duration_ms']} ms)", style="dim"))
    elif event.type == "message.done":
        console.print(Text(str(data["reply"])))
        console.print()
    elif event.type == "error":
        console.print(Text(str(data["message"]), style="red"))


def _interactive(console: Console, loop: ConversationLoop, cid: str, language: str) -> None:
    console.print(Text(_PROMPT[language], style="dim"))
    while True:
        try:
            line = console.input("[bold]> [/bold]").strip()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if not line:
            continue
        if line.lower() in _QUIT:
            return
        events: Iterable[Event] = _turn_events(loop, cid, line)
        while True:
            asked: Event | None = None
            try:
                for event in events:
                    _show(console, event)
                    if event.type == "confirmation.required":
                        asked = event
            except PharmaiError as exc:
                console.print(Text(exc.message(language), style="red"))
            if asked is None or loop.pending_confirmation(cid) is None:
                break
            try:
                answer = console.input(_CONFIRM[language]).strip().lower()
            except (EOFError, KeyboardInterrupt):
                return
            if answer not in ("y", "yes", "כ", "כן", "n", "no", "ל", "לא"):
                break  # anything else leaves it pending: a later "yes" in chat still answers it
            decide = loop.approve if answer in ("y", "yes", "כ", "כן") else loop.deny
            events = decide(cid, str(asked.data["id"]))


def run_chat(
    *,
    engine: str | None = None,
    user: str | None = None,
    identity_mode: str | None = None,
    language: str = "he",
    store: str | None = None,
    script: Path | None = None,
    as_json: bool = False,
) -> None:
    """Open a conversation and chat (interactively, or through a script). Used by ``chat`` and ``start``."""
    db = _common.open_db()
    loop, cid = _open(db, engine, user, identity_mode, language, store)
    try:
        if script is not None:
            transcript = run_script(loop, cid, db, _script_lines(script), as_json=as_json)
            if as_json:
                _common.print_json(transcript)
        else:
            _interactive(Console(highlight=False, soft_wrap=True), loop, cid, language)
    finally:
        loop.close()
        db.dispose()


def chat(
    engine: Annotated[str | None, typer.Option("--engine", help="offline, openai, chat, anthropic.")] = None,
    user: Annotated[str | None, typer.Option("--user", help="Chat as this patient (trusted/demo session).")] = None,
    identity_mode: Annotated[
        str | None, typer.Option("--identity-mode", help="otp, demo, identifier or trusted.")
    ] = None,
    language: Annotated[str, typer.Option("--language", help="he or en (the reply language to start with).")] = "he",
    store: Annotated[str | None, typer.Option("--store", help="Store id (default: the default store).")] = None,
    script: Annotated[
        Path | None, typer.Option("--script", help="Run the messages of FILE instead of chatting.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --script: print the transcript as JSON.")] = False,
) -> None:
    """Chat with the pharmacy assistant in the terminal (or run a script of messages)."""
    if as_json and script is None:
        raise _common.fail("--json needs --script", code=2)
    run_chat(
        engine=engine,
        user=user,
        identity_mode=identity_mode,
        language=language,
        store=store,
        script=script,
        as_json=as_json,
    )
