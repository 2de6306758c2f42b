// The plugin interface of KDE Frameworks 5 Sonnet (SonnetCore 5.x):
// Sonnet::Client, which Sonnet's loader finds in QT_PLUGIN_PATH/kf5/sonnet/
// by the interface id "org.kde.sonnet.Client", and Sonnet::SpellerPlugin,
// which a client creates per language. Sonnet keeps these headers private
// (client_p.h, spellerplugin_p.h) and Debian's libkf5sonnet-dev does not
// ship them, so they are declared here: the classes are exported by
// libKF5SonnetCore.so.5 and their layout has not changed across KF5 (the
// library's vtables: SpellerPlugin 10 slots, Client 18, what these
// declarations give; tests/sonnet checks the plugin through Sonnet itself).
//
// Not a moc input: Client's meta-object (Q_OBJECT's members) is defined in
// the library.
#ifndef SPELLFILTER_APP_SONNET_SONNET_PLUGIN_INTERFACE_H_
#define SPELLFILTER_APP_SONNET_SONNET_PLUGIN_INTERFACE_H_

#include <QObject>
#include <QString>
#include <QStringList>

namespace Sonnet {

class SpellerPlugin;

class Q_DECL_IMPORT Client : public QObject {
  Q_OBJECT
 public:
  Client(QObject* parent = nullptr);
  virtual int reliability() const = 0;
  virtual SpellerPlugin* createSpeller(const QString& language) = 0;
  virtual QStringList languages() const = 0;
  virtual QString name() const = 0;
};

class Q_DECL_IMPORT SpellerPlugin {
 public:
  virtual ~SpellerPlugin();
  virtual bool isCorrect(const QString& word) const = 0;
  bool isMisspelled(const QString& word) const;
  virtual QStringList suggest(const QString& word) const = 0;
  virtual bool checkAndSuggest(const QString& word,
                               QStringList& suggestions) const;
  virtual bool storeReplacement(const QString& bad, const QString& good) = 0;
  virtual bool addToPersonal(const QString& word) = 0;
  virtual bool addToSession(const QString& word) = 0;
  QString language() const;

 protected:
  SpellerPlugin(const QString& language);

 private:
  class Private;
  Private* const d;
};

}  // namespace Sonnet

Q_DECLARE_INTERFACE(Sonnet::Client, "org.kde.sonnet.Client")

#endif  // SPELLFILTER_APP_SONNET_SONNET_PLUGIN_INTERFACE_H_
