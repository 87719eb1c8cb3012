"""Start-up time of the app, from launch to the first menu frame, and the executable's size.

    .venv/bin/python benchmarks/startup.py [--runs 5] [--exe dist/ai-game-lab | --build]

Times ``python main.py`` and, if it has been built (``pyinstaller --noconfirm build.spec``), the
one-file executable. Each run is launched with ``--smoke-test`` and ``AIGAMELAB_FIRST_FRAME=1``,
which makes the app open its window, build the menu, draw and show the first menu frame, print
``first-frame <unix time>`` and exit (``game.ui.smoke``); the figure is that time minus the time
just before the launch. The video and audio drivers are the dummy ones unless SDL_VIDEODRIVER is
already set, and each run gets an empty data folder. ``--build`` first builds the executable
in a temporary folder and prints how long the build took. Prints medians (and the spread); a figure,
never a pass/fail (the target is under 3 s for both).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXE_NAME = "ai-game-lab.exe" if sys.platform == "win32" else "ai-game-lab"
MARK = "first-frame "
TIMEOUT = 120.0


def first_frame_time(text: str) -> float | None:
    """The unix time on the ``first-frame`` line of ``text``, if any."""
    for line in text.splitlines():
        at = line.find(MARK)
        if at >= 0:
            try:
                return float(line[at + len(MARK):].split()[0])
            except (ValueError, IndexError):
                return None
    return None


def time_once(command: list[str]) -> float:
    """Seconds from launching ``command`` to its first menu frame."""
    with tempfile.TemporaryDirectory(prefix="aigamelab-startup-") as data:
        env = dict(os.environ)
        env.setdefault("SDL_VIDEODRIVER", "dummy")
        env.setdefault("SDL_AUDIODRIVER", "dummy")
        env["AIGAMELAB_DATA_DIR"] = data
        env["AIGAMELAB_FIRST_FRAME"] = "1"
        start = time.time()
        done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, check=False)
        shown = first_frame_time(done.stdout)
        if shown is None:
            # A windowed Windows build has no stdout: its prints go to the log file.
            log = Path(data) / "ai-game-lab.log"
            shown = first_frame_time(log.read_text("utf-8")) if log.exists() else None
        if done.returncode != 0 or shown is None:
            raise RuntimeError(f"{' '.join(command)} exited {done.returncode} without a first "
                               f"frame:\n{done.stdout}{done.stderr}")
        return shown - start


def measure(label: str, command: list[str], runs: int) -> None:
    """Time ``runs`` launches of ``command`` and print the median and spread."""
    try:
        times = [time_once(command) for _ in range(runs)]
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as exc:
        print(f"{label}: could not be timed: {exc}")
        return
    print(f"{label}: first menu frame after {statistics.median(times):.2f} s median "
          f"(min {min(times):.2f}, max {max(times):.2f}, {runs} runs)")


def build(folder: Path) -> Path:
    """Build the executable into ``folder`` with build.spec, print how long it took; return it."""
    pyinstaller = Path(sys.executable).with_name(
        "pyinstaller.exe" if sys.platform == "win32" else "pyinstaller")
    start = time.perf_counter()
    done = subprocess.run([str(pyinstaller), "--noconfirm", "--distpath", str(folder / "dist"),
                           "--workpath", str(folder / "build"), str(ROOT / "build.spec")],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the build failed:\n{done.stderr[-3000:]}")
    print(f"build: {time.perf_counter() - start:.0f} s (pyinstaller --noconfirm build.spec)")
    return folder / "dist" / EXE_NAME


def main(argv: list[str] | None = None) -> int:
    """Print the start-up figures; return 0 (or 2 for bad arguments)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--runs", type=int, default=5, help="launches per program (default 5)")
    parser.add_argument("--exe", type=Path, default=ROOT / "dist" / EXE_NAME,
                        help="the built executable (default dist/ai-game-lab)")
    parser.add_argument("--build", action="store_true",
                        help="build the executable first (in a temporary folder), timing it")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.build:
        with tempfile.TemporaryDirectory(prefix="aigamelab-build-") as folder:
            try:
                exe = build(Path(folder))
            except (RuntimeError, OSError) as exc:
                print(f"build: {exc}")
                return 1
            report(exe, args.runs)
        return 0
    report(args.exe, args.runs)
    return 0


def report(exe: Path, runs: int) -> None:
    """Print the figures of ``python main.py`` and of ``exe`` (if it exists)."""
    measure("python main.py", [sys.executable, str(ROOT / "main.py"), "--smoke-test"], runs)
    if exe.exists():
        size = exe.stat().st_size
        print(f"executable {exe.name}: {size / 1_000_000:.1f} MB ({size} bytes)")
        measure(f"executable {exe.name}", [str(exe), "--smoke-test"], runs)
    else:
        print(f"executable: {exe} not built (run: pyinstaller --noconfirm build.spec, "
              "or this script with --build)")


if __name__ == "__main__":
    sys.exit(main())
