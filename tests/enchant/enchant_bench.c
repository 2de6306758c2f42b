/* Enchant through one provider, timed on a word list: every word checked
 * once, then the first SUGGEST misspelled ones (default 1000) given
 * suggestions. Run it once per provider on the same list to compare them.
 *
 *   enchant_bench PROVIDER TAG WORDS [SUGGEST]
 *
 * PROVIDER is Enchant's name for it ("spellfilter", "hunspell"); the
 * broker's ordering for TAG is set to it alone, and the dictionary's
 * describe() must confirm it. WORDS: one word per line. */
#define _GNU_SOURCE
#include <enchant.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* CPU time: the machines this runs on are shared. */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void describe(const char* const lang, const char* const name,
                     const char* const desc, const char* const file,
                     void* user) {
  (void)lang; (void)desc; (void)file;
  snprintf(user, 64, "%s", name);
}

int main(int argc, char** argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: enchant_bench PROVIDER TAG WORDS [SUGGEST]\n");
    return 2;
  }
  const long suggest_max = argc > 4 ? atol(argv[4]) : 1000;
  FILE* f = fopen(argv[3], "r");
  if (!f) { perror(argv[3]); return 2; }
  size_t cap = 1 << 20, n = 0;
  char** words = malloc(cap * sizeof *words);
  char line[4096];
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = '\0';
    if (!line[0]) continue;
    if (n == cap) words = realloc(words, (cap *= 2) * sizeof *words);
    words[n++] = strdup(line);
  }
  fclose(f);

  EnchantBroker* broker = enchant_broker_init();
  enchant_broker_set_ordering(broker, argv[2], argv[1]);
  EnchantDict* dict = enchant_broker_request_dict(broker, argv[2]);
  if (!dict) {
    fprintf(stderr, "enchant_bench: no %s dictionary: %s\n", argv[2],
            enchant_broker_get_error(broker));
    return 2;
  }
  char provider[64] = "";
  enchant_dict_describe(dict, describe, provider);
  if (strcmp(provider, argv[1]) != 0) {
    fprintf(stderr, "enchant_bench: got provider %s, not %s\n", provider, argv[1]);
    return 2;
  }

  char** wrong = malloc(n * sizeof *wrong);
  size_t n_wrong = 0;
  double t0 = now();
  for (size_t i = 0; i < n; ++i) {
    if (enchant_dict_check(dict, words[i], -1) > 0) wrong[n_wrong++] = words[i];
  }
  const double check = now() - t0;

  size_t suggested = 0, suggestions = 0;
  t0 = now();
  for (size_t i = 0; i < n_wrong && (long)suggested < suggest_max; ++i) {
    size_t k = 0;
    char** s = enchant_dict_suggest(dict, wrong[i], -1, &k);
    suggestions += k;
    if (s) enchant_dict_free_string_list(dict, s);
    ++suggested;
  }
  const double suggest = now() - t0;

  printf("%-12s words %zu  check %.3f s (%.0f ns/word, %zu misspelled)  "
         "suggest %zu words %.3f s (%.2f ms/word, %.1f suggestions/word)\n",
         provider, n, check, check / n * 1e9, n_wrong, suggested, suggest,
         suggested ? suggest / suggested * 1e3 : 0.0,
         suggested ? (double)suggestions / suggested : 0.0);
  enchant_broker_free_dict(broker, dict);
  enchant_broker_free(broker);
  return 0;
}
