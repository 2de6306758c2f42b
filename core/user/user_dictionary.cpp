#include "core/user/user_dictionary.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <system_error>
#include <unordered_set>
#include <utility>

#include "core/dictionary/builder.h"
#include "core/util/file_io.h"
#include "core/user/file_lock.h"
#include "core/util/hash.h"
#include "core/text/letter_case.h"
#include "core/user/filter_file.h"

namespace spellfilter {
namespace {

// Mixed into the base seed so the user layers hash independently of the
// base filter ("userwrds").
inline constexpr uint64_t kUserSeedSalt = 0x7573657277726473ull;

// A list changed less than this long before it was read may be replaced by
// one with the same inode, size and time stamps (time stamps are coarse:
// the kernel's clock tick); ReloadIfChanged compares contents then.
inline constexpr time_t kRacySeconds = 2;

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.rfind('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

timespec Now() {
  timespec t{};
  ::clock_gettime(CLOCK_REALTIME, &t);
  return t;
}

// Reads all of `path`; *exists is false (and the status ok) when there is
// no such file.
Status ReadWholeFile(const std::string& path, std::string* out, struct stat* st,
                     bool* exists) {
  out->clear();
  *exists = false;
  // Without blocking on a FIFO: refused as not a regular file.
  StatusOr<int> opened = OpenRegularFile(path);
  if (!opened.ok()) {
    if (opened.status().code() == Status::Code::kNotFound) return Status::Ok();
    return opened.status();
  }
  const int fd = *opened;
  if (::fstat(fd, st) != 0) {
    const int err = errno;
    ::close(fd);
    return ErrnoStatus(path, err);
  }
  out->resize(static_cast<size_t>(st->st_size));
  size_t done = 0;
  for (;;) {
    if (done == out->size()) out->resize(done + 4096 + done / 2);
    const ssize_t n = ::read(fd, out->data() + done, out->size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const int err = errno;
      ::close(fd);
      return ErrnoStatus(path, err);
    }
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  out->resize(done);
  ::close(fd);
  *exists = true;
  return Status::Ok();
}

void SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd >= 0) {
    ::fsync(fd);
    ::close(fd);
  }
}

// A lock on `path` if the directory exists and lets us create the lock
// file; an unheld FileLock otherwise (a reader then reads without it: the
// files are only ever replaced by rename, so each read is whole).
FileLock SharedLockIfPossible(const std::string& path) {
  StatusOr<FileLock> lock = FileLock::Acquire(path, FileLock::Mode::kShared);
  return lock.ok() ? std::move(lock.value()) : FileLock();
}

}  // namespace

struct UserDictionary::State {
  FileIdentity identity;
  timespec identity_time{};
  std::string bytes;
  uint64_t hash = 0;
  ScalableFilter filter;
  bool cached = false;     // filter read from LIST.filter and valid
  bool canonical = false;  // bytes == SerializeWordList(words)
  bool have_words = false;
  std::vector<std::string> words;
  Status damage;
};

bool UserDictionary::FileIdentity::operator==(const FileIdentity& o) const {
  if (!exists || !o.exists) return exists == o.exists;
  return dev == o.dev && ino == o.ino && size == o.size &&
         mtime.tv_sec == o.mtime.tv_sec && mtime.tv_nsec == o.mtime.tv_nsec &&
         ctime.tv_sec == o.ctime.tv_sec && ctime.tv_nsec == o.ctime.tv_nsec;
}

namespace {

template <typename Identity>
Identity IdentityOf(const struct stat& st) {
  Identity id;
  id.exists = true;
  id.dev = st.st_dev;
  id.ino = st.st_ino;
  id.size = st.st_size;
  id.mtime = st.st_mtim;
  id.ctime = st.st_ctim;
  return id;
}

}  // namespace

// UserDictionary::DefaultPath: language_list.cpp.

ScalableGeometry UserDictionary::GeometryFor(const Dictionary& base) {
  const DictionaryContents& c = base.contents();
  return GeometryFor(base, PredictedRate(c.filter, c.words_at_build));
}

ScalableGeometry UserDictionary::GeometryFor(const Dictionary& base,
                                             double base_rate) {
  const DictionaryContents& c = base.contents();
  ScalableGeometry g;
  g.budget =
      std::max(c.target_fp - base_rate, kMinUserBudgetShare * c.target_fp);
  g.first_capacity =
      std::clamp(c.capacity > c.words_at_build ? c.capacity - c.words_at_build
                                               : uint64_t{0},
                 kMinFirstCapacity, kMaxFirstCapacity);
  g.seed = c.filter.seed ^ kUserSeedSalt;
  return g;
}

UserDictionary::UserDictionary(std::string path, const Dictionary& base)
    : path_(std::move(path)),
      base_(base),
      geometry_(GeometryFor(base, /*base_rate=*/0)),
      forms_(base.language(), false),
      turkic_(IsTurkic(base.language())),
      filter_(geometry_) {}

Status UserDictionary::AddKeys(ScalableFilter* filter,
                               const std::string& word) const {
  if (Status a = filter->Add(word); !a.ok()) return a;
  const std::string upper = MixedCaseUpperForm(word, turkic_);
  return upper.empty() ? Status::Ok() : filter->Add(upper);
}

uint64_t UserDictionary::KeyCount(const std::vector<std::string>& words) const {
  uint64_t keys = words.size();
  for (const std::string& word : words) {
    keys += !MixedCaseUpperForm(word, turkic_).empty();
  }
  return keys;
}

UserDictionary::~UserDictionary() = default;

StatusOr<std::unique_ptr<UserDictionary>> UserDictionary::Open(
    std::string path, const Dictionary& base) {
  if (path.empty()) return Status::InvalidArgument("empty user word list path");
  std::unique_ptr<UserDictionary> d(new UserDictionary(std::move(path), base));
  if (Status s = d->Load(); !s.ok()) return s;
  return d;
}

void UserDictionary::Size() const {
  if (sized_) return;
  assert(filter_.size() == 0 && filter_.layers().empty());
  base_rate_ = PredictedRate(base_.contents().filter,
                             base_.contents().words_at_build);
  geometry_ = GeometryFor(base_, base_rate_);
  filter_ = ScalableFilter(geometry_);
  sized_ = true;
}

double UserDictionary::CompoundRate() const {
  Size();
  return 1 - (1 - base_rate_) * (1 - filter_.PredictedRate());
}

Status UserDictionary::ReadState(bool need_words, State* s) {
  *s = State();
  if (need_words) Size();  // words may be added
  s->identity_time = Now();
  struct stat st;
  bool exists;
  if (Status r = ReadWholeFile(path_, &s->bytes, &st, &exists); !r.ok()) {
    return r;
  }
  if (!exists) {
    s->filter = filter_.EmptyCopy();
    s->cached = s->canonical = s->have_words = true;
    return Status::Ok();
  }
  Size();
  s->filter = filter_.EmptyCopy();  // keeps the layers' sizing
  s->identity = IdentityOf<FileIdentity>(st);
  s->hash = Checksum(s->bytes.data(), s->bytes.size());

  std::string image;
  struct stat fst;
  bool filter_exists;
  if (ReadWholeFile(filter_path(), &image, &fst, &filter_exists).ok() &&
      filter_exists) {
    StatusOr<UserFilterFile> f = DecodeUserFilter(image, filter_path());
    if (f.ok() && f->geometry == geometry_) {
      StatusOr<ScalableFilter> layers =
          ScalableFilter::FromLayers(geometry_, std::move(f->layers));
      if (layers.ok() && f->list_hash == s->hash &&
          f->list_bytes == s->bytes.size() &&
          (f->flags & kUpperFormsKeyed) != 0) {
        s->filter = std::move(layers.value());
        s->cached = true;
        s->canonical = (f->flags & kListCanonical) != 0;
      } else if (layers.ok()) {
        // Another list's filter (a crash between the renames, a hand
        // edit), or one without the ALL UPPER forms: only its layers'
        // sizing is reused, for the rebuild below.
        s->filter = layers->EmptyCopy();
      }
    }
  }
  if (s->cached && !need_words) return Status::Ok();
  std::vector<std::string> bad_lines;
  if (s->cached && s->canonical) {
    SplitTrustedWordList(s->bytes, &s->words);
  } else if (Status p = ParseWordList(s->bytes, path_, &forms_, &s->words,
                                      &bad_lines);
             !p.ok()) {
    return p;
  } else if (!bad_lines.empty()) {
    // Lines that are not words are skipped, the rest used: one typo in a
    // hand edit must not cost the user the whole list.
    std::string msg = bad_lines.front();
    if (bad_lines.size() > 1) {
      msg += " (and " + std::to_string(bad_lines.size() - 1) + " more line" +
             (bad_lines.size() > 2 ? "s" : "") + ")";
    }
    s->damage = Status::Corruption(std::move(msg));
    s->canonical = false;
  } else {
    s->canonical = SerializeWordList(s->words) == s->bytes;
  }
  s->have_words = true;
  if (s->cached && s->filter.size() == KeyCount(s->words)) return Status::Ok();
  s->cached = false;
  s->filter.Clear();
  for (const std::string& w : s->words) {
    if (Status a = AddKeys(&s->filter, w); !a.ok()) return a;
  }
  return Status::Ok();
}

Status UserDictionary::Persist(const State& s) {
  const std::string image =
      EncodeUserFilter(kUpperFormsKeyed | (s.canonical ? kListCanonical : 0),
                       s.hash, s.bytes.size(), s.filter);
  return WriteFileAtomically(filter_path(), image);
}

Status UserDictionary::SetAside(const State& s, std::string* aside) {
  char stamp[32];
  const time_t now = s.identity_time.tv_sec;
  struct tm tm;
  ::gmtime_r(&now, &tm);
  std::strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%SZ", &tm);
  for (int i = 0; i < 1000; ++i) {
    std::string candidate = path_ + kUserDamagedInfix + stamp;
    if (i > 0) candidate += "-" + std::to_string(i);
    // A copy of the list's bytes, never a rename or a link: the user's file
    // (perhaps a symbolic link into a dotfile repository) is only ever
    // replaced by the writer that follows. O_EXCL never replaces an
    // earlier copy.
    const int fd = ::open(candidate.c_str(),
                          O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno == EEXIST) continue;
    if (fd < 0) return ErrnoStatus(candidate, errno);
    size_t done = 0;
    while (done < s.bytes.size()) {
      const ssize_t n =
          ::write(fd, s.bytes.data() + done, s.bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) {
        const int err = errno;
        ::close(fd);
        ::unlink(candidate.c_str());
        return ErrnoStatus(candidate, err);
      }
      done += static_cast<size_t>(n);
    }
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
      const int err = errno;
      ::unlink(candidate.c_str());
      return ErrnoStatus(candidate, err);
    }
    SyncDirectory(DirectoryOf(path_));
    *aside = std::move(candidate);
    return Status::Ok();
  }
  return Status::IOError(path_ + ": no free name for a copy of the list");
}

