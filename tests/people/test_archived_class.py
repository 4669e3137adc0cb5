"""One archived class's page (people.views.schools.archived_class): its teacher and the
school's administrators see its seats and each student's progress, read-only, with the
progress CSV while anybody's data is left; anybody else gets 404."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from lessons.models import PuzzleResult
from people.models import Classroom, SchoolTeacher
from people.reports.lesson_index import all_lessons
from people.rosters.school_year import promote
from tests.people.conftest import give_progress, make_grown_up, make_student, read_csv, signed_in
from tests.people.rosters import make_school

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def owner():
    return make_grown_up("owner")


@pytest.fixture
def school(admin, owner):
    school = make_school(admin, year=114, top_grade=6)
    SchoolTeacher.objects.create(school=school, user=owner)
    return school


@pytest.fixture
def year_done(school, owner, first_lesson):
    """三年一班 (two students, one with progress) and 六年一班 (one student) of the owner's,
    after the new school year: last year's 三年一班 and the graduated 六年一班 archived."""
    third = Classroom.objects.create(teacher=owner, name="三年一班", school=school, school_year=114)
    sixth = Classroom.objects.create(teacher=owner, name="六年一班", school=school, school_year=114)
    ming = make_student(third, "小明")
    make_student(third, "小華")
    graduate = make_student(sixth, "大雄")
    give_progress(ming.learner, first_lesson)
    give_progress(graduate.learner, first_lesson)
    # 小明 finishes the first lesson: its stars count (a lesson's stars come once it is done).
    PuzzleResult.objects.bulk_create(
        PuzzleResult(
            learner=ming.learner,
            lesson=first_lesson.slug,
            puzzle=puzzle.id,
            stars=3,
            solved_at=timezone.now(),
        )
        for puzzle in first_lesson.puzzles[1:]
    )
    day = timezone.localdate()
    promote(school, from_year=114, delete_graduates_on=day)
    archive = Classroom.objects.get(name="三年一班", archived_at__isnull=False)
    return {"archive": archive, "graduated": sixth, "ming": ming, "graduate": graduate}


def page(client, classroom):
    return client.get(reverse("people:archived_class", args=[classroom.pk]))


def main(response) -> str:
    return re.search(r"<main.*</main>", response.content.decode(), re.DOTALL).group(0)


def rows(html: str) -> list[list[str]]:
    """The seats table's rows, each cell's text."""
    found = re.findall(r"<tr data-seat-row>(.*?)</tr>", html, re.DOTALL)
    return [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row)]
        for row in found
    ]


def test_the_owner_and_the_schools_administrators_see_it_nobody_else(
    year_done, admin, owner, school
):
    stranger = make_grown_up("stranger")
    colleague = make_grown_up("colleague")  # a teacher of the school, not an administrator
    SchoolTeacher.objects.create(school=school, user=colleague)
    for classroom in (year_done["archive"], year_done["graduated"]):
        assert page(signed_in(owner), classroom).status_code == 200
        assert page(signed_in(admin), classroom).status_code == 200
        for user in (stranger, colleague):
            assert page(signed_in(user), classroom).status_code == 404
            url = reverse("people:archived_progress", args=[classroom.pk])
            assert signed_in(user).get(url).status_code == 404
        assert page(Client(), classroom).status_code == 302  # to the sign-in page
    # This year's class is not an archive: its own pages show it.
    now = Classroom.objects.get(name="四年一班")
    assert page(signed_in(owner), now).status_code == 404
    # Read-only: a POST is not answered.
    url = reverse("people:archived_class", args=[year_done["archive"].pk])
    assert signed_in(owner).post(url).status_code == 405


def test_last_years_class_shows_its_seats_and_progress_read_only(
    year_done, owner, admin, first_lesson
):
    puzzles = sum(len(lesson.puzzle_ids) for lesson in all_lessons())
    html = main(page(signed_in(admin), year_done["archive"]))
    assert "三年一班" in html and "114 學年度" in html
    assert "已封存的班級，只能看：沒有人能登入，這裡也不能修改。" in html
    assert "學生已經帶著進度升到新的班級" in html
    assert rows(html) == [
        ["1", "小明", f"完成 {len(first_lesson.puzzles)}／{puzzles} 題", "3"],
        ["2", "小華", f"完成 0／{puzzles} 題", "0"],
    ]
    assert "<form" not in html and "<input" not in html
    csv_url = reverse("people:archived_progress", args=[year_done["archive"].pk])
    assert f'href="{csv_url}"' in html
    # The administrator has the school's page to go back to; the owner (no administrator)
    # has their classes.
    school_url = reverse("people:school", args=[year_done["archive"].school_id])
    assert f'href="{school_url}"' in html
    assert f'href="{school_url}"' not in main(page(signed_in(owner), year_done["archive"]))


