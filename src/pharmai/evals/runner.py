"""Running tasks: one trial = a fresh demo world, one conversation through the real loop, one grade.

Each trial pins the clock to the task's date, applies the task's patches (and its tool faults: named tools
fail with a given error code), snapshots the tracked tables,
plays the user's script (or the simulated user) against the engine through :class:`ConversationLoop` —
so the executor, confirmations, limits, audit and the policy guard all run for real — then diffs the
tables and grades the outcome.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from pharmai.agent.base import SessionInfo
from pharmai.agent.events import Event
from pharmai.agent.loop import ConversationLoop
from pharmai.clock import Clock
from pharmai.db.engine import Database
from pharmai.db.tool_stores import tool_stores
from pharmai.errors import PharmaiError, ValidationFailed
from pharmai.evals._faults import faulty_registry
from pharmai.evals._seeds import apply_seeds
from pharmai.evals._world import TemplateWorld, World, apply_patches, diff, snapshot
from pharmai.evals.agents import make_engine
from pharmai.evals.criteria import TurnRecord, grade, group_in
from pharmai.evals.report import EvalReport, TrialResult
from pharmai.evals.simulated_user import SimulatedUser
from pharmai.evals.task import Task, TextGroup, UserTurn, When
from pharmai.pharmacy.identity import latest_outbox_code
from pharmai.settings import Settings
from pharmai.tools import Actor, Executor
from pharmai.toolsets import UnknownProfile, registry_for

__all__ = ["EVAL_STAFF_ID", "collect_turn", "run_suite", "run_trial", "trial_settings"]

log = logging.getLogger(__name__)

_OTP = "{{otp}}"
#: The staff account id of a task's ``staff_role`` actor (audit rows keep only its surrogate).
EVAL_STAFF_ID = "eval-staff"
# Limits high enough never to bind unless a task sets its own (the rate-limit tasks do).
_GENEROUS = {"conversation": "1000/minute", "patient": "1000/hour", "global": "100000/hour"}


def trial_settings(task: Task) -> Settings:
    """The settings of a trial: the task's pinned date and limits (``"default"``: the shipped default), in-process
    limiter, no Redis."""
    limits: dict[str, str] = dict(_GENEROUS)
    limits.update({str(tier): value for tier, value in (task.session.rate_limits or {}).items()})
    for tier, value in limits.items():
        if value == "default":  # the shipped default, whatever it is now
            limits[tier] = str(Settings.model_fields[f"rate_limit_{tier}"].default)
    return Settings(
        redis_url=None,
        today=task.session.today,
        identity_mode=task.session.identity_mode,
        tool_profile=task.session.profile,
        default_store=task.session.store,
        rate_limit_conversation=limits["conversation"],
        rate_limit_patient=limits["patient"],
        rate_limit_global=limits["global"],
    )


def collect_turn(user: str, events: Iterable[Event]) -> TurnRecord:
    """Fold a turn's event stream into what the person saw: reply, language, calls, confirmation, error."""
    record = TurnRecord(user)
    calls: dict[str, dict[str, Any]] = {}
    for event in events:
        data = event.data
        if event.type == "tool.call":
            calls[data["id"]] = {"name": data["name"], "arguments": data["arguments"], "result": None}
        elif event.type == "tool.result":
            calls.setdefault(data["id"], {"name": data["name"], "arguments": {}})["result"] = data["result"]
        elif event.type == "confirmation.required":
            record.confirmation = dict(data)
        elif event.type == "message.done":
            record.reply, record.language = str(data["reply"]), str(data["language"])
        elif event.type == "error":
            record.error, record.reply = str(data["code"]), str(data["message"])
    record.calls = list(calls.values())
    return record


def _holds(when: When, last: TurnRecord | None, pending: dict[str, Any] | None) -> bool:
    if when.pending is not None:
        if when.pending is False and pending is not None:
            return False
        if when.pending is True and pending is None:
            return False
        if isinstance(when.pending, str) and (pending is None or pending.get("tool") != when.pending):
            return False
    if when.reply_has is not None and (last is None or not group_in(TextGroup(any=when.reply_has), last.reply)):
        return False
    return when.called is None or (last is not None and any(c["name"] == when.called for c in last.calls))


class _Conversation:
    """One trial's conversation: sends messages and actions, records every turn."""

    def __init__(
        self, loop: ConversationLoop, cid: str, db: Database, language: str, actor: Actor | None = None
    ) -> None:
        self.loop, self.cid, self.db, self.language = loop, cid, db, language
        # The member of staff of a staff session, authenticated anew for every request as the console does.
        self.actor = actor
        self.turns: list[TurnRecord] = []

    def say(self, message: str) -> TurnRecord:
        if _OTP in message:
            with self.db.session() as session:
                message = message.replace(_OTP, latest_outbox_code(session) or "000000")
        try:
            record = collect_turn(message, self.loop.turn(self.cid, message, actor=self.actor))
        except PharmaiError as exc:  # refused before the turn ran (too long, empty…): the person sees why
            record = TurnRecord(message, reply=exc.message(self.language), language=self.language, error=exc.code)
        self.turns.append(record)
        return record

    def act(self, action: str) -> TurnRecord | None:
        pending = self.loop.pending_confirmation(self.cid)
        if pending is None:
            return None
        decide = self.loop.approve if action == "approve" else self.loop.deny
        record = collect_turn(f"/{action}", decide(self.cid, str(pending["id"]), actor=self.actor))
        self.turns.append(record)
        return record

    def play(self, script: list[UserTurn]) -> None:
        for step in script:
            last = self.turns[-1] if self.turns else None
            if step.when is not None and not _holds(step.when, last, self.loop.pending_confirmation(self.cid)):
                continue
            if step.action is not None:
                self.act(step.action)
            elif step.say is not None:
                self.say(step.say)

    def simulate(self, user: SimulatedUser, task: Task) -> None:
        assert task.simulated_user is not None
        history: list[dict[str, str]] = []
        for _ in range(task.simulated_user.max_turns):
            message = user.next_message(task.simulated_user, history)
            if message is None:
                return
            command = message.strip().lower()
            record = self.act(command[1:]) if command in ("/approve", "/deny") else self.say(message)
            history.append({"role": "user", "content": message})
            history.append({"role": "assistant", "content": record.reply if record else ""})


