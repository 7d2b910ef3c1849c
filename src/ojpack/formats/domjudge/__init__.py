"""DOMjudge: the export (its problem zip, a Kattis legacy dialect)."""
