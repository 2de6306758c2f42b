// Errors cross module boundaries as values. A Status is either ok or carries
// a code and a one-line message meant for the user ("FILE: problem").
#ifndef SPELLFILTER_CORE_UTIL_STATUS_H_
#define SPELLFILTER_CORE_UTIL_STATUS_H_

#include <optional>
#include <string>
#include <utility>

namespace spellfilter {

class [[nodiscard]] Status {
 public:
  enum class Code {
    kOk = 0,
    kInvalidArgument,  // the caller's input is unusable (bad word, bad option)
    kNotFound,         // a file or dictionary does not exist
    kCorruption,       // a file exists but its contents are damaged
    kUnsupported,      // a file of a newer format version or foreign kind
    kIOError,          // the operating system refused (permissions, disk full)
  };

  Status() = default;
  static Status Ok() { return Status(); }
  static Status InvalidArgument(std::string msg) {
    return Status(Code::kInvalidArgument, std::move(msg));
  }
  static Status NotFound(std::string msg) {
    return Status(Code::kNotFound, std::move(msg));
  }
  static Status Corruption(std::string msg) {
    return Status(Code::kCorruption, std::move(msg));
  }
  static Status Unsupported(std::string msg) {
    return Status(Code::kUnsupported, std::move(msg));
  }
  static Status IOError(std::string msg) {
    return Status(Code::kIOError, std::move(msg));
  }

  bool ok() const { return code_ == Code::kOk; }
  Code code() const { return code_; }
  const std::string& message() const { return message_; }

  // The same error with `prefix` put before its message, for a caller that
  // adds where it happened ("--lang de: ", "converting FILE: ").
  Status WithPrefix(const std::string& prefix) const {
    if (ok()) return *this;
    return Status(code_, prefix + message_);
  }

 private:
  Status(Code code, std::string msg) : code_(code), message_(std::move(msg)) {}

  Code code_ = Code::kOk;
  std::string message_;
};

// A value or the Status that explains why there is none.
template <typename T>
class [[nodiscard]] StatusOr {
 public:
  StatusOr(T value) : value_(std::move(value)) {}  // NOLINT: implicit on purpose
  StatusOr(Status status) : status_(std::move(status)) {}  // NOLINT

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() { return *value_; }

 private:
  Status status_;
  std::optional<T> value_;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_UTIL_STATUS_H_
