"""Hydro: the export."""
