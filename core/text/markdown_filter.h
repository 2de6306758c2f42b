// Markdown mode for checking documents (`spellfilter check --mode markdown`,
// and by default for *.md files): what is code or markup, not prose, is
// blanked out of the text before it is checked, in place, so that every
// word keeps its byte offset, line and column:
//
//   ```...``` ~~~...~~~     fenced code blocks, fences and info string
//                           included (a fence may be indented, as in lists)
//   `code`  ``co`de``       code spans (closed on the same line; an
//                           unclosed run of backticks is left as text)
//   [text](url "title")     the destination and title of links and images;
//   ![alt](src)             their text is checked
//   [label]: url            the destination of a link reference definition
//   <https://x>  <a@b.c>    autolinks
//   <div class="x"> </a>    HTML tags (what lies between them is checked)
//   <!-- ... -->            HTML comments, across lines
//   --- ... ---             YAML front matter at the very start
//   <4 spaces>code          indented code blocks: four spaces (or a tab)
//                           after a blank line, outside lists (in a list
//                           that indentation continues an item: checked)
//
// Blanking replaces each byte by a space except line breaks and UTF-8
// continuation bytes: a blanked character still counts as one character
// (columns stay right) and, being no letter, ends any word (Tokenizer).
// Text is processed as it streams, in chunks that end at line breaks
// (TextReader); a construct is only recognised within one chunk's line.
#ifndef SPELLFILTER_CORE_TEXT_MARKDOWN_FILTER_H_
#define SPELLFILTER_CORE_TEXT_MARKDOWN_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

namespace spellfilter {

class MarkdownFilter {
 public:
  // Blanks the parts of `text`, the document's next bytes, that are not
  // prose. The state (inside a fence, a comment, the front matter) carries
  // over to the next call.
  void Blank(std::span<char> text);
  // The same for one whole line (`line`, without its line break, as if
  // followed by one), changing nothing: sets bit i % 64 of
  // blanked[i / 64] for each byte line[i] that Blank would replace by a
  // space (or leave, being a line break or a UTF-8 continuation byte, in a
  // blanked range); other bits are left as they are. `blanked` holds at
  // least (line.size() + 63) / 64 words. A language server marks the lines
  // of a document it holds this way instead of blanking a copy of each.
  void MarkLine(std::string_view line, std::span<uint64_t> blanked);
  // Back to the start of a document.
  void Reset() { *this = MarkdownFilter(); }
  // Same state: what follows is blanked alike (a language server stops
  // rechecking lines after an edit once the state at a line is as before).
  friend bool operator==(const MarkdownFilter& a, const MarkdownFilter& b) {
    return a.at_line_start_ == b.at_line_start_ &&
           a.first_line_ == b.first_line_ &&
           a.in_front_matter_ == b.in_front_matter_ &&
           a.in_comment_ == b.in_comment_ &&
           a.previous_blank_ == b.previous_blank_ && a.in_list_ == b.in_list_ &&
           a.in_indented_code_ == b.in_indented_code_ &&
           a.fence_char_ == b.fence_char_ && a.fence_length_ == b.fence_length_;
  }

 private:
  // One line without its line break, or the part of it in this chunk.
  void BlankLine(char* begin, char* end);
  // Code spans, link destinations, autolinks, tags and comments in a line.
  void BlankInline(char* begin, char* end);
  // Whether a whole line (at its start) is in an indented code block;
  // follows blank lines and lists.
  bool IndentedCode(const char* begin, const char* end);
  // Blanks [b, e): writes spaces (Blank), or sets bits (MarkLine).
  void Spaces(char* b, char* e) const;

  // While MarkLine runs: the line's first byte and the bits to set (the
  // filter reads the line through char* but never writes it then).
  const char* mark_base_ = nullptr;
  uint64_t* mark_bits_ = nullptr;

  bool at_line_start_ = true;
  bool first_line_ = true;
  bool in_front_matter_ = false;
  bool in_comment_ = false;
  bool previous_blank_ = true;  // the line before was blank (or none)
  bool in_list_ = false;
  bool in_indented_code_ = false;
  char fence_char_ = 0;  // '`' or '~' inside a fenced block, else 0
  size_t fence_length_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_MARKDOWN_FILTER_H_
