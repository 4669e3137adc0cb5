"""Where a school's accounts come from (School.microsoft_tenant, School.account_domain):
an administrator names a tenant or domain their own linked school account is of, never
another; the import refuses an e-mail outside the school's domain and says which accounts
the school cannot vouch for yet (they link once with the pictures)."""

import logging

import pytest
from django.urls import reverse

from people.models import School, SchoolTeacher, Student
from people.rosters.files import school_account
from school_sign_in.models import SchoolIdentity
from tests.people.conftest import make_grown_up, signed_in
from tests.people.rosters import confirm, csv_bytes, make_school, problem_rows, upload

pytestmark = pytest.mark.django_db

TENANT = "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0"
OTHER_TENANT = "11111111-2222-3333-4444-555555555555"
HEADER = ["班級", "座號", "姓名", "學校帳號"]


@pytest.fixture
def school():
    return make_school(make_grown_up("admin"))


@pytest.fixture
def admin(school):
    return school.memberships.get().user


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


def test_an_administrator_names_the_tenant_of_their_own_school_account(admin, school, caplog):
    own_identity(admin, tenant=TENANT)
    client = signed_in(admin)
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    assert f'<option value="tenant:{TENANT}">' in page
    with caplog.at_level(logging.INFO, logger="tutor.audit"):
        response = set_source(client, school, f"tenant:{TENANT}")
    assert response.status_code == 302
    school.refresh_from_db()
    assert (school.microsoft_tenant, school.account_domain) == (TENANT, "")
    assert f"school {school.pk}: account source set by user {admin.pk}" in caplog.text
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    assert f"<code>{TENANT}</code>" in page


def test_a_domain_is_named_beside_the_tenant_and_neither_clears_both(admin, school):
    own_identity(admin, tenant=TENANT)
    own_identity(admin, domain="school.edu.tw", provider="google", subject="g-1")
    client = signed_in(admin)
    set_source(client, school, f"tenant:{TENANT}")
    set_source(client, school, "domain:school.edu.tw")
    school.refresh_from_db()
    assert (school.microsoft_tenant, school.account_domain) == (TENANT, "school.edu.tw")
    assert set_source(client, school, "none").status_code == 302
    school.refresh_from_db()
    assert (school.microsoft_tenant, school.account_domain) == ("", "")


def test_a_tenant_not_of_the_administrators_own_account_is_refused(admin, school):
    own_identity(admin, tenant=OTHER_TENANT)
    response = set_source(signed_in(admin), school, f"tenant:{TENANT}")
    assert response.status_code == 400
    assert "請選你自己學校帳號的租用戶或網域。" in response.content.decode()
    school.refresh_from_db()
    assert school.microsoft_tenant == ""


def test_without_a_linked_school_account_the_page_says_to_link_one(admin, school):
    page = signed_in(admin).get(reverse("people:school", args=[school.pk])).content.decode()
    assert "先連結你自己的學校帳號，再回來設定：" in page
    assert 'name="source"' not in page.replace('value="none"', "")


def test_only_the_schools_administrators_name_its_source(admin, school):
    teacher = make_grown_up("teacher")
    SchoolTeacher.objects.create(school=school, user=teacher, is_admin=False)
    own_identity(teacher, tenant=TENANT)
    assert set_source(signed_in(teacher), school, f"tenant:{TENANT}").status_code == 404
    stranger = make_grown_up("stranger")
    own_identity(stranger, tenant=TENANT, subject="t-2")
    assert set_source(signed_in(stranger), school, f"tenant:{TENANT}").status_code == 404
    school.refresh_from_db()
    assert school.microsoft_tenant == ""


def test_the_import_refuses_an_email_outside_the_schools_domain(admin, school):
    School.objects.filter(pk=school.pk).update(account_domain="school.edu.tw")
    rows = [
        HEADER,
        ["三年一班", "1", "王小明", "s1@school.edu.tw"],
        ["三年一班", "2", "李小華", "hua@gmail.com"],
        ["三年一班", "3", "陳大同", "edu-tw:s-2003"],
    ]
    response = upload(signed_in(admin), school, {"roster.csv": csv_bytes(rows)})
    assert response.status_code == 400
    assert problem_rows(response) == [
        ("roster.csv", "3", "學校帳號 hua@gmail.com 不在網域 school.edu.tw。")
    ]
    assert not Student.objects.exists()


