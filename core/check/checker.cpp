#include "core/check/checker.h"

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstring>
#include <iterator>

#include "core/check/near_word.h"
#include "core/text/identifier_splitter.h"
#include "core/user/user_dictionary.h"

namespace spellfilter {
namespace {

bool HasSharpS(const std::vector<char32_t>& alphabet) {
  return std::binary_search(alphabet.begin(), alphabet.end(), U'\u00DF');
}

// Hunspell_spell's number rule: ASCII digits, with single '.', ',' or '-'
// between them (not first, not last, never two in a row).
bool IsHunspellNumber(std::string_view word) {
  bool digit_last = false;
  for (size_t i = 0; i < word.size(); ++i) {
    const char c = word[i];
    if (c >= '0' && c <= '9') {
      digit_last = true;
    } else if ((c == '.' || c == ',' || c == '-') && digit_last) {
      digit_last = false;
    } else {
      return false;
    }
  }
  return digit_last;
}

// The tag of IsCorrect's whole verdicts on words of `d` not found as
// written, in the checker's VerdictMemo: the dictionary's own answers use
// serial() and compounds serial() + 1 (both below 2^63), so the top bit
// makes a tag no other answer has.
uint64_t SpellVerdictTag(const Dictionary& d) {
  return d.serial() | (uint64_t{1} << 63);
}

// The hash IsCorrect's whole verdicts are kept under in the VerdictMemo:
// not the filter's XXH3 but a few loads and multiplies, so a repeated word
// is answered before it is hashed for the filter (speed, issue 32). A word
// of up to 7 bytes has its known-word cache key (its bytes and length);
// a longer one mixes its first, middle and last 8 bytes and its length.
// Words that collide only share a slot: the memo compares the bytes.
uint64_t QuickWordHash(std::string_view word, uint64_t key) {
  constexpr uint64_t kMul = 0x9E3779B97F4A7C15ull;
  uint64_t h;
  if (key != 0) {
    h = key * kMul;
  } else {
    // Only words of 8 bytes or more come here (key is 0 for them).
    const char* p = word.data();
    const size_t n = word.size();
    uint64_t first, middle, last;
    std::memcpy(&first, p, 8);
    std::memcpy(&middle, p + n / 2 - 4, 8);
    std::memcpy(&last, p + n - 8, 8);
    h = (first * kMul) ^ ((middle ^ n) * 0xC2B2AE3D27D4EB4Full) ^
        (last * 0x165667B19E3779F9ull);
  }
  return h ^ (h >> 29) ^ (h >> 47);
}

}  // namespace

Checker::Checker(const Dictionary& dictionary)
    : dictionary_(dictionary),
      forms_(dictionary.language(), HasSharpS(dictionary.contents().alphabet)),
      compounds_(dictionary.compound_parts(), dictionary.affixes()) {
  // Hunspell's WORDCHARS, when the dictionary has them (tokenizer.h, rule 7).
  tokenizer_.SetWordChars(dictionary.word_chars().chars());
  word_chars_ = !dictionary.word_chars().empty();
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
  // An ASCII letter first is Latin. Other ASCII (digits, '@': words
  // through the word API, 0కు100కు, 2ης) is Common: the script is the
  // first letter's, found below.
  if (!word.empty() && static_cast<unsigned char>(word[0]) < 0x80 &&
      ((word[0] | 0x20) >= 'a' && (word[0] | 0x20) <= 'z')) {
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

bool Checker::ForbiddenSpelling(std::span<const std::string> forms) {
  const CompoundFilter& parts = dictionary_.compound_parts();
  const AffixLookup* affixes = dictionary_.affixes();
  const bool by_key = affixes != nullptr && affixes->table().forbidden != 0;
  if (parts.empty() && !by_key) return false;
  auto forbidden = [&](const std::string& form) {
    if (!parts.empty() && parts.MayContainRole(kForbiddenRole, form)) {
      return true;
    }
    if (!by_key) return false;
    forbidden_key_.clear();
    AppendForbiddenKey(form, &forbidden_key_);
    return dictionary_.filter().MayContain(forbidden_key_);
  };
  // As typed, and for an ALL UPPER word its Capitalised form (forms[2]).
  return (!forms.empty() && forbidden(forms[0])) ||
         (forms_.all_upper() && forms.size() > 2 && forbidden(forms[2]));
}

Checker::Verdict Checker::Known(std::string_view word) {
  const std::span<const std::string> forms = forms_.LookupForms(word);
  // Hunspell refuses a word typed as a forbidden spelling whatever its
  // other case forms ("forbid bad capitalization ... use explicit forms in
  // dic: Ijs/F", hunspell.cxx): nl's FTP/Fw beside ftp.
  if (ForbiddenSpelling(forms)) return Verdict::kMisspelled;
  const KeepCaseFilter& keep_case = dictionary_.keep_case();
  for (size_t i = 0; i < forms.size(); ++i) {
    const std::string& form = forms[i];
    if (dictionary_.Contains(form, &memo_) &&
        !keep_case.Refuses(forms_, forms, i)) {
      return Verdict::kDictionary;
    }
    if (user_ != nullptr && user_->Contains(form)) return Verdict::kUser;
    if ((extra_ != nullptr && extra_->Contains(form)) ||
        (second_extra_ != nullptr && second_extra_->Contains(form))) {
      return Verdict::kDictionary;
    }
  }
  // An ALL UPPER affixed form of an ALL UPPER stem (an_ES's INS for IN/BF,
  // CIAS for CIA/S), which Hunspell accepts through the stem's hidden
  // Capitalised homonym; an expanded dictionary lists such forms. Only for
  // ALL UPPER words not found otherwise.
  if (forms_.all_upper() && forms.size() > 2 &&
      dictionary_.affixes() != nullptr &&
      dictionary_.affixes()->AcceptsUpperStem(forms[2])) {
    return Verdict::kDictionary;
  }
  if (!dictionary_.compound_parts().empty()) {
    for (const std::string& form : forms) {
      if (IsCompound(form)) return Verdict::kDictionary;
    }
    if (IsConvertedCompound(forms)) return Verdict::kDictionary;
  }
  if ((extra_compounds_[0] || extra_compounds_[1]) && IsExtraCompound(forms)) {
    return Verdict::kDictionary;
  }
  // The possessive of an extra dictionary's word (ICU's, formatter's): the
  // language dictionary lists its own possessives, the programming lists
  // do not.
  if (extra_ != nullptr || second_extra_ != nullptr) {
    size_t suffix = 0;
    if (word.ends_with("'s")) {
      suffix = 2;
    } else if (word.ends_with("\u2019s")) {
      suffix = 4;
    }
    if (suffix > 0 && word.size() > suffix) {
      stem_.assign(word.substr(0, word.size() - suffix));
      for (const std::string& form : forms_.LookupForms(stem_)) {
        if ((extra_ != nullptr && extra_->Contains(form)) ||
            (second_extra_ != nullptr && second_extra_->Contains(form))) {
          return Verdict::kDictionary;
        }
      }
    }
  }
  return Verdict::kMisspelled;
}

bool Checker::IsCompound(std::string_view form) {
  // Tagged serial() + 1: the dictionary's own answers use serial().
  const uint64_t tag = dictionary_.serial() + 1;
  if (const std::optional<bool> known = memo_.Find(tag, form)) return *known;
  const bool compound = compounds_.IsCompound(form);
  memo_.Store(tag, form, compound);
  return compound;
}

bool Checker::IsConvertedCompound(std::span<const std::string> forms) {
  // Hunspell applies ICONV (and IGNORE) to the whole word before anything
  // else, compounding included (nl: woordenlijst is woorden + lĳst).
  const AffixLookup* affixes = dictionary_.affixes();
  if (affixes == nullptr ||
      (affixes->table().iconv.empty() && affixes->table().ignore.empty())) {
    return false;
  }
  // (Normalize and the splitter leave the forms' buffers alone.)
  for (const std::string& form : forms) {
    if (!affixes->Convert(form, &converted_) ||
        !forms_.Normalize(converted_, &converted_nfc_)) {
      continue;
    }
    if (IsCompound(converted_nfc_)) return true;
  }
  return false;
}

bool Checker::InLanguage(std::string_view word) {
  const std::span<const std::string> forms = forms_.LookupForms(word);
  for (size_t i = 0; i < forms.size(); ++i) {
    if (dictionary_.Contains(forms[i], &memo_) &&
        !dictionary_.keep_case().Refuses(forms_, forms, i)) {
      return true;
    }
  }
  return false;
}

bool Checker::IsExtraCompound(std::span<const std::string> forms) {
  for (const std::string& form : forms) {
    // The parts are lower case: only a lower-case ASCII form can split.
    if (form.empty() || !std::all_of(form.begin(), form.end(), [](char c) {
          return c >= 'a' && c <= 'z';
        })) {
      continue;
    }
    for (std::optional<CompoundSplitter>& splitter : extra_compounds_) {
      if (!splitter || !splitter->IsCompound(form)) continue;
      // The word is copied: InLanguage's LookupForms reuses the forms'
      // buffer. Leaving out a one-letter first part (ucase: case) is the
      // compound's own edit, not a typo's, unless the letter is doubled
      // (aadd, iinclude: a typo's shape).
      const std::string word = form;
      const std::string_view end =
          word.size() > 1 && word[0] != word[1] &&
                  splitter->parts().MayContain(
                      CompoundRole::kBegin, std::string_view(word).substr(0, 1))
              ? std::string_view(word).substr(1)
              : std::string_view();
      return !OneEditFromWord(
          word,
          [this, end](std::string_view c) {
            return c != end && InLanguage(c);
          },
          &near_scratch_);
    }
  }
  return false;
}

bool Checker::IsCorrect(std::string_view word) {
  // The known-word cache serves callers that check word by word (the C
  // library, editors) as it serves Check: the same bytes, accepted by the
  // same unchanging verdict, are accepted again without hashing and
  // probing the filter (a cache miss in memory for most words).
  const uint64_t key = KnownWordCache::Key(word, 0, word.size());
  if (key != 0 && cache_.Contains(key)) return true;
  // IsCorrect's whole verdicts are remembered in memo_ (speed, issue 32):
  // a word too long for the known-word cache (most words of the Indic
  // scripts, whose letters are 3 bytes) is looked up there first, by a
  // hash of a few of its bytes (QuickWordHash), so a repeated word costs
  // a few multiplies and one slot whatever its verdict; a word not found
  // as written is worked out once (its case forms (ICU), trailing dots,
  // numbers and BREAK), and running text repeats such words (names,
  // misspellings). Only while no extra dictionary is set
  // (SetExtraDictionary does not clear memo_), so a verdict is the
  // dictionary's alone and never changes; a "misspelled" is stored and used
  // only without user words, which could accept the word (and can change).
  const bool memoise = extra_ == nullptr && second_extra_ == nullptr &&
                       !word.empty() &&
                       word.size() <= VerdictMemo::kMaxWordBytes;
  const uint64_t tag = SpellVerdictTag(dictionary_);
  const uint64_t quick = memoise ? QuickWordHash(word, key) : 0;
  bool looked_up = false;
  if (memoise && key == 0) {
    looked_up = true;
    if (const std::optional<bool> known = memo_.Find(tag, word, quick)) {
      if (*known) return true;
      if (user_ == nullptr) return false;
    }
  }
  // Then the bytes as written, one probe, as Check's first probe (see
  // CheckSlice on why a hit needs no normalising); the case forms only if
  // that misses. The word is hashed for the filter once; that hash also
  // serves the affix memo's slot.
  const WordHash hash = dictionary_.Hash(word);
  if (dictionary_.Contains(word, hash, &memo_) || !InCoveredScript(word)) {
    if (key != 0) {
      cache_.Insert(key);
    } else if (memoise) {
      memo_.Store(tag, word, quick, true);
    }
    return true;
  }
  if (memoise && !looked_up) {
    if (const std::optional<bool> known = memo_.Find(tag, word, quick)) {
      if (*known) return true;
      if (user_ == nullptr) return false;
    }
  }
  const Verdict verdict = Spell(word);
  if (verdict == Verdict::kDictionary && key != 0) cache_.Insert(key);
  if (memoise && (verdict == Verdict::kDictionary ||
                  (verdict == Verdict::kMisspelled && user_ == nullptr))) {
    memo_.Store(tag, word, quick, verdict == Verdict::kDictionary);
  }
  return verdict != Verdict::kMisspelled;
}

Checker::Verdict Checker::Spell(std::string_view word) {
  size_t end = word.size();
  while (end > 0 && word[end - 1] == '.') --end;
  // A word of full stops only is left as it is.
  const std::string_view base = end > 0 ? word.substr(0, end) : word;
  if (IsHunspellNumber(base)) return Verdict::kDictionary;
  Verdict verdict = Known(base);
  if (verdict == Verdict::kMisspelled && base.size() < word.size()) {
    // A local string: Spell recurses through the break patterns.
    const std::string abbreviation = std::string(base) + '.';
    verdict = Known(abbreviation);
  }
  if (verdict != Verdict::kMisspelled) return verdict;
  const WordBreaks& breaks = dictionary_.word_breaks();
  if (breaks.empty()) return Verdict::kMisspelled;
  // Hunspell breaks an ALL UPPER word in the form its ALLCAP case leaves
  // behind, lower case Capitalised (hunspell.cxx, spell: mkallsmall2 and
  // mkinitcap2 on scw before the BREAK code): fr's C.UTF is C + utf, and
  // refused. (A local string: Spell recurses, and forms_ is reused.)
  std::string capitalised;
  std::string_view broken = base;
  if (const std::span<const std::string> forms = forms_.LookupForms(base);
      forms_.all_upper() && forms.size() > 2) {
    capitalised = forms[2];
    broken = capitalised;
  }
  bool by_user = false;
  const bool parts_correct = CorrectThroughBreaks(
      broken, breaks.patterns(), [this, &by_user](std::string_view part) {
        const Verdict v = Spell(part);
        by_user |= v == Verdict::kUser;
        return v != Verdict::kMisspelled;
      });
  if (!parts_correct) return Verdict::kMisspelled;
  return by_user ? Verdict::kUser : Verdict::kDictionary;
}

template <typename Visit>
void Checker::ForEachUnchecked(std::string_view text, Visit visit) {
  if (any_script_) return;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.find('\n', begin);
    end = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view line = text.substr(begin, end - begin);
    const size_t line_begin = begin;
    begin = end;
    if (latin_covered_ &&
        std::all_of(line.begin(), line.end(), [](char c) {
          return static_cast<unsigned char>(c) < 0x80;
        })) {
      continue;
    }
    tokenizer_.Tokenize(line, &tokens_);
    for (const Token& t : tokens_) {
      if (!InCoveredScript(line.substr(t.offset, t.length))) {
        visit(line_begin + t.offset, t.length);
      }
    }
  }
}

size_t Checker::CountUnchecked(std::string_view text) {
  size_t unchecked = 0;
  ForEachUnchecked(text, [&](size_t, size_t) { ++unchecked; });
  return unchecked;
}

void Checker::FindUnchecked(std::string_view text,
                            std::vector<Misspelling>* out) {
  out->clear();
  ForEachUnchecked(text, [&](size_t offset, size_t length) {
    out->push_back(Misspelling{offset, length});
  });
}

void Checker::ReleaseBuffers() {
  std::vector<Token>().swap(tokens_);
  std::vector<Token>().swap(parts_);
  std::vector<Token>().swap(split_);
  std::vector<WordHash>().swap(hashes_);
  std::vector<size_t>().swap(batch_);
  std::vector<uint64_t>().swap(batch_keys_);
}

void Checker::Check(std::string_view text, std::vector<Misspelling>* out,
                    std::span<const CodeSpan> code) {
  code_ = code;
  Check(text, out);
  code_ = {};
}

bool Checker::InCode(size_t offset) const {
  // The last span starting at or before offset.
  const auto after = std::upper_bound(
      code_.begin(), code_.end(), offset,
      [](size_t o, const CodeSpan& s) { return o < s.begin; });
  return after != code_.begin() && offset < std::prev(after)->end;
}

void Checker::Check(std::string_view text, std::vector<Misspelling>* out) {
  out->clear();
  segmented_run_ = Token{0, 0};
  // Slices of about kSliceBytes ending after a line feed (where the
  // tokenizer may be cut) keep the token buffer small whatever the text's
  // size; a longer line is one slice.
  constexpr size_t kSliceBytes = 16 * 1024;
  for (size_t begin = 0; begin < text.size();) {
    size_t end = text.size();
    if (end - begin > kSliceBytes) {
      // The last line feed of the slice's window, searched in the window
      // only (rfind on the whole text walked back across a long line to
      // the one before, once per slice) and with memrchr (rfind goes byte
      // by byte).
      const void* nl = memrchr(text.data() + begin, '\n', kSliceBytes);
      if (nl != nullptr) {
        end = static_cast<size_t>(static_cast<const char*>(nl) - text.data()) +
              1;
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
  if (code_min_length_ > 0) SplitCodeWords(text);
  // Short words the dictionary accepted before are answered by the cache
  // (known_word_cache.h). Most other words are found as written. Their
  // first probes go in batches: hash a batch, then test it in one call that
  // prefetches every block first, so the cache misses of a batch overlap
  // instead of following one another. Words not found as written take the
  // full case-form path.
  //
  // The first probe hashes the bytes as written, without normalising or
  // even testing for ASCII. The filter holds normalised (NFC) words only, so
  // bytes that are not already normalised form a different string, which the
  // filter passes at the false-positive rate p like any other non-member;
  // they then miss and the slow path normalises them. A hit is therefore as
  // trustworthy as a hit on the normalised form.
  constexpr size_t kBatch = BloomFilter::kMaxBatch;
  const BloomFilter& filter = dictionary_.filter();
  const uint64_t seed = filter.params().seed;
  hashes_.resize(kBatch);
  batch_.resize(kBatch);
  batch_keys_.resize(kBatch);
  bool found[kBatch];
  size_t n = 0;
  // Tests the batched words; those the dictionary accepts, as written or
  // through the slow path, enter the cache.
  const auto flush = [&] {
    filter.MayContainBatch(std::span(hashes_.data(), n), found);
    for (size_t i = 0; i < n; ++i) {
      if (found[i] || CheckSlow(text, tokens_[batch_[i]], out)) {
        if (batch_keys_[i] != 0) cache_.Insert(batch_keys_[i]);
      }
    }
    n = 0;
  };
  for (size_t i = 0; i < tokens_.size(); ++i) {
    const Token& t = tokens_[i];
    const uint64_t key = KnownWordCache::Key(text, t.offset, t.length);
    if (key != 0 && cache_.Contains(key)) continue;
    hashes_[n] = HashWord(text.substr(t.offset, t.length), seed);
    batch_[n] = i;
    batch_keys_[n] = key;
    if (++n == kBatch) flush();
  }
  if (n > 0) flush();
}

void Checker::SplitCodeWords(std::string_view text) {
  const auto long_enough = [&](const Token& t) {
    size_t code_points = 0;
    for (size_t i = t.offset; i < t.offset + t.length; ++i) {
      code_points += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
    }
    return code_points >= code_min_length_;
  };
  parts_.clear();
  for (const Token& t : tokens_) {
    split_.clear();
    const std::string_view word = text.substr(t.offset, t.length);
    SplitIdentifier(word, t.offset, &split_);
    if (split_.size() > 1 && IsCorrect(word)) continue;
    for (const Token& part : split_) {
      if (long_enough(part)) parts_.push_back(part);
    }
  }
  tokens_.swap(parts_);
}

bool Checker::IsRunOn(std::string_view word) {
  // The dictionaries' verdicts only (not the user's words, which can
  // change), so each part's answer is remembered until they change.
  if (run_on_verdicts_.size() >= kMaxRunOnVerdicts) run_on_verdicts_.clear();
  const auto [it, inserted] = run_on_verdicts_.try_emplace(std::string(word));
  if (inserted) {
    it->second = run_on_.Splits(
        word,
        [this](std::string_view piece) {
          return Known(piece) == Verdict::kDictionary;
        },
        [this](std::string_view candidate) { return InLanguage(candidate); });
  }
  return it->second;
}

bool Checker::InCorrectHyphenatedWord(std::string_view text, const Token& t) {
  // t is one of tokens_ (CheckSlice passes them by reference).
  if (tokens_.empty() || &t < tokens_.data() ||
      &t >= tokens_.data() + tokens_.size()) {
    return false;
  }
  const size_t at = static_cast<size_t>(&t - tokens_.data());
  // Tokens joined by one ASCII hyphen each, nothing else between.
  const auto joined = [&](size_t left) {
    const Token& a = tokens_[left];
    const Token& b = tokens_[left + 1];
    return a.offset + a.length + 1 == b.offset && text[b.offset - 1] == '-';
  };
  size_t first = at;
  while (first > 0 && at - first < kMaxBreaks && joined(first - 1)) --first;
  size_t last = at;
  while (last + 1 < tokens_.size() && last - at < kMaxBreaks && joined(last)) {
    ++last;
  }
  if (first == last) return false;
  const size_t begin = tokens_[first].offset;
  const size_t end = tokens_[last].offset + tokens_[last].length;
  if (end - begin > Tokenizer::kMaxWordBytes) return false;
  return Spell(text.substr(begin, end - begin)) != Verdict::kMisspelled;
}

bool Checker::CoveredBySegmentation(std::string_view text, const Token& t) {
  const size_t end = t.offset + t.length;
  if (t.offset < segmented_run_.offset ||
      end > segmented_run_.offset + segmented_run_.length) {
    segmented_run_ = FindComplexRun(text, t.offset, t.length);
    const std::string_view run =
        text.substr(segmented_run_.offset, segmented_run_.length);
    // The scripts without spaces have no letter case, so a piece of a run
    // in NFC (as text almost always is) is its only lookup form: probed
    // as written in the dictionaries and the user's words, tens of probes
    // per character. Otherwise each piece is looked up as a token would
    // be (Known: normalised, compounds too).
    const bool normalized =
        forms_.Normalize(run, &segment_scratch_) && segment_scratch_ == run;
    segmenter_.Segment(
        run,
        [this, normalized](std::string_view piece) {
          if (!normalized) return Known(piece) != Verdict::kMisspelled;
          return dictionary_.Contains(piece) ||
                 (user_ != nullptr && user_->Contains(piece)) ||
                 (extra_ != nullptr && extra_->Contains(piece)) ||
                 (second_extra_ != nullptr && second_extra_->Contains(piece));
        },
        &unknown_);
    for (Token& u : unknown_) u.offset += segmented_run_.offset;
  }
  for (const Token& u : unknown_) {
    if (u.offset < end && t.offset < u.offset + u.length) return false;
  }
  return true;
}

bool Checker::CheckSlow(std::string_view text, const Token& t,
                        std::vector<Misspelling>* out) {
  const std::string_view word = text.substr(t.offset, t.length);
  if (!InCoveredScript(word)) return true;
  // With WORDCHARS a token may hold what the word API handles for a whole
  // word (tokenizer.h, rule 7): trailing full stops (slut.), numbers, BREAK
  // patterns (e-post, ID:t), so it is decided as Hunspell_spell decides it.
  const Verdict verdict = word_chars_ ? Spell(word) : Known(word);
  if (verdict != Verdict::kMisspelled) return verdict == Verdict::kDictionary;
  // Abbreviations are listed with their period ("etc.", "Mr."); "etc" alone
  // stays wrong, so this verdict is not cached.
  const size_t end = t.offset + t.length;
  if (end < text.size() && text[end] == '.') {
    with_period_.assign(word);
    with_period_.push_back('.');
    if (Known(with_period_) != Verdict::kMisspelled) return false;
  }
  // A part of a hyphenated word that is correct whole (listed with its
  // hyphens, or through BREAK: Know-how, E-Mail-Adresse); the tokenizer
  // cut at the hyphens. Depends on the neighbours: not cached.
  if (InCorrectHyphenatedWord(text, t)) return false;
  // Text without spaces: the dictionary's segmentation of the run may
  // cover what ICU cut out of a word. Depends on the neighbours: not cached.
  if (StartsComplexRun(text, t.offset) && CoveredBySegmentation(text, t)) {
    return false;
  }
  // Run-on words in an identifier part (cmdclass): code only, not cached.
  if (code_min_length_ > 0 && !code_.empty() && InCode(t.offset) &&
      IsRunOn(word)) {
    return false;
  }
  out->push_back(Misspelling{t.offset, t.length});
  return false;
}

}  // namespace spellfilter
