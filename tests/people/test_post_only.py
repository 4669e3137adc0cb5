"""An address only a button posts to, opened as a page: a 405 with words and a way back."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("address", "words", "back"),
    [
        ("/accounts/logout/", "要登出，請按頁面上方的「登出」。", 'href="/"'),
        ("/parent/children/add/", "要新增孩子，請在家長區填寫表格。", 'href="/parent/"'),
    ],
)
def test_it_answers_a_get_with_a_page_in_the_learners_language(address, words, back):
    response = Client().get(address)
    page = response.content.decode()
    assert response.status_code == 405
    assert response["Allow"] == "POST"
    assert f"<p data-post-only>{words}</p>" in page and back in page
    assert 'lang="zh-Hant-TW"' in page


def test_it_still_signs_out_by_post():
    response = Client().post("/accounts/logout/")
    assert response.status_code == 302 and response["Location"] == "/"
