// A retargeted model walks where the simulated character walks. The arrive project steers the
// character to a goal 8 m from the origin (gaitspace-cli play --goal: the run the window makes when
// its goal is set there); each bundled character playing that run must stand on the goal with it,
// keep its feet as planted as the mannequin's in the exported glTF, and be drawn over the goal
// marker. Characters of other sizes than the clips' actor (the three are 1.1 to 1.9 times its
// leg length) once stood at the root's position times that ratio, metres from the goal.

#include <QDir>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <assimp/Importer.hpp>
#include <assimp/scene.h>

#include <cmath>
#include <limits>
#include <optional>

#include "common/test_data.h"
#include "core/clip/humanoid_names.h"
#include "core/io/character_import.h"
#include "core/io/scene_writer.h"
#include "core/evaluation/quality.h"
#include "core/clip/root_motion.h"
#include "gltf_joints.h"
#include "render/clip_scene.h"
#include "render/offscreen_renderer.h"

using namespace gs;

namespace {

const glm::vec3 kGoal(4.8f, 0.0f, 6.4f);  // 8 m from the origin
constexpr float kSeconds = 14.0f;         // the walk there (about 7 s), the stop and standing
constexpr float kStandTolerance =
    0.15f;                            // metres, drawn hips to the goal and to the simulated root
constexpr float kSkateMargin = 0.5f;  // cm/s, the model's stance skate over the mannequin's
constexpr int kWidth = 800, kHeight = 600;

QString arriveProject() {
    return QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj");
}

float groundDistance(const glm::vec3& a, const glm::vec3& b) {
    return std::hypot(a.x - b.x, a.z - b.z);
}

// The joints whose stance skate is measured: the toes by role, else (toes: false) the ankles.
std::optional<std::pair<std::string, std::string>> feetOf(const Skeleton& s, bool toes) {
    const HumanoidJoints roles = findHumanoidJoints(s);
    const int l = roles[toes ? HumanoidRole::LeftToe : HumanoidRole::LeftFoot];
    const int r = roles[toes ? HumanoidRole::RightToe : HumanoidRole::RightFoot];
    if (l < 0 || r < 0) return std::nullopt;
    return std::pair{s.names[l], s.names[r]};
}

// Foot skate and stance skate (core/evaluation/quality.h, cm/s) of two joints over the first
// `frames` frames of an exported file's animation read back through Assimp, on the floor they stand
// on (their lowest height there); nullopt when the file cannot be read.
struct Skate {
    float foot = 0.0f, stance = 0.0f;
};
std::optional<Skate> exportedSkate(const std::string& path,
                                   const std::pair<std::string, std::string>& feet, int frames,
                                   float fps) {
    Assimp::Importer importer;
    const aiScene* scene = importer.ReadFile(path, 0);
    if (!scene || scene->mNumAnimations == 0) return std::nullopt;
    std::vector<glm::vec3> track = test::animatedJointTrack(*scene, {feet.first, feet.second});
    track.resize(std::min(track.size(), static_cast<size_t>(frames) * 2));
    float floor = std::numeric_limits<float>::infinity();
    for (const glm::vec3& p : track) floor = std::min(floor, p.y);
    return Skate{footSkate(track, 2, 0, 1, floor, fps), stanceSkate(track, 2, 0, 1, floor, fps)};
}

// Frames of the run before it stands still at its end (its root within 2 cm of where it ends):
// the stance skate is measured over the walk, not diluted by the frames stood on the goal.
int walkingFrames(const Clip& run) {
    const glm::vec3 end = run.rootPositions.back();
    int f = run.frameCount();
    while (f > 1 && groundDistance(run.rootPositions[f - 1], end) < 0.02f) --f;
    return std::min(run.frameCount(), f + static_cast<int>(run.fps));  // and the stop's last second
}

// Pixels that differ between two images by more than a small tolerance, and their bounds.
QRect changedBounds(const QImage& a, const QImage& b, QImage* mask) {
    *mask = QImage(a.size(), QImage::Format_Grayscale8);
    mask->fill(0);
    QRect bounds;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) {
            const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
            if (std::abs(qRed(p) - qRed(q)) + std::abs(qGreen(p) - qGreen(q)) +
                    std::abs(qBlue(p) - qBlue(q)) >
                24) {
                mask->setPixel(x, y, 255);
                bounds |= QRect(x, y, 1, 1);
            }
        }
    return bounds;
}

}  // namespace

class TestModelAtGoal : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void standsWhereTheRootStands_data();
    void standsWhereTheRootStands();
    void feetStayPlanted_data() { standsWhereTheRootStands_data(); }
    void feetStayPlanted();
    void drawnOverTheGoalMarker_data() { standsWhereTheRootStands_data(); }
    void drawnOverTheGoalMarker();

private:
    QTemporaryDir m_dir;
    std::optional<Clip> m_run;
    OffscreenRenderer m_offscreen;
};

// The run: the arrive project steered to the goal by the CLI, as BVH.
void TestModelAtGoal::initTestCase() {
    const Status s = m_offscreen.create(QSize(kWidth, kHeight), 4);
    QVERIFY2(s, s.message().c_str());
    if (!test::hasData()) return;
    const QString bvh = m_dir.filePath("run.bvh");
    QProcess cli;
    cli.start(test::cliPath(),
              {"play", arriveProject(), "--goal", QString("%1,%2").arg(kGoal.x).arg(kGoal.z),
               "--seconds", QString::number(kSeconds), "-o", bvh, "--json"});
    QVERIFY(cli.waitForFinished(300000));
    QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
    m_run = test::loadClip(bvh);
    QVERIFY(m_run && m_run->frameCount() > 100);
    const glm::vec3 end = m_run->rootPositions.back();
    QVERIFY(groundDistance(end, kGoal) < 0.05f);  // the simulated character stands on the goal
}

