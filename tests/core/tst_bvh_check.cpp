// The structural check of BVH text (core/io/bvh_check.h) on BVH generated here: the summary of a
// valid file, the warning for frame lines past the declared count, and refusals that name the
// line or say where the file ends.

#include <QTemporaryDir>
#include <QTest>

#include <string>

#include "common/generated_bvh.h"
#include "core/io/bvh_check.h"

using namespace gs;

namespace {

std::string text(const QByteArray& bytes) { return bytes.toStdString(); }

std::string problem(const QByteArray& bytes) {
    const auto summary = checkBvhText(text(bytes));
    return summary ? std::string("(valid)") : summary.message();
}

bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

class TestBvhCheck : public QObject {
    Q_OBJECT
private slots:
    void summaryOfAValidFile() {
        const auto s = checkBvhText(text(test::generatedBvh(12, "0.008333")));
        QVERIFY2(s, s.message().c_str());
        QCOMPARE(s->joints, 7);            // Hips, Spine, Head and two legs of two joints
        QCOMPARE(s->depth, 3);             // Hips > Spine > Head
        QCOMPARE(s->channels, 6 + 6 * 3);  // the root's six, three for each other joint
        QCOMPARE(s->frames, 12);
        QCOMPARE(s->frameTime, 0.008333);
        QVERIFY(s->warnings.empty());
    }

    void framesPastTheDeclaredCount() {
        QByteArray bvh = test::generatedBvh(10);
        bvh = test::replaceLine(bvh, "Frames:", "Frames: 8");
        const auto s = checkBvhText(text(bvh));
        QVERIFY2(s, s.message().c_str());
        QCOMPARE(s->frames, 8);
        QCOMPARE(s->warnings.size(), size_t(1));
        QVERIFY2(contains(s->warnings[0], "2 frame lines after the 8 declared frames ignored"),
                 s->warnings[0].c_str());
    }

    void refusals() {
        const QByteArray good = test::generatedBvh(10);
        QCOMPARE(problem(""),
                 std::string("truncated: the file ends inside HIERARCHY (file holds no BVH data)"));
        const std::string notBvh = problem("{\"asset\": 1}\nmore text\n");
        QVERIFY2(notBvh.rfind("line 1: not a BVH file (expected HIERARCHY", 0) == 0,
                 notBvh.c_str());
        QCOMPARE(problem(good.left(good.indexOf("MOTION"))),
                 std::string("truncated: the file ends inside HIERARCHY (no MOTION section)"));
        QCOMPARE(problem(test::replaceLine(good, "Frames:", "Frames: 12")),
                 std::string("truncated: MOTION declares 12 frames but the file holds 10"));
        // Cut inside the last frame line.
        const QByteArray cut = good.left(good.size() - 12);
        QVERIFY2(contains(problem(cut), "truncated: the file ends inside frame "),
                 problem(cut).c_str());
        // A word where a number belongs: named with its line.
        QByteArray word = good;
        word.replace("0.00 90.00", "0.00 ninety");
        const std::string wordProblem = problem(word);
        QVERIFY2(wordProblem.rfind("line ", 0) == 0, wordProblem.c_str());
        QVERIFY2(contains(wordProblem, "ninety"), wordProblem.c_str());
        // No size: every OFFSET below the root is 0 and no joint has position channels.
        QByteArray flat = good;
        for (const char* offset :
             {"OFFSET 0.00 20.00 0.00", "OFFSET 0.00 50.00 0.00", "OFFSET 10.00 0.00 0.00",
              "OFFSET -10.00 0.00 0.00", "OFFSET 0.00 -45.00 0.00"})
            flat.replace(offset, "OFFSET 0.00 0.00 0.00");
        QVERIFY2(contains(problem(flat), "the skeleton has no size"), problem(flat).c_str());
        QVERIFY2(contains(problem(test::manyJointsBvh(300, false)), "more than 256 joints"),
                 problem(test::manyJointsBvh(300, false)).c_str());
        QVERIFY2(contains(problem(test::manyJointsBvh(129, true)), "deeper than 128"),
                 problem(test::manyJointsBvh(129, true)).c_str());
        QCOMPARE(problem(test::manyJointsBvh(127, true)), std::string("(valid)"));
    }

    void readsFiles() {
        QTemporaryDir dir;
        const QString path = dir.filePath("crlf.bvh");
        QByteArray crlf = "\xEF\xBB\xBF" + test::generatedBvh(5);
        crlf.replace("\n", "\r\n");
        test::writeBytes(path, crlf);
        const auto s = checkBvhFile(path.toStdString());
        QVERIFY2(s, s.message().c_str());
        QCOMPARE(s->frames, 5);
        QCOMPARE(checkBvhFile(dir.filePath("none.bvh").toStdString()).message(),
                 std::string("file not found"));
    }
};

QTEST_APPLESS_MAIN(TestBvhCheck)
#include "tst_bvh_check.moc"
