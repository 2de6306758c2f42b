#include "core/text/text_reader.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/util/file_io.h"

namespace spellfilter {

TextReader::TextReader(int fd, std::string name, size_t max_chunk_bytes)
    : fd_(fd),
      name_(std::move(name)),
      max_chunk_(std::max(max_chunk_bytes, size_t{4096})),
      buffer_(2 * max_chunk_) {}

// Where to end the next chunk within [begin_, end_), or 0 for "read more".
size_t TextReader::CutPoint(bool short_read) const {
  const size_t have = end_ - begin_;
  if (have == 0) return 0;
  if (eof_) return end_;
  const char* data = buffer_.data() + begin_;
  if (have >= max_chunk_ || short_read) {
    const void* nl = memrchr(data, '\n', have);
    if (nl != nullptr) return begin_ + (static_cast<const char*>(nl) - data) + 1;
  }
  if (have < max_chunk_) return 0;
  for (size_t i = have; i > 0; --i) {
    if (data[i - 1] == ' ' || data[i - 1] == '\t') return begin_ + i;
  }
  // No white space in a whole block: cut before a UTF-8 lead byte.
  size_t i = have;
  while (i > have - 4 && (static_cast<unsigned char>(data[i - 1]) & 0xC0) == 0x80) {
    --i;
  }
  if ((static_cast<unsigned char>(data[i - 1]) & 0xC0) == 0xC0) --i;
  return begin_ + (i > 0 ? i : have);
}

Status TextReader::Next(std::string_view* chunk) {
  *chunk = std::string_view();
  bool short_read = false;
  for (;;) {
    const size_t cut = CutPoint(short_read);
    if (cut != 0) {
      *chunk = std::string_view(buffer_.data() + begin_, cut - begin_);
      chunk_offset_ = consumed_;
      consumed_ += cut - begin_;
      begin_ = cut;
      return Status::Ok();
    }
    if (eof_) return Status::Ok();
    if (begin_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      begin_ = 0;
    }
    if (Status s = ReadMore(&short_read); !s.ok()) return s;
  }
}

Status TextReader::ReadMore(bool* short_read) {
  const size_t want = buffer_.size() - end_;
  ssize_t n;
  do {
    n = ::read(fd_, buffer_.data() + end_, want);
  } while (n < 0 && errno == EINTR);
  if (n < 0) return ErrnoStatus(name_, errno);
  if (n == 0) eof_ = true;
  end_ += n;
  bytes_read_ += n;
  *short_read = static_cast<size_t>(n) < want;
  return Status::Ok();
}

Status TextReader::Peek(std::string_view* head) {
  bool short_read;
  while (end_ == begin_ && !eof_) {
    if (Status s = ReadMore(&short_read); !s.ok()) return s;
  }
  *head = std::string_view(buffer_.data() + begin_, end_ - begin_);
  return Status::Ok();
}

Status TextReader::NextExchanging(HugeBytes* buffer, std::string_view* chunk) {
  Status status = Next(chunk);
  if (!status.ok() || chunk->empty()) return status;
  if (buffer->size() != buffer_.size()) *buffer = HugeBytes(buffer_.size());
  // The chunk and what follows it go with the buffer they are in; the
  // rest, from begin_ on, comes back to the front of the one received.
  std::swap(buffer_, *buffer);
  std::memcpy(buffer_.data(), buffer->data() + begin_, end_ - begin_);
  end_ -= begin_;
  begin_ = 0;
  return status;
}

}  // namespace spellfilter
