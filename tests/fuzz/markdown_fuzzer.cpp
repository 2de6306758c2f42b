// libFuzzer target for the Markdown filter (core/text/markdown_filter.h):
// on any bytes it blanks exactly what the simple quadratic filter it
// replaced blanks (tests/support/markdown_reference.h), changes only bytes
// that are neither line breaks nor UTF-8 continuation bytes, and only into
// spaces; fed in two chunks cut at a line break it gives the same result;
// marking it line by line (MarkLine, as the language server does) marks
// what it blanks.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/text/markdown_filter.h"
#include "tests/support/markdown_reference.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  std::string fast = input;
  spellfilter::MarkdownFilter().Blank(fast);
  std::string slow = input;
  spellfilter::reference::ReferenceMarkdownFilter().Blank(slow);
  if (fast != slow) __builtin_trap();
  for (size_t i = 0; i < size; ++i) {
    if (fast[i] == input[i]) continue;
    const auto c = static_cast<unsigned char>(input[i]);
    if (fast[i] != ' ' || c == '\n' || (c & 0xC0) == 0x80) __builtin_trap();
  }
  // Two chunks, cut after the middle line break.
  const size_t cut = input.find('\n', size / 2);
  if (cut != std::string::npos) {
    std::string chunked = input;
    spellfilter::MarkdownFilter f;
    f.Blank(std::span<char>(chunked.data(), cut + 1));
    f.Blank(std::span<char>(chunked.data() + cut + 1, size - cut - 1));
    if (chunked != fast) __builtin_trap();
  }
  spellfilter::MarkdownFilter marking;
  std::vector<uint64_t> bits;
  for (size_t begin = 0; begin <= size;) {
    size_t end = input.find('\n', begin);
    if (end == std::string::npos) end = size;
    const std::string_view line(input.data() + begin, end - begin);
    bits.assign((line.size() + 63) / 64, 0);
    marking.MarkLine(line, bits);
    for (size_t i = 0; i < line.size(); ++i) {
      const auto c = static_cast<unsigned char>(line[i]);
      const bool set = (bits[i / 64] >> (i % 64)) & 1;
      const char expected = set && (c & 0xC0) != 0x80 ? ' ' : line[i];
      if (fast[begin + i] != expected) __builtin_trap();
    }
    begin = end + 1;
  }
  return 0;
}
