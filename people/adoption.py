"""Whose stars are these? Progress a browser made before a grown-up signed up or in there.

At sign-up and sign-in the browser's anonymous progress is neither dropped nor given
to anybody: it waits on GrownUp.unclaimed, the browser goes on with it, and the
grown-up's pages ask 「這些星星是誰的？」 — theirs, or one of their children's. The
answer moves it (merge_progress): everything the learner owns, in one transaction
(LEARNER_KEYS says what becomes of each model's rows). A grown-up always has their own
learner after signing up or in (own_learner), so what they solve later is theirs after
signing out.
"""

from django.apps import apps
from django.db import transaction
from django.db.models import Count, Q, Sum

from lessons.models import Attempt, Learner, PuzzleResult
from people.models import GrownUp
from people.permissions import is_adoptable
from practice import generators


def own_learner(grown_up: GrownUp) -> Learner:
    """The grown-up's own learner, made the first time it is needed."""
    if grown_up.learner is None:
        grown_up.learner = Learner.objects.create()
        grown_up.save(update_fields=["learner"])
    return grown_up.learner


def has_progress(learner: Learner) -> bool:
    return Attempt.objects.filter(learner=learner).exists()


def take_browser_progress(grown_up: GrownUp, learner: Learner | None) -> Learner | None:
    """Keep a browser's anonymous progress for the grown-up to place; the learner to go on with.

    None when the browser brings nothing (no learner, an empty one, or someone's already).
    A second browser's stars join the first's, still waiting (both unplaced, neither lost).
    """
    if learner is None or not is_adoptable(learner) or not has_progress(learner):
        return None
    with transaction.atomic():
        grown_up = GrownUp.objects.select_for_update().get(pk=grown_up.pk)
        Learner.objects.filter(pk=learner.pk).update(browser_key=None)
        if grown_up.unclaimed_id is None:
            grown_up.unclaimed = learner
            grown_up.save(update_fields=["unclaimed"])
            return learner
        waiting = grown_up.unclaimed
    merge_progress(learner, waiting)
    return waiting


def unclaimed_summary(grown_up: GrownUp) -> dict | None:
    """How many lesson puzzles and stars wait to be placed, and apart from them how many
    practice puzzles (they move too, but are no lesson's stars); None when nothing waits.
    One query."""
    if grown_up.unclaimed_id is None:
        return None
    practice = Q(puzzle__startswith=generators.ID_PREFIX)
    solved = PuzzleResult.objects.filter(learner_id=grown_up.unclaimed_id, solved_at__isnull=False)
    return solved.aggregate(
        puzzles=Count("pk", filter=~practice),
        stars=Sum("stars", filter=~practice, default=0),
        practice=Count("pk", filter=practice),
    )


# Every key to lessons.Learner in the project, by "app.Model.field", and what merge_progress
# does with the source's rows. Models are found in the app registry (play and puzzlesets
# depend on people, so they are not imported). tests/people/test_everything_moves.py reads
# every key the registry has and fails on one missing here: a new model is not forgotten.
MOVED = "moved"  # every row goes to the target
ONE_EACH = "one each"  # the target's row stays when it has one; else the source's moves
BY_TRIGGER = "by trigger"  # a running total: the triggers move it with its rows (tallies.py)
NOT_PROGRESS = "not progress"  # who the learner is, never moved (an adoptable one has none)
LEARNER_KEYS = {
    "lessons.Attempt.learner": MOVED,
    "lessons.PuzzleResult.learner": "the better stars of each puzzle",
    "lessons.ActivityDay.learner": BY_TRIGGER,
    "lessons.MistakeTally.learner": BY_TRIGGER,
    "lessons.LessonTally.learner": BY_TRIGGER,
    "practice.Review.learner": "the review further along of each rule",
    "play.Game.learner": MOVED,
    "play.PlaySettings.learner": ONE_EACH,
    "puzzlesets.SetAssignment.child": "each set the target was not given",
    "zhuyin.ReadingAids.learner": ONE_EACH,
    "people.ChildProfile.learner": NOT_PROGRESS,
    "people.Student.learner": NOT_PROGRESS,
    "people.GrownUp.learner": NOT_PROGRESS,
    "people.GrownUp.unclaimed": NOT_PROGRESS,
}


