#include "app/lsp/engine.h"

#include <algorithm>
#include <climits>

#include "core/text/code_language.h"
#include "core/user/language_list.h"

namespace spellfilter::lsp {
namespace {

// The local path of a file: URI ("" for other schemes, and for a path
// longer than any file's can be), %XX decoded.
std::string PathOfUri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (!uri.starts_with(kScheme)) return "";
  uri.remove_prefix(kScheme.size());
  const auto hex = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string path;
  for (size_t i = 0; i < uri.size(); ++i) {
    if (uri[i] == '%' && i + 2 < uri.size() && hex(uri[i + 1]) >= 0 &&
        hex(uri[i + 2]) >= 0) {
      path += static_cast<char>(hex(uri[i + 1]) * 16 + hex(uri[i + 2]));
      i += 2;
    } else {
      path += uri[i];
    }
    if (path.size() >= PATH_MAX) return "";
  }
  return path;
}

}  // namespace

Engine::Engine(const Dictionary& dictionary, const Dictionary* programming,
               UserDictionary* user, const Dictionary* c_family,
               const Dictionary* python)
    : initial_{&dictionary},
      initial_spec_(dictionary.language()),
      programming_(programming),
      user_(user),
      c_family_(c_family),
      python_(python) {
  UseLanguages(initial_, initial_mode_, initial_preferred_, initial_spec_);
}

Engine::Engine(const LanguageSet& languages, const Dictionary* programming,
               UserDictionary* user, const Dictionary* c_family,
               const Dictionary* python)
    : initial_(languages.dictionaries().begin(),
               languages.dictionaries().end()),
      initial_mode_(languages.mode()),
      initial_preferred_(languages.preferred()),
      initial_spec_(languages.Describe()),
      programming_(programming),
      user_(user),
      c_family_(c_family),
      python_(python) {
  UseLanguages(initial_, initial_mode_, initial_preferred_, initial_spec_);
}

void Engine::UseLanguages(std::span<const Dictionary* const> dictionaries,
                          LanguageMode mode, size_t preferred,
                          std::string spec) {
  dictionaries_.assign(dictionaries.begin(), dictionaries.end());
  checker_ = std::make_unique<LanguageChecker>(dictionaries_, mode, preferred);
  AssignUserLists();
  suggester_.reset();
  languages_spec_ = std::move(spec);
  MarkAllDirty();
}

void Engine::SetUserListOpener(UserListOpener opener) {
  user_opener_ = std::move(opener);
  AssignUserLists();
  suggester_.reset();
  MarkAllDirty();
}

void Engine::AssignUserLists() {
  users_.assign(dictionaries_.size(), user_);
  if (user_opener_) {
    // A list belongs to a language (its path names it), so the first
    // language's list serves every dictionary of that language.
    const auto key = [](const Dictionary& d) {
      StatusOr<std::string> path = LanguageUserListPath(d);
      return path.ok() ? *path : std::string();
    };
    const std::string first = initial_.empty() ? "" : key(*initial_[0]);
    for (size_t l = 0; l < dictionaries_.size(); ++l) {
      const std::string own = key(*dictionaries_[l]);
      if (own == first) continue;
      if (own.empty()) {
        users_[l] = nullptr;
        continue;
      }
      auto it = other_users_.find(own);
      if (it == other_users_.end()) {
        it = other_users_.emplace(own, user_opener_(*dictionaries_[l])).first;
      }
      users_[l] = it->second.get();
    }
  }
  // A UserDictionary's lookups do not depend on its base, so one list can
  // serve several languages.
  for (size_t l = 0; l < dictionaries_.size(); ++l) {
    checker_->SetUserWords(l, users_[l]);
  }
}

std::vector<UserDictionary*> Engine::DistinctUserLists() const {
  std::vector<UserDictionary*> lists;
  for (UserDictionary* u : users_) {
    if (u != nullptr && std::find(lists.begin(), lists.end(), u) == lists.end()) {
      lists.push_back(u);
    }
  }
  return lists;
}

Status Engine::SetLanguages(std::string_view spec) {
  if (spec.empty()) {
    UseLanguages(initial_, initial_mode_, initial_preferred_, initial_spec_);
    owned_.reset();
    return Status::Ok();
  }
  LanguageSetOptions options;
  options.use = DictionaryUse::kCheckAndSuggest;
  StatusOr<LanguageSet> opened = LanguageSet::Open(spec, options);
  if (!opened.ok()) return opened.status();
  auto set = std::make_unique<LanguageSet>(std::move(opened).value());
  UseLanguages(set->dictionaries(), set->mode(), set->preferred(),
               set->Describe());
  owned_ = std::move(set);  // after: the checker no longer uses the old one
  return Status::Ok();
}

Engine::~Engine() = default;

Status Engine::Open(const std::string& uri, const std::string& language_id,
                    std::string_view text) {
  return Open(uri, language_id, std::string(text));
}

