"""What the fuzzing tests share: the board form's field names and the values hypothesis posts."""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

SQUARES = [f"{file}{rank}" for file in "abcdefgh" for rank in "12345678"]
# The fields of every board form (board/component.py read_board_post).
BOARD_FIELDS = [
    "square",
    "selected",
    "dropped",
    "promotion",
    "pending",
    "typed",
    "marked",
    "mode",
    "done",
    "cancel",
]
field_values = st.one_of(
    st.sampled_from(SQUARES),
    st.sampled_from(
        [
            "",
            "1",
            "0",
            "mark",
            "move",
            "q",
            "k",
            "e2e4",
            "e7e8q",
            "e2e5",
            "O-O",
            "Nf3",
            "白",
            "\x00",
        ]
    ),
    st.lists(st.sampled_from(["e2e4", "e7e5", "g1f3", "a1a8", "e2e5"]), max_size=4).map(" ".join),
    st.text(max_size=30),
)


def forms(fields: list[str]):
    """Posted forms: a few of `fields`, each one value or several."""
    return st.dictionaries(
        st.sampled_from(fields),
        st.one_of(field_values, st.lists(field_values, max_size=3)),
        max_size=6,
    )


def fuzz(max_examples: int):
    """Hypothesis settings for a view test: no deadline (the machine is shared), the db fixture."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
