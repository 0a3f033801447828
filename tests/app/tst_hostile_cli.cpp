// Hostile input through the command line: every count and length a run is asked for has a named
// upper limit (core/authoring_limits.h) and is refused above it with one line naming the limit and
// exit 2, before any work; weights that sum to 0 are refused; the arrive scenario names the spaces
// that have no stop; a baked file without toes (INFO toe -1, which the format allows) runs the
// arrive scenario; a clip that stays in place is refused for its missing root motion. The mutants
// are made here from the shipped projects and the data's clips.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

#include <cstring>

#include "common/cli_run.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/runtime/section_file.h"
#include <gaitspace/runtime/gspace.h>

using namespace gs;
using gs::test::runCli;

namespace {

QString projectFile(const char* name) {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/") + name;
}

// The file's INFO section with both toes set to -1 ("no toe"), repacked with fresh checksums.
std::vector<std::uint8_t> withoutToes(const std::vector<std::uint8_t>& file) {
    Expected<SectionTable> table = unpackSections(file, kGSpaceVersion, "gspace");
    std::vector<Section> sections;
    for (const SectionView& v : table->sections) {
        std::vector<std::uint8_t> bytes(v.bytes.begin(), v.bytes.end());
        if (v.tag == sectionTag("INFO")) {
            std::uint32_t nameBytes = 0;
            std::memcpy(&nameBytes, bytes.data(), 4);
            const std::int32_t none = -1;
            const std::size_t toes = 4 + nameBytes + 8;  // name, fps, floor height
            std::memcpy(bytes.data() + toes, &none, 4);
            std::memcpy(bytes.data() + toes + 4, &none, 4);
        }
        sections.push_back({v.tag, std::move(bytes)});
    }
    return packSections(sections, table->version);
}

std::vector<std::uint8_t> readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QByteArray b = f.readAll();
    return {b.begin(), b.end()};
}

void writeAll(const QString& path, const std::vector<std::uint8_t>& bytes) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
}

}  // namespace