Status Engine::Open(const std::string& uri, const std::string& language_id,
                    std::string&& text) {
  // Made aside and moved in: running out of memory leaves no half-made
  // document behind.
  Open_ open;
  open.language_id = language_id;
  open.path = PathOfUri(uri);
  Status status = Place(uri, open, &text);
  documents_.insert_or_assign(uri, std::move(open));
  return status;
}

Status Engine::Place(const std::string& uri, Open_& open, std::string* text) {
  Status status = Status::Ok();
  open.project = nullptr;
  if (!open.path.empty()) {
    StatusOr<std::shared_ptr<const ProjectConfig>> project = projects_.For(open.path);
    if (project.ok()) {
      open.project = *project;
    } else {
      status = project.status();
    }
  }
  const DocumentKind kind =
      KindOfDocument(open.language_id, uri, open.path, open.project.get());
  if (text || !open.document || kind != open.kind) {
    // The text given, or the same text under the new filter (copied: the
    // old document stays until the new one is made).
    std::string source = text            ? std::move(*text)
                         : open.document ? std::string(open.document->Text())
                                         : std::string();
    auto document =
        std::make_unique<Document>(FilterOf(kind, settings_.scope), std::move(source));
    open.document = std::move(document);
  }
  open.kind = kind;
  open.language_words = kind.mode == DocumentMode::kCode
                            ? LanguageWords(open.language_id, uri)
                            : nullptr;
  open.document->SetProject(open.project.get());
  return status;
}

Status Engine::ReloadProjects() {
  projects_ = ProjectConfigFinder();
  Status first = Status::Ok();
  for (auto& [uri, open] : documents_) {
    Status s = Place(uri, open, nullptr);
    if (!s.ok() && first.ok()) first = s;
  }
  return first;
}

DocumentKind Engine::KindOf(const std::string& uri) const {
  auto it = documents_.find(uri);
  return it == documents_.end() ? DocumentKind() : it->second.kind;
}

bool Engine::IsFile(const std::string& uri) const {
  auto it = documents_.find(uri);
  return it != documents_.end() && !it->second.path.empty();
}

void Engine::SetRoot(const std::string& uri) { root_ = PathOfUri(uri); }

Status Engine::AddProjectWord(const std::string& uri, const std::string& word) {
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
  // The fuzzer's URIs name real folders: nothing is written there.
  (void)uri;
  (void)word;
  return Status::Unsupported("no project files are written while fuzzing");
#endif
  auto it = documents_.find(uri);
  if (it == documents_.end() || it->second.path.empty()) {
    return Status::InvalidArgument("not a local file: " + uri);
  }
  const std::string file = ProjectFileForNewWord(
      it->second.path, root_,
      it->second.project ? it->second.project->file : std::string());
  if (Status s = spellfilter::AddProjectWord(file, word); !s.ok()) return s;
  return ReloadProjects();
}

void Engine::Change(const std::string& uri, Position start, Position end,
                    std::string_view text, bool full) {
  auto it = documents_.find(uri);
  if (it == documents_.end()) return;
  if (full) {
    it->second.document->SetText(text);
  } else {
    it->second.document->Replace(start, end, text);
  }
}

void Engine::SetText(const std::string& uri, std::string&& text) {
  auto it = documents_.find(uri);
  if (it != documents_.end()) it->second.document->SetText(std::move(text));
}

void Engine::Close(const std::string& uri) { documents_.erase(uri); }

bool Engine::IsOpen(const std::string& uri) const {
  return documents_.count(uri) > 0;
}

const Dictionary* Engine::LanguageWords(std::string_view language_id,
                                        std::string_view uri) const {
  const bool by_name = !CodeLanguageOfLanguageId(language_id).has_value();
  if (IsCFamilyLanguageId(language_id) || (by_name && IsCFamilyFileName(uri))) {
    return c_family_;
  }
  if (IsPythonLanguageId(language_id) || (by_name && IsPythonFileName(uri))) {
    return python_;
  }
  return nullptr;
}

void Engine::Configure(const Open_& open) {
  const bool code = open.kind.mode == DocumentMode::kCode;
  checker_->SetCodeWords(code ? settings_.min_length : 0);
  checker_->SetExtraDictionary(code ? programming_ : nullptr,
                               open.language_words);
}

size_t Engine::Recheck(const std::string& uri) {
  auto it = documents_.find(uri);
  if (it == documents_.end() || it->second.kind.skipped) return 0;
  Configure(it->second);
  return it->second.document->Recheck(*checker_);
}

