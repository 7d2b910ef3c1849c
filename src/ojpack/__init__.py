"""ojpack: build, check, judge, render and publish a problem package."""

__version__ = "0.1.0"
