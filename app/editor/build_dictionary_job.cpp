#include "app/editor/build_dictionary_job.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLocale>
#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>
#include <string>

#include "core/dictionary/builder.h"
#include "core/hunspell/import.h"
#include "core/text/text_reader.h"
#include "core/util/file_io.h"

namespace spellfilter::editor {
namespace {

BuildResult Failure(const std::string& message) {
  return BuildResult{false, QString::fromStdString(message), 0};
}

BuildResult Cancelled() {
  return BuildResult{
      false, QCoreApplication::translate("BuildDictionaryJob", "Cancelled."),
      0};
}

// Sizes and fills the filter, then writes the dictionary.
BuildResult FinishBuild(DictionaryBuilder* builder, const BuildRequest& request,
                        const std::function<bool(int)>& progress);

}  // namespace

QString FalsePositiveInWords(double rate) {
  auto tr = [](const char* text) {
    return QCoreApplication::translate("BuildDictionaryJob", text);
  };
  if (!(rate > 1e-9)) {  // also NaN
    return tr(
        "a misspelling is practically never taken for a word (less "
        "than once in a billion)");
  }
  if (rate >= 0.5) return tr("most misspellings are taken for words");
  const double one_in = 1.0 / rate;
  // Two significant digits are what a prediction is worth.
  const double rounded = [&] {
    const double scale = std::pow(10.0, std::floor(std::log10(one_in)) - 1);
    return std::round(one_in / scale) * scale;
  }();
  return tr("about one misspelling in %1 is taken for a word")
      .arg(QLocale().toString(static_cast<qulonglong>(rounded)));
}

bool IsHunspellDictionary(const QString& path) {
  if (!path.endsWith(QStringLiteral(".dic"), Qt::CaseInsensitive)) {
    return false;
  }
  const std::string aff =
      HunspellAffPath(QFile::encodeName(path).toStdString());
  if (!QFileInfo(QFile::decodeName(aff.c_str())).isFile()) return false;
  // A .dic starts with its entry count.
  QFile dic(path);
  if (!dic.open(QIODevice::ReadOnly)) return false;
  QByteArray first = dic.readLine(64).trimmed();
  if (first.startsWith("\xEF\xBB\xBF")) first.remove(0, 3);
  bool number = false;
  first.toULongLong(&number);
  return number;
}

BuildResult BuildDictionary(const BuildRequest& request,
                            const std::function<bool(int)>& progress) {
  const std::string input = QFile::encodeName(request.word_list).toStdString();
  constexpr int kReadShare = 900;  // of the progress; Finish() and writing
                                   // the rest
  BuildOptions options;
  options.language = request.language.toStdString();
  if (IsHunspellDictionary(request.word_list)) {
    StatusOr<HunspellImport> hunspell = HunspellImport::Open(input);
    if (!hunspell.ok()) return Failure(hunspell.status().message());
    if (request.language.isEmpty() || request.language == u"und") {
      options.language = hunspell->language();
    }
    DictionaryBuilder builder(options);
    if (!builder.status().ok()) return Failure(builder.status().message());
    // The import is one call: progress jumps to the end of the reading
    // share, and a cancel waits for it.
    if (!progress(0)) return Cancelled();
    HunspellImportSummary summary;
    if (Status s = hunspell->AddTo(&builder, options.language, &summary);
        !s.ok()) {
      return Failure(s.message());
    }
    if (!progress(kReadShare)) return Cancelled();
    return FinishBuild(&builder, request, progress);
  }

  DictionaryBuilder builder(options);
  if (!builder.status().ok()) return Failure(builder.status().message());

  const int fd = ::open(input.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Failure(ErrnoStatus(input, errno).message());
  struct stat st;
  const uint64_t total =
      (::fstat(fd, &st) == 0 && st.st_size > 0) ? st.st_size : 0;

  TextReader reader(fd, input);
  uint64_t line_number = 0;
  Status status;
  bool stopped = false;
  for (;;) {
    std::string_view chunk;
    status = reader.Next(&chunk);
    if (!status.ok() || chunk.empty()) break;
    while (!chunk.empty() && status.ok()) {
      const size_t nl = chunk.find('\n');
      const std::string_view line = chunk.substr(0, nl);
      chunk.remove_prefix(nl == std::string_view::npos ? chunk.size() : nl + 1);
      ++line_number;
      status = builder.AddLine(line, input + ":" + std::to_string(line_number));
    }
    if (!status.ok()) break;
    const int done =
        total > 0 ? static_cast<int>(reader.bytes_read() * kReadShare / total)
                  : 0;
    if (!progress(qMin(done, kReadShare))) {
      stopped = true;
      break;
    }
  }
  ::close(fd);
  if (stopped) return Cancelled();
  if (!status.ok()) return Failure(status.message());
  return FinishBuild(&builder, request, progress);
}

namespace {

BuildResult FinishBuild(DictionaryBuilder* builder, const BuildRequest& request,
                        const std::function<bool(int)>& progress) {
  BuildSummary summary;
  StatusOr<std::string> image = builder->Finish(&summary);
  if (!image.ok()) return Failure(image.status().message());
  if (!progress(950)) return Cancelled();

  QDir().mkpath(QFileInfo(request.output).absolutePath());
  const std::string output = QFile::encodeName(request.output).toStdString();
  if (Status w = WriteFileAtomically(output, *image); !w.ok()) {
    return Failure(w.message());
  }
  progress(BuildDictionaryJob::kProgressMax);
  return BuildResult{
      true,
      QCoreApplication::translate("BuildDictionaryJob", "%1 words, %2 KiB; %3")
          .arg(QLocale().toString(static_cast<qulonglong>(summary.words)))
          .arg(summary.file_bytes / 1024)
          .arg(FalsePositiveInWords(summary.predicted_fp)),
      summary.words};
}

}  // namespace

BuildDictionaryJob::BuildDictionaryJob(QObject* parent) : QObject(parent) {
  connect(&watcher_, &QFutureWatcher<BuildResult>::progressValueChanged, this,
          &BuildDictionaryJob::progressChanged);
  connect(&watcher_, &QFutureWatcher<BuildResult>::finished, this,
          &BuildDictionaryJob::onFinished);
}

BuildDictionaryJob::~BuildDictionaryJob() {
  watcher_.cancel();
  watcher_.waitForFinished();
}

void BuildDictionaryJob::start(const BuildRequest& request) {
  if (isRunning()) return;
  watcher_.setFuture(
      QtConcurrent::run([request](QPromise<BuildResult>& promise) {
        promise.setProgressRange(0, kProgressMax);
        BuildResult result = BuildDictionary(request, [&promise](int value) {
          promise.setProgressValue(value);
          return !promise.isCanceled();
        });
        promise.addResult(std::move(result));
      }));
}

void BuildDictionaryJob::cancel() { watcher_.cancel(); }

void BuildDictionaryJob::onFinished() {
  const QFuture<BuildResult> future = watcher_.future();
  if (future.isCanceled() || future.resultCount() == 0) {
    emit canceled();
    return;
  }
  emit finished(future.result());
}

}  // namespace spellfilter::editor
