"""Whom a roster-named school sign-in trusts, end to end against a real OpenID Connect
provider (npm's oidc-provider on 127.0.0.1, tests/oidc/, issuing Microsoft's `tid` and
`oid` and Google's `hd`): a roster's school account links a student on the first sign-in
only when the sign-in is of the student's school (its tenant or domain), or the school
has said nothing and is the server's one school. A second school's teacher cannot sign a
first school's student into their class. Microsoft students are named by their Entra
object id (`microsoft:<oid>`), matched on (tid, oid) and linked on their `sub`. A class's
teacher unlinks a school account; the next sign-in takes the pictures or the roster."""

from urllib.parse import parse_qsl, urlsplit

import pytest
from django.test import Client

from people.models import School, Student
from school_sign_in import accounts
from school_sign_in.models import SchoolIdentity
from school_sign_in.oidc import Person
from tests.oidc.provider import one_client, port_for, running, sign_in_at
from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import imported as roster_imported
from tests.people.rosters import make_school
from tutor.oidc_providers import Provider

PORT = port_for(8156)
CALLBACK = "http://testserver/accounts/school/callback/"
TENANT = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
OTHER_TENANT = "99999999-8888-7777-6666-555555555555"
MING_OID = "6a2b3c4d-1111-2222-3333-444455556666"
ACCOUNTS = {
    # Microsoft: `sub` is this application's; `oid` the tenant's, the same in every app
    "ms-teacher": {"name": "林老師", "tid": TENANT, "oid": "1a2b3c4d-0000-0000-0000-000000000001"},
    "ms-ming": {"name": "王小明", "tid": TENANT, "oid": MING_OID, "email": "ming@school.edu.tw"},
    "ms-stranger": {"name": "陌生人", "tid": OTHER_TENANT, "oid": MING_OID},
    # Google Workspace: `hd` is the school's domain; a personal account has none
    "g-teacher": {
        "name": "陳老師",
        "hd": "school.edu.tw",
        "email": "chen@school.edu.tw",
        "email_verified": True,
    },
    "g-hua": {
        "name": "李小華",
        "hd": "school.edu.tw",
        "email": "hua@school.edu.tw",
        "email_verified": True,
    },
    "g-other": {
        "name": "別校",
        "hd": "other.edu.tw",
        "email": "x@other.edu.tw",
        "email_verified": True,
    },
    # claims not of their shape (a tenant that is no GUID, a domain of 300 letters)
    "ms-odd": {"name": "怪", "tid": "x" * 300, "oid": "not-a-guid"},
    "g-odd": {"name": "怪", "hd": "a" * 300 + ".tw"},
    # the education sign-on says no tenant or domain of its own
    "s-2001": {"name": "陳大同", "email": "s2001@mail.edu.tw", "email_verified": True},
}
HEADER = ["班級", "座號", "姓名", "學校帳號"]


@pytest.fixture(scope="module")
def local_issuer():
    """One provider process for the module: it knows every account above."""
    with running(PORT, one_client(CALLBACK), ACCOUNTS) as issuer:
        yield issuer


@pytest.fixture
def providers(settings, local_issuer):
    """Three providers at the one local issuer, as a school server configures them."""
    settings.SCHOOL_SIGN_IN_PROVIDERS = tuple(
        Provider(slug, local_issuer, "tutor", "s3cret", students=True)
        for slug in ("edu-tw", "google", "microsoft")
    )


def sign_in(client: Client, slug: str, who: str, login: str):
    """Press the button, sign in at the provider, come back: the callback's response."""
    if who == "link":
        location = client.post(f"/accounts/school/{slug}/link/").context["url"]
    else:
        location = client.get(f"/accounts/school/{slug}/{who}/")["Location"]
    back = urlsplit(sign_in_at(location, login, back_to=CALLBACK))
    return client.get(back.path, dict(parse_qsl(back.query)))


def imported(school: School, admin, rows: list[list[str]]) -> list[Student]:
    return roster_imported(signed_in(admin), school, [HEADER, *rows])


def signed_in_student(client: Client) -> Student:
    assert client.session["signed_in_as_student"] is True
    return Student.objects.get(learner_id=client.session["learner_id"])


def test_a_second_schools_roster_cannot_take_a_first_schools_student(db, providers):
    """The stranger: a teacher makes a school of their own and names an account that is
    not theirs. With two schools and no tenant or domain set, nobody links by the roster."""
    make_school(make_grown_up("real-admin"))  # the student's own school, which named nobody
    stranger = make_grown_up("stranger")
    (taken,) = imported(
        make_school(stranger), stranger, [["一年一班", "1", "陳大同", "edu-tw:s-2001"]]
    )
    client = Client()
    assert sign_in(client, "edu-tw", "student", "s-2001")["Location"] == "/join/"  # the pictures
    assert "learner_id" not in client.session
    assert not SchoolIdentity.objects.exists()
    assert taken.school_account == "edu-tw:s-2001"  # named, but it vouches for nothing


