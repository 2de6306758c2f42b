#include "core/keep_case_filter.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/byte_order.h"
#include "core/section_filter.h"
#include "core/word_forms.h"

namespace spellfilter {

const char* KeepCaseFilter::Parse(std::span<const std::byte> section,
                                  KeepCaseFilter* out) {
  if (section.size() < kKeepCaseHeaderBytes) return "keep-case words truncated";
  const std::byte* p = section.data();
  KeepCaseFilter f;
  const BloomParams params = GetSectionFilterFields(p, &f.words_, &f.target_fp_);
  const uint32_t flags = GetFixed<uint32_t>(p + kSectionFilterFieldBytes);
  if (params.layout != Layout::kBlocked || params.bits == 0 ||
      section.size() - kKeepCaseHeaderBytes != params.bits / 8) {
    return "keep-case words size does not match its parameters";
  }
  if (BloomFilter::Validate(params, params.bits / 64) != nullptr ||
      !(f.target_fp_ > 0 && f.target_fp_ < 1) ||
      (flags & ~kKeepCaseSharpSCapitalised) != 0) {
    return "bad keep-case words parameters";
  }
  if (reinterpret_cast<uintptr_t>(p) % alignof(uint64_t)) {
    return "keep-case words are not aligned in memory";
  }
  f.sharp_s_capitalised_ = flags & kKeepCaseSharpSCapitalised;
  f.filter_ = BloomFilter(
      params, std::span<const uint64_t>(
                  reinterpret_cast<const uint64_t*>(p + kKeepCaseHeaderBytes),
                  params.bits / 64));
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
  std::string out;
  PutSectionFilterFields(params, words_.size(), fp, &out);
  PutFixed<uint32_t>(&out, flags_);
  PutFixed<uint32_t>(&out, 0);
  PutFixed<uint64_t>(&out, 0);
  PutFixed<uint64_t>(&out, 0);
  out.append(reinterpret_cast<const char*>(bits.data()), bits.size() * 8);
  return out;
}

}  // namespace spellfilter
