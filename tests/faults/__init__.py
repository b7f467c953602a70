"""The fault suite of issue #15: real ``pharmai serve`` processes on loopback, with faults injected.

``kill -9`` during an approval (SQLite and PostgreSQL), PostgreSQL sessions terminated under load, and Redis
hanging and refusing. Each test adds a line to the run's fault summary (``_summary.py``), printed at the
end of ``make test``.
"""
