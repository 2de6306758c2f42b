// chunked_read.h: a big file read and decoded in chunks on a worker
// thread, each chunk shown as it comes (issue 35 item 6), decoding
// correctly across chunk boundaries in every encoding.

#include "app/editor/chunked_read.h"

#include <sys/stat.h>

#include <QFile>
#include <QSemaphore>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <memory>
#include <thread>

#include "app/editor/soft_lines.h"
#include "app/editor/spell_service.h"
#include "app/editor/spell_text_edit.h"
#include "app/editor/text_encoding.h"
#include "app/editor/text_file.h"
#include "editor_test_support.h"

namespace spellfilter::editor {
namespace {

QString WriteFile(const QString& name, const QByteArray& bytes) {
  const QString path = Environment().root() + "/" + name;
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
    return {};
  return path;
}

// Runs `read` to its end, collecting the text it hands over.
QString ReadAll(ChunkedRead* read) {
  QString text;
  read->start();
  read->waitForStart();
  for (;;) {
    const ChunkedRead::State state = read->state();
    text += read->takeText();
    if (state != ChunkedRead::State::kStreaming &&
        state != ChunkedRead::State::kReading) {
      break;
    }
    QTest::qWait(1);
  }
  return text;
}

constexpr qsizetype kChunk = 1000;

struct Case {
  const char* encoding;  // as written; "" = ReadTextFile (no name given)
  const char* read_as;   // the name ChunkedRead gets
  QByteArray bom;
  QString straddler;  // encodes to several bytes (or one, in 1252)
  bool crlf;
};

// A file of `c`'s encoding, several chunks long, with c.straddler
// starting one byte before each of the first chunk boundaries.
QByteArray MakeFile(const Case& c, QString* text) {
  QByteArray bytes = c.bom;
  text->clear();
  const QString line_end =
      c.crlf ? QStringLiteral("\r\n") : QStringLiteral("\n");
  auto encode = [&](const QString& s) {
    QByteArray out;
    QString error;
    if (!Encode(s, QString::fromLatin1(c.encoding), &out, &error)) {
      qFatal("cannot encode: %s", qPrintable(error));
    }
    return out;
  };
  const QByteArray straddler = encode(c.straddler);
  // UTF-16: the character (a surrogate pair) starts two bytes before the
  // boundary, so the boundary falls between its two units (odd cuts, in
  // the middle of a unit, are StreamDecoder's test).
  const qsizetype before = QByteArray(c.encoding).startsWith("UTF-16") ? 2 : 1;
  for (int boundary = 1; boundary <= 4; ++boundary) {
    // Plain ASCII up to the boundary less `before` (a line end now and
    // then, so the chunks hand over whole lines), then the character.
    const qsizetype target = boundary * kChunk - before;
    QString pad;
    for (;;) {
      const QString next =
          pad.size() % 60 == 59 ? line_end : QStringLiteral("a");
      if (bytes.size() + encode(pad + next).size() > target) break;
      pad += next;
    }
    while (bytes.size() + encode(pad).size() < target) pad += u'a';
    bytes += encode(pad);
    *text += pad;
    bytes += straddler;
    *text += c.straddler;
    const QString rest = QStringLiteral(" next") + line_end;
    bytes += encode(rest);
    *text += rest;
  }
  text->replace(QStringLiteral("\r\n"), QStringLiteral("\n"));
  return bytes;
}

}  // namespace

class ChunkedReadTest : public QObject {
  Q_OBJECT

 private slots:
  // StreamDecoder: any cut of the bytes decodes as the whole does, in
  // UTF-8, UTF-16 (surrogate pairs, odd cuts), Shift-JIS (lead bytes)
  // and Windows-1252.
  void decoderCutsAnywhere_data() {
    QTest::addColumn<QString>("encoding");
    QTest::addColumn<QString>("text");
    const QString mixed = QStringLiteral(
        "caf\u00e9 \u0436\u0443\u043a \U0001F600 na\u00efve\n\u20ac 5\n");
    QTest::newRow("UTF-8") << "UTF-8" << mixed;
    QTest::newRow("UTF-16LE") << "UTF-16LE" << mixed;
    QTest::newRow("UTF-16BE") << "UTF-16BE" << mixed;
    QTest::newRow("Shift_JIS")
        << "Shift_JIS"
        << QStringLiteral("\u65e5\u672c\u8a9e a \uff71\u30c6\u30b9\u30c8\n");
    QTest::newRow("windows-1252")
        << "windows-1252" << QStringLiteral("caf\u00e9 \u20ac \u201cq\u201d\n");
  }
  void decoderCutsAnywhere() {
    QFETCH(QString, encoding);
    QFETCH(QString, text);
    QByteArray bytes;
    QString error;
    if (encoding == "UTF-8") {
      bytes = text.toUtf8();
    } else {
      QVERIFY2(Encode(text, encoding, &bytes, &error), qPrintable(error));
    }
    for (qsizetype first = 0; first <= bytes.size(); ++first) {
      for (qsizetype second = first; second <= bytes.size(); ++second) {
        StreamDecoder decoder(encoding);
        QString decoded;
        QVERIFY(decoder.decode(QByteArrayView(bytes).first(first), false,
                               &decoded));
        QVERIFY(
            decoder.decode(QByteArrayView(bytes).sliced(first, second - first),
                           false, &decoded));
        QVERIFY(decoder.decode(QByteArrayView(bytes).sliced(second), true,
                               &decoded));
        QCOMPARE(decoded, text);
      }
    }
  }

