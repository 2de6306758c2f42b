#include "core/text/word_forms.h"

#include <unicode/locid.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/utf8.h>

#include "core/text/letter_case.h"
#include "core/text/quick_word_facts.h"

namespace spellfilter {
namespace {

inline constexpr int kMaxSharpS = 4;
// As written, lower-case, Capitalised, and the ß variants of the last two.
inline constexpr size_t kMaxForms = 3 + 2 * ((size_t{1} << kMaxSharpS) - 1);

enum class Casing { kOther, kCapitalised, kAllUpper };

bool IsAscii(std::string_view s) {
  for (unsigned char c : s) {
    if (c >= 0x80) return false;
  }
  return true;
}

bool IsValidUtf8(std::string_view s) {
  const auto* p = reinterpret_cast<const uint8_t*>(s.data());
  const int32_t n = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < n;) {
    UChar32 c;
    U8_NEXT(p, i, n, c);
    if (c < 0) return false;
  }
  return true;
}

Casing AsciiCasing(std::string_view w) {
  int upper = 0;
  int lower = 0;
  for (unsigned char c : w) {
    upper += (c >= 'A' && c <= 'Z');
    lower += (c >= 'a' && c <= 'z');
  }
  if (upper == 0) return Casing::kOther;
  if (lower == 0 && upper > 1) return Casing::kAllUpper;
  const unsigned char first = w.empty() ? 0 : w.front();
  if (upper == 1 && first >= 'A' && first <= 'Z') return Casing::kCapitalised;
  return Casing::kOther;
}

void AsciiLower(std::string_view w, std::string* out) {
  out->assign(w);
  for (char& c : *out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
}

// The case classes of letter_case.h, folded to what LookupForms needs.
Casing UnicodeCasing(std::string_view utf8) {
  thread_local std::u32string code_points;  // no allocation once warm
  if (!DecodeUtf8(utf8, &code_points)) return Casing::kOther;
  switch (CaseOf(code_points)) {
    case WordCase::kAllUpper:
      return Casing::kAllUpper;
    case WordCase::kCapitalised:
      return Casing::kCapitalised;
    case WordCase::kLower:
    case WordCase::kOther:
      break;
  }
  return Casing::kOther;
}

}  // namespace

struct WordForms::Icu {
  icu::Locale locale;
  const icu::Normalizer2* nfc = nullptr;
  icu::UnicodeString word;
  icu::UnicodeString scratch;
};

WordForms::WordForms(std::string_view language, bool has_sharp_s)
    : has_sharp_s_(has_sharp_s),
      icu_(std::make_unique<Icu>()),
      forms_(kMaxForms) {
  const std::string tag(language);
  UErrorCode status = U_ZERO_ERROR;
  icu_->locale = icu::Locale::forLanguageTag(tag, status);
  if (U_FAILURE(status)) icu_->locale = icu::Locale::getRoot();
  const std::string lang = icu_->locale.getLanguage();
  turkic_ = lang == "tr" || lang == "az";
  status = U_ZERO_ERROR;
  icu_->nfc = icu::Normalizer2::getNFCInstance(status);
}

WordForms::~WordForms() = default;

bool WordForms::Normalize(std::string_view word, std::string* out) {
  if (IsAscii(word)) {
    out->assign(word);
    return true;
  }
  // A word the quick check finds in NFC (quick_word_facts.h) needs no
  // call into ICU.
  WordFacts facts;
  if (QuickWordFacts(word, &facts) && facts.nfc) {
    out->assign(word);
    return true;
  }
  if (!IsValidUtf8(word)) return false;
  UErrorCode status = U_ZERO_ERROR;
  // Most words are NFC already and have no U+2019 (E2 80 99): then they
  // are their own form, found without a round trip through UTF-16 (a third
  // of a non-Latin word's lookup).
  if (word.find("\xE2\x80\x99") == std::string_view::npos &&
      icu_->nfc->isNormalizedUTF8(
          icu::StringPiece(word.data(), static_cast<int32_t>(word.size())),
          status) &&
      U_SUCCESS(status)) {
    out->assign(word);
    return true;
  }
  status = U_ZERO_ERROR;
  icu::UnicodeString u = icu::UnicodeString::fromUTF8(
      icu::StringPiece(word.data(), static_cast<int32_t>(word.size())));
  u.findAndReplace(icu::UnicodeString(static_cast<UChar>(0x2019)),
                   icu::UnicodeString(static_cast<UChar>(0x27)));
  if (icu_->nfc->quickCheck(u, status) != UNORM_YES) {
    icu::UnicodeString normalized;
    icu_->nfc->normalize(u, normalized, status);
    if (U_FAILURE(status)) return false;
    u = normalized;
  }
  out->clear();
  u.toUTF8String(*out);
  return true;
}

// forms_ is sized once, in the constructor, so references returned here
// stay valid while later forms are added.
std::string& WordForms::Next(size_t* count) { return forms_[(*count)++]; }

std::span<const std::string> WordForms::Finish(size_t count) {
  return std::span<const std::string>(forms_.data(), count);
}

std::span<const std::string> WordForms::LookupForms(std::string_view word) {
  size_t count = 0;
  all_upper_ = false;
  sharp_s_from_ = kMaxForms;
  if (IsAscii(word) && !turkic_ && !has_sharp_s_) {
    Next(&count).assign(word);
    const Casing casing = AsciiCasing(word);
    if (casing == Casing::kOther) return Finish(count);
    std::string& lower = Next(&count);
    AsciiLower(word, &lower);
    if (casing == Casing::kAllUpper) {
      all_upper_ = true;
      std::string& title = Next(&count);
      title = lower;
      title[0] = word[0];
    }
    return Finish(count);
  }

  std::string& written = Next(&count);
  // A word in NFC without an upper- or title-case letter (most words of a
  // script without letter case, and lower-case words) is its only form:
  // known from a table (quick_word_facts.h), without ICU.
  WordFacts facts;
  if (QuickWordFacts(word, &facts) && facts.nfc && !facts.has_upper) {
    written.assign(word);
    return Finish(count);
  }
  if (!Normalize(word, &written)) return Finish(0);
  const Casing casing = UnicodeCasing(written);
  if (casing == Casing::kOther) return Finish(count);
  icu::UnicodeString& u = icu_->word;
  u = icu::UnicodeString::fromUTF8(icu::StringPiece(
      written.data(), static_cast<int32_t>(written.size())));

  icu::UnicodeString lower(u);
  lower.toLower(icu_->locale);
  std::string& lower_utf8 = Next(&count);
  lower_utf8.clear();
  lower.toUTF8String(lower_utf8);
  if (casing != Casing::kAllUpper) return Finish(count);
  all_upper_ = true;

  // Capitalised: the first code point as typed, the rest lower-cased (in
  // context, so a final Σ becomes ς).
  const int32_t first_len = u.moveIndex32(0, 1);
  icu::UnicodeString rest(u, first_len);
  rest.toLower(icu_->locale);
  icu::UnicodeString title(u, 0, first_len);
  title.append(rest);
  std::string& title_utf8 = Next(&count);
  title_utf8.clear();
  title.toUTF8String(title_utf8);

  if (has_sharp_s_) {
    sharp_s_from_ = count;
    // Each subset of the first kMaxSharpS "ss" as ß, in the lower-case and
    // in the Capitalised form (STRASSE -> straße, GRÖSSE -> Größe).
    const std::string bases[] = {lower_utf8, title_utf8};
    for (const std::string& base : bases) {
      std::vector<size_t> at;
      for (size_t i = base.find("ss");
           i != std::string::npos && at.size() < kMaxSharpS;
           i = base.find("ss", i + 2)) {
        at.push_back(i);
      }
      for (uint32_t mask = 1; mask < (1u << at.size()); ++mask) {
        std::string& v = Next(&count);
        v.clear();
        size_t from = 0;
        for (size_t j = 0; j < at.size(); ++j) {
          if (!(mask & (1u << j))) continue;
          v.append(base, from, at[j] - from);
          v.append("\xC3\x9F");
          from = at[j] + 2;
        }
        v.append(base, from, std::string::npos);
      }
    }
  }
  return Finish(count);
}

}  // namespace spellfilter
