import os

# Playwright's sync API runs an event loop in the test thread; Django must allow
# synchronous ORM calls from it (live_server set-up, fixtures).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
