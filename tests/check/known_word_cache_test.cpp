#include "core/check/known_word_cache.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace spellfilter {
namespace {

TEST(KnownWordCacheTest, KeyIsTheWordAndItsLength) {
  const std::string text = "a ab abc abcdefg abcdefgh";
  std::set<uint64_t> keys;
  for (size_t length = 1; length <= 7; ++length) {
    keys.insert(KnownWordCache::Key("abcdefg", 0, length));
  }
  EXPECT_EQ(keys.size(), 7u);
  EXPECT_EQ(keys.count(0), 0u);
  // The same word gives the same key wherever it stands, whether the
  // eight-byte load fits in the text or the bytes are gathered one by one.
  EXPECT_EQ(KnownWordCache::Key(text, 2, 2), KnownWordCache::Key("ab", 0, 2));
  EXPECT_EQ(KnownWordCache::Key(text, 0, 1), KnownWordCache::Key("xa", 1, 1));
  EXPECT_NE(KnownWordCache::Key("ab", 0, 2), KnownWordCache::Key("ba", 0, 2));
  // A NUL byte does not make "a\0" the same as "a".
  EXPECT_NE(KnownWordCache::Key(std::string("a\0", 2), 0, 2),
            KnownWordCache::Key("a", 0, 1));
}

// A word that ends its text (as each word the C library is given) is read
// with loads that overlap instead of one eight-byte load: the key must be
// the same, for every length and every byte position.
TEST(KnownWordCacheTest, AWordAtTheEndOfItsTextHasTheSameKey) {
  for (size_t length = 1; length <= 7; ++length) {
    std::string word;
    for (size_t i = 0; i < length; ++i) word += static_cast<char>('a' + i);
    const std::string in_text = word + "........";
    EXPECT_EQ(KnownWordCache::Key(word, 0, length),
              KnownWordCache::Key(in_text, 0, length)) << word;
    for (size_t at = 0; at < length; ++at) {  // each byte is part of the key
      std::string other = word;
      other[at] = '\xE9';
      EXPECT_NE(KnownWordCache::Key(other, 0, length),
                KnownWordCache::Key(word, 0, length)) << other;
      EXPECT_EQ(KnownWordCache::Key(other, 0, length),
                KnownWordCache::Key(other + "........", 0, length)) << other;
    }
  }
}

TEST(KnownWordCacheTest, LongAndEmptyWordsAreNotCached) {
  EXPECT_EQ(KnownWordCache::Key("abcdefgh", 0, 8), 0u);
  EXPECT_EQ(KnownWordCache::Key("abc", 1, 0), 0u);
}

TEST(KnownWordCacheTest, ContainsOnlyWhatWasInserted) {
  KnownWordCache cache;
  const uint64_t the = KnownWordCache::Key("the", 0, 3);
  const uint64_t teh = KnownWordCache::Key("teh", 0, 3);
  EXPECT_FALSE(cache.Contains(the));
  cache.Insert(the);
  EXPECT_TRUE(cache.Contains(the));
  EXPECT_FALSE(cache.Contains(teh));
  cache.Clear();
  EXPECT_FALSE(cache.Contains(the));
}

TEST(KnownWordCacheTest, AnEvictedWordIsNoLongerContained) {
  // Direct-mapped: among 100,000 distinct words some share a slot, and the
  // later one evicts the earlier, which then misses (and is probed again).
  KnownWordCache cache;
  std::vector<uint64_t> keys;
  for (int i = 0; i < 100000; ++i) {
    const std::string w = std::to_string(i);
    keys.push_back(KnownWordCache::Key(w, 0, w.size()));
    cache.Insert(keys.back());
  }
  size_t still = 0;
  for (uint64_t k : keys) still += cache.Contains(k);
  EXPECT_TRUE(cache.Contains(keys.back()));
  EXPECT_GT(still, 0u);
  EXPECT_LT(still, keys.size());
}

}  // namespace
}  // namespace spellfilter
