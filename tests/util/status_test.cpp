#include "core/util/status.h"

#include <gtest/gtest.h>

namespace spellfilter {
namespace {

// A caller that adds where an error happened keeps its code: the CLI maps
// codes to exit codes, so "--lang de: not found" must still be kNotFound.
TEST(StatusTest, WithPrefixKeepsTheCodeAndPutsThePrefixFirst) {
  const Status cases[] = {
      Status::InvalidArgument("bad"), Status::NotFound("bad"),
      Status::Corruption("bad"),      Status::Unsupported("bad"),
      Status::IOError("bad"),
  };
  for (const Status& s : cases) {
    Status p = s.WithPrefix("de.aff: ");
    EXPECT_EQ(p.code(), s.code());
    EXPECT_EQ(p.message(), "de.aff: bad");
  }
}

TEST(StatusTest, WithPrefixLeavesOkAlone) {
  Status p = Status::Ok().WithPrefix("x: ");
  EXPECT_TRUE(p.ok());
  EXPECT_EQ(p.message(), "");
}

}  // namespace
}  // namespace spellfilter
