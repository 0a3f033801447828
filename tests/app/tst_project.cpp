// Project files: the demo project opens, saves and reopens; each bad entry is marked with a clear
// error naming the project, the entry and the cause, and the rest still opens.

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

#include "app/project/project.h"
#include "common/test_data.h"

using namespace gs;

namespace {

QString demoProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/demo/cmu_walk_jog.gsproj");
}

void write(const QString& path, const QByteArray& text) {
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

}  // namespace

class TestProject : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { qputenv("GAITSPACE_DATA_DIR", test::dataDir().toLocal8Bit()); }

    void demoOpensAndRoundTrips() {
        GS_REQUIRE_DATA();
        auto p = Project::load(demoProject());
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->errors().isEmpty(), qPrintable(p->errors().join('\n')));
        QCOMPARE(p->spaces.size(), size_t(2));
        QCOMPARE(p->clips.size(), size_t(10));
        QVERIFY(p->clip("walk")->clip.has_value());
        QCOMPARE(p->clip("walk")->clip->fps, 30.0f);
        auto desc = p->behavioralDesc();
        QVERIFY2(desc.isOk(), desc.message().c_str());
        QCOMPARE(desc->spaces.size(), size_t(2));
        QCOMPARE(desc->spaces[0].reference, 2);

        // Saved somewhere else, relative paths are kept relative to the project as written.
        QTemporaryDir dir;
        const QString copy = dir.filePath("copy.gsproj");
        QVERIFY(p->save(copy).isOk());
        auto again = Project::load(copy);
        QVERIFY(again.isOk());
        QCOMPARE(again->toJson(), p->toJson());
        QVERIFY(again->errors().isEmpty());
    }

    void trimAndRelativePaths() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString clip = QDir(dir.path()).relativeFilePath(test::cmuClip("16_15"));
        const QString path = dir.filePath("trim.gsproj");
        write(path, QStringLiteral(R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"%1","trim":[10,59]}],"spaces":[]})").arg(clip).toUtf8());
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY2(p->clip("a")->error.isEmpty(), qPrintable(p->clip("a")->error));
        QCOMPARE(p->clip("a")->clip->frameCount(), 50);
    }

    void styleTagRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath("style.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"a.bvh","style":"jog"},{"id":"b","source":"b.bvh"}],"spaces":[]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QVERIFY(p->warnings.isEmpty());  // a known key
        QCOMPARE(p->clips[0].style, QStringLiteral("jog"));
        QVERIFY(p->clips[1].style.isEmpty());
        const QJsonArray clips = p->toJson()["clips"].toArray();
        QCOMPARE(clips[0].toObject()["style"].toString(), QStringLiteral("jog"));
        QVERIFY(!clips[1].toObject().contains("style"));  // none is not written
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[{"id":"a","source":"a.bvh","style":3}],"spaces":[]})");
        auto bad = Project::load(path);
        QVERIFY(!bad.isOk());
        QVERIFY2(QString::fromStdString(bad.message()).contains("clips[0].style: 3 is not a string"), bad.message().c_str());
    }

    void characterBlockRoundTrips() {
        QTemporaryDir dir;
        const QString path = dir.filePath("character.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,"clips":[],"spaces":[],
            "character":{"source":"model.glb","texture":"skin.png",
                         "joint_map":{"pelvis":"Hips","thigh.L":"LeftUpLeg"}}})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        QCOMPARE(p->character.source, QStringLiteral("model.glb"));
        QCOMPARE(p->character.texture, QStringLiteral("skin.png"));
        QCOMPARE(p->character.jointMap.size(), size_t(2));
        QCOMPARE(p->resolve(p->character.source), dir.filePath("model.glb"));
        const QString copy = dir.filePath("copy.gsproj");
        QVERIFY(p->save(copy).isOk());
        auto again = Project::load(copy);
        QVERIFY(again.isOk());
        QCOMPARE(again->toJson()["character"], p->toJson()["character"]);
    }

    void badEntries() {
        GS_REQUIRE_DATA();
        QTemporaryDir dir;
        const QString path = dir.filePath("bad.gsproj");
        write(path, R"({"format":"gaitspace-project","version":1,
            "clips":[
              {"id":"good","source":"${GAITSPACE_DATA_DIR}/cmu/16_15.bvh"},
              {"id":"good2","source":"${GAITSPACE_DATA_DIR}/cmu/16_16.bvh"},
              {"id":"gone","source":"no/such/file.bvh"},
              {"id":"other","source":"${GAITSPACE_DATA_DIR}/cmu/cgspeed/16_11.bvh"}],
            "spaces":[
              {"name":"ok","clips":["good","good2"]},
              {"name":"unknown","clips":["good","nope"]},
              {"name":"empty","clips":[]},
              {"name":"single","clips":["good"]},
              {"name":"missing","clips":["good","gone"]},
              {"name":"mixed","clips":["good","other"]}]})");
        auto p = Project::load(path);
        QVERIFY2(p.isOk(), p.message().c_str());
        const QStringList errors = p->errors();
        QCOMPARE(errors.size(), 5);  // the missing clip and four spaces (one clip alone is a space)
        auto has = [&](const QString& a, const QString& b) {
            for (const QString& e : errors)
                if (e.startsWith("bad.gsproj: ") && e.contains(a) && e.contains(b)) return true;
            return false;
        };
        QVERIFY(has("clip 'gone'", "not found"));
        QVERIFY(has("space 'unknown'", "unknown clip 'nope'"));
        QVERIFY(has("space 'empty'", "has no clips"));
        QVERIFY(has("space 'missing'", "'gone'"));
        QVERIFY(has("space 'mixed'", "different skeleton"));
        QVERIFY(p->clip("good")->clip.has_value());
        auto desc = p->behavioralDesc();
        QVERIFY(desc.isOk());
        QCOMPARE(desc->spaces.size(), size_t(2));  // only the good spaces
    }

    void malformedFiles_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<QString>("expected");
        QTest::newRow("not json") << QByteArray("{\"format\": ") << "not valid JSON";
        QTest::newRow("wrong format") << QByteArray(R"({"format":"x","version":1,"clips":[]})") << "not a Gaitspace project";
        QTest::newRow("future version") << QByteArray(R"({"format":"gaitspace-project","version":9,"clips":[]})") << "version: 9 is not supported";
        QTest::newRow("clips not array") << QByteArray(R"({"format":"gaitspace-project","version":1,"clips":{}})") << "clips: {} is not an array";
    }
    void malformedFiles() {
        QFETCH(QByteArray, text);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath("broken.gsproj");
        write(path, text);
        auto p = Project::load(path);
        QVERIFY(!p.isOk());
        const QString message = QString::fromStdString(p.message());
        QVERIFY2(message.startsWith("broken.gsproj: ") && message.contains(expected), qPrintable(message));
        QVERIFY(!Project::load(dir.filePath("absent.gsproj")).isOk());
    }
};

QTEST_GUILESS_MAIN(TestProject)
#include "tst_project.moc"
