"""The class dashboard's two grids a page of students at a time, in seat order.

A club of 200 on a tablet cannot read 200 rows of 59 columns; 40 rows at a time it can, and
the page then costs the same whatever the class's size. A class of 40 or fewer has one page
and no page links. Everything else on the dashboard (misconceptions, the last 7 days, who
finished an assignment) stays counted over the whole class.
"""

from dataclasses import dataclass

GRID_PAGE = 40  # students per page of the grids


@dataclass(frozen=True)
class PageLink:
    number: int
    first: int  # the first student's place in the class, from 1
    last: int
    current: bool


@dataclass(frozen=True)
class GridPage:
    number: int  # from 1
    students: int  # in the whole class

    @property
    def start(self) -> int:
        return (self.number - 1) * GRID_PAGE

    @property
    def end(self) -> int:
        return min(self.start + GRID_PAGE, self.students)

    @property
    def paged(self) -> bool:
        """More than one page: the grids show some of the class."""
        return self.students > GRID_PAGE

    @property
    def links(self) -> list[PageLink]:
        return [
            PageLink(n, start + 1, min(start + GRID_PAGE, self.students), n == self.number)
            for n, start in enumerate(range(0, self.students, GRID_PAGE), start=1)
        ]


def grid_page(students: int, asked: str | None) -> GridPage | None:
    """The page `asked` (the ?page= value; none is the first) of a class of `students`, or
    None when it is not one of its pages."""
    if asked is None:
        return GridPage(1, students)
    if not asked.isascii() or not asked.isdigit() or len(asked) > 6:
        return None
    number = int(asked)
    pages = max(1, -(-students // GRID_PAGE))
    return GridPage(number, students) if 1 <= number <= pages else None
