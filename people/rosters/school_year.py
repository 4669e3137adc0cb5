"""A new school year for a whole school, in one step, and its graduates' data deleted later.

`promote` (by the school's administrator, people.views.schools):

- a class whose name says its grade moves up one: 三年一班 → 四年一班, 3年1班 → 4年1班,
  301 → 401 (`next_name`). It is the same class (the same row, class code and students),
  so every child keeps their progress and their login card: the class code, the two
  pictures and the QR badge work as before. Last year's class is kept as an archived
  copy with its name, year, homework and seats (ArchivedSeat): read-only, nobody signs
  in to it, still exportable;
- a class of the top grade (School.top_grade) graduates: it is archived with its
  students, who can no longer sign in, and their data is deleted after the date the
  school sets (`delete_graduates`, run daily by `manage.py delete_graduates`), through
  the site's deletion code, so nothing about them stays;
- a class whose name says no grade (a club) stays as it is.

The step is guarded by the year it starts from, so a double submit promotes once.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from datetime import date, timedelta

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from people.models import (
    ArchivedSeat,
    Assignment,
    Classroom,
    School,
    SchoolEvent,
    new_join_code,
)
from people.rosters import events as school_events

DIGITS = "零一二三四五六七八九"
CHINESE_GRADE = re.compile(
    r"^(?P<before>\D*?)(?P<grade>[一二三四五六七八九十]{1,3})(?P<after>年.*)$"
)
ARABIC_GRADE = re.compile(r"^(?P<before>\D*?)(?P<grade>\d{1,2})(?P<after>年.*)$")
NUMBERED = re.compile(r"^(?P<grade>[1-9]|1[0-2])(?P<after>\d{2})$")  # 301: 三年 1 班


def _chinese_number(text: str) -> int | None:
    """一 to 十二 as a number (no higher grade exists)."""
    if text == "十":
        return 10
    if text.startswith("十") and len(text) == 2 and text[1] in DIGITS[1:]:
        return 10 + DIGITS.index(text[1])
    if len(text) == 1 and text in DIGITS[1:]:
        return DIGITS.index(text)
    return None


def _chinese(number: int) -> str:
    return DIGITS[number] if number < 10 else "十" + (DIGITS[number - 10] if number > 10 else "")


def grade_of(name: str) -> int | None:
    """The grade a class's name says, or None (a club: 「西洋棋社」)."""
    text = unicodedata.normalize("NFKC", name).strip()
    if match := CHINESE_GRADE.match(text):
        return _chinese_number(match["grade"])
    if match := ARABIC_GRADE.match(text):
        return int(match["grade"])
    if match := NUMBERED.match(text):
        return int(match["grade"])
    return None


def next_name(name: str) -> str | None:
    """The class's name a year later, written as it was: 三年一班 → 四年一班, 3年1班 → 4年1班,
    301 → 401; None when the name says no grade."""
    text = unicodedata.normalize("NFKC", name).strip()
    if (match := CHINESE_GRADE.match(text)) and (grade := _chinese_number(match["grade"])):
        return f"{match['before']}{_chinese(grade + 1)}{match['after']}"
    if match := ARABIC_GRADE.match(text):
        return f"{match['before']}{int(match['grade']) + 1}{match['after']}"
    if match := NUMBERED.match(text):
        return f"{int(match['grade']) + 1}{match['after']}"
    return None


@dataclass
class YearPlan:
    promoted: list[tuple[Classroom, str]] = field(default_factory=list)  # (class, next name)
    graduating: list[Classroom] = field(default_factory=list)
    staying: list[Classroom] = field(default_factory=list)


NEXT_YEAR_AFTER_DAYS = 180  # a school year lasts a year: one begun lately is not begun again


def begun_lately(school: School):
    """The school's new-year event of the last NEXT_YEAR_AFTER_DAYS days, or None: a page
    that has just begun school year 116 does not offer 116 → 117 with the same button."""
    since = timezone.now() - timedelta(days=NEXT_YEAR_AFTER_DAYS)
    events = school.events.filter(kind=SchoolEvent.Kind.NEW_YEAR, at__gte=since)
    return events.order_by("-at").first()


