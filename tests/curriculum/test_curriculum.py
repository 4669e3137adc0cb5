"""The curriculum: every rule has its lesson, in teaching order, with enough puzzles."""

from pathlib import Path

from curriculum.loading import GROUPS, get_curriculum, load_lesson

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
    ("check", "將軍與應將", "basics"),
    ("checkmate", "將死", "basics"),
    ("check-wins", "將軍得子", "basics"),
    ("game-endings", "一盤棋怎麼下、怎麼結束", "basics"),
    ("castling", "王車易位", "special"),
    ("en-passant", "吃過路兵", "special"),
    ("promotion", "兵的升變", "special"),
    ("stalemate", "逼和", "draws"),
    ("draws", "和棋", "draws"),
    ("notation", "記譜法", "notation"),
    ("touch-move", "摸子走子", "notation"),
    ("move-complete", "摸子走子（二）：一步什麼時候走完", "notation"),
    ("house-rules", "網站規則不是正式棋規", "notation"),
]

MINIMUM_PUZZLES = {"knight": 10, "castling": 14, "en-passant": 8, "promotion": 8, "draws": 15}


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
    assert sum(counts.values()) >= 200


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


def test_every_puzzle_id_starts_with_its_lesson_slug():
    for lesson in get_curriculum().lessons:
        for puzzle in lesson.puzzles:
            assert puzzle.id.startswith(lesson.slug + "-"), puzzle.id


def test_next_lesson_follows_the_teaching_order():
    curriculum = get_curriculum()
    assert curriculum.next_lesson("board").slug == "setup"
    assert curriculum.next_lesson("capture").slug == "piece-values"
    assert curriculum.next_lesson("protection").slug == "check"
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
