// A Suggester's answers remembered by word, for the commands that meet the
// same misspelling many times: `check --suggest` (the 5 MB prose benchmark
// has 23,503 misspellings, 4,424 distinct) and the ispell pipe mode (an
// editor sends a whole buffer, then its lines again as they change). A
// word's suggestions do not change while the user words stay the same;
// Forget() is for when they change. At most kMaxRemembered words are kept,
// then the memo starts over.
#ifndef SPELLFILTER_APP_CLI_REMEMBERED_SUGGESTIONS_H_
#define SPELLFILTER_APP_CLI_REMEMBERED_SUGGESTIONS_H_

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/suggest/suggester.h"

namespace spellfilter::cli {

class RememberedSuggestions {
 public:
  static constexpr size_t kMaxRemembered = size_t{1} << 16;

  // The suggestions for `word`, searched by `suggester` the first time.
  const std::vector<std::string>& Get(Suggester& suggester,
                                      std::string_view word) {
    const auto it = answered_.find(word);
    if (it != answered_.end()) return it->second;
    if (answered_.size() >= kMaxRemembered) answered_.clear();
    return answered_.emplace(std::string(word), suggester.Suggest(word))
        .first->second;
  }

  void Forget() { answered_.clear(); }

 private:
  // Heterogeneous lookup: find a string_view without making a string.
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const {
      return std::hash<std::string_view>()(s);
    }
  };
  std::unordered_map<std::string, std::vector<std::string>, Hash,
                     std::equal_to<>>
      answered_;
};

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_REMEMBERED_SUGGESTIONS_H_
