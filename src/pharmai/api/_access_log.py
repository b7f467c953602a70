"""uvicorn's logging, minus what a log must not hold: the query strings of the access log.

``PHARMAI_LOG_FORMAT=json`` makes every line one JSON object (:mod:`pharmai.api._logging`), the access
lines included, and lets pharmai's own loggers (one line per tool call among them) through at the level of
``--log-level``; ``text`` (the default) is uvicorn's own format, as before.

A client may put a secret in a query string (a staff key pasted as ``?key=…``: refused, since keys are
read from the ``Authorization`` header only, but uvicorn logs the request line first). Access lines keep
the method, the path and the status; the query string is dropped before any handler formats the line.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

__all__ = ["DropQueryStrings", "uvicorn_log_config"]

# The position of the path (with its query string) in uvicorn's access-log arguments:
# (client address, method, path?query, HTTP version, status).
_PATH_ARG = 2


class DropQueryStrings(logging.Filter):
    """Cuts the query string off the path of uvicorn's access-log records."""

    def filter(self, record: logging.LogRecord) -> bool:
        args = record.args
        path = args[_PATH_ARG] if isinstance(args, tuple) and len(args) > _PATH_ARG else None
        if isinstance(args, tuple) and isinstance(path, str) and "?" in path:
            record.args = (*args[:_PATH_ARG], path.partition("?")[0], *args[_PATH_ARG + 1 :])
        return True


def uvicorn_log_config(log_format: str = "text", log_level: str | int = "INFO") -> dict[str, Any]:
    """uvicorn's default logging configuration with :class:`DropQueryStrings` on its access logger.

    It is a ``logging.config.dictConfig`` dictionary naming the filter (and the JSON formatters) by import
    path, so every worker process that uvicorn spawns applies it too.

    Args:
        log_format: ``text`` (uvicorn's lines) or ``json`` (one JSON object per line; ``PHARMAI_LOG_FORMAT``).
        log_level: The level of pharmai's own loggers in the ``json`` format.
    """
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config.setdefault("filters", {})["drop_query_strings"] = {"()": f"{__name__}.DropQueryStrings"}
    access = config["loggers"].setdefault("uvicorn.access", {})
    access["filters"] = [*access.get("filters", []), "drop_query_strings"]
    if log_format == "json":
        from pharmai.api._logging import json_logging

        json_logging(config, log_level)
    return config
