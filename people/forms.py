"""Forms of the people app: sign-up and sign-in, children, PIN, classes, students, assignments."""

import unicodedata

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

from people.avatars import DEFAULT_AVATAR, avatar_choices
from people.models import GrownUp, HereFor
from people.names import email_key, looks_disguised, name_key
from people.reports.lesson_index import lesson_choices

MAX_STUDENTS_PER_PASTE = 60
NICKNAME_MAX = 40


class SignUpForm(UserCreationForm):
    """A username or an e-mail address, a password, and what the grown-up is here for.

    The e-mail is only for password resets. A post without `here_for` (an older page) is
    a family's sign-up, as every sign-up was before the question was asked.
    """

    here_for = forms.ChoiceField(
        label=_("What are you here for?"),
        choices=HereFor.choices,
        initial=HereFor.FAMILY,
        required=False,
        widget=forms.RadioSelect,
    )
    field_order = ["here_for", "username", "email"]

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
        labels = {"username": _("Username or e-mail"), "email": _("E-mail (for password resets)")}
        help_texts = {"username": "", "email": ""}

    def clean_username(self) -> str:
        username = self.cleaned_data["username"]
        if looks_disguised(username):
            raise forms.ValidationError(
                _("This name mixes letters that look alike from different alphabets.")
            )
        if GrownUp.objects.filter(name_key=name_key(username)).exists():
            raise forms.ValidationError(_("An account with a name like this one exists."))
        return username

    def clean(self):
        cleaned = super().clean()
        username = cleaned.get("username") or ""
        if "@" in username and not cleaned.get("email"):
            cleaned["email"] = username
        email = cleaned.get("email") or ""
        verified = GrownUp.objects.filter(email_key=email_key(email), email_verified=True)
        if email and verified.exists():
            self.add_error(
                "email" if self.data.get("email") else "username",
                _("This e-mail already has an account: sign in, or ask for a new password."),
            )
        cleaned["here_for"] = cleaned.get("here_for") or HereFor.FAMILY
        return cleaned


class SignInForm(AuthenticationForm):
    """Django's sign-in, also accepting the e-mail address in place of the username."""

    username = forms.CharField(label=_("Username or e-mail"), max_length=254)

    def clean_username(self) -> str:
        """An e-mail address signs in only the account that verified it."""
        username = self.cleaned_data["username"].strip()
        if "@" in username:
            users = get_user_model().objects.filter(
                grown_up__email_key=email_key(username), grown_up__email_verified=True
            )
            if len(users) == 1 and users[0].get_username() != username:
                return users[0].get_username()
        return username


class DeleteAccountForm(forms.Form):
    """The account's password, so nobody else at an open screen deletes it.

    An account that signs in only with its school has no password here: it types its
    account's name instead (`by_name`), so the deletion is never one careless click.
    """

    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        self.by_name = not user.has_usable_password()
        self.password_guessed = False  # a password was checked and was wrong
        if self.by_name:
            self.fields["password"] = forms.CharField(
                label=_("Your account's name"),
                help_text=_("You sign in with your school. Type this name: %(name)s")
                % {"name": user.get_username()},
                widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
            )

    def clean_password(self) -> str:
        typed = self.cleaned_data["password"]
        if self.by_name:
            if typed.strip().casefold() != self.user.get_username().casefold():
                raise forms.ValidationError(_("That is not the name of this account."))
        elif not self.user.check_password(typed):
            self.password_guessed = True
            raise forms.ValidationError(_("That is not the password of this account."))
        return typed


class ChildForm(forms.Form):
    nickname = forms.CharField(label=_("Nickname"), max_length=NICKNAME_MAX)
    avatar = forms.ChoiceField(
        label=_("Avatar"),
        choices=avatar_choices,
        initial=DEFAULT_AVATAR,
        widget=forms.RadioSelect,
    )

    def clean_nickname(self) -> str:
        return self.cleaned_data["nickname"].strip()