bool Engine::ForEachFinding(const std::string& uri, size_t limit,
                            const std::function<void(const Finding&)>& f) const {
  auto it = documents_.find(uri);
  if (it == documents_.end() || it->second.kind.skipped) return false;
  // In code, each word's first max_repeats occurrences only.
  const size_t max_repeats =
      it->second.kind.mode == DocumentMode::kCode ? settings_.max_repeats : 0;
  std::map<std::string, size_t, std::less<>> repeats;
  size_t shown = 0;
  bool more = false;
  Finding finding;
  it->second.document->ForEachMisspelling(
      [&](size_t line, std::string_view text, Spot m) {
        const std::string_view word = text.substr(m.offset, m.length);
        if (!it->second.ignored.empty() &&
            it->second.ignored.count(std::string(word)) > 0) {
          return true;
        }
        if (max_repeats != 0) {
          auto r = repeats.find(word);
          if (r == repeats.end()) r = repeats.emplace(std::string(word), 0).first;
          if (++r->second > max_repeats) return true;
        }
        if (shown == limit) {
          more = true;
          return false;
        }
        ++shown;
        finding.line = line;
        finding.begin = m.offset;
        finding.end = m.offset + m.length;
        finding.word.assign(word);
        finding.line_text = text;
        f(finding);
        return true;
      });
  return more;
}

std::string_view Engine::LineText(const std::string& uri, size_t line) const {
  auto it = documents_.find(uri);
  if (it == documents_.end()) return {};
  return it->second.document->Line(line);
}

LanguageSuggester& Engine::suggester() {
  if (!suggester_) {
    SuggestOptions options;
    options.max_suggestions = settings_.max_suggestions;
    suggester_ = std::make_unique<LanguageSuggester>(
        dictionaries_, checker_->preferred(), options);
    for (UserDictionary* list : DistinctUserLists()) {
      StatusOr<std::vector<std::string>> words = list->Words();
      if (!words.ok()) continue;
      for (size_t l = 0; l < dictionaries_.size(); ++l) {
        if (users_[l] == list) suggester_->SetUserWords(l, *words);
      }
    }
  }
  return *suggester_;
}

std::vector<std::string> Engine::Suggest(std::string_view word) {
  return suggester().SuggestAny(word);
}

std::vector<std::string> Engine::Suggest(std::string_view word,
                                         std::string_view line,
                                         size_t offset) {
  if (dictionaries_.size() == 1 || offset >= line.size()) return Suggest(word);
  // The line's sentences, as the document was checked (plain text: the
  // sentence's language does not depend on code spans).
  checker_->Check(line, &scratch_);
  for (const SentenceLanguage& s : checker_->sentences()) {
    if (offset >= s.offset && offset < s.offset + s.length) {
      return suggester().Suggest(word, s.language);
    }
  }
  return Suggest(word);
}

void Engine::MarkAllDirty() {
  for (auto& [uri, open] : documents_) open.document->MarkAllDirty();
}

std::string Engine::LanguageAt(std::string_view line, size_t offset) {
  if (dictionaries_.size() == 1 || offset >= line.size()) {
    return dictionaries_[checker_->preferred()]->language();
  }
  checker_->Check(line, &scratch_);
  for (const SentenceLanguage& s : checker_->sentences()) {
    if (offset >= s.offset && offset < s.offset + s.length) {
      return dictionaries_[s.language]->language();
    }
  }
  return dictionaries_[checker_->preferred()]->language();
}

Status Engine::AddUserWord(const std::string& word, std::string_view language) {
  size_t l = 0;
  for (size_t i = 0; i < dictionaries_.size(); ++i) {
    // By tag: "de-DE" and "de_DE" name the same list.
    if (!language.empty() &&
        UserListTag(dictionaries_[i]->language()) == UserListTag(language)) {
      l = i;
      break;
    }
  }
  UserDictionary* user = users_.empty() ? nullptr : users_[l];
  if (user == nullptr) {
    const std::string& tag = dictionaries_[l]->language();
    return Status::NotFound(tag.empty() ? "no user word list"
                                        : "no user word list for " + tag);
  }
  const std::string words[] = {word};
  StatusOr<UserDictionary::EditResult> r = user->Add(words);
  if (!r.ok()) return r.status();
  suggester_.reset();  // it lists the user's words
  MarkAllDirty();
  return Status::Ok();
}

void Engine::IgnoreInDocument(const std::string& uri, const std::string& word) {
  auto it = documents_.find(uri);
  if (it != documents_.end()) it->second.ignored.insert(word);
}

std::vector<std::string> Engine::SetSettings(const EngineSettings& settings) {
  const bool scope_changed = settings.scope != settings_.scope;
  settings_ = settings;
  suggester_.reset();
  for (auto& [uri, open] : documents_) {
    if (scope_changed && open.kind.mode == DocumentMode::kCode) {
      // The filter itself changes: the same text under a new one.
      open.document = std::make_unique<Document>(open.document->Text(),
                                                 FilterOf(open.kind, settings.scope));
      open.document->SetProject(open.project.get());
    }
  }
  MarkAllDirty();
  return Uris();
}

bool Engine::ReloadUserWords() {
  bool any = false;
  for (UserDictionary* list : DistinctUserLists()) {
    StatusOr<bool> changed = list->ReloadIfChanged();
    any = any || (changed.ok() && *changed);
  }
  if (!any) return false;
  suggester_.reset();
  MarkAllDirty();
  return true;
}

std::vector<std::string> Engine::Uris() const {
  std::vector<std::string> out;
  for (const auto& [uri, open] : documents_) out.push_back(uri);
  return out;
}

}  // namespace spellfilter::lsp
