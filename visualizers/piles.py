"""Draws a test of John's game for people (problem.yaml's `visualizer:`; `ojpack serve` shows it).

Run as `piles.py input answer`: one row per game, its piles as bars (their heights to scale within the
picture, each labelled with its stones), and the winner the answer names. Writes one SVG to stdout. Only
the first ROWS games are drawn; a line under them says how many more there are."""

import sys
from html import escape

ROWS = 40
BAR, GAP, ROW, LEFT, TOP = 14, 3, 64, 150, 34


def games(text):
    numbers = iter(int(x) for x in text.split())
    count = next(numbers)
    return [[next(numbers) for _ in range(next(numbers))] for _ in range(count)]


def main():
    with open(sys.argv[1]) as f:
        played = games(f.read())
    try:
        with open(sys.argv[2]) as f:
            winners = f.read().split()
    except (IndexError, OSError):
        winners = []
    shown = played[:ROWS]
    tallest = max((max(g) for g in shown), default=1)
    width = LEFT + max((len(g) for g in shown), default=1) * (BAR + GAP) + 20
    height = TOP + len(shown) * ROW + (24 if len(played) > ROWS else 8)
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="11">',
           f'<rect width="{width}" height="{height}" fill="#fff"/>',
           f'<text x="8" y="20" font-size="13" font-weight="bold">{len(played)} games; bars to scale, '
           f'tallest {tallest} stones</text>']
    for i, piles in enumerate(shown):
        base = TOP + (i + 1) * ROW - 14
        winner = winners[i] if i < len(winners) else "?"
        colour = "#1e88e5" if winner == "John" else "#e53935" if winner == "Brother" else "#777"
        out.append(f'<text x="8" y="{base - 20}">game {i + 1}: {len(piles)} piles</text>')
        if winners:   # an interactive problem's answer names no winner
            out.append(f'<text x="8" y="{base - 6}" fill="{colour}" font-weight="bold">{escape(winner)} wins</text>')
        for j, stones in enumerate(piles):
            h = max(1, round(stones / tallest * (ROW - 22)))
            x = LEFT + j * (BAR + GAP)
            out.append(f'<rect x="{x}" y="{base - h}" width="{BAR}" height="{h}" fill="{colour}" '
                       f'fill-opacity="0.75"><title>{stones}</title></rect>')
            if len(piles) <= 12:
                out.append(f'<text x="{x + BAR / 2}" y="{base + 11}" text-anchor="middle">{stones}</text>')
    if len(played) > ROWS:
        out.append(f'<text x="8" y="{height - 8}">… and {len(played) - ROWS} more games</text>')
    out.append("</svg>")
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
