// Offscreen renders checked by their pixels (runs under xvfb-run: Mesa llvmpipe here).

#include <QGuiApplication>
#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include "common/test_data.h"
#include "core/clip/root_motion.h"
#include "render/clip_scene.h"
#include "render/offscreen_renderer.h"

using namespace gs;

namespace {

constexpr int kWidth = 480, kHeight = 320;

// Pixels that differ between two images by more than a small tolerance.
QImage differenceMask(const QImage& a, const QImage& b, int* count) {
    QImage mask(a.size(), QImage::Format_Grayscale8);
    mask.fill(0);
    *count = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            const int d = std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                          std::abs(qBlue(p) - qBlue(q));
            if (d > 24) {
                mask.setPixel(x, y, 255);
                ++*count;
            }
        }
    return mask;
}

QRect maskBounds(const QImage& mask) {
    QRect r;
    for (int y = 0; y < mask.height(); ++y)
        for (int x = 0; x < mask.width(); ++x)
            if (qGray(mask.pixel(x, y))) r |= QRect(x, y, 1, 1);
    return r;
}

// The clip's first pose replaced by the rest pose, turned and placed like frame `frame`.
Clip restLike(const Clip& clip, int frame) {
    Clip rest = clip;
    rest.resize(1);
    auto rot = rest.frameRotations(0);
    std::copy(clip.skeleton.restRotations.begin(), clip.skeleton.restRotations.end(), rot.begin());
    const float heading = headingOf(facingRotation(clip.skeleton, clip.frameRotations(frame)[0]));
    rot[0] = yawRotation(heading) * rot[0];
    rest.rootPositions[0] = clip.rootPositions[frame];
    rest.rootPositions[0].y = clip.rootPositions[frame].y;
    return rest;
}

}  // namespace

class TestRenderer : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void mannequinCoversPlausibleArea();
    void limbsMoveBetweenRestAndWalk();
    void goalMarkerWhereProjected();
    void importedCharacterRenders();
    void corruptTextureFallsBack();
    void corruptCharacterFallsBackInCli();

private:
    QImage renderClip(const Character& c, int mesh, const Clip& clip, float frame,
                      const Camera& camera, bool withCharacter = true,
                      std::optional<glm::vec3> goal = {});
    OffscreenRenderer m_offscreen;
    std::optional<Clip> m_walk;
    std::optional<Character> m_mannequin;
    int m_mannequinMesh = -1;
};

void TestRenderer::initTestCase() {
    const Status s = m_offscreen.create(QSize(kWidth, kHeight), 4);
    QVERIFY2(s, s.message().c_str());
    if (!test::hasData()) return;
    m_walk = test::loadClip(test::cmuClip("16_15"));
    auto m = Character::mannequin(m_walk->skeleton);
    QVERIFY2(m, m.message().c_str());
    m_mannequin = std::move(*m);
    m_mannequinMesh = m_offscreen.renderer().upload(m_mannequin->mesh());
    QVERIFY(m_mannequinMesh >= 0);
}

QImage TestRenderer::renderClip(const Character& c, int mesh, const Clip& clip, float frame,
                                const Camera& camera, bool withCharacter,
                                std::optional<glm::vec3> goal) {
    Scene scene;
    ClipSceneOptions options;
    options.trail = false;
    if (withCharacter) addClipFrame(scene, c, mesh, clip, frame, options);
    scene.goal = goal;
    return m_offscreen.render(scene, camera);
}

void TestRenderer::mannequinCoversPlausibleArea() {
    GS_REQUIRE_DATA();
    for (float frame : {0.0f, 30.0f}) {
        const Clip rest = restLike(*m_walk, static_cast<int>(frame));
        const Clip& clip = frame == 0.0f ? rest : *m_walk;
        Scene probe;
        const PlacedCharacter placed =
            addClipFrame(probe, *m_mannequin, m_mannequinMesh, clip, frame);
        Camera camera;
        camera.frame(CameraView::Front, placed.root, placed.heading);
        const QImage with = renderClip(*m_mannequin, m_mannequinMesh, clip, frame, camera);
        const QImage without = renderClip(*m_mannequin, m_mannequinMesh, clip, 0.0f, camera, false);
        int covered = 0;
        const QImage mask = differenceMask(with, without, &covered);
        const double fraction = double(covered) / (kWidth * kHeight);
        QVERIFY2(fraction > 0.015 && fraction < 0.35, qPrintable(QString::number(fraction)));
        // Taller than wide, centred horizontally.
        const QRect box = maskBounds(mask);
        QVERIFY(box.height() > box.width());
        QVERIFY(std::abs(box.center().x() - kWidth / 2) < kWidth / 6);
    }
}