void TestModelAtGoal::standsWhereTheRootStands_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("male base mesh") << "characters/male_base_mesh/male_base_mesh.glb";
    QTest::newRow("Casual_Female") << "characters/quaternius_casual_female/Casual_Female.gltf";
    QTest::newRow("RobotExpressive") << "characters/robot_expressive/RobotExpressive.glb";
}

// Every frame of the run the drawn model's hips stand over the simulated root; at the end both
// stand on the goal.
void TestModelAtGoal::standsWhereTheRootStands() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    auto character = Character::imported(test::dataPath(file).toStdString(), *m_run);
    QVERIFY2(character, character.message().c_str());
    float worst = 0.0f;
    glm::vec3 hips(0.0f);
    for (int f = 0; f < m_run->frameCount(); ++f) {
        Scene scene;
        hips = addClipFrame(scene, *character, 0, *m_run, static_cast<float>(f)).root;
        worst = std::max(worst, groundDistance(hips, m_run->rootPositions[f]));
    }
    QVERIFY(groundDistance(hips, kGoal) < kStandTolerance);
    QVERIFY(worst < kStandTolerance);
}

// The model exported as glTF and read back: its toes (or ankles, where it has no toes) skate while
// planted (stance skate) no more than the mannequin's do playing the same run, plus kSkateMargin.
// The foot skate over all frames is shown beside it: the stance figure leaves out a toe faster
// than 1 m/s, so a foot that slides fast would only show there.
void TestModelAtGoal::feetStayPlanted() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    auto asset = importCharacter(test::dataPath(file).toStdString());
    QVERIFY2(asset, asset.message().c_str());
    const bool toes = feetOf(asset->skeleton, true).has_value();
    const auto modelFeet = feetOf(asset->skeleton, toes), runFeet = feetOf(m_run->skeleton, toes);
    QVERIFY(modelFeet && runFeet);
    const std::string modelPath = m_dir.filePath("model.glb").toStdString();
    const std::string mannequinPath = m_dir.filePath("mannequin.glb").toStdString();
    Status written = writeGltf(*m_run, *asset, modelPath);
    QVERIFY2(written, written.message().c_str());
    written = writeGltf(*m_run, mannequinPath);
    QVERIFY2(written, written.message().c_str());
    const int frames = walkingFrames(*m_run);
    const auto model = exportedSkate(modelPath, *modelFeet, frames, m_run->fps);
    const auto mannequin = exportedSkate(mannequinPath, *runFeet, frames, m_run->fps);
    QVERIFY(model && mannequin);
    QVERIFY(model->stance <= mannequin->stance + kSkateMargin);
}

// Rendered at the run's end by a camera that looks at the goal from in front and to the side
// (not one that follows the model), the model's legs (the lowest quarter of its figure) stand
// across the goal's point on the screen: it lies between their left and right ends, and no further
// above or below them than kStandTolerance looks there (at least 4 pixels).
void TestModelAtGoal::drawnOverTheGoalMarker() {
    GS_REQUIRE_DATA();
    QFETCH(QString, file);
    auto character = Character::imported(test::dataPath(file).toStdString(), *m_run);
    QVERIFY2(character, character.message().c_str());
    const int mesh = m_offscreen.renderer().upload(character->mesh());
    QVERIFY(mesh >= 0);
    const float frame = static_cast<float>(m_run->frameCount() - 1);
    const float heading = headingOf(
        facingRotation(m_run->skeleton, m_run->frameRotations(m_run->frameCount() - 1)[0]));
    Camera camera;
    camera.frame(CameraView::Follow, kGoal + glm::vec3(0.0f, 0.5f * character->height(), 0.0f),
                 heading, character->height());
    camera.setYaw(heading +
                  0.8f);  // in front and to the side: an error along or across the path shows
    ClipSceneOptions options;
    options.trail = false;
    Scene with, without;
    addClipFrame(with, *character, mesh, *m_run, frame, options);
    with.characters.back().shadowRadius =
        0.0f;  // the figure alone (its shadow spreads around the hips)
    with.goal = without.goal = kGoal;
    const QImage image = m_offscreen.render(with, camera),
                 empty = m_offscreen.render(without, camera);
    m_offscreen.renderer().remove(mesh);
    QImage mask;
    const QRect body = changedBounds(image, empty, &mask);
    const glm::vec3 goal = camera.project(kGoal, kWidth, kHeight);
    float tolerance = 4.0f;
    for (const glm::vec3 d :
         {glm::vec3(1, 0, 0), glm::vec3(0, 0, 1), glm::vec3(-1, 0, 0), glm::vec3(0, 0, -1)}) {
        const glm::vec3 p = camera.project(kGoal + kStandTolerance * d, kWidth, kHeight);
        tolerance = std::max(tolerance, std::hypot(p.x - goal.x, p.y - goal.y));
    }
    // The legs: the changed pixels in the lowest quarter of the figure.
    QRect legs;
    for (int y = std::max(body.bottom() - body.height() / 4, 0); y <= body.bottom(); ++y)
        for (int x = body.left(); x <= body.right(); ++x)
            if (qGray(mask.pixel(x, y))) legs |= QRect(x, y, 1, 1);
    const QString png =
        QDir::temp().filePath(QString("tst_model_at_goal_%1.png")
                                  .arg(QString(QTest::currentDataTag()).replace(' ', '_')));
    image.save(png);
    QVERIFY(!legs.isEmpty());
    QVERIFY(goal.x > legs.left() && goal.x < legs.right());
    QVERIFY(goal.y > legs.top() - tolerance && goal.y < legs.bottom() + tolerance);
}

QTEST_MAIN(TestModelAtGoal)
#include "tst_model_at_goal.moc"
