// libspellfilter: the C API of include/spellfilter.h over core's Checker,
// Suggester, UserDictionary and language catalog. Every entry point catches
// everything: no exception crosses into C.
#include "spellfilter.h"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <unordered_map>
#include <string>
#include <string_view>
#include <system_error>
#include <unordered_set>
#include <vector>

#include "core/catalog/language_catalog.h"
#include "core/catalog/language_set.h"
#include "core/catalog/language_suggester.h"
#include "core/check/language_checker.h"
#include "core/text/utf8.h"
#include "core/dictionary/dictionary.h"
#include "core/suggest/suggester.h"
#include "core/text/tokenizer.h"
#include "core/user/language_list.h"
#include "core/user/user_dictionary.h"
#include "core/user/word_list.h"

namespace {

using spellfilter::Dictionary;
using spellfilter::LanguageChecker;
using spellfilter::LanguageSet;
using spellfilter::LanguageSuggester;
using spellfilter::Misspelling;
using spellfilter::Status;
using spellfilter::StatusOr;
using spellfilter::Tokenizer;
using spellfilter::UserDictionary;

// The most suggestions one call returns.
constexpr size_t kMaxSuggestionsPerCall = 100;

thread_local std::string last_error;

spellfilter_status Fail(spellfilter_status s, std::string message) {
  last_error = std::move(message);
  return s;
}

spellfilter_status Fail(const Status& s) {
  spellfilter_status code = SPELLFILTER_IO_ERROR;
  switch (s.code()) {
    case Status::Code::kOk: return SPELLFILTER_OK;
    case Status::Code::kInvalidArgument: code = SPELLFILTER_INVALID_ARGUMENT; break;
    case Status::Code::kNotFound: code = SPELLFILTER_NOT_FOUND; break;
    case Status::Code::kCorruption: code = SPELLFILTER_CORRUPTION; break;
    case Status::Code::kUnsupported: code = SPELLFILTER_UNSUPPORTED; break;
    case Status::Code::kIOError: code = SPELLFILTER_IO_ERROR; break;
  }
  return Fail(code, s.message());
}

// Runs `body`, turning any exception into an error value.
template <typename F>
spellfilter_status Guard(F&& body) {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Fail(SPELLFILTER_NO_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return Fail(SPELLFILTER_IO_ERROR, std::string("internal error: ") + e.what());
  } catch (...) {
    return Fail(SPELLFILTER_IO_ERROR, "internal error");
  }
}

// Arg's errors, out of line: the message is built only when there is one,
// and the checking path (Arg inlined into every call) keeps a small frame.
[[gnu::cold, gnu::noinline]] bool NullArg(const char* what) {
  Fail(SPELLFILTER_INVALID_ARGUMENT, std::string(what) + " is NULL");
  return false;
}
[[gnu::cold, gnu::noinline]] bool InvalidUtf8Arg(const char* what, size_t bad) {
  Fail(SPELLFILTER_INVALID_ARGUMENT, std::string(what) +
                                         " is not valid UTF-8 (byte " +
                                         std::to_string(bad) + ")");
  return false;
}

// A (pointer, length) argument as a string_view; false (with the error set)
// for NULL or invalid UTF-8.
inline bool Arg(const char* p, size_t length, const char* what,
                std::string_view* out) {
  if (p == nullptr) [[unlikely]] return NullArg(what);
  if (length == SPELLFILTER_NUL_TERMINATED) length = std::strlen(p);
  *out = std::string_view(p, length);
  const size_t bad = spellfilter::FirstInvalidUtf8(*out);
  if (bad != std::string_view::npos) [[unlikely]] return InvalidUtf8Arg(what, bad);
  return true;
}

// The share/spellfilter directory of the prefix this library is installed
// in (SPELLFILTER_LIB_TO_DATA: the relative path from its libdir).
std::string LibraryDataDirectory() {
  Dl_info info;
  if (dladdr(reinterpret_cast<void*>(&spellfilter_version), &info) == 0 ||
      info.dli_fname == nullptr) {
    return "";
  }
  // Resolved first: the loader may have found it as /lib/... where /lib is
  // a link to /usr/lib (Debian's merged /usr), and ../../share from there
  // is not the prefix's.
  std::error_code ec;
  std::filesystem::path lib = std::filesystem::canonical(info.dli_fname, ec);
  if (ec) lib = info.dli_fname;
  return (lib.parent_path() / SPELLFILTER_LIB_TO_DATA).lexically_normal().string();
}

spellfilter::CatalogOptions Catalog() {
  spellfilter::CatalogOptions o;
  const std::string dir = LibraryDataDirectory();
  if (!dir.empty()) o.extra_dirs.push_back(dir);
  return o;
}

char** CopyWords(const std::vector<std::string>& words) {
  if (words.empty()) return nullptr;
  char** out = static_cast<char**>(std::calloc(words.size(), sizeof(char*)));
  if (out == nullptr) throw std::bad_alloc();
  for (size_t i = 0; i < words.size(); ++i) {
    out[i] = static_cast<char*>(std::malloc(words[i].size() + 1));
    if (out[i] == nullptr) {
      spellfilter_free_words(out, i);
      throw std::bad_alloc();
    }
    std::memcpy(out[i], words[i].c_str(), words[i].size() + 1);
  }
  return out;
}

}  // namespace