void UserDictionary::Adopt(State&& s) {
  filter_ = std::move(s.filter);
  identity_ = s.identity;
  identity_time_ = s.identity_time;
  list_hash_ = s.hash;
  filter_was_cached_ = s.cached;
}

Status UserDictionary::Load() {
  State s;
  {
    FileLock lock = SharedLockIfPossible(lock_path());
    if (Status r = ReadState(/*need_words=*/false, &s); !r.ok()) return r;
  }
  // A reader never changes the user's list: lines that are not words are
  // skipped (and reported, on every load, since the filter of such a list
  // is not saved), the rest is used.
  damage_ = s.damage.ok()
                ? Status::Ok()
                : Status::Corruption(s.damage.message() +
                                     "; the line is skipped, the other words "
                                     "are used");
  if (!s.cached && s.damage.ok()) {
    // Save the rebuilt filter for the next reader, unless a writer is busy
    // (it writes a fresh one anyway) or the directory is read-only.
    StatusOr<FileLock> lock =
        FileLock::TryAcquire(lock_path(), FileLock::Mode::kExclusive);
    if (lock.ok() && lock->held()) {
      State t;
      if (ReadState(false, &t).ok() && t.damage.ok()) {
        if (!t.cached) (void)Persist(t);
        s = std::move(t);
      }
    }
  }
  Adopt(std::move(s));
  return Status::Ok();
}

