#include "core/checker.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "core/user_dictionary.h"

namespace spellfilter {
namespace {

bool HasSharpS(const std::vector<char32_t>& alphabet) {
  return std::binary_search(alphabet.begin(), alphabet.end(), U'\u00DF');
}

}  // namespace

Checker::Checker(const Dictionary& dictionary)
    : dictionary_(dictionary),
      forms_(dictionary.language(), HasSharpS(dictionary.contents().alphabet)),
      compounds_(dictionary.compound_parts()) {
  any_script_ = true;
  for (char32_t c : dictionary.contents().alphabet) {
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(static_cast<UChar32>(c), &status);
    if (U_FAILURE(status) || script == USCRIPT_COMMON ||
        script == USCRIPT_INHERITED || script < 0 ||
        script >= static_cast<int>(scripts_.size())) {
      continue;
    }
    scripts_.set(script);
    any_script_ = false;
  }
  latin_covered_ = any_script_ || scripts_.test(USCRIPT_LATIN);
}

bool Checker::InCoveredScript(std::string_view word) const {
  if (any_script_) return true;
  // Tokens start with a letter, so an ASCII first byte is a Latin letter.
  if (!word.empty() && static_cast<unsigned char>(word[0]) < 0x80) {
    return latin_covered_;
  }
  const auto* p = reinterpret_cast<const uint8_t*>(word.data());
  const int32_t n = static_cast<int32_t>(word.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return true;
    UErrorCode status = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &status);
    if (U_FAILURE(status) || script == USCRIPT_COMMON ||
        script == USCRIPT_INHERITED) {
      continue;
    }
    return script >= 0 && script < static_cast<int>(scripts_.size()) &&
           scripts_.test(script);
  }
  return true;
}

bool Checker::Known(std::string_view word) {
  const std::span<const std::string> forms = forms_.LookupForms(word);
  for (const std::string& form : forms) {
    if (dictionary_.Contains(form)) return true;
    if (user_ != nullptr && user_->Contains(form)) return true;
  }
  if (!dictionary_.compound_parts().empty()) {
    for (const std::string& form : forms) {
      if (compounds_.IsCompound(form)) return true;
    }
  }
  return false;
}

bool Checker::IsCorrect(std::string_view word) {
  if (!InCoveredScript(word)) return true;
  return Known(word);
}

WordHash Checker::WrittenHash(std::string_view word) {
  const uint64_t seed = dictionary_.filter().params().seed;
  bool ascii = true;
  for (unsigned char c : word) ascii &= c < 0x80;
  if (ascii) return HashWord(word, seed);
  if (!forms_.Normalize(word, &normalized_)) normalized_.clear();
  return HashWord(normalized_, seed);
}

void Checker::Check(std::string_view text, std::vector<Misspelling>* out) {
  out->clear();
  // Slices of about kSliceBytes ending after a line feed (where the
  // tokenizer may be cut) keep the token buffer small whatever the text's
  // size; a longer line is one slice.
  constexpr size_t kSliceBytes = 64 * 1024;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.size();
    if (end - begin > kSliceBytes) {
      const size_t nl = text.rfind('\n', begin + kSliceBytes - 1);
      if (nl != std::string_view::npos && nl >= begin) {
        end = nl + 1;
      } else {
        const size_t next = text.find('\n', begin + kSliceBytes);
        end = next == std::string_view::npos ? text.size() : next + 1;
      }
    }
    CheckSlice(text, begin, end, out);
    begin = end;
  }
}

void Checker::CheckSlice(std::string_view text, size_t slice_begin,
                         size_t slice_end, std::vector<Misspelling>* out) {
  tokenizer_.Tokenize(text.substr(slice_begin, slice_end - slice_begin),
                      &tokens_);
  for (Token& t : tokens_) t.offset += slice_begin;
  // Most words are found as written. Their first probes go in batches: hash
  // and prefetch a batch, then test it, so the cache misses of a batch
  // overlap instead of following one another. Words not found as written
  // take the full case-form path.
  constexpr size_t kBatch = 16;
  const BloomFilter& filter = dictionary_.filter();
  hashes_.resize(kBatch);
  for (size_t begin = 0; begin < tokens_.size(); begin += kBatch) {
    const size_t end = std::min(tokens_.size(), begin + kBatch);
    for (size_t i = begin; i < end; ++i) {
      const Token& t = tokens_[i];
      hashes_[i - begin] = WrittenHash(text.substr(t.offset, t.length));
      filter.Prefetch(hashes_[i - begin]);
    }
    for (size_t i = begin; i < end; ++i) {
      if (!filter.MayContain(hashes_[i - begin])) {
        CheckSlow(text, tokens_[i], out);
      }
    }
  }
}

void Checker::CheckSlow(std::string_view text, const Token& t,
                        std::vector<Misspelling>* out) {
  const std::string_view word = text.substr(t.offset, t.length);
  if (!InCoveredScript(word) || Known(word)) return;
  // Abbreviations are listed with their period ("etc.", "Mr.").
  const size_t end = t.offset + t.length;
  if (end < text.size() && text[end] == '.') {
    with_period_.assign(word);
    with_period_.push_back('.');
    if (Known(with_period_)) return;
  }
  out->push_back(Misspelling{t.offset, t.length});
}

}  // namespace spellfilter
