import pytest

from tests.browser.conftest import (  # noqa: F401
    axe,
    browser_context_args,
    browser_type_launch_args,
    screenshot_dir,
)
from tests.people.conftest import classroom, other_teacher, outsider, teacher  # noqa: F401


@pytest.fixture
def new_context(browser):
    """browser.new_context, every context closed at the end: a page left open keeps
    polling the live server after the test is over."""
    opened = []

    def make(**options):
        context = browser.new_context(locale="zh-TW", **options)
        opened.append(context)
        return context

    yield make
    for context in opened:
        context.close()
