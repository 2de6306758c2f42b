// The Python module spellfilter._spellfilter: pybind11 bindings of the C
// library (app/capi/include/spellfilter.h). python/spellfilter/__init__.py
// re-exports it; _spellfilter.pyi gives its types.
//
// Text crosses as UTF-8: a str's UTF-8 form (cached in the str by CPython)
// is passed to the library without a copy, and the library's byte offsets
// come back as code point offsets, as Python indexes a str. The GIL is
// released while the library checks a text, counts its words or suggests,
// so threads run in parallel; a single word's check keeps it (the check
// costs less than releasing and taking back the GIL).
//
// Errors: every failed call raises a subclass of spellfilter.Error with
// the library's message (spellfilter_last_error): NotFoundError (also a
// FileNotFoundError), InvalidArgumentError (also a ValueError),
// CorruptionError, UnsupportedError, OSError's IOError; out of memory is
// MemoryError.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "spellfilter.h"

namespace py = pybind11;

namespace {

// The exception classes, made once at import (module-lifetime objects).
struct Errors {
  PyObject* base = nullptr;
  PyObject* not_found = nullptr;
  PyObject* invalid_argument = nullptr;
  PyObject* corruption = nullptr;
  PyObject* unsupported = nullptr;
  PyObject* io = nullptr;
};
Errors errors;

PyObject* NewError(py::module_& m, const char* name, const char* doc,
                   PyObject* extra_base) {
  const std::string qualified = std::string("spellfilter.") + name;
  PyObject* bases = extra_base == nullptr
                        ? PyTuple_Pack(1, errors.base)
                        : PyTuple_Pack(2, errors.base, extra_base);
  if (bases == nullptr) throw py::error_already_set();
  PyObject* cls =
      PyErr_NewExceptionWithDoc(qualified.c_str(), doc, bases, nullptr);
  Py_DECREF(bases);
  if (cls == nullptr) throw py::error_already_set();
  m.add_object(name, py::handle(cls));  // the module holds a reference too
  return cls;
}

// Raises the exception of `status` with `message` (the library's).
[[noreturn]] void Raise(spellfilter_status status, const std::string& message) {
  PyObject* cls = errors.base;
  switch (status) {
    case SPELLFILTER_OK:
      cls = errors.base;
      break;
    case SPELLFILTER_INVALID_ARGUMENT:
      cls = errors.invalid_argument;
      break;
    case SPELLFILTER_NOT_FOUND:
      cls = errors.not_found;
      break;
    case SPELLFILTER_CORRUPTION:
      cls = errors.corruption;
      break;
    case SPELLFILTER_UNSUPPORTED:
      cls = errors.unsupported;
      break;
    case SPELLFILTER_IO_ERROR:
      cls = errors.io;
      break;
    case SPELLFILTER_NO_MEMORY:
      throw std::bad_alloc();
  }
  PyErr_SetString(cls, message.c_str());
  throw py::error_already_set();
}

// A failed call's status and message, read on the thread that made the
// call (the library's last error is per thread).
struct Failure {
  spellfilter_status status = SPELLFILTER_OK;
  std::string message;
  static Failure Of(spellfilter_status s) {
    return {s, s == SPELLFILTER_OK ? std::string() : spellfilter_last_error()};
  }
  void RaiseIfFailed() const {
    if (status != SPELLFILTER_OK) Raise(status, message);
  }
};

// A str's UTF-8 bytes, owned by the str (which the caller keeps alive).
std::string_view Utf8(const py::str& s) {
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(s.ptr(), &size);
  if (data == nullptr) throw py::error_already_set();  // lone surrogates
  return {data, static_cast<size_t>(size)};
}

py::str Str(std::string_view utf8) {
  PyObject* o = PyUnicode_DecodeUTF8(
      utf8.data(), static_cast<Py_ssize_t>(utf8.size()), "strict");
  if (o == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(o);
}

// The number of code points in bytes [from, to) of UTF-8 `text`: the
// bytes that do not continue a sequence.
size_t CodePoints(std::string_view text, size_t from, size_t to) {
  size_t n = 0;
  for (size_t i = from; i < to; ++i) {
    n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  }
  return n;
}

// Owns an array of strings the library returned.
struct Words {
  char** words = nullptr;
  size_t count = 0;
  ~Words() { spellfilter_free_words(words, count); }
  std::vector<std::string> ToVector() const {
    return std::vector<std::string>(words, words + count);
  }
};

// Frees the library's span array.
struct FreeSpans {
  void operator()(spellfilter_span* s) const { spellfilter_free_spans(s); }
};

class Dictionary {
 public:
  // `lang`: a tag, a list of them ("en_US,de_DE" or ["en_US", "de_DE"]:
  // a word is right in any), or "auto" (spellfilter.h).
  Dictionary(std::optional<std::variant<std::string, std::vector<std::string>>>
                 languages,
             std::optional<std::string> path, bool user_words) {
    std::optional<std::string> lang;
    if (languages) {
      if (const auto* one = std::get_if<std::string>(&*languages)) {
        lang = *one;
      } else {
        std::string joined;
        for (const std::string& tag : std::get<std::vector<std::string>>(*languages)) {
          if (!joined.empty()) joined += ',';
          joined += tag;
        }
        lang = joined;
      }
    }
    if (lang && path) {
      Raise(SPELLFILTER_INVALID_ARGUMENT,
            "Dictionary: give lang or path, not both");
    }
    const spellfilter_user_words user =
        user_words ? SPELLFILTER_USER_DEFAULT : SPELLFILTER_USER_NONE;
    Failure f;
    {
      py::gil_scoped_release unlocked;  // a first use converts Hunspell's
      f = Failure::Of(path ? spellfilter_open_path(path->c_str(), user, &dict_)
                           : spellfilter_open_language(
                                 lang ? lang->c_str() : "en_US", user, &dict_));
    }
    f.RaiseIfFailed();
  }
  ~Dictionary() { spellfilter_close(dict_); }
  Dictionary(const Dictionary&) = delete;
  Dictionary& operator=(const Dictionary&) = delete;

  // Refused while another thread is inside a call without the GIL (the
  // library's handle must not be closed under a call).
  void Close() {
    if (busy_.load() != 0) {
      Raise(SPELLFILTER_INVALID_ARGUMENT,
            "close: the dictionary is in use by another thread");
    }
    spellfilter_close(dict_);
    dict_ = nullptr;
  }

  bool Check(const py::str& word) {
    const std::string_view w = Utf8(word);
    const int r = spellfilter_check_word(Handle(), w.data(), w.size());
    if (r < 0) Raise(SPELLFILTER_INVALID_ARGUMENT, spellfilter_last_error());
    return r == 1;
  }

  py::list Misspellings(const py::str& text) {
    const std::string_view t = Utf8(text);
    spellfilter_dict* d = Handle();
    spellfilter_span* spans = nullptr;
    size_t count = 0;
    Failure f;
    // Code point offsets, computed without the GIL as well.
    std::vector<std::pair<size_t, size_t>> points;
    const bool ascii = PyUnicode_IS_ASCII(text.ptr());
    std::unique_ptr<spellfilter_span, FreeSpans> owned;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(
          spellfilter_check_text(d, t.data(), t.size(), &spans, &count));
      owned.reset(spans);
      if (f.status == SPELLFILTER_OK) {
        points.reserve(count);
        size_t byte = 0, point = 0;
        for (size_t i = 0; i < count; ++i) {
          const size_t begin = spans[i].offset, end = begin + spans[i].length;
          if (ascii) {
            points.emplace_back(begin, end);
            continue;
          }
          point += CodePoints(t, byte, begin);
          const size_t length = CodePoints(t, begin, end);
          points.emplace_back(point, point + length);
          point += length;
          byte = end;
        }
      }
    }
    f.RaiseIfFailed();
    py::list out(count);
    for (size_t i = 0; i < count; ++i) {
      out[i] = py::make_tuple(points[i].first, points[i].second,
                              Str(t.substr(spans[i].offset, spans[i].length)));
    }
    return out;
  }

  double Rate(const py::str& text) {
    const std::string_view t = Utf8(text);
    spellfilter_dict* d = Handle();
    size_t words = 0, misspelled = 0;
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_count_words(d, t.data(), t.size(), &words));
      if (f.status == SPELLFILTER_OK && words > 0) {
        spellfilter_span* spans = nullptr;
        f = Failure::Of(
            spellfilter_check_text(d, t.data(), t.size(), &spans, &misspelled));
        spellfilter_free_spans(spans);
      }
    }
    f.RaiseIfFailed();
    if (words == 0) return 1.0;
    return static_cast<double>(words - misspelled) / static_cast<double>(words);
  }

  size_t CountWords(const py::str& text) {
    const std::string_view t = Utf8(text);
    spellfilter_dict* d = Handle();
    size_t words = 0;
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_count_words(d, t.data(), t.size(), &words));
    }
    f.RaiseIfFailed();
    return words;
  }

  std::vector<std::string> Suggest(const py::str& word, long n) {
    if (n < 0) Raise(SPELLFILTER_INVALID_ARGUMENT, "suggest: n is negative");
    const std::string_view w = Utf8(word);
    spellfilter_dict* d = Handle();
    Words found;
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_suggest(d, w.data(), w.size(),
                                          static_cast<size_t>(n), &found.words,
                                          &found.count));
    }
    f.RaiseIfFailed();
    return found.ToVector();
  }

  void Add(const py::str& word, bool session) {
    const std::string_view w = Utf8(word);
    spellfilter_dict* d = Handle();
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;  // waits for other threads' checks
      f = Failure::Of(session
                          ? spellfilter_add_session_word(d, w.data(), w.size())
                          : spellfilter_add_word(d, w.data(), w.size()));
    }
    f.RaiseIfFailed();
  }

  void Remove(const py::str& word) {
    const std::string_view w = Utf8(word);
    spellfilter_dict* d = Handle();
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_remove_word(d, w.data(), w.size()));
    }
    f.RaiseIfFailed();
  }

  std::vector<std::string> UserWords() {
    Words words;
    Failure::Of(spellfilter_list_words(Handle(), &words.words, &words.count))
        .RaiseIfFailed();
    return words.ToVector();
  }

  void Reload() {
    Failure::Of(spellfilter_reload_user_words(Handle())).RaiseIfFailed();
  }

  std::string Language() { return spellfilter_language(Handle()); }

  std::vector<std::string> LanguageTags() {
    spellfilter_dict* d = Handle();
    std::vector<std::string> out;
    for (size_t i = 0; i < spellfilter_language_count(d); ++i) {
      out.emplace_back(spellfilter_language_at(d, i));
    }
    return out;
  }

  // (start, end, tag) of each sentence, in code points.
  py::list SentenceLanguages(const py::str& text) {
    const std::string_view t = Utf8(text);
    spellfilter_dict* d = Handle();
    spellfilter_sentence* sentences = nullptr;
    size_t count = 0;
    Failure f;
    std::vector<std::pair<size_t, size_t>> points;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_text_languages(d, t.data(), t.size(),
                                                 &sentences, &count));
      size_t byte = 0, point = 0;
      for (size_t i = 0; f.status == SPELLFILTER_OK && i < count; ++i) {
        const size_t begin = sentences[i].offset;
        const size_t end = begin + sentences[i].length;
        point += CodePoints(t, byte, begin);
        const size_t length = CodePoints(t, begin, end);
        points.emplace_back(point, point + length);
        point += length;
        byte = end;
      }
    }
    std::unique_ptr<spellfilter_sentence, void (*)(spellfilter_sentence*)>
        owned(sentences, spellfilter_free_sentences);
    f.RaiseIfFailed();
    py::list out(count);
    for (size_t i = 0; i < count; ++i) {
      out[i] = py::make_tuple(points[i].first, points[i].second,
                              Str(spellfilter_language_at(d, sentences[i].language)));
    }
    return out;
  }

  // Suggestions for text[start:end] (code points) from its sentence's
  // language.
  std::vector<std::string> SuggestIn(const py::str& text, long start, long end,
                                     long n) {
    if (n < 0) Raise(SPELLFILTER_INVALID_ARGUMENT, "suggest_in: n is negative");
    const std::string_view t = Utf8(text);
    const long points = static_cast<long>(PyUnicode_GetLength(text.ptr()));
    if (start < 0 || end <= start || end > points) {
      Raise(SPELLFILTER_INVALID_ARGUMENT,
            "suggest_in: [start, end) is not a word inside the text");
    }
    // Code points to bytes.
    size_t byte = 0, begin_byte = 0, end_byte = t.size();
    for (long point = 0; byte <= t.size(); ++point) {
      if (point == start) begin_byte = byte;
      if (point == end) {
        end_byte = byte;
        break;
      }
      if (byte == t.size()) break;
      ++byte;
      while (byte < t.size() &&
             (static_cast<unsigned char>(t[byte]) & 0xC0) == 0x80) {
        ++byte;
      }
    }
    spellfilter_dict* d = Handle();
    Words found;
    Failure f;
    {
      Busy busy(this);
      py::gil_scoped_release unlocked;
      f = Failure::Of(spellfilter_suggest_in_text(
          d, t.data(), t.size(), begin_byte, end_byte - begin_byte,
          static_cast<size_t>(n), &found.words, &found.count));
    }
    f.RaiseIfFailed();
    return found.ToVector();
  }
  std::string Path() { return spellfilter_dict_path(Handle()); }
  std::optional<std::string> UserWordsProblem() {
    const char* p = spellfilter_user_words_problem(Handle());
    return p == nullptr ? std::nullopt : std::optional<std::string>(p);
  }
  bool closed() const { return dict_ == nullptr; }

 private:
  spellfilter_dict* Handle() {
    if (dict_ == nullptr) {
      Raise(SPELLFILTER_INVALID_ARGUMENT, "the dictionary is closed");
    }
    return dict_;
  }

  // Marks a call that runs without the GIL, for Close. Made with the GIL
  // held, so Close (which holds it) sees every call under way.
  class Busy {
   public:
    explicit Busy(Dictionary* d) : d_(d) { d_->busy_.fetch_add(1); }
    ~Busy() { d_->busy_.fetch_sub(1); }
    Busy(const Busy&) = delete;
    Busy& operator=(const Busy&) = delete;

   private:
    Dictionary* d_;
  };

  spellfilter_dict* dict_ = nullptr;
  std::atomic<int> busy_{0};
};

