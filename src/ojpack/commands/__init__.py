"""One module per CLI command; each is a thin shell over the module that does the work."""
