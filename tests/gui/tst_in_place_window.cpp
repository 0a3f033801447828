// An in-place clip imported into the window walks from its feet: the library's tooltip says where
// its root motion comes from, the timeline says it walks from its planted feet (its contact lanes
// are the planted spans), and its speed is the walk's, not zero.

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "app/gui/docks/clip_library_dock.h"
#include "app/gui/docks/timeline_dock.h"
#include "app/gui/panels/clip_library.h"
#include "app/gui/window/main_window.h"
#include "common/generated_bvh.h"
#include "common/test_data.h"
#include "core/clip/root_motion.h"
#include "test_settings.h"

using namespace gs;

namespace {

// CMU 16_15 walking on the spot, written to `to`.
bool writeInPlaceWalk(const QString& to) {
    const QByteArray text = test::inPlaceBvh(test::cmuClip("16_15"));
    QFile out(to);
    return !text.isEmpty() && out.open(QIODevice::WriteOnly) && out.write(text) > 0;
}

}  // namespace

class TestInPlaceWindow : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private slots:
    void inPlaceClipWalksFromItsFeet() {
        GS_REQUIRE_DATA();
        const QString file = m_dir.filePath("walk_in_place.bvh");
        QVERIFY(writeInPlaceWalk(file));
        MainWindow w;
        w.resize(1280, 720);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy finished(w.document(), &ProjectDocument::importFinished);
        w.importFiles({file});
        QVERIFY(finished.wait(60000));
        const QString id = "walk_in_place";
        const ProjectClip* clip = w.document()->clip(id);
        QVERIFY(clip && clip->clip);
        QVERIFY(rootMotionStats(*clip->clip).speed > 1.0f);  // the walk's speed, not 0

        QTRY_VERIFY_WITH_TIMEOUT(w.document()->clipAnalysis(id), 60000);
        QVERIFY(w.document()->clipAnalysis(id)->rootMotion.fromFeet);
        auto* view = w.libraryDock()->view();
        const QModelIndex row = view->model()->index(w.document()->indexOf(id), 0);
        QVERIFY2(row.data(Qt::ToolTipRole).toString().contains("planted feet"),
                 qPrintable(row.data(Qt::ToolTipRole).toString()));

        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(row).center());
        auto* label = w.timelineDock()->findChild<QLabel*>("timelineLabel");
        QVERIFY(label);
        QTRY_VERIFY_WITH_TIMEOUT(label->text().contains("walks from its planted feet"), 10000);
        QVERIFY(!w.document()->clipAnalysis(id)->contacts.leftFootStrikes.empty());
    }
};

QTEST_MAIN(TestInPlaceWindow)
#include "tst_in_place_window.moc"
