"""The Kattis family: legacy, 2023-07 and 2025-09 / ICPC packages and BAPCtools generators (the readers),
and the kattis and icpc2025 exports (the writers)."""
