// The viewport's camera: whatever the mouse does (orbit down, pan down, zoom out, follow), the
// eye stays above the floor, and a ground point projects back to where it was picked.

#include <QTest>

#include <random>

#include "render/camera.h"

using namespace gs;

class TestCamera : public QObject {
    Q_OBJECT
private slots:
    void neverBelowTheFloor() {
        Camera camera;
        std::mt19937 rng(3);
        std::uniform_real_distribution<float> u(-1.0f, 1.0f);
        float lowest = 1e9f;
        for (int i = 0; i < 20000; ++i) {
            switch (i % 4) {
                case 0:
                    camera.orbit(u(rng), 0.5f * u(rng) - 0.2f);
                    break;  // mostly downward
                case 1:
                    camera.pan(u(rng), 0.5f * u(rng) - 0.3f);
                    break;  // mostly down
                case 2:
                    camera.zoom(1.0f + 0.5f * u(rng));
                    break;
                default:
                    camera.follow(glm::vec3(u(rng), 0.9f, u(rng)), 0.016f);
                    break;
            }
            lowest = std::min(lowest, camera.position().y);
        }
        QVERIFY(lowest >= Camera::kMinEyeHeight - 1e-4f);
        QVERIFY(camera.target().y >= 0.0f);
        // Straight down as far as it goes, from a low target and far away.
        camera.setTarget({0.0f, 0.0f, 0.0f});
        camera.setDistance(150.0f);
        camera.setPitch(-1.5f);
        QVERIFY(camera.position().y >= Camera::kMinEyeHeight - 1e-3f);
    }
};

QTEST_GUILESS_MAIN(TestCamera)
#include "tst_camera.moc"
