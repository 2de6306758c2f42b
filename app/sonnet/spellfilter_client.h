// sonnet_spellfilter.so: a KDE Frameworks 5 Sonnet backend over
// libspellfilter's C API (spellfilter.h), so that Kate, KWrite, KMail and
// every KF5 application that spell-checks through Sonnet can use
// spellfilter. Languages: every one spellfilter_open_language opens
// (spellfilter's, and the system's Hunspell dictionaries, converted once).
// Personal words go to spellfilter's user list (the one `spellfilter add`
// edits); session words last as long as the speller.
//
// Sonnet creates one SpellerPlugin per language and may use it from its
// background checker's thread; the C API's handle may be used from any
// thread.
#ifndef SPELLFILTER_APP_SONNET_SPELLFILTER_CLIENT_H_
#define SPELLFILTER_APP_SONNET_SPELLFILTER_CLIENT_H_

#include <QtPlugin>

#include "app/sonnet/sonnet_plugin_interface.h"

class SpellfilterClient : public Sonnet::Client {
  Q_OBJECT
  Q_INTERFACES(Sonnet::Client)
  Q_PLUGIN_METADATA(IID "org.kde.sonnet.Client")

 public:
  explicit SpellfilterClient(QObject* parent = nullptr);

  // Above Hunspell's 40 and Aspell's 20: chosen when no backend is set.
  int reliability() const override { return 50; }
  Sonnet::SpellerPlugin* createSpeller(const QString& language) override;
  QStringList languages() const override;
  QString name() const override { return QStringLiteral("spellfilter"); }
};

#endif  // SPELLFILTER_APP_SONNET_SPELLFILTER_CLIENT_H_
