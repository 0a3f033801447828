// A test run leaves the user's settings alone: the suite once wrote the window's geometry, the
// recent files and the autosaves into ~/.config/Gaitspace and ~/.local/share/Gaitspace. Each way
// a test reaches them is closed and checked here:
// - the test process: Qt's test mode (test_settings.h). A window session that writes geometry,
//   recent files, last folders and an autosave, run as a person runs a test binary by hand (a
//   fresh HOME, no XDG variables), leaves no Gaitspace folder in that home.
// - a gaitspace a test starts (isolatedEnvironment): the same.
// - ctest: every test of the suite has configuration and data folders of its own.
// And this run leaves the real home's Gaitspace folders as it found them.

#include <QDirIterator>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include "app/gui/window/autosave.h"
#include "common/generated_bvh.h"
#include "app/gui/window/main_window.h"
#include "test_settings.h"
#include "window_input.h"

using namespace gs;

namespace {

// Every file under `dir` with its size and modification time: what a test could have changed.
QStringList snapshot(const QString& dir) {
    QStringList files;
    QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo f(it.next());
        files << QStringLiteral("%1 %2 %3")
                     .arg(f.filePath())
                     .arg(f.size())
                     .arg(f.lastModified().toMSecsSinceEpoch());
    }
    files.sort();
    return files;
}

// The user's own folders of Gaitspace under `home` (XDG defaults).
QStringList userFolders(const QString& home) {
    return {home + "/.config/Gaitspace", home + "/.local/share/Gaitspace"};
}

// A project of one generated clip in `dir`.
QString smallProject(const QString& dir) {
    test::writeBytes(dir + "/walk.bvh", test::generatedBvh(60));
    const QString path = dir + "/small.gsproj";
    test::writeBytes(
        path,
        R"({"format":"gaitspace-project","version":1,"clips":[{"id":"walk","source":"walk.bvh"}],"spaces":[]})");
    return path;
}

// This environment as a person's shell has it, with `home` as the home folder: no XDG folders
// and no autosave folder set.
QProcessEnvironment byHand(const QString& home) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "GAITSPACE_AUTOSAVE_DIR"})
        env.remove(name);
    env.insert("HOME", home);
    return env;
}

bool isChild() { return qEnvironmentVariableIsSet("GS_USER_SETTINGS_CHILD"); }

}  // namespace

class TestUserSettings : public QObject {
    Q_OBJECT
    QStringList m_before;

private slots:
    void initTestCase() {
        for (const QString& d : userFolders(QDir::homePath())) m_before << snapshot(d);
    }

    void settingsAreNotTheUsers() {
        const QString home = QDir::homePath();
        QVERIFY2(!QSettings().fileName().startsWith(home + "/.config/"),
                 qPrintable(QSettings().fileName()));
        const QString data = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
        QVERIFY2(!data.startsWith(home + "/.local/share/"), qPrintable(data));
        if (!qEnvironmentVariableIsSet("GAITSPACE_AUTOSAVE_DIR"))
            QVERIFY2(!Autosave::folder().startsWith(home + "/.local/share/"),
                     qPrintable(Autosave::folder()));
    }

    // What a window session writes: the geometry and dock layout on close, the recent files and
    // the last folder on save, an autosave of unsaved changes.
    void windowSessionWritesItsSettings() {
        QTemporaryDir dir;
        const QString project = smallProject(dir.path());
        {
            MainWindow w;
            QVERIFY(test::showActive(w));
            w.openProject(project);
            QTRY_VERIFY_WITH_TIMEOUT(w.document()->clipCount() == 1 && !w.isLoading(), 30000);
            QVERIFY(w.document()->renameClip("walk", "stroll"));  // unsaved changes
            w.autosaveNow();
            QVERIFY(QFileInfo::exists(w.autosaveFile()));
            QVERIFY(w.saveAs(dir.filePath("renamed.gsproj")));
            w.setSaveQuestion([] { return QMessageBox::Discard; });
            QVERIFY(w.close());
        }
        QSettings settings;
        QVERIFY(settings.contains("window/geometry"));
        QVERIFY(
            settings.value("recentFiles").toStringList().contains(dir.filePath("renamed.gsproj")));
    }

