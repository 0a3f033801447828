#pragma once
// StyleEditor: the blend-weight editor of the live run.
//
// One slider per style (motion space). Moving one sets that style's target weight and rescales
// the others so that the targets still sum to 1 (in proportion to what they were; evenly when
// they were all zero). Under each slider the live weight and the space's live blend value
// (0 = sharpest right, 1 = sharpest left) are shown as the run reports them.
//
// While a key of the track sets the targets (setDrivingKey) the sliders are locked and say so:
// a line under them names the key, and two buttons free them: Edit key (the sliders then change
// that key, keyChangeRequested) and Clear keys (keysClearRequested).
//
// Below, a key track of style weights over time (the method's figure 13): each key is a time and a
// set of target weights. Double-click adds a key with the sliders' targets at that time; drag
// moves a key in time; select a key and press Delete to remove it. The widget only paints and
// forwards: it emits requests, and its owner applies them (as undoable edits) and sets the keys
// back. Styles are chosen by name too: the track's context menu adds a key of one style at the
// time clicked, or sets the key clicked to one style; a key's tooltip names its weights. How the
// weights move: by at most `increment` per frame, or over `transition` seconds.

#include <QStringList>
#include <QWidget>

#include <vector>

class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QRadioButton;
class QSlider;
class QVBoxLayout;

namespace gs {

struct StyleKey {
    double seconds = 0.0;
    std::vector<float> weights;  // one per style, summing to 1
    bool operator==(const StyleKey&) const = default;
};

class StyleKeyTrack;

class StyleEditor : public QWidget {
    Q_OBJECT
public:
    explicit StyleEditor(QWidget* parent = nullptr);

    void setStyles(const QStringList& names);
    QStringList styles() const { return m_names; }
    // The targets shown by the sliders (normalized by the call).
    void setTargets(const std::vector<float>& targets);
    const std::vector<float>& targets() const { return m_targets; }
    // Live figures of the run: the style weights now (summing to 1) and each space's turn blend.
    void setLive(const std::vector<float>& weights, const std::vector<float>& blends);
    // The key (an index of keys()) that sets the targets now, or -1 when the sliders do.
    void setDrivingKey(int index);
    int drivingKey() const { return m_drivingKey; }
    // Edit key is on: the sliders change the driving key.
    bool isEditingKey() const;
    void setKeys(const std::vector<StyleKey>& keys);
    const std::vector<StyleKey>& keys() const;
    // Time span of the key track and the run's current time (a cursor).
    void setTrackLength(double seconds);
    void setTime(double seconds);
    // Increment per frame ((0, 1]) or, when transition > 0, the transition time (seconds).
    void setTransition(float increment, float transitionSeconds);
    // Both values, and which of them applies (the other is kept for when the user switches).
    void setTransition(bool byTime, float increment, float transitionSeconds);
    float transitionSeconds() const;

    // The new targets of `weights`, after style `index` was set to `value` (the others rescaled).
    static std::vector<float> rescaled(const std::vector<float>& weights, int index, float value);

signals:
    void targetsChanged(const std::vector<float>& targets);
    void keyAddRequested(const gs::StyleKey& key);
    void keyMoveRequested(int index, double seconds);
    void keyRemoveRequested(int index);
    void keyChangeRequested(int index, const std::vector<float>& weights);
    void keysClearRequested();
    void transitionChanged(float increment, float transitionSeconds);

private:
    void rebuild();
    void sliderMoved(int index, int value);
    void updateKeyState();
    void emitTransition();

    QStringList m_names;
    std::vector<float> m_targets;
    QVBoxLayout* m_rows;
    std::vector<QSlider*> m_sliders;
    std::vector<QLabel*> m_labels;
    std::vector<float> m_liveWeights, m_liveBlends;
    StyleKeyTrack* m_track;
    int m_drivingKey = -1;
    QWidget* m_keyRow;
    QLabel* m_keyNote;
    QPushButton* m_editKey;
    QPushButton* m_clearKeys;
    QRadioButton* m_byIncrement;
    QRadioButton* m_byTime;
    QDoubleSpinBox* m_increment;
    QDoubleSpinBox* m_transition;
    bool m_updating = false;
};

// The key track (exposed for tests): keys as stacked bars of their weights along a time axis.
class StyleKeyTrack : public QWidget {
    Q_OBJECT
public:
    explicit StyleKeyTrack(QWidget* parent = nullptr);
    void setKeys(const std::vector<StyleKey>& keys);
    const std::vector<StyleKey>& keys() const { return m_keys; }
    void setLength(double seconds);
    double length() const { return m_length; }
    void setTime(double seconds);
    void setStyleCount(int count) {
        m_styles = count;
        update();
    }
    // The styles' names (and count), for the context menu and the keys' tooltips.
    void setStyleNames(const QStringList& names);
    // The tooltip of key `index`: its time and weights by name ("3.0 s: angry 1.00").
    QString keyText(int index) const;
    int selected() const { return m_selected; }
    void setSelected(int index);
    // Widget x of a time and back.
    double xOf(double seconds) const;
    double secondsAt(double x) const;
    QSize sizeHint() const override { return {320, 54}; }

signals:
    void addRequested(double seconds);
    void moveRequested(int index, double seconds);
    void removeRequested(int index);
    // From the context menu: a key of style `style` alone at `seconds`, or key `index` set to it.
    void styleKeyRequested(double seconds, int style);
    void keyStyleRequested(int index, int style);

protected:
    bool event(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;

private:
    int keyAt(double x) const;

    std::vector<StyleKey> m_keys;
    double m_length = 20.0;
    double m_time = -1.0;
    int m_styles = 0;
    QStringList m_names;
    int m_selected = -1;
    int m_dragging = -1;
    double m_dragSeconds = 0.0;
};

}  // namespace gs