// What one thread uses of one handle: its own checker (not thread-safe,
// so never shared) and the flag that says it is reading the handle's words.
struct ThreadSlot {
  std::atomic<bool> active{false};
  std::unique_ptr<LanguageChecker> checker;
  std::unique_ptr<LanguageSuggester> suggester;
  uint64_t suggester_generation = ~uint64_t{0};
  std::unique_ptr<spellfilter::Tokenizer> tokenizer;  // spellfilter_count_words
  std::vector<spellfilter::Token> tokens;
  std::vector<Misspelling> found;  // spellfilter_suggest_in_text's
};

struct spellfilter_dict {
  uint64_t id = 0;  // unique for the process's life: the thread caches' key
  // One language, or several (spellfilter_open_language("en_US,de_DE")).
  std::unique_ptr<LanguageSet> languages;
  const Dictionary* dictionary = nullptr;  // the first language's
  std::string language;                    // spellfilter_language's
  std::string path;
  std::unique_ptr<UserDictionary> user;  // null: none
  std::string user_problem;              // "" if none
  // With several languages, the default lists of the others (null: the
  // first's list, or none), and each language's list (nullable).
  std::vector<std::unique_ptr<UserDictionary>> other_users;
  std::vector<UserDictionary*> user_of;

  // The words that change (user and session words, and user_words for the
  // suggesters) are read by many threads and written by one at a time, with
  // a lock that costs a reader one atomic exchange (a shared_mutex costs
  // two atomic read-modify-writes, a checker pool two more): each thread
  // raises its own slot's `active` flag and then looks for a writer; a
  // writer raises `writer` and then waits for every slot's flag to fall.
  // Both sequentially consistent, so one of the two always sees the other
  // (Dekker). A reader that meets a writer lowers its flag and waits on
  // writer_mutex. (An asymmetric version, readers without the exchange and
  // writers calling membarrier(2), measured 1 ns a word faster: not worth
  // its system dependence.)
  std::atomic<bool> writer{false};
  std::mutex writer_mutex;
  std::mutex slots_mutex;  // guards `slots`
  std::unordered_map<std::thread::id, std::unique_ptr<ThreadSlot>> slots;

  // Written under the writer lock, read under a reader's flag.
  std::unordered_set<std::string> session;
  // Per language, for the suggesters.
  std::vector<std::vector<std::string>> user_words;
  uint64_t user_generation = 0;  // counts changes of user_words

  // This thread's slot, made on its first use of the handle: the cached
  // slot of the last handle this thread used, inline; else FindSlot.
  ThreadSlot* Slot();
  ThreadSlot* FindSlot();

  bool InSession(std::string_view word) const {
    return !session.empty() && session.count(std::string(word)) != 0;
  }

  // Under the writer lock.
  Status RefreshUserWords() {
    ++user_generation;
    user_words.assign(languages->size(), {});
    Status first = Status::Ok();
    for (size_t l = 0; l < user_of.size(); ++l) {
      if (user_of[l] == nullptr) continue;
      const size_t same = static_cast<size_t>(
          std::find(user_of.begin(), user_of.end(), user_of[l]) -
          user_of.begin());
      if (same < l) {
        user_words[l] = user_words[same];
        continue;
      }
      StatusOr<std::vector<std::string>> words = user_of[l]->Words();
      if (!words.ok()) {
        if (first.ok()) first = words.status();
        continue;
      }
      user_words[l] = std::move(words).value();
    }
    return first;
  }
};

