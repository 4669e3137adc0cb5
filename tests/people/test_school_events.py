"""A school's change log (SchoolEvent, people.rosters.events): each change a school's IT
looks for is written with the change, in its transaction, and never when the change is
refused; the school's 變更紀錄 page says each in one exact sentence, newest first, 50 a
page, to the school's administrators and to nobody else (404, as the school's page)."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from people.models import Classroom, School, SchoolEvent, SchoolTeacher, Student
from people.rosters import events as school_events
from people.rosters.events import describe
from school_sign_in.models import SchoolIdentity
from tests.people.conftest import make_grown_up, make_student, signed_in
from tests.people.rosters import confirm, csv_bytes, imported, make_school, upload

pytestmark = pytest.mark.django_db

Kind = SchoolEvent.Kind
TENANT = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
HEADER = ["班級", "座號", "姓名", "學校帳號"]


@pytest.fixture
def admin():
    return make_grown_up("admin")


@pytest.fixture
def school(admin):
    return make_school(admin, year=114, top_grade=6)


def said(school) -> list[str]:
    """Every event of the school, newest first, as the page says it."""
    return [describe(event) for event in school.events.order_by("-at", "-pk")]


def own_identity(user, *, tenant="", domain="", provider="microsoft", subject="t-1"):
    return SchoolIdentity.objects.create(
        issuer="https://login.example/",
        subject=subject,
        provider=provider,
        user=user,
        tenant=tenant,
        domain=domain,
    )


def set_source(client, school, value):
    return client.post(reverse("people:school_account_source", args=[school.pk]), {"source": value})


# --- where the school's accounts come from ---


def test_setting_the_account_source_is_written_with_who_and_what_it_was(admin, school):
    own_identity(admin, tenant=TENANT)
    own_identity(admin, domain="school.edu.tw", provider="google", subject="g-1")
    client = signed_in(admin)
    set_source(client, school, "domain:school.edu.tw")
    set_source(client, school, f"tenant:{TENANT}")
    set_source(client, school, "none")
    assert said(school) == [
        f"admin 清除了學校帳號來源（原本：Microsoft 租用戶 {TENANT}、網域 school.edu.tw）",
        f"admin 把學校帳號來源設為Microsoft 租用戶 {TENANT}、網域 school.edu.tw"
        "（原本：網域 school.edu.tw）",
        "admin 把學校帳號來源設為網域 school.edu.tw（原本：不設定）",
    ]
    event = school.events.order_by("at", "pk").first()
    assert (event.kind, event.by, event.by_name) == (Kind.ACCOUNT_SOURCE, admin, "admin")
    assert event.details == {
        "old": {"tenant": "", "domain": ""},
        "new": {"tenant": "", "domain": "school.edu.tw"},
    }


def test_the_same_source_again_changes_nothing_and_writes_nothing(admin, school):
    own_identity(admin, domain="school.edu.tw", provider="google", subject="g-1")
    client = signed_in(admin)
    set_source(client, school, "domain:school.edu.tw")
    set_source(client, school, "domain:school.edu.tw")
    assert school.events.count() == 1


@pytest.mark.parametrize("source", ["tenant:" + TENANT, "domain:gmail.com", "domain:mail.edu.tw"])
def test_a_refused_source_writes_no_event(admin, school, source):
    own_identity(admin, domain="gmail.com", provider="edu-tw", subject="e-1")
    own_identity(admin, domain="mail.edu.tw", provider="edu-tw", subject="e-2")
    assert set_source(signed_in(admin), school, source).status_code == 400
    assert not SchoolEvent.objects.exists()


def test_the_event_is_in_the_changes_transaction(admin, school, monkeypatch):
    own_identity(admin, tenant=TENANT)

    def broken(*args, **kwargs):
        raise RuntimeError("the event could not be written")

    monkeypatch.setattr(school_events, "record", broken)
    with pytest.raises(RuntimeError):
        set_source(signed_in(admin), school, f"tenant:{TENANT}")
    school.refresh_from_db()
    assert school.microsoft_tenant == ""


# --- a teacher unlinks a student's school account ---


@pytest.fixture
def linked(admin, school):
    classroom = Classroom.objects.create(
        teacher=admin, name="三年一班", school=school, school_year=114
    )
    student = make_student(classroom, "王小明")
    Student.objects.filter(pk=student.pk).update(school_account="edu-tw:s-2001")
    SchoolIdentity.objects.create(
        issuer="https://oidc.tanet.edu.tw", subject="s-2001", provider="edu-tw", student=student
    )
    return student


def unlink(client, student, **data):
    return client.post(reverse("school_sign_in:unlink_student", args=[student.pk]), data)


def test_unlinking_a_students_school_account_names_the_student_and_the_account(admin, linked):
    assert unlink(signed_in(admin), linked).status_code == 302
    event = SchoolEvent.objects.get()
    assert describe(event) == "admin 解除了 三年一班 王小明 的學校帳號 edu-tw:s-2001"
    assert (event.school_id, event.kind, event.by) == (
        linked.classroom.school_id,
        Kind.SCHOOL_ACCOUNT_UNLINKED,
        admin,
    )
    assert event.details["accounts"] == ["edu-tw:s-2001"]
    assert event.details["student_id"] == linked.pk


def test_the_rosters_account_cleared_too_is_said(admin, linked):
    unlink(signed_in(admin), linked, roster="1")
    assert said(linked.classroom.school) == [
        "admin 解除了 三年一班 王小明 的學校帳號 edu-tw:s-2001，名單上的也清除了"
    ]
    SchoolIdentity.objects.create(
        issuer="https://oidc.tanet.edu.tw", subject="s-2009", provider="edu-tw", student=linked
    )
    Student.objects.filter(pk=linked.pk).update(school_account="edu-tw:s-2009")
    SchoolIdentity.objects.filter(student=linked).delete()
    unlink(signed_in(admin), linked, roster="1")
    assert said(linked.classroom.school)[0] == (
        "admin 清除了 三年一班 王小明 名單上的學校帳號 edu-tw:s-2009"
    )


def test_a_rosters_account_other_than_the_link_is_named_too(admin, linked):
    oid = "microsoft:6a2b3c4d-1111-2222-3333-444455556666"
    Student.objects.filter(pk=linked.pk).update(school_account=oid)
    unlink(signed_in(admin), linked, roster="1")
    assert said(linked.classroom.school) == [
        f"admin 解除了 三年一班 王小明 的學校帳號 edu-tw:s-2001，也清除了名單上的 {oid}"
    ]


def test_an_unlink_refused_or_changing_nothing_writes_no_event(admin, school, linked):
    other = make_grown_up("other-teacher")
    SchoolTeacher.objects.create(school=school, user=other)
    assert unlink(signed_in(other), linked).status_code == 404
    SchoolIdentity.objects.all().delete()
    Student.objects.filter(pk=linked.pk).update(school_account="")
    assert unlink(signed_in(admin), linked).status_code == 302  # nothing was linked
    assert not SchoolEvent.objects.exists()


def test_a_teachers_own_class_outside_any_school_writes_no_event(teacher, student):
    SchoolIdentity.objects.create(
        issuer="https://oidc.tanet.edu.tw", subject="s-1", provider="edu-tw", student=student
    )
    assert unlink(signed_in(teacher), student).status_code == 302
    assert not SchoolEvent.objects.exists()


def test_the_event_outlives_the_student_and_the_class(admin, linked):
    unlink(signed_in(admin), linked)
    linked.classroom.delete()
    assert said(linked.classroom.school) == [
        "admin 解除了 三年一班 王小明 的學校帳號 edu-tw:s-2001"
    ]


# --- rosters, a new school year, the graduates ---


def test_a_roster_import_says_how_many_classes_and_students_it_added_and_changed(admin, school):
    client = signed_in(admin)
    imported(
        client,
        school,
        [
            HEADER,
            ["三年一班", "1", "王小明", ""],
            ["三年一班", "2", "李小華", ""],
            ["301", "1", "陳大同", ""],
        ],
    )
    imported(
        client,
        school,
        [
            HEADER,
            ["三年一班", "1", "王小明", "edu-tw:s-2001"],
            ["三年一班", "2", "李曉華", ""],
            ["301", "1", "陳大同", ""],
            ["302", "1", "林美美", ""],
        ],
    )
    imported(
        client,
        school,
        [
            HEADER,
            ["三年一班", "1", "王小明", "edu-tw:s-2001"],
            ["三年一班", "2", "李曉華", ""],
            ["301", "1", "陳大同", ""],
            ["302", "1", "林美玲", ""],
        ],
    )
    assert said(school) == [
        "admin 匯入名單：變更 0 班、1 位學生",
        "admin 匯入名單：新增 1 班、1 位學生，變更 0 班、2 位學生",
        "admin 匯入名單：新增 2 班、3 位學生",
    ]
    assert school.events.order_by("-at", "-pk")[1].details == {
        "classes_added": 1,
        "classes_changed": 0,
        "students_added": 1,
        "students_changed": 2,
        "accounts": 1,
    }


def test_an_import_refused_stale_or_changing_nothing_writes_no_event(admin, school):
    client = signed_in(admin)
    rows = [HEADER, ["三年一班", "1", "王小明", ""]]
    bad = upload(client, school, {"r.csv": csv_bytes([HEADER, ["三年一班", "x", "王小明", ""]])})
    assert bad.status_code == 400
    preview = upload(client, school, {"r.csv": csv_bytes(rows)})
    Classroom.objects.create(teacher=admin, name="三年一班", school=school, school_year=114)
    assert "data-preview" in confirm(client, school, preview).content.decode()  # changed since
    assert not SchoolEvent.objects.exists()
    Classroom.objects.all().delete()
    imported(client, school, rows)
    again = upload(client, school, {"r.csv": csv_bytes(rows)})
    assert "data-nothing-to-do" in again.content.decode()
    forged = client.post(
        reverse("people:import_roster", args=[school.pk]),
        {"payload": again.context["payload"]},
    )
    assert forged.status_code == 200
    assert school.events.count() == 1


def new_year(client, school, delete_on):
    return client.post(
        reverse("people:new_school_year", args=[school.pk]),
        {"from_year": 114, "delete_on": delete_on.isoformat(), "sure": "on"},
    )


def test_a_new_school_year_says_what_it_did(admin, school):
    for name in ("三年一班", "301", "六年一班", "西洋棋社"):
        Classroom.objects.create(teacher=admin, name=name, school=school, school_year=114)
    day = timezone.localdate() + timedelta(days=30)
    client = signed_in(admin)
    assert new_year(client, school, day).status_code == 302
    assert new_year(client, school, day).status_code == 400  # begun already: not again
    assert said(school) == [
        f"admin 開始 115 學年度：2 班升級，1 班畢業（資料 {day:%Y-%m-%d} 之後刪除）"
    ]
    assert school.events.get().details == {
        "from_year": 114,
        "to_year": 115,
        "promoted": [["301", "401"], ["三年一班", "四年一班"]],
        "graduated": ["六年一班"],
        "staying": ["西洋棋社"],
        "delete_on": day.isoformat(),
    }


def test_a_new_year_without_graduates_and_one_refused(admin, school):
    Classroom.objects.create(teacher=admin, name="三年一班", school=school, school_year=114)
    client = signed_in(admin)
    assert new_year(client, school, timezone.localdate() - timedelta(days=1)).status_code == 400
    assert not SchoolEvent.objects.exists()
    new_year(client, school, timezone.localdate())
    assert said(school) == ["admin 開始 115 學年度：1 班升級"]


def test_the_graduates_deleted_are_said_by_class_after_their_class_is_gone(admin, school):
    Classroom.objects.create(teacher=admin, name="六年一班", school=school, school_year=114)
    sixth = Classroom.objects.get()
    make_student(sixth, "林美美")
    make_student(sixth, "陳大同")
    day = timezone.localdate() + timedelta(days=1)
    new_year(signed_in(admin), school, day)
    call_command("delete_graduates")  # the day itself is still theirs
    assert school.events.filter(kind=Kind.GRADUATES_DELETED).count() == 0
    Classroom.objects.filter(pk=sixth.pk).update(delete_on=timezone.localdate() - timedelta(1))
    day = timezone.localdate() - timedelta(days=1)
    call_command("delete_graduates")
    assert not Classroom.objects.filter(pk=sixth.pk).exists()
    event = school.events.get(kind=Kind.GRADUATES_DELETED)
    assert (
        describe(event)
        == f"{day:%Y-%m-%d} 已過，依學校的設定刪除了 114 學年度 六年一班 的 2 位畢業生"
    )
    assert (event.by, event.by_name) == (None, "")


# --- the school's teachers ---


def test_an_invitation_is_written_once(admin, school):
    make_grown_up("li")
    client = signed_in(admin)
    url = reverse("people:add_school_teacher", args=[school.pk])
    assert client.post(url, {"username": "li"}).status_code == 302
    assert client.post(url, {"username": "li"}).status_code == 302  # already invited
    assert client.post(url, {"username": ""}).status_code == 400
    assert said(school) == ["admin 邀請 li 當學校的老師"]


def test_a_teachers_account_deleted_leaves_the_school_with_its_classes(admin, school):
    li = make_grown_up("li")
    SchoolTeacher.objects.create(school=school, user=li)
    classroom = Classroom.objects.create(teacher=li, name="三年二班", school=school)
    make_student(classroom, "王小明")
    Classroom.objects.create(teacher=li, name="自己的社團")  # no school's
    gone = make_grown_up("gone")
    SchoolTeacher.objects.create(school=school, user=gone)
    response = signed_in(li).post(
        reverse("people:delete_account"), {"password": "correct horse battery"}
    )
    assert response.status_code == 302
    gone.delete()
    assert said(school) == [
        "gone 的帳號刪除了，不再是學校的老師",
        "li 的帳號刪除了，連同學校的 1 班、1 位學生",
    ]


def test_an_event_keeps_the_name_of_a_grown_up_whose_account_is_gone(admin, school):
    other = make_grown_up("other-admin")
    SchoolTeacher.objects.create(school=school, user=other, is_admin=True)
    li = make_grown_up("li")
    signed_in(admin).post(
        reverse("people:add_school_teacher", args=[school.pk]), {"username": "li"}
    )
    invitation = li.school_invitations.get()
    signed_in(li).post(
        reverse("people:answer_school_invitation", args=[invitation.pk]), {"answer": "accept"}
    )
    admin.delete()
    event = school.events.get(kind=Kind.TEACHER_ADDED)
    assert (event.by, event.by_name) == (None, "admin")
    page = signed_in(other).get(reverse("people:school_events", args=[school.pk]))
    assert "admin 把 li 加為學校的老師" in page.content.decode()


# --- the page ---


def events_url(school, page=None) -> str:
    url = reverse("people:school_events", args=[school.pk])
    return url if page is None else f"{url}?page={page}"


def test_the_school_page_links_to_the_change_log(admin, school):
    page = signed_in(admin).get(reverse("people:school", args=[school.pk])).content.decode()
    assert f'<a href="{events_url(school)}">變更紀錄</a>' in page


def test_the_page_shows_each_event_newest_first_with_its_local_time(admin, school):
    noon = timezone.make_aware(timezone.datetime(2026, 12, 4, 10, 12))  # Asia/Taipei
    for minutes, teacher in ((0, "li"), (5, "chen")):
        event = school_events.record(school.pk, Kind.TEACHER_ADDED, admin, teacher=teacher)
        SchoolEvent.objects.filter(pk=event.pk).update(at=noon + timedelta(minutes=minutes))
    response = signed_in(admin).get(events_url(school))
    assert response.status_code == 200
    html = response.content.decode()
    assert html.index("2026-12-04 10:17</time> <span>admin 把 chen 加為學校的老師") < html.index(
        "2026-12-04 10:12</time> <span>admin 把 li 加為學校的老師"
    )
    assert 'datetime="2026-12-04T10:12:00+08:00"' in html
    assert "grid-pages" not in html  # one page: no page links


def test_a_school_with_no_events_says_so(admin, school):
    html = signed_in(admin).get(events_url(school)).content.decode()
    assert "還沒有紀錄。" in html


def test_fifty_events_a_page_and_a_page_that_is_none_is_a_400(admin, school):
    SchoolEvent.objects.bulk_create(
        SchoolEvent(
            school=school, kind=Kind.TEACHER_ADDED, by_name="admin", details={"teacher": f"t{n}"}
        )
        for n in range(51)
    )
    client = signed_in(admin)
    first = client.get(events_url(school)).content.decode()
    assert first.count("<li data-event=") == 50
    assert "第 1 頁，共 2 頁" in first and 'href="?page=2" rel="next">較舊的</a>' in first
    second = client.get(events_url(school, 2)).content.decode()
    assert second.count("<li data-event=") == 1
    assert "admin 把 t0 加為學校的老師" in second  # the oldest, last
    assert 'href="?page=1" rel="prev">較新的</a>' in second
    for page in ("3", "0", "x", "9" * 30):
        response = client.get(events_url(school, page))
        assert response.status_code == 400
        assert "學校的變更紀錄沒有這一頁。" in response.content.decode()


def test_the_pages_queries_do_not_grow_with_its_events(
    admin, school, django_assert_max_num_queries
):
    SchoolEvent.objects.bulk_create(
        SchoolEvent(school=school, kind=Kind.TEACHER_ADDED, by=admin, by_name="admin", details={})
        for _ in range(50)
    )
    client = signed_in(admin)
    with django_assert_max_num_queries(5):
        assert client.get(events_url(school)).status_code == 200


def test_only_the_schools_administrators_see_its_change_log(admin, school):
    school_events.record(school.pk, Kind.TEACHER_ADDED, admin, teacher="li")
    member = make_grown_up("member")
    SchoolTeacher.objects.create(school=school, user=member, is_admin=False)
    elsewhere = make_grown_up("elsewhere")
    other_school = make_school(elsewhere)
    school_events.record(other_school.pk, Kind.TEACHER_ADDED, elsewhere, teacher="wang")
    for user in (member, elsewhere, make_grown_up("stranger")):
        assert signed_in(user).get(events_url(school)).status_code == 404
    assert Client().get(events_url(school)).status_code == 302  # sign in first
    mine = signed_in(admin).get(events_url(school)).content.decode()
    assert "admin 把 li 加為學校的老師" in mine and "wang" not in mine
    assert signed_in(admin).post(events_url(school)).status_code == 405


def test_a_kind_this_code_does_not_know_is_named_as_it_is(school):
    event = SchoolEvent.objects.create(school=school, kind="future_kind", details=[])
    assert describe(event) == "future_kind"


def test_deleting_the_school_takes_its_events(admin, school):
    school_events.record(school.pk, Kind.TEACHER_ADDED, admin, teacher="li")
    School.objects.filter(pk=school.pk).delete()
    assert not SchoolEvent.objects.exists()
    assert get_user_model().objects.filter(pk=admin.pk).exists()
