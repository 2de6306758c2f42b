// The user's own words, on top of a base dictionary: `spellfilter add`,
// `remove` and `words`, and what `check`, `suggest` and the editor accept
// besides the base. docs/user_dictionary.md has the design and the files.
//
// Two files per user and base dictionary, written only under an exclusive
// lock (FileLock on LIST.lock) and only by atomic replacement
// (WriteFileAtomically):
//
//   LIST         the words, UTF-8, one per line in the order they were
//                added (user_word_list.h): the source of truth, readable
//                and editable by hand;
//   LIST.filter  the words' scalable Bloom filter (scalable_filter.h; the
//                words and the ALL UPPER forms of those in mixed case), a
//                cache derived from LIST and tagged with LIST's checksum
//                (user_filter_file.h). If it does not belong to the list
//                (hand edit, crash between the two renames, damage, another
//                base dictionary) it is rebuilt from the list.
//
// Lookups go through the filter, never through the list: a removed word is
// rejected again (unless the base has it) because `remove` rebuilds the
// filter from the remaining list.
//
// The layers' combined false-positive budget is what the base dictionary's
// headroom leaves of its target: P = target - f_base(words_at_build), so the
// compound rate 1 - (1 - f_base)(1 - f_user) stays at or below the base's
// target however many words are added. The first layer holds as many words
// as the headroom (capacity - words_at_build). (A base whose own rate leaves
// less than a tenth of its target, e.g. one built with --bits/--hashes, gives
// the user words a tenth of the target; the compound rate then exceeds it,
// and `stats` says so.)
//
// A line of the list that is not a word (a hand edit) is skipped and
// reported by damage() as "LIST:LINE: problem"; the other words are used. A
// reader never changes the list (nor saves the filter of such a list, so
// every reader reports the line). A writer repairs it by keeping every good
// line, after copying the list as it was to LIST.damaged-<UTC time> (never
// replacing an earlier copy).
//
// Not thread-safe: one thread may use a UserDictionary at a time (Contains
// included, while Add, Remove or ReloadIfChanged runs). Processes share the
// files safely.
#ifndef SPELLFILTER_CORE_USER_USER_DICTIONARY_H_
#define SPELLFILTER_CORE_USER_USER_DICTIONARY_H_

#include <sys/types.h>

#include <ctime>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/dictionary/dictionary.h"
#include "core/filter/scalable_filter.h"
#include "core/util/status.h"
#include "core/user/word_list.h"
#include "core/text/word_forms.h"

namespace spellfilter {

inline constexpr char kUserListExtension[] = ".words";
inline constexpr char kUserFilterSuffix[] = ".filter";
inline constexpr char kUserLockSuffix[] = ".lock";
inline constexpr char kUserDamagedInfix[] = ".damaged-";
// The user layers' share of the base target when the base leaves less.
inline constexpr double kMinUserBudgetShare = 0.1;

class UserDictionary {
 public:
  struct EditResult {
    std::vector<std::string> changed;    // normalised words added or removed
    std::vector<std::string> unchanged;  // already there, or not there
  };

  // The user's list for `base`, by its language
  // (${XDG_CONFIG_HOME:-$HOME/.config}/spellfilter/user/TAG.words, TAG
  // being the base's language, "en_US"; NAME.words, by the base file's
  // name, for a base without a language), after adopting the per-file
  // list of earlier versions (language_list.h). Every user of the default
  // list (the CLI, the editor, the C API and so Enchant, the LSP server)
  // comes here. NotFound when neither variable is set.
  static StatusOr<std::string> DefaultPath(const Dictionary& base);

  // The layers' geometry for `base` (budget, first capacity, seed).
  static ScalableGeometry GeometryFor(const Dictionary& base);
  // The same, given the base's predicted rate at build (the exact blocked
  // rate takes a million instructions: computed once per open).
  static ScalableGeometry GeometryFor(const Dictionary& base,
                                      double base_rate);

  // Loads the list at `path` for `base`, which must outlive the result. A
  // missing list (or directory) is an empty one; nothing is created. A
  // damaged list is not an error (see damage()); an unreadable one is.
  static StatusOr<std::unique_ptr<UserDictionary>> Open(std::string path,
                                                        const Dictionary& base);

