// The one checking API the front-ends share: words and text in, misspelled
// spans out. A word is checked when the tokenizer reports it and its script
// is one the dictionary's alphabet covers; see word_forms.h for the case
// rules and tokenizer.h for what counts as a word.
//
// Script rule: a token is only checked if the script of its first letter
// (ignoring Common and Inherited) is the script of some letter in the
// dictionary's alphabet. Chinese in an English text is therefore skipped,
// not flagged character by character; a token that starts in a covered
// script and continues in another is checked, and flagged.
//
// A Checker keeps scratch buffers and is not thread-safe: use one per
// thread over a shared Dictionary.
//
// Compounds: when the dictionary has a COMPOUND_PARTS section (Hunspell
// dictionaries that compound, such as German), a word not found is also
// correct when one of its lookup forms splits into compound parts
// (compound_splitter.h), as Hunspell tries each case form, and then each
// case form with the dictionary's input conversions (ICONV, IGNORE)
// applied, as Hunspell converts the word before splitting it (Dutch
// "woordenlijst" is "woorden" + "lĳst"). Only on the slow path: words found
// as written cost nothing more.
//
// Keep-case words: when the dictionary has a KEEP_CASE section (Hunspell
// dictionaries with KEEPCASE entries, such as French's "kg"), a form found
// only through a case change ("KG" -> "kg") does not count when it is a
// keep-case word (keep_case_filter.h). Only on the slow path, and only for
// the forms found there.
//
// Text without spaces (Thai, Lao, Khmer...: word_segmenter.h): when Check
// flags a token of such a script, the run of that script around it is cut
// again into the dictionary's words, and the token is only flagged if that
// segmentation leaves one of its characters unknown. ICU's breaks come from
// ICU's word lists, which cut words the dictionary knows (แพกเกจ ->
// แพ + กเกจ). Such a token's verdict depends on its neighbours, so it is
// not cached; IsCorrect, given one word, does not segment (a piece is not
// a word because it is made of words), as Hunspell_spell does not.
//
// Hyphenated words: the tokenizer cuts at hyphens, so each part is checked
// on its own; a part that is not a word is still correct when the
// hyphenated word it belongs to (tokens joined by single ASCII hyphens) is
// correct whole, by Spell: listed with its hyphens (Know-how), or through
// the dictionary's BREAK patterns (break_splitter.h, E-Mail-Adresse). Only
// on the slow path, not cached.
//
// ALL UPPER affixed forms: an ALL UPPER word of an affix-aware dictionary
// not found otherwise is also correct when its Capitalised form is an
// affixed form of an ALL UPPER stem (AffixLookup::AcceptsUpperStem: CIAS
// for CIA/S, an_ES's INS for IN/BF), as Hunspell accepts it through the
// stem's hidden Capitalised homonym. Only on the slow path.
//
// Forbidden spellings: a word not found as written that is typed as a
// spelling the dictionary forbids (Hunspell's FORBIDDENWORD; for an ALL
// UPPER word, also its Capitalised form) is wrong whatever its other case
// forms, as Hunspell decides ("FTP/Fw" beside "ftp" in nl: FTP is wrong,
// ftp and Ftp are not). Known where the dictionary keeps them: compound
// dictionaries (their kForbiddenRole keys) and affix-aware ones.
//
// User words (user_dictionary.h): with SetUserWords, a word is also correct
// when one of its lookup forms is in the user's words, by the same case
// rules (adding "foo" accepts "Foo" and "FOO"; adding "Qt" accepts "QT" but
// not "qt").
//
// Code words (SetCodeWords, for text a CodeFilter has prepared): a token
// that splits into identifier parts (identifier_splitter.h: getUserNmae ->
// get, User, Nmae) is correct as a whole when known as written (GitLab);
// otherwise each part is checked and reported on its own. Tokens and parts
// shorter than the minimum length, in code points, are not checked. A part
// in code (in the CodeSpans given to Check: outside comments and strings)
// that is not a word is also correct when it is two known words
// run together (run_on_words.h: cmdclass, errmsg); in comments and strings
// "eachother" stays wrong. That verdict depends on where the part is, so it
// is not cached.
//
// Extra dictionaries (SetExtraDictionary, e.g. the programming words in code
// mode, and the words of the file's language family): a word is also
// correct when one of its lookup forms is in one of them, and so is its
// possessive (ICU's, formatter's; 's or ’s), which they do not list.
// An extra dictionary may have compound parts, as cspell's C and C++ lists
// have (dictionaries/cpp_compounds.txt, compound_parts_list.h): a word is
// then also correct when its lower-case form splits into them (title +
// case, u + loc + data), unless it is one edit from a word of the
// language's dictionary (near_word.h), which it more likely misspells
// (iput: input; cspell takes i + put), leaving out a one-letter first part
// not counting (ucase is not a typo of case). Only on the slow path, so prose
// and words found as written cost nothing more.
#ifndef SPELLFILTER_CORE_CHECK_CHECKER_H_
#define SPELLFILTER_CORE_CHECK_CHECKER_H_

