"""A school's events (models.SchoolEvent): what a school's IT looks for — who changed where
the school's accounts come from, who unlinked a student's school account, each roster
import, each new school year, the graduates deleted, the teachers added and gone — each
written by `record` in the same transaction as the change, and said in one short sentence
by `describe` on the school's 紀錄 page (people.views.schools.school_events).

An event names classes, students and accounts as text, never by a key: it outlives them.
"""

from __future__ import annotations

from django.conf import settings
from django.db.models.signals import pre_delete
from django.dispatch import receiver
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from people.models import Classroom, SchoolEvent, SchoolTeacher, Student

Kind = SchoolEvent.Kind


def record(school_id: int, kind: str, by=None, **details) -> SchoolEvent:
    """Write one event of the school; `by` is the grown-up's account (None: nobody's, the
    server's own work), kept as their username too. `details` must be JSON: text, numbers,
    lists."""
    return SchoolEvent.objects.create(
        school_id=school_id,
        kind=kind,
        by=by,
        by_name=by.get_username() if by is not None else "",
        details=details,
    )


def source_text(tenant: str, domain: str) -> str:
    """Where a school's accounts come from, in words: 「網域 school.edu.tw」."""
    if tenant and domain:
        return _("Microsoft tenant %(tenant)s and domain %(domain)s") % {
            "tenant": tenant,
            "domain": domain,
        }
    if tenant:
        return _("Microsoft tenant %(tenant)s") % {"tenant": tenant}
    if domain:
        return _("domain %(domain)s") % {"domain": domain}
    return _("not set")


def _account_source(event: SchoolEvent, details: dict) -> str:
    new, old = details.get("new", {}), details.get("old", {})
    words = {
        "who": event.by_name,
        "new": source_text(new.get("tenant", ""), new.get("domain", "")),
        "old": source_text(old.get("tenant", ""), old.get("domain", "")),
    }
    if not (new.get("tenant") or new.get("domain")):
        return _("%(who)s cleared the school account source (before: %(old)s)") % words
    return _("%(who)s set the school account source to %(new)s (before: %(old)s)") % words


def _unlinked(event: SchoolEvent, details: dict) -> str:
    accounts = details.get("accounts", [])
    words = {
        "who": event.by_name,
        "class": details.get("class_name", ""),
        "student": details.get("student", ""),
        "accounts": pgettext("list separator", ", ").join(accounts),
        "roster": details.get("roster_account_cleared", ""),
    }
    if accounts and words["roster"] in accounts:
        return (
            _(
                "%(who)s unlinked %(class)s %(student)s's school account %(accounts)s, "
                "the roster's too"
            )
            % words
        )
    if accounts and words["roster"]:
        return (
            _(
                "%(who)s unlinked %(class)s %(student)s's school account %(accounts)s "
                "and cleared the roster's %(roster)s"
            )
            % words
        )
    if words["roster"]:
        return _("%(who)s cleared %(class)s %(student)s's roster school account %(roster)s") % words
    return _("%(who)s unlinked %(class)s %(student)s's school account %(accounts)s") % words


def _roster_imported(event: SchoolEvent, details: dict) -> str:
    """The import's counts; a half that is all nothing is left out (a file of new classes
    changes nothing, a second file may add nobody)."""
    words = {
        "who": event.by_name,
        "classes_added": details.get("classes_added", 0),
        "classes_changed": details.get("classes_changed", 0),
        "students_added": details.get("students_added", 0),
        "students_changed": details.get("students_changed", 0),
    }
    added = words["classes_added"] or words["students_added"]
    changed = words["classes_changed"] or words["students_changed"]
    if added and not changed:
        return (
            _(
                "%(who)s imported the rosters: classes added %(classes_added)s, students "
                "added %(students_added)s"
            )
            % words
        )
    if changed and not added:
        return (
            _(
                "%(who)s imported the rosters: classes changed %(classes_changed)s, students "
                "changed %(students_changed)s"
            )
            % words
        )
    return (
        _(
            "%(who)s imported the rosters: classes added %(classes_added)s, students added "
            "%(students_added)s; classes changed %(classes_changed)s, students changed "
            "%(students_changed)s"
        )
        % words
    )


