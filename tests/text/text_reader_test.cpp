#include "core/text/text_reader.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace spellfilter {
namespace {

// Feeds `text` through a temporary file and collects the chunks.
std::vector<std::string> Chunks(
    const std::string& text,
    size_t max_chunk_bytes = TextReader::kMaxChunkBytes) {
  FILE* f = std::tmpfile();
  std::fwrite(text.data(), 1, text.size(), f);
  std::fflush(f);
  std::rewind(f);
  TextReader reader(fileno(f), "tmp", max_chunk_bytes);
  std::vector<std::string> chunks;
  uint64_t offset = 0;
  for (;;) {
    std::string_view chunk;
    EXPECT_TRUE(reader.Next(&chunk).ok());
    if (chunk.empty()) break;
    EXPECT_EQ(reader.chunk_offset(), offset);
    offset += chunk.size();
    chunks.emplace_back(chunk);
  }
  std::fclose(f);
  return chunks;
}

std::string Join(const std::vector<std::string>& chunks) {
  std::string all;
  for (const std::string& c : chunks) all += c;
  return all;
}

// NextExchanging hands out the same chunks as Next, each in a buffer the
// caller then owns: all of them stay valid while the reader goes on.
TEST(TextReaderTest, ExchangedChunksMatchAndStayValid) {
  std::string text;
  for (int i = 0; i < 300000; ++i) {
    text += "word" + std::to_string(i) + (i % 7 == 0 ? "\n" : " ");
  }
  FILE* f = std::tmpfile();
  std::fwrite(text.data(), 1, text.size(), f);
  std::fflush(f);
  std::rewind(f);
  TextReader reader(fileno(f), "tmp", 64 * 1024);
  std::vector<HugeBytes> buffers;
  std::vector<std::string_view> views;
  for (;;) {
    HugeBytes buffer(buffers.size() % 2 == 0 ? reader.buffer_bytes() : 16);
    std::string_view chunk;
    ASSERT_TRUE(reader.NextExchanging(&buffer, &chunk).ok());
    if (chunk.empty()) break;
    ASSERT_GE(chunk.data(), buffer.data());
    ASSERT_LE(chunk.data() + chunk.size(), buffer.data() + buffer.size());
    buffers.push_back(std::move(buffer));
    views.push_back(chunk);
  }
  std::fclose(f);
  ASSERT_GT(views.size(), 10u);
  std::string joined;
  for (std::string_view v : views) joined += v;
  EXPECT_EQ(joined, text);
  const std::vector<std::string> chunks = Chunks(text, 64 * 1024);
  EXPECT_EQ(std::vector<std::string>(views.begin(), views.end()), chunks);
}

TEST(TextReaderTest, SmallInputEndsAtLineBreaksThenRest) {
  EXPECT_EQ(Join(Chunks("one\ntwo")), "one\ntwo");
  EXPECT_EQ(Chunks("no line break"), std::vector<std::string>({"no line break"}));
  EXPECT_TRUE(Chunks("").empty());
}

TEST(TextReaderTest, ChunksEndAtLineBreaks) {
  std::string text;
  for (int i = 0; i < 400000; ++i) text += "line " + std::to_string(i) + "\n";
  const auto chunks = Chunks(text);
  ASSERT_GT(chunks.size(), 1u);
  for (size_t i = 0; i + 1 < chunks.size(); ++i) {
    EXPECT_EQ(chunks[i].back(), '\n');
    EXPECT_LE(chunks[i].size(), 2 * TextReader::kMaxChunkBytes);
  }
  EXPECT_EQ(Join(chunks), text);
}

TEST(TextReaderTest, LongLineIsCutAtWhiteSpace) {
  std::string text;
  while (text.size() < 5 * TextReader::kMaxChunkBytes) text += "word ";
  const auto chunks = Chunks(text);
  ASSERT_GT(chunks.size(), 2u);
  for (size_t i = 0; i + 1 < chunks.size(); ++i) EXPECT_EQ(chunks[i].back(), ' ');
  EXPECT_EQ(Join(chunks), text);
}

TEST(TextReaderTest, RunWithoutWhiteSpaceIsCutAtCharacterBoundary) {
  std::string text;
  while (text.size() < 3 * TextReader::kMaxChunkBytes) text += "x\xE2\x82\xAC";  // x€
  const auto chunks = Chunks(text);
  ASSERT_GT(chunks.size(), 1u);
  for (const std::string& c : chunks) {
    EXPECT_NE(static_cast<unsigned char>(c.front()) & 0xC0, 0x80u);
  }
  EXPECT_EQ(Join(chunks), text);
}

// Peek shows the first read's bytes and consumes nothing: the chunks that
// follow hold the whole input, from a pipe as from a file.
TEST(TextReaderTest, PeekConsumesNothing) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string text = "first line\nsecond line\n";
  ASSERT_EQ(::write(fds[1], text.data(), text.size()),
            static_cast<ssize_t>(text.size()));
  ::close(fds[1]);
  TextReader reader(fds[0], "pipe", 4096);
  std::string_view head;
  ASSERT_TRUE(reader.Peek(&head).ok());
  EXPECT_EQ(head, text);
  std::string all;
  for (;;) {
    std::string_view chunk;
    ASSERT_TRUE(reader.Next(&chunk).ok());
    if (chunk.empty()) break;
    all += chunk;
  }
  EXPECT_EQ(all, text);
  ::close(fds[0]);
}

TEST(TextReaderTest, ReadErrorNamesTheInput) {
  TextReader reader(-1, "broken.txt");
  std::string_view chunk;
  Status s = reader.Next(&chunk);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.message().rfind("broken.txt: ", 0), 0u);
}

}  // namespace
}  // namespace spellfilter
