"""The Kubernetes manifests (``deploy/k8s/base``): valid against the Kubernetes schemas, and wired to the app.

The base is built here in Python: its ``kustomization.yaml`` uses only ``resources:`` and ``labels:`` (the
loader refuses anything else, so it cannot silently build something kustomize would not). Where ``kubectl``
is installed, its built-in kustomize must produce the same objects. Every object is then validated, strict
(no unknown fields), with ``kubernetes_validate``'s bundled schemas (offline), and checked against the
application itself: probe paths the app answers, environment names the settings read, Secret keys that
exist, container commands the ``pharmai`` command line accepts.
"""

from __future__ import annotations

import copy
import os
import re
import shutil
import subprocess
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import kubernetes_validate
import pytest
import typer
import yaml
from fastapi.testclient import TestClient

from pharmai.agent.engines.llm import _config as llm_config
from pharmai.api import create_app
from pharmai.cli import app as cli_app
from pharmai.db import Database, seed_demo_world, upgrade
from pharmai.settings import Settings
from tests.conftest import TODAY

ROOT = Path(__file__).resolve().parents[2]
BASE = ROOT / "deploy" / "k8s" / "base"
#: The oldest Kubernetes the base is written for (the preStop ``sleep`` action is on by default from
#: 1.30), and the newest schemas the validator ships.
KUBERNETES_VERSIONS = ["1.30", kubernetes_validate.utils.latest_version()]
#: Variables the LLM engines read as the official SDKs do, outside ``Settings`` (docs/interfaces.md).
SDK_VARIABLES = {"OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"}
#: Set by the image (Dockerfile), read by the settings' default database URL and the audit spill files.
IMAGE_VARIABLES = {"XDG_DATA_HOME"}

Object = dict[str, Any]


def build(base: Path) -> list[Object]:
    """The objects of a kustomization that uses only ``resources:`` (files) and ``labels:``.

    Raises:
        AssertionError: The kustomization uses anything this loader does not implement.
    """
    kustomization = yaml.safe_load((base / "kustomization.yaml").read_text(encoding="utf-8"))
    unknown = set(kustomization) - {"apiVersion", "kind", "resources", "labels"}
    assert not unknown, f"the test's loader does not implement {sorted(unknown)}: extend it, or keep the base simple"
    objects: list[Object] = []
    for name in kustomization["resources"]:
        path = base / name
        assert path.is_file(), f"{name} is not a file of the base (the loader reads files only)"
        objects += [doc for doc in yaml.safe_load_all(path.read_text(encoding="utf-8")) if doc]
    for entry in kustomization.get("labels", []):
        assert set(entry) <= {"pairs", "includeSelectors"} and not entry.get("includeSelectors"), entry
        for obj in objects:
            obj["metadata"].setdefault("labels", {}).update(entry["pairs"])
    return objects


@pytest.fixture(scope="module")
def objects() -> list[Object]:
    return build(BASE)


def one(objects: list[Object], kind: str, name: str | None = None) -> Object:
    """The only object of ``kind`` (named ``name``, when given)."""
    found = [o for o in objects if o["kind"] == kind and (name is None or o["metadata"]["name"] == name)]
    assert len(found) == 1, f"{len(found)} objects of kind {kind} named {name}"
    return found[0]


def pod_specs(objects: list[Object]) -> Iterator[tuple[str, Object]]:
    """``(owner name, pod spec)`` of every workload."""
    for obj in objects:
        if obj["kind"] in ("Deployment", "Job"):
            yield obj["metadata"]["name"], obj["spec"]["template"]["spec"]


def containers(objects: list[Object]) -> Iterator[tuple[str, Object]]:
    """``(owner/container, container)`` of every container, init containers included."""
    for owner, spec in pod_specs(objects):
        for container in spec.get("initContainers", []) + spec["containers"]:
            yield f"{owner}/{container['name']}", container


