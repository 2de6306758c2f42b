// libFuzzer target: the whole check path (tokenizer, normalisation, case
// forms, script rule, lookup) on arbitrary bytes: no crash, no hang, and
// every reported misspelling lies inside the input. The same for the input
// as Markdown (core/text/markdown_filter.h), whose blanking changes only bytes
// that are neither line breaks nor UTF-8 continuation bytes, into spaces.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/check/checker.h"
#include "core/text/markdown_filter.h"
#include "tests/fuzz/fuzz_dictionary.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::unique_ptr<spellfilter::Dictionary> dict =
      spellfilter::fuzz::MakeDictionary({"the", "cat", "don't", "caf\xC3\xA9",
                                         "Paris",
                                         "stra\xC3\x9F"
                                         "e",
                                         "\xCE\xBF\xCE\xB4\xCF\x8C\xCF\x82"});
  static spellfilter::Checker checker(*dict);
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<spellfilter::Misspelling> found;
  checker.Check(text, &found);
  size_t end = 0;
  for (const auto& m : found) {
    if (m.offset < end || m.length == 0 || m.offset + m.length > size) {
      __builtin_trap();
    }
    end = m.offset + m.length;
    (void)checker.IsCorrect(text.substr(m.offset, m.length));
  }
  (void)checker.IsCorrect(text);

  std::string markdown(text);
  spellfilter::MarkdownFilter filter;
  filter.Blank(markdown);
  for (size_t i = 0; i < size; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (markdown[i] != text[i] &&
        (markdown[i] != ' ' || c == '\n' || (c & 0xC0) == 0x80)) {
      __builtin_trap();
    }
  }
  checker.Check(markdown, &found);
  for (const auto& m : found) {
    if (m.length == 0 || m.offset + m.length > size) __builtin_trap();
  }
  return 0;
}
