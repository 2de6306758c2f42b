#include "core/text/sentences.h"

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

namespace spellfilter {
namespace {

std::vector<std::string> Sentences(std::string_view text) {
  std::vector<TextRange> ranges;
  SplitSentences(text, &ranges);
  std::vector<std::string> out;
  size_t expected_begin = 0;
  for (const TextRange& r : ranges) {
    EXPECT_EQ(r.begin, expected_begin) << "ranges must cover the text";
    EXPECT_LT(r.begin, r.end);
    expected_begin = r.end;
    out.emplace_back(text.substr(r.begin, r.end - r.begin));
  }
  EXPECT_EQ(expected_begin, text.size());
  return out;
}

using V = std::vector<std::string>;

TEST(SentencesTest, EmptyTextHasNone) { EXPECT_EQ(Sentences(""), V{}); }

TEST(SentencesTest, FullStopsFollowedBySpaceEndSentences) {
  EXPECT_EQ(Sentences("Hello there. Guten Tag! Ça va ? Oui."),
            (V{"Hello there. ", "Guten Tag! ", "Ça va ? ", "Oui."}));
}

TEST(SentencesTest, RunsClosingQuotesAndEllipsisStayWithTheirSentence) {
  EXPECT_EQ(Sentences("Really?! \"Yes.\" Well… no (sure.) Ok"),
            (V{"Really?! ", "\"Yes.\" ", "Well… ", "no (sure.) ", "Ok"}));
  EXPECT_EQ(Sentences("Er sagte „Nein.“ Dann ging er."),
            (V{"Er sagte „Nein.“ Dann ging er."}))
      << "a low-9 quote's closing mark is not among the closers: one piece";
  EXPECT_EQ(Sentences("Il dit « non. » Puis"), (V{"Il dit « non. ", "» Puis"}))
      << "French spacing: the guillemet after the space starts the next";
}

TEST(SentencesTest, PeriodsInsideWordsAndNumbersDoNotEnd) {
  EXPECT_EQ(Sentences("Pi is 3.14 and www.example.org is a site."),
            (V{"Pi is 3.14 and www.example.org is a site."}));
}

TEST(SentencesTest, CjkFullStopsNeedNoSpace) {
  EXPECT_EQ(Sentences("今日は。明日？はい"), (V{"今日は。", "明日？", "はい"}));
}

TEST(SentencesTest, WrappedLinesStayOneSentenceParagraphsSplit) {
  EXPECT_EQ(Sentences("one line\nwrapped here\n\nnext paragraph"),
            (V{"one line\nwrapped here\n\n", "next paragraph"}));
}

TEST(SentencesTest, ListItemsAndHeadingsAreSentences) {
  EXPECT_EQ(
      Sentences("# Titel\n- erste Zeile\n* second item\n1. drei\n> quote"),
      (V{"# Titel\n", "- erste Zeile\n", "* second item\n", "1. drei\n",
         "> quote"}));
}

TEST(SentencesTest, TrailingWhitespaceAndLeadingSpaceAreCovered) {
  EXPECT_EQ(Sentences("  Start. \n"), (V{"  Start. \n"}));
  EXPECT_EQ(Sentences("..."), (V{"..."}));
}

}  // namespace
}  // namespace spellfilter
