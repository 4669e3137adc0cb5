"""Account names and e-mail addresses compared as a person reads them, the same on every
database.

SQLite's and PostgreSQL's case-insensitive matches differ (PostgreSQL's `upper()` makes
「ı」 an 「I」, SQLite's leaves it), so a look-alike name was refused on one and accepted
on the other. `name_key` is computed here instead: compatibility forms folded (NFKC: 「Ａ」
is 「A」), accents and dots taken off (「İ」 and 「ı」 are 「i」), case folded; two accounts
may not share one. A name that mixes scripts with letters that look alike (a Cyrillic 「е」
among Latin letters) is refused outright (`looks_disguised`, from Unicode's confusables).
"""

from __future__ import annotations

import unicodedata

from confusable_homoglyphs import confusables

# Letters NFKD leaves whole that read as a plain Latin letter.
_PLAIN = str.maketrans({"ı": "i", "ȷ": "j", "ł": "l", "ø": "o", "đ": "d", "ħ": "h"})


def name_key(name: str) -> str:
    """The form two names share when a reader could take one for the other."""
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name.strip()))
    bare = "".join(c for c in folded if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", bare.casefold().translate(_PLAIN))


def email_key(address: str) -> str:
    """An e-mail address as one account holds it: NFKC, case folded (example.org's mail
    servers treat 「Mum@」 and 「mum@」 as one mailbox, as nearly all do)."""
    return unicodedata.normalize("NFKC", address.strip()).casefold()


def looks_disguised(name: str) -> bool:
    """Letters of two scripts that look alike mixed in one name: 「Alicе」 with a Cyrillic е."""
    return bool(confusables.is_dangerous(name))
