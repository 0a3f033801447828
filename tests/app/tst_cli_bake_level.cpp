// gaitspace-cli bake-level PROJECT: the level a project names is baked for the project's agent
// (the same bytes as baking its mesh with that agent's options); a project without a level is
// refused in one line naming it.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"

using namespace gs::test;

namespace {

QString demoLevelMesh() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/levels/demo_level.glb");
}

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

QByteArray read(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

}  // namespace

class TestCliBakeLevel : public QObject {
    Q_OBJECT
private slots:
    void projectLevelBakesForItsAgent() {
        QTemporaryDir dir;
        const QString project = dir.filePath("level.gsproj");
        write(project, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[],
            "level":{"source":")" +
                           demoLevelMesh().toUtf8() + R"(","radius":0.4}})");
        const QString fromProject = dir.filePath("project.gslevel");
        const CliRun r = runCli({"bake-level", project, "-o", fromProject, "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.json()["polygons"].toInt() > 10);
        const QString fromMesh = dir.filePath("mesh.gslevel");
        QCOMPARE(
            runCli({"bake-level", demoLevelMesh(), "-o", fromMesh, "--radius", "0.4"}).exitCode, 0);
        QCOMPARE(read(fromProject), read(fromMesh));
        const QString defaults = dir.filePath("defaults.gslevel");
        QCOMPARE(runCli({"bake-level", demoLevelMesh(), "-o", defaults}).exitCode, 0);
        QVERIFY(read(defaults) != read(fromMesh));
    }

    void projectWithoutLevelIsRefused() {
        QTemporaryDir dir;
        const QString project = dir.filePath("plain.gsproj");
        write(project, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[]})");
        const CliRun r = runCli({"bake-level", project, "-o", dir.filePath("x.gslevel")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("plain.gsproj") && r.err.contains("names no level"),
                 r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }
};

QTEST_GUILESS_MAIN(TestCliBakeLevel)
#include "tst_cli_bake_level.moc"
