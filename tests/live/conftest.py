from tests.browser.conftest import (  # noqa: F401
    axe,
    browser_context_args,
    browser_type_launch_args,
    screenshot_dir,
)
from tests.people.conftest import classroom, other_teacher, outsider, teacher  # noqa: F401