  // A bad byte is found at its offset from the file's start, whichever
  // piece it is in; a sequence cut short at the end is bad; UTF-8's NUL
  // is reported.
  void decoderReportsTheFirstBadByte() {
    {
      StreamDecoder decoder("UTF-8", 3);
      QString text;
      QVERIFY(decoder.decode("ab\xd0", false, &text));
      QVERIFY(!decoder.decode("Az", false, &text));
      QCOMPARE(decoder.badOffset(), qint64{5});
      QCOMPARE(text, QString("ab"));
    }
    {
      StreamDecoder decoder("UTF-8");
      QString text;
      QVERIFY(decoder.decode("ab\xe2\x82", false, &text));
      QVERIFY(!decoder.decode("", true, &text));
      QCOMPARE(decoder.badOffset(), qint64{2});
    }
    {
      StreamDecoder decoder("UTF-8");
      QString text;
      QVERIFY(!decoder.decode(QByteArray("ab\0c", 4), false, &text));
      QVERIFY(decoder.sawNul());
      QCOMPARE(decoder.badOffset(), qint64{2});
    }
    {
      StreamDecoder decoder("Shift_JIS");
      QString text;
      QVERIFY(decoder.decode("abcd", false, &text));
      QVERIFY(!decoder.decode("e\x85\x40", false, &text));  // unassigned
      QCOMPARE(decoder.badOffset(), qint64{5});
      QVERIFY(decoder.error().contains("offset 5"));
    }
  }

  // Issue 35 item 6: a file several chunks long, a multi-byte character
  // straddling each of the first chunk boundaries, reads exactly as the
  // whole file does (ReadTextFile / ReadTextFileAs) in every encoding, in
  // several pieces; shown by SpellTextEdit and written back, it is the
  // same bytes.
  void straddlingCharactersReadExactly_data() {
    QTest::addColumn<int>("index");
    for (int i = 0; i < 5; ++i) QTest::newRow(std::to_string(i).c_str()) << i;
  }
  void straddlingCharactersReadExactly() {
    QFETCH(int, index);
    const Case cases[] = {
        {"UTF-8", "", {}, QStringLiteral("\u0436\u20ac\U0001F600"), true},
        {"UTF-8", "", "\xEF\xBB\xBF", QStringLiteral("\u20ac\u00e9"), false},
        {"UTF-16LE", "", "\xFF\xFE", QStringLiteral("\U0001F600\u0436"), true},
        {"Shift_JIS", "Shift_JIS", {}, QStringLiteral("\u65e5\u672c"), false},
        {"windows-1252",
         "windows-1252",
         {},
         QStringLiteral("\u20ac\u00e9"),
         true},
    };
    const Case& c = cases[index];
    QString expected;
    const QByteArray bytes = MakeFile(c, &expected);
    QVERIFY(bytes.size() > 4 * kChunk);
    if (QByteArray(c.encoding) == "UTF-8") {
      // The boundaries really fall inside a character.
      QCOMPARE(static_cast<uchar>(bytes[kChunk]) & 0xC0, 0x80);
    }
    const QString path =
        WriteFile(QString("straddle-%1.txt").arg(index), bytes);
    QVERIFY(!path.isEmpty());

    LoadedText direct;
    QString error;
    const QString read_as = QString::fromLatin1(c.read_as);
    QVERIFY2(read_as.isEmpty() ? ReadTextFile(path, &direct, &error)
                               : ReadTextFileAs(path, read_as, &direct, &error),
             qPrintable(error));
    QCOMPARE(direct.text, expected);

    ChunkedRead read(path, read_as, kChunk);
    QCOMPARE(ReadAll(&read), expected);
    QCOMPARE(read.state(), ChunkedRead::State::kStreamed);
    QCOMPARE(read.chunksRead(), (bytes.size() + kChunk - 1) / kChunk);
    QCOMPARE(read.format().encoding, direct.format.encoding);
    QCOMPARE(read.format().byte_order_mark, direct.format.byte_order_mark);
    QCOMPARE(read.format().crlf, direct.format.crlf);

    // Through the editor: shown as it comes, saved back byte for byte.
    SpellService service;
    SpellTextEdit edit(&service);
    auto* streamed = new ChunkedRead(path, read_as, kChunk);
    streamed->start();
    streamed->waitForStart();
    edit.streamRead(streamed);
    QTRY_VERIFY_WITH_TIMEOUT(!edit.isStreaming(), 20000);
    QVERIFY(!edit.isPartial());
    QCOMPARE(DocumentText(*edit.document()), expected);
    const QString copy =
        Environment().root() + QString("/copy-%1.txt").arg(index);
    QVERIFY2(WriteTextFile(copy, DocumentText(*edit.document()), direct.format,
                           &error),
             qPrintable(error));
    QFile written(copy);
    QVERIFY(written.open(QIODevice::ReadOnly));
    QCOMPARE(written.readAll(), bytes);
  }

