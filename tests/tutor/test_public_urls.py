"""Every public address stays where it is: printed QR cards, login cards, worksheets and
bookmarks point at them. `public_urls.tsv` lists each route and its name; moving code
between apps must leave the list as it is, and a new page adds its line on purpose."""

from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

LISTED = Path(__file__).with_name("public_urls.tsv")


def _routes(resolver: URLResolver, prefix: str = "", namespace: str = ""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            inner = namespace + (f"{entry.namespace}:" if entry.namespace else "")
            yield from _routes(entry, prefix + str(entry.pattern), inner)
        elif isinstance(entry, URLPattern):
            yield f"{prefix}{entry.pattern}\t{namespace}{entry.name or ''}"


def test_every_public_address_is_listed_and_every_listed_one_is_served():
    served = list(_routes(get_resolver()))
    listed = LISTED.read_text(encoding="utf-8").splitlines()
    assert len(served) == len(set(served))
    assert sorted(set(served) - set(listed)) == [], "a new route: add its line to public_urls.tsv"
    assert sorted(set(listed) - set(served)) == [], "a listed address is no longer served"


def test_every_app_reads_ids_through_the_projects_converter():
    from django.urls import Resolver404, resolve

    assert resolve("/teacher/classes/12/").kwargs["classroom_id"] == 12
    assert resolve("/live/sessions/7/audience/").kwargs["session_id"] == 7
    for too_long in ("/teacher/classes/1234567890123456789/", "/live/sessions/²/audience/"):
        try:
            resolve(too_long)
        except Resolver404:
            continue
        raise AssertionError(f"{too_long} resolved")
