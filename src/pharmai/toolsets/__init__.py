"""The pharmacy tools: the canonical set and the seed-contract profiles, thin adapters over ``pharmacy``.

Importing this package registers every profile with :func:`pharmai.tools.register_profile`.
"""

from __future__ import annotations

from pharmai.tools import register_profile
from pharmai.toolsets import canonical, seed000, seed001, seed002

__all__ = ["PROFILES"]

#: Every profile this package registers; ``canonical`` is the default.
PROFILES = (canonical.PROFILE, seed000.PROFILE, seed001.PROFILE, seed002.PROFILE)

for _module in (canonical, seed000, seed001, seed002):
    register_profile(_module.PROFILE, _module.build_registry, replace=True)