    // The same session run as a person runs a test binary, with a home of its own: nothing of
    // Gaitspace appears in that home's .config or .local/share.
    void byHandRunLeavesHomeAlone() {
        if (isChild()) QSKIP("the child run");
        QTemporaryDir home;
        QProcess child;
        QProcessEnvironment env = byHand(home.path());
        env.insert("GS_USER_SETTINGS_CHILD", "1");
        child.setProcessEnvironment(env);
        child.setProcessChannelMode(QProcess::ForwardedChannels);
        child.start(QCoreApplication::applicationFilePath(), {"windowSessionWritesItsSettings"});
        QVERIFY(child.waitForFinished(120000));
        QCOMPARE(child.exitCode(), 0);
        for (const QString& d : userFolders(home.path()))
            QVERIFY2(!QFileInfo::exists(d), qPrintable(d));
        QVERIFY(QFileInfo::exists(home.filePath(".qttest")));  // where the test's settings went
    }

    // A gaitspace started as the tests start it, with a home of its own: it adds the project it
    // opened to the recent files, in the folders it was given, not in that home.
    void startedAppLeavesHomeAlone() {
        if (isChild()) QSKIP("the child run");
        QTemporaryDir home, dir;
        const QString project = smallProject(dir.path());
        QProcess app;
        app.setProcessEnvironment(
            test::isolatedEnvironment(dir.filePath("own"), byHand(home.path())));
        app.start(QStringLiteral(GAITSPACE_EXE),
                  {"--project", project, "--screenshot", dir.filePath("x.png"),
                   "--screenshot-delay", "300"});
        QVERIFY(app.waitForFinished(120000));
        QCOMPARE(app.exitCode(), 0);
        for (const QString& d : userFolders(home.path()))
            QVERIFY2(!QFileInfo::exists(d), qPrintable(d));
        const QSettings own(dir.filePath("own/config/Gaitspace/Gaitspace.conf"),
                            QSettings::IniFormat);
        QVERIFY(own.value("recentFiles").toStringList().contains(project));
    }

    // Every test ctest runs has configuration and data folders of its own, outside the home.
    void everyCtestTestHasItsOwnFolders() {
        if (isChild()) QSKIP("the child run");
        QProcess ctest;
        ctest.setWorkingDirectory(QStringLiteral(GAITSPACE_BINARY_DIR "/tests"));
        ctest.start(QStringLiteral(CTEST_EXE), {"--show-only=json-v1"});
        QVERIFY(ctest.waitForFinished(60000));
        QCOMPARE(ctest.exitCode(), 0);
        const QJsonArray tests =
            QJsonDocument::fromJson(ctest.readAllStandardOutput()).object()["tests"].toArray();
        QVERIFY2(tests.size() > 20, "ctest lists the suite");
        const QString home = QDir::homePath();
        for (const QJsonValue& t : tests) {
            const QString name = t["name"].toString();
            QString config, data;
            for (const QJsonValue& p : t["properties"].toArray())
                if (p["name"].toString() == "ENVIRONMENT")
                    for (const QJsonValue& v : p["value"].toArray()) {
                        const QString s = v.toString();
                        if (s.startsWith("XDG_CONFIG_HOME=")) config = s.mid(16);
                        if (s.startsWith("XDG_DATA_HOME=")) data = s.mid(14);
                    }
            QVERIFY2(!config.isEmpty() && !config.startsWith(home + "/.config"),
                     qPrintable(name + ": " + config));
            QVERIFY2(!data.isEmpty() && !data.startsWith(home + "/.local/share"),
                     qPrintable(name + ": " + data));
        }
    }

    void cleanupTestCase() {
        QStringList after;
        for (const QString& d : userFolders(QDir::homePath())) after << snapshot(d);
        QCOMPARE(after, m_before);
    }
};

QTEST_MAIN(TestUserSettings)
#include "tst_user_settings.moc"
