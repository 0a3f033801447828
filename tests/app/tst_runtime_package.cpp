// The runtime as a game takes it: `cmake --install` of this build into a temporary prefix writes
// the libraries, the public headers (and no private one), the CMake package with its version
// file and the pkg-config files; the examples built outside the tree against it, with
// find_package(Gaitspace COMPONENTS runtime) and -O3 -march=native, or with pkg-config, and the
// Python example on the installed library, all give the in-tree run's poses to the bit. The
// installed tree still works once moved elsewhere. Runs on a synthetic bake (no data needed).

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

#include "common/cli_run.h"

namespace {

using Run = gs::test::ProgramRun;

// Runs a program; ten minutes at most (a build outside the tree on a busy machine).
Run run(const QString& program, const QStringList& args, const QStringList& env = {},
        const QString& dir = {}) {
    return gs::test::runProgram(program, args, env, dir, 600000);
}

// pkg-config's flags, each -I and -L path made clean (the .pc files find the prefix from their
// own folder: ${pcfiledir}/../..), or empty when it failed.
QStringList pkgConfig(const QStringList& args, const QString& pcDir) {
    const Run r = run(QStringLiteral(PKG_CONFIG), args, {"PKG_CONFIG_PATH=" + pcDir});
    if (r.exitCode != 0) return {};
    QStringList flags = r.out.simplified().split(' ', Qt::SkipEmptyParts);
    for (QString& f : flags)
        if (f.startsWith("-I") || f.startsWith("-L")) f = f.left(2) + QDir::cleanPath(f.mid(2));
    return flags;
}

QString posesOf(const QString& out) {
    return QRegularExpression("poses ([0-9a-f]{16})").match(out).captured(1);
}

#if defined(GAITSPACE_SANITIZED)
// The installed libraries carry the sanitizers' calls: a consumer links their runtime too.
const QString kSanitize = "-fsanitize=address,undefined";
#else
const QString kSanitize;
#endif

}  // namespace