namespace {

std::atomic<uint64_t> next_handle_id{1};

// The last handle this thread used, and its slot there: most programs
// check with one handle, so most calls find their slot here without a
// lock. A closed handle's id is never reused, so a stale entry is never
// taken for a live handle's.
// One thread_local object, so one TLS address look-up per call.
struct CachedSlot {
  uint64_t id = 0;
  ThreadSlot* slot = nullptr;
};
thread_local CachedSlot cached;

}  // namespace

inline ThreadSlot* spellfilter_dict::Slot() {
  const CachedSlot& c = cached;
  if (c.id == id) [[likely]] return c.slot;
  return FindSlot();
}

// Out of line, so that the inline path above keeps no registers for it.
[[gnu::noinline]] ThreadSlot* spellfilter_dict::FindSlot() {
  std::lock_guard<std::mutex> lock(slots_mutex);
  std::unique_ptr<ThreadSlot>& slot = slots[std::this_thread::get_id()];
  if (!slot) {
    slot = std::make_unique<ThreadSlot>();
    slot->checker = languages->NewChecker();
    // Each language's own list (a UserDictionary's lookups do not depend
    // on its base, so one list may serve several).
    for (size_t l = 0; l < user_of.size(); ++l) {
      slot->checker->SetUserWords(l, user_of[l]);
    }
  }
  cached.id = id;
  cached.slot = slot.get();
  return cached.slot;
}

namespace {

// Reads the handle's words for the scope (see spellfilter_dict).
class ReadLock {
 public:
  explicit ReadLock(spellfilter_dict* d) : slot_(d->Slot()) {
    for (;;) {
      slot_->active.store(true, std::memory_order_seq_cst);
      if (!d->writer.load(std::memory_order_seq_cst)) return;
      slot_->active.store(false, std::memory_order_release);
      std::lock_guard<std::mutex> wait(d->writer_mutex);
    }
  }
  ~ReadLock() { slot_->active.store(false, std::memory_order_release); }
  ReadLock(const ReadLock&) = delete;
  ReadLock& operator=(const ReadLock&) = delete;
  ThreadSlot* slot() const { return slot_; }

 private:
  ThreadSlot* slot_;
};

// Changes the handle's words for the scope: no reader is inside.
class WriteLock {
 public:
  explicit WriteLock(spellfilter_dict* d) : d_(d), lock_(d->writer_mutex) {
    d_->writer.store(true, std::memory_order_seq_cst);
    std::lock_guard<std::mutex> slots(d_->slots_mutex);
    for (auto& [thread, slot] : d_->slots) {
      while (slot->active.load(std::memory_order_seq_cst)) {
        std::this_thread::yield();
      }
    }
  }
  ~WriteLock() { d_->writer.store(false, std::memory_order_release); }
  WriteLock(const WriteLock&) = delete;
  WriteLock& operator=(const WriteLock&) = delete;

