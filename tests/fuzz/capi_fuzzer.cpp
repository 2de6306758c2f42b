// libFuzzer target: the C API (app/capi/include/spellfilter.h) on arbitrary
// bytes, as a C caller could pass them. The first byte chooses the call,
// the rest is the argument. No crash, no hang, and:
//  - a status of SPELLFILTER_INVALID_ARGUMENT exactly when the bytes are not
//    valid UTF-8 (checked against ICU's own UTF-8 decoder), with a message;
//  - spans of check_text in order, non-empty, inside the input;
//  - suggestions are valid UTF-8 and at most the number asked for;
//  - a session word is refused exactly when the user list would refuse it
//    (CheckUserWord: spaces, invisible and bidirectional controls), and
//    is then accepted by check_word;
//  - a word given NUL-terminated (SPELLFILTER_NUL_TERMINATED) is the bytes
//    up to the first NUL;
//  - opening a language by an arbitrary tag, or a dictionary file of
//    arbitrary bytes (a damaged dictionary), gives a handle or an error
//    value with a message.
// The dictionary is a small one built in memory and written to a temporary
// file (the C API opens files). Languages are looked for in an empty
// directory (no Hunspell dictionary is converted) with the cache in a
// temporary one.
#include <unicode/utf8.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>

#include "core/dictionary/builder.h"
#include "core/user/word_list.h"
#include "spellfilter.h"

namespace {

bool ValidUtf8(const uint8_t* s, size_t n) {
  int32_t i = 0;
  const int32_t len = static_cast<int32_t>(n);
  while (i < len) {
    UChar32 c;
    U8_NEXT(s, i, len, c);
    if (c < 0) return false;
  }
  return true;
}

char isolated_home[] = "/tmp/capi-fuzz-home-XXXXXX";

void RemoveIsolatedHome() {
  std::error_code ec;
  std::filesystem::remove_all(isolated_home, ec);
}

// Where open_language looks and caches: empty temporary directories,
// removed at exit.
void IsolateLanguages() {
  if (mkdtemp(isolated_home) == nullptr) __builtin_trap();
  std::atexit(RemoveIsolatedHome);
  const std::string home = isolated_home;
  setenv("HOME", home.c_str(), 1);
  setenv("XDG_CONFIG_HOME", (home + "/config").c_str(), 1);
  setenv("XDG_CACHE_HOME", (home + "/cache").c_str(), 1);
  setenv("SPELLFILTER_HUNSPELL_PATH", home.c_str(), 1);
}

spellfilter_dict* Open() {
  IsolateLanguages();
  spellfilter::BuildOptions options;
  options.language = "en-US";
  spellfilter::DictionaryBuilder b(options);
  for (const char* w : {"the", "cat", "don't", "caf\xC3\xA9", "Paris", "hello"}) {
    (void)b.AddLine(w, "fuzz");
  }
  auto image = b.Finish(nullptr);
  char path[] = "/tmp/capi-fuzz-XXXXXX";
  const int fd = mkstemp(path);
  if (fd < 0 || !image.ok()) __builtin_trap();
  if (write(fd, image->data(), image->size()) !=
      static_cast<ssize_t>(image->size())) {
    __builtin_trap();
  }
  close(fd);
  spellfilter_dict* d = nullptr;
  if (spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d) != SPELLFILTER_OK) {
    __builtin_trap();
  }
  unlink(path);  // mapped: the file may go
  return d;
}

