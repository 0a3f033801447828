// The blend-weight editor: a slider sets its style and rescales the others so that the targets
// sum to 1; the key track adds a key on double-click, moves one by dragging, removes the
// selected one with Delete (as requests to its owner, with real mouse and key events).

#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include "gui/test_settings.h"
#include "widgets/style_editor.h"

using namespace gs;

class TestStyleEditor : public QObject {
    Q_OBJECT
private slots:
    void rescaling() {
        const auto w = StyleEditor::rescaled({0.5f, 0.3f, 0.2f}, 0, 0.8f);
        QCOMPARE(w.size(), size_t(3));
        QVERIFY(std::abs(w[0] - 0.8f) < 1e-6f);
        QVERIFY(std::abs(w[1] - 0.12f) < 1e-6f);  // 0.3 / 0.5 x 0.2
        QVERIFY(std::abs(w[2] - 0.08f) < 1e-6f);
        const auto even = StyleEditor::rescaled({1.0f, 0.0f, 0.0f}, 0, 0.4f);
        QVERIFY(std::abs(even[1] - 0.3f) < 1e-6f && std::abs(even[2] - 0.3f) < 1e-6f);
    }

    void sliders() {
        StyleEditor editor;
        editor.setStyles({"walk", "jog"});
        editor.resize(400, 300);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        QSignalSpy changed(&editor, &StyleEditor::targetsChanged);
        auto* jog = editor.findChild<QSlider*>("style_jog");
        QVERIFY(jog);
        jog->setFocus();
        for (int i = 0; i < 3; ++i) QTest::keyClick(jog, Qt::Key_PageUp);  // +3 x 10 %
        QVERIFY(changed.count() >= 1);
        const auto t = changed.last().first().value<std::vector<float>>();
        QCOMPARE(t.size(), size_t(2));
        QVERIFY(std::abs(t[0] + t[1] - 1.0f) < 1e-5f);
        QVERIFY(t[1] > 0.25f && t[1] < 0.35f);
        editor.setLive({0.9f, 0.1f}, {0.5f, 0.6f});
    }

    void keyTrack() {
        StyleKeyTrack track;
        track.setStyleCount(2);
        track.setLength(10.0);
        track.resize(408, 60);
        track.show();
        QVERIFY(QTest::qWaitForWindowExposed(&track));
        QSignalSpy added(&track, &StyleKeyTrack::addRequested), moved(&track, &StyleKeyTrack::moveRequested),
            removed(&track, &StyleKeyTrack::removeRequested);
        QTest::mouseDClick(&track, Qt::LeftButton, {}, QPoint(static_cast<int>(track.xOf(2.0)), 30));
        QCOMPARE(added.count(), 1);
        QVERIFY(std::abs(added.first().first().toDouble() - 2.0) < 0.05);
        track.setKeys({StyleKey{2.0, {1.0f, 0.0f}}, StyleKey{6.0, {0.2f, 0.8f}}});
        const QPoint from(static_cast<int>(track.xOf(6.0)), 30), to(static_cast<int>(track.xOf(8.0)), 30);
        QTest::mousePress(&track, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, track.mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&track, &move);
        QTest::mouseRelease(&track, Qt::LeftButton, {}, to);
        QCOMPARE(moved.count(), 1);
        QCOMPARE(moved.first().at(0).toInt(), 1);
        QVERIFY(std::abs(moved.first().at(1).toDouble() - 8.0) < 0.05);
        QTest::mouseClick(&track, Qt::LeftButton, {}, QPoint(static_cast<int>(track.xOf(2.0)), 30));
        QCOMPARE(track.selected(), 0);
        QTest::keyClick(&track, Qt::Key_Delete);
        QCOMPARE(removed.count(), 1);
        QCOMPARE(removed.first().first().toInt(), 0);
    }
};

QTEST_MAIN(TestStyleEditor)
#include "tst_style_editor.moc"
