# pharmai: the HTTP API, the web chat and MCP over HTTP (`pharmai serve`), as .ci/run installs it.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    XDG_DATA_HOME=/data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY src ./src
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /data --create-home pharmai

USER pharmai
VOLUME ["/data"]
EXPOSE 8000

# The default database is a SQLite file under /data; set PHARMAI_DATABASE_URL (and PHARMAI_REDIS_URL)
# to scale out. `pharmai serve` migrates and seeds once, then starts the workers.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status != 200)"

CMD ["pharmai", "serve", "--host", "0.0.0.0", "--port", "8000", "--workers", "2"]
