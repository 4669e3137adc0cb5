"""A student's session on a device: how it begins (the pictures, the QR badge or the
school's account all end here) and how long a shared device keeps it."""

from datetime import timedelta

from django.contrib.auth import logout
from django.dispatch import Signal
from django.http import HttpRequest

from lessons.learners import forget_in_sessions, use_learner
from people.assignments import STUDENT_SESSION_KEY
from people.models import Student

SHARED_DEVICE_IDLE = timedelta(minutes=20)
# Sent with `request` and `student` as a student signs in, before the session is renewed
# (school_sign_in links a school account waiting in it).
student_signed_in = Signal()
# Sent with `student` once the teacher gave them new pictures or a new QR badge: every
# sign-in made with the old ones ends (school_sign_in removes the school-account links:
# an attacker who photographed the card and linked their school account is out too).
student_secrets_changed = Signal()


def end_old_secrets(student: Student) -> None:
    """New pictures or a new badge: sessions and school-account links made before end."""
    forget_in_sessions({student.learner_id}, also=(STUDENT_SESSION_KEY,))
    student_secrets_changed.send(sender=Student, student=student)


def sign_in_student(request: HttpRequest, student: Student) -> None:
    student_signed_in.send(sender=Student, request=request, student=student)
    logout(request)  # a grown-up signed in on this device is signed out; a new session begins
    use_learner(request, student.learner)
    request.session[STUDENT_SESSION_KEY] = True
    if student.classroom.shared_devices:
        # Django counts an int expiry from the session's last save: idle this long, it ends.
        request.session.set_expiry(int(SHARED_DEVICE_IDLE.total_seconds()))
