// libFuzzer target: suggestions (core/suggest/suggester.h) for arbitrary bytes, as
// one word, on a small English dictionary with every suggestion section
// (prefixes, classes, sound skeletons, mixed case): no crash, no hang, the
// work within the budget and its documented overrun, at most max
// suggestions, and every suggestion (each part of a split) accepted by the
// checker.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/check/checker.h"
#include "core/suggest/suggester.h"
#include "tests/fuzz/fuzz_dictionary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // clang-format off
  static const std::unique_ptr<spellfilter::Dictionary> dict =
      spellfilter::fuzz::MakeDictionary({
          "the\t10", "a\t10", "I\t10", "lot\t10", "in\t10", "fact\t20",
          "necessary\t20", "beautiful\t20", "definitely\t20", "receive\t20",
          "caterpillar\t50", "physics\t35", "nation\t10", "separate\t20",
          "don't\t10", "caf\xC3\xA9\t40", "Paris\t20", "NASA\t35",
          "JavaScript\t50", "iPhone\t50", "McDonald\t50", "O'Neill\t60",
          "accommodate\t35", "occurred\t35", "tomorrow\t20", "because\t10",
          "stra\xC3\x9F" "e\t70", "\xCE\xBF\xCE\xB4\xCF\x8C\xCF\x82\t70"});
  // clang-format on
  static spellfilter::Checker checker(*dict);
  static spellfilter::Suggester suggester(*dict);
  // Longer inputs get no suggestion (kMaxSuggestLetters code points).
  if (size > 4 * spellfilter::kMaxSuggestLetters + 8) return 0;
  const std::string_view word(reinterpret_cast<const char*>(data), size);
  const std::vector<std::string> got = suggester.Suggest(word);
  // One step past the budget: at most one Between pass, L * (L + 1) tests
  // for an alphabet of L letters (under 64 here), or one expansion.
  if (suggester.stats().work >
          spellfilter::kDefaultWorkBudget + 64 * 65 + 256 ||
      got.size() > spellfilter::kDefaultMaxSuggestions) {
    __builtin_trap();
  }
  for (const std::string& s : got) {
    for (size_t start = 0; start <= s.size();) {
      const size_t end = std::min(s.find(' ', start), s.size());
      if (!checker.IsCorrect(std::string_view(s).substr(start, end - start))) {
        __builtin_trap();
      }
      start = end + 1;
    }
  }
  return 0;
}
