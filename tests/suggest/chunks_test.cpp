#include "core/suggest/chunks.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/suggest/search_fixture.h"

namespace spellfilter {
namespace {

class ChunksTest : public ::testing::Test {
 protected:
  ChunksTest()
      : f_({"implements\t20", "using\t10", "experiment\t20", "process\t20",
            "processing\t20", "cut\t10"}),
        walk_(f_.lex, f_.ctx, f_.candidates),
        chunks_(f_.lex, f_.ctx, walk_, f_.candidates) {}
  std::vector<Suggestion> Runs(std::string_view typed) {
    if (!f_.Type(typed)) return {};
    walk_.Prepare();
    chunks_.Run();
    return f_.candidates.Rank({});
  }
  static std::vector<std::string> Texts(const std::vector<Suggestion>& s) {
    std::vector<std::string> out;
    for (const Suggestion& x : s) out.push_back(x.text);
    return out;
  }
  SearchFixture f_;
  EditWalk walk_;
  ChunkSearch chunks_;
};

TEST_F(ChunksTest, ARunLeftOut) {
  const std::vector<Suggestion> s = Runs("implets");  // "men" left out
  ASSERT_EQ(Texts(s), (std::vector<std::string>{"implements"}));
  EXPECT_EQ(s[0].edits, 3);
  EXPECT_GE(s[0].cost, ChunkSearch::ChunkCost(3));
  EXPECT_EQ(Texts(Runs("experim")),
            (std::vector<std::string>{"experiment"}));  // at the end
}

TEST_F(ChunksTest, ARunTypedTooMany) {
  EXPECT_EQ(Texts(Runs("usinging")), (std::vector<std::string>{"using"}));
  EXPECT_EQ(Texts(Runs("processessing")),
            (std::vector<std::string>{"processing"}));
}

// A run that repeats the letters beside it costs less than another run.
TEST_F(ChunksTest, RepeatedRunsCostLess) {
  const std::vector<Suggestion> repeated = Runs("usinging");
  const std::vector<Suggestion> other = Runs("usinxyzg");
  ASSERT_EQ(repeated.size(), 1u);
  ASSERT_EQ(Texts(other), (std::vector<std::string>{"using"}));
  EXPECT_FLOAT_EQ(other[0].cost - repeated[0].cost, kExtraRunOther);
}

TEST_F(ChunksTest, NotBeforeThreeTypedLettersNorPastTheBound) {
  EXPECT_TRUE(Runs("xyzusing").empty());  // a prefix of kMinChunkPrefix
  ASSERT_TRUE(f_.Type("implets"));
  walk_.Prepare();
  f_.ctx.bound = ChunkSearch::ChunkCost(kMinChunk) - 0.01f;
  chunks_.Run();
  EXPECT_TRUE(f_.candidates.Rank({}).empty());
}

}  // namespace
}  // namespace spellfilter
