// The runtime links alone: the examples (examples/runtime_only in C++, examples/c_crowd in C and
// examples/python through ctypes) depend on no Qt and no Assimp library, and each drives 200
// characters of a synthetic space baked by gaitspace-cli (no data needed) to their goals at a
// jittery frame time, refusing a removed character's id; the three print the same checksum of
// the poses, on one thread or two. Baked with stops, the C++ example's characters stand on
// their goals.

#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"
#include "common/test_data.h"

namespace {

using Run = gs::test::ProgramRun;

Run run(const QString& program, const QStringList& args, const QStringList& env = {}) {
    return gs::test::runProgram(program, args, env);
}

// examples/python/crowd.py on the tree's C API library (under the sanitizers with their runtime
// preloaded: python3 cannot load it late).
Run runPython(const QStringList& args) {
    const QString preload = QStringLiteral(PYTHON_PRELOAD);
    const QStringList env =
        preload.isEmpty() ? QStringList()
                          : QStringList{"LD_PRELOAD=" + preload, "ASAN_OPTIONS=detect_leaks=0"};
    return run(QStringLiteral(PYTHON3),
               QStringList{QStringLiteral(GAITSPACE_SOURCE_DIR "/examples/python/crowd.py"),
                           "--library", QStringLiteral(RUNTIME_C_LIB)} +
                   args,
               env);
}

// What an example printed: goals reached, the stale id's refusals and the checksum.
struct Summary {
    int characters = 0, reached = 0, refused = 0;
    QString poses;
};

Summary summary(const QString& out) {
    const auto m = QRegularExpression(
                       "characters (\\d+), .* goals reached (\\d+), stale id refused (\\d+) "
                       "times, poses ([0-9a-f]{16})")
                       .match(out);
    Summary s;
    if (!m.hasMatch()) return s;
    s.characters = m.captured(1).toInt();
    s.reached = m.captured(2).toInt();
    s.refused = m.captured(3).toInt();
    s.poses = m.captured(4);
    return s;
}

}  // namespace

class TestRuntimeOnly : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_baked;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const QString synth = m_dir.filePath("synth");
        const gs::test::CliRun made = gs::test::runCli({"synth", synth, "--cycles", "2"});
        QCOMPARE(made.exitCode, 0);
        m_baked = m_dir.filePath("synthetic.gspace");
        const gs::test::CliRun bake =
            gs::test::runCli({"bake", synth + "/synthetic.gsproj", "-o", m_baked});
        QVERIFY2(bake.exitCode == 0, bake.err.constData());
    }

    void linksNeitherQtNorAssimp() {
        for (const QString& binary : {QStringLiteral(RUNTIME_ONLY_EXE), QStringLiteral(C_CROWD_EXE),
                                      QStringLiteral(RUNTIME_C_LIB)}) {
            const Run ldd = run("ldd", {binary});
            QCOMPARE(ldd.exitCode, 0);
            QVERIFY(ldd.out.contains("libc.so"));
            QVERIFY2(!ldd.out.contains("Qt", Qt::CaseInsensitive),
                     qPrintable(binary + " links Qt"));
            QVERIFY2(!ldd.out.contains("assimp", Qt::CaseInsensitive),
                     qPrintable(binary + " links Assimp"));
        }
        // The C API's library exports the gs_* functions and nothing else.
        const Run nm = run("nm", {"-D", "--defined-only", QStringLiteral(RUNTIME_C_LIB)});
        QCOMPARE(nm.exitCode, 0);
        int exported = 0;
        for (const QString& line : nm.out.split('\n', Qt::SkipEmptyParts)) {
            const QStringList f = line.simplified().split(' ');
            if (f.size() < 3 || f[2].startsWith("GAITSPACE")) continue;  // the version node
            QVERIFY2(f[2].startsWith("gs_"), qPrintable("exported: " + f[2]));
            ++exported;
        }
        QVERIFY(exported >= 25);
    }

    // C++, C and Python: 200 characters for 30 s; all three alike to the bit.
    void threeLanguagesOneCrowd() {
        const Run cpp = run(QStringLiteral(RUNTIME_ONLY_EXE), {m_baked, "200", "30", "1"});
        QVERIFY2(cpp.exitCode == 0, qPrintable(cpp.err));
        const Summary a = summary(cpp.out);
        QCOMPARE(a.characters, 200);
        // Goals 0-40 m away at 1.3-2.6 m/s: about three each in 30 s.
        QVERIFY2(a.reached >= 300, qPrintable(cpp.out));
        QVERIFY(a.refused > 0);

        const Run twoThreads = run(QStringLiteral(RUNTIME_ONLY_EXE), {m_baked, "200", "30", "2"});
        QCOMPARE(twoThreads.exitCode, 0);
        QCOMPARE(summary(twoThreads.out).poses, a.poses);

        const Run c = run(QStringLiteral(C_CROWD_EXE), {m_baked, "200", "30", "1"});
        QVERIFY2(c.exitCode == 0, qPrintable(c.err));
        const Summary b = summary(c.out);
        QCOMPARE(b.poses, a.poses);
        QCOMPARE(b.reached, a.reached);
        QCOMPARE(b.refused, a.refused);

        const Run py = runPython({m_baked, "200", "30"});
        QVERIFY2(py.exitCode == 0, qPrintable(py.err));
        const Summary p = summary(py.out);
        QCOMPARE(p.poses, a.poses);
        QCOMPARE(p.reached, a.reached);
    }

    // A file that is not a baked space is refused with a line naming it, in every language.
    void refusesABadFile() {
        const QString readme = QStringLiteral(GAITSPACE_SOURCE_DIR "/README.md");
        const QList<Run> runs = {run(QStringLiteral(RUNTIME_ONLY_EXE), {readme}),
                                 run(QStringLiteral(C_CROWD_EXE), {readme}), runPython({readme})};
        for (const Run& r : runs) {
            QCOMPARE(r.exitCode, 1);
            QVERIFY2(r.err.contains("README.md") && r.err.contains("not a gspace file"),
                     qPrintable(r.err));
            QCOMPARE(r.err.trimmed().count('\n'), 0);
        }
    }

    // Baked with the subject's stops and starts (CMU data), the characters stop on their goals,
    // stand and start toward the next.
    void standsOnItsGoals() {
        GS_REQUIRE_DATA();
        qputenv("GAITSPACE_DATA_DIR", gs::test::dataDir().toLocal8Bit());
        const QString arrive = m_dir.filePath("arrive.gspace");
        const gs::test::CliRun bake = gs::test::runCli(
            {"bake",
             QStringLiteral(GAITSPACE_SOURCE_DIR "/resources/projects/cmu_walk_jog_arrive.gsproj"),
             "-o", arrive});
        QVERIFY2(bake.exitCode == 0, bake.err.constData());
        const Run stopping = run(QStringLiteral(RUNTIME_ONLY_EXE), {arrive, "20", "60", "2"});
        QVERIFY2(stopping.exitCode == 0, qPrintable(stopping.err));
        const auto s =
            QRegularExpression("goals reached (\\d+), .* stood on (\\d+)").match(stopping.out);
        QVERIFY(s.hasMatch());
        // 20 characters for 60 s, goals 0-40 m away, a second stood on each: every one stands on
        // a goal at least twice, and every goal reached is stood on.
        QVERIFY2(s.captured(2).toInt() >= 40, qPrintable(stopping.out));
        QCOMPARE(s.captured(2), s.captured(1));
    }
};

QTEST_GUILESS_MAIN(TestRuntimeOnly)
#include "tst_runtime_only.moc"