void ExpectStatus(spellfilter_status s, bool valid) {
  if (valid ? s != SPELLFILTER_OK : s != SPELLFILTER_INVALID_ARGUMENT) {
    __builtin_trap();
  }
  if (!valid && spellfilter_last_error()[0] == '\0') __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static spellfilter_dict* const dict = Open();
  if (size == 0) return 0;
  const char* arg = reinterpret_cast<const char*>(data + 1);
  const size_t n = size - 1;
  const bool valid = ValidUtf8(data + 1, n);
  switch (data[0] % 7) {
    case 0: {
      const int r = spellfilter_check_word(dict, arg, n);
      if (valid ? r < 0 : r != -1) __builtin_trap();
      break;
    }
    case 4: {  // NUL-terminated: the bytes before the first NUL
      const std::string copy(arg, n);
      const size_t len = std::strlen(copy.c_str());
      const bool valid_prefix = ValidUtf8(data + 1, len);
      const int r = spellfilter_check_word(dict, copy.c_str(), SPELLFILTER_NUL_TERMINATED);
      if (r != spellfilter_check_word(dict, arg, len)) __builtin_trap();
      if (valid_prefix ? r < 0 : r != -1) __builtin_trap();
      break;
    }
    case 5: {  // a language tag (NUL-terminated)
      const std::string tag(arg, n);
      spellfilter_dict* d = reinterpret_cast<spellfilter_dict*>(1);
      const spellfilter_status s = spellfilter_open_language(tag.c_str(), SPELLFILTER_USER_NONE, &d);
      if (s == SPELLFILTER_OK ? d == nullptr : d != nullptr) __builtin_trap();
      if (s != SPELLFILTER_OK && spellfilter_last_error()[0] == '\0') __builtin_trap();
      spellfilter_close(d);
      break;
    }
    case 6: {  // a dictionary file of these bytes
      char path[] = "/tmp/capi-fuzz-dict-XXXXXX";
      const int fd = mkstemp(path);
      if (fd < 0) __builtin_trap();
      if (write(fd, arg, n) != static_cast<ssize_t>(n)) __builtin_trap();
      close(fd);
      spellfilter_dict* d = nullptr;
      const spellfilter_status s = spellfilter_open_path(path, SPELLFILTER_USER_NONE, &d);
      unlink(path);
      if (s == SPELLFILTER_OK) {
        if (d == nullptr || spellfilter_check_word(d, "the", 3) < 0) __builtin_trap();
        spellfilter_span* spans = nullptr;
        size_t count = 0;
        if (spellfilter_check_text(d, "teh cat", 7, &spans, &count) != SPELLFILTER_OK) {
          __builtin_trap();
        }
        spellfilter_free_spans(spans);
        spellfilter_close(d);
      } else if (d != nullptr || spellfilter_last_error()[0] == '\0') {
        __builtin_trap();
      }
      break;
    }
    case 1: {
      spellfilter_span* spans = nullptr;
      size_t count = 0;
      ExpectStatus(spellfilter_check_text(dict, arg, n, &spans, &count), valid);
      size_t end = 0;
      for (size_t i = 0; i < count; ++i) {
        if (spans[i].offset < end || spans[i].length == 0 ||
            spans[i].offset + spans[i].length > n) {
          __builtin_trap();
        }
        end = spans[i].offset + spans[i].length;
      }
      if (!valid && (count != 0 || spans != nullptr)) __builtin_trap();
      spellfilter_free_spans(spans);
      break;
    }
    case 2: {
      char** words = nullptr;
      size_t count = 0;
      const size_t max = n % 7;
      ExpectStatus(spellfilter_suggest(dict, arg, n, max, &words, &count), valid);
      if (count > max) __builtin_trap();
      for (size_t i = 0; i < count; ++i) {
        if (!ValidUtf8(reinterpret_cast<const uint8_t*>(words[i]),
                       std::strlen(words[i]))) {
          __builtin_trap();
        }
      }
      spellfilter_free_words(words, count);
      break;
    }
    case 3: {
      const spellfilter_status s = spellfilter_add_session_word(dict, arg, n);
      if (!valid || n == 0 ||
          !spellfilter::CheckUserWord(std::string_view(arg, n), "").ok()) {
        if (s != SPELLFILTER_INVALID_ARGUMENT) __builtin_trap();
      } else {
        if (s != SPELLFILTER_OK) __builtin_trap();
        if (spellfilter_check_word(dict, arg, n) != 1) __builtin_trap();
      }
      break;
    }
  }
  return 0;
}
