// Text from outside (file names, messages quoting them) made safe to print:
// on a terminal, escape sequences in a file name must not reach it
// (`check $'\e]0;pwned\a'`), and in JSON, a name that is not UTF-8 must
// still give valid JSON that keeps every byte.
#ifndef SPELLFILTER_APP_CLI_TERMINAL_TEXT_H_
#define SPELLFILTER_APP_CLI_TERMINAL_TEXT_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "core/text/utf8.h"  // Utf8SequenceLength

namespace spellfilter::cli {

// `s` with every byte of a control character (C0 including TAB and LF,
// DEL, C1) and every byte that is not part of well-formed UTF-8 written as
// \xNN; everything else as it is.
[[nodiscard]] std::string TerminalSafe(std::string_view s);

// `s` as a JSON string, quotes included. Well-formed UTF-8 is kept (control
// characters as \u00XX escapes); a byte that is not part of well-formed
// UTF-8 becomes the lone surrogate \udcXX (0x80-0xFF -> U+DC80-U+DCFF), as
// Python's "surrogateescape" error handler does: lossless, and decoded back
// to the bytes by os.fsencode(json.loads(...)).
[[nodiscard]] std::string JsonString(std::string_view s);

}  // namespace spellfilter::cli

#endif  // SPELLFILTER_APP_CLI_TERMINAL_TEXT_H_