 private:
  spellfilter_dict* d_;
  std::lock_guard<std::mutex> lock_;
};

spellfilter_status Open(LanguageSet languages, const std::string& path,
                        spellfilter_user_words user, spellfilter_dict** out) {
  auto d = std::make_unique<spellfilter_dict>();
  d->id = next_handle_id.fetch_add(1);
  d->languages = std::make_unique<LanguageSet>(std::move(languages));
  d->dictionary = &d->languages->dictionary(0);
  d->language = d->languages->size() == 1 &&
                        d->languages->mode() == spellfilter::LanguageMode::kAny
                    ? d->dictionary->language()
                    : d->languages->Describe();
  d->path = path;
  d->user_words.assign(d->languages->size(), {});
  if (user == SPELLFILTER_USER_DEFAULT) {
    StatusOr<std::string> user_path = UserDictionary::DefaultPath(*d->dictionary);
    StatusOr<std::unique_ptr<UserDictionary>> u =
        user_path.ok() ? UserDictionary::Open(*user_path, *d->dictionary)
                       : StatusOr<std::unique_ptr<UserDictionary>>(user_path.status());
    if (u.ok()) {
      d->user = std::move(u).value();
      if (!d->user->damage().ok()) d->user_problem = d->user->damage().message();
    } else {
      d->user_problem = u.status().message();
    }
    // Every other language its own default list, as `check --lang` and the
    // editor: the first language's where it is the same language.
    d->user_of.assign(d->languages->size(), d->user.get());
    StatusOr<std::string> first_list =
        spellfilter::LanguageUserListPath(*d->dictionary);
    for (size_t l = 1; l < d->languages->size(); ++l) {
      const Dictionary& base = d->languages->dictionary(l);
      StatusOr<std::string> own = spellfilter::LanguageUserListPath(base);
      if (first_list.ok() && own.ok() && *own == *first_list) continue;
      StatusOr<std::string> other_path = UserDictionary::DefaultPath(base);
      StatusOr<std::unique_ptr<UserDictionary>> other =
          other_path.ok() ? UserDictionary::Open(*other_path, base)
                          : StatusOr<std::unique_ptr<UserDictionary>>(
                                other_path.status());
      if (other.ok()) {
        d->user_of[l] = other->get();
        d->other_users.push_back(std::move(other).value());
      } else {
        d->user_of[l] = nullptr;
        if (d->user_problem.empty()) d->user_problem = other.status().message();
      }
    }
    if (Status s = d->RefreshUserWords(); !s.ok() && d->user_problem.empty()) {
      d->user_problem = s.message();
    }
  } else if (user != SPELLFILTER_USER_NONE) {
    return Fail(SPELLFILTER_INVALID_ARGUMENT,
                "user words: not a spellfilter_user_words value");
  }
  *out = d.release();
  return SPELLFILTER_OK;
}

// The thread's suggester, with the handle's user words (under a ReadLock).
LanguageSuggester& SuggesterOf(spellfilter_dict* dict, ThreadSlot* slot) {
  if (!slot->suggester) {
    spellfilter::SuggestOptions options;
    options.max_suggestions = kMaxSuggestionsPerCall;
    slot->suggester =
        std::make_unique<LanguageSuggester>(*dict->languages, options);
  }
  if (slot->suggester_generation != dict->user_generation) {
    for (size_t l = 0; l < dict->languages->size(); ++l) {
      slot->suggester->SetUserWords(l, dict->user_words[l]);
    }
    slot->suggester_generation = dict->user_generation;
  }
  return *slot->suggester;
}

// Add or Remove on the user's list.
template <typename Edit>
spellfilter_status EditUserWords(spellfilter_dict* dict, const char* word,
                                 size_t length, Edit&& edit) {
  if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
  std::string_view w;
  if (!Arg(word, length, "word", &w)) return SPELLFILTER_INVALID_ARGUMENT;
  WriteLock lock(dict);
  if (!dict->user) {
    return Fail(SPELLFILTER_NOT_FOUND,
                "no user word list: " + (dict->user_problem.empty()
                                             ? std::string("opened without one")
                                             : dict->user_problem));
  }
  const std::string words[] = {std::string(w)};
  const StatusOr<UserDictionary::EditResult> r = edit(*dict->user, words);
  if (!r.ok()) return Fail(r.status());
  if (Status s = dict->RefreshUserWords(); !s.ok()) return Fail(s);
  return SPELLFILTER_OK;
}

}  // namespace