std::vector<std::string> Languages() {
  Words tags;
  Failure f;
  {
    py::gil_scoped_release unlocked;
    f = Failure::Of(spellfilter_list_languages(&tags.words, &tags.count));
  }
  f.RaiseIfFailed();
  return tags.ToVector();
}

// The Dictionary type, for FastCheck's type test.
PyTypeObject* dictionary_type = nullptr;

// check() and __contains__ as plain METH_O functions: a word's check takes
// about 60 ns in the library, and pybind11's general dispatcher (argument
// loaders, overloads) would add as much again. The instance is the
// class's own (final, so no subclass), built by __init__.
PyObject* FastCheck(PyObject* self, PyObject* word) {
  try {
    if (Py_TYPE(self) != dictionary_type) {
      PyErr_SetString(PyExc_TypeError, "check: not a spellfilter.Dictionary");
      return nullptr;
    }
    if (!PyUnicode_Check(word)) {
      PyErr_Format(PyExc_TypeError, "check: a word is a str, not %.100s",
                   Py_TYPE(word)->tp_name);
      return nullptr;
    }
    auto v_h =
        reinterpret_cast<py::detail::instance*>(self)->get_value_and_holder();
    if (!v_h.holder_constructed()) {
      PyErr_SetString(PyExc_TypeError,
                      "check: the Dictionary was not initialised");
      return nullptr;
    }
    const bool correct = v_h.value_ptr<Dictionary>()->Check(
        py::reinterpret_borrow<py::str>(word));
    return PyBool_FromLong(correct);
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  } catch (const std::bad_alloc&) {
    PyErr_NoMemory();
    return nullptr;
  }
}

