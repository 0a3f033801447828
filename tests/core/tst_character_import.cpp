// Skinned characters imported (core/io/character_import.h) from files written here: the mannequin
// of the synthetic skeleton, exported with a walk as .glb and as .gltf, imports back with the
// same joints and triangles, its body standing on y = 0 as tall as before, one inverse bind per
// joint, skinning weights that sum to one, its base colour; a file with no mesh, one whose mesh
// has no bones and one that is not there are refused with their sentences.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

#include "core/character/mannequin.h"
#include "core/io/character_import.h"
#include "core/io/scene_writer.h"
#include "core/synthetic/synthetic_gait.h"
#include <gaitspace/runtime/kinematics.h>

using namespace gs;

namespace {

struct Fixture {
    Clip walk;
    CharacterAsset model;
    float height = 0.0f;  // the mannequin's, metres (highest vertex less lowest)
};

const Fixture& fixture() {
    static const Fixture f = [] {
        Fixture f;
        SyntheticGaitSettings s = SyntheticGaitSettings::preset(SyntheticGait::Walk);
        s.cycles = 1;
        auto walk = generateSyntheticGait(s);
        if (!walk) qFatal("synthetic walk: %s", walk.message().c_str());
        f.walk = std::move(*walk);
        // The walk's skeleton standing on y = 0 at rest, as an imported character does.
        Skeleton sk = f.walk.skeleton;
        float lowest = 1e9f;
        for (const glm::vec3& p : restJointPositions(sk)) lowest = std::min(lowest, p.y);
        sk.restOffsets[0].y -= lowest;
        auto mesh = buildMannequin(sk, MannequinSettings{}.coarse());
        if (!mesh) qFatal("mannequin: %s", mesh.message().c_str());
        f.model.skeleton = sk;
        f.model.mesh = std::move(*mesh);
        float lo = 1e9f, hi = -1e9f;
        for (const SkinVertex& v : f.model.mesh.vertices) {
            lo = std::min(lo, v.position.y);
            hi = std::max(hi, v.position.y);
        }
        f.height = hi - lo;
        return f;
    }();
    return f;
}

}  // namespace

class TestCharacterImport : public QObject {
    Q_OBJECT
private slots:
    void mannequinRoundTrips_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("glb") << "mannequin.glb";
        QTest::newRow("gltf") << "mannequin.gltf";
    }
    void mannequinRoundTrips() {
        QFETCH(QString, file);
        const Fixture& f = fixture();
        QTemporaryDir dir;
        const std::string path = dir.filePath(file).toStdString();
        const Status written = writeGltf(f.walk, f.model, path);
        QVERIFY2(written, written.message().c_str());
        auto asset = importCharacter(path);
        QVERIFY2(asset, asset.message().c_str());
        QCOMPARE(asset->source, path);
        QCOMPARE(asset->skeleton.names, f.model.skeleton.names);
        QCOMPARE(asset->skeleton.parents, f.model.skeleton.parents);
        QCOMPARE(asset->mesh.triangleCount(), f.model.mesh.triangleCount());
        QCOMPARE(asset->mesh.inverseBind.size(),
                 static_cast<size_t>(f.model.skeleton.jointCount()));
        QVERIFY(!asset->unitReason.empty());
        // Standing on y = 0 as tall as the mannequin, its joints at rest where they were (from the
        // root).
        float lo = 1e9f, hi = -1e9f;
        for (const SkinVertex& v : asset->mesh.vertices) {
            lo = std::min(lo, v.position.y);
            hi = std::max(hi, v.position.y);
            const float sum = v.weights.x + v.weights.y + v.weights.z + v.weights.w;
            QVERIFY(std::abs(sum - 1.0f) < 1e-3f);
            for (int k = 0; k < 4; ++k)
                QVERIFY(v.weights[k] == 0.0f || v.joints[k] < f.model.skeleton.jointCount());
        }
        QVERIFY2(std::abs(lo) < 1e-3f, QByteArray::number(lo));
        QVERIFY2(std::abs(hi - f.height) < 0.01f, QByteArray::number(hi));
        const auto a = restJointPositions(asset->skeleton),
                   b = restJointPositions(f.model.skeleton);
        for (size_t j = 0; j < a.size(); ++j)
            QVERIFY2(glm::distance(a[j] - a[0], b[j] - b[0]) < 0.01f,
                     f.model.skeleton.names[j].c_str());
        // Its material's base colour.
        QVERIFY(!asset->mesh.materials.empty());
        const glm::vec4 colour = f.model.mesh.materials.front().baseColor;
        QVERIFY(glm::distance(asset->mesh.materials.front().baseColor, colour) < 0.01f);
    }

    void filesRefused() {
        const Fixture& f = fixture();
        QTemporaryDir dir;
        // A walk alone: a skeleton and its motion, no mesh.
        const std::string bare = dir.filePath("walk.glb").toStdString();
        QVERIFY(writeGltf(f.walk, bare));
        QCOMPARE(importCharacter(bare).message(), std::string("the file holds no mesh"));
        // A triangle with no bones.
        QFile obj(dir.filePath("triangle.obj"));
        QVERIFY(obj.open(QIODevice::WriteOnly));
        obj.write("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n");
        obj.close();
        QCOMPARE(importCharacter(obj.fileName().toStdString()).message(),
                 std::string("the file holds no skinned mesh (its meshes have no bones)"));
        const auto missing = importCharacter(dir.filePath("none.glb").toStdString());
        QVERIFY(!missing);
        QVERIFY(!missing.message().empty());
        QVERIFY(missing.message().find('\n') == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestCharacterImport)
#include "tst_character_import.moc"
