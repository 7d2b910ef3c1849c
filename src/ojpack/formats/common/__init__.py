"""What several formats share: the read-only Package view and the export writer (staging, zips, notes), the
checkers shipped to judges (tokens.cpp, the testlib adapter), the import description (`Imported`), its
verification and report, safe unpacking, submission mapping, statements in TeX, points and time limits."""
