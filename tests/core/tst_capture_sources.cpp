// Every clip of the three other capture sources in ../shared/data (Bandai, GAMES-105, 100STYLE)
// imported and measured against the table its folder's README gives (measured there by forward
// kinematics from the files, independently of Gaitspace): root motion from the pelvis, path
// length and speed, hip height, unit, gait period and heading change.

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <cmath>
#include <numbers>

#include "common/test_data.h"
#include "core/clip/foot_contacts.h"
#include "core/io/clip_import.h"
#include "core/clip/root_motion.h"

using namespace gs;

namespace {

struct Row {
    QString file;
    float hipCm = 0.0f;  // as the table gives it, in its file unit
    bool centimetres = true;
    float pathM = 0.0f;
    float speed = 0.0f;
    float periodS = 0.0f;
    int cycles = 0;
    float headingDeg = 0.0f;
};

QList<Row> readmeRows(const QString& folder) {
    QFile f(test::dataPath(folder + "/README.md"));
    QList<Row> rows;
    if (!f.open(QIODevice::ReadOnly)) return rows;
    const QRegularExpression hip("hip ([\\d.]+)");
    for (const QString& line : QString::fromUtf8(f.readAll()).split('\n')) {
        if (!line.startsWith("| `") || !line.contains(".bvh`")) continue;
        const QStringList c = line.split('|');
        if (c.size() < 17) continue;  // the trim-window table has fewer columns
        // | file | clip | frames | fps | dur s | joints | ch/frame | up | unit (hip) | root path /
        // net | avg m/s | gait period s | full cycles | heading change | ...
        Row r;
        r.file = c[1].trimmed().remove('`');
        r.centimetres = c[9].contains("cm");
        r.hipCm = hip.match(c[9]).captured(1).toFloat();
        r.pathM = c[10].split('/').front().trimmed().toFloat();
        r.speed = c[11].trimmed().toFloat();
        r.periodS = c[12].trimmed().toFloat();
        r.cycles = c[13].trimmed().toInt();
        r.headingDeg = c[14].trimmed().toFloat();
        rows << r;
    }
    return rows;
}

float strikePeriodFrames(const Clip& clip) {
    FootContactJob contacts;
    contacts.clip = &clip;
    if (!contacts.run()) return clip.fps;
    std::vector<float> d;
    for (const auto* s : {&contacts.output.leftStrikes(), &contacts.output.rightStrikes()})
        for (size_t i = 1; i < s->size(); ++i)
            d.push_back(static_cast<float>((*s)[i] - (*s)[i - 1]));
    if (d.empty()) return clip.fps;
    std::nth_element(d.begin(), d.begin() + d.size() / 2, d.end());
    return d[d.size() / 2];
}

}  // namespace

class TestCaptureSources : public QObject {
    Q_OBJECT
private slots:
    void againstReadme_data() {
        QTest::addColumn<QString>("folder");
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("pelvis");
        if (!test::hasData()) {
            QTest::newRow("no data") << QString() << QString() << QString();
            return;
        }
        for (const auto& [folder, pelvis] : {std::pair<QString, QString>{"bandai", "Hips"},
                                             {"games105", "RootJoint"},
                                             {"100style", "Hips"}}) {
            const QList<Row> rows = readmeRows(folder);
            QVERIFY2(rows.size() >= 2, qPrintable(folder + ": no table in its README"));
            for (const Row& r : rows)
                QTest::newRow(qPrintable(folder + "/" + r.file)) << folder << r.file << pelvis;
        }
    }
    void againstReadme() {
        GS_REQUIRE_DATA();
        QFETCH(QString, folder);
        QFETCH(QString, file);
        QFETCH(QString, pelvis);
        Row row;
        for (const Row& r : readmeRows(folder))
            if (r.file == file) row = r;
        auto imported = importClips(test::dataPath(folder + "/" + file).toStdString());
        QVERIFY2(imported, imported.message().c_str());
        const Clip& clip = imported->clips.front();
        QCOMPARE(QString::fromStdString(clip.skeleton.names.front()), pelvis);
        QVERIFY2(imported->rootMotion.find("root motion from '" + pelvis.toStdString() + "'") == 0,
                 imported->rootMotion.c_str());
        QCOMPARE(imported->units.scale, row.centimetres ? 0.01f : 1.0f);

        const RootMotionStats motion = rootMotionStats(clip);
        const RootFigures root = rootFigures(clip);
        const float hip = row.hipCm * (row.centimetres ? 0.01f : 1.0f);
        const QString figures = QString("path %1 m (table %2), %3 m/s (%4), hip %5 m (%6)")
                                    .arg(motion.pathLength)
                                    .arg(row.pathM)
                                    .arg(motion.speed)
                                    .arg(row.speed)
                                    .arg(root.hipHeight)
                                    .arg(hip);
        // The table's path is smoothed over a gait period; ours follows the sway, a few % longer.
        QVERIFY2(std::abs(motion.pathLength / row.pathM - 1.0f) < 0.10f, qPrintable(figures));
        QVERIFY2(std::abs(motion.speed / row.speed - 1.0f) < 0.10f, qPrintable(figures));
        QVERIFY2(std::abs(root.hipHeight - hip) < 0.02f, qPrintable(figures));
        QVERIFY(!root.inPlace);
        if (row.cycles == 0) return;  // one cycle: no period or heading to compare
        const float period = strikePeriodFrames(clip);
        QVERIFY2(
            std::abs(period / clip.fps - row.periodS) < 0.1f * row.periodS,
            qPrintable(
                QString("gait period %1 s, table %2 s").arg(period / clip.fps).arg(row.periodS)));
        const float heading = pathHeadingChange(clip, period) * 180.0f / std::numbers::pi_v<float>;
        QVERIFY2(
            std::abs(heading - row.headingDeg) < 3.0f,
            qPrintable(
                QString("heading change %1 deg, table %2 deg").arg(heading).arg(row.headingDeg)));
    }
};

QTEST_APPLESS_MAIN(TestCaptureSources)
#include "tst_capture_sources.moc"