def run_trial(
    task: Task,
    engine: str,
    world: World,
    *,
    trial: int = 0,
    env: Mapping[str, str] | None = None,
    simulated_user: SimulatedUser | None = None,
) -> TrialResult:
    """Run one trial of ``task`` with ``engine`` on a fresh world and grade it.

    Args:
        task: The task.
        engine: An engine name (:data:`pharmai.evals.agents.EVAL_ENGINES`).
        world: Where the fresh demo world comes from.
        trial: The trial number.
        env: The environment LLM engines read (default: ``os.environ``).
        simulated_user: Drive tasks that have a persona with this model instead of their script.

    Returns:
        The result; an engine that cannot be built gives ``error`` (reward 0), not an exception.
    """
    started = time.perf_counter()
    result = TrialResult(task.id, trial)
    reason = task.skipped_for(engine)
    if reason is not None:
        result.skipped = reason
        return result
    db = world.fresh(task.session.today)
    faulty: Executor | None = None
    try:
        apply_patches(db, task.setup)
        apply_seeds(db, task.setup, task.session.today)
        before = snapshot(db)
        settings = trial_settings(task)
        built = make_engine(engine, db, settings, task, env=env)
        session = SessionInfo(
            "", task.session.patient, task.session.identity_mode, task.session.store, task.session.profile, "eval"
        )
        if task.session.tool_faults:
            faulty = _faulty_executor(task, db, settings)
        clock = Clock(task.session.today)
        with ConversationLoop(db, built, settings=settings, clock=clock, audit="sync", executor=faulty) as loop:
            role = task.session.staff_role
            actor = Actor(id=EVAL_STAFF_ID, role=role) if role is not None else None
            cid = loop.open(session, task.session.language)
            conversation = _Conversation(loop, cid, db, task.session.language, actor)
            if simulated_user is not None and task.simulated_user is not None:
                conversation.simulate(simulated_user, task)
            else:
                conversation.play(task.user)
        result.turns = conversation.turns
        result.effects = diff(before, snapshot(db))
        graded = grade(task, result.turns, result.effects)
        result.components, result.reasons, result.reward = graded.components, graded.reasons, graded.reward
    except PharmaiError as exc:
        result.error = f"{exc.code}: {exc.message('en')}"
        log.warning("trial %s/%d with %s could not run: %s", task.id, trial, engine, exc.code)
    finally:
        if faulty is not None:
            faulty.close()
        world.release(db)
        result.seconds = time.perf_counter() - started
    return result


def _faulty_executor(task: Task, db: Database, settings: Settings) -> Executor:
    """An executor over the task's profile whose ``tool_faults`` tools fail (the loop uses it as is)."""
    try:
        registry = registry_for(task.session.profile)
    except UnknownProfile:
        raise ValidationFailed([{"field": "session.profile", "reason": "unknown tool profile"}]) from None
    stores = tool_stores(db, audit="sync", spill_dir=settings.audit_spill_dir)
    return Executor(faulty_registry(registry, task.session.tool_faults), db, settings=settings, **stores)


def run_suite(
    tasks: list[Task],
    engine: str,
    *,
    trials: int = 1,
    k: int = 1,
    world: World | None = None,
    env: Mapping[str, str] | None = None,
    simulated_user: SimulatedUser | None = None,
    workers: int = 1,
    on_trial: Callable[[TrialResult], None] | None = None,
) -> EvalReport:
    """Run ``trials`` trials of every task with ``engine`` and report pass^1…pass^k.

    Args:
        tasks: The tasks.
        engine: The engine name.
        trials: Trials per task (``n``); must be at least ``k``.
        k: The largest ``k`` of pass^k reported.
        world: Where fresh worlds come from (default: SQLite templates in a temporary directory).
        env: The environment LLM engines read.
        simulated_user: The optional model-driven user.
        workers: Trials run in parallel (threads; LLM engines spend their time waiting).
        on_trial: Called after each trial (progress bars).
    """
    from pharmai.evals.report import check_k

    check_k(trials, k)
    own = world is None
    template = TemplateWorld() if world is None else None
    active: World = template if template is not None else world  # type: ignore[assignment]
    jobs = [(task, n) for task in tasks for n in range(trials)]

    def one(job: tuple[Task, int]) -> TrialResult:
        result = run_trial(job[0], engine, active, trial=job[1], env=env, simulated_user=simulated_user)
        if on_trial is not None:
            on_trial(result)
        return result

    try:
        if workers > 1 and own:
            # Build each profile's tool registry before the threads start: first use is not thread-safe.
            for profile in {t.session.profile for t in tasks}:
                with contextlib.suppress(UnknownProfile):  # the trials report it as their own error
                    registry_for(profile)
            with ThreadPoolExecutor(max_workers=workers) as pool:
                results = list(pool.map(one, jobs))
        else:
            results = [one(job) for job in jobs]
    finally:
        if template is not None:
            template.close()
    return EvalReport.build(tasks, results, engine=engine, trials=trials, k=k)
