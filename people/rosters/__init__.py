"""A school's rosters: files read and written, imports, the school year, its change log."""