def test_a_school_that_names_no_source_on_a_shared_server_is_warned(admin, school):
    make_school(make_grown_up("other-admin"))
    rows = [HEADER, ["三年一班", "1", "王小明", "edu-tw:s-2001"], ["三年一班", "2", "李小華", ""]]
    client = signed_in(admin)
    preview = upload(client, school, {"roster.csv": csv_bytes(rows)})
    page = preview.content.decode()
    assert "data-unvouched" in page
    assert "其中 1 個學校帳號要先用圖卡登入一次：學校還沒設定它們來自哪裡。" in page
    assert confirm(client, school, preview).status_code == 200  # a warning, not a refusal
    assert Student.objects.get(seat_number=1).school_account == "edu-tw:s-2001"


def test_the_servers_one_school_and_a_school_with_its_source_are_not_warned(admin, school):
    rows = [HEADER, ["三年一班", "1", "王小明", "microsoft:0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0"]]
    client = signed_in(admin)
    assert (
        "data-unvouched" not in upload(client, school, {"r.csv": csv_bytes(rows)}).content.decode()
    )
    make_school(make_grown_up("other-admin"))
    assert "data-unvouched" in upload(client, school, {"r.csv": csv_bytes(rows)}).content.decode()
    School.objects.filter(pk=school.pk).update(microsoft_tenant=TENANT)
    preview = upload(client, school, {"r.csv": csv_bytes(rows)})
    assert "data-unvouched" not in preview.content.decode()
    confirm(client, school, preview)
    # an Entra object id is kept lower-case, as the sign-in's `oid` is read
    assert Student.objects.get().school_account == f"microsoft:{TENANT}"


def test_an_entra_object_id_is_kept_lower_case_and_a_microsoft_sub_as_written():
    assert school_account("Microsoft:6A2B3C4D-1111-2222-3333-444455556666") == (
        "microsoft:6a2b3c4d-1111-2222-3333-444455556666",
        None,
    )
    assert school_account("microsoft:AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ") == (
        "microsoft:AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
        None,
    )


@pytest.mark.parametrize(
    "domain",
    [
        "mail.edu.tw",
        "gmail.com",
        "googlemail.com",
        "outlook.com",
        "hotmail.com",
        "live.com",
        "yahoo.com.tw",
        "yahoo.com",
        "icloud.com",
    ],
)
def test_a_domain_many_schools_share_is_refused_and_nothing_is_written(admin, school, domain):
    own_identity(admin, domain=domain, provider="edu-tw", subject="e-1")
    client = signed_in(admin)
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    assert f'value="domain:{domain}"' not in page  # not offered
    assert f"很多學校共用網域 {domain}，它不能代表一所學校。" in page
    response = set_source(client, school, f"domain:{domain}")
    assert response.status_code == 400
    assert f"很多學校共用網域 {domain}，它不能代表一所學校。" in response.content.decode()
    school.refresh_from_db()
    assert (school.microsoft_tenant, school.account_domain) == ("", "")


def test_the_operator_adds_a_shared_domain_and_the_others_stay_shared(admin, school, settings):
    settings.SHARED_ACCOUNT_DOMAINS = settings.SHARED_ACCOUNT_DOMAINS | {"mail.county.edu.tw"}
    own_identity(admin, domain="mail.county.edu.tw", provider="edu-tw", subject="e-1")
    response = set_source(signed_in(admin), school, "domain:mail.county.edu.tw")
    assert response.status_code == 400
    assert "很多學校共用網域 mail.county.edu.tw，它不能代表一所學校。" in response.content.decode()
    school.refresh_from_db()
    assert school.account_domain == ""


def test_a_schools_own_domain_beside_a_shared_one_is_still_offered(admin, school):
    own_identity(admin, domain="gmail.com", provider="edu-tw", subject="e-1")
    own_identity(admin, domain="school.edu.tw", provider="google", subject="g-1")
    client = signed_in(admin)
    page = client.get(reverse("people:school", args=[school.pk])).content.decode()
    assert '<option value="domain:school.edu.tw">' in page
    assert 'value="domain:gmail.com"' not in page
    assert set_source(client, school, "domain:school.edu.tw").status_code == 302
    school.refresh_from_db()
    assert school.account_domain == "school.edu.tw"