  // Every chunk reaches the document, however the worker's hand-overs
  // and the editor's takes interleave (many small chunks, each a chance
  // for the last ones to come between a take and a look at the state).
  void everyChunkArrives() {
    QByteArray bytes;
    for (int i = 0; bytes.size() < 3'000'000; ++i) {
      bytes += "line " + QByteArray::number(i) + " caf\xc3\xa9 text\n";
    }
    const QString path = WriteFile("many.txt", bytes);
    for (int round = 0; round < 3; ++round) {
      SpellService service;
      SpellTextEdit edit(&service);
      auto* read = new ChunkedRead(path, QString(), 2048);
      read->start();
      read->waitForStart();
      edit.streamRead(read);
      QTRY_VERIFY_WITH_TIMEOUT(!edit.isStreaming(), 60000);
      QCOMPARE(DocumentText(*edit.document()).size(),
               QString::fromUtf8(bytes).size());
      QCOMPARE(DocumentText(*edit.document()), QString::fromUtf8(bytes));
    }
  }

  // Lines longer than a chunk, shown in pieces (soft_lines.h), and line
  // ends QTextDocument counts besides '\n' (a lone CR, U+2029) in many
  // chunks: the document is the one setPlainText makes of the whole text
  // (the same blocks, the same continuation marks, the same text).
  void longLinesAndOtherLineEndsAcrossChunks() {
    QByteArray bytes;
    for (int i = 0; i < 12; ++i) {
      bytes += "short " + QByteArray::number(i) + "\r";  // a lone CR
      bytes += "para \xe2\x80\xa9 next\n";               // U+2029
      QByteArray long_line;
      while (long_line.size() < 9000 + i * 1500) {
        long_line += "word" + QByteArray::number(long_line.size()) + " ";
      }
      bytes += long_line + "\n";
    }
    const QString path = WriteFile("long-lines.txt", bytes);
    LoadedText direct;
    QString error;
    QVERIFY(ReadTextFile(path, &direct, &error));
    SpellService service;
    SpellTextEdit expected(&service);
    expected.setPlainText(direct.text);
    QVERIFY(HasContinuations(*expected.document()));
    SpellTextEdit edit(&service);
    auto* read = new ChunkedRead(path, QString(), 4096);
    read->start();
    read->waitForStart();
    edit.streamRead(read);
    QTRY_VERIFY_WITH_TIMEOUT(!edit.isStreaming(), 20000);
    QCOMPARE(DocumentText(*edit.document()),
             DocumentText(*expected.document()));
    QCOMPARE(edit.document()->blockCount(), expected.document()->blockCount());
    for (QTextBlock a = edit.document()->begin(),
                    b = expected.document()->begin();
         a.isValid() && b.isValid(); a = a.next(), b = b.next()) {
      QCOMPARE(a.text(), b.text());
      QCOMPARE(ContinuesLine(a), ContinuesLine(b));
    }
    QCOMPARE(edit.lineMap().lineCount(), expected.lineMap().lineCount());
  }

