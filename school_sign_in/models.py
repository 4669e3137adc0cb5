"""A school account (an issuer and its subject id) linked to one of our accounts."""

from django.conf import settings
from django.db import models
from django.utils import timezone

from people.models import Student


class SchoolIdentity(models.Model):
    """The provider's stable id for a person, and whose account it signs in: a grown-up's
    (a teacher's) or a student's, never both. Found only by (issuer, subject): an e-mail
    address, verified or not, never finds an account."""

    issuer = models.CharField(max_length=255)
    subject = models.CharField(max_length=255)
    provider = models.CharField(max_length=20)  # the configured provider's slug, for the page
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="school_identities",
    )
    student = models.ForeignKey(
        Student,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="school_identities",
    )
    # What its latest sign-in said of its organisation: Microsoft's tenant (`tid`), the
    # domain (Google's `hd`, or a verified e-mail's at a provider whose accounts are the
    # school's own). An administrator whose account is of one may name it their school's.
    tenant = models.CharField(max_length=36, blank=True)
    domain = models.CharField(max_length=253, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    last_used_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["issuer", "subject"], name="one_account_a_school_id"),
            models.CheckConstraint(
                condition=models.Q(user__isnull=False, student__isnull=True)
                | models.Q(user__isnull=True, student__isnull=False),
                name="school_id_signs_in_one_account",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.provider} {self.subject}"