class PinForm(forms.Form):
    pin = forms.RegexField(
        label=_("PIN (4 to 6 digits)"),
        regex=r"^\d{4,6}$",
        error_messages={"invalid": _("Use 4 to 6 digits.")},
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )

    def clean_pin(self) -> str:
        # A Chinese keyboard may type full-width digits (１２３４): the same PIN as 1234.
        return "".join(str(unicodedata.digit(digit)) for digit in self.cleaned_data["pin"])


class ClassroomForm(forms.Form):
    name = forms.CharField(label=_("Class name"), max_length=60)


# Characters that turn text around (「王\u202eevil\u202c小明」 reads 王live小明): never in a name.
BIDI_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)


def split_nicknames(text: str) -> list[str]:
    """One nickname a line (only a new line separates: 「Lee, Tom」 is one name); blanks,
    lines of punctuation alone (「 , 、」), repeats and direction controls dropped."""
    names: list[str] = []
    for raw in text.splitlines():
        name = raw.translate(BIDI_CONTROLS).strip()
        if any(char.isalnum() for char in name) and name not in names:
            names.append(name)
    return names


class StudentListForm(forms.Form):
    nicknames = forms.CharField(
        label=_("Students' nicknames, one a line"),
        widget=forms.Textarea(attrs={"rows": 10}),
    )

    def clean_nicknames(self) -> list[str]:
        names = split_nicknames(self.cleaned_data["nicknames"])
        if not names:
            raise forms.ValidationError(_("Write at least one nickname."))
        if len(names) > MAX_STUDENTS_PER_PASTE:
            raise forms.ValidationError(
                _("At most %(max)d students at a time."), params={"max": MAX_STUDENTS_PER_PASTE}
            )
        too_long = [name for name in names if len(name) > NICKNAME_MAX]
        if too_long:
            raise forms.ValidationError(
                _("A nickname has at most %(max)d characters: %(name)s"),
                params={"max": NICKNAME_MAX, "name": too_long[0]},
            )
        return names


class MoveStudentForm(forms.Form):
    classroom = forms.TypedChoiceField(label=_("Move to class"), coerce=int)

    def __init__(self, *args, classrooms, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["classroom"].choices = [(c.pk, c.name) for c in classrooms]


class AssignmentForm(forms.Form):
    lesson = forms.ChoiceField(label=_("Lesson"), choices=lesson_choices)
    due_on = forms.DateField(
        label=_("Due date (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    until_mastered = forms.BooleanField(
        label=_("Practise until mastered (practice and review, not only the lesson)"),
        required=False,
    )


class ClassCodeForm(forms.Form):
    code = forms.CharField(
        label=_("Class code"),
        max_length=12,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )

    def clean_code(self) -> str:
        return self.cleaned_data["code"].strip().upper().replace(" ", "")


class SchoolForm(forms.Form):
    name = forms.CharField(label=_("School name"), max_length=100)
    school_year = forms.IntegerField(
        label=_("School year (as the school writes it: 115)"),
        min_value=1,
        max_value=9999,
    )
    top_grade = forms.IntegerField(
        label=_("Top grade (its classes graduate)"), min_value=1, max_value=12, initial=6
    )


class TeacherForm(forms.Form):
    username = forms.CharField(label=_("A teacher's username"), max_length=150)


class NewYearForm(forms.Form):
    from_year = forms.IntegerField(widget=forms.HiddenInput)
    delete_on = forms.DateField(
        label=_("Delete the graduates' data after"),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),  # as <input> reads it
    )
    # The step cannot be undone: it is taken only when the box is ticked, years named.
    sure = forms.BooleanField()

    def __init__(self, *args, year: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["sure"].label = _(
            "Yes: begin school year %(next)s now. Classes move up and graduates are archived; "
            "this cannot be undone."
        ) % {"next": year + 1}


class AskForLinkForm(forms.Form):
    email = forms.EmailField(label=_("E-mail address"), max_length=254)
