// The language server's engine: its open documents and what is wrong in
// them, the suggestions and the user's words. Knows nothing of JSON or of
// the protocol (server.h speaks that), as clangd's ClangdServer knows
// nothing of ClangdLSPServer. Not thread-safe.
//
// A document is code (identifier parts, the programming words, code_filter.h),
// Markdown, TeX or plain text, or not checked, as document_kind.h decides
// from its project file's `paths` and [[overrides]], its languageId and its
// file name. In code, a word is reported at most max_repeats times per
// document (as `check --max-repeats`, cspell's maxDuplicateProblems).
//
// Project file: for a file: URI, the nearest .spellfilter.toml
// (app/project/project_config.h) applies: its `words`, `flagWords`,
// `ignore`, `paths` and `overrides`. AddProjectWord writes to it (or
// creates one at the workspace root, or beside the file); ReloadProjects
// rereads them all (a project file was saved).
#ifndef SPELLFILTER_APP_LSP_ENGINE_H_
#define SPELLFILTER_APP_LSP_ENGINE_H_

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/lsp/document.h"
#include "app/lsp/document_kind.h"
#include "app/project/project_config.h"
#include "core/catalog/language_set.h"
#include "core/catalog/language_suggester.h"
#include "core/check/language_checker.h"
#include "core/text/code_language.h"
#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "core/user/user_dictionary.h"

namespace spellfilter::lsp {

struct EngineSettings {
  CodeScope scope = CodeScope::kAll;
  size_t min_length = 4;
  size_t max_suggestions = 5;
  // In code, a word is reported at most this often per document (0: every
  // time); the first occurrences are the ones reported.
  size_t max_repeats = 5;
};

// One misspelled word of a document.
struct Finding {
  size_t line;
  size_t begin;  // bytes in the line
  size_t end;
  std::string word;
  // The line's text, valid until the document changes.
  std::string_view line_text;
};

class Engine {
 public:
  // `dictionary` (opened for suggesting), `programming` (nullable),
  // `user` (nullable; words are added to it), `c_family` (nullable; the
  // C family's words, for C, C++, Objective-C and CUDA documents) and
  // `python` (nullable; Python's, for Python documents) must outlive the
  // engine.
  Engine(const Dictionary& dictionary, const Dictionary* programming,
         UserDictionary* user, const Dictionary* c_family = nullptr,
         const Dictionary* python = nullptr);
  // The same over several languages (`spellfilter lsp --lang en_US,de_DE`
  // or auto, core/catalog/language_set.h), which must outlive the engine;
  // `user` is the first language's list. Without SetUserListOpener it is
  // accepted in every language.
  Engine(const LanguageSet& languages, const Dictionary* programming,
         UserDictionary* user, const Dictionary* c_family = nullptr,
         const Dictionary* python = nullptr);
  ~Engine();

  // Opens the user word list of a language other than the first (its
  // default list, UserDictionary::DefaultPath); null when it has none or
  // it cannot be opened (the opener reports why). Once set, each language
  // checks with its own list: the `user` given to the constructor for the
  // languages whose list it is (the first language's, and any other of
  // the same language), an opened one for the rest, opened once and kept
  // while the server runs, also across SetLanguages.
  using UserListOpener =
      std::function<std::unique_ptr<UserDictionary>(const Dictionary&)>;
  void SetUserListOpener(UserListOpener opener);

  // The languages to check in from now on, as --lang names them
  // ("de_DE", "en_US,de_DE", "auto": the `language` setting); "" goes back
  // to the ones the engine was made with. Every document is marked for
  // rechecking. On error (an unknown language...) nothing changes.
  Status SetLanguages(std::string_view spec);
  // What the documents are checked in ("en_US,de_DE", "auto:de_DE,en_US").
  const std::string& languages() const { return languages_spec_; }
  // How many languages the documents are checked in.
  size_t language_count() const { return dictionaries_.size(); }

  // Returns the error of a broken project file (the document is open and
  // checked without it). Throws std::bad_alloc when memory runs out, with
  // nothing changed (a document open before stays as it was); so does
  // Change.
  Status Open(const std::string& uri, const std::string& language_id,
              std::string_view text);
  // The same, taking `text` (held once: not copied).
  Status Open(const std::string& uri, const std::string& language_id,
              std::string&& text);
  // An LSP range replaced; no range (full = true): the whole text.
  void Change(const std::string& uri, Position start, Position end,
              std::string_view text, bool full);
  // The whole text replaced by `text` (taken, not copied).
  void SetText(const std::string& uri, std::string&& text);
  void Close(const std::string& uri);
  bool IsOpen(const std::string& uri) const;

