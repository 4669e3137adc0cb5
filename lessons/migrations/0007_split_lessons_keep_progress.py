"""The long lessons split into short ones (issue 16): each moved puzzle keeps its id, and the
attempts and results recorded under its old lesson move to its new one.

The table is written out here, not read from the curriculum: a migration must do the same
thing whenever it runs, whatever the content files say by then.
"""

from django.db import migrations

# new lesson: (old lesson, the puzzles that moved there)
MOVED = {
    "castling-not-now": (
        "castling",
        (
            "castling-choose-safe-side",
            "castling-in-check-bishop",
            "castling-in-check-rook",
            "castling-through-f1",
            "castling-through-d1",
            "castling-rook-passes-attack",
            "castling-destination-g1",
            "castling-destination-c1",
            "castling-rook-attacked-ok",
            "castling-why-not-check",
        ),
    ),
    "castling-forever": (
        "castling",
        (
            "castling-after-check-gone",
            "castling-knight-on-b1",
            "castling-king-moved-back",
            "castling-rook-moved-back",
            "castling-other-rook-still-ok",
            "castling-attack-is-temporary",
            "castling-why-not-two-reasons",
            "castling-why-not-destination",
            "castling-once-per-game",
            "castling-how-many-times",
        ),
    ),
    "draws-repetition": (
        "draws",
        (
            "draws-threefold-declare",
            "draws-threefold-claim",
            "draws-threefold-assess",
            "draws-threefold-not-yet",
            "draws-threefold-same-position",
            "draws-fivefold",
            "draws-fivefold-automatic",
        ),
    ),
    "draws-fifty": (
        "draws",
        (
            "draws-fifty-claim",
            "draws-fifty-not-yet",
            "draws-fifty-assess",
            "draws-fifty-pawn-resets",
            "draws-seventyfive",
            "draws-seventyfive-black",
        ),
    ),
    "check-escape": (
        "check",
        (
            "check-escape-capture",
            "check-escape-block",
            "check-escape-king",
            "check-escape-best-way",
            "check-ignore-is-illegal",
            "check-double-king-only",
            "check-king-cannot-step",
            "check-pinned-piece",
        ),
    ),
    "notation-marks": (
        "notation",
        (
            "notation-check-plus",
            "notation-mate-hash",
            "notation-castle-short",
            "notation-castle-long",
            "notation-promotion",
            "notation-en-passant-mark",
        ),
    ),
    "notation-reading": (
        "notation",
        (
            "notation-read-knight",
            "notation-read-capture",
            "notation-read-castle",
            "notation-long-form",
            "notation-white-wins",
            "notation-black-wins",
            "notation-draw-result",
        ),
    ),
}


def _relabel(apps, forward: bool) -> None:
    for model in ("Attempt", "PuzzleResult"):
        records = apps.get_model("lessons", model).objects
        for new, (old, puzzles) in MOVED.items():
            before, after = (old, new) if forward else (new, old)
            records.filter(lesson=before, puzzle__in=puzzles).update(lesson=after)


def forwards(apps, schema_editor):
    _relabel(apps, forward=True)


def backwards(apps, schema_editor):
    _relabel(apps, forward=False)


class Migration(migrations.Migration):
    dependencies = [("lessons", "0006_wrong_answers_by_rule_index")]
    operations = [migrations.RunPython(forwards, backwards)]