template <typename Edit>
StatusOr<UserDictionary::EditResult> UserDictionary::Mutate(Edit&& edit) {
  const std::string dir = DirectoryOf(path_);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return Status::IOError(dir + ": " + ec.message());
  StatusOr<FileLock> lock =
      FileLock::Acquire(lock_path(), FileLock::Mode::kExclusive);
  if (!lock.ok()) return lock.status();

  // Temporary files of writers that died (SIGKILL, power loss) before their
  // rename; only lock holders create them, so none is in use now. They lie
  // beside the file each name leads to (WriteFileAtomically follows a
  // symbolic link, e.g. a list kept in a dotfile repository).
  for (const std::string& file : {path_, filter_path()}) {
    StatusOr<std::string> target = ResolveWriteTarget(file);
    const std::string& real = target.ok() ? *target : file;
    const std::string tmp = BaseName(real) + ".tmp.";
    if (DIR* d = ::opendir(DirectoryOf(real).c_str())) {
      while (const dirent* e = ::readdir(d)) {
        if (std::string_view(e->d_name).starts_with(tmp)) {
          ::unlinkat(::dirfd(d), e->d_name, 0);
        }
      }
      ::closedir(d);
    }
  }

  State s;
  if (Status r = ReadState(/*need_words=*/true, &s); !r.ok()) return r;
  damage_ = Status::Ok();
  // Lines that are not words: the writer repairs the list by keeping every
  // good line (s.words) and, first, a copy of the list as it was, so the
  // dropped lines can be fixed and added again.
  std::string aside;
  if (!s.damage.ok()) {
    if (Status copied = SetAside(s, &aside); !copied.ok()) {
      return Status::Corruption(
          s.damage.message() +
          "; not changed (could not copy it aside: " + copied.message() + ")");
    }
  }

  EditResult result;
  if (Status e = edit(&s.words, &s.filter, &result); !e.ok()) return e;
  if (!s.damage.ok()) {
    damage_ = Status::Corruption(
        s.damage.message() + "; the line was dropped, the other words kept (" +
        "the list as it was is copied to " + aside + ")");
  }
  if (!result.changed.empty() || !s.damage.ok()) {
    s.bytes = SerializeWordList(s.words);
    s.hash = Checksum(s.bytes.data(), s.bytes.size());
    s.canonical = true;
    s.cached = true;
    s.identity_time = Now();
    // The list first: once it is renamed the change is made. A crash
    // before the filter's rename leaves the old filter, which no longer
    // matches the list's checksum and is rebuilt by the next reader.
    if (Status w = WriteFileAtomically(path_, s.bytes); !w.ok()) return w;
    struct stat st;
    if (::stat(path_.c_str(), &st) == 0) {
      s.identity = IdentityOf<FileIdentity>(st);
    } else {
      s.identity = FileIdentity();
    }
    // The filter is a cache: if it cannot be written (disk full), the next
    // reader rebuilds it from the list, so the edit still stands.
    (void)Persist(s);
  }
  Adopt(std::move(s));
  return result;
}

