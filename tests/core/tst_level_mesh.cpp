// Level meshes (core/level/level_mesh.h) made here: a box written as .glb, .gltf and .obj reads
// back as the same triangles, winding kept, and in centimetres, with Z up or as FBX, scaled and
// turned as its units say; append renumbers the indices it brings; every
// refusal of validate() with its sentence; files that are missing, hold no triangles or are
// to be written in another format refused.

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "core/authoring_limits.h"
#include "core/level/demo_level.h"
#include "core/level/level_mesh.h"

using namespace gs;

namespace {

using Triangle = std::array<std::array<int, 3>, 3>;  // millimetres, rotated to start lowest

// Each triangle by its corners in millimetres, rotated so that the lowest corner comes first
// (the winding kept), the list sorted: equal for the same triangles in any order and numbering.
std::vector<Triangle> triangles(const LevelMesh& mesh) {
    std::vector<Triangle> out;
    for (size_t t = 0; t < mesh.triangleCount(); ++t) {
        Triangle tri;
        for (int k = 0; k < 3; ++k) {
            const glm::vec3& v = mesh.vertices[mesh.indices[3 * t + k]];
            tri[k] = {int(std::lround(v.x * 1000)), int(std::lround(v.y * 1000)),
                      int(std::lround(v.z * 1000))};
        }
        std::rotate(tri.begin(), std::min_element(tri.begin(), tri.end()), tri.end());
        out.push_back(tri);
    }
    std::sort(out.begin(), out.end());
    return out;
}

LevelMesh box() { return boxMesh({-1.0f, -0.2f, -2.0f}, {3.0f, 0.5f, 1.5f}); }

}  // namespace

class TestLevelMesh : public QObject {
    Q_OBJECT
private slots:
    // A level made in centimetres, or with Z up, reads as the same triangles in metres with Y
    // up when its units say so; an FBX file's own unit scale is taken (Assimp's exporter writes
    // 1: centimetres) unless a scale is given; a scale out of range is refused.
    void unitsAndUpAxis() {
        QTemporaryDir dir;
        const LevelMesh metres = box();
        LevelMesh centimetres = metres, zUp = metres;
        for (glm::vec3& v : centimetres.vertices) v *= 100.0f;
        for (glm::vec3& v : zUp.vertices) v = {v.x, -v.z, v.y};
        const std::string cmPath = dir.filePath("cm.obj").toStdString();
        const std::string zUpPath = dir.filePath("z_up.obj").toStdString();
        QVERIFY(writeLevelMesh(centimetres, cmPath));
        QVERIFY(writeLevelMesh(zUp, zUpPath));
        auto scaled = readLevelMesh(cmPath, {0.01f, false});
        QVERIFY2(scaled, scaled.message().c_str());
        QCOMPARE(scaled->metresPerUnit, 0.01f);
        QCOMPARE(triangles(*scaled), triangles(metres));
        auto turned = readLevelMesh(zUpPath, {0.0f, true});
        QVERIFY2(turned, turned.message().c_str());
        QCOMPARE(turned->metresPerUnit, 1.0f);
        QCOMPARE(triangles(*turned), triangles(metres));
        auto unturned = readLevelMesh(zUpPath);
        QVERIFY(triangles(*unturned) != triangles(metres));
        // The box is 3.5 m deep: with Z up read as Y up, it stands 3.5 m tall on a side 0.7 m.
        QCOMPARE(upAxisDoubt(*unturned),
                 std::string("the level stands 3.5 m tall and 0.7 m across its narrowest side: "
                             "if it was made with Z up, read it with up z"));
        QVERIFY(upAxisDoubt(*turned).empty());
        QVERIFY(upAxisDoubt(demoLevel()).empty());

        const std::string fbx = dir.filePath("level.fbx").toStdString();
        Assimp::Importer importer;
        const aiScene* scene = importer.ReadFile(cmPath, 0);
        QVERIFY(scene);
        Assimp::Exporter exporter;
        QCOMPARE(exporter.Export(scene, "fbxa", fbx), AI_SUCCESS);
        auto declared = readLevelMesh(fbx);
        QVERIFY2(declared, declared.message().c_str());
        QCOMPARE(declared->metresPerUnit, 0.01f);
        QCOMPARE(triangles(*declared), triangles(metres));
        auto asGiven = readLevelMesh(fbx, {1.0f, false});
        QVERIFY2(asGiven, asGiven.message().c_str());
        QCOMPARE(triangles(*asGiven), triangles(centimetres));

        for (float wrong : {-1.0f, 1001.0f, std::nanf("")})
            QCOMPARE(readLevelMesh(cmPath, {wrong, false}).message(),
                     std::string("the level's scale must be in [0, 1000] metres per unit (0: as "
                                 "the file declares)"));
    }

