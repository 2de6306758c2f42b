// Every dictionary installed for a language, found by its tag: the
// spellfilter dictionaries (.sfd) of the locator's places, and the Hunspell
// dictionaries of the system (/usr/share/hunspell/xx_YY.dic), which are
// converted once (core/hunspell/import.h) into the user's cache and used
// from there.
//
// Tags: "de_DE", "de-DE", "de_DE.UTF-8" and "de_DE@euro" all mean de_DE;
// the ispell names of American English ("american", "english", "en-US")
// mean en_US. A tag without a region that has no dictionary of its own
// falls back to one of its regions, as Enchant does: "de" -> de_DE (the
// region spelled like the language) if there is one, else the first in
// byte order ("de_AT").
//
// Where, first hit wins for a tag (ListDictionaries shows each tag once, as
// Resolve would use it):
//   1. the extra directories the caller passes (a library's own prefix);
//   2. the locator's places (locator.h): the user's config directory, the
//      running program's PREFIX/share/spellfilter, the build tree;
//   3. the Hunspell directories: $SPELLFILTER_HUNSPELL_PATH (colon-
//      separated) if set, else /usr/share/hunspell and /usr/share/myspell.
//
// The cache: ${XDG_CACHE_HOME:-~/.cache}/spellfilter/hunspell/TAG.sfd, with
// TAG.sfd.source naming the .dic and .aff it came from and their sizes and
// modification times; when they differ from the files now installed (an
// update of the package) the dictionary is built again. Concurrent first
// uses, in threads or processes, are safe: the build runs under an
// exclusive lock on TAG.lock (file_lock.h), the winner writes the file
// atomically (temporary + rename) before its stamp, and the others find it
// done when they get the lock.
//
// Thread-safe: the functions keep no state between calls.
#ifndef SPELLFILTER_CORE_CATALOG_LANGUAGE_CATALOG_H_
#define SPELLFILTER_CORE_CATALOG_LANGUAGE_CATALOG_H_

#include <string>
#include <string_view>
#include <vector>

#include "core/util/status.h"

namespace spellfilter {

struct CatalogEntry {
  enum class Kind { kSpellfilter, kHunspell };
  std::string tag;     // "de_DE"
  Kind kind = Kind::kSpellfilter;
  std::string source;  // the .sfd, or the Hunspell .dic
  // kHunspell: where its converted dictionary is (or will be) cached.
  std::string cached;
  // kHunspell: whether the cache holds it, up to date.
  bool cache_current = false;
};

struct CatalogOptions {
  std::vector<std::string> extra_dirs;  // searched first, for TAG.sfd
};

// "de-DE", "de_DE.UTF-8", "de_DE@euro" -> "de_DE"; "" if `tag` is not a
// plausible language tag (letters, digits, '_' and '-' only, 2-35 bytes,
// starting with a language code of two or three letters: so
// programming.sfd, code mode's words, is not a language).
std::string NormalizeLanguageTag(std::string_view tag);

// The dictionaries available, one per tag, sorted by tag.
std::vector<CatalogEntry> ListDictionaries(const CatalogOptions& options = {});

// The entry a tag resolves to (with the fallbacks above), or NotFound
// naming the tag and where it looked. Does not build anything.
StatusOr<CatalogEntry> FindLanguage(std::string_view tag,
                                    const CatalogOptions& options = {});

// The path of a .sfd for the tag: the spellfilter dictionary, or the
// cached conversion of the Hunspell one, built first if missing or out of
// date. Errors: NotFound (no such language), InvalidArgument (not a tag),
// Corruption/IOError from the import or the cache.
StatusOr<std::string> ResolveLanguage(std::string_view tag,
                                      const CatalogOptions& options = {});
// The same for an entry FindLanguage returned: no second look through the
// folders.
StatusOr<std::string> ResolveEntry(const CatalogEntry& entry);

// The cache directory (${XDG_CACHE_HOME:-~/.cache}/spellfilter/hunspell),
// or NotFound when neither variable is set.
StatusOr<std::string> HunspellCacheDirectory();

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CATALOG_LANGUAGE_CATALOG_H_
