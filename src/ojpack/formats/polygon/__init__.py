"""Polygon packages (problem.xml): the reader, with its checkers, Java (testlib4j), languages, statements
and the quirks of Polygon's Windows machines."""