  // Rechecks what changed in `uri`; returns the number of lines checked.
  size_t Recheck(const std::string& uri);
  // Calls `f` with each misspelling of `uri`, in order, without the
  // ignored words: the first `limit` (nothing is collected: the
  // diagnostics are written as they come); returns whether there were
  // more.
  bool ForEachFinding(const std::string& uri, size_t limit,
                      const std::function<void(const Finding&)>& f) const;
  // The text of line `line` of `uri` ("" if none).
  std::string_view LineText(const std::string& uri, size_t line) const;

  // Suggestions for `word`; with several languages, from every language
  // merged by cost, or, given the text of its line and its offset there,
  // from the language of its sentence.
  std::vector<std::string> Suggest(std::string_view word);
  std::vector<std::string> Suggest(std::string_view word,
                                   std::string_view line, size_t offset);

  // The language of the sentence at byte `offset` of `line` (as the
  // document's checking decides it), as a tag: "de_DE".
  std::string LanguageAt(std::string_view line, size_t offset);

  // Adds `word` to the user list of `language` (a tag of a language being
  // checked in; "" or any other: the first language's) and marks every
  // document for rechecking. Error when that language has no user list.
  Status AddUserWord(const std::string& word, std::string_view language = "");
  // Adds `word` to the project file of `uri` (a file: URI) and rereads the
  // project files; every document is marked for rechecking.
  Status AddProjectWord(const std::string& uri, const std::string& word);
  // Whether `uri` names a local file (project words can apply).
  bool IsFile(const std::string& uri) const;
  // The workspace root, a directory (from initialize's rootUri).
  void SetRoot(const std::string& uri);
  // `word` is not reported in `uri` any more (until it is closed).
  void IgnoreInDocument(const std::string& uri, const std::string& word);
  // New settings; every document is rechecked. Returns the URIs open.
  std::vector<std::string> SetSettings(const EngineSettings& settings);
  const EngineSettings& settings() const { return settings_; }
  // Rereads the user's words if another process changed them; true if so
  // (every document is then marked for rechecking).
  bool ReloadUserWords();
  // Rereads the project files (one was saved or written) and decides each
  // document's kind again; every document is marked for rechecking.
  // Returns the first error (that document is then checked without one).
  Status ReloadProjects();
  // How `uri` is checked (text for a document not open).
  DocumentKind KindOf(const std::string& uri) const;
  std::vector<std::string> Uris() const;

 private:
  struct Open_ {
    std::unique_ptr<Document> document;
    std::string language_id;
    DocumentKind kind;
    // In code: the language family's own words (c_family_, python_ or
    // none).
    const Dictionary* language_words = nullptr;
    std::string path;  // the local file, for file: URIs
    std::shared_ptr<const ProjectConfig> project;
    std::set<std::string> ignored;
  };
  // Finds the project file of `open` (nullptr on error, which is
  // returned), decides its kind and, when that changed or `text` is given
  // (not null: taken), makes its Document.
  Status Place(const std::string& uri, Open_& open, std::string* text);
  // The language family's own words for a code document `uri` opened as
  // `language_id`: by the id, or by the file name when the id names no
  // code language.
  const Dictionary* LanguageWords(std::string_view language_id,
                                  std::string_view uri) const;
  void Configure(const Open_& open);
  void MarkAllDirty();
  // Gives each language being checked in its user list (users_).
  void AssignUserLists();
  // The user lists being used, each once.
  std::vector<UserDictionary*> DistinctUserLists() const;
  // Checks and suggests in `dictionaries` from now on.
  void UseLanguages(std::span<const Dictionary* const> dictionaries,
                    LanguageMode mode, size_t preferred, std::string spec);
  LanguageSuggester& suggester();

  // The languages the engine was made with, and those a SetLanguages
  // opened (owned_; null if none).
  std::vector<const Dictionary*> initial_;
  LanguageMode initial_mode_ = LanguageMode::kAny;
  size_t initial_preferred_ = 0;
  std::string initial_spec_;
  std::unique_ptr<LanguageSet> owned_;
  std::vector<const Dictionary*> dictionaries_;
  std::string languages_spec_;
  const Dictionary* programming_;
  UserDictionary* user_;
  UserListOpener user_opener_;
  // The lists the opener gave, by their path (null: the language has none).
  std::map<std::string, std::unique_ptr<UserDictionary>> other_users_;
  // Per language of dictionaries_: its list (nullable).
  std::vector<UserDictionary*> users_;
  const Dictionary* c_family_;
  const Dictionary* python_;
  EngineSettings settings_;
  std::unique_ptr<LanguageChecker> checker_;
  std::unique_ptr<LanguageSuggester> suggester_;
  std::vector<Misspelling> scratch_;
  std::map<std::string, Open_> documents_;
  ProjectConfigFinder projects_;
  std::string root_;
};

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_ENGINE_H_
