/* enchant_spellfilter.so: an Enchant-2 provider over libspellfilter's C API
 * (spellfilter.h), so that every program asking Enchant (GTK and GNOME
 * applications through gspell, Geany, Pidgin...) checks with spellfilter.
 *
 * Dictionaries: every language spellfilter_open_language can open, which
 * includes the system's Hunspell dictionaries (converted once into the
 * user's cache). Words added to the personal list go to the same list as
 * `spellfilter add` (${XDG_CONFIG_HOME:-~/.config}/spellfilter/user/
 * TAG.words); words added to the session last as long as the dictionary.
 *
 * Enchant loads providers from its module directory
 * (/usr/lib/x86_64-linux-gnu/enchant-2 on Debian) and orders them by
 * ~/.config/enchant/enchant.ordering, e.g. "*:spellfilter,hunspell".
 *
 * Enchant frees the lists the provider returns with g_strfreev, and owns
 * nothing else of it; each EnchantDict holds one spellfilter_dict, closed
 * in dispose_dict. */
#include <enchant-provider.h>
#include <glib.h>
#include <string.h>

#include "spellfilter.h"

/* As many as `spellfilter -a` and `spellfilter check --suggest` give. */
enum { kMaxSuggestions = 10 };

static void set_dict_error(EnchantDict* me) {
  enchant_dict_set_error(me, spellfilter_last_error());
}

static int sf_check(EnchantDict* me, const char* const word, size_t len) {
  /* Enchant: 0 correct, positive misspelled, negative error. */
  const int r = spellfilter_check_word(me->user_data, word, len);
  if (r < 0) {
    set_dict_error(me);
    return -1;
  }
  return r == 1 ? 0 : 1;
}

static char** copy_list(char** words, size_t count) {
  char** out = g_new0(char*, count + 1);
  for (size_t i = 0; i < count; ++i) out[i] = g_strdup(words[i]);
  return out;
}

static char** sf_suggest(EnchantDict* me, const char* const word, size_t len,
                         size_t* out_n_suggs) {
  char** words = NULL;
  size_t count = 0;
  *out_n_suggs = 0;
  if (spellfilter_suggest(me->user_data, word, len, kMaxSuggestions, &words,
                          &count) !=
      SPELLFILTER_OK) {
    set_dict_error(me);
    return NULL;
  }
  if (count == 0) return NULL;
  char** out = copy_list(words, count);
  spellfilter_free_words(words, count);
  *out_n_suggs = count;
  return out;
}

static void sf_add_to_personal(EnchantDict* me, const char* const word,
                               size_t len) {
  if (spellfilter_add_word(me->user_data, word, len) != SPELLFILTER_OK) {
    /* No user list (no HOME), or not a word the list can hold: keep it for
     * the session at least. Enchant's own personal list has it too. */
    set_dict_error(me);
    spellfilter_add_session_word(me->user_data, word, len);
  }
}

static void sf_add_to_session(EnchantDict* me, const char* const word,
                              size_t len) {
  if (spellfilter_add_session_word(me->user_data, word, len) !=
      SPELLFILTER_OK) {
    set_dict_error(me);
  }
}

static const char* sf_extra_word_characters(EnchantDict* me) {
  (void)me;
  return "'-";
}

static EnchantDict* sf_request_dict(EnchantProvider* me, const char* const tag) {
  spellfilter_dict* d = NULL;
  if (spellfilter_open_language(tag, SPELLFILTER_USER_DEFAULT, &d) !=
      SPELLFILTER_OK) {
    /* Not found is not an error for Enchant: it asks the next provider. */
    return NULL;
  }
  (void)me;
  EnchantDict* dict = g_new0(EnchantDict, 1);
  dict->user_data = d;
  dict->check = sf_check;
  dict->suggest = sf_suggest;
  dict->add_to_personal = sf_add_to_personal;
  dict->add_to_session = sf_add_to_session;
  dict->get_extra_word_characters = sf_extra_word_characters;
  return dict;
}

static void sf_dispose_dict(EnchantProvider* me, EnchantDict* dict) {
  (void)me;
  spellfilter_close(dict->user_data);
  g_free(dict);
}

/* The tags spellfilter_list_languages gives, as Enchant spells them. */
static char** sf_list_dicts(EnchantProvider* me, size_t* out_n_dicts) {
  (void)me;
  char** tags = NULL;
  size_t count = 0;
  *out_n_dicts = 0;
  if (spellfilter_list_languages(&tags, &count) != SPELLFILTER_OK ||
      count == 0) {
    return NULL;
  }
  char** out = copy_list(tags, count);
  spellfilter_free_words(tags, count);
  *out_n_dicts = count;
  return out;
}

/* Whether `tag` ("en_US", "en-US", "en") is one of ours, as Enchant asks
 * before request_dict: the exact tag, without the fallback "de" -> "de_DE"
 * (Enchant tries "de_DE" and then "de" itself). */
static int sf_dictionary_exists(EnchantProvider* me, const char* const tag) {
  size_t n = 0;
  char** tags = NULL;
  if (tag == NULL) return 0;
  char* want = g_strdup(tag);
  g_strdelimit(want, "-", '_');
  want[strcspn(want, ".@")] = '\0';
  int found = 0;
  if (spellfilter_list_languages(&tags, &n) == SPELLFILTER_OK) {
    for (size_t i = 0; i < n && !found; ++i) found = strcmp(tags[i], want) == 0;
    spellfilter_free_words(tags, n);
  }
  g_free(want);
  (void)me;
  return found;
}

static const char* sf_identify(EnchantProvider* me) {
  (void)me;
  return "spellfilter";
}

static const char* sf_describe(EnchantProvider* me) {
  (void)me;
  return "spellfilter Provider";
}

static void sf_dispose(EnchantProvider* me) { g_free(me); }

__attribute__((visibility("default"))) EnchantProvider* init_enchant_provider(void);

EnchantProvider* init_enchant_provider(void) {
  EnchantProvider* p = g_new0(EnchantProvider, 1);
  p->dispose = sf_dispose;
  p->request_dict = sf_request_dict;
  p->dispose_dict = sf_dispose_dict;
  p->dictionary_exists = sf_dictionary_exists;
  p->identify = sf_identify;
  p->describe = sf_describe;
  p->list_dicts = sf_list_dicts;
  return p;
}