class TestRuntimePackage : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_baked, m_prefix, m_reference;
    const QString m_source = QStringLiteral(GAITSPACE_SOURCE_DIR);

    // Configures and builds an example outside the tree against the package under `prefix`;
    // returns its executable, or empty (with the output shown) when that fails.
    QString buildExample(const QString& example, const QString& prefix, const QString& buildDir) {
        const QString flags = "-O3 -march=native " + kSanitize;
        const Run configure =
            run(QStringLiteral(CMAKE_EXE),
                {"-S", m_source + "/examples/" + example, "-B", buildDir, "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
                 "-DCMAKE_CXX_COMPILER=" CXX_COMPILER, "-DCMAKE_C_COMPILER=" C_COMPILER,
                 "-DCMAKE_CXX_FLAGS_RELEASE=" + flags, "-DCMAKE_C_FLAGS_RELEASE=" + flags,
                 "-DCMAKE_EXE_LINKER_FLAGS=" + kSanitize});
        if (configure.exitCode != 0) {
            qWarning("%s%s", qPrintable(configure.out), qPrintable(configure.err));
            return {};
        }
        const Run build = run(QStringLiteral(CMAKE_EXE), {"--build", buildDir});
        if (build.exitCode != 0) {
            qWarning("%s%s", qPrintable(build.out), qPrintable(build.err));
            return {};
        }
        return buildDir + "/" + (example == "c_crowd" ? "c_crowd" : "runtime_only");
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        const QString synth = m_dir.filePath("synth");
        QCOMPARE(gs::test::runCli({"synth", synth, "--cycles", "2"}).exitCode, 0);
        m_baked = m_dir.filePath("synthetic.gspace");
        QCOMPARE(gs::test::runCli({"bake", synth + "/synthetic.gsproj", "-o", m_baked}).exitCode,
                 0);
        // The in-tree run every consumer must match.
        const Run reference = run(QStringLiteral(RUNTIME_ONLY_EXE), {m_baked, "200", "20"});
        QVERIFY2(reference.exitCode == 0, qPrintable(reference.err));
        m_reference = posesOf(reference.out);
        QVERIFY(!m_reference.isEmpty());
    }

    void installsThePackage() {
        m_prefix = m_dir.filePath("prefix");
        const Run install =
            run(QStringLiteral(CMAKE_EXE),
                {"--install", QStringLiteral(GAITSPACE_BINARY_DIR), "--prefix", m_prefix});
        QVERIFY2(install.exitCode == 0, qPrintable(install.out + install.err));
        for (const char* file :
             {"lib/libgaitspace_runtime.a", "lib/libgaitspace_runtime_c.so",
              "include/gaitspace/runtime.h", "lib/cmake/Gaitspace/GaitspaceConfig.cmake",
              "lib/cmake/Gaitspace/GaitspaceConfigVersion.cmake",
              "lib/cmake/Gaitspace/GaitspaceRuntimeTargets.cmake",
              "lib/pkgconfig/gaitspace-runtime.pc", "lib/pkgconfig/gaitspace-runtime-c.pc"})
            QVERIFY2(QFileInfo::exists(m_prefix + "/" + file), file);
        // The public headers, all of them and nothing else: no private header goes out.
        QSet<QString> installed, pub;
        for (QDirIterator it(m_prefix + "/include", QDir::Files, QDirIterator::Subdirectories);
             it.hasNext();)
            installed.insert(QDir(m_prefix + "/include").relativeFilePath(it.next()));
        for (QDirIterator it(m_source + "/core/runtime/include", QDir::Files,
                             QDirIterator::Subdirectories);
             it.hasNext();)
            pub.insert(QDir(m_source + "/core/runtime/include").relativeFilePath(it.next()));
        QCOMPARE(installed, pub);
        QVERIFY(installed.contains("gaitspace/runtime/crowd.h"));
        for (const char* p :
             {"lanes.h", "lane_vectors.h", "steering_detail.h", "dubins.h", "steer_paths.h",
              "byte_stream.h", "crc32.h", "section_file.h", "locomotion_stages.h",
              "steer_prediction.h", "warp_lookup.h", "float_environment.h", "transition_playback.h",
              "transition_section.h"})
            QVERIFY2(!installed.contains(QString("gaitspace/runtime/") + p), p);
        // The version file takes this version and refuses another minor one.
        const QString version = QString::fromUtf8([&] {
            QFile f(m_prefix + "/lib/cmake/Gaitspace/GaitspaceConfigVersion.cmake");
            return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
        }());
        QVERIFY(version.contains("\"0.1.0\""));
    }

    // find_package and -O3 -march=native: C++ and C give the in-tree poses.
    void findPackageConsumersGiveTheSamePoses() {
        QVERIFY(!m_prefix.isEmpty());
        const QString cpp = buildExample("runtime_only", m_prefix, m_dir.filePath("cpp"));
        QVERIFY(!cpp.isEmpty());
        const Run a = run(cpp, {m_baked, "200", "20"});
        QVERIFY2(a.exitCode == 0, qPrintable(a.err));
        QCOMPARE(posesOf(a.out), m_reference);
        // It linked the installed runtime, not the tree's.
        const Run ldd = run("ldd", {cpp});
        QVERIFY(!ldd.out.contains(QStringLiteral(GAITSPACE_BINARY_DIR)));

        const QString c = buildExample("c_crowd", m_prefix, m_dir.filePath("c"));
        QVERIFY(!c.isEmpty());
        const Run b = run(c, {m_baked, "200", "20"});
        QVERIFY2(b.exitCode == 0, qPrintable(b.err));
        QCOMPARE(posesOf(b.out), m_reference);
        QVERIFY(run("ldd", {c}).out.contains(m_prefix + "/lib/libgaitspace_runtime_c.so"));

        // A version the package does not claim is refused.
        const Run wrong =
            run(QStringLiteral(CMAKE_EXE),
                {"--find-package", "-DNAME=Gaitspace", "-DVERSION=0.2", "-DCOMPILER_ID=GNU",
                 "-DLANGUAGE=CXX", "-DMODE=EXIST", "-DCMAKE_PREFIX_PATH=" + m_prefix});
        QVERIFY2(wrong.out.contains("not found"), qPrintable(wrong.out + wrong.err));
    }

    // pkg-config: the C example with gaitspace-runtime-c, the C++ one with gaitspace-runtime
    // (GLM from its own .pc); and the Python example on the installed library.
    void pkgConfigAndPython() {
        QVERIFY(!m_prefix.isEmpty());
        const QString pcDir = m_prefix + "/lib/pkgconfig";
        const QStringList cFlags = pkgConfig({"--cflags", "--libs", "gaitspace-runtime-c"}, pcDir);
        const QStringList cppFlags = pkgConfig({"--cflags", "--libs", "gaitspace-runtime"}, pcDir);
        QVERIFY2(cFlags.contains("-I" + m_prefix + "/include") &&
                     cFlags.contains("-lgaitspace_runtime_c"),
                 qPrintable(cFlags.join(' ')));
        QVERIFY2(cppFlags.contains("-ffp-contract=off") && cppFlags.contains("-lgaitspace_runtime"),
                 qPrintable(cppFlags.join(' ')));
        const QString rpath = "-Wl,-rpath," + m_prefix + "/lib";
        QStringList sanitize = kSanitize.isEmpty() ? QStringList() : QStringList{kSanitize};
        const QString cExe = m_dir.filePath("c_pc"), cppExe = m_dir.filePath("cpp_pc");
        Run cc = run(QStringLiteral(C_COMPILER),
                     QStringList{"-std=c11", "-O3", m_source + "/examples/c_crowd/main.c", "-o",
                                 cExe, rpath} +
                         sanitize + cFlags);
        QVERIFY2(cc.exitCode == 0, qPrintable(cc.err));
        Run cxx = run(QStringLiteral(CXX_COMPILER),
                      QStringList{"-std=c++20", "-O3", m_source + "/examples/runtime_only/main.cpp",
                                  "-o", cppExe} +
                          sanitize + cppFlags);
        QVERIFY2(cxx.exitCode == 0, qPrintable(cxx.err));
        for (const QString& exe : {cExe, cppExe}) {
            const Run r = run(exe, {m_baked, "200", "20"});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QCOMPARE(posesOf(r.out), m_reference);
        }
        // (Under the sanitizers python3 loads the library only with their runtime preloaded.)
        const QString preload = QStringLiteral(PYTHON_PRELOAD);
        const QStringList pyEnv =
            preload.isEmpty() ? QStringList()
                              : QStringList{"LD_PRELOAD=" + preload, "ASAN_OPTIONS=detect_leaks=0"};
        const Run py = run(QStringLiteral(PYTHON3),
                           {m_source + "/examples/python/crowd.py", "--library",
                            m_prefix + "/lib/libgaitspace_runtime_c.so", m_baked, "200", "20"},
                           pyEnv);
        QVERIFY2(py.exitCode == 0, qPrintable(py.err));
        QCOMPARE(posesOf(py.out), m_reference);
    }

    // The installed tree moved elsewhere still works: the CMake package and the pkg-config files
    // find everything relative to where they are.
    void movedPrefixStillWorks() {
        QVERIFY(!m_prefix.isEmpty());
        const QString moved = m_dir.filePath("moved");
        QVERIFY(QDir().rename(m_prefix, moved));
        const QStringList pc =
            pkgConfig({"--cflags", "gaitspace-runtime-c"}, moved + "/lib/pkgconfig");
        QVERIFY2(pc.contains("-I" + moved + "/include"), qPrintable(pc.join(' ')));
        const QString c = buildExample("c_crowd", moved, m_dir.filePath("c-moved"));
        QVERIFY(!c.isEmpty());
        const Run r = run(c, {m_baked, "200", "20"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(posesOf(r.out), m_reference);
        QVERIFY(QDir().rename(moved, m_prefix));
    }
};

QTEST_GUILESS_MAIN(TestRuntimePackage)
#include "tst_runtime_package.moc"
