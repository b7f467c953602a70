"""The pharmacy tools: the canonical set and the seed-contract profiles, thin adapters over ``pharmacy``.

Importing this package registers every profile below in the named-profile table
(:func:`register_profile`); :func:`registry_for` then builds a profile's registry on first use. Python
runs this module once per process (under the import lock), so the profiles are registered once.
Submodules import the table from ``pharmai.toolsets._profiles``, never from this package.
"""

from __future__ import annotations

from pharmai.toolsets import canonical, seed000, seed001, seed002, staff
from pharmai.toolsets._profiles import UnknownProfile, profile_names, register_profile, registry_for

__all__ = ["PROFILES", "STAFF_PROFILES", "UnknownProfile", "profile_names", "register_profile", "registry_for"]

#: Every customer-facing profile this package registers; ``canonical`` is the default.
PROFILES = (canonical.PROFILE, seed000.PROFILE, seed001.PROFILE, seed002.PROFILE)
#: Profiles for pharmacy staff only (``staff``): registered, so staff paths can select them, never customer-facing.
STAFF_PROFILES = (staff.PROFILE,)

for _module in (canonical, seed000, seed001, seed002, staff):
    register_profile(_module.PROFILE, _module.build_registry)
