// The window on the user's screen: its frame (title bar included) lies in the screen's available
// area, when a geometry saved on another screen (off this one, or larger than it) is restored,
// and when gaitspace starts on a 1280 x 720 screen with and without a window manager (openbox,
// where it is installed), the status bar on screen.

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QProcess>
#include <QScreen>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include "common/generated_bvh.h"
#include "app/gui/window/main_window.h"
#include "test_settings.h"

using namespace gs;

namespace {

QRect rectOf(const QJsonValue& v) {
    const QJsonArray a = v.toArray();
    return a.size() == 4 ? QRect(a[0].toInt(), a[1].toInt(), a[2].toInt(), a[3].toInt()) : QRect();
}

QString text(const QRect& r) {
    return QStringLiteral("%1,%2 %3x%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

}  // namespace

class TestWindowScreen : public QObject {
    Q_OBJECT

private slots:
    void init() { QSettings().clear(); }

    void restoredGeometryFits_data() {
        QTest::addColumn<QRect>("saved");
        QTest::newRow("off the screen") << QRect(5000, 4000, 1000, 700);
        QTest::newRow("larger than the screen") << QRect(0, 0, 4000, 3000);
        QTest::newRow("partly off") << QRect(1300, 1000, 1280, 800);
        QTest::newRow("above and left") << QRect(-900, -700, 1280, 800);
    }

    // A geometry saved on another screen (the window closed there) is corrected when it is
    // restored here.
    void restoredGeometryFits() {
        QFETCH(QRect, saved);
        {
            MainWindow before;
            before.show();
            QVERIFY(QTest::qWaitForWindowExposed(&before));
            before.setGeometry(saved);
            QTest::qWait(50);
            before.setSaveQuestion([] { return QMessageBox::Discard; });
            QVERIFY(before.close());
        }
        QVERIFY(QSettings().contains("window/geometry"));
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        const QRect available = w.screen()->availableGeometry();
        QTRY_VERIFY2(available.contains(w.frameGeometry()),
                     qPrintable(text(w.frameGeometry()) + " in " + text(available)));
        const QRect status(w.statusBar()->mapToGlobal(QPoint(0, 0)), w.statusBar()->size());
        QVERIFY2(available.contains(status), qPrintable(text(status)));
        w.setSaveQuestion([] { return QMessageBox::Discard; });
    }

    void startsOnA1280x720Screen_data() {
        QTest::addColumn<bool>("windowManager");
        QTest::newRow("no window manager") << false;
        QTest::newRow("openbox") << true;
    }

    // gaitspace on a screen of its own of 1280 x 720 (Xvfb), under openbox or bare: the frame and
    // the status bar inside the available area, as the window reports them (--report).
    void startsOnA1280x720Screen() {
        QFETCH(bool, windowManager);
        const QString xvfb = QStandardPaths::findExecutable("xvfb-run"),
                      openbox = QStandardPaths::findExecutable("openbox");
        if (xvfb.isEmpty()) QSKIP("xvfb-run is not installed");
        if (windowManager && openbox.isEmpty()) QSKIP("openbox is not installed");
        QTemporaryDir dir;
        test::writeBytes(dir.filePath("walk.bvh"), test::generatedBvh(60));
        const QString project = dir.filePath("small.gsproj"), report = dir.filePath("report.json");
        test::writeBytes(
            project,
            R"({"format":"gaitspace-project","version":1,"clips":[{"id":"walk","source":"walk.bvh"}],"spaces":[]})");
        // The window manager first (given a second to take the screen), then the window.
        const QString script =
            windowManager ? QStringLiteral(
                                "\"%1\" & wm=$!; sleep 1; \"$0\" \"$@\"; rc=$?; kill $wm; exit $rc")
                                .arg(openbox)
                          : QStringLiteral("exec \"$0\" \"$@\"");
        QProcess run;
        run.setProcessEnvironment(test::isolatedEnvironment(dir.filePath("home")));
        run.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        run.start(xvfb,
                  {"-a", "-s", "-screen 0 1280x720x24", "sh", "-c", script,
                   QStringLiteral(GAITSPACE_EXE), "--project", project, "--screenshot",
                   dir.filePath("shot.png"), "--screenshot-delay", "2500", "--report", report});
        QVERIFY(run.waitForFinished(180000));
        QCOMPARE(run.exitCode(), 0);
        QFile f(report);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const QRect available = rectOf(o["screen_available"]), frame = rectOf(o["window_frame"]),
                    inside = rectOf(o["window_geometry"]), status = rectOf(o["status_bar"]);
        QCOMPARE(available, QRect(0, 0, 1280, 720));
        if (windowManager)
            QVERIFY2(frame.top() < inside.top(), "openbox gave the window a title bar");
        QVERIFY(available.contains(frame));
        QVERIFY(available.contains(status));
        QVERIFY(inside.height() >= 600);  // shrunk by the frame only
    }
};

QTEST_MAIN(TestWindowScreen)
#include "tst_window_screen.moc"
