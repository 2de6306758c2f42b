# Types of the extension module spellfilter._spellfilter (python/module.cpp).
from types import TracebackType
from typing import Optional, Union

class Error(Exception):
    """A spellfilter call failed; str(e) is the library's message."""

class NotFoundError(Error, FileNotFoundError):
    """No such dictionary file or language."""

class InvalidArgumentError(Error, ValueError):
    """An argument the library refuses: not a word, a closed dictionary..."""

class CorruptionError(Error):
    """A dictionary file exists but is damaged."""

class UnsupportedError(Error):
    """A newer or foreign dictionary format."""

class IOError(Error, OSError):
    """The system refused (permissions, a full disk...)."""

def version() -> str:
    """The library's version, e.g. '0.1.0'."""

def languages() -> list[str]:
    """The language tags Dictionary(lang=...) can open, sorted."""

class Dictionary:
    """A dictionary with the user's words; thread-safe."""

    def __init__(
        self,
        lang: Union[str, list[str], None] = None,
        *,
        path: Optional[str] = None,
        user_words: bool = True,
    ) -> None: ...
    def check(self, word: str) -> bool:
        """Whether `word` (one word as typed) is spelled correctly."""
    def __contains__(self, word: str) -> bool: ...
    def misspellings(self, text: str) -> list[tuple[int, int, str]]:
        """The misspelled words as (start, end, word), code point offsets."""
    def rate(self, text: str) -> float:
        """The share of the words of `text` that are known (1.0 if none)."""
    def count_words(self, text: str) -> int:
        """How many words of `text` misspellings() checks."""
    def suggest(self, word: str, n: int = 10) -> list[str]:
        """Up to `n` corrections of `word`, best first."""
    def add(self, word: str, *, session: bool = False) -> None:
        """Accepts `word`: in the user's word list, or for this session."""
    def remove(self, word: str) -> None:
        """Removes `word` from the user's word list."""
    def user_words(self) -> list[str]:
        """The user's word list."""
    def reload(self) -> None:
        """Rereads the user's word list if another process changed it."""
    def sentence_languages(self, text: str) -> list[tuple[int, int, str]]:
        """Each sentence as (start, end, language tag), code point offsets."""
    def suggest_in(self, text: str, start: int, end: int, n: int = 10) -> list[str]:
        """Corrections of text[start:end] from its sentence's language."""
    @property
    def language(self) -> str: ...
    @property
    def languages(self) -> list[str]: ...
    @property
    def path(self) -> str: ...
    @property
    def user_words_problem(self) -> Optional[str]: ...
    @property
    def closed(self) -> bool: ...
    def close(self) -> None: ...
    def __enter__(self) -> "Dictionary": ...
    def __exit__(
        self,
        exc_type: Optional[type[BaseException]],
        exc: Optional[BaseException],
        tb: Optional[TracebackType],
    ) -> None: ...