  UserDictionary(const UserDictionary&) = delete;
  UserDictionary& operator=(const UserDictionary&) = delete;
  ~UserDictionary();

  // Whether the user words may contain `normalized_word` (word_forms.h):
  // false positives at filter().PredictedRate(), no false negatives.
  bool Contains(std::string_view normalized_word) const {
    return filter_.MayContain(normalized_word);
  }

  // Adds the words that are not there yet, in order (creating the list and
  // its directory if needed). All or nothing: if any word is refused
  // (CheckUserWord), nothing is written and the InvalidArgument names the
  // first bad word, its `where`, and how many more there are.
  StatusOr<EditResult> Add(std::span<const SourcedWord> words);
  StatusOr<EditResult> Add(std::span<const std::string> words);
  // Removes the words (exact normalised forms; "Foo" does not remove "foo").
  StatusOr<EditResult> Remove(std::span<const std::string> words);

  // The words as the list now holds them (read again from the file).
  StatusOr<std::vector<std::string>> Words() const;

  // Reloads when another process changed the list since it was last read;
  // returns whether it did. Costs a stat(2) (and, for two seconds after a
  // change, a read of the list: a new list can reuse the old one's inode,
  // size and time stamp). On error the previous words stay in use.
  StatusOr<bool> ReloadIfChanged();

  // Non-ok (Corruption) when the last load or edit found lines that are not
  // words: the message names the file, the (first) line and the problem,
  // and, after an edit, where the list as it was was copied.
  const Status& damage() const { return damage_; }

  const std::string& path() const { return path_; }
  std::string filter_path() const { return path_ + kUserFilterSuffix; }
  const ScalableFilter& filter() const {
    Size();
    return filter_;
  }
  // Keys in the filter: the words, and the ALL UPPER form of each written
  // in mixed case ("GITLAB" for "GitLab", as the base dictionary has them).
  uint64_t size() const { return filter_.size(); }
  // Whether the filter came from LIST.filter at the last load (false: it
  // was rebuilt from the list, e.g. after a hand edit).
  bool filter_was_cached() const { return filter_was_cached_; }

  // The base's predicted rate with its words_at_build words, and the rate
  // of base and user words together: 1 - (1 - f_base)(1 - f_user).
  double BaseRate() const {
    Size();
    return base_rate_;
  }
  double CompoundRate() const;

 private:
  struct FileIdentity {
    bool exists = false;
    dev_t dev = 0;
    ino_t ino = 0;
    off_t size = 0;
    timespec mtime{};
    timespec ctime{};
    bool operator==(const FileIdentity& o) const;
  };
  struct State;

  UserDictionary(std::string path, const Dictionary& base);

  Status Load();
  Status ReadState(bool need_words, State* s);
  Status Persist(const State& s);
  Status SetAside(const State& s, std::string* aside);
  void Adopt(State&& s);
  template <typename Edit>
  StatusOr<EditResult> Mutate(Edit&& edit);
  std::string lock_path() const { return path_ + kUserLockSuffix; }
  // A word's keys: itself, and its ALL UPPER form if written in mixed case
  // (letter_case.h), which the checker's case rules cannot derive.
  Status AddKeys(ScalableFilter* filter, const std::string& word) const;
  uint64_t KeyCount(const std::vector<std::string>& words) const;

  // Sizes the layers for the base on the first need: the base's exact
  // predicted rate takes a million instructions (a sixth of a checker's
  // start-up), and a checker whose user keeps no list never needs it.
  // Until then the filter is empty and sized for a base rate of 0.
  void Size() const;

  std::string path_;
  const Dictionary& base_;
  // Set by Size(), hence mutable: the lazy sizing is invisible to callers.
  mutable bool sized_ = false;
  mutable double base_rate_ = 0;
  mutable ScalableGeometry geometry_;
  WordForms forms_;
  bool turkic_;  // the base's language has Turkish case mapping
  mutable ScalableFilter filter_;
  FileIdentity identity_;
  uint64_t list_hash_ = 0;
  timespec identity_time_{};  // when identity_ was taken
  bool filter_was_cached_ = false;
  Status damage_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_USER_USER_DICTIONARY_H_
