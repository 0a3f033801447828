// Coverage (core/spaces/coverage.h) of the shipped projects: spaces with both turns reach tight
// turns to each side and miss none; a space with only right turns says its left side is missing
// and names a right turn to mirror; the arrive project's spaces stop and start (the jog with the
// walk's starts); a space whose left turns are the right turns mirrored turns both ways; and the
// job refuses bad input with a sentence.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

#include "app/project/project.h"
#include "app/project/project_bake.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/spaces/coverage.h"

using namespace gs;

namespace {

QString shipped(const QString& name) {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/%1.gsproj").arg(name);
}

QString cmuSource(const char* id) {
    return QStringLiteral("${GAITSPACE_DATA_DIR}/cmu/%1.bvh").arg(id);
}

// A one-space walk project of CMU subject 16 clips (as cmu_walk_turns.gsproj writes them);
// `mirrored` clips are the named clips with "mirror": true, each with the id "<id>_mirror".
QByteArray walkProject(const QStringList& clips, const QStringList& mirrored = {}) {
    QJsonArray entries, ids;
    for (const QString& id : clips) {
        entries.append(QJsonObject{{"id", id}, {"source", cmuSource(qPrintable(id))}});
        ids.append(id);
    }
    for (const QString& id : mirrored) {
        entries.append(QJsonObject{
            {"id", id + "_mirror"}, {"source", cmuSource(qPrintable(id))}, {"mirror", true}});
        ids.append(id + "_mirror");
    }
    const QJsonObject project{
        {"format", "gaitspace-project"},
        {"version", 1},
        {"name", "CMU walk"},
        {"clips", entries},
        {"spaces",
         QJsonArray{QJsonObject{{"name", "walk"}, {"clips", ids}, {"reference", "16_15"}}}},
        {"settings",
         QJsonObject{
             {"fps", 30}, {"cycles", 0}, {"style_increment", 0.1}, {"max_blend_rate", 0.1}}}};
    return QJsonDocument(project).toJson();
}

// The coverage of a project's spaces, naming only the project's clips to mirror (as the CLI and
// the window do).
std::vector<SpaceCoverage> coverageOf(const QString& path) {
    auto project = Project::load(path);
    if (!project) {
        QTest::qFail(project.message().c_str(), __FILE__, __LINE__);
        return {};
    }
    auto baked = bakeProject(*project);
    if (!baked) {
        QTest::qFail(baked.message().c_str(), __FILE__, __LINE__);
        return {};
    }
    CoverageJob job;
    job.space = &baked->space;
    job.goalSpaces = baked->goalSpaces;
    const Project& p = *project;
    job.canMirror = [&p](const std::string& clip) {
        return p.clip(QString::fromStdString(clip)) != nullptr;
    };
    if (Status s = job.run(); !s) {
        QTest::qFail(s.message().c_str(), __FILE__, __LINE__);
        return {};
    }
    return job.output;
}

bool mentions(const std::vector<std::string>& lines, const std::string& text) {
    for (const std::string& l : lines)
        if (l.find(text) != std::string::npos) return true;
    return false;
}

QString joined(const std::vector<std::string>& lines) {
    QStringList out;
    for (const std::string& l : lines) out << QString::fromStdString(l);
    return out.join(" | ");
}

}  // namespace