def year_plan(school: School) -> YearPlan:
    """What a new school year will do to each of the school's classes; nothing is written."""
    result = YearPlan()
    classes = Classroom.objects.filter(school=school, archived_at__isnull=True).order_by("name")
    for classroom in classes:
        grade = grade_of(classroom.name)
        if grade is None:
            result.staying.append(classroom)
        elif grade >= school.top_grade:
            result.graduating.append(classroom)
        else:
            result.promoted.append((classroom, next_name(classroom.name)))
    return result


def promote(
    school: School, *, from_year: int, delete_graduates_on: date, by=None
) -> YearPlan | None:
    """The new school year, all or nothing, told in the school's events as done `by` (an
    administrator's account); None if the school is no longer in `from_year` (a second
    submit, or another administrator was first)."""
    now = timezone.now()
    with transaction.atomic():
        school = School.objects.select_for_update().get(pk=school.pk)
        if school.school_year != from_year:
            return None
        result = year_plan(school)
        promoted = [[classroom.name, name] for classroom, name in result.promoted]  # renamed below
        for classroom, name in result.promoted:
            archive = Classroom.objects.create(
                teacher_id=classroom.teacher_id,
                name=classroom.name,
                school=school,
                school_year=from_year,
                sourced_id=classroom.sourced_id,
                archived_at=now,
                join_code=new_join_code(),
                message=classroom.message,
            )
            ArchivedSeat.objects.bulk_create(
                ArchivedSeat(classroom=archive, student=student, seat_number=student.seat_number)
                for student in classroom.students.all()
            )
            Assignment.objects.filter(classroom=classroom).update(classroom=archive)
            classroom.name, classroom.school_year = name, from_year + 1
            classroom.sourced_id = ""  # next year's files give next year's id
            classroom.save(update_fields=["name", "school_year", "sourced_id"])
        for classroom in result.graduating:
            classroom.archived_at, classroom.delete_on = now, delete_graduates_on
            classroom.school_year = from_year
            classroom.save(update_fields=["archived_at", "delete_on", "school_year"])
        school.school_year = from_year + 1
        school.save(update_fields=["school_year"])
        school_events.record(
            school.pk,
            SchoolEvent.Kind.NEW_YEAR,
            by,
            from_year=from_year,
            to_year=from_year + 1,
            promoted=promoted,
            graduated=[classroom.name for classroom in result.graduating],
            staying=[classroom.name for classroom in result.staying],
            delete_on=delete_graduates_on.isoformat() if result.graduating else "",
        )
    return result


def graduates_due(today: date):
    """Graduates' classes whose date has passed (the day itself is still theirs)."""
    return Classroom.objects.filter(archived_at__isnull=False, delete_on__lt=today)


def delete_graduates(today: date) -> tuple[int, int]:
    """Delete the graduates' classes due by `today` with everything about their students
    (people.deletion takes their learners, attempts, results, sessions, seats), and
    the archived classes their going left empty; each class's school is told (its name,
    year and how many students, as text). Returns (classes, students)."""
    with transaction.atomic():
        due = list(graduates_due(today))
        students = 0
        for classroom in due:
            count = classroom.students.count()
            students += count
            if classroom.school_id is not None:
                school_events.record(
                    classroom.school_id,
                    SchoolEvent.Kind.GRADUATES_DELETED,
                    None,
                    class_name=classroom.name,
                    school_year=classroom.school_year,
                    students=count,
                    delete_on=classroom.delete_on.isoformat(),
                )
            classroom.delete()
        Classroom.objects.filter(
            Q(archived_at__isnull=False),
            Q(delete_on__isnull=True),
            ~Q(seats__isnull=False),
            ~Q(students__isnull=False),
        ).delete()
    return len(due), students
