#include "core/catalog/language_catalog.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <system_error>

#include "core/dictionary/builder.h"
#include "core/dictionary/locator.h"
#include "core/dictionary/dictionary.h"
#include "core/hunspell/import.h"
#include "core/user/file_lock.h"
#include "core/util/file_io.h"
#include "core/util/hash.h"

namespace spellfilter {
namespace {

constexpr char kSourceSuffix[] = ".source";
constexpr char kLockSuffix[] = ".lock";

std::string Env(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr ? std::string(v) : std::string();
}

std::vector<std::string> HunspellDirectories() {
  const std::string env = Env("SPELLFILTER_HUNSPELL_PATH");
  if (env.empty()) return {"/usr/share/hunspell", "/usr/share/myspell"};
  std::vector<std::string> dirs;
  size_t start = 0;
  while (start <= env.size()) {
    size_t colon = env.find(':', start);
    if (colon == std::string::npos) colon = env.size();
    if (colon > start) dirs.push_back(env.substr(start, colon - start));
    start = colon + 1;
  }
  return dirs;
}

// Files DIR/*EXT whose stem is a tag, as (tag, path), in byte order.
std::vector<std::pair<std::string, std::string>> TaggedFiles(
    const std::string& dir, std::string_view ext) {
  std::vector<std::pair<std::string, std::string>> out;
  std::error_code ec;
  std::filesystem::directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= ext.size() || !name.ends_with(ext)) continue;
    const std::string stem = name.substr(0, name.size() - ext.size());
    if (NormalizeLanguageTag(stem) != stem) continue;  // hyph_de, th_en_US_v2
    std::error_code fec;
    if (!std::filesystem::is_regular_file(it->path(), fec)) continue;
    out.emplace_back(stem, it->path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// "SIZE MTIME_NS" of a file, or "" if it cannot be read.
std::string FileStamp(const std::string& path) {
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return "";
  return std::to_string(st.st_size) + " " +
         std::to_string(static_cast<long long>(st.st_mtim.tv_sec) *
                            1000000000LL +
                        st.st_mtim.tv_nsec);
}

// What a converted dictionary was made from: the .dic and .aff (paths,
// sizes, times) and the language tag it was made for. The number changes
// with the conversion itself, so that caches a former version made are
// converted again (2: affix-aware dictionaries and ICONV, issue 32; 3: the
// STEMS section, which speeds up checking them, the SUGGEST_RULES
// section, the .aff's REP, MAP and KEY for suggestions, the COMPOUND_RULES
// section and the BREAK table; 4: the affix rules in the .aff's order,
// which decides the root of a rule compound's last part, homonym numbers
// for flagged entries only, and the smaller class and mixed-case tables;
// 5: the COMPOUND_EDGES pre-test, COMPOUNDSYLLABLE and COMPOUNDROOT in
// COMPOUND_RULES, and the size cap on the PREFIXES section; 6: the
// WORD_CHARS section, and PREFIX_GRAPH where the cap is out of reach).
std::string SourceStamp(const std::string& dic, const std::string& tag) {
  const std::string aff = HunspellAffPath(dic);
  return "spellfilter hunspell cache 6\n" + dic + "\n" + FileStamp(dic) + "\n" +
         aff + "\n" + FileStamp(aff) + "\nlanguage " + tag + "\n";
}

// "sfd SIZE CHECKSUM\n" of the bytes of a converted dictionary: the stamp
// then vouches for the file beside it, not just for its name (a truncated
// file, or another language's copied over it, no longer matches).
std::string ImageStamp(std::string_view image) {
  char sum[32];
  std::snprintf(sum, sizeof(sum), "%016" PRIx64,
                Checksum(image.data(), image.size()));
  return "sfd " + std::to_string(image.size()) + " " + sum + "\n";
}

bool ReadSmallFile(const std::string& path, std::string* out) {
  // Without blocking: a FIFO planted at the name is refused, not waited on.
  StatusOr<std::string> text = ReadRegularFile(path);
  if (!text.ok() || text->size() > 65536) return false;
  *out = std::move(text).value();
  return true;
}

// Whether e.cached is the conversion of e.source for e.tag: the stamp
// beside it names the same sources, and the file's own size and checksum.
bool CacheCurrent(const CatalogEntry& e) {
  std::string stamp;
  const std::string source = SourceStamp(e.source, e.tag);
  if (!ReadSmallFile(e.cached + kSourceSuffix, &stamp) ||
      !stamp.starts_with(source)) {
    return false;
  }
  StatusOr<MappedFile> cached = MappedFile::Open(e.cached);
  if (!cached.ok()) return false;
  const std::span<const std::byte> bytes = cached->bytes();
  return stamp.substr(source.size()) ==
         ImageStamp(std::string_view(
             reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

// Whether a .sfd named TAG.sfd is a dictionary of TAG's language: its
// LANGUAGE section has the same language subtag. Code mode's dictionaries
// (cpp.sfd, programming.sfd: en-US) are not languages, though "cpp" looks
// like a tag. A file that cannot be read stays listed, so that using it
// says what is wrong with it.
bool NamesItsLanguage(std::string_view tag, const std::string& path) {
  StatusOr<std::unique_ptr<Dictionary>> d =
      Dictionary::Open(path, DictionaryUse::kCheckOnly);
  if (!d.ok()) return true;
  const std::string& language = (*d)->language();
  if (language.empty() || language == "und") return true;
  auto primary = [](std::string_view t) {
    const size_t cut = t.find_first_of("-_");
    std::string p(t.substr(0, cut));
    for (char& c : p) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return p;
  };
  return primary(tag) == primary(language);
}

// Tag -> entry; the first place to offer a tag wins.
std::map<std::string, CatalogEntry> Collect(const CatalogOptions& options) {
  std::map<std::string, CatalogEntry> all;
  std::vector<std::string> dirs = options.extra_dirs;
  for (std::string& d : DictionaryDirectories()) dirs.push_back(std::move(d));
  for (const std::string& dir : dirs) {
    for (auto& [tag, path] : TaggedFiles(dir, kDictionaryExtension)) {
      if (all.count(tag) != 0) continue;
      if (!NamesItsLanguage(tag, path)) continue;
      CatalogEntry e;
      e.tag = tag;
      e.kind = CatalogEntry::Kind::kSpellfilter;
      std::error_code ec;
      const std::filesystem::path canon =
          std::filesystem::weakly_canonical(path, ec);
      e.source = ec ? path : canon.string();
      all.emplace(tag, std::move(e));
    }
  }
  const StatusOr<std::string> cache = HunspellCacheDirectory();
  for (const std::string& dir : HunspellDirectories()) {
    for (auto& [tag, path] : TaggedFiles(dir, ".dic")) {
      if (all.count(tag) != 0) continue;
      std::error_code ec;
      if (!std::filesystem::is_regular_file(HunspellAffPath(path), ec)) continue;
      CatalogEntry e;
      e.tag = tag;
      e.kind = CatalogEntry::Kind::kHunspell;
      e.source = path;
      if (cache.ok()) e.cached = cache.value() + "/" + tag + kDictionaryExtension;
      all.emplace(tag, std::move(e));
    }
  }
  return all;
}

std::string Where(const CatalogOptions& options) {
  std::string s;
  std::vector<std::string> dirs = options.extra_dirs;
  for (std::string& d : DictionaryDirectories()) dirs.push_back(std::move(d));
  for (std::string& d : HunspellDirectories()) dirs.push_back(std::move(d));
  for (const std::string& d : dirs) s += (s.empty() ? "" : ", ") + d;
  return s;
}

// Builds e.cached from e.source; the caller holds the lock.
Status Convert(const CatalogEntry& e) {
  StatusOr<HunspellImport> h = HunspellImport::Open(e.source);
  if (!h.ok()) return h.status();
  BuildOptions options;
  options.language = h->language();
  options.threads = 2;
  DictionaryBuilder builder(options);
  if (!builder.status().ok()) return builder.status();
  HunspellImportSummary summary;
  if (Status s = h->AddTo(&builder, options.language, &summary); !s.ok()) {
    return s;
  }
  BuildSummary built;
  StatusOr<std::string> image = builder.Finish(&built);
  if (!image.ok()) return image.status();
  if (Status s = WriteFileAtomically(e.cached, *image); !s.ok()) return s;
  return WriteFileAtomically(e.cached + kSourceSuffix,
                             SourceStamp(e.source, e.tag) + ImageStamp(*image));
}

}  // namespace

std::string NormalizeLanguageTag(std::string_view tag) {
  // Locale decorations: "de_DE.UTF-8", "de_DE@euro".
  const size_t cut = tag.find_first_of(".@");
  if (cut != std::string_view::npos) tag = tag.substr(0, cut);
  if (tag.size() < 2 || tag.size() > 35) return "";
  if (!((tag[0] >= 'a' && tag[0] <= 'z') || (tag[0] >= 'A' && tag[0] <= 'Z'))) {
    return "";
  }
  std::string out;
  for (char c : tag) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                    (c >= '0' && c <= '9') || c == '_' || c == '-';
    if (!ok) return "";
    out += c == '-' ? '_' : c;
  }
  if (out == "american" || out == "english" || out == "en_US") return "en_US";
  // The language itself is an ISO 639 code, two or three letters: not
  // "programming" (code mode's words, beside the language dictionaries)
  // or "hyph" (hyphenation patterns), which Enchant would otherwise list
  // as languages.
  const size_t primary = out.find('_');
  const size_t letters = primary == std::string::npos ? out.size() : primary;
  if (letters < 2 || letters > 3) return "";
  for (size_t i = 0; i < letters; ++i) {
    if (!((out[i] >= 'a' && out[i] <= 'z') || (out[i] >= 'A' && out[i] <= 'Z'))) {
      return "";
    }
  }
  return out;
}

StatusOr<std::string> HunspellCacheDirectory() {
  std::string cache = Env("XDG_CACHE_HOME");
  // The XDG spec: a relative value is invalid and ignored.
  if (cache.empty() || cache.front() != '/') {
    cache = Env("HOME").empty() ? "" : Env("HOME") + "/.cache";
  }
  if (cache.empty()) {
    return Status::NotFound(
        "no cache directory for converted Hunspell dictionaries (neither "
        "XDG_CACHE_HOME nor HOME is set)");
  }
  return cache + "/spellfilter/hunspell";
}

std::vector<CatalogEntry> ListDictionaries(const CatalogOptions& options) {
  std::vector<CatalogEntry> out;
  for (auto& [tag, e] : Collect(options)) {
    if (e.kind == CatalogEntry::Kind::kHunspell && !e.cached.empty()) {
      e.cache_current = CacheCurrent(e);
    }
    out.push_back(std::move(e));
  }
  return out;
}

StatusOr<CatalogEntry> FindLanguage(std::string_view tag,
                                    const CatalogOptions& options) {
  const std::string norm = NormalizeLanguageTag(tag);
  if (norm.empty()) {
    // Appended, not "\"" + std::string(tag) + ...: GCC 12 warns falsely
    // (-Wrestrict) on that once NormalizeLanguageTag is inlined here.
    std::string message = "\"";
    message.append(tag);
    message.append("\" is not a language tag (such as de_DE)");
    return Status::InvalidArgument(message);
  }
  std::map<std::string, CatalogEntry> all = Collect(options);
  auto found = all.find(norm);
  if (found == all.end() && norm.find('_') == std::string::npos) {
    // "de" -> "de_DE", else the first "de_*".
    std::string upper = norm;
    for (char& c : upper) c = (c >= 'a' && c <= 'z') ? c - 'a' + 'A' : c;
    found = all.find(norm + "_" + upper);
    if (found == all.end()) {
      found = all.lower_bound(norm + "_");
      if (found != all.end() && !found->first.starts_with(norm + "_")) {
        found = all.end();
      }
    }
  }
  if (found == all.end()) {
    return Status::NotFound("no dictionary for language \"" +
                            std::string(tag) + "\" (looked in " +
                            Where(options) + ")");
  }
  CatalogEntry e = found->second;
  if (e.kind == CatalogEntry::Kind::kHunspell && !e.cached.empty()) {
    e.cache_current = CacheCurrent(e);
  }
  return e;
}

StatusOr<std::string> ResolveLanguage(std::string_view tag,
                                      const CatalogOptions& options) {
  StatusOr<CatalogEntry> found = FindLanguage(tag, options);
  if (!found.ok()) return found.status();
  return ResolveEntry(*found);
}

StatusOr<std::string> ResolveEntry(const CatalogEntry& e) {
  if (e.kind == CatalogEntry::Kind::kSpellfilter) return e.source;
  if (e.cached.empty()) return HunspellCacheDirectory().status();
  if (e.cache_current) return e.cached;

  const std::string dir = std::filesystem::path(e.cached).parent_path();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return ErrnoStatus(dir, ec.value());
  StatusOr<FileLock> lock = FileLock::Acquire(
      dir + "/" + e.tag + kLockSuffix, FileLock::Mode::kExclusive);
  if (!lock.ok()) return lock.status();
  // Another thread or process may have built it while we waited.
  if (CacheCurrent(e)) return e.cached;
  if (Status s = Convert(e); !s.ok()) {
    return s.WithPrefix("converting " + e.source + ": ");
  }
  return e.cached;
}

}  // namespace spellfilter