def test_the_servers_one_school_with_no_source_links_as_before(db, providers):
    admin = make_grown_up("admin")
    (tung,) = imported(make_school(admin), admin, [["三年一班", "1", "陳大同", "edu-tw:s-2001"]])
    client = Client()
    assert sign_in(client, "edu-tw", "student", "s-2001")["Location"] == "/"
    assert signed_in_student(client) == tung


def test_an_administrator_names_their_tenant_and_its_microsoft_students_link_by_oid(db, providers):
    admin = make_grown_up("admin")
    school = make_school(admin)
    make_school(make_grown_up("other-admin"))  # a shared server
    admin_client = signed_in(admin)
    # The administrator proves the tenant by linking their own Microsoft school account.
    assert (
        sign_in(admin_client, "microsoft", "link", "ms-teacher")["Location"] == "/accounts/school/"
    )
    assert SchoolIdentity.objects.get(user=admin).tenant == TENANT
    page = admin_client.get(f"/teacher/schools/{school.pk}/").content.decode()
    assert f'<option value="tenant:{TENANT}">' in page
    admin_client.post(f"/teacher/schools/{school.pk}/accounts/", {"source": f"tenant:{TENANT}"})
    school.refresh_from_db()
    assert school.microsoft_tenant == TENANT
    # The school's IT writes the Entra object id (as Graph's `id` gives it, any case).
    (ming,) = imported(
        school, admin, [["三年一班", "1", "王小明", f"microsoft:{MING_OID.upper()}"]]
    )
    assert ming.school_account == f"microsoft:{MING_OID}"
    tablet = Client()
    assert sign_in(tablet, "microsoft", "student", "ms-ming")["Location"] == "/"  # no pictures
    assert signed_in_student(tablet) == ming
    identity = SchoolIdentity.objects.get(student=ming)
    assert (identity.subject, identity.provider, identity.tenant) == (
        "ms-ming",
        "microsoft",
        TENANT,
    )
    again = Client()  # later sign-ins find the student by the subject
    assert sign_in(again, "microsoft", "student", "ms-ming")["Location"] == "/"
    assert signed_in_student(again) == ming


def test_the_same_object_id_in_another_tenant_finds_nobody(db, providers):
    admin = make_grown_up("admin")
    school = make_school(admin)
    School.objects.filter(pk=school.pk).update(microsoft_tenant=TENANT)
    imported(school, admin, [["三年一班", "1", "王小明", f"microsoft:{MING_OID}"]])
    assert sign_in(Client(), "microsoft", "student", "ms-stranger")["Location"] == "/join/"
    assert not SchoolIdentity.objects.exists()


def test_a_google_domain_school_links_its_own_domains_accounts_only(db, providers):
    admin = make_grown_up("admin")
    school = make_school(admin)
    make_school(make_grown_up("other-admin"))
    admin_client = signed_in(admin)
    sign_in(admin_client, "google", "link", "g-teacher")
    assert SchoolIdentity.objects.get(user=admin).domain == "school.edu.tw"
    admin_client.post(f"/teacher/schools/{school.pk}/accounts/", {"source": "domain:school.edu.tw"})
    hua, other = imported(
        school,
        admin,
        [["三年一班", "1", "李小華", "google:g-hua"], ["三年一班", "2", "別人", "google:g-other"]],
    )
    tablet = Client()
    assert sign_in(tablet, "google", "student", "g-hua")["Location"] == "/"
    assert signed_in_student(tablet) == hua
    # named in the roster, but the sign-in is of another Workspace: the pictures decide
    assert sign_in(Client(), "google", "student", "g-other")["Location"] == "/join/"
    assert not SchoolIdentity.objects.filter(student=other).exists()


def test_a_stranger_cannot_name_a_tenant_their_own_account_is_not_of(db, providers):
    make_school(make_grown_up("real-admin"))
    stranger = make_grown_up("stranger")
    school = make_school(stranger)
    client = signed_in(stranger)
    sign_in(client, "microsoft", "link", "ms-stranger")  # their own account: OTHER_TENANT
    response = client.post(
        f"/teacher/schools/{school.pk}/accounts/", {"source": f"tenant:{TENANT}"}
    )
    assert response.status_code == 400
    school.refresh_from_db()
    assert school.microsoft_tenant == ""


