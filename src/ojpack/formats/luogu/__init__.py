"""Luogu: the export."""
