// Reads text from a file descriptor in large blocks and hands it out in
// chunks that end at a line break, so memory stays bounded whatever the
// input's size and no word is cut. A line longer than a chunk is cut
// at its last space or tab, or, when a whole block has none, at a UTF-8
// character boundary (such a run is no word anyway: tokens are at most
// Tokenizer::kMaxWordBytes long).
#ifndef SPELLFILTER_CORE_TEXT_TEXT_READER_H_
#define SPELLFILTER_CORE_TEXT_TEXT_READER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "core/util/huge_pages.h"
#include "core/util/status.h"

namespace spellfilter {

class TextReader {
 public:
  static constexpr size_t kMaxChunkBytes = size_t{1} << 20;

  // Does not take ownership of `fd`; `name` appears in error messages.
  // Chunks end at the last line break once `max_chunk_bytes` (at least
  // 4 KiB) are buffered, so they are at most twice that long: the buffer's
  // size, and with it the reader's memory.
  TextReader(int fd, std::string name, size_t max_chunk_bytes = kMaxChunkBytes);

  // Sets *chunk to the next chunk, empty at the end of input. The view is
  // valid until the next call.
  Status Next(std::string_view* chunk);

  // Sets *head to the input's first bytes without consuming them: what one
  // read(2) returns (up to the buffer's size), so that a pipe fed slowly is
  // not waited for. Call before the first Next; empty at the end of input.
  // The view is valid until the next call.
  Status Peek(std::string_view* head);

  // As Next, but the chunk is handed over with the buffer that holds it:
  // the reader takes *buffer (buffer_bytes() long; another size is replaced
  // by a new buffer) in exchange, and copies
  // into that only what it had read past the chunk (a part of a line). The
  // view stays valid until *buffer is given to the reader again. Parallel
  // checking keeps several chunks without copying their text.
  Status NextExchanging(HugeBytes* buffer, std::string_view* chunk);
  size_t buffer_bytes() const { return buffer_.size(); }

  // Chunks are at most twice this long.
  size_t max_chunk_bytes() const { return max_chunk_; }

  // Byte offset of the last chunk returned, from the start of the input.
  uint64_t chunk_offset() const { return chunk_offset_; }
  // Bytes read so far.
  uint64_t bytes_read() const { return bytes_read_; }

 private:
  size_t CutPoint(bool short_read) const;
  // One read(2) into the free end of buffer_ (EINTR retried); sets eof_ on
  // the end of input and *short_read when less than asked for came.
  Status ReadMore(bool* short_read);

  int fd_;
  std::string name_;
  size_t max_chunk_ = 0;
  // Twice max_chunk_. Not zero-filled: its pages are only faulted in when
  // input arrives, which keeps start-up on small inputs cheap.
  HugeBytes buffer_;  // twice max_chunk_ (256 KiB for parallel checking)
  size_t begin_ = 0;  // start of unconsumed data in buffer_
  size_t end_ = 0;    // end of valid data in buffer_
  bool eof_ = false;
  uint64_t chunk_offset_ = 0;
  uint64_t consumed_ = 0;
  uint64_t bytes_read_ = 0;
};

}  // namespace spellfilter

#endif  // SPELLFILTER_CORE_TEXT_TEXT_READER_H_