def test_a_teacher_unlinks_a_mixed_up_link_and_the_next_sign_in_asks_for_the_pictures(
    db, providers
):
    """A shared tablet: 陳大同's school sign-in waited, 王小明 typed his pictures, so 陳大同's
    school account signs 王小明 in. The teacher unlinks it; 陳大同's next school sign-in
    waits for the pictures again instead of signing in as 王小明."""
    admin = make_grown_up("admin")
    ming, tung = imported(
        make_school(admin),
        admin,
        [["三年一班", "1", "王小明", ""], ["三年一班", "2", "陳大同", ""]],
    )
    tablet = Client()
    assert sign_in(tablet, "edu-tw", "student", "s-2001")["Location"] == "/join/"
    code = ming.classroom.join_code
    tablet.post(
        f"/join/{code}/{ming.pk}/", {"first": ming.secret_first, "second": ming.secret_second}
    )
    assert SchoolIdentity.objects.get(subject="s-2001").student == ming  # the mix-up
    teacher = signed_in(ming.classroom.teacher)
    confirm_page = teacher.get(f"/teacher/students/{ming.pk}/school-account/")
    assert "要解除「王小明」的學校帳號嗎？" in confirm_page.content.decode()
    assert teacher.post(f"/teacher/students/{ming.pk}/school-account/").status_code == 302
    assert not SchoolIdentity.objects.exists()
    assert "learner_id" not in tablet.session  # the tablet signed in as 王小明 is signed out
    again = Client()
    assert sign_in(again, "edu-tw", "student", "s-2001")["Location"] == "/join/"
    again.post(
        f"/join/{code}/{tung.pk}/", {"first": tung.secret_first, "second": tung.secret_second}
    )
    assert SchoolIdentity.objects.get(subject="s-2001").student == tung


def test_an_unlinked_roster_account_links_again_by_the_roster_unless_cleared(db, providers):
    admin = make_grown_up("admin")
    (tung,) = imported(make_school(admin), admin, [["三年一班", "1", "陳大同", "edu-tw:s-2001"]])
    assert sign_in(Client(), "edu-tw", "student", "s-2001")["Location"] == "/"
    teacher = signed_in(tung.classroom.teacher)
    teacher.post(f"/teacher/students/{tung.pk}/school-account/")
    assert sign_in(Client(), "edu-tw", "student", "s-2001")["Location"] == "/"  # the roster again
    teacher.post(f"/teacher/students/{tung.pk}/school-account/", {"roster": "1"})
    tung.refresh_from_db()
    assert tung.school_account == ""
    assert sign_in(Client(), "edu-tw", "student", "s-2001")["Location"] == "/join/"
    assert not SchoolIdentity.objects.exists()


def _person(**claims) -> Person:
    fields = {"issuer": "https://idp.example", "subject": "s-1", "email": "", "name": ""}
    return Person(**{**fields, "email_verified": False, **claims})


@pytest.mark.parametrize(
    ("slug", "roster_emails", "claims", "trusted"),
    [
        # the education sign-on: a verified e-mail's domain, where its accounts are the school's
        ("edu-tw", True, {"email": "S1@School.edu.tw", "email_verified": True}, True),
        ("edu-tw", False, {"email": "s1@school.edu.tw", "email_verified": True}, False),
        ("edu-tw", True, {"email": "s1@school.edu.tw", "email_verified": False}, False),
        ("edu-tw", True, {"email": "s1@mail.edu.tw", "email_verified": True}, False),
        # Google: only `hd`, never a verified e-mail (anybody may verify an address there)
        ("google", True, {"hosted_domain": "school.edu.tw"}, True),
        ("google", True, {"email": "s1@school.edu.tw", "email_verified": True}, False),
        # Microsoft: the tenant, whatever the domain says
        ("microsoft", False, {"tenant": TENANT}, True),
        ("microsoft", False, {"tenant": OTHER_TENANT}, False),
        ("microsoft", True, {"email": "s1@school.edu.tw", "email_verified": True}, False),
    ],
)
def test_whom_a_school_with_a_tenant_and_a_domain_vouches_for(
    db, slug, roster_emails, claims, trusted
):
    school = School.objects.create(
        name="光明國小", school_year=114, microsoft_tenant=TENANT, account_domain="school.edu.tw"
    )
    provider = Provider(
        slug, "https://idp.example", "tutor", "s3cret", students=True, roster_emails=roster_emails
    )
    assert accounts.trusts(school, _person(**claims), provider) is trusted


def test_a_school_that_said_nothing_vouches_only_while_it_is_the_only_one(db):
    provider = Provider("edu-tw", "https://idp.example", "tutor", "s3cret", students=True)
    first = School.objects.create(name="光明國小", school_year=114)
    assert accounts.trusts(first, _person(), provider) is True
    School.objects.create(name="別的學校", school_year=114)
    assert accounts.trusts(first, _person(), provider) is False
    assert accounts.trusts(None, _person(), provider) is False


def test_a_claim_not_of_its_shape_reads_as_none_and_signs_in_as_without_it(db, providers):
    assert sign_in(Client(), "microsoft", "teacher", "ms-odd")["Location"] == "/teacher/"
    assert sign_in(Client(), "google", "teacher", "g-odd")["Location"] == "/teacher/"
    marks = SchoolIdentity.objects.order_by("subject").values_list("subject", "tenant", "domain")
    assert list(marks) == [("g-odd", "", ""), ("ms-odd", "", "")]
