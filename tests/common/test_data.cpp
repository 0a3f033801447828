#include "common/test_data.h"

#include <QDir>
#include <QFileInfo>

#include "core/io/clip_import.h"

namespace gs::test {

QString dataDir() {
    QString dir = qEnvironmentVariable("GAITSPACE_DATA_DIR");
    if (dir.isEmpty()) dir = qEnvironmentVariable("GAITSPACE_DEFAULT_DATA_DIR");
    if (dir.isEmpty()) dir = QStringLiteral("../shared/data");
    return QDir::cleanPath(QDir(dir).absolutePath());
}

QString dataPath(const QString& relative) { return dataDir() + "/" + relative; }

bool hasData() { return QFileInfo::exists(dataPath("cmu/16_15.bvh")); }

bool dataRequired() { return qEnvironmentVariable("GAITSPACE_REQUIRE_DATA") == "1"; }

QString cmuClip(const QString& id) { return dataPath("cmu/" + id + ".bvh"); }

Clip loadClip(const QString& path) {
    auto imported = importClips(path.toStdString());
    if (!imported) {
        QTest::qFail(qPrintable(path + ": " + QString::fromStdString(imported.message())), __FILE__,
                     __LINE__);
        return {};
    }
    return imported->clips.front();
}

QString cliPath() {
    const QString cli = qEnvironmentVariable("GAITSPACE_CLI");
    return cli.isEmpty() ? QStringLiteral("gaitspace-cli") : cli;
}

}  // namespace gs::test
