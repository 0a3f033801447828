// Little-endian byte streams of the baked files: every type written and read back bit for bit,
// the byte order on disk, and a reader that fails with a sentence (never reading out of bounds or
// allocating what a corrupted count asks for) and stays failed.

#include <QTest>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "core/runtime/byte_stream.h"

using namespace gs;

class TestByteStream : public QObject {
    Q_OBJECT
private slots:
    void roundTripsEveryType() {
        ByteWriter w;
        w.u8(0xAB);
        w.u32(0xDEADBEEFu);
        w.u64(0x0123456789ABCDEFull);
        w.i32(-7);
        w.f32(-0.0f);
        w.f32(std::numeric_limits<float>::infinity());
        w.vec3({1.5f, -2.25f, 3.0e-7f});
        w.quat(glm::quat(0.5f, -0.5f, 0.25f, 1.0f));
        w.string("Gait \xC3\xA9");
        w.string("");
        const std::vector<float> fs{0.1f, 2.0f, -3.5f};
        const std::vector<int> is{std::numeric_limits<int>::min(), 0, 42};
        const std::vector<glm::vec3> vs{{1, 2, 3}, {-4, 5, -6}};
        const std::vector<glm::quat> qs{glm::quat(1, 0, 0, 0), glm::quat(0, 0.6f, 0.8f, 0)};
        w.floats(fs);
        w.ints(is);
        w.vec3s(vs);
        w.quats(qs);

        ByteReader r(w.bytes());
        QCOMPARE(r.u8("a"), std::uint8_t(0xAB));
        QCOMPARE(r.u32("a"), 0xDEADBEEFu);
        QCOMPARE(r.u64("a"), 0x0123456789ABCDEFull);
        QCOMPARE(r.i32("a"), -7);
        const float negativeZero = r.f32("a");
        QVERIFY(negativeZero == 0.0f && std::signbit(negativeZero));
        QVERIFY(std::isinf(r.f32("a")));
        QVERIFY(r.vec3("a") == glm::vec3(1.5f, -2.25f, 3.0e-7f));
        QVERIFY(r.quat("a") == glm::quat(0.5f, -0.5f, 0.25f, 1.0f));
        QCOMPARE(r.string("a", 100), std::string("Gait \xC3\xA9"));
        QCOMPARE(r.string("a", 100), std::string());
        QVERIFY(r.floats("a", 10) == fs);
        QVERIFY(r.ints("a", 10) == is);
        QVERIFY(r.vec3s("a", 10) == vs);
        QVERIFY(r.quats("a", 10) == qs);
        QVERIFY2(r.ok(), r.error().c_str());
        QCOMPARE(r.remaining(), size_t(0));
        QCOMPARE(r.offset(), w.size());
    }

    void littleEndianOnDisk() {
        ByteWriter w;
        w.u32(0x04030201u);
        w.f32(1.0f);  // 0x3F800000
        w.string("ab");
        const std::vector<std::uint8_t> expected{1,    2, 3, 4, 0, 0,   0x80,
                                                 0x3F, 2, 0, 0, 0, 'a', 'b'};
        QVERIFY(w.bytes() == expected);
    }

    void padsAndPatches() {
        ByteWriter w;
        w.u8(1);
        w.padTo(8);
        QCOMPARE(w.size(), size_t(8));
        w.padTo(8);  // already aligned: nothing added
        QCOMPARE(w.size(), size_t(8));
        w.u32(0);
        w.u64(0);
        w.patchU32(8, 0xA1B2C3D4u);
        w.patchU64(12, 0x1122334455667788ull);
        ByteReader r(w.bytes());
        r.u64("pad");
        QCOMPARE(r.u32("patched"), 0xA1B2C3D4u);
        QCOMPARE(r.u64("patched"), 0x1122334455667788ull);
        QVERIFY(r.ok());
    }

    void truncationFailsAndStaysFailed() {
        ByteWriter w;
        w.u32(5);
        w.u8(9);
        ByteReader r(w.bytes());
        QCOMPARE(r.u32("the count"), 5u);
        QCOMPARE(r.u32("the weights"), 0u);  // one byte left
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("ends inside the weights"));
        QCOMPARE(r.remaining(), size_t(0));
        // Later reads return zeros and keep the first message.
        QCOMPARE(r.u8("more"), std::uint8_t(0));
        QCOMPARE(r.f32("more"), 0.0f);
        QVERIFY(r.floats("more", 10).empty());
        QCOMPARE(r.error(), std::string("ends inside the weights"));
    }

    void countAboveTheLimitIsRefused() {
        ByteWriter w;
        w.floats(std::vector<float>(11, 1.0f));
        ByteReader r(w.bytes());
        QVERIFY(r.floats("the knots", 10).empty());
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("the knots: count 11 is above the limit 10"));
    }

    void countBeyondTheBytesIsRefusedBeforeAllocating() {
        ByteWriter w;
        w.u32(1000000000u);  // a billion floats announced, none present
        w.f32(1.0f);
        ByteReader r(w.bytes());
        QVERIFY(r.floats("the knots", std::numeric_limits<std::uint32_t>::max()).empty());
        QVERIFY(!r.ok());
        QCOMPARE(r.error(), std::string("ends inside the knots (1000000000 entries announced)"));

        ByteWriter s;
        s.u32(3);
        s.u8('x');
        ByteReader rs(s.bytes());
        QCOMPARE(rs.string("the name", 100), std::string());
        QCOMPARE(rs.error(), std::string("ends inside the name (3 entries announced)"));

        ByteReader long_(s.bytes());
        QCOMPARE(long_.string("the name", 2), std::string());
        QCOMPARE(long_.error(), std::string("the name: count 3 is above the limit 2"));
    }

    void failKeepsTheFirstMessage() {
        const std::vector<std::uint8_t> bytes(8, 0);
        ByteReader r(bytes);
        r.fail("first");
        r.fail("second");
        QCOMPARE(r.error(), std::string("first"));
        QCOMPARE(r.remaining(), size_t(0));
    }
};

QTEST_APPLESS_MAIN(TestByteStream)
#include "tst_byte_stream.moc"
