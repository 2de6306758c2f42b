// Finding and replacing text in a document, for the find bar: plain text
// or a regular expression, case-sensitive or not, whole words or not.
// Matches lie within one line (the file's line, which may be shown in
// several blocks: soft_lines.h); empty matches are skipped.
// The same QRegularExpression serves every mode, so Find Next, the match
// highlighting and Replace All agree on what a match is.
#ifndef SPELLFILTER_APP_EDITOR_TEXT_SEARCH_H_
#define SPELLFILTER_APP_EDITOR_TEXT_SEARCH_H_

#include <QList>
#include <QRegularExpression>
#include <QString>
#include <QTextCursor>
#include <optional>

class QTextDocument;

namespace spellfilter::editor {

struct SearchOptions {
  bool match_case = false;
  bool whole_words = false;
  bool regular_expression = false;
};

class TextSearch {
 public:
  TextSearch(const QString& text, const SearchOptions& options);

  // False for an empty search or an invalid regular expression (then
  // errorString() says why).
  [[nodiscard]] bool isValid() const;
  [[nodiscard]] QString errorString() const;

  // The first match starting at or after `from` (forward), or the last one
  // starting before `from` (backward), wrapping around the document once;
  // *wrapped tells whether it did.
  std::optional<QTextCursor> find(QTextDocument* document, int from,
                                  bool forward, bool* wrapped = nullptr) const;
  // Every match, in order, at most `limit`.
  QList<QTextCursor> findAll(QTextDocument* document, int limit) const;
  // `replacement` for the match `selected` (its text): for a regular
  // expression \0-\9 stand for the captured groups and \\ for a backslash.
  QString replacementFor(const QString& selected,
                         const QString& replacement) const;
  // Whether `selected` is exactly one match (for Replace on a selection).
  [[nodiscard]] bool matchesExactly(const QString& selected) const;
  // Replaces every match as one undo step; returns how many.
  int replaceAll(QTextDocument* document, const QString& replacement) const;

 private:
  SearchOptions options_;
  QRegularExpression expression_;
  bool empty_;
};

}  // namespace spellfilter::editor

#endif  // SPELLFILTER_APP_EDITOR_TEXT_SEARCH_H_
