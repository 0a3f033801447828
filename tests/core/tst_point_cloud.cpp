// Point-cloud alignment in closed form: synthetic clouds moved by a known rotation about Y and an
// XZ shift are recovered exactly, including rotations near +-pi.

#include <QTest>

#include <cmath>
#include <numbers>
#include <random>

#include "core/analysis/point_cloud.h"
#include "core/clip/root_motion.h"

using namespace gs;

class TestPointCloud : public QObject {
    Q_OBJECT

    static std::vector<glm::dvec3> randomCloud(int n, unsigned seed) {
        std::mt19937 rng(seed);
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        std::vector<glm::dvec3> c(n);
        // Far from the origin, as a clip a few metres into its walk.
        for (auto& p : c) p = glm::dvec3(4.0 + u(rng), 1.0 + u(rng), -3.0 + u(rng));
        return c;
    }
    static std::vector<glm::dvec3> moved(const std::vector<glm::dvec3>& a, double t, double x0,
                                         double z0) {
        std::vector<glm::dvec3> b(a.size());
        const double c = std::cos(t), s = std::sin(t);
        for (size_t i = 0; i < a.size(); ++i)
            b[i] = {a[i].x * c + a[i].z * s + x0, a[i].y, -a[i].x * s + a[i].z * c + z0};
        return b;
    }

private slots:
    void recoversRigidMotion_data() {
        QTest::addColumn<double>("theta");
        QTest::addColumn<double>("x0");
        QTest::addColumn<double>("z0");
        const double pi = std::numbers::pi;
        QTest::newRow("identity") << 0.0 << 0.0 << 0.0;
        QTest::newRow("30 deg") << pi / 6 << 1.5 << -2.0;
        QTest::newRow("-100 deg") << -100.0 * pi / 180 << -3.0 << 0.25;
        QTest::newRow("near +pi") << pi - 1e-7 << 2.0 << 3.0;
        QTest::newRow("near -pi") << -pi + 1e-7 << -1.0 << 5.0;
        QTest::newRow("exactly pi") << pi << 0.5 << 0.5;
    }
    void recoversRigidMotion() {
        QFETCH(double, theta);
        QFETCH(double, x0);
        QFETCH(double, z0);
        const auto a = randomCloud(19 * 11, 7);
        const auto b = moved(a, theta, x0, z0);
        std::vector<double> w(a.size());
        for (size_t i = 0; i < w.size(); ++i) w[i] = 1.0 + static_cast<double>(i % 6);
        const CloudMatch m = matchClouds(a, b, w);
        QVERIFY2(m.meanSquaredDistance < 1e-9, qPrintable(QString::number(m.meanSquaredDistance)));
        QVERIFY(m.rmsDistance() < 1e-6);
        const double dTheta = std::remainder(m.theta - theta, 2.0 * std::numbers::pi);
        QVERIFY2(std::abs(dTheta) < 1e-6, qPrintable(QString::number(dTheta)));
        QVERIFY(std::abs(m.x0 - x0) < 1e-6);
        QVERIFY(std::abs(m.z0 - z0) < 1e-6);
        // The float alignment applies the same motion.
        const glm::vec3 p = m.alignment.apply(glm::vec3(a[3]));
        QVERIFY(glm::length(glm::dvec3(p) - b[3]) < 1e-4);
        // The sums give the same distance without visiting the points again.
        CloudSums s;
        for (size_t i = 0; i < a.size(); ++i) s.add(a[i], b[i], w[i]);
        QVERIFY(s.meanSquaredDistance() < 1e-9);
    }

    void distanceOfDifferentClouds() {
        // A cloud against a changed copy: the distance is what is left after the best motion.
        const auto a = randomCloud(50, 3);
        auto b = moved(a, 0.7, 1.0, 2.0);
        b[10].y += 0.5;
        const CloudMatch m = matchClouds(a, b);
        QVERIFY(m.meanSquaredDistance > 0.0);
        QVERIFY(m.meanSquaredDistance <= 0.25 / 50 + 1e-9);
        CloudSums s;
        for (size_t i = 0; i < a.size(); ++i) s.add(a[i], b[i], 1.0);
        QVERIFY(std::abs(s.meanSquaredDistance() - m.meanSquaredDistance) < 1e-9);
    }

    void alignmentInverse() {
        const Alignment al{1.2f, 3.0f, -1.0f};
        const glm::vec3 p(0.3f, 1.0f, 2.0f);
        const glm::vec3 back = al.inverse().apply(al.apply(p));
        QVERIFY(glm::length(back - p) < 1e-5f);
        // Same rotation convention as headings: +Z turns towards +X.
        const glm::vec3 f =
            Alignment{std::numbers::pi_v<float> / 2, 0, 0}.apply(glm::vec3(0, 0, 1));
        QVERIFY(glm::length(f - glm::vec3(1, 0, 0)) < 1e-6f);
        QVERIFY(glm::length(f - yawRotation(std::numbers::pi_v<float> / 2) * glm::vec3(0, 0, 1)) <
                1e-6f);
    }

    void window() {
        PointCloudSettings s;
        QCOMPARE(s.sampleCount(30.0f), 11);
        QCOMPARE(s.sampleCount(120.0f) % 2, 1);
        const auto w = triangularWeights(5);
        QCOMPARE(w, (std::vector<double>{1, 2, 3, 2, 1}));
        s.windowSeconds = -1.0f;
        QVERIFY(!s.validate().isOk());
    }
};

QTEST_APPLESS_MAIN(TestPointCloud)
#include "tst_point_cloud.moc"
