"""The registry of one profile: its tools, in registration order, and the envelope it answers in.

The table of *named* profiles (``registry_for("canonical")``) is not here: it belongs to the layer that
knows the profiles (the toolsets), which hands registries down to this runtime.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from pydantic import BaseModel

from pharmai.tools._outcome import CanonicalEnvelope, Envelope
from pharmai.tools._spec import Handler, ToolKind, ToolSpec

__all__ = ["Registry"]


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
