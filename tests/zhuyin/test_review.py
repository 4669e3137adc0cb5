"""The reviewed polyphone list (zhuyin/reviewed.tsv) matches what the site reads today."""

from zhuyin import corpus, review

REWRITE = "DEBUG=1 .venv/bin/python manage.py zhuyin_review --write"


def test_every_polyphone_occurrence_is_in_the_reviewed_list_with_its_reading():
    new, gone = review.differences(review.rows(), review.reviewed())
    shown = "\n".join([f"+ {r}" for r in new[:20]] + [f"- {r}" for r in gone[:20]])
    assert not new and not gone, (
        f"{len(new)} polyphone readings are new or changed and {len(gone)} are gone; "
        f"check them against 《重編國語辭典》, fix zhuyin/readings.py if one is wrong, "
        f"then run `{REWRITE}` and review `git diff zhuyin/reviewed.tsv`:\n{shown}"
    )


def test_a_changed_reading_or_a_new_occurrence_is_reported():
    now = review.rows()
    text, at, context, char, reading = now[0].split("\t")
    changed = "\t".join((text, at, context, char, reading + "ˊ"))
    new, gone = review.differences(now, [changed, *now[1:]])
    assert new == [now[0]] and gone == [changed]
    new, gone = review.differences(now, now[1:])
    assert new == [now[0]] and gone == []


def test_the_list_covers_lessons_glossary_and_interface_texts():
    sources = {row.split("\t")[0].split(":")[0] for row in review.reviewed()}
    assert {"lesson", "glossary", "po"} <= sources
    ids = {text_id for text_id, _ in corpus.texts()}
    assert "lesson:king:puzzles[king-all-directions].prompt" in ids
    assert "glossary:sections[pieces].terms[king].meaning" in ids


def test_a_row_says_where_the_character_is_and_how_it_reads_there():
    rows = [r.split("\t") for r in review.reviewed()]
    title = [r for r in rows if r[0].endswith(":title") and r[2] == "將軍得[子]"]
    assert title and title[0][3:] == ["子", "ㄗˇ"]
    for _text, at, context, char, reading in rows[:200]:
        assert f"[{char}]" in context and int(at) >= 0 and reading


def test_the_command_reports_and_rewrites_the_list(tmp_path, monkeypatch):
    import io

    from django.core.management import CommandError, call_command

    target = tmp_path / "reviewed.tsv"
    monkeypatch.setattr(review, "REVIEWED", target)
    try:
        call_command("zhuyin_review", stdout=io.StringIO())
    except CommandError as error:
        assert "zhuyin_review --write" in str(error)
    else:
        raise AssertionError("an empty list must be reported")
    call_command("zhuyin_review", "--write", stdout=io.StringIO())
    assert target.read_text(encoding="utf-8").splitlines()[1:] == review.rows()
    out = io.StringIO()
    call_command("zhuyin_review", stdout=out)  # up to date: no error
    assert "up to date" in out.getvalue()


def test_every_character_pypinyin_reads_two_ways_is_a_polyphone_or_has_one_taiwan_reading():
    assert review.unclassified() == [], (
        "new characters with more than one reading in pypinyin: put each in "
        "zhuyin.review.POLYPHONES (two or more readings in Taiwan's 一字多音審訂表) or "
        "ONE_READING_IN_TAIWAN, then run `" + REWRITE + "`"
    )
    assert not review.POLYPHONES & review.ONE_READING_IN_TAIWAN