class TestHostileCli : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    // Counts and lengths above their limits, and weights that sum to 0: exit 2, one line naming
    // the limit, at once (the project is not built for a bound checked before loading).
    void boundsAreNamed_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        const QString demo = projectFile("demo/cmu_walk_jog.gsproj");
        QTest::newRow("goals 1e9")
            << QStringList{"simulate", demo, "--goals", "1000000000"} << "--goals must be 1-10000";
        QTest::newRow("goals int max")
            << QStringList{"simulate", demo, "--goals", "2147483647"} << "--goals must be 1-10000";
        QTest::newRow("goals 0") << QStringList{"simulate", demo, "--goals", "0"}
                                 << "--goals must be 1-10000";
        for (const char* s : {"1e12", "1e30", "inf", "3e38", "nan"})
            QTest::addRow("circle seconds %s", s)
                << QStringList{"simulate", demo, "--scenario", "circle", "--seconds", s}
                << "--seconds must be in (5, 3600] s";
        QTest::newRow("play seconds 1e30")
            << QStringList{"play", demo, "--seconds", "1e30"} << "--seconds must be in (0, 3600]";
        QTest::newRow("soak characters") << QStringList{"soak", demo, "--characters", "1000000"}
                                         << "--characters must be 1-100000";
    }
    void boundsAreNamed() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const test::CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected.toUtf8()), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }

    // Style weights are read against the project's spaces, so these need the data.
    void weightsThatSumToZero_data() {
        QTest::addColumn<QStringList>("args");
        const QString demo = projectFile("demo/cmu_walk_jog.gsproj");
        QTest::newRow("simulate") << QStringList{"simulate", demo, "--style", "walk=0,jog=0"};
        QTest::newRow("play") << QStringList{"play", demo, "--style", "walk=0,jog=0"};
        QTest::newRow("simulate negative")
            << QStringList{"simulate", demo, "--style", "walk=-1,jog=1"};
    }
    void weightsThatSumToZero() {
        GS_REQUIRE_DATA();
        QFETCH(QStringList, args);
        const test::CliRun r = runCli(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("--style"), r.err.constData());
        QVERIFY2(r.err.contains("sum to 0") || r.err.contains("outside 0-1000"), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }

    // The arrive scenario stops at every goal: on a project whose spaces have no stop it exits 2
    // naming them, instead of running with 0 stops.
    void arriveNeedsStops() {
        GS_REQUIRE_DATA();
        const test::CliRun r =
            runCli({"simulate", projectFile("demo/cmu_walk_jog.gsproj"), "--scenario", "arrive",
                    "--style", "walk=0.5,jog=0.5", "--goals", "3"});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("motion spaces 'walk', 'jog' have no stop"), r.err.constData());
        QCOMPARE(r.err.trimmed().count('\n'), 0);
    }

    // INFO's toes -1 ("no toe", allowed by the format): the arrive scenario measures the standing
    // drift at the root instead of reading joint -1, and stops at its goals as with the toes.
    void arriveWithoutToes() {
        GS_REQUIRE_DATA();
        const QString baked = m_dir.filePath("arrive.gspace"),
                      toeless = m_dir.filePath("toeless.gspace");
        QCOMPARE(runCli({"bake", projectFile("projects/cmu_walk_jog_arrive.gsproj"), "-o", baked})
                     .exitCode,
                 0);
        const std::vector<std::uint8_t> bytes = withoutToes(readAll(baked));
        Expected<BakedSpaceFile> back = readGSpace(bytes);
        QVERIFY2(back, back.message().c_str());
        QCOMPARE(back->space.leftToe, -1);
        writeAll(toeless, bytes);
        const test::CliRun r = runCli({"simulate", toeless, "--scenario", "arrive", "--goals", "3",
                                       "--seed", "3", "--stand-seconds", "1", "--json"});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QCOMPARE(r.json()["stops"].toInt(), 3);
    }

    // A clip whose root stays in place walks from its feet by default; told to keep the file's
    // root, it is refused for its missing root motion, not for its gait.
    void inPlaceClipIsNamed() {
        GS_REQUIRE_DATA();
        const QString clip = m_dir.filePath("in_place.bvh");
        QFile out(clip);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(test::inPlaceBvh(test::cmuClip("16_15")));
        out.close();
        for (const QByteArray mode : {"auto", "file"}) {
            const QString project = m_dir.filePath("in_place_" + QString(mode) + ".gsproj");
            QFile p(project);
            QVERIFY(p.open(QIODevice::WriteOnly));
            p.write(
                "{\"format\":\"gaitspace-project\",\"version\":1,\"clips\":[{\"id\":"
                "\"in_place\",\"root_motion\":\"" +
                mode + "\",\"source\":\"" + clip.toUtf8() +
                "\"}],\"spaces\":[{\"name\":\"walk\",\"clips\":[\"in_place\"]}]}");
            p.close();
            const test::CliRun r = runCli({"bake", project, "-o", m_dir.filePath("x.gspace")});
            if (mode == "auto") {
                QVERIFY2(r.exitCode == 0, r.err.constData());
                continue;
            }
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("stays in place") && !r.err.contains("no gait cycle"),
                     r.err.constData());
        }
        const test::CliRun i = runCli({"inspect", clip, "--json"});
        QCOMPARE(i.exitCode, 0);
        const QJsonObject figures = i.json()["clips"].toArray().first().toObject();
        QVERIFY(figures["root_motion_from_feet"].toBool());
        QVERIFY2(figures["root_motion_source"].toString().contains("planted feet"),
                 qPrintable(figures["root_motion_source"].toString()));
        QVERIFY(figures["path_length_m"].toDouble() > 4.0);
        const test::CliRun bad = runCli({"inspect", clip, "--root-motion", "hips"});
        QCOMPARE(bad.exitCode, 2);
    }
};

QTEST_GUILESS_MAIN(TestHostileCli)
#include "tst_hostile_cli.moc"
