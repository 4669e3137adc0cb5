"""Signing in with a school account, end to end against a real OpenID Connect provider
(npm's oidc-provider on 127.0.0.1, tests/oidc/): a teacher, a student where the provider
allows students, the same account at the second sign-in, an unverified e-mail that takes
nothing over, and a wrong state or nonce refused with a 400 in the learner's language."""

from dataclasses import replace
from urllib.parse import parse_qsl, urlsplit

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from curriculum.loading import get_curriculum
from lessons.models import Learner, PuzzleResult
from people.limits import known_browser
from people.models import Classroom, GrownUp, HereFor, Student
from school_sign_in.models import SchoolIdentity
from tests.oidc.provider import port_for, running, sign_in_at
from tests.people.conftest import give_progress, make_grown_up, signed_in
from tests.people.rosters import imported, make_school
from tutor.oidc_providers import Provider

PORT = port_for(8151)
CALLBACK = "http://testserver/accounts/school/callback/"
ACCOUNTS = {
    "t-1001": {"email": "lin@school.edu.tw", "email_verified": True, "name": "林老師"},
    "s-2001": {"email": "s2001@school.edu.tw", "email_verified": True, "name": "王小明"},
    # claims the address of an account made here with a password (and verified here)
    "x-3001": {"email": "alice@example.org", "email_verified": False, "name": "alice"},
    # students a roster names by e-mail: one the provider verified, one it did not
    "s-2002": {"email": "S2002@School.edu.tw", "email_verified": True, "name": "李小華"},
    "s-2003": {"email": "s2003@school.edu.tw", "email_verified": False, "name": "陳大同"},
}
UserModel = get_user_model()


@pytest.fixture(scope="module")
def provider_issuer():
    clients = [{"client_id": "tutor", "client_secret": "s3cret", "redirect_uris": [CALLBACK]}]
    with running(PORT, clients, ACCOUNTS) as issuer:
        yield issuer


@pytest.fixture
def school(settings, provider_issuer):
    """The app with the education sign-on pointed at the local provider, students allowed."""
    provider = Provider(
        slug="edu-tw",
        issuer=provider_issuer,
        client_id="tutor",
        client_secret="s3cret",
        students=True,
    )
    settings.SCHOOL_SIGN_IN_PROVIDERS = (provider,)
    return provider


def _sign_in(client: Client, who: str, login: str):
    """Press the button, sign in at the provider, come back: the callback's response."""
    if who == "link":
        page = client.post("/accounts/school/edu-tw/link/")
        assert page.status_code == 200, page.content
        location = page.context["url"]
    else:
        start = client.get(f"/accounts/school/edu-tw/{who}/")
        assert start.status_code == 302, start.content
        location = start["Location"]
    assert location.startswith(f"http://127.0.0.1:{PORT}/auth?")
    back = urlsplit(sign_in_at(location, login, back_to=CALLBACK))
    return client.get(back.path, dict(parse_qsl(back.query)))


def test_a_teacher_signs_in_and_lands_on_a_new_teachers_account(db, school):
    client = Client()
    response = _sign_in(client, "teacher", "t-1001")
    assert response.status_code == 302
    assert response["Location"] == "/teacher/"
    identity = SchoolIdentity.objects.get(subject="t-1001")
    assert (identity.issuer, identity.provider) == (school.issuer, "edu-tw")
    user = identity.user
    assert user.username == "林老師"
    assert not user.has_usable_password()
    grown_up = GrownUp.objects.get(user=user)
    assert grown_up.here_for == HereFor.CLASS
    # the provider said the address is verified and nobody here had it: it is the account's
    assert (user.email, grown_up.email_verified) == ("lin@school.edu.tw", True)
    page = client.get("/teacher/")
    assert page.status_code == 200
    assert page.wsgi_request.user == user


def test_a_second_sign_in_finds_the_same_account(db, school):
    _sign_in(Client(), "teacher", "t-1001")
    first = SchoolIdentity.objects.get(subject="t-1001").user
    again = Client()
    response = _sign_in(again, "teacher", "t-1001")
    assert response["Location"] == "/teacher/"
    assert again.get("/teacher/").wsgi_request.user == first
    assert UserModel.objects.count() == 1
    assert SchoolIdentity.objects.count() == 1