extern "C" {

const char* spellfilter_version(void) { return SPELLFILTER_VERSION; }

const char* spellfilter_last_error(void) { return last_error.c_str(); }

spellfilter_status spellfilter_open_path(const char* path,
                                         spellfilter_user_words user,
                                         spellfilter_dict** out) {
  return Guard([&] {
    if (out == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "out is NULL");
    *out = nullptr;
    if (path == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "path is NULL");
    StatusOr<std::unique_ptr<Dictionary>> dict = Dictionary::Open(path);
    if (!dict.ok()) return Fail(dict.status());
    const std::string tag = (*dict)->language();
    return Open(LanguageSet::Single(std::move(dict).value(), tag), path, user,
                out);
  });
}

spellfilter_status spellfilter_open_language(const char* tag,
                                             spellfilter_user_words user,
                                             spellfilter_dict** out) {
  return Guard([&] {
    if (out == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "out is NULL");
    *out = nullptr;
    if (tag == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "tag is NULL");
    if (spellfilter::IsLanguageList(tag)) {
      spellfilter::LanguageSetOptions options;
      options.catalog = Catalog();
      StatusOr<LanguageSet> set = LanguageSet::Open(tag, options);
      if (!set.ok()) return Fail(set.status());
      // The path is the first language's file.
      std::string first;
      for (const spellfilter::CatalogEntry& e :
           spellfilter::ListDictionaries(options.catalog)) {
        if (e.tag == set->tag(0)) {
          first = e.kind == spellfilter::CatalogEntry::Kind::kSpellfilter
                      ? e.source
                      : e.cached;
        }
      }
      return Open(std::move(set).value(), first, user, out);
    }
    StatusOr<std::string> path = spellfilter::ResolveLanguage(tag, Catalog());
    if (!path.ok()) return Fail(path.status());
    StatusOr<std::unique_ptr<Dictionary>> dict = Dictionary::Open(*path);
    if (!dict.ok()) return Fail(dict.status());
    const std::string language = (*dict)->language();
    return Open(LanguageSet::Single(std::move(dict).value(), language), *path,
                user, out);
  });
}

const char* spellfilter_user_words_problem(const spellfilter_dict* dict) {
  if (dict == nullptr || dict->user_problem.empty()) return nullptr;
  return dict->user_problem.c_str();
}

void spellfilter_close(spellfilter_dict* dict) { delete dict; }

const char* spellfilter_language(const spellfilter_dict* dict) {
  return dict == nullptr ? nullptr : dict->language.c_str();
}

const char* spellfilter_dict_path(const spellfilter_dict* dict) {
  return dict == nullptr ? nullptr : dict->path.c_str();
}

int spellfilter_check_word(spellfilter_dict* dict, const char* word,
                           size_t length) {
  int result = -1;
  Guard([&] {
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view w;
    if (!Arg(word, length, "word", &w)) return SPELLFILTER_INVALID_ARGUMENT;
    ReadLock lock(dict);
    result = lock.slot()->checker->IsCorrect(w) || dict->InSession(w) ? 1 : 0;
    return SPELLFILTER_OK;
  });
  return result;
}

spellfilter_status spellfilter_check_text(spellfilter_dict* dict,
                                          const char* text, size_t length,
                                          spellfilter_span** spans,
                                          size_t* count) {
  return Guard([&] {
    if (spans == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "spans or count is NULL");
    }
    *spans = nullptr;
    *count = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view t;
    if (!Arg(text, length, "text", &t)) return SPELLFILTER_INVALID_ARGUMENT;
    std::vector<Misspelling> found;
    ReadLock lock(dict);
    lock.slot()->checker->Check(t, &found);
    std::vector<spellfilter_span> kept;
    for (const Misspelling& m : found) {
      if (dict->InSession(t.substr(m.offset, m.length))) continue;
      kept.push_back(spellfilter_span{m.offset, m.length});
    }
    if (kept.empty()) return SPELLFILTER_OK;
    auto* out = static_cast<spellfilter_span*>(
        std::malloc(kept.size() * sizeof(spellfilter_span)));
    if (out == nullptr) throw std::bad_alloc();
    std::memcpy(out, kept.data(), kept.size() * sizeof(spellfilter_span));
    *spans = out;
    *count = kept.size();
    return SPELLFILTER_OK;
  });
}

void spellfilter_free_spans(spellfilter_span* spans) { std::free(spans); }

spellfilter_status spellfilter_count_words(spellfilter_dict* dict,
                                           const char* text, size_t length,
                                           size_t* words) {
  return Guard([&] {
    if (words == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "words is NULL");
    *words = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view t;
    if (!Arg(text, length, "text", &t)) return SPELLFILTER_INVALID_ARGUMENT;
    ReadLock lock(dict);
    ThreadSlot* slot = lock.slot();
    if (!slot->tokenizer) slot->tokenizer = std::make_unique<Tokenizer>();
    // In slices ending after a line feed, as Checker::Check cuts the text,
    // so the token buffer stays small whatever the text's size.
    constexpr size_t kSliceBytes = 16 * 1024;
    size_t tokens = 0;
    for (size_t begin = 0; begin < t.size();) {
      size_t end = t.size();
      if (end - begin > kSliceBytes) {
        const size_t nl = t.find('\n', begin + kSliceBytes);
        end = nl == std::string_view::npos ? t.size() : nl + 1;
      }
      slot->tokenizer->Tokenize(t.substr(begin, end - begin), &slot->tokens);
      tokens += slot->tokens.size();
      begin = end;
    }
    if (dict->languages->size() == 1) {
      *words = tokens - slot->checker->checker(0).CountUnchecked(t);
      return SPELLFILTER_OK;
    }
    // Several languages: the tokens some language checks.
    size_t checked = 0;
    for (size_t begin = 0; begin < t.size();) {
      size_t end = t.size();
      if (end - begin > kSliceBytes) {
        const size_t nl = t.find('\n', begin + kSliceBytes);
        end = nl == std::string_view::npos ? t.size() : nl + 1;
      }
      const std::string_view slice = t.substr(begin, end - begin);
      slot->tokenizer->Tokenize(slice, &slot->tokens);
      for (const spellfilter::Token& token : slot->tokens) {
        const std::string_view w = slice.substr(token.offset, token.length);
        for (size_t l = 0; l < dict->languages->size(); ++l) {
          if (slot->checker->checker(l).IsCheckable(w)) {
            ++checked;
            break;
          }
        }
      }
      begin = end;
    }
    *words = checked;
    return SPELLFILTER_OK;
  });
}

