"""The canonical pharmacy toolset (``docs/contracts.md``), the default profile."""

from __future__ import annotations

from pharmai.tools import Registry
from pharmai.toolsets.canonical import callbacks, catalog, identity, interactions, inventory, prescriptions, support

__all__ = ["PROFILE", "build_registry"]

PROFILE = "canonical"


def build_registry() -> Registry:
    """Every canonical tool, in the canonical envelope."""
    registry = Registry(PROFILE)
    for module in (catalog, inventory, interactions, identity, prescriptions, support, callbacks):
        module.register(registry)
    return registry