StatusOr<UserDictionary::EditResult> UserDictionary::Add(
    std::span<const SourcedWord> words) {
  std::vector<std::string> normalized;
  normalized.reserve(words.size());
  Status first;
  uint64_t refused = 0;
  std::string n;
  for (const SourcedWord& w : words) {
    Status c = CheckUserWord(w.word, w.where);
    if (c.ok() && !forms_.Normalize(w.word, &n)) {
      c = Status::InvalidArgument(w.where + ": invalid UTF-8");
    }
    if (c.ok()) c = CheckUserWord(n, w.where);  // NFC may lengthen a word
    if (!c.ok()) {
      if (refused++ == 0) first = c;
      continue;
    }
    normalized.push_back(n);
  }
  if (refused > 0) {
    std::string msg = first.message();
    if (refused > 1) {
      msg += " (and " + std::to_string(refused - 1) + " more refused words)";
    }
    return Status::InvalidArgument(msg + "; nothing was added");
  }
  return Mutate([this, &normalized](std::vector<std::string>* list,
                                    ScalableFilter* filter,
                                    EditResult* result) {
    std::unordered_set<std::string_view> batch;
    for (const std::string& w : normalized) {
      const bool present =
          !batch.insert(w).second ||
          (filter->MayContain(w) &&
           std::find(list->begin(), list->end(), w) != list->end());
      if (present) {
        result->unchanged.push_back(w);
        continue;
      }
      if (Status a = AddKeys(filter, w); !a.ok()) return a;
      list->push_back(w);
      result->changed.push_back(w);
    }
    return Status::Ok();
  });
}