spellfilter_status spellfilter_suggest(spellfilter_dict* dict, const char* word,
                                       size_t length, size_t max,
                                       char*** words, size_t* count) {
  return Guard([&] {
    if (words == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "words or count is NULL");
    }
    *words = nullptr;
    *count = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view w;
    if (!Arg(word, length, "word", &w)) return SPELLFILTER_INVALID_ARGUMENT;
    if (max == 0) return SPELLFILTER_OK;
    ReadLock lock(dict);
    ThreadSlot* slot = lock.slot();
    std::vector<std::string> found = SuggesterOf(dict, slot).SuggestAny(w);
    if (found.size() > max) found.resize(max);
    *words = CopyWords(found);
    *count = found.size();
    return SPELLFILTER_OK;
  });
}

void spellfilter_free_words(char** words, size_t count) {
  if (words == nullptr) return;
  for (size_t i = 0; i < count; ++i) std::free(words[i]);
  std::free(words);
}

spellfilter_status spellfilter_add_word(spellfilter_dict* dict,
                                        const char* word, size_t length) {
  return Guard([&] {
    return EditUserWords(dict, word, length,
                         [](UserDictionary& u, std::span<const std::string> w) {
                           return u.Add(w);
                         });
  });
}

spellfilter_status spellfilter_remove_word(spellfilter_dict* dict,
                                           const char* word, size_t length) {
  return Guard([&] {
    return EditUserWords(dict, word, length,
                         [](UserDictionary& u, std::span<const std::string> w) {
                           return u.Remove(w);
                         });
  });
}

spellfilter_status spellfilter_list_words(spellfilter_dict* dict,
                                          char*** words, size_t* count) {
  return Guard([&] {
    if (words == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "words or count is NULL");
    }
    *words = nullptr;
    *count = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    WriteLock lock(dict);  // Words() reads the file the writers replace
    if (!dict->user) {
      return Fail(SPELLFILTER_NOT_FOUND, "no user word list: " +
                                             (dict->user_problem.empty()
                                                  ? std::string("opened without one")
                                                  : dict->user_problem));
    }
    StatusOr<std::vector<std::string>> list = dict->user->Words();
    if (!list.ok()) return Fail(list.status());
    *words = CopyWords(*list);
    *count = list->size();
    return SPELLFILTER_OK;
  });
}

spellfilter_status spellfilter_reload_user_words(spellfilter_dict* dict) {
  return Guard([&] {
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    WriteLock lock(dict);
    bool any = false;
    for (size_t l = 0; l < dict->user_of.size(); ++l) {
      UserDictionary* list = dict->user_of[l];
      if (list == nullptr ||
          std::find(dict->user_of.begin(), dict->user_of.begin() + l, list) !=
              dict->user_of.begin() + l) {
        continue;  // none, or reloaded already
      }
      StatusOr<bool> changed = list->ReloadIfChanged();
      if (!changed.ok()) return Fail(changed.status());
      any = any || *changed;
    }
    if (any) {
      if (Status s = dict->RefreshUserWords(); !s.ok()) return Fail(s);
    }
    return SPELLFILTER_OK;
  });
}