  // The first chunk reaches the editor before the read has ended: the
  // file is a pipe whose writer holds back the rest until the test has
  // seen the first lines in the document.
  void firstChunkIsShownBeforeTheReadEnds() {
    const QString fifo = Environment().root() + "/pipe.txt";
    QCOMPARE(mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    QByteArray first;
    for (int i = 0; first.size() < 3000; ++i) {
      first += "first line " + QByteArray::number(i) + " \xd0\xb6\n";
    }
    QByteArray rest;
    for (int i = 0; rest.size() < 5000; ++i) {
      rest += "later line " + QByteArray::number(i) + "\n";
    }
    QSemaphore go_on;
    std::thread writer([&] {
      QFile out(fifo);
      if (!out.open(QIODevice::WriteOnly | QIODevice::Unbuffered)) return;
      out.write(first);
      go_on.acquire();
      out.write(rest);
    });
    SpellService service;
    SpellTextEdit edit(&service);
    auto* read = new ChunkedRead(fifo, QString(), 64 * 1024);
    read->start();
    read->waitForStart();
    QCOMPARE(read->state(), ChunkedRead::State::kStreaming);
    edit.streamRead(read);
    QTRY_COMPARE(DocumentText(*edit.document()), QString::fromUtf8(first));
    QVERIFY(edit.isStreaming());
    QVERIFY(edit.isReadOnly());
    go_on.release();
    writer.join();
    QTRY_VERIFY_WITH_TIMEOUT(!edit.isStreaming(), 20000);
    QCOMPARE(DocumentText(*edit.document()), QString::fromUtf8(first + rest));
    QVERIFY(!edit.isReadOnly());
    QVERIFY(!edit.document()->isModified());
    QVERIFY(!edit.document()->isUndoAvailable());
  }

  // A file whose first chunks are clean UTF-8 but a later one is not is
  // decided whole, as ReadTextFile decides it (here: Windows-1252,
  // detected); the editor's stream is abandoned, saying so, and partial.
  void lateBadByteDecidesTheWholeFile() {
    QByteArray bytes;
    for (int i = 0; bytes.size() < 5 * kChunk; ++i) {
      bytes += "plain ascii line " + QByteArray::number(i) + "\n";
    }
    bytes +=
        "caf\xe9 cr\xe8me br\xfbl\xe9"
        "e, na\xefve fa\xe7"
        "ade\n";
    const QString path = WriteFile("late.txt", bytes);
    LoadedText direct;
    QString error;
    QVERIFY(ReadTextFile(path, &direct, &error));
    QVERIFY(direct.detected_confidence > 0);

    ChunkedRead read(path, QString(), kChunk);
    ReadAll(&read);
    QCOMPARE(read.state(), ChunkedRead::State::kWhole);
    QCOMPARE(read.whole().text, direct.text);
    QCOMPARE(read.whole().format.encoding, direct.format.encoding);

    SpellService service;
    SpellTextEdit edit(&service);
    auto* streamed = new ChunkedRead(path, QString(), kChunk);
    streamed->start();
    streamed->waitForStart();
    LoadedText abandoned;
    bool told = false;
    connect(&edit, &SpellTextEdit::streamAbandoned, this,
            [&](const LoadedText& whole, const QString&) {
              abandoned = whole;
              told = true;
            });
    edit.streamRead(streamed);
    QTRY_VERIFY_WITH_TIMEOUT(told, 20000);
    QVERIFY(!edit.isStreaming());
    QVERIFY(edit.isPartial());
    QCOMPARE(abandoned.text, direct.text);

    // Named, the encoding is not guessed: the bad byte is an error.
    ChunkedRead strict(path, "UTF-8", kChunk);
    ReadAll(&strict);
    QCOMPARE(strict.state(), ChunkedRead::State::kFailed);
    QVERIFY2(strict.error().contains(QString::number(bytes.indexOf('\xe9'))),
             qPrintable(strict.error()));
  }

  // A file that cannot be read says why; deleting a read under way stops
  // it.
  void failuresAndCancelling() {
    ChunkedRead missing(Environment().root() + "/missing.txt", QString());
    ReadAll(&missing);
    QCOMPARE(missing.state(), ChunkedRead::State::kFailed);
    QVERIFY(!missing.error().isEmpty());

    QByteArray bytes;
    while (bytes.size() < 4'000'000) bytes += "a line of text to read\n";
    const QString path = WriteFile("cancel.txt", bytes);
    auto read = std::make_unique<ChunkedRead>(path, QString(), 4096);
    read->start();
    read->waitForStart();
    read.reset();  // returns: the worker stops between two chunks
  }
};

}  // namespace spellfilter::editor

int main(int argc, char** argv) {
  spellfilter::editor::ChunkedReadTest test;
  return spellfilter::editor::RunEditorTest(&test, argc, argv);
}

#include "chunked_read_test.moc"
