"""The process-wide table of named profiles: which builder makes the :class:`Registry` of which name.

It lives here, above the generic runtime (``pharmai.tools``), so that the runtime never has to find
its toolsets: ``pharmai.toolsets`` registers its own profiles when it is imported, and the composition
roots (API, MCP, CLI, agent) ask this table for a registry by name.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from pharmai.tools import Registry

__all__ = ["UnknownProfile", "profile_names", "register_profile", "registry_for"]


class UnknownProfile(LookupError):
    """No profile builder is registered under that name."""


_BUILDERS: dict[str, Callable[[], Registry]] = {}
_BUILT: dict[str, Registry] = {}
# One re-entrant lock guards both tables and is held while a builder runs, so each builder runs once
# even when threads ask for the same profile together, and a builder may itself call registry_for
# (e.g. to derive from another profile) without deadlocking.
_LOCK = threading.RLock()


def register_profile(name: str, builder: Callable[[], Registry], *, replace: bool = False) -> None:
    """Make ``registry_for(name)`` build its registry with ``builder`` (called once, lazily).

    Registering the same builder again is a no-op; it keeps the registry already built.

    Args:
        name: The profile name.
        builder: A function returning the :class:`Registry` of that profile.
        replace: Allow replacing an existing builder (tests, plugins).

    Raises:
        ValueError: When another builder is registered under ``name`` and ``replace`` is false.
    """
    with _LOCK:
        current = _BUILDERS.get(name)
        if current is builder:
            return
        if current is not None and not replace:
            raise ValueError(f"profile {name!r} is already registered")
        _BUILDERS[name] = builder
        _BUILT.pop(name, None)


def profile_names() -> list[str]:
    """Every registered profile name, sorted."""
    with _LOCK:
        return sorted(_BUILDERS)


def registry_for(profile: str) -> Registry:
    """The registry of a named profile, built on first use and cached.

    Args:
        profile: The profile name (``canonical``, ``seed-001``…).

    Returns:
        The same :class:`Registry` object on every call until the profile is re-registered.

    Raises:
        UnknownProfile: When no builder is registered under ``profile``.
    """
    with _LOCK:
        built = _BUILT.get(profile)
        if built is not None:
            return built
        builder = _BUILDERS.get(profile)
        if builder is None:
            raise UnknownProfile(profile)
        registry = builder()
        _BUILT[profile] = registry
        return registry
