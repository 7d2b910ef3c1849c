"""QDUOJ: the export."""
