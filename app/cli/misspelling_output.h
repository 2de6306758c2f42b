// How `check` prints what it found: --format words (one word per line, like
// hunspell -l), lines (FILE:LINE:COLUMN: word, for Vim's quickfix and Emacs's
// compilation mode) or json (one object per misspelling and line). Lines
// and columns are 1-based; columns count bytes by default, as gcc, clang
// and grep do (what Vim's %c and Emacs's compilation mode expect of
// them), or characters (code points) with --columns chars. A UTF-8
// byte-order mark at the start of an input is not counted. Tracks line and
// column across the chunks of one input, and --unique across all inputs.
#ifndef SPELLFILTER_APP_CLI_MISSPELLING_OUTPUT_H_
#define SPELLFILTER_APP_CLI_MISSPELLING_OUTPUT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace spellfilter::cli {

enum class OutputFormat { kWords, kLines, kJson };
// What a column counts: bytes (the default) or code points.
enum class ColumnUnit { kBytes, kChars };

// One misspelling of a chunk: byte span in the chunk, and the suggestions
// (empty unless asked for).
struct Found {
  size_t offset;
  size_t length;
  std::vector<std::string> suggestions;
};

// A printed line kept for later (capture mode), with its word for --unique.
struct OutputLine {
  std::string word;
  std::string text;  // with its '\n'
};

class MisspellingOutput {
 public:
  // capture == nullptr: prints to stdout. Else the lines go to *capture
  // (nothing is printed), for Print() of another output later: a worker of
  // the file pool (file_pool.h) renders one file on its own.
  MisspellingOutput(OutputFormat format, bool with_suggestions, bool unique,
                    ColumnUnit columns = ColumnUnit::kBytes,
                    std::vector<OutputLine>* capture = nullptr);
  ~MisspellingOutput();

  // Starts a new input (resets line and column, and the repeat counts).
  void BeginInput(std::string name);
  // From the next input on, each word is printed at most `n` times per
  // input (0: every time). --unique still prints it once in all.
  void SetMaxRepeats(size_t n) { max_repeats_ = n; }
  // The next chunk of the current input and what was found in it, in order.
  void Chunk(std::string_view chunk, const std::vector<Found>& found);
  void Flush();
  // Prints lines captured by another output, in order (--unique applies
  // across them and all else printed here).
  void Print(const std::vector<OutputLine>& lines);

 private:
  void Advance(std::string_view text);
  void Emit(std::string_view word, const Found& f);

  OutputFormat format_;
  bool with_suggestions_;
  bool unique_;
  ColumnUnit columns_;
  std::unordered_set<std::string> seen_;
  size_t max_repeats_ = 0;
  std::unordered_map<std::string, size_t> repeats_;  // this input's
  std::string name_;
  uint64_t line_ = 1;
  uint64_t column_ = 0;  // bytes or characters before the cursor on its line
  uint64_t offset_ = 0;  // bytes before the current chunk in this input
  std::string buffer_;
  std::vector<OutputLine>* capture_;
};

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_MISSPELLING_OUTPUT_H_