def test_a_school_sign_in_knows_the_browser_a_refused_one_does_not(db, school):
    client = Client()
    start = client.get("/accounts/school/edu-tw/teacher/")
    back = urlsplit(sign_in_at(start["Location"], "t-1001", back_to=CALLBACK))
    query = dict(parse_qsl(back.query), state="not-the-state")
    assert client.get(back.path, query).status_code == 400
    assert known_browser.COOKIE not in client.cookies
    _sign_in(client, "teacher", "t-1001")
    request = RequestFactory().get("/")
    request.COOKIES = {known_browser.COOKIE: client.cookies[known_browser.COOKIE].value}
    user = SchoolIdentity.objects.get(subject="t-1001").user
    assert known_browser.read(request).accounts == (user.pk,)


def test_an_unverified_email_equal_to_an_account_s_takes_nothing_over(db, school):
    alice = UserModel.objects.create_user("alice", email="alice@example.org", password="pw-4-alice")
    GrownUp.objects.create(
        user=alice, name_key="alice", email_key="alice@example.org", email_verified=True
    )
    client = Client()
    response = _sign_in(client, "teacher", "x-3001")
    assert response.status_code == 302
    newcomer = client.get("/teacher/").wsgi_request.user
    assert newcomer != alice
    assert newcomer.username == "alice-2"  # the name is alice's: the new account takes another
    assert newcomer.email == ""  # an unverified claim is not kept
    assert not alice.school_identities.exists()
    alice.refresh_from_db()
    assert alice.check_password("pw-4-alice")


def _classroom_with_student(teacher_name: str = "mr-chen") -> Student:
    teacher = UserModel.objects.create_user(teacher_name, password="pw-teacher-1")
    classroom = Classroom.objects.create(teacher=teacher, name="三年一班")
    learner = Learner.objects.create(nickname="王小明", avatar="N")
    return Student.objects.create(
        classroom=classroom, learner=learner, secret_first="sun", secret_second="moon"
    )


def test_a_student_links_once_with_the_pictures_then_the_school_button_signs_them_in(db, school):
    student = _classroom_with_student()
    join = Client().get("/join/")
    assert "用教育體系單一簽入登入" in join.content.decode()
    client = Client()
    response = _sign_in(client, "student", "s-2001")
    assert response["Location"] == "/join/"
    assert "第一次用學校帳號" in client.get("/join/").content.decode()
    assert not SchoolIdentity.objects.exists()  # nothing is linked before the pictures
    code = student.classroom.join_code
    signed = client.post(f"/join/{code}/{student.pk}/", {"first": "sun", "second": "moon"})
    assert signed.status_code == 302
    identity = SchoolIdentity.objects.get(subject="s-2001")
    assert (identity.student, identity.user) == (student, None)

    tablet = Client()
    response = _sign_in(tablet, "student", "s-2001")
    assert response["Location"] == "/"
    session = tablet.session
    assert session["signed_in_as_student"] is True
    assert Learner.objects.get(pk=session["learner_id"]) == student.learner


def test_students_have_no_button_where_the_provider_does_not_allow_them(db, school, settings):
    settings.SCHOOL_SIGN_IN_PROVIDERS = (
        Provider("edu-tw", school.issuer, "tutor", "s3cret", students=False),
    )
    assert "學校帳號" not in Client().get("/join/").content.decode()
    assert Client().get("/accounts/school/edu-tw/student/").status_code == 404
    assert "用教育體系單一簽入登入" in Client().get("/accounts/login/").content.decode()


def test_a_wrong_state_is_refused_with_a_400_in_the_learners_words(db, school):
    client = Client()
    start = client.get("/accounts/school/edu-tw/teacher/")
    back = urlsplit(sign_in_at(start["Location"], "t-1001", back_to=CALLBACK))
    query = dict(parse_qsl(back.query))
    response = client.get(back.path, {**query, "state": "not-the-one-we-sent"})
    assert response.status_code == 400
    assert "這次登入已經過期或用過了" in response.content.decode()
    # the right state once, then again: a state is used once
    assert client.get(back.path, query).status_code == 302
    replay = client.get(back.path, query)
    assert replay.status_code == 400
    assert UserModel.objects.count() == 1


