// The blend-weight editor: a slider sets its style and rescales the others so that the targets
// sum to 1; the key track adds a key on double-click, moves one by dragging, removes the
// selected one with Delete (as requests to its owner, with real mouse and key events). While a
// key sets the style the sliders are locked and say so, in their tooltips and a line under them;
// Edit key lets them change that key, Clear keys asks for the track to go.

#include <QLabel>
#include <QPushButton>
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

    void aKeySetsTheSliders() {
        StyleEditor editor;
        editor.setStyles({"walk", "jog"});
        editor.setTrackLength(20.0);
        editor.setKeys({StyleKey{2.0, {1.0f, 0.0f}}, StyleKey{6.0, {0.0f, 1.0f}}});
        editor.resize(420, 360);
        editor.show();
        QVERIFY(QTest::qWaitForWindowExposed(&editor));
        auto* jog = editor.findChild<QSlider*>("style_jog");
        auto* note = editor.findChild<QLabel*>("styleKeyNote");
        auto* edit = editor.findChild<QPushButton*>("editStyleKey");
        auto* clear = editor.findChild<QPushButton*>("clearStyleKeys");
        QVERIFY(jog && note && edit && clear);
        QVERIFY(!note->isVisible() && jog->isEnabled());

        // The key at 6 s sets the sliders: they are locked and say why, and how to free them.
        editor.setDrivingKey(1);
        editor.setTargets({0.0f, 1.0f});  // as the run applies the key
        QVERIFY(note->isVisible() && edit->isVisible() && clear->isVisible());
        QVERIFY2(note->text().contains("Set by the style key at 6.0 s"), qPrintable(note->text()));
        QVERIFY(!jog->isEnabled());
        QVERIFY2(jog->toolTip().contains("set by the style key at 6.0 s") &&
                     jog->toolTip().contains("Clear keys"),
                 qPrintable(jog->toolTip()));
        QSignalSpy targets(&editor, &StyleEditor::targetsChanged),
            keyChanged(&editor, &StyleEditor::keyChangeRequested),
            cleared(&editor, &StyleEditor::keysClearRequested);

        // Edit key: the sliders change that key, not the style.
        QTest::mouseClick(edit, Qt::LeftButton);
        QVERIFY(editor.isEditingKey() && jog->isEnabled());
        QCOMPARE(edit->text(), QString("Done"));
        jog->setFocus();
        QTest::keyClick(jog, Qt::Key_PageDown);  // jog 1.0 -> 0.9
        QCOMPARE(targets.count(), 0);
        QCOMPARE(keyChanged.count(), 1);
        QCOMPARE(keyChanged.first().at(0).toInt(), 1);
        const auto w = keyChanged.first().at(1).value<std::vector<float>>();
        QVERIFY(std::abs(w[1] - 0.9f) < 1e-3f && std::abs(w[0] - 0.1f) < 1e-3f);
        QTest::mouseClick(edit, Qt::LeftButton);  // done
        QVERIFY(!editor.isEditingKey() && !jog->isEnabled());

        QTest::mouseClick(clear, Qt::LeftButton);
        QCOMPARE(cleared.count(), 1);
        // The owner takes the keys away: the sliders set the style again.
        editor.setKeys({});
        editor.setDrivingKey(-1);
        QVERIFY(!note->isVisible() && jog->isEnabled());
        QVERIFY(jog->toolTip().startsWith("Target weight of jog"));
        jog->setFocus();
        QTest::keyClick(jog, Qt::Key_End);
        QCOMPARE(targets.count(), 1);
    }

    void liveFiguresSayWhatTheyAre() {
        StyleEditor editor;
        editor.setStyles({"walk", "jog"});
        editor.setLive({0.7f, 0.3f}, {1.0f, 1.0f});
        QLabel* jogFigures = nullptr;
        for (QLabel* l : editor.findChildren<QLabel*>())
            if (l->text().contains("now 0.30")) jogFigures = l;
        QVERIFY(jogFigures);
        QVERIFY2(jogFigures->text().contains("turn 1.00"), qPrintable(jogFigures->text()));
        QVERIFY(jogFigures->toolTip().contains(
            "turn blend 1.00 (0 = sharpest right, 1 = sharpest left)"));
    }

    void keyTrack() {
        StyleKeyTrack track;
        track.setStyleCount(2);
        track.setLength(10.0);
        track.resize(408, 60);
        track.show();
        QVERIFY(QTest::qWaitForWindowExposed(&track));
        QSignalSpy added(&track, &StyleKeyTrack::addRequested),
            moved(&track, &StyleKeyTrack::moveRequested),
            removed(&track, &StyleKeyTrack::removeRequested);
        QTest::mouseDClick(&track, Qt::LeftButton, {},
                           QPoint(static_cast<int>(track.xOf(2.0)), 30));
        QCOMPARE(added.count(), 1);
        QVERIFY(std::abs(added.first().first().toDouble() - 2.0) < 0.05);
        track.setKeys({StyleKey{2.0, {1.0f, 0.0f}}, StyleKey{6.0, {0.2f, 0.8f}}});
        const QPoint from(static_cast<int>(track.xOf(6.0)), 30),
            to(static_cast<int>(track.xOf(8.0)), 30);
        QTest::mousePress(&track, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, to, track.mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                         Qt::NoModifier);
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
