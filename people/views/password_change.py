"""A signed-in grown-up changes their own password (「更改帳號密碼」).

Django's PasswordChangeForm: the password in use, then the new one twice, held to the
site's password validators. A wrong password in use counts as a failed sign-in at that
account (rate_limit's account delays: a session left open is not a way to guess it). The
change keeps this browser signed in (update_session_auth_hash) and signs the account out
everywhere else: Django checks each session's hash of the password at its next request.
The owner gets a mail (password_reset.tell_the_owner). An account that signs in only with
its school (OpenID Connect: no usable password here) is told so; it has nothing to change.
"""

from django.contrib.auth import update_session_auth_hash
from django.contrib.auth.forms import PasswordChangeForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from people.limits import rate_limit
from people.permissions import grown_up_of, grown_up_required
from people.views.accounts import too_many_tries
from people.views.password_reset import tell_the_owner


@grown_up_required
def change_password(request: HttpRequest) -> HttpResponse:
    user = request.user
    context = {"home": grown_up_of(user).home_url_name, "done": "done" in request.GET}
    if not user.has_usable_password():
        return render(request, "people/change_password.html", {**context, "school_only": True})
    if request.method != "POST":
        context["form"] = PasswordChangeForm(user)
        return render(request, "people/change_password.html", context)
    reserved, wait = rate_limit.account_try(user.pk)
    if wait:
        return too_many_tries(request, wait)
    form = PasswordChangeForm(user, request.POST)
    if not form.is_valid():
        if "old_password" not in form.errors:  # the password in use was right
            rate_limit.release([reserved])
        context = {**context, "form": form, "done": False}
        return render(request, "people/change_password.html", context, status=400)
    with transaction.atomic():  # the new password and the cleared failures, or neither
        rate_limit.clear_failures(rate_limit.ACCOUNT_SCOPE, rate_limit.account_key(user.pk))
        form.save()
    update_session_auth_hash(request, form.user)
    tell_the_owner(request, form.user, by_link=False)
    return redirect(reverse("people:change_password") + "?done")
