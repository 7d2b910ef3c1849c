"""TPS tasks (IOI's Task Preparation System): problem.json, gen/data, subtasks/*.json or subtasks.json,
solutions.json with verdicts and per-subtask `except`, solution/, validator/, checker/, grader(s)/ (kinds.py);
and what `tps export CMS` writes (export.py)."""
