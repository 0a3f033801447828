// The glTF export of a clip (core/io/scene_writer.h) on the synthetic walk: written as .glb and as
// .gltf with its .bin, each imports back as the same clip (skeleton, rate, frames, every joint's
// world position within a millimetre); an extension other than .gltf or .glb, an empty clip and
// a folder that cannot be written are refused naming the file and the cause.

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <string>

#include <glm/geometric.hpp>

#include "core/clip/clip_kinematics.h"
#include "core/io/clip_import.h"
#include "core/io/scene_writer.h"
#include "core/synthetic/synthetic_gait.h"

using namespace gs;

namespace {

Clip walk() {
    SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
    s.curvature = 0.2f;  // a turn: headings and translations both matter
    s.cycles = 1;
    auto clip = generateSyntheticGait(s);
    if (!clip) qFatal("synthetic walk: %s", clip.message().c_str());
    return std::move(*clip);
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

}  // namespace

class TestSceneWriter : public QObject {
    Q_OBJECT
private slots:
    void roundTrips_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("glb") << "walk.glb";
        QTest::newRow("gltf") << "walk.gltf";
    }
    void roundTrips() {
        QFETCH(QString, file);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(file).toStdString();
        const Clip clip = walk();
        const Status written = writeGltf(clip, path);
        QVERIFY2(written, written.message().c_str());
        if (file.endsWith(".gltf"))
            QVERIFY(std::filesystem::exists(dir.filePath("walk.bin").toStdString()));
        ImportSettings settings;
        settings.rootMotion = RootMotionMode::File;
        auto imported = importClips(path, settings);
        QVERIFY2(imported, imported.message().c_str());
        QCOMPARE(imported->clips.size(), size_t(1));
        QCOMPARE(imported->units.scale, 1.0f);  // glTF is metres
        QVERIFY(!imported->units.detected);
        const Clip& back = imported->clips.front();
        QCOMPARE(back.jointCount(), clip.jointCount());
        QCOMPARE(back.skeleton.names, clip.skeleton.names);
        QCOMPARE(back.skeleton.parents, clip.skeleton.parents);
        QCOMPARE(back.frameCount(), clip.frameCount());
        QVERIFY(std::abs(back.fps - clip.fps) < 1e-3f);
        const auto a = clipJointPositions(clip), b = clipJointPositions(back);
        QCOMPARE(a.size(), b.size());
        float worst = 0.0f;
        for (size_t i = 0; i < a.size(); ++i) worst = std::max(worst, glm::distance(a[i], b[i]));
        QVERIFY2(worst < 1e-3f, QByteArray::number(worst));
    }

    void refusals() {
        QTemporaryDir dir;
        const Clip clip = walk();
        const std::string fbx = dir.filePath("walk.fbx").toStdString();
        Status s = writeGltf(clip, fbx);
        QVERIFY(!s);
        QCOMPARE(s.message(), fbx + ": the file name must end in .gltf or .glb");
        QVERIFY(!std::filesystem::exists(fbx));
        const std::string glb = dir.filePath("empty.glb").toStdString();
        s = writeGltf(Clip{}, glb);
        QVERIFY(!s);
        QCOMPARE(s.message(), glb + ": the clip is empty");
        const std::string nowhere = dir.filePath("missing/folder/walk.glb").toStdString();
        s = writeGltf(clip, nowhere);
        QVERIFY(!s);
        QVERIFY2(contains(s.message(), nowhere + ": cannot export glTF ("), s.message().c_str());
    }
};

QTEST_GUILESS_MAIN(TestSceneWriter)
#include "tst_scene_writer.moc"
