"""A grown-up's own puzzles and puzzle sets: questions on any position (proved by the
curriculum's validator), sets assigned with a pass mark, results, sharing, TOML
(docs/puzzle-sets.md)."""
