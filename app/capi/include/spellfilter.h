/* spellfilter.h: the C API of libspellfilter, a spell checker whose
 * dictionary is a Bloom filter.
 *
 * Link with `pkg-config --cflags --libs spellfilter`, or in CMake
 * `find_package(spellfilter)` and `target_link_libraries(x spellfilter::spellfilter)`.
 *
 * Strings are UTF-8. A `word` or `text` argument comes with its length in
 * bytes; a length of SPELLFILTER_NUL_TERMINATED (-1 as size_t) means the
 * string ends at its first NUL byte.
 *
 * Errors: every call that can fail returns a spellfilter_status (or, for
 * spellfilter_check_word, a negative value) and sets the calling thread's
 * last error message, read with spellfilter_last_error(). NULL pointers,
 * invalid UTF-8, damaged dictionaries and unknown languages are errors,
 * never crashes. No C++ exception crosses this API.
 *
 * Thread-safety: one spellfilter_dict may be used by many threads at once
 * for everything (checking, suggesting, editing the user's words): checks
 * and suggestions run in parallel, an edit of the user's words waits for
 * the checks under way and holds new ones off until it is done. Closing a
 * handle must not overlap any other call on it. The last error is per
 * thread.
 *
 * Lifetimes: arrays and strings the library returns belong to the caller,
 * who frees them with the matching spellfilter_free_* function; the
 * strings of spellfilter_language, spellfilter_dict_path and
 * spellfilter_last_error belong to the library (see each).
 *
 * Versioning: the library's SONAME is libspellfilter.so.SPELLFILTER_ABI;
 * functions are only ever added within one ABI version.
 */
#ifndef SPELLFILTER_H_
#define SPELLFILTER_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define SPELLFILTER_API __attribute__((visibility("default")))
#else
#define SPELLFILTER_API
#endif

#define SPELLFILTER_ABI 0
#define SPELLFILTER_NUL_TERMINATED ((size_t)-1)

typedef enum spellfilter_status {
  SPELLFILTER_OK = 0,
  SPELLFILTER_INVALID_ARGUMENT = 1, /* NULL, invalid UTF-8, not a word */
  SPELLFILTER_NOT_FOUND = 2,        /* no such file or language */
  SPELLFILTER_CORRUPTION = 3,       /* a file exists but is damaged */
  SPELLFILTER_UNSUPPORTED = 4,      /* a newer or foreign file format */
  SPELLFILTER_IO_ERROR = 5,         /* the system refused (permissions...) */
  SPELLFILTER_NO_MEMORY = 6
} spellfilter_status;

/* An open dictionary with the user's words: opaque. */
typedef struct spellfilter_dict spellfilter_dict;

/* A misspelled word of a text: bytes from the start of the text. */
typedef struct spellfilter_span {
  size_t offset;
  size_t length;
} spellfilter_span;

/* The library's version, "0.1.0". Static storage. */
SPELLFILTER_API const char* spellfilter_version(void);

/* The calling thread's message for its last failed call ("" if none). It
 * stays valid until the thread's next call into the library. */
SPELLFILTER_API const char* spellfilter_last_error(void);

/* User words: where spellfilter_open_* finds the user's word list. */
typedef enum spellfilter_user_words {
  /* The same list as `spellfilter add`, one per language:
   * ${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/LANG.words (LANG the
   * dictionary's language, e.g. en_US; DICT.words for a dictionary without
   * one). See docs/user_dictionary.md. */
  SPELLFILTER_USER_DEFAULT = 0,
  /* No list: add/remove/list fail; only session words can be added. */
  SPELLFILTER_USER_NONE = 1
} spellfilter_user_words;

/* Opens the .sfd dictionary at `path`. On success *out is a handle to be
 * closed with spellfilter_close; on failure *out is NULL. A user word list
 * that cannot be read, or is damaged, is not an error: the dictionary is
 * used alone (or with the words the list still has) and
 * spellfilter_user_words_problem says why. */
SPELLFILTER_API spellfilter_status spellfilter_open_path(
    const char* path, spellfilter_user_words user, spellfilter_dict** out);

/* Opens the dictionary of a language: "de_DE", "de-DE", "de" (-> de_DE),
 * "en_US.UTF-8". A spellfilter dictionary if one is installed, else the
 * system's Hunspell dictionary of the language, converted once into
 * ${XDG_CACHE_HOME:-~/.cache}/spellfilter/ (the first open of a large one
 * takes seconds). SPELLFILTER_NOT_FOUND if neither exists.
 *
 * Several languages at once (docs/multilingual.md), as `--lang` takes them:
 *   "en_US,de_DE"        a word is correct if any of the languages has it;
 *   "auto"               each sentence of a text is checked in the language,
 *                        among the installed and already converted ones,
 *                        that accepts most of its words;
 *   "auto:de_DE,fr_FR"   the same among those.
 * spellfilter_check_word then accepts a word any language has;
 * spellfilter_suggest merges every language's suggestions by cost, and
 * spellfilter_suggest_in_text suggests in the language of the word's
 * sentence. With SPELLFILTER_USER_DEFAULT each language checks with its
 * own word list (LANG.words), as `spellfilter check --lang` does; the
 * editing calls (spellfilter_add_word, _remove_word, _list_words) work on
 * the first language's.
 * An empty item, "auto" inside a list, or more than 16 languages are
 * SPELLFILTER_INVALID_ARGUMENT. */
SPELLFILTER_API spellfilter_status spellfilter_open_language(
    const char* tag, spellfilter_user_words user, spellfilter_dict** out);

