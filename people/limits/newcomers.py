"""How many anonymous learners one client address may start: the first answer from a new
browser makes a session and a Learner (lessons.learners), so without a limit anyone could
fill the tables from one machine.

A limit per client address, read through the trusted proxies (plumbing.client_address), and
sized for a school behind one address: 30 children × 3 browsers each (a tablet, a lab
computer, a private window) is 90 new learners in a lesson hour, two classes at once 180.
So NEW_LEARNERS_PER_ADDRESS = 240 an hour (4 a minute over the hour, 1 per 15 s): a class
never meets it, a script making learners gets 240 an hour instead of thousands a minute.
Counted before the learner is made, atomically like the sign-in tries
(people.limits.rate_limit.reserve: the row first, then the count, own row included), so
browsers arriving at once cannot pass it together. A class whose students sign in (a
teacher's class, /join/) makes no anonymous learner and is not counted.

Refused, the answer is not recorded and nothing is written; the page says so in the
learner's language and keeps the answer to send again (lessons.views, 429).
"""

from datetime import timedelta

from django.dispatch import receiver
from django.utils import timezone

from lessons.signals import NewLearnerRefused, learner_wanted
from people.limits import rate_limit
from people.models import LoginFailure

SCOPE = "new-learner"
NEW_LEARNERS_PER_ADDRESS = 240
WINDOW = timedelta(hours=1)  # rate_limit.KEPT_FOR keeps the rows that long


@receiver(learner_wanted)
def limit_per_address(sender, request, **kwargs) -> None:
    """Count this new learner for its address; NewLearnerRefused past the limit."""
    address = rate_limit.address(request)
    if rate_limit.reserve(SCOPE, address, NEW_LEARNERS_PER_ADDRESS, WINDOW) is None:
        raise NewLearnerRefused(retry_after=_seconds_until_one_frees(address))


def _seconds_until_one_frees(address: str) -> int:
    """When the oldest new learner counted in the window leaves it."""
    since = timezone.now() - WINDOW
    oldest = (
        LoginFailure.objects.filter(scope=SCOPE, key=address, created_at__gte=since)
        .order_by("created_at")
        .values_list("created_at", flat=True)
        .first()
    )
    if oldest is None:
        return 1
    return max(1, int((oldest + WINDOW - timezone.now()).total_seconds()) + 1)