class TestCoverage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    // Projects with captured turns to both sides: tight turns each way (a 90-degree turn or a
    // veer, never a circle wider than 3 m), neither side more than 1.5 times the other's, no
    // turn missing, speeds of a walk or faster.
    void bothSides_data() {
        QTest::addColumn<QString>("project");
        QTest::addColumn<float>("widest");  // metres
        QTest::newRow("cmu_walk_turns") << "cmu_walk_turns" << 1.0f;
        QTest::newRow("cmu_walk_veer") << "cmu_walk_veer" << 2.0f;
        QTest::newRow("cmu_jog_turns") << "cmu_jog_turns" << 1.5f;
        QTest::newRow("games105_walk") << "games105_walk" << 1.0f;
    }
    void bothSides() {
        GS_REQUIRE_DATA();
        QFETCH(QString, project);
        QFETCH(float, widest);
        const auto coverage = coverageOf(shipped(project));
        QVERIFY(!coverage.empty());
        for (const SpaceCoverage& c : coverage) {
            const QString at = QString::fromStdString(c.space) + ": " + joined(c.missing);
            QVERIFY2(c.tightestRadiusLeft > 0.2f && c.tightestRadiusLeft < widest, qPrintable(at));
            QVERIFY2(c.tightestRadiusRight > 0.2f && c.tightestRadiusRight < widest,
                     qPrintable(at));
            const float ratio = c.tightestRadiusLeft / c.tightestRadiusRight;
            QVERIFY2(ratio > 1.0f / 1.5f && ratio < 1.5f, qPrintable(at));
            QVERIFY2(!mentions(c.missing, "cannot turn"), qPrintable(at));
            QVERIFY2(!c.sharpestLeft.empty() && !c.sharpestRight.empty(), qPrintable(at));
            QVERIFY2(c.minSpeed > 0.5f && c.minSpeed <= c.maxSpeed && c.maxSpeed < 4.0f,
                     qPrintable(at));
            // No stops or starts in these projects, and the lines say so with what to add.
            QVERIFY(!c.stops && !c.starts && c.startsFrom.empty());
            QVERIFY2(mentions(c.missing, c.space + " cannot stop: add a stop"), qPrintable(at));
            QVERIFY2(mentions(c.missing, c.space + " cannot start from standing: add a start"),
                     qPrintable(at));
        }
    }

    // cmu_walk_turns without its left turns (16_17, 16_18): the left side is missing, the right
    // side still turns tight, and the line names the sharpest right turn to mirror.
    void rightTurnsOnly() {
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("right_only.gsproj");
        test::writeBytes(path, walkProject({"16_19", "16_20", "16_15", "16_16"}));
        const auto coverage = coverageOf(path);
        QCOMPARE(coverage.size(), size_t(1));
        const SpaceCoverage& c = coverage.front();
        const QString at = joined(c.missing);
        QVERIFY2(c.tightestRadiusRight < 1.0f, qPrintable(at));
        QVERIFY2(c.tightestRadiusLeft > 6.0f, qPrintable(at));
        QVERIFY(c.sharpestLeft.empty());
        QCOMPARE(QString::fromStdString(c.sharpestRight), QStringLiteral("16_19"));
        QVERIFY2(mentions(c.missing, "walk cannot turn left"), qPrintable(at));
        QVERIFY2(mentions(c.missing, "capture a walk turning left, or mirror 16_19"),
                 qPrintable(at));
        QVERIFY2(!mentions(c.missing, "cannot turn right"), qPrintable(at));
    }

    // The same space with the right turns mirrored for its left: both sides turn, within 1.5
    // times of each other, and the sharpest left turn is a mirror.
    void mirroredLeftTurns() {
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("mirrored.gsproj");
        test::writeBytes(path,
                         walkProject({"16_19", "16_20", "16_15", "16_16"}, {"16_19", "16_20"}));
        const auto coverage = coverageOf(path);
        QCOMPARE(coverage.size(), size_t(1));
        const SpaceCoverage& c = coverage.front();
        const QString at = joined(c.missing);
        QVERIFY2(c.tightestRadiusLeft < 1.0f && c.tightestRadiusRight < 1.0f, qPrintable(at));
        const float ratio = c.tightestRadiusLeft / c.tightestRadiusRight;
        QVERIFY2(ratio > 1.0f / 1.5f && ratio < 1.5f, qPrintable(at));
        QVERIFY2(!mentions(c.missing, "cannot turn"), qPrintable(at));
        QVERIFY2(QString::fromStdString(c.sharpestLeft).endsWith("_mirror"),
                 c.sharpestLeft.c_str());
    }

    // The arrive project: the walk stops and starts with its own clips, the jog stops and starts
    // with the walk's starts (as the runtime starts it), nothing is missing.
    void arriveStopsAndStarts() {
        GS_REQUIRE_DATA();
        const auto coverage = coverageOf(shipped("cmu_walk_jog_arrive"));
        QCOMPARE(coverage.size(), size_t(2));
        const SpaceCoverage& walk = coverage[0];
        const SpaceCoverage& jog = coverage[1];
        QCOMPARE(QString::fromStdString(walk.space), QStringLiteral("walk"));
        QCOMPARE(QString::fromStdString(jog.space), QStringLiteral("jog"));
        QVERIFY(walk.stops && walk.starts);
        QCOMPARE(QString::fromStdString(walk.startsFrom), QStringLiteral("walk"));
        QVERIFY(jog.stops && jog.starts);
        QCOMPARE(QString::fromStdString(jog.startsFrom), QStringLiteral("walk"));
        QVERIFY2(walk.missing.empty(), qPrintable(joined(walk.missing)));
        QVERIFY2(jog.missing.empty(), qPrintable(joined(jog.missing)));
        // A jog is faster than a walk, and the jog's loops turn wider.
        QVERIFY(jog.minSpeed > walk.maxSpeed);
        QVERIFY(jog.tightestRadiusLeft > walk.tightestRadiusLeft);
    }

    // A space that cannot turn one way names no clip to mirror when none may be (a bent turn is
    // no clip of the user's): it suggests bent turns instead.
    void noClipToMirror() {
        GS_REQUIRE_DATA();
        const QString path = m_dir.filePath("right_only_nomirror.gsproj");
        test::writeBytes(path, walkProject({"16_19", "16_20", "16_15", "16_16"}));
        auto project = Project::load(path);
        QVERIFY2(project.isOk(), project.message().c_str());
        auto baked = bakeProject(*project);
        QVERIFY2(baked.isOk(), baked.message().c_str());
        CoverageJob job;
        job.space = &baked->space;
        job.goalSpaces = baked->goalSpaces;
        job.canMirror = [](const std::string&) { return false; };
        QVERIFY(job.run().isOk());
        const SpaceCoverage& c = job.output.front();
        QVERIFY(c.sharpestRight.empty());
        QVERIFY2(mentions(c.missing, "capture a walk turning left, or add bent turns"),
                 qPrintable(joined(c.missing)));
        // A stricter wide-turn radius flags nothing more on the right, whose turn is tight.
        job.settings.wideTurnRadius = 1.0f;
        QVERIFY(job.run().isOk());
        QVERIFY(!mentions(job.output.front().missing, "cannot turn right"));
    }

    // Bad input: each refused with a sentence naming what is wrong.
    void validity() {
        CoverageJob job;
        QVERIFY(!job.run());
        QVERIFY(QString::fromStdString(job.run().message()).contains("no behavioral space"));
        BakedBehavioralSpace empty;
        job.space = &empty;
        QVERIFY(QString::fromStdString(job.run().message()).contains("empty"));

        BakedBehavioralSpace one;
        one.spaces.resize(1);
        one.spaces[0].name = "walk";
        one.spaces[0].clips.resize(1);
        job.space = &one;
        QVERIFY(QString::fromStdString(job.run().message()).contains("0 goal spaces for 1"));
        std::vector<GoalSpace> goals(1);
        goals[0].left.turnRate = std::nanf("");
        job.goalSpaces = goals;
        QVERIFY(QString::fromStdString(job.run().message()).contains("not finite"));
        goals[0].left.turnRate = 0.5f;
        goals[0].left.speed = 1.0f;
        QVERIFY(job.run().isOk());
        QCOMPARE(job.output.front().tightestRadiusLeft, 2.0f);
        QVERIFY(std::isinf(job.output.front().tightestRadiusRight));

        using Edit = void (*)(CoverageSettings&);
        const Edit edits[] = {[](CoverageSettings& s) { s.wideTurnRadius = 0.0f; },
                              [](CoverageSettings& s) { s.lopsidedRatio = 1.0f; },
                              [](CoverageSettings& s) { s.straightCurvature = -0.1f; }};
        for (Edit bad : edits) {
            CoverageJob b = job;
            bad(b.settings);
            const Status s = b.run();
            QVERIFY(!s);
            QVERIFY2(QString::fromStdString(s.message()).startsWith("coverage: "),
                     s.message().c_str());
        }
    }
};

QTEST_GUILESS_MAIN(TestCoverage)
#include "tst_coverage.moc"
