#include "app/lsp/document_kind.h"

#include <optional>

namespace spellfilter::lsp {

DocumentKind KindOfDocument(std::string_view language_id, std::string_view uri,
                            const std::string& path, const ProjectConfig* project) {
  DocumentKind kind;
  const std::optional<CodeLanguage> by_name = CodeLanguageOfFileName(uri);
  if (project != nullptr && !path.empty()) {
    if (project->Skips(path)) {
      kind.skipped = true;
      return kind;
    }
    if (const std::optional<std::string> mode = project->ModeFor(path)) {
      // project_config.cpp accepts these four names only.
      if (*mode == "code") {
        kind.mode = DocumentMode::kCode;
        kind.language = CodeLanguageOfLanguageId(language_id)
                            .value_or(by_name.value_or(CodeLanguage::kCLike));
      } else if (*mode == "markdown") {
        kind.mode = DocumentMode::kMarkdown;
      } else if (*mode == "tex") {
        kind.mode = DocumentMode::kTex;
      }
      return kind;
    }
  }
  std::optional<CodeLanguage> language = CodeLanguageOfLanguageId(language_id);
  if (!language && (language_id.empty() || language_id == "plaintext")) {
    language = by_name;
  }
  if (language) {
    kind.mode = DocumentMode::kCode;
    kind.language = *language;
  } else if (language_id == "markdown") {
    kind.mode = DocumentMode::kMarkdown;
  } else if (language_id == "latex" || language_id == "tex") {
    kind.mode = DocumentMode::kTex;
  }
  return kind;
}

LineFilter FilterOf(const DocumentKind& kind, CodeScope scope) {
  switch (kind.mode) {
    case DocumentMode::kMarkdown: return MarkdownFilter();
    case DocumentMode::kTex: return TexFilter();
    case DocumentMode::kCode: return CodeFilter(kind.language, scope);
    case DocumentMode::kText: break;
  }
  return std::monostate();
}

}  // namespace spellfilter::lsp
