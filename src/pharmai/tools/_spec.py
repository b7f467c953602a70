"""What a tool is: its name, version, description, typed input and output, kind and policy flags."""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

if TYPE_CHECKING:
    from pharmai.tools._context import ToolContext

__all__ = ["Handler", "RiskLevel", "Summarizer", "ToolKind", "ToolSpec"]

#: The tool-name grammar every model API accepts (OpenAI's is the narrowest).
_NAME_RE = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
_SEMVER_RE = re.compile(r"^\d+\.\d+\.\d+$")
#: A role name: the runtime knows no roles of its own, only that a name is a short identifier.
_ROLE_RE = re.compile(r"^[a-z][a-z0-9_-]{0,31}$")

Handler = Callable[[Any, "ToolContext"], "BaseModel | dict[str, Any]"]
Summarizer = Callable[[Any, str, "ToolContext"], str]
Authorizer = Callable[[Any, "ToolContext"], None]


class ToolKind(StrEnum):
    """READ tools only look; WRITE tools change state; AUTH tools verify who the person is."""

    READ = "READ"
    WRITE = "WRITE"
    AUTH = "AUTH"


class RiskLevel(StrEnum):
    """How much harm a wrong call could do; shown to reviewers and exported as MCP hints."""

    LOW = "low"
    MEDIUM = "medium"
    HIGH = "high"


_GENERIC_SUMMARY = {
    "en": "Run “{title}” with the details you gave.",
    "he": "להפעיל את הפעולה „{title}” עם הפרטים שמסרת.",
}


def _first_paragraphs(doc: str | None) -> str:
    # Google-style docstrings end with Args/Returns sections the model does not need.
    text = inspect.cleandoc(doc or "")
    kept: list[str] = []
    for line in text.splitlines():
        if line.strip() in {"Args:", "Returns:", "Raises:", "Example:", "Examples:"}:
            break
        kept.append(line)
    return "\n".join(kept).strip()


def _require_forbid(model: type[BaseModel], role: str, tool: str) -> None:
    if not (isinstance(model, type) and issubclass(model, BaseModel)):
        raise TypeError(f"tool {tool!r}: {role} model must be a pydantic BaseModel subclass")
    if model.model_config.get("extra") != "forbid":
        raise TypeError(f'tool {tool!r}: {role} model {model.__name__} must set model_config extra="forbid"')


@dataclass(frozen=True, eq=False)
class ToolSpec:
    """One tool: everything the registry, the exporters and the executor need.

    Build it with :meth:`pharmai.tools.Registry.tool` rather than by hand; the constructor still checks
    the name, the semantic version and that both models forbid extra fields.

    Attributes:
        name: The name models call (``^[a-zA-Z0-9_-]{1,64}$``).
        handler: ``handler(args: InputModel, ctx: ToolContext) -> OutputModel | dict``.
        input_model: Pydantic model of the arguments (``extra="forbid"``).
        output_model: Pydantic model of the success payload (``extra="forbid"``).
        version: Semantic version of the contract.
        title: Short human title (English); ``title_he`` is its Hebrew twin.
        description: The text a model sees; defaults to the handler's docstring.
        kind: READ, WRITE or AUTH.
        phi: The tool reads or writes a patient's protected data, so it needs a verified patient.
        confirm: A WRITE tool that must be approved by the person before it runs.
        risk: Harm level of a wrong call.
        timeout_s: Deadline for the handler.
        rate_tier: Name of the rate-limit tier set (``default`` or ``none``).
        deprecated: When set, the tool is deprecated and this note says what to use instead.
        summary: ``summary(args, language, ctx) -> str`` for confirmation prompts (``ctx`` reads names).
        authorize: ``authorize(args, ctx)`` raising a :class:`~pharmai.errors.PharmaiError` to refuse.
        idempotent: Repeating the call with the same arguments has no further effect (MCP hint).
        open_world: The tool talks to systems outside the deployment (MCP hint).
        roles: The staff roles that may call the tool (least privilege: list only those that need it).
            Empty: a customer tool, callable from any session as before. Non-empty: a staff tool; the
            executor refuses (``FORBIDDEN``) a call whose context has no actor holding one of them, so
            no customer session can call it. Stored sorted and without duplicates.
    """

    name: str
    handler: Handler
    input_model: type[BaseModel]
    output_model: type[BaseModel]
    version: str = "1.0.0"
    title: str = ""
    title_he: str | None = None
    description: str = ""
    kind: ToolKind = ToolKind.READ
    phi: bool = False
    confirm: bool = False
    risk: RiskLevel = RiskLevel.LOW
    timeout_s: float = 10.0
    rate_tier: str = "default"
    deprecated: str | None = None
    summary: Summarizer | None = field(default=None, repr=False)
    authorize: Authorizer | None = field(default=None, repr=False)
    idempotent: bool = False
    open_world: bool = False
    roles: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME_RE.match(self.name):
            raise ValueError(f"tool name {self.name!r} must match {_NAME_RE.pattern}")
        if not _SEMVER_RE.match(self.version):
            raise ValueError(f"tool {self.name!r}: version {self.version!r} is not MAJOR.MINOR.PATCH")
        _require_forbid(self.input_model, "input", self.name)
        _require_forbid(self.output_model, "output", self.name)
        if self.confirm and self.kind is not ToolKind.WRITE:
            raise ValueError(f"tool {self.name!r}: only WRITE tools can require confirmation")
        if not self.timeout_s > 0:
            raise ValueError(f"tool {self.name!r}: timeout_s must be positive")
        roles = (self.roles,) if isinstance(self.roles, str) else tuple(self.roles)
        for role in roles:
            if not isinstance(role, str) or not _ROLE_RE.match(role):
                raise ValueError(f"tool {self.name!r}: role {role!r} must match {_ROLE_RE.pattern}")
        # Frozen dataclass: fill derived defaults through object.__setattr__.
        if not self.description:
            object.__setattr__(self, "description", _first_paragraphs(self.handler.__doc__))
        if not self.description:
            raise ValueError(f"tool {self.name!r}: the handler needs a docstring (it is what the model sees)")
        if not self.title:
            object.__setattr__(self, "title", self.name.replace("_", " ").capitalize())
        object.__setattr__(self, "roles", tuple(sorted(set(roles))))

    @property
    def model_description(self) -> str:
        """The description exported to models, with the deprecation note when there is one."""
        if self.deprecated:
            return f"DEPRECATED: {self.deprecated}\n\n{self.description}"
        return self.description

    @property
    def staff_only(self) -> bool:
        """True when the tool declares roles: only an authenticated member of staff may call it."""
        return bool(self.roles)

    def allows(self, role: str | None) -> bool:
        """Whether an actor of ``role`` may call the tool (anyone may call a tool without roles)."""
        return not self.roles or (role is not None and role in self.roles)

    @property
    def read_only(self) -> bool:
        """True for READ tools (AUTH tools change the session, so they are not read-only)."""
        return self.kind is ToolKind.READ

    def summarize(self, args: BaseModel, language: str, ctx: ToolContext) -> str:
        """The human summary of a proposed call, in ``language``, for confirmation prompts.

        Args:
            args: The validated input model.
            language: ``"he"`` or ``"en"``.
            ctx: The proposing session (a summary may read names through ``ctx.transaction()``).

        Returns:
            The tool's own summary when it has one, else a generic bilingual sentence.
        """
        lang = language if language in _GENERIC_SUMMARY else "en"
        if self.summary is not None:
            return self.summary(args, lang, ctx)
        title = self.title_he if lang == "he" and self.title_he else self.title
        return _GENERIC_SUMMARY[lang].format(title=title)
