"""``/docs`` (Swagger UI) renders offline: every script, style sheet and icon it references is served by the
app itself and answers 200, and its Content-Security-Policy allows no other origin. There is no ``/redoc``:
ReDoc's page fetches its logo from a CDN."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient


class _Refs(HTMLParser):
    """The URLs a page makes the browser load: ``src`` of any element, ``href`` of ``<link>``."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.inline: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if values.get("src"):
            self.urls.append(str(values["src"]))
        if tag == "link" and values.get("href"):
            self.urls.append(str(values["href"]))
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.inline.append(data)


def _same_origin(url: str) -> bool:
    return url.startswith("/") and not url.startswith("//")


def test_docs_reference_only_same_origin_assets_that_answer(client: TestClient) -> None:
    response = client.get("/docs")
    assert response.status_code == 200 and response.headers["content-type"].startswith("text/html")
    refs = _Refs()
    refs.feed(response.text)
    # The bootstrap script names the schema (and Swagger UI's OAuth redirect page) by path.
    for script in refs.inline:
        refs.urls += re.findall(r"""url:\s*['"]([^'"]+)['"]""", script)
        assert "http://" not in script and "https://" not in script
    assert refs.urls, "the page loads nothing: the docs would be blank"
    assert "/openapi.json" in refs.urls
    for url in refs.urls:
        assert _same_origin(url), url
        assert client.get(url).status_code == 200, url
    assert "http://" not in response.text and "https://" not in response.text


def test_swagger_ui_assets_are_the_real_bundle(client: TestClient) -> None:
    page = client.get("/docs").text
    js = re.search(r'<script src="([^"]+swagger-ui-bundle\.js)"', page)
    css = re.search(r'href="([^"]+swagger-ui\.css)"', page)
    assert js and css
    script = client.get(js.group(1))
    assert script.headers["content-type"].startswith(("text/javascript", "application/javascript"))
    assert "SwaggerUIBundle" in script.text and len(script.content) > 100_000
    assert client.get(css.group(1)).headers["content-type"].startswith("text/css")


def test_no_redoc_page(client: TestClient) -> None:
    assert client.get("/redoc").status_code == 404


@pytest.mark.parametrize("page", ["/docs", "/docs/assets/swagger-ui-bundle.js"])
def test_docs_policy_allows_no_other_origin(client: TestClient, page: str) -> None:
    policy = client.get(page).headers["content-security-policy"]
    assert "http:" not in policy and "https:" not in policy and "*" not in policy
    assert "script-src 'self'" in policy