def _new_year(event: SchoolEvent, details: dict) -> str:
    words = {
        "who": event.by_name,
        "year": details.get("to_year", ""),
        "promoted": len(details.get("promoted", [])),
        "graduated": len(details.get("graduated", [])),
        "day": details.get("delete_on", ""),
    }
    if words["graduated"]:
        return (
            _(
                "%(who)s began school year %(year)s: classes moved up %(promoted)s, "
                "graduated %(graduated)s (their data goes after %(day)s)"
            )
            % words
        )
    return _("%(who)s began school year %(year)s: classes moved up %(promoted)s") % words


def _graduates_deleted(event: SchoolEvent, details: dict) -> str:
    return _(
        "%(day)s passed: as the school set, the graduates of school year %(year)s "
        "%(class)s were deleted, students: %(students)s"
    ) % {
        "day": details.get("delete_on", ""),
        "year": details.get("school_year", ""),
        "class": details.get("class_name", ""),
        "students": details.get("students", 0),
    }


def _teacher_added(event: SchoolEvent, details: dict) -> str:
    words = {"who": event.by_name, "teacher": details.get("teacher", "")}
    return _("%(who)s added %(teacher)s to the school's teachers") % words


def _teacher_invited(event: SchoolEvent, details: dict) -> str:
    words = {"who": event.by_name, "teacher": details.get("teacher", "")}
    return _("%(who)s invited %(teacher)s to be a teacher of the school") % words


def _teacher_left(event: SchoolEvent, details: dict) -> str:
    words = {
        "teacher": details.get("teacher", ""),
        "classes": details.get("classes", 0),
        "students": details.get("students", 0),
    }
    if words["classes"]:
        return (
            _(
                "%(teacher)s's account was deleted, and with it the school's classes: "
                "%(classes)s, students: %(students)s"
            )
            % words
        )
    return _("%(teacher)s's account was deleted: no longer a teacher of the school") % words


SENTENCES = {
    Kind.ACCOUNT_SOURCE: _account_source,
    Kind.SCHOOL_ACCOUNT_UNLINKED: _unlinked,
    Kind.ROSTER_IMPORTED: _roster_imported,
    Kind.NEW_YEAR: _new_year,
    Kind.GRADUATES_DELETED: _graduates_deleted,
    Kind.TEACHER_INVITED: _teacher_invited,
    Kind.TEACHER_ADDED: _teacher_added,
    Kind.TEACHER_LEFT: _teacher_left,
}


def describe(event: SchoolEvent) -> str:
    """The event in one sentence, in the reader's language (plain text: the page escapes
    it). A kind this code does not know (an older or newer server's) is named as it is."""
    sentence = SENTENCES.get(event.kind)
    details = event.details if isinstance(event.details, dict) else {}
    return sentence(event, details) if sentence else event.kind


@receiver(pre_delete, sender=settings.AUTH_USER_MODEL)
def _teachers_account_deleted(sender, instance, using, **kwargs) -> None:
    """A teacher's account deleted (their own 「刪除帳號」, the admin) leaves each of its
    schools, and takes its classes there with it: each school is told, in the deletion's
    transaction."""
    schools = SchoolTeacher.objects.using(using).filter(user=instance)
    for school_id in schools.values_list("school_id", flat=True):
        classes = Classroom.objects.using(using).filter(teacher=instance, school_id=school_id)
        students = Student.objects.using(using).filter(classroom__in=classes)
        SchoolEvent.objects.using(using).create(
            school_id=school_id,
            kind=Kind.TEACHER_LEFT,
            by_name=instance.get_username(),
            details={
                "teacher": instance.get_username(),
                "classes": classes.count(),
                "students": students.count(),
            },
        )
