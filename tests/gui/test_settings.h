#pragma once
// Settings of the tests, never the user's. Included by every GUI and widget test (one per
// executable): Qt's test mode is switched on as the application object is made, before any
// QSettings exists (QSettings keeps the folder it found first), so QSettings and QStandardPaths
// write under ~/.qttest instead of ~/.config and ~/.local/share, whether the test runs under
// ctest or by hand. A gaitspace or gaitspace-cli started by a test gets folders of its own
// (isolatedEnvironment). Under ctest, tests/CMakeLists.txt also points XDG_CONFIG_HOME and
// XDG_DATA_HOME of every test into the build tree. tst_user_settings proves all three.

#include <QCoreApplication>
#include <QDir>
#include <QProcessEnvironment>
#include <QStandardPaths>

namespace gs::test {

// The environment for a process a test starts: this one's, with its configuration, data and
// autosave folders under `dir` (made when missing).
inline QProcessEnvironment isolatedEnvironment(
    const QString& dir, QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) {
    const QDir root(dir);
    for (const char* sub : {"config", "data", "autosave"}) root.mkpath(QLatin1String(sub));
    env.insert("XDG_CONFIG_HOME", root.filePath("config"));
    env.insert("XDG_DATA_HOME", root.filePath("data"));
    env.insert("GAITSPACE_AUTOSAVE_DIR", root.filePath("autosave"));
    return env;
}

}  // namespace gs::test

namespace {
void gsUseTestSettings() { QStandardPaths::setTestModeEnabled(true); }
}  // namespace
Q_COREAPP_STARTUP_FUNCTION(gsUseTestSettings)
