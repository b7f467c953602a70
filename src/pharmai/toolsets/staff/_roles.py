"""The staff roles the ``staff`` profile's tools are declared for.

The staff tools read only reference data (formulas, the interaction table, the published literature), so
every staff role may run them; no customer conversation may (it carries no staff actor, and the executor
refuses a tool with roles).
"""

from __future__ import annotations

__all__ = ["EVERY_STAFF_ROLE"]

#: Every staff role: ``admin``, ``pharmacist`` and ``technician``.
EVERY_STAFF_ROLE = ("admin", "pharmacist", "technician")
