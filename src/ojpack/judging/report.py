"""The invocation matrix of `ojpack check` as one self-contained HTML page."""

from __future__ import annotations

from pathlib import Path

from .crosscheck import CheckReport

_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ title }}: invocations</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 2em; }
table { border-collapse: collapse; } th, td { border: 1px solid #ccc; padding: 2px 6px; text-align: center; }
th.name, td.name { text-align: left; white-space: nowrap; }
th.test { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: normal; }
.AC { background: #d6f5d6; } .PC { background: #e6f5c6; } .WA { background: #f8d0d0; } .TLE { background: #fde7b0; }
.MLE { background: #e4d4f4; } .RE { background: #f4d4e8; } .OLE { background: #d4e4f4; } .CE { background: #ddd; } .JE { background: #f00; color: #fff; }
.bad { outline: 3px solid #c00; } small { color: #555; }
.ok { color: #070; } .fail { color: #c00; }
</style></head><body>
<h1>{{ title }}: {{ rows|length }} solutions &times; {{ tests|length }} tests</h1>
<p class="{{ 'ok' if ok else 'fail' }}"><b>{{ 'All expectations hold.' if ok else problems|length ~ ' problem(s):' }}</b></p>
{% if problems %}<ul>{% for p in problems %}<li>{{ p }}</li>{% endfor %}</ul>{% endif %}
<table>
<tr><th class="name">solution</th><th>expected</th><th>got</th><th>points</th>
{% for t in tests %}<th class="test">{{ t }}</th>{% endfor %}</tr>
{% for r in rows %}<tr>
<td class="name">{{ r.name }}</td><td>{% if r.expected_subtasks or r.expected_score is not none %}{% for g, vs in r.expected_subtasks.items() %}{{ g }}: {{ vs|join('/') }}<br>{% endfor %}{% if r.expected_score is not none %}{{ r.expected_score }} points{% endif %}{% else %}{{ r.expected|join('/') }}{% endif %}</td>
<td class="{{ r.verdict }}{{ '' if r.ok else ' bad' }}">{{ r.verdict }}</td>
<td>{{ r.subtasks|map(attribute='score')|join('+') }} = {{ r.score }}</td>
{% for t in tests %}{% set c = r.by_test.get(t) %}{% if c %}<td class="{{ c.verdict }}" title="{{ c.test }}: {{ c.memory }} MiB">{{ c.verdict }}{% if c.verdict == 'PC' %} {{ '%.2f'|format(c.share) }}{% endif %}<br><small>{{ '%.2f'|format(c.time) }}</small></td>{% else %}<td title="{{ t }}: not run, verdict settled earlier">&middot;</td>{% endif %}{% endfor %}
</tr>{% endfor %}
</table>
<h2>Data strength</h2>
{% if killing_set is none %}<p>Not computed: {{ '--quick' if rule != 'first_failure' else 'the first-failure rule' }}
stopped each wrong solution at its first failing test.</p>
{% else %}<p>Smallest set of tests that fails every wrong solution ({{ 'exact' if exact else 'greedy' }}):
{{ killing_set|join(', ') or 'none needed' }}</p>
<table>
<tr><th class="name">subtask</th><th>killed</th><th class="name">smallest killing set</th><th class="name">passes it whole</th></tr>
{% for g in strength %}<tr><td class="name">{{ g.group }}</td><td>{{ g.killed|length }}</td>
<td class="name">{{ g.killing_set|join(', ') or 'none' }} ({{ 'exact' if g.exact else 'greedy' }})</td>
<td class="name">{{ g.survivors|join(', ') or '—' }}</td></tr>{% endfor %}
</table>{% endif %}
<h2>Time limit</h2>
<p>Limit {{ margins.time_limit }} s; slowest accepted run {{ '%.3f'|format(margins.slowest_accepted) }} s
({{ margins.slowest_accepted_at }}).</p>
{% if proof %}<h2>Exhaustive proof</h2>
<p>{{ proof.cases }} positions in {{ proof.files }} batch files; {{ 'passed' if proof.ok else 'FAILED' }}
by {{ proof.solutions|length }} accepted solutions.</p>{% endif %}
</body></html>
"""


def write_html(report: CheckReport, title: str, path: Path) -> None:
    from jinja2 import Environment   # only --html pays for jinja2

    data = report.to_json()
    rows = [{**r, "by_test": {c["test"]: c for c in r["cells"]}} for r in data["solutions"]]   # gaps: not run
    page = Environment(autoescape=True).from_string(_PAGE).render(
        title=title, tests=data["tests"], rows=rows, ok=data["ok"], problems=data["problems"],
        killing_set=data["killing_set"], exact=data["killing_set_exact"], strength=data["subtask_strength"],
        margins=report.margins, rule=data["verdict_rule"],
        proof=data["proof"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(page, encoding="utf-8")
