#pragma once
// Shared pieces of gaitspace-cli's commands: the command table, JSON output, clip loading.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "core/clip.h"
#include "core/io/clip_import.h"

namespace gs::cli {

// One sub-command: `gaitspace-cli NAME ARGS...`. run() gets the arguments after NAME (with the
// program name first, as QCommandLineParser expects) and returns the exit status.
struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList& arguments);
    bool needsGui = false;  // true: main() creates a QGuiApplication (offscreen GL rendering)
};

// Every command, in the order `gaitspace-cli --help` lists them.
const std::vector<Command>& commands();

// Prints the object as one compact JSON document on stdout.
void printJson(const QJsonObject& object);
// Prints "gaitspace-cli: FILE: MESSAGE" on stderr (one line).
void printError(const QString& file, const QString& message);

// Imports one file's clips; on failure prints nothing and returns the Status.
Expected<ImportedClips> loadClips(const QString& path, const ImportSettings& settings = {});
// Imports the first clip of a file, printing the error line on failure.
std::optional<Clip> loadFirstClip(const QString& path, const ImportSettings& settings = {});

QJsonArray toJson(const std::vector<int>& values);

}  // namespace gs::cli