StatusOr<UserDictionary::EditResult> UserDictionary::Add(
    std::span<const std::string> words) {
  std::vector<SourcedWord> sourced;
  sourced.reserve(words.size());
  for (const std::string& w : words) sourced.push_back(SourcedWord{w, ""});
  return Add(std::span<const SourcedWord>(sourced));
}

StatusOr<UserDictionary::EditResult> UserDictionary::Remove(
    std::span<const std::string> words) {
  std::vector<std::string> normalized;
  std::string n;
  for (const std::string& w : words) {
    // A word that cannot be normalised cannot be in the list either.
    normalized.push_back(forms_.Normalize(w, &n) ? n : w);
  }
  return Mutate([this, &normalized](std::vector<std::string>* list,
                                    ScalableFilter* filter,
                                    EditResult* result) {
    std::unordered_set<std::string_view> gone;
    for (const std::string& w : normalized) {
      if (gone.contains(w)) continue;
      if (std::find(list->begin(), list->end(), w) != list->end()) {
        gone.insert(w);
        result->changed.push_back(w);
      } else {
        result->unchanged.push_back(w);
      }
    }
    if (gone.empty()) return Status::Ok();
    std::erase_if(*list,
                  [&gone](const std::string& w) { return gone.contains(w); });
    // A Bloom filter cannot forget: rebuild the layers from what is left.
    filter->Clear();
    for (const std::string& w : *list) {
      if (Status a = AddKeys(filter, w); !a.ok()) return a;
    }
    return Status::Ok();
  });
}

StatusOr<std::vector<std::string>> UserDictionary::Words() const {
  std::string bytes;
  struct stat st;
  bool exists;
  {
    FileLock lock = SharedLockIfPossible(lock_path());
    if (Status r = ReadWholeFile(path_, &bytes, &st, &exists); !r.ok()) {
      return r;
    }
  }
  std::vector<std::string> words;
  if (!exists) return words;
  WordForms forms(base_.language(), false);
  if (Status p = ParseWordList(bytes, path_, &forms, &words); !p.ok()) {
    return p;
  }
  return words;
}

StatusOr<bool> UserDictionary::ReloadIfChanged() {
  const timespec checked_at = Now();
  FileIdentity now;
  struct stat st;
  if (::stat(path_.c_str(), &st) == 0) {
    now = IdentityOf<FileIdentity>(st);
  } else if (errno != ENOENT) {
    return ErrnoStatus(path_, errno);
  }
  if (now == identity_) {
    const bool racy =
        identity_.exists &&
        identity_.mtime.tv_sec + kRacySeconds >= identity_time_.tv_sec;
    if (!racy) return false;
    std::string bytes;
    bool exists;
    if (Status r = ReadWholeFile(path_, &bytes, &st, &exists); !r.ok()) {
      return r;
    }
    if (exists && IdentityOf<FileIdentity>(st) == identity_ &&
        Checksum(bytes.data(), bytes.size()) == list_hash_) {
      identity_time_ = checked_at;
      return false;
    }
  }
  if (Status r = Load(); !r.ok()) return r;
  return true;
}

}  // namespace spellfilter