#include <bitset>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/check/break_splitter.h"
#include "core/check/compound_splitter.h"
#include "core/dictionary/dictionary.h"
#include "core/dictionary/verdict_memo.h"
#include "core/check/known_word_cache.h"
#include "core/check/run_on_words.h"
#include "core/check/word_segmenter.h"
#include "core/text/code_span.h"
#include "core/text/tokenizer.h"
#include "core/text/word_forms.h"

namespace spellfilter {

class UserDictionary;

struct Misspelling {
  size_t offset;  // bytes, in the text passed to Check
  size_t length;
};

class Checker {
 public:
  explicit Checker(const Dictionary& dictionary);

  // Whether `word` (one word as typed) is correct. Short words the
  // dictionary accepted are remembered (known_word_cache.h), as by Check.
  // A word not found as written is decided as Hunspell_spell decides it
  // (Spell below): trailing full stops, numbers, BREAK.
  bool IsCorrect(std::string_view word);

  // Appends to *out (cleared first) the misspelled words of `text`, in
  // order.
  void Check(std::string_view text, std::vector<Misspelling>* out);
  // Same, with the stretches of `text` that are code (CodeFilter::Blank's),
  // where identifier parts may be run-on words (SetCodeWords on).
  void Check(std::string_view text, std::vector<Misspelling>* out,
             std::span<const CodeSpan> code);

  // How many words of `text` the script rule leaves unchecked: tokens
  // whose script the dictionary's alphabet does not cover (Cyrillic under
  // en_US), which Check neither accepts nor flags. Tokenizes only the
  // lines that have a non-ASCII byte when the alphabet covers Latin (an
  // ASCII token is Latin), so English text costs a scan for such bytes.
  size_t CountUnchecked(std::string_view text);
  // Appends to *out (cleared first) the words CountUnchecked counts, in
  // order, as byte spans of `text` (for an editor to mark them), with the
  // same fast path: nothing but a scan for non-ASCII bytes in English text.
  void FindUnchecked(std::string_view text, std::vector<Misspelling>* out);
  // Whether every ASCII word is checked (the alphabet covers Latin), so
  // ASCII text has no unchecked word.
  bool ChecksAsciiWords() const { return latin_covered_; }
  // Whether the script rule lets `word` be checked at all.
  bool IsCheckable(std::string_view word) const {
    return InCoveredScript(word);
  }

  const Dictionary& dictionary() const { return dictionary_; }

  // Frees the buffers that one long line made grow (its tokens and their
  // hashes: 32 bytes a word), which are otherwise kept for the next text.
  // A long-lived checker (the language server's) calls it after checking
  // a long line.
  void ReleaseBuffers();

  // Also accept the words of `user` (nullptr: none, the default). Not
  // owned; it must outlive the Checker or be unset first. It is read on
  // every lookup, so a UserDictionary::ReloadIfChanged (on this thread)
  // takes effect at once.
  void SetUserWords(const UserDictionary* user) { user_ = user; }
  const UserDictionary* user_words() const { return user_; }

  // Splits tokens into identifier parts and skips parts shorter than
  // `min_length` code points; 0 (the default) checks tokens whole.
  void SetCodeWords(size_t min_length) { code_min_length_ = min_length; }

  // Also accept the words of `extra` and of `second` (nullptr: none, the
  // default; e.g. the programming words, and the C family's in a C++
  // file). Not owned; they must outlive the Checker or be unset first.
  void SetExtraDictionary(const Dictionary* extra,
                          const Dictionary* second = nullptr) {
    if (extra != extra_ || second != second_extra_) {
      cache_.Clear();
      run_on_verdicts_.clear();
    }
    extra_ = extra;
    second_extra_ = second;
    extra_compounds_[0].reset();
    extra_compounds_[1].reset();
    if (extra != nullptr && !extra->compound_parts().empty()) {
      extra_compounds_[0].emplace(extra->compound_parts());
    }
    if (second != nullptr && !second->compound_parts().empty()) {
      extra_compounds_[1].emplace(second->compound_parts());
    }
  }

 private:
  // Who accepted a word: only kDictionary verdicts may be cached, since
  // the user's words can change under a Checker.
  enum class Verdict { kMisspelled, kDictionary, kUser };

