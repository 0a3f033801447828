// File > New Project from Takes, driven as a new user drives it but for the two file dialogs: a
// whole GAMES-105 take proposed as a project, written, opened and steered; each choice is a
// message (its missing right turn mirrored).

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/gui/window/main_window.h"
#include "app/gui/window/project_files.h"
#include "common/test_data.h"
#include "test_settings.h"

using namespace gs;

class TestProposeWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void takeBecomesASteeringProject() {
        GS_REQUIRE_DATA();
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* files = w.findChild<ProjectFiles*>();
        QVERIFY(files);
        QSignalSpy messages(files, &ProjectFiles::message);
        const QString output = m_dir.filePath("walk_and_turn_left.gsproj");
        files->proposeFromTakes({test::dataPath("games105/walk_and_turn_left.bvh")}, output);
        QTRY_VERIFY_WITH_TIMEOUT(w.document()->path() == output, 120000);
        QCOMPARE(w.document()->project().spaces.size(), size_t(1));
        QCOMPARE(w.document()->clipCount(), 3);
        QVERIFY(w.document()->project().errors().isEmpty());
        bool mirrored = false;
        for (const QList<QVariant>& m : messages)
            mirrored = mirrored || m[1].toString().contains("right turn mirrored");
        QVERIFY(mirrored);
        QTRY_VERIFY_WITH_TIMEOUT(w.isSteering(), 180000);

        // Nothing to propose: one line, and the project that is open stays open.
        QSignalSpy refused(files, &ProjectFiles::message);
        files->proposeFromTakes({test::cmuClip("16_01")}, m_dir.filePath("jump.gsproj"));
        QTRY_VERIFY_WITH_TIMEOUT(!refused.isEmpty(), 60000);
        QTRY_VERIFY_WITH_TIMEOUT(refused.back()[1].toString().contains("New Project from Takes"),
                                 60000);
        QCOMPARE(w.document()->path(), output);
    }
};

QTEST_MAIN(TestProposeWindow)
#include "tst_propose_window.moc"
