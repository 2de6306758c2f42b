// KF5 Sonnet with the spellfilter plugin, through Sonnet's public API as a
// KDE application uses it (QT_PLUGIN_PATH points at the build's plugin
// directory; nothing is installed):
//   sonnet_test backends          the backends Sonnet found, one per line
//   sonnet_test check LANG        the words of stdin (one per line) that
//                                 Speller::isCorrect rejects, in order
//   sonnet_test suggest LANG WORD Speller::suggest, comma-separated
//   sonnet_test add LANG WORD     Speller::addToPersonal; exit 0 if it
//                                 worked and the word is then correct
// Exit 2 when the Speller for LANG is not valid or not spellfilter's.
#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

#include <sonnet/speller.h>

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const QStringList args = app.arguments();
  QTextStream out(stdout);
  if (args.size() >= 2 && args[1] == QLatin1String("backends")) {
    Sonnet::Speller speller;
    for (const QString& b : speller.availableBackends()) out << b << "\n";
    return 0;
  }
  if (args.size() < 3) return 2;
  Sonnet::Speller speller;
  speller.setDefaultClient(QStringLiteral("spellfilter"));
  speller.setLanguage(args[2]);
  if (!speller.isValid()) {
    std::fprintf(stderr, "sonnet_test: no valid speller for %s\n",
                 qPrintable(args[2]));
    return 2;
  }
  if (args[1] == QLatin1String("check")) {
    QTextStream in(stdin);
    QString word;
    while (in.readLineInto(&word)) {
      if (!word.isEmpty() && !speller.isCorrect(word)) out << word << "\n";
    }
    return 0;
  }
  if (args[1] == QLatin1String("suggest") && args.size() >= 4) {
    out << speller.suggest(args[3]).join(QStringLiteral(", ")) << "\n";
    return 0;
  }
  if (args[1] == QLatin1String("add") && args.size() >= 4) {
    if (!speller.addToPersonal(args[3])) return 1;
    return speller.isCorrect(args[3]) ? 0 : 1;
  }
  return 2;
}
