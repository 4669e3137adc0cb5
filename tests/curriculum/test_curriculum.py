"""The curriculum: every rule has its lesson, in teaching order, with enough puzzles."""

from pathlib import Path

from curriculum.loading import GROUPS, get_curriculum, load_lesson
from curriculum.puzzles import MAX_LEVEL

BROKEN = Path(__file__).resolve().parent / "broken"

LESSONS = [
    ("board", "棋盤與座標", "pieces"),
    ("setup", "擺棋", "pieces"),
    ("king", "王", "pieces"),
    ("queen", "后", "pieces"),
    ("rook", "車", "pieces"),
    ("bishop", "象", "pieces"),
    ("knight", "馬", "pieces"),
    ("pawn", "兵", "pieces"),
    ("capture", "吃子", "basics"),
    ("piece-values", "棋子的價值", "basics"),
    ("protection", "保護棋子", "basics"),
    ("check", "將軍", "basics"),
    ("check-escape", "應將：三種方法", "basics"),
    ("checkmate", "將死", "basics"),
    ("check-wins", "將軍得子", "basics"),
    ("stalemate", "逼和", "basics"),
    ("game-endings", "一盤棋怎麼下、怎麼結束", "basics"),
    ("castling", "王車易位：怎麼走", "special"),
    ("castling-not-now", "王車易位：什麼時候不行", "special"),
    ("castling-forever", "王車易位：永遠不行，還是暫時不行", "special"),
    ("en-passant", "吃過路兵", "special"),
    ("promotion", "兵的升變", "special"),
    ("draws", "和棋：死局和協議和棋", "draws"),
    ("draws-repetition", "和棋：三次重複", "draws"),
    ("draws-fifty", "和棋：五十回合", "draws"),
    ("notation", "記譜法：寫下每一步", "notation"),
    ("notation-marks", "記譜法：將軍、易位、升變的記號", "notation"),
    ("notation-reading", "記譜法：讀棋譜和結果", "notation"),
    ("touch-move", "摸子走子", "notation"),
    ("move-complete", "摸子走子（二）：一步什麼時候走完", "notation"),
    ("house-rules", "網站規則不是正式棋規", "notation"),
]

MINIMUM_PUZZLES = {"knight": 10, "en-passant": 8, "promotion": 8}


def test_every_rule_has_its_lesson_in_teaching_order():
    lessons = get_curriculum().lessons
    assert [(lesson.slug, lesson.title, lesson.group) for lesson in lessons] == LESSONS
    orders = [lesson.order for lesson in lessons]
    assert orders == sorted(set(orders))


def test_groups_are_the_five_parts_of_the_lesson_map():
    assert tuple((key, str(title)) for key, title in GROUPS) == (
        ("pieces", "棋子"),
        ("basics", "基本"),
        ("special", "特殊走法"),
        ("draws", "和棋"),
        ("notation", "記譜與比賽規則"),
    )


def test_each_lesson_has_enough_puzzles():
    counts = {lesson.slug: len(lesson.puzzles) for lesson in get_curriculum().lessons}
    for slug, count in counts.items():
        minimum = MINIMUM_PUZZLES.get(slug, 4 if slug == "touch-move" else 6)
        assert count >= minimum, f"{slug} has {count} puzzles, needs {minimum}"
    assert sum(counts.values()) >= 320


def test_the_knight_lesson_teaches_the_crowded_corner_and_the_leg_that_does_not_block():
    curriculum = get_curriculum()
    corner = curriculum.puzzle("knight-crowded-corner")
    assert (corner.kind, corner.goal["type"]) == ("move", "reach")
    leg = curriculum.puzzle("knight-no-blocked-leg")
    assert (leg.question, leg.params["move"], leg.answer) == ("move_legal", "g1f3", ("yes",))
    assert "蹩馬腿" in leg.prompt


def test_a_puzzle_is_found_by_its_id_and_knows_its_lesson():
    puzzle = get_curriculum().puzzle("knight-first-jump")
    assert (puzzle.lesson, puzzle.kind, dict(puzzle.goal)) == (
        "knight",
        "move",
        {"type": "visit", "targets": ["f3"], "budget": 1, "piece": "N"},
    )
    assert get_curriculum().puzzle("knight-no-such-puzzle") is None


# Lessons split off a longer one keep the old ids (issue 16): the lesson they came from.
SPLIT_FROM = {
    "castling-not-now": "castling",
    "castling-forever": "castling",
    "draws-repetition": "draws",
    "draws-fifty": "draws",
    "check-escape": "check",
    "notation-marks": "notation",
    "notation-reading": "notation",
}


