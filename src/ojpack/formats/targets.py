"""The judge formats `ojpack export` writes, in the order `--to all` writes them.

Kept apart from the writers so the CLI can list them in its help without importing any writer."""

TARGET_NAMES: tuple[str, ...] = ("kattis", "icpc2025", "domjudge", "hydro", "uoj", "luogu", "qduoj", "cms")
