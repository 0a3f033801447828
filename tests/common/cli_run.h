#pragma once
// Runs the gaitspace-cli built with the tests and keeps what it printed.

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
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
        return e.error == QJsonParseError::NoError && d.isObject() &&
               out.trimmed().count('\n') == 0;
    }
};

// Runs `gaitspace-cli ARGS...` (two minutes at most).
CliRun runCli(const QStringList& args);

// What another program printed, as text; exitCode is -1 when it crashed or timed out.
struct ProgramRun {
    int exitCode = -1;
    QString out, err;
};

// Runs PROGRAM ARGS... with extra environment entries ("NAME=value") in `dir` (the current
// folder when empty), for at most timeoutMs.
ProgramRun runProgram(const QString& program, const QStringList& args, const QStringList& env = {},
                      const QString& dir = {}, int timeoutMs = 300000);

}  // namespace gs::test
