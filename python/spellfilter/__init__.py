"""spellfilter: a spell checker whose dictionary is a Bloom filter.

    >>> import spellfilter
    >>> d = spellfilter.Dictionary("en_US")
    >>> d.check("colour"), "color" in d
    (False, True)
    >>> d.misspellings("Teh café is closd")
    [(0, 3, 'Teh'), (12, 17, 'closd')]
    >>> d.suggest("closd", n=3)
    ['closed', 'close', 'clods']
    >>> d.rate("Teh café is closd")
    0.5

The checks run in the C library (libspellfilter) without the GIL, so
threads sharing one Dictionary check in parallel. See docs/python.md.
"""
from ._spellfilter import (
    CorruptionError,
    Dictionary,
    Error,
    InvalidArgumentError,
    IOError,
    NotFoundError,
    UnsupportedError,
    languages,
    version,
)

__all__ = [
    "CorruptionError",
    "Dictionary",
    "Error",
    "InvalidArgumentError",
    "IOError",
    "NotFoundError",
    "UnsupportedError",
    "languages",
    "version",
]
__version__ = version()