void TestRenderer::limbsMoveBetweenRestAndWalk() {
    GS_REQUIRE_DATA();
    const int frame = 30;  // 1 s
    const Clip rest = restLike(*m_walk, frame);
    Scene probe;
    const PlacedCharacter placed =
        addClipFrame(probe, *m_mannequin, m_mannequinMesh, *m_walk, frame);
    Camera camera;
    camera.frame(CameraView::Side, placed.root, placed.heading);
    const QImage restImage = renderClip(*m_mannequin, m_mannequinMesh, rest, 0.0f, camera);
    const QImage walkImage = renderClip(*m_mannequin, m_mannequinMesh, *m_walk, frame, camera);
    const QImage empty = renderClip(*m_mannequin, m_mannequinMesh, rest, 0.0f, camera, false);
    int n = 0, changed = 0;
    const QRect restBox = maskBounds(differenceMask(restImage, empty, &n));
    const QRect walkBox = maskBounds(differenceMask(walkImage, empty, &n));
    const QImage diff = differenceMask(restImage, walkImage, &changed);
    QVERIFY2(changed > 400, qPrintable(QString::number(changed)));
    // Every change lies on the figure (the union of both silhouettes, a shadow's width around).
    const QRect figure = (restBox | walkBox).adjusted(-12, -4, 12, 12);
    const QRect changes = maskBounds(diff);
    QVERIFY(figure.contains(changes));
    // From the side, the striding legs (lower half) change more than the head (top sixth).
    auto countIn = [&](const QRect& r) {
        int c = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) c += qGray(diff.pixel(x, y)) ? 1 : 0;
        return c;
    };
    const QRect box = restBox | walkBox;
    const int legs = countIn(QRect(box.left(), box.center().y(), box.width(), box.height() / 2));
    const int head = countIn(QRect(box.left(), box.top(), box.width(), box.height() / 6));
    QVERIFY(legs > 3 * head);
    QVERIFY(legs > changed / 3);
}

void TestRenderer::goalMarkerWhereProjected() {
    GS_REQUIRE_DATA();
    Scene probe;
    const PlacedCharacter placed = addClipFrame(probe, *m_mannequin, m_mannequinMesh, *m_walk, 30);
    Camera camera;
    camera.frame(CameraView::Follow, placed.root, placed.heading);
    // A goal 3 m ahead and 2.5 m to the right (clear of the figure), then one 25 m away.
    const glm::vec3 forward(std::sin(placed.heading), 0, std::cos(placed.heading));
    const glm::vec3 right(-forward.z, 0, forward.x);
    for (const glm::vec3 goal :
         {placed.root * glm::vec3(1, 0, 1) + forward * 3.0f + right * 2.5f,
          placed.root * glm::vec3(1, 0, 1) + forward * 25.0f - right * 3.0f}) {
        const QImage image =
            renderClip(*m_mannequin, m_mannequinMesh, *m_walk, 30, camera, true, goal);
        int hits = 0;
        for (float h : {0.3f, 1.0f, 1.7f, 2.1f}) {  // up the pole to the ball
            const glm::vec3 p = camera.project(goal + glm::vec3(0, h, 0), kWidth, kHeight);
            QVERIFY(p.z > 0.0f && p.x >= 0 && p.y >= 0 && p.x < kWidth && p.y < kHeight);
            const QRgb c = image.pixel(static_cast<int>(p.x), static_cast<int>(p.y));
            if (qRed(c) > 170 && qGreen(c) < 130 && qBlue(c) < 110) ++hits;
        }
        if (hits < 3) image.save(QDir::temp().filePath("tst_renderer_goal.png"));
        QVERIFY2(hits >= 3, qPrintable(QString("goal pixels found at %1 of 4 points").arg(hits)));
    }
}

void TestRenderer::importedCharacterRenders() {
    GS_REQUIRE_DATA();
    auto character = Character::imported(
        test::dataPath("characters/male_base_mesh/male_base_mesh.glb").toStdString(), *m_walk);
    QVERIFY2(character, character.message().c_str());
    const int mesh = m_offscreen.renderer().upload(character->mesh());
    QVERIFY(mesh >= 0);
    Scene probe;
    const PlacedCharacter placed = addClipFrame(probe, *character, mesh, *m_walk, 30);
    Camera camera;
    camera.frame(CameraView::Front, placed.root, placed.heading);
    const QImage with = renderClip(*character, mesh, *m_walk, 30, camera);
    const QImage without = renderClip(*character, mesh, *m_walk, 30, camera, false);
    int covered = 0;
    const QRect box = maskBounds(differenceMask(with, without, &covered));
    const double fraction = double(covered) / (kWidth * kHeight);
    QVERIFY(fraction > 0.015 && fraction < 0.35);
    QVERIFY(box.height() > 1.5 * box.width());  // upright, not lying or spread out
    m_offscreen.renderer().remove(mesh);
}

void TestRenderer::corruptTextureFallsBack() {
    GS_REQUIRE_DATA();
    QTemporaryDir dir;
    const QString bad = dir.filePath("bad.png");
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("\x89PNG\r\n\x1a\n but the rest is not an image");
    f.close();
    MannequinSettings settings;
    settings.texturePath = bad.toStdString();
    auto character = Character::mannequin(m_walk->skeleton, settings);
    QVERIFY(character);
    Renderer& renderer = m_offscreen.renderer();
    renderer.takeWarnings();
    const int mesh = renderer.upload(character->mesh());
    QVERIFY(mesh >= 0);  // drawn with the base colour
    const QStringList warnings = renderer.takeWarnings();
    QCOMPARE(warnings.size(), 1);
    QVERIFY2(
        warnings[0].contains("bad.png") && warnings[0].contains("cannot read the texture image"),
        qPrintable(warnings[0]));
    renderer.remove(mesh);
}

void TestRenderer::corruptCharacterFallsBackInCli() {
    GS_REQUIRE_DATA();
    QTemporaryDir dir;
    const QString broken = dir.filePath("broken.glb");
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("not a model");
    f.close();
    const QString png = dir.filePath("shot.png");
    QProcess cli;
    cli.start(test::cliPath(), {"render", test::cmuClip("16_15"), "--seconds", "1", "--size",
                                "320x240", "--character", broken, "-o", png});
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromLocal8Bit(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 0);
    QVERIFY2(err.contains("broken.glb") && err.contains("drawing the mannequin instead"),
             qPrintable(err));
    QImage image(png);
    QCOMPARE(image.size(), QSize(320, 240));
}

QTEST_MAIN(TestRenderer)
#include "tst_renderer.moc"
