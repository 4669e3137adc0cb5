"""What the feedback box under a board says (board.drawing.feedback_box): one type
for the lesson pages and the referee, instead of hand-built dicts."""

from __future__ import annotations

from dataclasses import dataclass, replace

NOTE = "note"  # a word about the form itself (nothing was judged)


@dataclass(frozen=True)
class Feedback:
    """`tone` is how it was judged (a curriculum Result value, or NOTE, or "" for none),
    drawn as the box's `data-verdict`; `title` comes first, then `messages`; `why` (optional)
    is the longer reason, behind 「為什麼？」."""

    tone: str
    title: str
    messages: tuple[str, ...] = ()
    why: tuple[str, ...] = ()
    check: bool = False  # the move gave check: the page plays the check sound

    @classmethod
    def note(cls, title: str) -> Feedback:
        return cls(NOTE, title)

    def adding(self, *messages: str) -> Feedback:
        return replace(self, messages=(*self.messages, *messages))
