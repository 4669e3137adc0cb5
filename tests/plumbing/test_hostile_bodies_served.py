"""Through gunicorn, as `make serve` runs it: a body Django cannot read is a 400 in Chinese.

Before issue 9 the charset=latin-1 form body answered gunicorn's bare "Internal Server
Error" (the 500 view itself failed), which the test client does not show the same way.
"""

from tests.benchmarks.answer_load import PAGE, Session, served
from tests.crawler import UNREADABLE_BODIES

MESSAGE = "這個網址或表單看不懂，請回上一頁再試一次。".encode()


def test_unreadable_bodies_are_a_400_in_chinese_through_gunicorn(db):
    with served(workers=1) as (host, _):
        session = Session(host)
        assert session.request("GET", PAGE) == 200
        assert "csrftoken" in session.cookies
        answers = []
        for content_type, body in UNREADABLE_BODIES:
            for path in ("/lessons/board/board-step-to-e2/", "/no/such/page/"):
                status = session.request("POST", path, raw=(content_type, body))
                answers.append((content_type, path, status, MESSAGE in session.body))
    assert answers == [
        (content_type, path, 400, True)
        for content_type, _ in UNREADABLE_BODIES
        for path in ("/lessons/board/board-step-to-e2/", "/no/such/page/")
    ]
