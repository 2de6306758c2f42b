// spellfilter dicts: the languages `check --lang` (and the C library, and
// the Enchant provider) can use, and where each comes from
// (core/catalog/language_catalog.h).
#include <cstdio>
#include <memory>

#include "app/cli/command.h"
#include "core/catalog/language_catalog.h"

namespace spellfilter::cli {
namespace {

int RunDicts(bool paths_only) {
  const std::vector<CatalogEntry> all = ListDictionaries();
  for (const CatalogEntry& e : all) {
    if (paths_only) {
      std::printf("%s\t%s\n", e.tag.c_str(), e.source.c_str());
      continue;
    }
    if (e.kind == CatalogEntry::Kind::kSpellfilter) {
      std::printf("%-10s spellfilter  %s\n", e.tag.c_str(), e.source.c_str());
    } else {
      std::printf("%-10s hunspell     %s (%s)\n", e.tag.c_str(),
                  e.source.c_str(),
                  e.cache_current ? ("converted: " + e.cached).c_str()
                  : e.cached.empty()
                      ? "no cache directory: HOME is not set"
                      : "converted on first use");
    }
  }
  if (all.empty()) std::fprintf(stderr, "spellfilter: no dictionaries found\n");
  return kExitOk;
}

}  // namespace

Command AddDictsCommand(CLI::App* parent) {
  auto paths_only = std::make_shared<bool>(false);
  CLI::App* c = parent->add_subcommand(
      "dicts",
      "List the languages available to --lang: spellfilter dictionaries, and "
      "the system's Hunspell dictionaries (converted once into "
      "${XDG_CACHE_HOME:-~/.cache}/spellfilter)");
  c->add_flag("--tsv", *paths_only, "Print TAG<TAB>SOURCE lines only");
  return Command{c, [paths_only] { return RunDicts(*paths_only); }};
}

}  // namespace spellfilter::cli
