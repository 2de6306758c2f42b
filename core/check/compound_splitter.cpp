#include "core/check/compound_splitter.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>

namespace spellfilter {

bool CompoundSplitter::Probe(CompoundRole role, uint32_t from, uint32_t to) {
  if (probes_ >= kMaxProbes) {
    exhausted_ = true;
    return false;
  }
  ++probes_;
  const std::string_view part =
      word_.substr(offsets_[from], offsets_[to] - offsets_[from]);
  return parts_.MayContain(role, part) ||
         (affixes_ != nullptr &&
          affixes_->AcceptsPart(part, static_cast<uint32_t>(role)));
}

bool CompoundSplitter::BoundaryOk(uint32_t at) const {
  const CompoundSettings& s = parts_.settings();
  const char32_t before = letters_[at - 1];
  const char32_t after = letters_[at];
  if (s.check_triple && before == after &&
      ((at >= 2 && letters_[at - 2] == before) ||
       (at + 1 < n_ && letters_[at + 1] == after))) {
    return false;
  }
  if (s.check_case && before != U'-' && after != U'-') {
    // Hunspell's cpdcase_check: upper case or caseless on either side.
    auto upper_or_caseless = [](char32_t c) {
      return u_toupper(static_cast<UChar32>(c)) == static_cast<UChar32>(c);
    };
    if (upper_or_caseless(before) || upper_or_caseless(after)) return false;
  }
  return true;
}

bool CompoundSplitter::End(uint32_t from) {
  if (end_[from] == kUnknown) {
    end_[from] = Probe(CompoundRole::kEnd, from, n_) ? 1 : 0;
  }
  return end_[from] == 1;
}

uint32_t CompoundSplitter::Best(uint32_t from) {
  return End(from) ? 1 : BestWithMiddle(from);
}

uint32_t CompoundSplitter::BestWithMiddle(uint32_t from) {
  if (best_mid_[from] != kUnknown) return best_mid_[from];
  const uint32_t m = parts_.settings().min_part;
  uint32_t best = kNone;
  // A middle part [from, to) leaves at least m characters for the end.
  for (uint32_t to = from + m; to + m <= n_ && !exhausted_; ++to) {
    if (!BoundaryOk(to) || !Probe(CompoundRole::kMiddle, from, to)) continue;
    const uint32_t rest = Best(to);
    if (rest != kNone) best = std::min(best, rest + 1);
    if (best == 2) break;  // no fewer parts possible
  }
  best_mid_[from] = best;
  return best;
}

bool CompoundSplitter::IsCompound(std::string_view word, uint32_t* probes) {
  probes_ = 0;
  exhausted_ = false;
  if (probes != nullptr) *probes = 0;
  if (parts_.empty()) return false;
  word_ = word;
  offsets_.clear();
  letters_.clear();
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t size = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < size;) {
    if (letters_.size() > kMaxLetters) return false;
    offsets_.push_back(static_cast<uint32_t>(i));
    UChar32 c;
    U8_NEXT(p, i, size, c);
    if (c < 0) return false;
    letters_.push_back(static_cast<char32_t>(c));
  }
  n_ = static_cast<uint32_t>(letters_.size());
  offsets_.push_back(static_cast<uint32_t>(word.size()));
  const CompoundSettings& s = parts_.settings();
  const uint32_t m = s.min_part;
  if (n_ > kMaxLetters || n_ < 2 * m) return false;
  const uint32_t max_parts = s.max_parts == 0 ? kNone - 1 : s.max_parts;
  end_.assign(n_ + 1, kUnknown);
  best_mid_.assign(n_ + 1, kUnknown);

  bool found = false;
  for (uint32_t to = m; to + m <= n_ && !found && !exhausted_; ++to) {
    if (!BoundaryOk(to) || !Probe(CompoundRole::kBegin, 0, to)) {
      continue;
    }
    // Two parts: the end directly (CHECKCOMPOUNDDUP looks at these two).
    if (End(to) &&
        !(s.check_dup && word.substr(0, offsets_[to]) ==
                             word.substr(offsets_[to]))) {
      found = true;
    } else if (max_parts >= 3) {
      const uint32_t rest = BestWithMiddle(to);
      found = rest != kNone && rest + 1 <= max_parts;
    }
  }
  if (probes != nullptr) *probes = probes_;
  return found;
}

}  // namespace spellfilter
