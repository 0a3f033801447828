// The .gslevel file (core/runtime/level_file.cpp) on the demo level baked here: it round-trips
// byte for byte, through a file and into navigation; a flipped byte, a truncated file, another
// format's signature and a newer version are refused naming the cause; a navigation mesh whose
// layout, indices or detail mesh are damaged is refused before Detour sees it. No data needed.

#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/level/demo_level.h"
#include "core/level/level_bake.h"
#include "core/runtime/section_file.h"

using namespace gs;

namespace {

bool contains(const std::string& text, const char* part) {
    return text.find(part) != std::string::npos;
}

Expected<BakedLevel> bake(const LevelMesh& mesh) {
    BakedLevel level;
    LevelBakeJob job;
    job.mesh = &mesh;
    job.name = "test";
    job.output = &level;
    if (Status s = job.run(); !s) return s;
    return level;
}

}  // namespace

class TestLevelFile : public QObject {
    Q_OBJECT
private slots:
    void levelFileRoundTripsAndRefusesDamage() {
        auto level = bake(demoLevel());
        QVERIFY(level);
        const std::vector<std::uint8_t> bytes = writeGSLevel(*level);
        auto read = readGSLevel(bytes);
        QVERIFY2(read, read.message().c_str());
        QCOMPARE(read->navMesh, level->navMesh);
        QCOMPARE(read->info.name, level->info.name);
        QCOMPARE(read->info.agent.radius, level->info.agent.radius);
        QCOMPARE(read->info.boundsMax, level->info.boundsMax);
        QCOMPARE(writeGSLevel(*read), bytes);
        // Through a file, and loaded as navigation from memory and from the file.
        QTemporaryDir dir;
        const std::string path = dir.filePath("demo.gslevel").toStdString();
        QVERIFY(saveGSLevel(*level, path));
        auto nav = Navigation::load(path);
        QVERIFY2(nav, nav.message().c_str());
        QVERIFY(Navigation::fromBytes(bytes));
        // A flipped byte in the navigation mesh is caught by its section's CRC.
        std::vector<std::uint8_t> flipped = bytes;
        flipped[flipped.size() - 100] ^= 0x20;
        auto bad = readGSLevel(flipped);
        QVERIFY(!bad);
        QVERIFY2(contains(bad.message(), "NAVM") && contains(bad.message(), "checksum"),
                 bad.message().c_str());
        // Truncated, another format's signature, a newer version.
        QVERIFY(
            contains(readGSLevel(std::span(bytes).first(bytes.size() - 8)).message(), "truncated"));
        std::vector<std::uint8_t> gspace = bytes;
        std::copy(kSectionFileMagic.begin(), kSectionFileMagic.end(), gspace.begin());
        QVERIFY(contains(readGSLevel(gspace).message(), "not a Gaitspace level file"));
        std::vector<std::uint8_t> newer = bytes;
        newer[8] = 2;
        QVERIFY(contains(readGSLevel(newer).message(), "newer than this build reads"));
    }

    void damagedNavigationMeshIsRefusedBeforeDetour() {
        auto level = bake(demoLevel());
        QVERIFY(level);
        // A polygon naming a vertex beyond the mesh, written with a fresh CRC: the layout check
        // catches what the checksum cannot.
        BakedLevel bad = *level;
        // Detour's header is 25 four-byte fields, the vertex count the eighth; then the vertices
        // (12 bytes each) and the polygons, whose first field is a 4-byte link index.
        std::int32_t vertices = 0;
        std::memcpy(&vertices, bad.navMesh.data() + 28, 4);
        const std::size_t polys = 100 + 12 * static_cast<std::size_t>(vertices);
        bad.navMesh[polys + 4] = 0xff;  // the first polygon's first vertex index
        bad.navMesh[polys + 5] = 0x7f;
        auto read = readGSLevel(writeGSLevel(bad));
        QVERIFY(!read);
        QVERIFY2(contains(read.message(), "outside the mesh"), read.message().c_str());
        // Bytes missing from the tile.
        BakedLevel shorter = *level;
        shorter.navMesh.resize(shorter.navMesh.size() - 4);
        auto read2 = readGSLevel(writeGSLevel(shorter));
        QVERIFY(!read2);
        QVERIFY2(contains(read2.message(), "counts make"), read2.message().c_str());
    }

    // What fuzzing found Detour's nearest-point query crashes on (it assumes every polygon has a
    // detail triangle, one on its outline and a detail edge at a finite distance): a polygon's
    // detail mesh with no triangle or none on its outline, and a vertex far outside the tile, each
    // written with a fresh CRC, are refused.
    void detailMeshDetourAssumesIsChecked() {
        auto level = bake(demoLevel());
        QVERIFY(level);
        auto field = [&](int k) {
            std::int32_t v = 0;
            std::memcpy(&v, level->navMesh.data() + 4 * k, 4);
            return static_cast<std::size_t>(v);
        };
        const std::size_t polygons = field(6), vertices = field(7), links = field(8);
        // The detail meshes follow the links (12 bytes each); the first one's triangle count is
        // its tenth byte.
        const std::size_t details = 100 + 12 * vertices + 32 * polygons + 12 * links;
        BakedLevel bad = *level;
        bad.navMesh[details + 9] = 0;
        auto read = readGSLevel(writeGSLevel(bad));
        QVERIFY(!read);
        QVERIFY2(contains(read.message(), "polygon 0 has no detail triangle"),
                 read.message().c_str());
        // Polygon 0's detail triangles with no edge flagged as on its outline.
        BakedLevel inner = *level;
        std::uint32_t triBase = 0;
        std::memcpy(&triBase, inner.navMesh.data() + details + 4, 4);
        const std::size_t tris = details + 12 * polygons + 12 * field(10);
        for (std::size_t t = 0; t < inner.navMesh[details + 9]; ++t)
            inner.navMesh[tris + 4 * (triBase + t) + 3] = 0;
        auto read3 = readGSLevel(writeGSLevel(inner));
        QVERIFY(!read3);
        QVERIFY2(contains(read3.message(), "polygon 0's detail mesh has no edge on its outline"),
                 read3.message().c_str());
        BakedLevel far = *level;
        const float x = 1e30f;
        std::memcpy(far.navMesh.data() + 100, &x, 4);  // the first vertex's x
        auto read2 = readGSLevel(writeGSLevel(far));
        QVERIFY(!read2);
        QVERIFY2(contains(read2.message(), "a vertex lies outside the tile's bounds"),
                 read2.message().c_str());
    }
};

QTEST_GUILESS_MAIN(TestLevelFile)
#include "tst_level_file.moc"
