"""Conversation tokens: checked on every call, remembered per worker, and still refused when wrong.

A worker remembers the token hashes it has read (a bounded, least-recently-used map) so a message costs no
extra database read; that must never let a wrong token through, nor stop a right one from working on a
worker that never saw it or has forgotten it.
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from pharmai.agent.base import SessionInfo
from pharmai.agent.store import ConversationStore
from pharmai.api._state import ApiState, TokenHashes
from pharmai.db import Database
from tests.api.conftest import AppFactory, open_conversation, say

WRONG = {"Authorization": "Bearer ct_not-the-token"}


def _state(client: TestClient) -> ApiState:
    state: ApiState = client.app.state.pharmai  # type: ignore[attr-defined]
    return state


def _post(client: TestClient, cid: str, headers: dict[str, str], content: str = "hi") -> int:
    return client.post(f"/v1/conversations/{cid}/messages", json={"content": content}, headers=headers).status_code


def _transcript(client: TestClient, cid: str, headers: dict[str, str]) -> int:
    return client.get(f"/v1/conversations/{cid}", headers=headers).status_code


# --- TokenHashes -----------------------------------------------------------------------------------


def test_token_hashes_forget_the_least_recently_used() -> None:
    hashes = TokenHashes(2)
    assert hashes.get("a") is None
    hashes.put("a", "hash-a")
    hashes.put("b", "hash-b")
    assert hashes.get("a") == "hash-a"  # "a" is now the most recently used
    hashes.put("c", "hash-c")
    assert hashes.get("b") is None
    assert (hashes.get("a"), hashes.get("c")) == ("hash-a", "hash-c")
    hashes.put("d", "hash-d")  # "a" was read before "c": it goes
    assert (hashes.get("a"), hashes.get("c"), hashes.get("d")) == (None, "hash-c", "hash-d")


def test_token_hashes_replace_a_value_without_growing() -> None:
    hashes = TokenHashes(2)
    hashes.put("a", "old")
    hashes.put("b", "hash-b")
    hashes.put("a", "new")  # also makes "a" the most recent
    hashes.put("c", "hash-c")
    assert (hashes.get("a"), hashes.get("b"), hashes.get("c")) == ("new", None, "hash-c")


# --- through the API ---------------------------------------------------------------------------------


def test_a_token_keeps_working_across_many_messages(client: TestClient) -> None:
    cid, headers = open_conversation(client, language="en")
    other_cid, other_headers = open_conversation(client, language="en")
    for i in range(12):
        assert say(client, cid, headers, f"hello {i}")[-1][0] == "message.done"
        assert _post(client, cid, WRONG) == 404
        assert _post(client, cid, other_headers) == 404
        assert _post(client, other_cid, headers) == 404
    transcript = client.get(f"/v1/conversations/{cid}", headers=headers)
    assert transcript.status_code == 200
    assert [turn["user"] for turn in transcript.json()["turns"]] == [f"hello {i}" for i in range(12)]
    # None of the refused calls was stored anywhere.
    assert client.get(f"/v1/conversations/{other_cid}", headers=other_headers).json()["turns"] == []


def test_a_token_works_on_a_worker_that_did_not_issue_it(make_client: AppFactory) -> None:
    first, second = make_client(), make_client()
    cid, headers = open_conversation(first, language="en")
    assert _transcript(second, cid, WRONG) == 404  # before the second worker has read the hash
    assert _transcript(second, cid, headers) == 200
    assert _transcript(second, cid, WRONG) == 404  # after it has
    say(second, cid, headers, "hello")
    say(first, cid, headers, "again")
    assert [turn["user"] for turn in first.get(f"/v1/conversations/{cid}", headers=headers).json()["turns"]] == [
        "hello",
        "again",
    ]


def test_tokens_still_work_once_their_hashes_are_forgotten(client: TestClient) -> None:
    _state(client).token_hashes = TokenHashes(1)
    opened = [open_conversation(client, language="en") for _ in range(3)]
    for _ in range(2):
        for index, (cid, headers) in enumerate(opened):
            assert _transcript(client, cid, headers) == 200
            assert _transcript(client, cid, WRONG) == 404
            _, other_headers = opened[(index + 1) % len(opened)]
            assert _transcript(client, cid, other_headers) == 404


def test_a_conversation_opened_without_the_api_has_no_token_that_works(client: TestClient, db: Database) -> None:
    cid = ConversationStore(db).create(SessionInfo("conv-cli", channel="cli"), language="en", engine="offline")
    _, headers = open_conversation(client)
    assert _transcript(client, cid, headers) == 404
    assert _transcript(client, cid, WRONG) == 404
    assert client.get(f"/v1/conversations/{cid}").status_code == 401
    assert _post(client, cid, headers) == 404
