"""The ``pharmai`` command line (see ``docs/interfaces.md``)."""

from __future__ import annotations

import typer

from pharmai.cli import _chat, _db, _docs, _eval, _mcp, _nlu, _outbox, _serve, _staff, _start, _tools

__all__ = ["app", "main"]

app = typer.Typer(
    name="pharmai",
    help="pharmai — a bilingual (Hebrew / English) pharmacy assistant that answers only from the pharmacy's database.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(_db.app, name="db")
app.add_typer(_tools.app, name="tools")
app.add_typer(_nlu.app, name="nlu")
app.add_typer(_staff.app, name="staff")
app.add_typer(_docs.app, name="docs")
app.command("start")(_start.start)
app.command("chat")(_chat.chat)
app.command("outbox")(_outbox.outbox)
app.command("mcp")(_mcp.mcp)
app.command("serve")(_serve.serve)
app.command("eval")(_eval.eval_command)


def main() -> None:
    """Entry point of the ``pharmai`` console script."""
    app()
