#include "app/lsp/message_parser.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace spellfilter::lsp {
namespace {

using json = nlohmann::json;

// The parsed message with each text taken back in its place: what
// json::parse gives.
json Restored(json value, std::vector<std::string>& texts) {
  if (value.is_binary()) {
    std::string text;
    EXPECT_TRUE(TakeText(value, texts, &text));
    return text;
  }
  if (value.is_structured()) {
    for (auto& v : value) v = Restored(v, texts);
  }
  return value;
}

TEST(MessageParserTest, DocumentTextsAreTakenOut) {
  std::string body =
      R"({"params":{"textDocument":{"uri":"file:///a","te\u0078t":"a\"b\\c\n\u00e9\ud83d\ude00 é"}},)"
      R"("text":"not this one","method":"x"})";
  json message;
  std::vector<std::string> texts;
  ASSERT_EQ(ParseMessage(body, 256, &message, &texts), ParseResult::kOk);
  const json& text = message["params"]["textDocument"]["text"];
  ASSERT_TRUE(text.is_binary());
  std::string taken;
  ASSERT_TRUE(TakeText(text, texts, &taken));
  EXPECT_EQ(taken, "a\"b\\c\n\xC3\xA9\xF0\x9F\x98\x80 \xC3\xA9");
  EXPECT_EQ(message["text"], "not this one");

  body = R"({"params":{"contentChanges":[{"text":"one"},{"range":null,"text":"two"},{"text":5}]}})";
  ASSERT_EQ(ParseMessage(body, 256, &message, &texts), ParseResult::kOk);
  const json& changes = message["params"]["contentChanges"];
  ASSERT_TRUE(TakeText(changes[1]["text"], texts, &taken));
  EXPECT_EQ(taken, "two");
  ASSERT_TRUE(TakeText(changes[0]["text"], texts, &taken));
  EXPECT_EQ(taken, "one");
  // A number stays a number: not a text.
  EXPECT_TRUE(changes[2]["text"].is_number());
  EXPECT_FALSE(TakeText(changes[2]["text"], texts, &taken));
}

TEST(MessageParserTest, BadTextsAndDepthAreErrors) {
  json message;
  std::vector<std::string> texts;
  for (std::string body : {
           std::string(R"({"params":{"textDocument":{"text":"\ud800"}}})"),  // lone surrogate
           std::string(R"({"params":{"textDocument":{"text":"\udc00x"}}})"),
           std::string(R"({"params":{"textDocument":{"text":"\x"}}})"),
           std::string(R"({"params":{"textDocument":{"text":"a)") + '\x01' + "\"}}}",
           std::string(R"({"params":{"textDocument":{"text":"\xC0\xAF"}}})"),  // overlong
           std::string(R"({"params":{"textDocument":{"text":"\xED\xA0\x80"}}})"),
           std::string(R"({"params":{"textDocument":{"text":"abc}}})"),
           std::string(R"({"params":{"textDocument":{"text":"abc"}})"),
       }) {
    EXPECT_EQ(ParseMessage(body, 256, &message, &texts), ParseResult::kNotJson) << body;
  }
  std::string deep = R"({"params":{"textDocument":{"text":"x","a":)";
  for (int i = 0; i < 300; ++i) deep += "[";
  for (int i = 0; i < 300; ++i) deep += "]";
  deep += "}}}";
  EXPECT_EQ(ParseMessage(deep, 256, &message, &texts), ParseResult::kTooDeep);
}

// Random messages (texts of escapes, UTF-8, invalid bytes, quotes, at and
// beside the texts' places): ParseMessage fails exactly when json::parse
// does, and otherwise gives its value, the texts taken back.
TEST(MessageParserTest, AgreesWithTheJsonParser) {
  std::mt19937 rng(34);
  const char* pieces[] = {"a", " ", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00",
                          "\\ud83d", "\\udc00", "\xC3\xA9", "\xF0\x9F\x98\x80", "\xC3",
                          "\x01", "\"", "\\", "\\/", "\\t", "}", "]", ",", ":", "\\q"};
  const auto string = [&] {
    std::string s = "\"";
    for (int n = rng() % 6; n > 0; --n) s += pieces[rng() % std::size(pieces)];
    return s + "\"";
  };
  const auto value = [&]() -> std::string {
    switch (rng() % 6) {
      case 0: return "5";
      case 1: return "null";
      case 2: return "[" + string() + "]";
      case 3: return "{\"text\":" + string() + "}";
      default: return string();
    }
  };
  for (int round = 0; round < 20000; ++round) {
    std::string body;
    switch (rng() % 3) {
      case 0:
        body = "{\"params\":{\"textDocument\":{\"uri\":" + string() + ",\"text\":" + value() +
               "}},\"text\":" + value() + "}";
        break;
      case 1:
        body = "{\"params\":{\"contentChanges\":[{\"text\":" + value() + "}, {\"text\" : " +
               value() + ",\"text\":" + value() + "}]}}";
        break;
      default:
        body = "{\"params\":{\"contentChanges\":" + value() + ",\"textDocument\":[" + value() +
               "]}}";
        break;
    }
    if (rng() % 8 == 0) body.erase(rng() % body.size(), 1);
    const json expected = json::parse(body, nullptr, /*allow_exceptions=*/false);
    std::string copy = body;
    json message;
    std::vector<std::string> texts;
    const ParseResult r = ParseMessage(copy, 256, &message, &texts);
    if (expected.is_discarded()) {
      EXPECT_EQ(r, ParseResult::kNotJson) << body;
    } else {
      ASSERT_EQ(r, ParseResult::kOk) << body;
      EXPECT_EQ(Restored(message, texts), expected) << body;
    }
  }
}

}  // namespace
}  // namespace spellfilter::lsp
