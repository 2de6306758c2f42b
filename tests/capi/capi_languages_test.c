/* Several languages through the C API (docs/multilingual.md):
 * spellfilter_open_language with a list, auto and auto:TAG,..., the
 * language count and tags, spellfilter_text_languages, suggestions from the
 * sentence's language (spellfilter_suggest_in_text) and merged
 * (spellfilter_suggest), and the errors of a bad list.
 *
 * The languages: the bundled en_US and a small German one built by the
 * command line tool, both in a scratch XDG_CONFIG_HOME/spellfilter.
 *
 * Usage: capi_languages_test SPELLFILTER_EXE EN_US_SFD SCRATCH_DIR */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "spellfilter.h"

static int failures = 0;

#define CHECK(cond)                                                        \
  do {                                                                     \
    if (!(cond)) {                                                         \
      fprintf(stderr, "%s:%d: CHECK failed: %s (last error: %s)\n",       \
              __FILE__, __LINE__, #cond, spellfilter_last_error());        \
      ++failures;                                                          \
    }                                                                      \
  } while (0)

#define NT SPELLFILTER_NUL_TERMINATED

static int run(const char* command) { return system(command); }

/* The first suggestion for the word at [offset, offset + length) of
 * `text`, "" if none. */
static void first_in_text(spellfilter_dict* d, const char* text,
                          size_t offset, size_t length, char* out) {
  char** words = NULL;
  size_t count = 0;
  out[0] = '\0';
  CHECK(spellfilter_suggest_in_text(d, text, NT, offset, length, 5, &words,
                                    &count) == SPELLFILTER_OK);
  if (count > 0) snprintf(out, 64, "%s", words[0]);
  spellfilter_free_words(words, count);
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: %s SPELLFILTER_EXE EN_US_SFD SCRATCH_DIR\n", argv[0]);
    return 2;
  }
  char dir[1024], cmd[16384];
  snprintf(dir, sizeof dir, "%s/capi-languages-%d", argv[3], (int)getpid());
  snprintf(cmd, sizeof cmd,
           "rm -rf '%s' && mkdir -p '%s/config/spellfilter' && "
           "cp '%s' '%s/config/spellfilter/en_US.sfd' && "
           "printf 'der\\ndie\\nHund\\nKatze\\nbellt\\nlaut\\nist\\n' > '%s/de.txt' && "
           "'%s' build '%s/de.txt' -o '%s/config/spellfilter/de_DE.sfd' "
           "--lang de-DE >/dev/null",
           dir, dir, argv[2], dir, dir, argv[1], dir, dir);
  if (run(cmd) != 0) {
    fprintf(stderr, "setup failed: %s\n", cmd);
    return 1;
  }
  char path[4200];
  snprintf(path, sizeof path, "%s/config", dir);
  setenv("XDG_CONFIG_HOME", path, 1);
  snprintf(path, sizeof path, "%s/cache", dir);
  setenv("XDG_CACHE_HOME", path, 1);
  snprintf(path, sizeof path, "%s/none", dir);
  setenv("SPELLFILTER_HUNSPELL_PATH", path, 1);
  setenv("LC_ALL", "C", 1);

  /* A list: a word is right in any language. */
  spellfilter_dict* d = NULL;
  CHECK(spellfilter_open_language("en_US,de_DE", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (d == NULL) return 1;
  CHECK(spellfilter_language_count(d) == 2);
  CHECK(strcmp(spellfilter_language_at(d, 0), "en_US") == 0);
  CHECK(strcmp(spellfilter_language_at(d, 1), "de_DE") == 0);
  CHECK(spellfilter_language_at(d, 2) == NULL);
  CHECK(strcmp(spellfilter_language(d), "en_US,de_DE") == 0);
  CHECK(spellfilter_check_word(d, "Hund", NT) == 1);
  CHECK(spellfilter_check_word(d, "house", NT) == 1);
  CHECK(spellfilter_check_word(d, "Hnud", NT) == 0);

  const char* text = "The dogg sleeps. Der Hnud bellt laut.";
  spellfilter_span* spans = NULL;
  size_t count = 0;
  CHECK(spellfilter_check_text(d, text, NT, &spans, &count) == SPELLFILTER_OK);
  CHECK(count == 2);
  if (count == 2) {
    CHECK(spans[0].offset == 4 && spans[0].length == 4);   /* dogg */
    CHECK(spans[1].offset == 21 && spans[1].length == 4);  /* Hnud */
  }
  spellfilter_free_spans(spans);

  spellfilter_sentence* sentences = NULL;
  CHECK(spellfilter_text_languages(d, text, NT, &sentences, &count) ==
        SPELLFILTER_OK);
  CHECK(count == 2);
  if (count == 2) {
    CHECK(sentences[0].offset == 0 && sentences[0].length == 17);
    CHECK(sentences[0].language == 0);
    CHECK(sentences[1].offset == 17 && sentences[1].language == 1);
  }
  spellfilter_free_sentences(sentences);

  /* Suggestions in the sentence's language, and merged for a lone word. */
  char first[64];
  first_in_text(d, text, 21, 4, first);
  CHECK(strcmp(first, "Hund") == 0);
  first_in_text(d, text, 4, 4, first);
  CHECK(strcmp(first, "dog") == 0);
  char** words = NULL;
  CHECK(spellfilter_suggest(d, "Hnud", NT, 3, &words, &count) == SPELLFILTER_OK);
  CHECK(count >= 1 && strcmp(words[0], "Hund") == 0);
  spellfilter_free_words(words, count);
  CHECK(spellfilter_suggest_in_text(d, text, NT, 30, 20, 5, &words, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(strstr(spellfilter_last_error(), "not inside the text") != NULL);
  size_t n = 0;
  CHECK(spellfilter_count_words(d, "Der Hund и кошка", NT, &n) == SPELLFILTER_OK);
  CHECK(n == 2); /* the Cyrillic words: no language checks them */
  spellfilter_close(d);

  /* auto among named languages: each sentence in its own. */
  CHECK(spellfilter_open_language("auto:en_US,de_DE", SPELLFILTER_USER_NONE,
                                  &d) == SPELLFILTER_OK);
  if (d != NULL) {
    CHECK(strcmp(spellfilter_language(d), "auto:en_US,de_DE") == 0);
    const char* mixed = "The dog bellt. Der Hund bellt laut.";
    CHECK(spellfilter_check_text(d, mixed, NT, &spans, &count) == SPELLFILTER_OK);
    CHECK(count == 1 && spans[0].offset == 8);
    spellfilter_free_spans(spans);
    spellfilter_close(d);
  }
  /* auto: what is installed (en_US and de_DE here). */
  CHECK(spellfilter_open_language("auto", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (d != NULL) {
    CHECK(spellfilter_language_count(d) == 2);
    spellfilter_close(d);
  }

  /* Each language its own user list: a word in the German list (added by
   * the command line tool) counts, the English list is the one edited. */
  snprintf(cmd, sizeof cmd,
           "'%s' add -q -d '%s/config/spellfilter/de_DE.sfd' Wauwau && "
           "'%s' add -q -d '%s/config/spellfilter/en_US.sfd' zorblax",
           argv[1], dir, argv[1], dir);
  CHECK(run(cmd) == 0);
  CHECK(spellfilter_open_language("en_US,de_DE", SPELLFILTER_USER_DEFAULT,
                                  &d) == SPELLFILTER_OK);
  if (d != NULL) {
    CHECK(spellfilter_user_words_problem(d) == NULL);
    CHECK(spellfilter_check_word(d, "Wauwau", NT) == 1);
    CHECK(spellfilter_check_word(d, "zorblax", NT) == 1);
    CHECK(spellfilter_check_text(d, "Der Wauwau bellt.", NT, &spans,
                                 &count) == SPELLFILTER_OK);
    CHECK(count == 0);
    spellfilter_free_spans(spans);
    /* Suggested in its own language only. */
    first_in_text(d, "Der Wauwaw bellt.", 4, 6, first);
    CHECK(strcmp(first, "Wauwau") == 0);
    /* Another process adds to the German list: a reload sees it. */
    snprintf(cmd, sizeof cmd,
             "'%s' add -q -d '%s/config/spellfilter/de_DE.sfd' Kläffer",
             argv[1], dir);
    CHECK(run(cmd) == 0);
    CHECK(spellfilter_reload_user_words(d) == SPELLFILTER_OK);
    CHECK(spellfilter_check_word(d, "Kläffer", NT) == 1);
    spellfilter_close(d);
  }
  /* English alone does not take the German list. */
  CHECK(spellfilter_open_language("en_US", SPELLFILTER_USER_DEFAULT, &d) ==
        SPELLFILTER_OK);
  if (d != NULL) {
    CHECK(spellfilter_check_word(d, "Wauwau", NT) == 0);
    CHECK(spellfilter_check_word(d, "zorblax", NT) == 1);
    spellfilter_close(d);
  }

  /* Errors. */
  d = NULL;
  CHECK(spellfilter_open_language("en_US,,de_DE", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(d == NULL);
  CHECK(strstr(spellfilter_last_error(), "empty item") != NULL);
  CHECK(spellfilter_open_language("en_US,xx_YY", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_NOT_FOUND);
  CHECK(strstr(spellfilter_last_error(), "xx_YY") != NULL);
  CHECK(spellfilter_language_count(NULL) == 0);
  CHECK(spellfilter_language_at(NULL, 0) == NULL);

  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  run(cmd);
  if (failures > 0) {
    fprintf(stderr, "%d failures\n", failures);
    return 1;
  }
  printf("capi_languages: ok\n");
  return 0;
}
