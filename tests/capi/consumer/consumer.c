/* A program built against the installed libspellfilter: opens the
 * installed dictionary by language, checks a text, suggests. */
#include <stdio.h>
#include <string.h>

#include <spellfilter.h>

int main(void) {
  spellfilter_dict* d = NULL;
  if (spellfilter_open_language("en_US", SPELLFILTER_USER_NONE, &d) !=
      SPELLFILTER_OK) {
    fprintf(stderr, "consumer: %s\n", spellfilter_last_error());
    return 1;
  }
  const char* text = "Teh installed library works";
  spellfilter_span* spans = NULL;
  size_t count = 0;
  if (spellfilter_check_text(d, text, SPELLFILTER_NUL_TERMINATED, &spans,
                             &count) != SPELLFILTER_OK) {
    fprintf(stderr, "consumer: %s\n", spellfilter_last_error());
    return 1;
  }
  for (size_t i = 0; i < count; ++i) {
    printf("%.*s", (int)spans[i].length, text + spans[i].offset);
    char** words = NULL;
    size_t n = 0;
    spellfilter_suggest(d, text + spans[i].offset, spans[i].length, 3, &words,
                        &n);
    for (size_t k = 0; k < n; ++k) printf(" %s", words[k]);
    spellfilter_free_words(words, n);
    printf("\n");
  }
  spellfilter_free_spans(spans);
  printf("dictionary %s\n", spellfilter_dict_path(d));
  spellfilter_close(d);
  return 0;
}
