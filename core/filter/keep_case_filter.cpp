#include "core/filter/keep_case_filter.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/util/byte_order.h"
#include "core/filter/section_filter.h"
#include "core/text/word_forms.h"

namespace spellfilter {
namespace {

// The section's own field after the shared ones.
uint32_t Flags(const std::byte* section) {
  return GetFixed<uint32_t>(section + kSectionFilterFieldBytes);
}

}  // namespace

const char* KeepCaseFilter::Parse(std::span<const std::byte> section,
                                  KeepCaseFilter* out) {
  static constexpr SectionFilterErrors kErrors = {
      "keep-case words truncated",
      "keep-case words size does not match its parameters",
      "bad keep-case words parameters",
      "keep-case words are not aligned in memory"};
  KeepCaseFilter f;
  if (const char* problem = ParseSectionFilter(
          section, kKeepCaseHeaderBytes, kErrors,
          [](const std::byte* p) {
            return (Flags(p) & ~kKeepCaseSharpSCapitalised) == 0;
          },
          &f.filter_, &f.words_, &f.target_fp_)) {
    return problem;
  }
  f.sharp_s_capitalised_ = Flags(section.data()) & kKeepCaseSharpSCapitalised;
  *out = f;
  return nullptr;
}

bool KeepCaseFilter::Refuses(const WordForms& word_forms,
                             std::span<const std::string> forms,
                             size_t i) const {
  // forms[0] is the word as written; the ß forms made from "SS" come last
  // (Hunspell's spellsharps accepts them without the KEEPCASE test).
  if (empty() || i == 0 || i >= word_forms.sharp_s_from()) return false;
  if (!MayContain(forms[i])) return false;
  if (sharp_s_capitalised_ && !word_forms.all_upper() &&
      forms[i].find("\xC3\x9F") != std::string::npos) {
    return false;
  }
  return true;
}

std::string KeepCaseFilterBuilder::Encode(double fp) const {
  const BloomParams params = SizeSectionFilter(words_.size(), fp, seed_);
  std::vector<uint64_t> bits(params.bits / 64, 0);
  for (const std::string& w : words_) {
    BloomFilter::Add(params, bits, HashWord(w, seed_));
  }
  std::string own;
  PutFixed<uint32_t>(&own, flags_);
  return EncodeSectionFilter(params, words_.size(), fp, own,
                             kKeepCaseHeaderBytes, bits);
}

}  // namespace spellfilter
