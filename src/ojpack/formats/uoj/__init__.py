"""UOJ: the export."""