def test_every_puzzle_id_starts_with_its_lesson_slug_or_the_one_it_came_from():
    for lesson in get_curriculum().lessons:
        for puzzle in lesson.puzzles:
            starts = (lesson.slug + "-", SPLIT_FROM.get(lesson.slug, lesson.slug) + "-")
            assert puzzle.id.startswith(starts), puzzle.id


def test_next_lesson_follows_the_teaching_order():
    curriculum = get_curriculum()
    assert curriculum.next_lesson("board").slug == "setup"
    assert curriculum.next_lesson("capture").slug == "piece-values"
    assert curriculum.next_lesson("protection").slug == "check"
    assert curriculum.next_lesson("check").slug == "check-escape"
    assert curriculum.next_lesson("touch-move").slug == "move-complete"
    assert curriculum.next_lesson("house-rules") is None
    assert curriculum.next_lesson("no-such-lesson") is None
    assert curriculum.lesson("no-such-lesson") is None


def test_start_fen_is_the_position_after_the_moves():
    puzzle = get_curriculum().puzzle("bishop-out-after-e4")
    assert puzzle.moves == ("e2e4", "e7e5")
    assert puzzle.start_fen == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert puzzle.side_to_move == "white"


def test_side_to_move_reads_the_position():
    assert get_curriculum().puzzle("pawn-black-captures").side_to_move == "black"


def test_assess_options_carry_a_label_for_the_child():
    puzzle = next(
        p for lesson in get_curriculum().lessons for p in lesson.puzzles if p.kind == "assess"
    )
    assert all(option.text for option in puzzle.options)
    assert len(puzzle.answer) == 1


def test_the_curriculum_is_loaded_once_per_process():
    assert get_curriculum() is get_curriculum()


def test_a_file_that_cannot_be_parsed_is_left_out_with_its_line():
    lesson, errors = load_lesson(BROKEN / "parse-error.toml")
    assert lesson is None
    assert [(error.line, error.ref) for error in errors] == [(15, "parse-error")]


def test_a_puzzle_with_a_broken_shape_is_left_out_and_the_rest_is_kept():
    lesson, errors = load_lesson(BROKEN / "missing-hint.toml")
    assert lesson.puzzles == ()
    assert [(error.line, error.ref, error.message) for error in errors] == [
        (9, "missing-hint-empty", "puzzle needs a non-empty `hint`")
    ]


def test_puzzles_and_lessons_can_be_kept_in_sets():
    lessons = get_curriculum().lessons
    puzzles = {puzzle for lesson in lessons for puzzle in lesson.puzzles}
    assert len(puzzles) == sum(len(lesson.puzzles) for lesson in lessons)
    assert len(set(lessons)) == len(LESSONS)


def test_every_lesson_starts_with_something_to_do_on_the_board():
    for lesson in get_curriculum().lessons:
        assert lesson.puzzles[0].kind in ("move", "squares"), lesson.slug


def test_no_level_is_longer_than_ten_puzzles_and_levels_keep_the_order():
    for lesson in get_curriculum().lessons:
        levels = lesson.levels
        assert all(1 <= len(level) <= MAX_LEVEL for level in levels), lesson.slug
        assert tuple(p for level in levels for p in level) == lesson.puzzles
        assert max(map(len, levels)) - min(map(len, levels)) <= 1


def test_a_lesson_of_eleven_puzzles_is_two_levels_of_six_and_five():
    king = get_curriculum().lesson("king")
    assert len(king.puzzles) == 11
    assert [len(level) for level in king.levels] == [6, 5]
    assert king.level_of(king.puzzles[6]) == 1
    assert len(get_curriculum().lesson("check-wins").levels) == 1


def test_a_split_lesson_keeps_its_puzzles_ids_from_the_lesson_it_came_from():
    curriculum = get_curriculum()
    assert curriculum.puzzle("castling-in-check-bishop").lesson == "castling-not-now"
    assert curriculum.puzzle("castling-king-moved-back").lesson == "castling-forever"
    assert curriculum.puzzle("draws-fifty-claim").lesson == "draws-fifty"
    assert curriculum.puzzle("check-escape-block").lesson == "check-escape"


def test_an_id_from_a_lesson_not_named_in_moved_from_is_refused(tmp_path):
    path = tmp_path / "castling-not-now.toml"
    text = (BROKEN.parent.parent.parent / "curriculum/content/castling-not-now.toml").read_text()
    path.write_text(text.replace('moved_from = ["castling"]\n', ""), encoding="utf-8")
    lesson, errors = load_lesson(path)
    assert lesson.puzzles == ()
    assert "id must start with 'castling-not-now-'" in errors[0].message