def test_a_wrong_nonce_is_refused_with_a_400(db, school):
    client = Client()
    start = client.get("/accounts/school/edu-tw/teacher/")
    session = client.session
    for entry in session["oidc_states"].values():
        entry["nonce"] = "a-nonce-the-provider-never-saw"
    session.save()
    back = urlsplit(sign_in_at(start["Location"], "t-1001", back_to=CALLBACK))
    response = client.get(back.path, dict(parse_qsl(back.query)))
    assert response.status_code == 400
    assert "無法確認" in response.content.decode()
    assert not UserModel.objects.exists()


def test_a_signed_in_grown_up_links_a_school_account_on_purpose(db, school):
    alice = UserModel.objects.create_user("alice", password="pw-4-alice")
    GrownUp.objects.create(user=alice, name_key="alice", here_for=HereFor.CLASS)
    client = Client()
    client.force_login(alice)
    response = _sign_in(client, "link", "t-1001")
    assert response["Location"] == "/accounts/school/"
    assert SchoolIdentity.objects.get(subject="t-1001").user == alice
    later = Client()
    _sign_in(later, "teacher", "t-1001")
    assert later.get("/teacher/").wsgi_request.user == alice
    assert UserModel.objects.count() == 1


def _roster_imported(accounts: list[str]) -> list[Student]:
    """The school's administrator imports 三年一班 with a 學校帳號 column through the import
    page, as the school's IT would; its students in seat order."""
    admin = make_grown_up("admin")
    school = make_school(admin)
    names = ["王小明", "李小華", "陳大同"]
    rows = [["班級", "座號", "姓名", "學校帳號"]]
    rows += [["三年一班", str(n), names[n - 1], a] for n, a in enumerate(accounts, start=1)]
    return imported(signed_in(admin), school, rows)


def _signed_in_as(client: Client) -> Learner:
    assert client.session["signed_in_as_student"] is True
    return Learner.objects.get(pk=client.session["learner_id"])


def test_a_student_the_roster_names_by_subject_signs_in_with_the_button_alone(db, school):
    ming, _hua = _roster_imported(["edu-tw:s-2001", ""])
    give_progress(ming.learner, get_curriculum().lessons[0])
    tablet = Client()
    response = _sign_in(tablet, "student", "s-2001")
    assert response["Location"] == "/"  # no pictures: straight to the lessons
    assert _signed_in_as(tablet) == ming.learner  # their own learner, with their progress
    assert PuzzleResult.objects.filter(learner=_signed_in_as(tablet)).count() == 1
    identity = SchoolIdentity.objects.get()
    assert (identity.issuer, identity.subject, identity.provider) == (
        school.issuer,
        "s-2001",
        "edu-tw",
    )
    assert (identity.student, identity.user) == (ming, None)
    again = Client()
    assert _sign_in(again, "student", "s-2001")["Location"] == "/"
    assert _signed_in_as(again) == ming.learner
    assert SchoolIdentity.objects.count() == 1


def test_a_verified_email_finds_the_student_only_at_the_schools_own_provider(db, school, settings):
    _ming, hua = _roster_imported(["", "s2002@school.edu.tw"])
    # Not the school's own (OIDC_EDU_TW_ROSTER_EMAILS unset): the e-mail finds nobody.
    assert _sign_in(Client(), "student", "s-2002")["Location"] == "/join/"
    assert not SchoolIdentity.objects.exists()
    settings.SCHOOL_SIGN_IN_PROVIDERS = (replace(school, roster_emails=True),)
    tablet = Client()
    assert _sign_in(tablet, "student", "s-2002")["Location"] == "/"
    assert _signed_in_as(tablet) == hua.learner
    identity = SchoolIdentity.objects.get()
    assert (identity.subject, identity.student) == ("s-2002", hua)  # linked on the subject
    # The roster drops the e-mail: the subject still signs the student in.
    Student.objects.filter(pk=hua.pk).update(school_account="")
    later = Client()
    assert _sign_in(later, "student", "s-2002")["Location"] == "/"
    assert _signed_in_as(later) == hua.learner