    void boxIsClosed() {
        const LevelMesh b = box();
        QCOMPARE(b.triangleCount(), size_t(12));
        QVERIFY(b.validate());
        // Every edge of a closed mesh is walked once each way.
        int unmatched = 0;
        for (size_t t = 0; t < b.triangleCount(); ++t)
            for (int k = 0; k < 3; ++k) {
                const glm::vec3 a = b.vertices[b.indices[3 * t + k]];
                const glm::vec3 c = b.vertices[b.indices[3 * t + (k + 1) % 3]];
                int back = 0;
                for (size_t u = 0; u < b.triangleCount(); ++u)
                    for (int m = 0; m < 3; ++m)
                        if (b.vertices[b.indices[3 * u + m]] == c &&
                            b.vertices[b.indices[3 * u + (m + 1) % 3]] == a)
                            ++back;
                if (back != 1) ++unmatched;
            }
        QCOMPARE(unmatched, 0);
    }

    void roundTrips_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("glb") << "level.glb";
        QTest::newRow("gltf") << "level.gltf";
        QTest::newRow("obj") << "level.obj";
        QTest::newRow("upper case") << "LEVEL.GLB";
    }
    void roundTrips() {
        QFETCH(QString, file);
        QTemporaryDir dir;
        const std::string path = dir.filePath(file).toStdString();
        const LevelMesh b = box();
        const Status written = writeLevelMesh(b, path);
        QVERIFY2(written, written.message().c_str());
        auto read = readLevelMesh(path);
        QVERIFY2(read, read.message().c_str());
        QCOMPARE(read->triangleCount(), size_t(12));
        QCOMPARE(triangles(*read), triangles(b));
    }

    void appendRenumbers() {
        LevelMesh a = box();
        const LevelMesh b = boxMesh({5.0f, 0.0f, 0.0f}, {6.0f, 1.0f, 1.0f});
        const size_t before = a.vertices.size();
        a.append(b);
        QCOMPARE(a.vertices.size(), before + b.vertices.size());
        QCOMPARE(a.triangleCount(), size_t(24));
        QCOMPARE(a.indices[36], static_cast<std::uint32_t>(before + b.indices[0]));
        std::vector<Triangle> both = triangles(box()), second = triangles(b);
        both.insert(both.end(), second.begin(), second.end());
        std::sort(both.begin(), both.end());
        QCOMPARE(triangles(a), both);
        QVERIFY(a.validate());
    }

    void refusals_data() {
        QTest::addColumn<int>("damage");
        QTest::addColumn<QString>("message");
        QTest::newRow("partial triangle") << 0 << "the index count is not a multiple of 3";
        QTest::newRow("empty") << 1 << "the level has no triangles";
        QTest::newRow("not finite") << 2 << "a vertex of the level is not finite";
        QTest::newRow("index") << 3 << "a triangle names a vertex outside the mesh";
        QTest::newRow("wide")
            << 4
            << "the level is 1500 m across, more than the limit of 1000 m (a level made in "
               "centimetres is read with a scale of 0.01)";
    }
    void refusals() {
        QFETCH(int, damage);
        QFETCH(QString, message);
        LevelMesh b = box();
        switch (damage) {
            case 0:
                b.indices.pop_back();
                break;
            case 1:
                b.indices.clear();
                break;
            case 2:
                b.vertices[3].z = std::nanf("");
                break;
            case 3:
                b.indices[7] = static_cast<std::uint32_t>(b.vertices.size());
                break;
            case 4:
                b.vertices[0].x = -1497.0f;
                break;
        }
        const Status s = b.validate();
        QVERIFY(!s);
        QCOMPARE(QString::fromStdString(s.message()), message);
        // Nothing is written from a mesh that does not validate.
        QTemporaryDir dir;
        const std::string path = dir.filePath("bad.glb").toStdString();
        QCOMPARE(writeLevelMesh(b, path).message(), s.message());
        QVERIFY(!QFile::exists(QString::fromStdString(path)));
    }

    void filesRefused() {
        QTemporaryDir dir;
        QCOMPARE(readLevelMesh(dir.filePath("none.glb").toStdString()).message(),
                 std::string("no such file"));
        QCOMPARE(readLevelMesh(dir.path().toStdString()).message(), std::string("no such file"));
        QCOMPARE(writeLevelMesh(box(), dir.filePath("level.fbx").toStdString()).message(),
                 std::string("a level mesh is written as .glb, .gltf or .obj"));
        // Points and lines only: Assimp's import drops them all and says so in one line.
        QFile lines(dir.filePath("lines.obj"));
        QVERIFY(lines.open(QIODevice::WriteOnly));
        lines.write("v 0 0 0\nv 1 0 0\nv 1 0 1\nl 1 2\nl 2 3\n");
        lines.close();
        auto none = readLevelMesh(lines.fileName().toStdString());
        QVERIFY(!none);
        QCOMPARE(none.message(), std::string("cannot import as a level mesh: No meshes remaining"));
    }
};

QTEST_GUILESS_MAIN(TestLevelMesh)
#include "tst_level_mesh.moc"