/* Why the user's words are not (all) in use, or NULL if they are (or
 * SPELLFILTER_USER_NONE was asked for). Valid while the handle is open. */
SPELLFILTER_API const char* spellfilter_user_words_problem(
    const spellfilter_dict* dict);

/* Closes the handle (NULL: nothing). */
SPELLFILTER_API void spellfilter_close(spellfilter_dict* dict);

/* The dictionary's language tag ("en-US") and file. With several
 * languages, the list ("en_US,de_DE", "auto:de_DE,en_US") and the first
 * language's file. Valid while the handle is open; NULL for a NULL handle. */
SPELLFILTER_API const char* spellfilter_language(const spellfilter_dict* dict);
SPELLFILTER_API const char* spellfilter_dict_path(const spellfilter_dict* dict);

/* Whether `word` (one word as typed) is correct: 1 correct, 0 misspelled,
 * -1 error (NULL, invalid UTF-8: see spellfilter_last_error). */
SPELLFILTER_API int spellfilter_check_word(spellfilter_dict* dict,
                                           const char* word, size_t length);

/* The misspelled words of a UTF-8 text, in order: *spans (free with
 * spellfilter_free_spans; NULL when *count is 0) and *count. Invalid UTF-8
 * is an error naming the first bad byte's offset. */
SPELLFILTER_API spellfilter_status spellfilter_check_text(
    spellfilter_dict* dict, const char* text, size_t length,
    spellfilter_span** spans, size_t* count);
SPELLFILTER_API void spellfilter_free_spans(spellfilter_span* spans);

/* How many words of a UTF-8 text spellfilter_check_text checks: *words
 * (the tokens of the dictionary's scripts; a Cyrillic word under en_US is
 * neither checked nor counted). With spellfilter_check_text's count it
 * gives the share of known words. Invalid UTF-8 is an error. */
SPELLFILTER_API spellfilter_status spellfilter_count_words(
    spellfilter_dict* dict, const char* text, size_t length, size_t* words);

/* Up to `max` corrections of `word`, best first (a correct word is its
 * own first suggestion): *words, an array of *count NUL-terminated strings
 * (free with spellfilter_free_words; NULL when *count is 0). */
SPELLFILTER_API spellfilter_status spellfilter_suggest(
    spellfilter_dict* dict, const char* word, size_t length, size_t max,
    char*** words, size_t* count);
SPELLFILTER_API void spellfilter_free_words(char** words, size_t count);

/* The user's word list (the same as `spellfilter add/remove/words`),
 * written at once, atomically. Adding a word already there, or removing
 * one that is not, is not an error. A word with spaces, control
 * characters or invalid UTF-8 is SPELLFILTER_INVALID_ARGUMENT. */
SPELLFILTER_API spellfilter_status spellfilter_add_word(spellfilter_dict* dict,
                                                        const char* word,
                                                        size_t length);
SPELLFILTER_API spellfilter_status spellfilter_remove_word(
    spellfilter_dict* dict, const char* word, size_t length);
SPELLFILTER_API spellfilter_status spellfilter_list_words(
    spellfilter_dict* dict, char*** words, size_t* count);

/* Rereads the user's word list if another process changed it. Edits made
 * through this handle take effect at once without it. */
SPELLFILTER_API spellfilter_status spellfilter_reload_user_words(
    spellfilter_dict* dict);

/* Accepts `word` (exactly as written) until the handle is closed; nothing
 * is written. A word the user list would refuse (spaces, invisible or
 * bidirectional control characters such as U+200B or U+202E) is refused:
 * SPELLFILTER_INVALID_ARGUMENT. */
SPELLFILTER_API spellfilter_status spellfilter_add_session_word(
    spellfilter_dict* dict, const char* word, size_t length);

/* How many languages the handle checks in (1 unless opened with a list or
 * auto; 0 for NULL), and the tag of language `index` ("de_DE"; NULL if out
 * of range), valid while the handle is open. */
SPELLFILTER_API size_t spellfilter_language_count(const spellfilter_dict* dict);
SPELLFILTER_API const char* spellfilter_language_at(const spellfilter_dict* dict,
                                                    size_t index);

/* A sentence of a text and the index of its language (for
 * spellfilter_language_at). */
typedef struct spellfilter_sentence {
  size_t offset; /* bytes from the start of the text */
  size_t length;
  size_t language;
} spellfilter_sentence;

/* The sentences of a UTF-8 text, in order and covering it, each with the
 * language it is checked in (as spellfilter_check_text chooses it; always
 * 0 with one language): *sentences (free with spellfilter_free_sentences;
 * NULL when *count is 0) and *count. */
SPELLFILTER_API spellfilter_status spellfilter_text_languages(
    spellfilter_dict* dict, const char* text, size_t length,
    spellfilter_sentence** sentences, size_t* count);
SPELLFILTER_API void spellfilter_free_sentences(spellfilter_sentence* sentences);

/* Up to `max` corrections of the word at text[offset, offset + word_length),
 * from the language of its sentence (with one language, as
 * spellfilter_suggest). An offset or length outside the text is
 * SPELLFILTER_INVALID_ARGUMENT. */
SPELLFILTER_API spellfilter_status spellfilter_suggest_in_text(
    spellfilter_dict* dict, const char* text, size_t length, size_t offset,
    size_t word_length, size_t max, char*** words, size_t* count);

/* The languages spellfilter_open_language can open: *tags, sorted
 * ("de_DE", "en_US"; free with spellfilter_free_words). */
SPELLFILTER_API spellfilter_status spellfilter_list_languages(char*** tags,
                                                             size_t* count);

#ifdef __cplusplus
}
#endif

#endif /* SPELLFILTER_H_ */
