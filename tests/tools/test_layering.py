"""The generic runtime stays generic: ``pharmai.tools`` never reaches up into the layers above it.

See ``docs/design.md`` ("Layers"): ``tools/`` imports neither ``toolsets/`` nor ``db.models``; the
named-profile table lives in ``pharmai.toolsets``, which hands registries down.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pharmai

SRC = Path(pharmai.__file__).parent
TOOLS = SRC / "tools"
FORBIDDEN_MODULES = ("pharmai.toolsets", "pharmai.db.models")
#: Top-level modules that belong to no layer of their own.
BASE = {"settings", "clock", "errors", "testing"}
#: Layers above ``tools`` (and the domain beside it): the runtime must import none of them.
ABOVE_TOOLS = {"toolsets", "pharmacy", "policy", "nlu", "agent", "api", "web", "mcp", "cli", "evals"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _layer(module: str) -> str:
    parts = module.split(".")
    return "base" if len(parts) < 2 or parts[1] in BASE else parts[1]


def _is_type_checking(node: ast.AST) -> bool:
    """``if TYPE_CHECKING:`` or ``if typing.TYPE_CHECKING:``."""
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(path: Path, *, runtime_only: bool = False) -> Iterator[tuple[int, str]]:
    """Every module ``path`` imports (``from a import b`` yields ``a`` and ``a.b``), with its line."""
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    todo: list[ast.AST] = [ast.parse(path.read_text(encoding="utf-8"))]
    while todo:
        node = todo.pop()
        if runtime_only and isinstance(node, ast.If) and _is_type_checking(node):
            todo.extend(node.orelse)  # the else branch does run
            continue
        todo.extend(ast.iter_child_nodes(node))
        if isinstance(node, ast.Import):
            yield from ((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            anchor = package[: len(package) - node.level + 1] if node.level else []
            base = ".".join([*anchor, *([node.module] if node.module else [])])
            yield node.lineno, base
            yield from ((node.lineno, f"{base}.{alias.name}") for alias in node.names)


def _strings(path: Path) -> Iterator[tuple[int, str]]:
    """Every string literal of ``path`` except docstrings (which may name other layers in prose)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def _is_under(module: str, parent: str) -> bool:
    return module == parent or module.startswith(parent + ".")


def test_the_runtime_imports_neither_toolsets_nor_db_models() -> None:
    offences = []
    for path in sorted(TOOLS.rglob("*.py")):
        where = path.relative_to(SRC.parent)
        for line, module in sorted(set(_imports(path))):
            if any(_is_under(module, forbidden) for forbidden in FORBIDDEN_MODULES):
                offences.append(f"{where}:{line} imports {module}")
        for line, text in _strings(path):
            if "pharmai.toolsets" in text:
                offences.append(f"{where}:{line} names {text!r} (a dynamic import?)")
    assert not offences, "the tool runtime must stay generic:\n" + "\n".join(offences)


def test_the_runtime_imports_no_layer_above_it() -> None:
    graph = {_module_name(path): set(_imports(path, runtime_only=True)) for path in SRC.rglob("*.py")}
    offences = [
        f"{module}:{line} imports {target} ({_layer(target)} layer)"
        for module, targets in sorted(graph.items())
        if _layer(module) == "tools"
        for line, target in sorted(targets)
        if target.startswith("pharmai.") and _layer(target) in ABOVE_TOOLS
    ]
    assert not offences, "tools/ may import only base, text and db.engine:\n" + "\n".join(offences)


def test_importing_the_runtime_loads_no_toolset() -> None:
    probe = "import sys, pharmai.tools; print(sorted(m for m in sys.modules if m.startswith('pharmai.toolsets')))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout
