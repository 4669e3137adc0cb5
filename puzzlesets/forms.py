"""The forms of the set pages: a new puzzle (its `fen` and `moves` inputs are the contract
with the position editor), a set's name, an assignment."""

from django import forms
from django.utils.translation import gettext_lazy as _

from curriculum import authoring
from puzzlesets.models import NAME_MAX
from puzzlesets.questions import QUESTION_LABELS

SQUARE_LIST_MAX = 60
# The questions that use each field besides the position and the prompt (curriculum.authoring):
# the form shows a field only while its question is chosen (js/new-puzzle.js; every field
# without JavaScript).
ASKED_BY = {
    "square": ("star", "squares"),
    "targets": ("star",),
    "move": ("legal", "capture"),
    "side": ("castle",),
}


class PuzzleForm(forms.Form):
    question = forms.ChoiceField(label=_("What to ask"), choices=list(QUESTION_LABELS.items()))
    fen = forms.CharField(label=_("Position (FEN)"), max_length=100)
    moves = forms.CharField(
        label=_("Moves played from it (optional, e.g. e1e2 e8e7)"), max_length=400, required=False
    )
    square = forms.CharField(label=_("The piece's square"), max_length=2, required=False)
    targets = forms.CharField(
        label=_("The stars' squares (e.g. f3 h4)"), max_length=SQUARE_LIST_MAX, required=False
    )
    move = forms.CharField(label=_("The move (e.g. e2e4)"), max_length=5, required=False)
    side = forms.ChoiceField(
        label=_("Castling side"),
        choices=[("short", _("Short")), ("long", _("Long"))],
        required=False,
    )
    prompt = forms.CharField(
        label=_("Your own question text (optional)"), max_length=200, required=False
    )

    def asked_fields(self) -> list[tuple[forms.BoundField, str]]:
        """Each field a question may use, with the questions that use it (space-separated)."""
        return [(self[name], " ".join(asked)) for name, asked in ASKED_BY.items()]

    def draft(self) -> authoring.Draft:
        data = self.cleaned_data
        return authoring.Draft(
            question=data["question"],
            fen=data["fen"].strip(),
            moves=tuple(data["moves"].lower().split()),
            square=data["square"].strip().lower(),
            targets=tuple(dict.fromkeys(data["targets"].lower().replace(",", " ").split())),
            move=data["move"].strip().lower(),
            side=data["side"] or "short",
        )


class SetForm(forms.Form):
    name = forms.CharField(label=_("Name of the set"), max_length=NAME_MAX)


class AssignForm(forms.Form):
    to = forms.ChoiceField(label=_("For"))
    due_on = forms.DateField(
        label=_("Due date (optional)"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
    )
    pass_mark = forms.IntegerField(label=_("Pass mark: right the first time"), min_value=1)

    def __init__(self, *args, choices=(), items=0, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["to"].choices = list(choices)
        self.fields["pass_mark"].max_value = max(items, 1)
        self.fields["pass_mark"].validators.append(
            forms.IntegerField(max_value=max(items, 1)).validators[-1]
        )
        self.fields["pass_mark"].widget.attrs["max"] = max(items, 1)
        self.fields["pass_mark"].initial = max(items - items // 5, 1)
