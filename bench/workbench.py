"""The workbench's speed: each page's response time, and how long an edit takes to reach an open page
against the check it runs (the watcher's and the events' overhead).

    .venv/bin/python bench/workbench.py [--rounds N]

On a fresh `ojpack new` package, built and checked: `ojpack serve` is started, every page is fetched N times
(default 20; median and slowest printed), then a solution is edited and the time until the page's event
stream says `changed` is set beside the time `ojpack check --no-proof` alone takes on the same edit."""

from __future__ import annotations

import argparse
import http.cookiejar
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

OJPACK = [sys.executable, "-m", "ojpack"]
PAGES = ("", "tests", "test/secret/04-all-max", "invocations", "run?solution=wrong_answer/no_mod.cpp&test=sample/02-wraps",
         "strength", "stress", "statement", "exports", "history")


def ojpack(*argv: str, check: bool = True) -> None:
    subprocess.run([*OJPACK, *argv], capture_output=True, text=True, check=check)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp, "sum")
        ojpack("new", str(root))
        (root / "solutions" / "time_limit_exceeded" / "quadratic.py").unlink()
        ojpack("check", "--no-proof", "-p", str(root))
        ojpack("render", "--format", "html", "-p", str(root))
        server = subprocess.Popen([*OJPACK, "serve", "-p", str(root)], stdout=subprocess.PIPE, text=True)
        try:
            assert server.stdout is not None
            url = next(m.group(0) for line in server.stdout if (m := re.search(r"http://\S+", line)))
            base = url.split("/?", 1)[0]
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            opener.open(url).read()
            print(f"{'page':58} {'median ms':>9} {'max ms':>7}")
            for page in PAGES:
                times = []
                for _ in range(rounds):
                    start = time.perf_counter()
                    opener.open(f"{base}/p/_/{page}").read()
                    times.append((time.perf_counter() - start) * 1000)
                print(f"/{page:57} {statistics.median(times):9.1f} {max(times):7.1f}")
            events = opener.open(f"{base}/events", timeout=600)
            wrong = root / "solutions" / "wrong_answer" / "no_mod.cpp"
            shutil.copy(root / "solutions" / "accepted" / "sum.cpp", wrong)
            start = time.perf_counter()
            for raw in events:
                if raw.startswith(b"event: changed"):
                    break
            live = time.perf_counter() - start
        finally:
            server.terminate()
            server.wait()
        wrong.write_text(wrong.read_text() + "\n// again\n")   # the same work once more, by hand
        start = time.perf_counter()
        ojpack("check", "--no-proof", "-p", str(root), check=False)   # it fails: that solution now passes
        alone = time.perf_counter() - start
        print(f"edit -> page told: {live:.2f} s; `check --no-proof` alone: {alone:.2f} s; ratio {live / alone:.2f}")


if __name__ == "__main__":
    main()