def test_an_unverified_email_never_links_a_student(db, school, settings):
    settings.SCHOOL_SIGN_IN_PROVIDERS = (replace(school, roster_emails=True),)
    _ming, _hua, tung = _roster_imported(["", "", "s2003@school.edu.tw"])
    client = Client()
    response = _sign_in(client, "student", "s-2003")
    assert response["Location"] == "/join/"  # the pictures, once, as with no roster at all
    assert "第一次用學校帳號" in client.get("/join/").content.decode()
    assert not SchoolIdentity.objects.exists()
    assert "learner_id" not in client.session
    code = tung.classroom.join_code
    url = f"/join/{code}/{tung.pk}/"
    picture_pair = {"first": tung.secret_first, "second": tung.secret_second}
    assert client.post(url, picture_pair).status_code == 302
    assert SchoolIdentity.objects.get(subject="s-2003").student == tung


def test_one_account_in_two_schools_rosters_signs_in_neither(db, school):
    ming, _hua = _roster_imported(["edu-tw:s-2001", ""])
    other = _classroom_with_student("ms-wu")
    Student.objects.filter(pk=other.pk).update(school_account="edu-tw:s-2001")
    assert _sign_in(Client(), "student", "s-2001")["Location"] == "/join/"
    assert not SchoolIdentity.objects.exists()
    assert ming.school_account == "edu-tw:s-2001"


def test_a_school_sign_in_waiting_on_a_shared_tablet_is_not_linked_to_the_next_child(db, school):
    ming, _hua = _roster_imported(["edu-tw:s-2001", ""])
    tablet = Client()
    assert _sign_in(tablet, "student", "s-2003")["Location"] == "/join/"  # nobody's: waits
    assert _sign_in(tablet, "student", "s-2001")["Location"] == "/"  # 王小明, by the roster
    assert _signed_in_as(tablet) == ming.learner
    assert list(SchoolIdentity.objects.values_list("subject", "student")) == [("s-2001", ming.pk)]


@pytest.mark.parametrize("button", ["reset_secret", "new_badge"])
def test_new_pictures_or_a_new_badge_end_a_school_link_made_with_the_old_card(db, school, button):
    """Before (issue 44): an attacker who photographed the card linked their school account
    with its pictures, and after 換新圖案 and 換新 QR 碼 their button still signed in as the
    child. After: the link is gone; their button waits at /join/ again."""
    from django.urls import reverse

    student = _classroom_with_student()
    attacker = Client()
    assert _sign_in(attacker, "student", "s-2003")["Location"] == "/join/"
    pictures = {"first": "sun", "second": "moon"}
    attacker.post(f"/join/{student.classroom.join_code}/{student.pk}/", pictures)
    assert SchoolIdentity.objects.get(subject="s-2003").student == student
    teacher = Client()
    teacher.force_login(student.classroom.teacher)
    assert teacher.post(reverse(f"people:{button}", args=[student.pk])).status_code == 302
    assert not SchoolIdentity.objects.filter(student=student).exists()
    again = Client()
    assert _sign_in(again, "student", "s-2003")["Location"] == "/join/"
    assert "signed_in_as_student" not in again.session


def test_the_class_roster_says_which_children_have_a_school_link_and_since_when(db, school):
    from django.urls import reverse

    student = _classroom_with_student()
    other = Student.objects.create(
        classroom=student.classroom,
        learner=Learner.objects.create(nickname="李小華", avatar="N"),
        secret_first="sun",
        secret_second="tree",
        seat_number=2,
    )
    SchoolIdentity.objects.create(
        issuer="https://idp.example", subject="s-1", provider="edu-tw", student=student
    )
    teacher = Client()
    teacher.force_login(student.classroom.teacher)
    page = teacher.get(reverse("people:class_roster", args=[student.classroom_id]))
    text = page.content.decode()
    assert text.count("data-school-link") == 1
    assert "起用學校帳號登入" in text
    assert other.learner.nickname in text