def test_the_base_holds_what_a_deployment_needs(objects: list[Object]) -> None:
    kinds = sorted(o["kind"] for o in objects)
    assert kinds == sorted(
        ["ConfigMap", "Secret", "Job", "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"]
    )
    for obj in objects:
        assert obj["metadata"]["labels"]["app.kubernetes.io/part-of"] == "pharmai", obj["metadata"]["name"]


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
def test_every_object_validates_against_the_kubernetes_schemas(objects: list[Object], version: str) -> None:
    for obj in objects:
        try:
            kubernetes_validate.validate(obj, version, strict=True)
        except kubernetes_validate.ValidationError as exc:
            pytest.fail(f"{obj['kind']}/{obj['metadata']['name']} on Kubernetes {version}: {exc.message}")


def test_the_validator_refuses_a_broken_manifest(objects: list[Object]) -> None:
    """The check above can fail: a misspelt field and a wrong type are both refused."""
    deployment = copy.deepcopy(one(objects, "Deployment"))
    deployment["spec"]["template"]["spec"]["containers"][0]["readinessprobe"] = {}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[-1], strict=True)
    deployment = copy.deepcopy(one(objects, "Deployment"))
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[-1], strict=True)


@pytest.mark.skipif(
    shutil.which("kubectl") is None, reason="kubectl is not installed (its kustomize cross-checks the loader)"
)
def test_kubectl_kustomize_builds_the_same_objects(objects: list[Object]) -> None:
    built = subprocess.run(
        ["kubectl", "kustomize", str(BASE)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    theirs = {(o["kind"], o["metadata"]["name"]): o for o in yaml.safe_load_all(built) if o}
    ours = {(o["kind"], o["metadata"]["name"]): o for o in objects}
    assert theirs == ours


@pytest.fixture(scope="module")
def served_paths(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The real app on a fresh demo database, to ask the probe paths."""
    db = Database(f"sqlite:///{tmp_path_factory.mktemp('k8s') / 'pharmai.db'}")
    upgrade(db)
    with db.session(write=True) as session:
        seed_demo_world(session, TODAY)
    settings = Settings(database_url=db.url, today=TODAY, redis_url=None, engine="offline")
    with TestClient(create_app(settings, db, audit="sync"), raise_server_exceptions=False) as client:
        yield client
    db.dispose()


def test_probes_ask_paths_the_app_answers_on_the_container_port(
    objects: list[Object], served_paths: TestClient
) -> None:
    container = one(objects, "Deployment")["spec"]["template"]["spec"]["containers"][0]
    probes = {kind: container[kind]["httpGet"] for kind in ("startupProbe", "livenessProbe", "readinessProbe")}
    assert probes["readinessProbe"]["path"] == "/readyz"
    assert probes["livenessProbe"]["path"] == probes["startupProbe"]["path"] == "/healthz"
    ports = {p["name"]: p["containerPort"] for p in container["ports"]}
    for probe in probes.values():
        assert probe["port"] in ports
        response = served_paths.get(probe["path"])
        assert response.status_code == 200, (probe["path"], response.text)
    assert served_paths.get("/readyz").json()["status"] == "ready"
    # The container listens where the command says, on the port the image exposes.
    command = container["command"]
    assert command[command.index("--port") + 1] == str(ports["http"])
    assert f"EXPOSE {ports['http']}" in (ROOT / "Dockerfile").read_text(encoding="utf-8")
    service = one(objects, "Service")
    assert [p["targetPort"] for p in service["spec"]["ports"]] == ["http"]


def test_selectors_pick_the_api_pods_and_only_them(objects: list[Object]) -> None:
    deployment = one(objects, "Deployment")
    api_labels = deployment["spec"]["template"]["metadata"]["labels"]
    job_labels = one(objects, "Job")["spec"]["template"]["metadata"]["labels"]

    def matches(selector: dict[str, str], labels: dict[str, str]) -> bool:
        return all(labels.get(k) == v for k, v in selector.items())

    selectors = {
        "Deployment": deployment["spec"]["selector"]["matchLabels"],
        "Service": one(objects, "Service")["spec"]["selector"],
        "PodDisruptionBudget": one(objects, "PodDisruptionBudget")["spec"]["selector"]["matchLabels"],
    }
    for kind, selector in selectors.items():
        assert matches(selector, api_labels), kind
        assert not matches(selector, job_labels), f"the {kind} would pick the migration Job's pod"
    target = one(objects, "HorizontalPodAutoscaler")["spec"]["scaleTargetRef"]
    assert (target["kind"], target["name"]) == ("Deployment", deployment["metadata"]["name"])
    hpa = one(objects, "HorizontalPodAutoscaler")["spec"]
    assert hpa["minReplicas"] > one(objects, "PodDisruptionBudget")["spec"]["minAvailable"]


def _settings_variables() -> set[str]:
    return {f"PHARMAI_{name.upper()}" for name in Settings.model_fields}


def test_every_environment_name_is_one_pharmai_reads(objects: list[Object]) -> None:
    known = _settings_variables()
    source = Path(llm_config.__file__).read_text(encoding="utf-8")
    assert all(f'"{name}"' in source for name in SDK_VARIABLES), "the LLM engines no longer read these names"
    known |= SDK_VARIABLES | IMAGE_VARIABLES
    names = set(one(objects, "ConfigMap")["data"])
    for _, container in containers(objects):
        names |= {e["name"] for e in container.get("env", [])}
    assert names - known == set(), "names pharmai does not read"
    assert {"PHARMAI_DATABASE_URL", "PHARMAI_REDIS_URL", "PHARMAI_STAFF_API_KEY", "PHARMAI_AUDIT_SECRET"} <= names


def test_the_configmap_is_valid_configuration(objects: list[Object], monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings accept every value the ConfigMap gives (a typo would stop every pod at start)."""
    for key in list(os.environ):
        if key.startswith("PHARMAI_"):
            monkeypatch.delenv(key)
    data = one(objects, "ConfigMap")["data"]
    for key, value in data.items():
        monkeypatch.setenv(key, value)
    settings = Settings(_env_file=None)
    for key, value in data.items():
        field = key.removeprefix("PHARMAI_").lower()
        assert str(getattr(settings, field)) == value, key


def test_every_reference_resolves_and_the_secret_holds_placeholders_only(objects: list[Object]) -> None:
    secret = one(objects, "Secret")
    values: dict[str, str] = secret.get("stringData", {})
    assert "data" not in secret, "the template keeps readable placeholders in stringData"
    configmap = one(objects, "ConfigMap")["metadata"]["name"]
    used: set[str] = set()
    for where, container in containers(objects):
        for source in container.get("envFrom", []):
            assert source["configMapRef"]["name"] == configmap, where
        for entry in container.get("env", []):
            ref = entry.get("valueFrom", {}).get("secretKeyRef")
            if ref:
                assert ref["name"] == secret["metadata"]["name"], where
                assert ref["key"] in values, f"{where}: {entry['name']} names a key the Secret lacks: {ref['key']}"
                used.add(ref["key"])
    assert used == set(values), f"keys nobody reads: {sorted(set(values) - used)}"
    for key, value in values.items():
        assert value == "" or "REPLACE-ME" in value, f"{key} looks like a real value: keep placeholders in the template"


def _parse(args: list[str]) -> Any:
    """Parse ``pharmai <args>`` the way the console script would, without running the command.

    Returns:
        The command's (Click) context: ``.params`` holds the parsed options.
    """
    # Typer ships its own copy of Click: reach its classes through the objects, not `import click`.
    command: Any = typer.main.get_command(cli_app)
    path: list[str] = []
    while hasattr(command, "list_commands"):  # a group
        name, args = args[0], args[1:]
        found = command.get_command(command.make_context("pharmai", [], resilient_parsing=True), name)
        assert found is not None, f"pharmai has no subcommand {' '.join([*path, name])}"
        command, path = found, [*path, name]
    return command.make_context(" ".join(["pharmai", *path]), list(args))


def test_container_commands_are_pharmai_commands(objects: list[Object]) -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
    assert scripts["pharmai"] == "pharmai.cli:main"
    commands = {where: container["command"] for where, container in containers(objects)}
    assert commands["pharmai/pharmai"][:2] == ["pharmai", "serve"]
    assert commands["pharmai-migrate/migrate"] == ["pharmai", "db", "upgrade"]
    for where, command in commands.items():
        assert command[0] == "pharmai", where
        _parse(command[1:])  # raises on an unknown subcommand or option
    serve = _parse(commands["pharmai/pharmai"][1:])
    assert (serve.params["host"], serve.params["workers"]) == ("0.0.0.0", 1)
    with pytest.raises(AssertionError, match="no subcommand"):
        _parse(["db", "migrate"])
    with pytest.raises(Exception, match="No such option") as refused:
        _parse(["serve", "--threads", "4"])
    assert "UsageError" in {cls.__name__ for cls in type(refused.value).__mro__}


def test_pods_run_unprivileged_and_sized(objects: list[Object]) -> None:
    uid = re.search(r"--uid (\d+)", (ROOT / "Dockerfile").read_text(encoding="utf-8"))
    assert uid is not None
    for owner, spec in pod_specs(objects):
        assert spec["securityContext"]["runAsNonRoot"] is True, owner
        assert spec["securityContext"]["runAsUser"] == int(uid.group(1)), owner
        assert spec.get("automountServiceAccountToken") is False, owner
    for where, container in containers(objects):
        context = container["securityContext"]
        assert context["readOnlyRootFilesystem"] is True, where
        assert context["allowPrivilegeEscalation"] is False, where
        assert context["capabilities"]["drop"] == ["ALL"], where
        # A read-only root still needs somewhere to write temporary files.
        assert "/tmp" in {m["mountPath"] for m in container["volumeMounts"]}, where
        for kind in ("requests", "limits"):
            assert {"cpu", "memory"} <= set(container["resources"][kind]), where


@pytest.mark.skipif(shutil.which("kubectl") is None, reason="kubectl is not installed (it builds the overlay)")
def test_the_example_overlay_builds_and_validates(monkeypatch: pytest.MonkeyPatch) -> None:
    """The overlay (namespace, image, a model engine) builds with kubectl's kustomize into valid objects."""
    overlay = ROOT / "deploy" / "k8s" / "overlays" / "example"
    built = subprocess.run(
        ["kubectl", "kustomize", str(overlay)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    objects = [o for o in yaml.safe_load_all(built) if o]
    assert len(objects) == len(build(BASE)) + 1  # the base and the namespace
    for obj in objects:
        for version in KUBERNETES_VERSIONS:
            kubernetes_validate.validate(obj, version, strict=True)
        if obj["kind"] != "Namespace":
            assert obj["metadata"]["namespace"] == "pharmai", obj["metadata"]["name"]
    assert one(objects, "Namespace")["metadata"]["labels"]["pod-security.kubernetes.io/enforce"] == "restricted"
    for owner, container in containers(objects):
        assert container["image"] == "registry.example.com/pharmacy/pharmai:0.1.0", owner
    for owner, spec in pod_specs(objects):
        # What the "restricted" Pod Security Standard asks beyond the checks above.
        assert spec["securityContext"]["seccompProfile"]["type"] == "RuntimeDefault", owner
    for key in list(os.environ):
        if key.startswith("PHARMAI_"):
            monkeypatch.delenv(key)
    for key, value in one(objects, "ConfigMap")["data"].items():
        monkeypatch.setenv(key, value)
    settings = Settings(_env_file=None)
    assert (settings.engine, settings.fallback_engine) == ("anthropic", "offline")