  bool InCoveredScript(std::string_view word) const;
  // Calls visit(offset, length) for each word of `text` the script rule
  // leaves unchecked (CountUnchecked, FindUnchecked).
  template <typename Visit>
  void ForEachUnchecked(std::string_view text, Visit visit);
  Verdict Known(std::string_view word);
  // The word API's verdict on a word not found as written, in
  // Hunspell_spell's order: trailing full stops are set aside ("etc." is
  // correct when "etc" or "etc." is known; "hello." when "hello" is); the
  // rest is correct if it is a number (ASCII digits with single '.', ','
  // or '-' between them: 1,234.5, 10-12), or known, or splits at the
  // dictionary's BREAK patterns into correct parts (break_splitter.h); an
  // ALL UPPER word is broken in its Capitalised form, as Hunspell breaks
  // it (C.UTF is C + utf).
  Verdict Spell(std::string_view word);
  void CheckSlice(std::string_view text, size_t slice_begin, size_t slice_end,
                  std::vector<Misspelling>* out);
  // Checks a word not found as written; returns whether it is correct by an
  // unchanging verdict (dictionary or script), which may be cached.
  bool CheckSlow(std::string_view text, const Token& t,
                 std::vector<Misspelling>* out);
  // SetCodeWords: replaces tokens_ by the identifier parts to check.
  void SplitCodeWords(std::string_view text);
  // Whether an identifier part is run-on words (run_on_words.h); the
  // answers are kept in run_on_verdicts_.
  bool IsRunOn(std::string_view word);
  // Whether a lower-case word is in the language's dictionary (not the
  // extra ones), for the one-edit tests.
  bool InLanguage(std::string_view word);
  // compounds_.IsCompound, its answers kept in memo_.
  bool IsCompound(std::string_view form);
  // Whether the word whose LookupForms are `forms` is typed as a spelling
  // the dictionary forbids (FORBIDDENWORD), or is ALL UPPER with a forbidden
  // Capitalised form: the kForbiddenRole keys of the compound parts, or an
  // affix-aware dictionary's forbidden keys; false at once without them.
  bool ForbiddenSpelling(std::span<const std::string> forms);
  // Whether one of `forms`, with the dictionary's input conversions (ICONV,
  // IGNORE) applied, is a compound; false at once without conversions.
  bool IsConvertedCompound(std::span<const std::string> forms);
  // Whether one of `forms` is a compound of an extra dictionary's parts
  // and not one edit from a language word.
  bool IsExtraCompound(std::span<const std::string> forms);
  // Whether the word at `offset` of the text is in code_ (a CodeSpan).
  bool InCode(size_t offset) const;
  // Whether the token t (one of tokens_) is joined by hyphens to its
  // neighbours into a word that is correct whole (Spell).
  bool InCorrectHyphenatedWord(std::string_view text, const Token& t);
  // Whether the token t of `text`, whose first character is of a script
  // written without spaces, is covered by known words when its run is
  // segmented with the dictionary (word_segmenter.h).
  bool CoveredBySegmentation(std::string_view text, const Token& t);

  const Dictionary& dictionary_;
  const UserDictionary* user_ = nullptr;
  const Dictionary* extra_ = nullptr;
  const Dictionary* second_extra_ = nullptr;
  size_t code_min_length_ = 0;
  std::span<const CodeSpan> code_;  // during Check only
  RunOnWords run_on_;
  static constexpr size_t kMaxRunOnVerdicts = 4096;
  std::unordered_map<std::string, bool> run_on_verdicts_;
  std::vector<Token> parts_;
  std::vector<Token> split_;
  Tokenizer tokenizer_;
  // The dictionary has WORDCHARS: tokens are decided as whole words (Spell).
  bool word_chars_ = false;
  WordForms forms_;
  CompoundSplitter compounds_;
  std::optional<CompoundSplitter> extra_compounds_[2];  // of extra_, second_extra_
  std::string near_scratch_;
  std::vector<Token> tokens_;
  std::vector<WordHash> hashes_;
  std::vector<size_t> batch_;      // token indices of the current batch
  std::vector<uint64_t> batch_keys_;
  KnownWordCache cache_;
  // The dictionary's costly answers (affix analyses, compound splits) for
  // the words seen so far: they never change, so repeated words skip them.
  VerdictMemo memo_;
  // The last run segmented during a Check (absolute offsets; length 0:
  // none) and the stretches of it left unknown.
  WordSegmenter segmenter_;
  Token segmented_run_{0, 0};
  std::vector<Token> unknown_;
  std::string segment_scratch_;  // the run, normalised
  std::string with_period_;
  std::string converted_;      // IsConvertedCompound
  std::string forbidden_key_;  // ForbiddenSpelling
  std::string converted_nfc_;
  std::string stem_;  // Known: a possessive's stem
  std::bitset<256> scripts_;  // UScriptCode values present in the alphabet
  bool any_script_ = false;   // no alphabet recorded: check everything
  bool latin_covered_ = false;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_CHECK_CHECKER_H_
