"""Registries (one per profile) and the process-wide table of named profiles."""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from pharmai.tools._outcome import CanonicalEnvelope, Envelope
from pharmai.tools._spec import Handler, ToolKind, ToolSpec

__all__ = ["Registry", "UnknownProfile", "profile_names", "register_profile", "registry_for"]


class UnknownProfile(LookupError):
    """No profile builder is registered under that name."""


class Registry:
    """The tools of one profile, with the envelope that profile answers in.

    Args:
        profile: The profile's name (``canonical``, ``seed-001``, ``test``…).
        envelope: Renders outcomes; the canonical ``ok``/``error`` envelope by default.
    """

    def __init__(self, profile: str = "default", *, envelope: Envelope | None = None) -> None:
        self.profile = profile
        self.envelope: Envelope = envelope or CanonicalEnvelope()
        self._tools: dict[str, ToolSpec] = {}

    def add(self, spec: ToolSpec) -> ToolSpec:
        """Register ``spec``; a second tool with the same name is a programming error."""
        if spec.name in self._tools:
            raise ValueError(f"profile {self.profile!r} already has a tool named {spec.name!r}")
        self._tools[spec.name] = spec
        return spec

    def tool(
        self,
        *,
        input: type[BaseModel],
        output: type[BaseModel],
        name: str | None = None,
        kind: ToolKind = ToolKind.READ,
        **options: Any,
    ) -> Callable[[Handler], Handler]:
        """Decorator registering a handler as a tool; the docstring becomes the model's description.

        Args:
            input: The arguments model (``extra="forbid"``).
            output: The success payload model (``extra="forbid"``).
            name: Tool name (default: the function's name).
            kind: READ, WRITE or AUTH.
            **options: Any other :class:`ToolSpec` field (``version``, ``phi``, ``confirm``, ``risk``…).

        Returns:
            The decorator; it returns the handler unchanged so it stays callable directly.
        """

        def register(handler: Handler) -> Handler:
            tool_name = name or str(getattr(handler, "__name__", ""))
            self.add(
                ToolSpec(name=tool_name, handler=handler, input_model=input, output_model=output, kind=kind, **options)
            )
            return handler

        return register

    def get(self, name: object) -> ToolSpec | None:
        """The tool called ``name``, or ``None`` (also for non-string names)."""
        return self._tools.get(name) if isinstance(name, str) else None

    def specs(self) -> list[ToolSpec]:
        """Every tool, in registration order."""
        return list(self._tools.values())

    def names(self) -> list[str]:
        """Every tool name, in registration order."""
        return list(self._tools)

    def derive(self, profile: str, names: Iterable[str] | None = None, *, envelope: Envelope | None = None) -> Registry:
        """A new profile sharing some (default: all) of these tools, optionally with another envelope."""
        derived = Registry(profile, envelope=envelope or self.envelope)
        for tool_name in self.names() if names is None else names:
            spec = self.get(tool_name)
            if spec is None:
                raise KeyError(tool_name)
            derived.add(spec)
        return derived

    def __len__(self) -> int:
        return len(self._tools)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and name in self._tools


_BUILDERS: dict[str, Callable[[], Registry]] = {}
_BUILT: dict[str, Registry] = {}
_LOCK = threading.Lock()
# Re-entrant: importing the toolsets calls register_profile, which takes _LOCK, not this one.
_LOAD_LOCK = threading.RLock()
_TOOLSETS_LOADED = False


def register_profile(name: str, builder: Callable[[], Registry], *, replace: bool = False) -> None:
    """Make ``registry_for(name)`` build its registry with ``builder`` (called once, lazily).

    Args:
        name: The profile name.
        builder: A function returning the :class:`Registry` of that profile.
        replace: Allow replacing an existing builder (tests, plugins).
    """
    with _LOCK:
        if name in _BUILDERS and not replace and _BUILDERS[name] is not builder:
            raise ValueError(f"profile {name!r} is already registered")
        _BUILDERS[name] = builder
        _BUILT.pop(name, None)


def _load_toolsets() -> None:
    # The pharmacy toolsets live above this layer; importing them registers their profiles. The
    # generic runtime must work without them (a bank could use it), hence the soft import.
    global _TOOLSETS_LOADED
    if _TOOLSETS_LOADED:
        return
    # Threads arriving together wait here until the import has registered every profile; flagging the
    # load as done before the import finished let a second thread see no profiles at all.
    with _LOAD_LOCK:
        if _TOOLSETS_LOADED:
            return
        try:
            importlib.import_module("pharmai.toolsets")
        except ModuleNotFoundError as exc:
            # Only "there are no toolsets" is fine; a broken toolset must still fail loudly.
            if exc.name != "pharmai.toolsets":
                raise
        _TOOLSETS_LOADED = True


def profile_names() -> list[str]:
    """Every registered profile name, sorted."""
    _load_toolsets()
    with _LOCK:
        return sorted(_BUILDERS)


def registry_for(profile: str) -> Registry:
    """The registry of a named profile, built on first use and cached.

    Raises:
        UnknownProfile: When no builder is registered under ``profile``.
    """
    _load_toolsets()
    with _LOCK:
        if profile in _BUILT:
            return _BUILT[profile]
        builder = _BUILDERS.get(profile)
    if builder is None:
        raise UnknownProfile(profile)
    registry = builder()
    with _LOCK:
        return _BUILT.setdefault(profile, registry)
