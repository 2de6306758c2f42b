/* Checking through the C API one word at a time against `spellfilter
 * check` on the same file, in one run: the ratio of their per-word costs.
 *
 *   capi_word_bench SPELLFILTER_EXE DICT.sfd TEXT [REPEATS]
 *
 * The words are the text's runs of letters (any byte >= 0x80 counts as a
 * letter, an apostrophe between letters too), split here once, before
 * timing. Timed, best of REPEATS (3):
 *   cli      `SPELLFILTER_EXE check --dict DICT --no-user TEXT > /dev/null`,
 *            the whole process (start-up, reading, tokenising, checking);
 *   start-up the same command on an empty file: what cli spends on
 *            starting (loading its libraries, opening the dictionary),
 *            whatever the text;
 *   text     spellfilter_check_text on the whole text, in this process;
 *   word     spellfilter_check_word on each word in turn.
 * Both sides use the same dictionary and no user words (--no-user,
 * SPELLFILTER_USER_NONE). Per-word costs divide by the same word count.
 * Times are CPU time (the child's user + system time for cli, which
 * includes the shell that starts it). The ratio is word/cli;
 * word/(cli - start-up) compares checking alone, the stricter figure. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "spellfilter.h"

/* CPU time, not wall time: the machines this runs on are shared, and a
 * process waiting for a core is not spending per-word cost. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* The CPU time (user + system) of the children waited for so far. */
static double children(void) {
  struct rusage r;
  getrusage(RUSAGE_CHILDREN, &r);
  return r.ru_utime.tv_sec + r.ru_utime.tv_usec * 1e-6 + r.ru_stime.tv_sec +
         r.ru_stime.tv_usec * 1e-6;
}

static int is_letter(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: capi_word_bench SPELLFILTER_EXE DICT TEXT [REPEATS]\n");
    return 2;
  }
  const int repeats = argc > 4 ? atoi(argv[4]) : 3;
  FILE* f = fopen(argv[3], "rb");
  if (!f) { perror(argv[3]); return 2; }
  fseek(f, 0, SEEK_END);
  const long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* text = malloc(size + 1);
  if (fread(text, 1, size, f) != (size_t)size) { perror("read"); return 2; }
  fclose(f);
  text[size] = '\0';

  size_t cap = 1 << 20, n = 0;
  size_t* starts = malloc(cap * sizeof *starts);
  size_t* lengths = malloc(cap * sizeof *lengths);
  for (long i = 0; i < size;) {
    if (!is_letter((unsigned char)text[i])) { ++i; continue; }
    long j = i + 1;
    while (j < size && (is_letter((unsigned char)text[j]) ||
                        (text[j] == '\'' && j + 1 < size &&
                         is_letter((unsigned char)text[j + 1])))) {
      ++j;
    }
    if (n == cap) {
      cap *= 2;
      starts = realloc(starts, cap * sizeof *starts);
      lengths = realloc(lengths, cap * sizeof *lengths);
    }
    starts[n] = i;
    lengths[n++] = j - i;
    i = j;
  }

  spellfilter_dict* d = NULL;
  if (spellfilter_open_path(argv[2], SPELLFILTER_USER_NONE, &d) != SPELLFILTER_OK) {
    fprintf(stderr, "capi_word_bench: %s\n", spellfilter_last_error());
    return 2;
  }
  char empty[] = "/tmp/capi_word_bench-XXXXXX";
  const int empty_fd = mkstemp(empty);
  if (empty_fd < 0) { perror("mkstemp"); return 2; }
  close(empty_fd);
  char cmd[8192], cmd_empty[8192];
  snprintf(cmd, sizeof cmd, "'%s' check --dict '%s' --no-user '%s' > /dev/null",
           argv[1], argv[2], argv[3]);
  snprintf(cmd_empty, sizeof cmd_empty,
           "'%s' check --dict '%s' --no-user '%s' > /dev/null", argv[1], argv[2],
           empty);

  double best_cli = 1e9, best_start = 1e9, best_text = 1e9, best_word = 1e9;
  size_t misspelled_words = 0, misspelled_text = 0;
  for (int r = 0; r < repeats; ++r) {
    double t0 = children();
    const int rc = system(cmd);
    double t = children() - t0;
    if (rc == -1 || !WIFEXITED(rc) || WEXITSTATUS(rc) > 1) {
      fprintf(stderr, "capi_word_bench: %s failed\n", cmd);
      return 2;
    }
    if (t < best_cli) best_cli = t;

    t0 = children();
    const int rc_empty = system(cmd_empty);
    t = children() - t0;
    if (rc_empty == -1 || !WIFEXITED(rc_empty) || WEXITSTATUS(rc_empty) != 0) {
      fprintf(stderr, "capi_word_bench: %s failed\n", cmd_empty);
      return 2;
    }
    if (t < best_start) best_start = t;

    t0 = now();
    spellfilter_span* spans = NULL;
    if (spellfilter_check_text(d, text, size, &spans, &misspelled_text) !=
        SPELLFILTER_OK) {
      fprintf(stderr, "capi_word_bench: %s\n", spellfilter_last_error());
      return 2;
    }
    t = now() - t0;
    spellfilter_free_spans(spans);
    if (t < best_text) best_text = t;

    t0 = now();
    misspelled_words = 0;
    for (size_t k = 0; k < n; ++k) {
      misspelled_words += spellfilter_check_word(d, text + starts[k], lengths[k]) == 0;
    }
    t = now() - t0;
    if (t < best_word) best_word = t;
  }
  spellfilter_close(d);
  unlink(empty);
  printf("words                  %zu (%ld bytes)\n", n, size);
  printf("spellfilter check      %.3f s  %.1f ns/word  (process CPU time, %s)\n", best_cli,
         best_cli / n * 1e9, argv[1]);
  printf("  its start-up         %.3f s  (the same on an empty file)\n", best_start);
  printf("  without start-up     %.3f s  %.1f ns/word\n", best_cli - best_start,
         (best_cli - best_start) / n * 1e9);
  printf("spellfilter_check_text %.3f s  %.1f ns/word  (%zu misspelled)\n",
         best_text, best_text / n * 1e9, misspelled_text);
  printf("spellfilter_check_word %.3f s  %.1f ns/word  (%zu misspelled)\n",
         best_word, best_word / n * 1e9, misspelled_words);
  printf("ratio word/cli         %.2f\n", best_word / best_cli);
  printf("ratio word/(cli - start-up) %.2f\n", best_word / (best_cli - best_start));
  printf("ratio word/text        %.2f\n", best_word / best_text);
  free(text);
  free(starts);
  free(lengths);
  return 0;
}
