/* The C API as a C program uses it: every call of spellfilter.h, with
 * NULLs, invalid UTF-8, a damaged dictionary, a missing language, the
 * user's words (in a scratch XDG_CONFIG_HOME), a Hunspell dictionary found
 * by tag and converted into a scratch cache (also by several threads at
 * once), and checks from several threads while another edits the user's
 * words.
 *
 * Usage: capi_test EN_US_SFD HUNSPELL_TEST_DATA_DIR SCRATCH_DIR */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
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

static char scratch[4096];

static int copy_file(const char* from, const char* to) {
  FILE* in = fopen(from, "rb");
  if (!in) return -1;
  FILE* out = fopen(to, "wb");
  if (!out) { fclose(in); return -1; }
  char buf[65536];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, in)) > 0) fwrite(buf, 1, n, out);
  fclose(in);
  return fclose(out);
}

static int has_word(char** words, size_t count, const char* w) {
  for (size_t i = 0; i < count; ++i) if (strcmp(words[i], w) == 0) return 1;
  return 0;
}

static void test_errors(const char* en_us) {
  spellfilter_dict* d = (spellfilter_dict*)1;
  CHECK(spellfilter_open_path(NULL, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(d == NULL);
  CHECK(strstr(spellfilter_last_error(), "NULL") != NULL);
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_NONE, NULL) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_open_path(en_us, (spellfilter_user_words)7, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(d == NULL);
  CHECK(spellfilter_open_language(NULL, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_open_language("en_US", SPELLFILTER_USER_NONE, NULL) ==
        SPELLFILTER_INVALID_ARGUMENT);

  char path[4200];
  snprintf(path, sizeof path, "%s/no-such.sfd", scratch);
  CHECK(spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_NOT_FOUND);
  CHECK(d == NULL);
  CHECK(strstr(spellfilter_last_error(), "no-such.sfd") != NULL);

  /* Missing language, and something that is no tag at all. */
  CHECK(spellfilter_open_language("xx_YY", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_NOT_FOUND);
  CHECK(d == NULL);
  CHECK(strstr(spellfilter_last_error(), "xx_YY") != NULL);
  CHECK(spellfilter_open_language("../../etc/passwd", SPELLFILTER_USER_NONE,
                                  &d) == SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_open_language("", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);

  /* A damaged dictionary: a byte of the filter flipped, then the file cut
   * short, then a file that is not a dictionary. */
  snprintf(path, sizeof path, "%s/damaged.sfd", scratch);
  CHECK(copy_file(en_us, path) == 0);
  FILE* f = fopen(path, "r+b");
  CHECK(f != NULL);
  if (f) {
    fseek(f, 4096, SEEK_SET);
    int c = fgetc(f);
    fseek(f, 4096, SEEK_SET);
    fputc(c ^ 0x55, f);
    fclose(f);
  }
  CHECK(spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_CORRUPTION);
  CHECK(d == NULL);
  CHECK(strlen(spellfilter_last_error()) > 0);
  CHECK(truncate(path, 100) == 0);
  CHECK(spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) !=
        SPELLFILTER_OK);
  CHECK(d == NULL);
  f = fopen(path, "wb");
  if (f) { fputs("hello world\n", f); fclose(f); }
  CHECK(spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) !=
        SPELLFILTER_OK);
  CHECK(d == NULL);

  /* A FIFO (or any file that is not a regular one) is refused before it
   * is opened: open(2) on a FIFO waits for a writer for good (issue 34,
   * finding 8). An alarm turns a wait into a failure. */
  snprintf(path, sizeof path, "%s/fifo.sfd", scratch);
  CHECK(mkfifo(path, 0644) == 0);
  alarm(20);
  CHECK(spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_INVALID_ARGUMENT);
  alarm(0);
  CHECK(d == NULL);
  CHECK(strstr(spellfilter_last_error(), "not a regular file") != NULL);
  unlink(path);

  /* Calls on a NULL handle. */
  CHECK(spellfilter_check_word(NULL, "word", NT) == -1);
  spellfilter_span* spans = (spellfilter_span*)1;
  size_t count = 99;
  CHECK(spellfilter_check_text(NULL, "a text", NT, &spans, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spans == NULL && count == 0);
  char** words = (char**)1;
  CHECK(spellfilter_suggest(NULL, "teh", NT, 5, &words, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(words == NULL && count == 0);
  CHECK(spellfilter_add_word(NULL, "word", NT) == SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_remove_word(NULL, "word", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_list_words(NULL, &words, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_reload_user_words(NULL) == SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_session_word(NULL, "w", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_list_languages(NULL, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_language(NULL) == NULL);
  CHECK(spellfilter_dict_path(NULL) == NULL);
  CHECK(spellfilter_user_words_problem(NULL) == NULL);
  spellfilter_close(NULL);
  spellfilter_free_spans(NULL);
  spellfilter_free_words(NULL, 3);
}

static void test_checking(const char* en_us) {
  spellfilter_dict* d = NULL;
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (!d) return;
  CHECK(strcmp(spellfilter_dict_path(d), en_us) == 0);
  CHECK(strncmp(spellfilter_language(d), "en", 2) == 0);
  CHECK(spellfilter_user_words_problem(d) == NULL);

  CHECK(spellfilter_check_word(d, "hello", NT) == 1);
  CHECK(spellfilter_check_word(d, "Hello", NT) == 1);
  CHECK(spellfilter_check_word(d, "teh", NT) == 0);
  CHECK(spellfilter_check_word(d, "hellox", 5) == 1);  /* length counts */
  CHECK(spellfilter_check_word(d, NULL, 3) == -1);
  CHECK(strstr(spellfilter_last_error(), "NULL") != NULL);
  CHECK(spellfilter_check_word(d, "caf\xc3", NT) == -1);  /* cut short */
  CHECK(strstr(spellfilter_last_error(), "UTF-8") != NULL);
  CHECK(spellfilter_check_word(d, "\xed\xa0\x80", NT) == -1); /* surrogate */
  CHECK(spellfilter_check_word(d, "\xc0\xaf", NT) == -1);     /* overlong */
  CHECK(spellfilter_check_word(d, "caf\xc3\xa9", NT) == 1);   /* café */
  CHECK(spellfilter_check_word(d, "", NT) >= 0);

  const char* text = "Teh quick brown fox jumsp over the lazy dog.";
  spellfilter_span* spans = NULL;
  size_t count = 0;
  CHECK(spellfilter_check_text(d, text, NT, &spans, &count) == SPELLFILTER_OK);
  CHECK(count == 2);
  if (count == 2) {
    CHECK(spans[0].offset == 0 && spans[0].length == 3);
    CHECK(spans[1].offset == 20 && spans[1].length == 5);
  }
  spellfilter_free_spans(spans);
  CHECK(spellfilter_check_text(d, "all words here are fine", NT, &spans,
                               &count) == SPELLFILTER_OK);
  CHECK(count == 0 && spans == NULL);
  CHECK(spellfilter_check_text(d, "", 0, &spans, &count) == SPELLFILTER_OK);
  CHECK(count == 0);
  CHECK(spellfilter_check_text(d, "good \xff text", NT, &spans, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(strstr(spellfilter_last_error(), "byte 5") != NULL);
  CHECK(count == 0 && spans == NULL);
  CHECK(spellfilter_check_text(d, NULL, 4, &spans, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_check_text(d, "text", NT, NULL, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_check_text(d, "text", NT, &spans, NULL) ==
        SPELLFILTER_INVALID_ARGUMENT);
  /* The words spellfilter_check_text checks; Cyrillic under en_US is
   * neither checked nor counted. */
  size_t words_n = 99;
  CHECK(spellfilter_count_words(d, text, NT, &words_n) == SPELLFILTER_OK);
  CHECK(words_n == 9);
  CHECK(spellfilter_count_words(d, "1984 ... !!", NT, &words_n) ==
        SPELLFILTER_OK);
  CHECK(words_n == 0);
  CHECK(spellfilter_count_words(d, "one \xd0\xbf\xd1\x80\xd0\xb8 two", NT,
                                &words_n) == SPELLFILTER_OK);
  CHECK(words_n == 2);
  CHECK(spellfilter_count_words(d, "good \xff text", NT, &words_n) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(strstr(spellfilter_last_error(), "byte 5") != NULL);
  CHECK(spellfilter_count_words(NULL, "text", NT, &words_n) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_count_words(d, "text", NT, NULL) ==
        SPELLFILTER_INVALID_ARGUMENT);

  char** words = NULL;
  CHECK(spellfilter_suggest(d, "teh", NT, 5, &words, &count) == SPELLFILTER_OK);
  CHECK(count >= 1 && count <= 5);
  CHECK(count >= 1 && strcmp(words[0], "the") == 0);
  spellfilter_free_words(words, count);
  CHECK(spellfilter_suggest(d, "Teh", NT, 1, &words, &count) == SPELLFILTER_OK);
  CHECK(count == 1 && strcmp(words[0], "The") == 0);
  spellfilter_free_words(words, count);
  CHECK(spellfilter_suggest(d, "teh", NT, 0, &words, &count) == SPELLFILTER_OK);
  CHECK(count == 0 && words == NULL);
  CHECK(spellfilter_suggest(d, "t\xe9h", NT, 5, &words, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_suggest(d, NULL, 0, 5, &words, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_suggest(d, "teh", NT, 5, NULL, &count) ==
        SPELLFILTER_INVALID_ARGUMENT);

  /* Session words: accepted as written, not written anywhere. */
  CHECK(spellfilter_check_word(d, "Zorblax", NT) == 0);
  CHECK(spellfilter_add_session_word(d, "Zorblax", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_check_word(d, "Zorblax", NT) == 1);
  CHECK(spellfilter_check_text(d, "the Zorblax came", NT, &spans, &count) ==
        SPELLFILTER_OK);
  CHECK(count == 0);
  spellfilter_free_spans(spans);
  CHECK(spellfilter_add_session_word(d, "", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_session_word(d, "\xfe", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);

  /* Opened without user words: editing them is an error. */
  CHECK(spellfilter_add_word(d, "Zorblax", NT) == SPELLFILTER_NOT_FOUND);
  CHECK(spellfilter_list_words(d, &words, &count) == SPELLFILTER_NOT_FOUND);
  CHECK(spellfilter_reload_user_words(d) == SPELLFILTER_OK);
  spellfilter_close(d);

  /* A session word belongs to its handle. */
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (d) CHECK(spellfilter_check_word(d, "Zorblax", NT) == 0);
  spellfilter_close(d);
}

static void test_user_words(const char* en_us) {
  spellfilter_dict* d = NULL;
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_DEFAULT, &d) ==
        SPELLFILTER_OK);
  if (!d) return;
  CHECK(spellfilter_user_words_problem(d) == NULL);
  char** words = NULL;
  size_t count = 99;
  CHECK(spellfilter_list_words(d, &words, &count) == SPELLFILTER_OK);
  CHECK(count == 0 && words == NULL);
  CHECK(spellfilter_check_word(d, "Zorblax", NT) == 0);
  CHECK(spellfilter_add_word(d, "Zorblax", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_add_word(d, "Zorblax", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_add_word(d, "quuxify", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_check_word(d, "Zorblax", NT) == 1);
  CHECK(spellfilter_check_word(d, "ZORBLAX", NT) == 1);
  CHECK(spellfilter_check_word(d, "Quuxify", NT) == 1);
  CHECK(spellfilter_add_word(d, "two words", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_word(d, "bad\xff", NT) == SPELLFILTER_INVALID_ARGUMENT);
  /* Invisible and bidirectional characters (U+200B, U+202E, U+2066) are
     refused as spaces are. */
  CHECK(spellfilter_add_word(d, "zero\xe2\x80\x8bwidth", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_word(d, "evil\xe2\x80\xaertl", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_word(d, "iso\xe2\x81\xa6late", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  /* Nor as session words (the Enchant provider adds to the session what
     the list refused): they were accepted there. */
  CHECK(spellfilter_add_session_word(d, "zero\xe2\x80\x8bwidth", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_session_word(d, "evil\xe2\x80\xaertl", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_add_session_word(d, "two words", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_check_word(d, "zero\xe2\x80\x8bwidth", NT) == 0);
  /* U+200C ZWNJ: refused in a Latin word, allowed in a Persian one (the
     rule of core/user's CheckUserWord); the Persian word is removed again. */
  CHECK(spellfilter_add_word(d, "pay\xe2\x80\x8cpal", NT) ==
        SPELLFILTER_INVALID_ARGUMENT);
  static const char kPersian[] =
      "\xd9\x85\xdb\x8c\xe2\x80\x8c\xd8\xae\xd9\x88\xd8\xa7\xd9\x87\xd9\x85";
  CHECK(spellfilter_add_word(d, kPersian, NT) == SPELLFILTER_OK);
  CHECK(spellfilter_remove_word(d, kPersian, NT) == SPELLFILTER_OK);
  CHECK(spellfilter_add_word(d, NULL, 1) == SPELLFILTER_INVALID_ARGUMENT);
  CHECK(spellfilter_list_words(d, &words, &count) == SPELLFILTER_OK);
  CHECK(count == 2 && has_word(words, count, "Zorblax") &&
        has_word(words, count, "quuxify"));
  spellfilter_free_words(words, count);
  /* The user's words are suggested too. */
  CHECK(spellfilter_suggest(d, "quuxifx", NT, 5, &words, &count) ==
        SPELLFILTER_OK);
  CHECK(has_word(words, count, "quuxify"));
  spellfilter_free_words(words, count);

  /* The file is the one `spellfilter add` writes. */
  char path[4200];
  snprintf(path, sizeof path, "%s/config/spellfilter/user/en_US.words",
           scratch);
  struct stat st;
  CHECK(stat(path, &st) == 0);

  /* Another handle (another process, for all it knows) sees the change
   * when it reloads. */
  spellfilter_dict* other = NULL;
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_DEFAULT, &other) ==
        SPELLFILTER_OK);
  if (other) {
    CHECK(spellfilter_check_word(other, "Zorblax", NT) == 1);
    CHECK(spellfilter_remove_word(d, "Zorblax", NT) == SPELLFILTER_OK);
    CHECK(spellfilter_check_word(d, "Zorblax", NT) == 0);
    sleep(0);
    CHECK(spellfilter_reload_user_words(other) == SPELLFILTER_OK);
    CHECK(spellfilter_check_word(other, "Zorblax", NT) == 0);
    CHECK(spellfilter_check_word(other, "quuxify", NT) == 1);
    spellfilter_close(other);
  }
  CHECK(spellfilter_remove_word(d, "Zorblax", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_remove_word(d, "quuxify", NT) == SPELLFILTER_OK);
  CHECK(spellfilter_list_words(d, &words, &count) == SPELLFILTER_OK);
  CHECK(count == 0);
  spellfilter_close(d);
}

/* Many threads check one handle while one adds and removes words. */
struct shared {
  spellfilter_dict* d;
  int errors;
  pthread_mutex_t mutex;
};

static void* checker_thread(void* arg) {
  struct shared* s = arg;
  int errors = 0;
  for (int i = 0; i < 20000; ++i) {
    if (spellfilter_check_word(s->d, "hello", NT) != 1) ++errors;
    if (spellfilter_check_word(s->d, "teh", NT) != 0) ++errors;
    if (i % 1000 == 0) {
      spellfilter_span* spans;
      size_t count;
      if (spellfilter_check_text(s->d, "Teh fox", NT, &spans, &count) !=
              SPELLFILTER_OK || count != 1) {
        ++errors;
      }
      spellfilter_free_spans(spans);
      char** words;
      if (spellfilter_suggest(s->d, "teh", NT, 3, &words, &count) !=
              SPELLFILTER_OK || count == 0 || strcmp(words[0], "the") != 0) {
        ++errors;
      }
      spellfilter_free_words(words, count);
    }
  }
  pthread_mutex_lock(&s->mutex);
  s->errors += errors;
  pthread_mutex_unlock(&s->mutex);
  return NULL;
}

static void test_threads(const char* en_us) {
  struct shared s = {NULL, 0, PTHREAD_MUTEX_INITIALIZER};
  CHECK(spellfilter_open_path(en_us, SPELLFILTER_USER_DEFAULT, &s.d) ==
        SPELLFILTER_OK);
  if (!s.d) return;
  pthread_t threads[4];
  for (int i = 0; i < 4; ++i) pthread_create(&threads[i], NULL, checker_thread, &s);
  for (int i = 0; i < 10; ++i) {
    CHECK(spellfilter_add_word(s.d, "Blorptang", NT) == SPELLFILTER_OK);
    CHECK(spellfilter_check_word(s.d, "Blorptang", NT) == 1);
    CHECK(spellfilter_remove_word(s.d, "Blorptang", NT) == SPELLFILTER_OK);
  }
  for (int i = 0; i < 4; ++i) pthread_join(threads[i], NULL);
  CHECK(s.errors == 0);
  spellfilter_close(s.d);
}

static void* open_de_thread(void* arg) {
  spellfilter_dict* d = NULL;
  spellfilter_status st =
      spellfilter_open_language("de", SPELLFILTER_USER_NONE, &d);
  int ok = st == SPELLFILTER_OK && d != NULL &&
           spellfilter_check_word(d, "tried", NT) == 1 &&
           spellfilter_check_word(d, "tryed", NT) == 0;
  if (!ok) fprintf(stderr, "open_de_thread: %s\n", spellfilter_last_error());
  spellfilter_close(d);
  *(int*)arg = ok;
  return NULL;
}

/* A Hunspell dictionary found by tag, converted into the cache once. */
static void test_languages(const char* hunspell_data) {
  char dir[4200], from[4400], to[4400];
  snprintf(dir, sizeof dir, "%s/hunspell", scratch);
  mkdir(dir, 0755);
  snprintf(from, sizeof from, "%s/affixes.dic", hunspell_data);
  snprintf(to, sizeof to, "%s/de_DE.dic", dir);
  CHECK(copy_file(from, to) == 0);
  snprintf(from, sizeof from, "%s/affixes.aff", hunspell_data);
  snprintf(to, sizeof to, "%s/de_DE.aff", dir);
  CHECK(copy_file(from, to) == 0);
  setenv("SPELLFILTER_HUNSPELL_PATH", dir, 1);

  char** tags = NULL;
  size_t count = 0;
  CHECK(spellfilter_list_languages(&tags, &count) == SPELLFILTER_OK);
  CHECK(has_word(tags, count, "de_DE"));
  CHECK(has_word(tags, count, "en_US"));
  spellfilter_free_words(tags, count);

  /* First uses from four threads at once: one converts, all succeed. */
  pthread_t threads[4];
  int ok[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4; ++i) pthread_create(&threads[i], NULL, open_de_thread, &ok[i]);
  for (int i = 0; i < 4; ++i) pthread_join(threads[i], NULL);
  for (int i = 0; i < 4; ++i) CHECK(ok[i]);

  char cached[4400];
  snprintf(cached, sizeof cached, "%s/cache/spellfilter/hunspell/de_DE.sfd",
           scratch);
  struct stat before, after;
  CHECK(stat(cached, &before) == 0);
  spellfilter_dict* d = NULL;
  CHECK(spellfilter_open_language("de-DE", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (d) CHECK(strcmp(spellfilter_dict_path(d), cached) == 0);
  spellfilter_close(d);
  CHECK(stat(cached, &after) == 0);
  CHECK(before.st_ino == after.st_ino);  /* not built again */

  /* A changed source is converted again: "bye" added to the .dic. */
  snprintf(to, sizeof to, "%s/de_DE.dic", dir);
  FILE* f = fopen(to, "w");
  if (f) {
    fputs("7\ntry/DGU\nplay/DSR\nbake/DG\nbox/S\nfix/DGRU\nhello/W\nbye\n", f);
    fclose(f);
  }
  CHECK(spellfilter_open_language("de_DE.UTF-8", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_OK);
  if (d) CHECK(spellfilter_check_word(d, "bye", NT) == 1);
  spellfilter_close(d);
  CHECK(stat(cached, &after) == 0);
  CHECK(before.st_ino != after.st_ino);

  /* A damaged Hunspell source is an error, not a crash. */
  snprintf(to, sizeof to, "%s/fr_FR.dic", dir);
  f = fopen(to, "w");
  if (f) { fputs("1\nmot/\xff\xff\n", f); fclose(f); }
  snprintf(to, sizeof to, "%s/fr_FR.aff", dir);
  f = fopen(to, "w");
  if (f) { fputs("SET UTF-8\nFLAG num\nSFX 99999999999 Y 1\n", f); fclose(f); }
  spellfilter_status st =
      spellfilter_open_language("fr", SPELLFILTER_USER_NONE, &d);
  if (st != SPELLFILTER_OK) {
    CHECK(d == NULL);
    CHECK(strlen(spellfilter_last_error()) > 0);
  }
  spellfilter_close(d);
  CHECK(spellfilter_open_language("es", SPELLFILTER_USER_NONE, &d) ==
        SPELLFILTER_NOT_FOUND);
}

int main(int argc, char** argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: capi_test EN_US_SFD HUNSPELL_DATA SCRATCH\n");
    return 2;
  }
  char base[4096];
  if (realpath(argv[3], base) == NULL) {
    perror(argv[3]);
    return 2;
  }
  snprintf(scratch, sizeof scratch, "%s/capi-XXXXXX", base);
  if (mkdtemp(scratch) == NULL) {
    perror("mkdtemp");
    return 2;
  }
  /* Nothing of the user's own: HOME and the XDG directories are scratch. */
  char env[4200];
  snprintf(env, sizeof env, "%s/home", scratch);
  setenv("HOME", env, 1);
  snprintf(env, sizeof env, "%s/config", scratch);
  setenv("XDG_CONFIG_HOME", env, 1);
  snprintf(env, sizeof env, "%s/cache", scratch);
  setenv("XDG_CACHE_HOME", env, 1);
  unsetenv("SPELLFILTER_HUNSPELL_PATH");

  CHECK(strcmp(spellfilter_version(), "") != 0);
  test_errors(argv[1]);
  test_checking(argv[1]);
  test_user_words(argv[1]);
  test_threads(argv[1]);
  test_languages(argv[2]);

  char cmd[4200 + 16];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
  if (failures == 0 && system(cmd) != 0) perror("rm");
  if (failures) fprintf(stderr, "%d checks failed\n", failures);
  else printf("capi_test: all checks passed\n");
  return failures == 0 ? 0 : 1;
}