PyMethodDef check_def = {
    "check", FastCheck, METH_O,
    "check(word: str) -> bool\n\n"
    "Whether `word` (one word as typed) is spelled correctly."};
PyMethodDef contains_def = {"__contains__", FastCheck, METH_O,
                            "`word in d`: the same as d.check(word)."};

}  // namespace

PYBIND11_MODULE(_spellfilter, m) {
  m.doc() =
      "spellfilter: a spell checker whose dictionary is a Bloom filter.\n\n"
      "    >>> import spellfilter\n"
      "    >>> d = spellfilter.Dictionary(lang=\"en_US\")\n"
      "    >>> d.misspellings(\"Teh café is closd\")\n"
      "    [(0, 3, 'Teh'), (12, 17, 'closd')]\n";

  errors.base = PyErr_NewExceptionWithDoc(
      "spellfilter.Error",
      "A spellfilter call failed; str(e) is the library's message.",
      PyExc_Exception, nullptr);
  if (errors.base == nullptr) throw py::error_already_set();
  m.add_object("Error", py::handle(errors.base));
  errors.not_found =
      NewError(m, "NotFoundError", "No such dictionary file or language.",
               PyExc_FileNotFoundError);
  errors.invalid_argument = NewError(
      m, "InvalidArgumentError",
      "An argument the library refuses: not a word, a closed dictionary...",
      PyExc_ValueError);
  errors.corruption =
      NewError(m, "CorruptionError", "A dictionary file exists but is damaged.",
               nullptr);
  errors.unsupported = NewError(
      m, "UnsupportedError", "A newer or foreign dictionary format.", nullptr);
  errors.io = NewError(m, "IOError",
                       "The system refused (permissions, a full disk...).",
                       PyExc_OSError);

  m.def(
      "version", [] { return std::string(spellfilter_version()); },
      "The library's version, e.g. '0.1.0'.");
  m.def("languages", &Languages,
        "The language tags Dictionary(lang=...) can open, sorted: "
        "['de_DE', 'en_US', ...] (spellfilter dictionaries and the "
        "system's Hunspell ones).");

  py::class_<Dictionary> cls(
      m, "Dictionary",
      "A dictionary with the user's words. Thread-safe: "
      "one Dictionary may be used by many threads at once, "
      "and checks of texts run in parallel.",
      py::is_final());
  cls.def(py::init<std::optional<std::variant<std::string,
                                              std::vector<std::string>>>,
                   std::optional<std::string>, bool>(),
          py::arg("lang") = py::none(), py::kw_only(),
          py::arg("path") = py::none(), py::arg("user_words") = true,
          "Opens the dictionary of a language (lang='de_DE', 'de-DE', 'de'; "
          "'en_US' when neither lang nor path is given) or the .sfd file at "
          "`path`. Several languages: lang='en_US,de_DE' or ['en_US', "
          "'de_DE'] (a word is right if any has it), 'auto' (each sentence "
          "in the installed language that accepts most of its words) or "
          "'auto:de_DE,fr_FR' (docs/multilingual.md). "
          "A system Hunspell dictionary is converted on first use "
          "(seconds for a large one). With user_words (the default) the "
          "user's word list of `spellfilter add` is used and add() writes "
          "to it.\n\nRaises NotFoundError (a FileNotFoundError) for an "
          "unknown language or a missing file, CorruptionError for a "
          "damaged one.")
      .def("misspellings", &Dictionary::Misspellings, py::arg("text"),
           "The misspelled words of `text`, in order, as (start, end, word) "
           "with text[start:end] == word (offsets in code points, as Python "
           "indexes a str). The GIL is released while checking.")
      .def("rate", &Dictionary::Rate, py::arg("text"),
           "The share of the words of `text` that are known, from 0.0 to "
           "1.0 (1.0 for a text without words): (words - misspelled) / "
           "words, the usual measure of OCR quality.")
      .def("count_words", &Dictionary::CountWords, py::arg("text"),
           "How many words of `text` misspellings() checks.")
      .def("suggest", &Dictionary::Suggest, py::arg("word"), py::arg("n") = 10,
           "Up to `n` corrections of `word`, best first (a correct word is "
           "its own first suggestion).")
      .def("add", &Dictionary::Add, py::arg("word"), py::kw_only(),
           py::arg("session") = false,
           "Accepts `word` from now on: added to the user's word list (the "
           "one of `spellfilter add`, written at once and atomically), or "
           "with session=True only for this Dictionary's life.")
      .def("remove", &Dictionary::Remove, py::arg("word"),
           "Removes `word` from the user's word list.")
      .def("user_words", &Dictionary::UserWords, "The user's word list.")
      .def("reload", &Dictionary::Reload,
           "Rereads the user's word list if another process changed it.")
      .def_property_readonly("language", &Dictionary::Language,
                             "The dictionary's language tag, e.g. 'en-US'.")
      .def_property_readonly("languages", &Dictionary::LanguageTags,
                             "The tags of the languages it checks in, "
                             "e.g. ['en_US', 'de_DE'].")
      .def("sentence_languages", &Dictionary::SentenceLanguages,
           py::arg("text"),
           "The sentences of `text` as (start, end, tag): the language each "
           "is checked in (code point offsets).")
      .def("suggest_in", &Dictionary::SuggestIn, py::arg("text"),
           py::arg("start"), py::arg("end"), py::arg("n") = 10,
           "Up to `n` corrections of the word text[start:end], from the "
           "language of its sentence.")
      .def_property_readonly("path", &Dictionary::Path,
                             "The dictionary's file.")
      .def_property_readonly(
          "user_words_problem", &Dictionary::UserWordsProblem,
          "Why the user's words are not (all) in use, or None.")
      .def_property_readonly("closed", &Dictionary::closed,
                             "Whether close() was called.")
      .def("close", &Dictionary::Close,
           "Closes the dictionary; later calls raise InvalidArgumentError. "
           "Must not overlap other calls on it.")
      .def("__enter__", [](py::object self) { return self; })
      .def("__exit__",
           [](Dictionary& d, py::object, py::object, py::object) { d.Close(); })
      .def("__repr__", [](Dictionary& d) {
        if (d.closed()) return std::string("<spellfilter.Dictionary closed>");
        return "<spellfilter.Dictionary " + d.Language() + " " + d.Path() + ">";
      });
  dictionary_type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef* def : {&check_def, &contains_def}) {
    PyObject* method = PyDescr_NewMethod(dictionary_type, def);
    if (method == nullptr) throw py::error_already_set();
    cls.attr(def->ml_name) = py::reinterpret_steal<py::object>(method);
  }
}