def test_a_graduated_class_shows_its_date_and_its_students(year_done, owner):
    html = main(page(signed_in(owner), year_done["graduated"]))
    day = timezone.localdate().strftime("%Y-%m-%d")
    assert f"已畢業：{day} 之後刪除" in html
    assert [row[:2] for row in rows(html)] == [["1", "大雄"]]


def test_the_progress_csv_has_the_class_grids_columns(year_done, owner, first_lesson):
    lessons = all_lessons()
    url = reverse("people:archived_progress", args=[year_done["archive"].pk])
    response = signed_in(owner).get(url)
    assert response.status_code == 200
    archive = year_done["archive"]
    assert response["Content-Disposition"] == (
        f'attachment; filename="archive-{archive.pk}-114-grid.csv"'
    )
    table = read_csv(response)
    title = lessons[0].title
    assert table[0][:4] == ["暱稱", f"{title}：解開題數", f"{title}：總題數", f"{title}：星星"]
    assert len(table[0]) == 1 + 3 * len(lessons)
    total = str(len(lessons[0].puzzle_ids))
    assert table[1][:4] == ["小明", total, total, "3"]
    assert table[2] == ["小華"] + [
        str(n) for lesson in lessons for n in (0, len(lesson.puzzle_ids), 0)
    ]
    assert len(table) == 3


def test_when_nobodys_data_is_left_the_page_says_so_and_no_csv(year_done, owner):
    for seat in year_done["archive"].seats.all():
        seat.student.learner.delete()  # as the deletion code does, taking the seat along
    html = main(page(signed_in(owner), year_done["archive"]))
    assert "這個班級已經沒有任何學生的資料了。" in html and rows(html) == []
    url = reverse("people:archived_progress", args=[year_done["archive"].pk])
    assert url not in html
    assert signed_in(owner).get(url).status_code == 404


def test_the_schools_page_links_each_archived_class(year_done, admin, school):
    html = signed_in(admin).get(reverse("people:school", args=[school.pk])).content.decode()
    for classroom in (year_done["archive"], year_done["graduated"]):
        assert f'href="{reverse("people:archived_class", args=[classroom.pk])}"' in html
    graduates_csv = reverse("people:archived_progress", args=[year_done["graduated"].pk])
    assert f'href="{graduates_csv}"' in html


def past_rows(response) -> list[tuple[str, str, str | None]]:
    """老師區's 「以前學年的班級」: (the class page's link, its text, the progress CSV's link)."""
    html = response.content.decode()
    rows = re.findall(r"<li data-past-class>(.*?)</li>", html, re.DOTALL)
    found = []
    for row in rows:
        links = re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', row)
        text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", row)).strip()
        found.append((links[0][0], text, links[1][0] if len(links) > 1 else None))
    return found


def test_the_teachers_home_lists_last_years_classes_quietly(year_done, owner, admin):
    archive, graduated = year_done["archive"], year_done["graduated"]
    day = timezone.localdate().strftime("%Y-%m-%d")  # the graduates' data goes after it
    home = signed_in(owner).get(reverse("people:teacher_home"))
    assert past_rows(home) == [
        (
            f"/teacher/archive/{archive.pk}/",
            "三年一班 · 114 學年度 · 進度（CSV）",
            f"/teacher/archive/{archive.pk}/grid.csv",
        ),
        (
            f"/teacher/archive/{graduated.pk}/",
            f"六年一班 · 114 學年度 · 已畢業：{day} 之後刪除 · 進度（CSV）",
            f"/teacher/archive/{graduated.pk}/grid.csv",
        ),
    ]
    assert '<h2 id="past-classes">以前學年的班級</h2>' in home.content.decode()
    # The administrator's own home has none: the school's page lists the school's.
    admin_home = signed_in(admin).get(reverse("people:teacher_home")).content.decode()
    assert "past-classes" not in admin_home


def test_a_past_class_with_nobodys_data_left_has_no_csv_on_the_home_page(year_done, owner):
    for seat in year_done["archive"].seats.all():
        seat.student.learner.delete()
    rows = past_rows(signed_in(owner).get(reverse("people:teacher_home")))
    assert rows[0] == (
        f"/teacher/archive/{year_done['archive'].pk}/",
        "三年一班 · 114 學年度",
        None,
    )
