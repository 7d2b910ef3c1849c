"""CMS (italy_yaml task folders): the export."""
