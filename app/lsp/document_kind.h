// How the language server checks a document: as plain text, Markdown, TeX
// or code (and of which language family), or not at all. Decided when the
// document is opened, and again when its project file changes, in the
// order `spellfilter check` decides for a file on its command line:
//
//   1. its project file (.spellfilter.toml, app/project/project_config.h):
//      not checked when `paths` names it (as `check DIR` skips it), else
//      the mode of the first [[overrides]] whose `files` match it (code of
//      a language the file name does not tell is lexed as C-like, as by
//      `check --mode code`);
//   2. its languageId: a code language (code_language.h), "markdown",
//      "latex" or "tex";
//   3. for "plaintext" or no languageId, its file name: code by extension;
//   4. else plain text.
#ifndef SPELLFILTER_APP_LSP_DOCUMENT_KIND_H_
#define SPELLFILTER_APP_LSP_DOCUMENT_KIND_H_

#include <string>
#include <string_view>

#include "app/lsp/document.h"
#include "app/project/project_config.h"
#include "core/text/code_filter.h"
#include "core/text/code_language.h"

namespace spellfilter::lsp {

enum class DocumentMode { kText, kMarkdown, kTex, kCode };

struct DocumentKind {
  DocumentMode mode = DocumentMode::kText;
  CodeLanguage language = CodeLanguage::kCLike;  // kCode: the lexer's family
  bool skipped = false;  // the project's `paths` name it: nothing reported

  friend bool operator==(const DocumentKind&, const DocumentKind&) = default;
};

// `uri` is the document's URI, `path` its local file ("" if it is not a
// file: URI), `project` the project file that applies to it (nullptr:
// none).
DocumentKind KindOfDocument(std::string_view language_id, std::string_view uri,
                            const std::string& path, const ProjectConfig* project);

// The filter, in its initial state, that blanks what `kind` leaves
// unchecked (code: with `scope`).
LineFilter FilterOf(const DocumentKind& kind, CodeScope scope);

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_DOCUMENT_KIND_H_