spellfilter_status spellfilter_add_session_word(spellfilter_dict* dict,
                                                const char* word,
                                                size_t length) {
  return Guard([&] {
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view w;
    if (!Arg(word, length, "word", &w)) return SPELLFILTER_INVALID_ARGUMENT;
    if (w.empty()) return Fail(SPELLFILTER_INVALID_ARGUMENT, "word is empty");
    // As the user list: no spaces, invisible or bidirectional controls
    // (the Enchant provider adds a word the list refused here).
    if (spellfilter::Status s = spellfilter::CheckUserWord(w, ""); !s.ok()) return Fail(s);
    WriteLock lock(dict);
    dict->session.insert(std::string(w));
    return SPELLFILTER_OK;
  });
}

size_t spellfilter_language_count(const spellfilter_dict* dict) {
  return dict == nullptr ? 0 : dict->languages->size();
}

const char* spellfilter_language_at(const spellfilter_dict* dict,
                                    size_t index) {
  if (dict == nullptr || index >= dict->languages->size()) return nullptr;
  return dict->languages->tag(index).c_str();
}

spellfilter_status spellfilter_text_languages(spellfilter_dict* dict,
                                              const char* text, size_t length,
                                              spellfilter_sentence** sentences,
                                              size_t* count) {
  return Guard([&] {
    if (sentences == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "sentences or count is NULL");
    }
    *sentences = nullptr;
    *count = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view t;
    if (!Arg(text, length, "text", &t)) return SPELLFILTER_INVALID_ARGUMENT;
    ReadLock lock(dict);
    ThreadSlot* slot = lock.slot();
    slot->checker->Check(t, &slot->found);
    const auto& found = slot->checker->sentences();
    if (found.empty()) return SPELLFILTER_OK;
    auto* out = static_cast<spellfilter_sentence*>(
        std::malloc(found.size() * sizeof(spellfilter_sentence)));
    if (out == nullptr) throw std::bad_alloc();
    for (size_t i = 0; i < found.size(); ++i) {
      out[i] = spellfilter_sentence{found[i].offset, found[i].length,
                                    found[i].language};
    }
    *sentences = out;
    *count = found.size();
    return SPELLFILTER_OK;
  });
}

void spellfilter_free_sentences(spellfilter_sentence* sentences) {
  std::free(sentences);
}

spellfilter_status spellfilter_suggest_in_text(spellfilter_dict* dict,
                                               const char* text, size_t length,
                                               size_t offset,
                                               size_t word_length, size_t max,
                                               char*** words, size_t* count) {
  return Guard([&] {
    if (words == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "words or count is NULL");
    }
    *words = nullptr;
    *count = 0;
    if (dict == nullptr) return Fail(SPELLFILTER_INVALID_ARGUMENT, "dict is NULL");
    std::string_view t;
    if (!Arg(text, length, "text", &t)) return SPELLFILTER_INVALID_ARGUMENT;
    if (offset > t.size() || word_length > t.size() - offset ||
        word_length == 0) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT,
                  "the word (offset " + std::to_string(offset) + ", length " +
                      std::to_string(word_length) + ") is not inside the text (" +
                      std::to_string(t.size()) + " bytes)");
    }
    const std::string_view w = t.substr(offset, word_length);
    if (spellfilter::FirstInvalidUtf8(w) != std::string_view::npos) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT,
                  "the word cuts a UTF-8 character");
    }
    if (max == 0) return SPELLFILTER_OK;
    ReadLock lock(dict);
    ThreadSlot* slot = lock.slot();
    size_t language = 0;
    if (dict->languages->size() > 1) {
      slot->checker->Check(t, &slot->found);
      for (const spellfilter::SentenceLanguage& s : slot->checker->sentences()) {
        if (offset >= s.offset && offset < s.offset + s.length) {
          language = s.language;
        }
      }
    }
    std::vector<std::string> found =
        SuggesterOf(dict, slot).Suggest(w, language);
    if (found.size() > max) found.resize(max);
    *words = CopyWords(found);
    *count = found.size();
    return SPELLFILTER_OK;
  });
}

spellfilter_status spellfilter_list_languages(char*** tags, size_t* count) {
  return Guard([&] {
    if (tags == nullptr || count == nullptr) {
      return Fail(SPELLFILTER_INVALID_ARGUMENT, "tags or count is NULL");
    }
    *tags = nullptr;
    *count = 0;
    std::vector<std::string> list;
    for (const spellfilter::CatalogEntry& e :
         spellfilter::ListDictionaries(Catalog())) {
      list.push_back(e.tag);
    }
    *tags = CopyWords(list);
    *count = list.size();
    return SPELLFILTER_OK;
  });
}

}  // extern "C"
