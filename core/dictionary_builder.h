// Compiles a word list into a dictionary file image.
//
// Input: UTF-8, one word per line; blank lines and lines starting with '#'
// are ignored; an optional TAB-separated second column (a commonness class,
// as in dictionaries/en_US.txt) is accepted and ignored by this format
// version; CR before LF and a leading byte-order mark are tolerated;
// duplicates (after normalisation) count once. A line with invalid UTF-8,
// white space or a control character inside the word, or a word longer than
// kMaxWordBytes is an error naming the line.
//
// Sizing: the filter is sized for `capacity` words (default: the list plus
// max(10%, 10,000) words of headroom for user words) at the target
// false-positive rate, by the chosen layout's own rate formula
// (false_positive_math.h).
#ifndef SPELLFILTER_CORE_DICTIONARY_BUILDER_H_
#define SPELLFILTER_CORE_DICTIONARY_BUILDER_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <set>

#include "core/bloom_filter.h"
#include "core/status.h"
#include "core/word_forms.h"

namespace spellfilter {

inline constexpr double kDefaultFalsePositiveRate = 1e-6;
inline constexpr uint64_t kMinHeadroomWords = 10000;
inline constexpr double kHeadroomShare = 0.10;
inline constexpr size_t kMaxWordBytes = 128;

struct BuildOptions {
  double fp = kDefaultFalsePositiveRate;
  std::optional<uint64_t> capacity;
  std::string language = "und";
  Layout layout = Layout::kBlocked;
  // Experiments: override the sizing.
  std::optional<uint64_t> bits;
  std::optional<uint32_t> probes;
  uint64_t seed = 0;
};

struct BuildSummary {
  uint64_t words = 0;       // distinct words inserted
  uint64_t duplicates = 0;  // lines repeating an earlier word
  uint64_t capacity = 0;
  BloomParams params;
  double predicted_fp = 0;              // at `words`
  double predicted_fp_at_capacity = 0;  // when full
  uint64_t file_bytes = 0;
};

class DictionaryBuilder {
 public:
  // Validates the options; check status() before use.
  explicit DictionaryBuilder(const BuildOptions& options);

  const Status& status() const { return status_; }

  // One line of the list, without its line break. `where` names it in
  // errors ("words.txt:12").
  Status AddLine(std::string_view line, std::string_view where);

  // Sizes and fills the filter; returns the file image.
  StatusOr<std::string> Finish(BuildSummary* summary);

 private:
  BuildOptions options_;
  Status status_;
  WordForms forms_;
  std::string normalized_;
  std::unordered_set<std::string> words_;
  std::set<char32_t> alphabet_;
  uint64_t duplicates_ = 0;
};

// Predicted false-positive rate of a filter holding n words.
double PredictedRate(const BloomParams& params, uint64_t n);

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_DICTIONARY_BUILDER_H_
