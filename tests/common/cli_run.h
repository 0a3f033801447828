#pragma once
// Runs the gaitspace-cli built with the tests and keeps what it printed.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>

namespace gs::test {

struct CliRun {
    int exitCode = -1;
    QByteArray out, err;

    QJsonObject json() const { return QJsonDocument::fromJson(out).object(); }
    // --json prints exactly one JSON object (one line) on stdout.
    bool isOneObject() const {
        QJsonParseError e;
        const QJsonDocument d = QJsonDocument::fromJson(out, &e);
        return e.error == QJsonParseError::NoError && d.isObject() && out.trimmed().count('\n') == 0;
    }
};

// Runs `gaitspace-cli ARGS...` (two minutes at most).
CliRun runCli(const QStringList& args);

}  // namespace gs::test
