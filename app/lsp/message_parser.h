// A JSON-RPC message's body parsed into a JSON value, except the texts of
// documents: `params.textDocument.text` (didOpen) and
// `params.contentChanges[i].text` (didChange) are moved out of the parser
// into *texts as they are read, and the value holds in their place a
// binary value whose subtype is their index there (JSON text never makes a
// binary value, so a client cannot forge one). A document is then held once
// beside the message's body, not four times (the body, the lexer's raw
// token and decoded string, the document's copy): docs/lsp.md, memory.
//
// The texts are decoded by a scan before the parse (the JSON lexer would
// hold each three times: the body, the raw token it records for its error
// messages, the decoded string), and nlohmann::json's SAX interface reads
// the rest, a value built by its own DOM builder. Neither recurses on
// nesting, and nesting deeper than `max_depth` stops the parse.
#ifndef SPELLFILTER_APP_LSP_MESSAGE_PARSER_H_
#define SPELLFILTER_APP_LSP_MESSAGE_PARSER_H_

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace spellfilter::lsp {

enum class ParseResult {
  kOk,
  kNotJson,   // a syntax error (or invalid UTF-8)
  kTooDeep,   // arrays and objects nested deeper than max_depth
};

// Parses `body` into *message (its document texts into *texts, cleared
// first; their places in `body` are blanked). Throws std::bad_alloc when
// memory runs out.
ParseResult ParseMessage(std::string& body, size_t max_depth,
                         nlohmann::json* message, std::vector<std::string>* texts);

// The text a document text member holds: taken from `texts` (moved out)
// when the parser set it aside, copied when it is a string; false when it
// is neither (a number, an object...).
bool TakeText(const nlohmann::json& value, std::vector<std::string>& texts,
              std::string* text);

}  // namespace spellfilter::lsp

#endif  // SPELLFILTER_APP_LSP_MESSAGE_PARSER_H_