def _rows(key: str, learner: Learner):
    label, name = key.rsplit(".", 1)
    return apps.get_model(label).objects.filter(**{name: learner}), name


@transaction.atomic
def merge_progress(source: Learner, target: Learner) -> None:
    """Move everything `source` owns to `target` (LEARNER_KEYS), then delete `source`.

    One transaction; for a puzzle both solved, the better stars stay, with the earlier
    solve and the later update; for a rule both review, the review further along stays; a
    setting the target has stays the target's.
    """
    if source.pk == target.pk:
        return
    both = Learner.objects.select_for_update().filter(Q(pk=source.pk) | Q(pk=target.pk))
    list(both.order_by("pk"))  # lock both rows, in a fixed order
    _merge_results(source, target)
    _merge_reviews(source, target)
    for key, what in LEARNER_KEYS.items():
        rows, name = _rows(key, source)
        if what == MOVED or (what == ONE_EACH and not _rows(key, target)[0].exists()):
            rows.update(**{name: target})
    given = _rows("puzzlesets.SetAssignment.child", target)[0].values("puzzle_set_id")
    _rows("puzzlesets.SetAssignment.child", source)[0].exclude(puzzle_set_id__in=given).update(
        child=target
    )
    if not target.language and source.language:
        Learner.objects.filter(pk=target.pk).update(language=source.language)
    Learner.objects.filter(pk=source.pk).delete()


def _merge_results(source: Learner, target: Learner) -> None:
    theirs = {r.puzzle: r for r in PuzzleResult.objects.filter(learner=target)}
    for result in PuzzleResult.objects.filter(learner=source):
        kept = theirs.get(result.puzzle)
        if kept is None:
            result.learner = target
            result.save(update_fields=["learner"])
            continue
        kept.stars = max(kept.stars, result.stars)
        solves = [t for t in (kept.solved_at, result.solved_at) if t is not None]
        kept.solved_at = min(solves) if solves else None
        kept.updated_at = max(kept.updated_at, result.updated_at)
        kept.save(update_fields=["stars", "solved_at", "updated_at"])
        result.delete()


def _further_along(review) -> tuple:
    return (review.mastered_at is not None, review.streak, review.step)


def _merge_reviews(source: Learner, target: Learner) -> None:
    """A rule on both review lists: the review further along stays (mastered first, then the
    longer streak), the target's on a tie; the other is deleted. The rest moves."""
    reviews, _name = _rows("practice.Review.learner", target)
    theirs = {review.rule: review for review in reviews}
    for review in _rows("practice.Review.learner", source)[0]:
        kept = theirs.get(review.rule)
        if kept is None:
            review.learner = target
            review.save(update_fields=["learner"])
        elif _further_along(review) > _further_along(kept):
            kept.delete()
            review.learner = target
            review.save(update_fields=["learner"])
        else:
            review.delete()


def place_unclaimed(grown_up: GrownUp, target: Learner | None) -> int | None:
    """Give the waiting stars to `target` (None: the grown-up's own); one transaction.

    Returns the id of the learner that held them, or None when nothing was waiting (a
    second tap on the same answer).
    """
    with transaction.atomic():
        grown_up = GrownUp.objects.select_for_update().get(pk=grown_up.pk)
        waiting = grown_up.unclaimed
        if waiting is None:
            return None
        grown_up.unclaimed = None
        if target is None and grown_up.learner is None:
            grown_up.learner = waiting
            grown_up.save(update_fields=["unclaimed", "learner"])
            return waiting.pk
        grown_up.save(update_fields=["unclaimed"])
        merge_progress(waiting, target or own_learner(grown_up))
        return waiting.pk
