#include "widgets/style_editor.h"

#include <QContextMenuEvent>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QHelpEvent>
#include <QIcon>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QSignalBlocker>
#include <QRadioButton>
#include <QSlider>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace gs {
namespace {

constexpr int kSliderSteps = 1000;

// Distinct colours for up to 8 styles.
QColor styleColor(int i) {
    static const QColor colors[] = {
        QColor(66, 133, 244), QColor(234, 120, 40), QColor(52, 168, 83),  QColor(200, 60, 160),
        QColor(240, 190, 30), QColor(90, 200, 220), QColor(150, 110, 80), QColor(130, 130, 130)};
    return colors[i % 8];
}

std::vector<float> normalized(std::vector<float> w) {
    float sum = 0.0f;
    for (float& v : w) sum += (v = std::isfinite(v) ? std::max(v, 0.0f) : 0.0f);
    if (sum <= 0.0f) {
        if (!w.empty()) w.front() = 1.0f;
        return w;
    }
    for (float& v : w) v /= sum;
    return w;
}

}  // namespace

std::vector<float> StyleEditor::rescaled(const std::vector<float>& weights, int index,
                                         float value) {
    std::vector<float> w = normalized(weights);
    const int n = static_cast<int>(w.size());
    if (index < 0 || index >= n) return w;
    value = std::clamp(value, 0.0f, 1.0f);
    if (n == 1) return {1.0f};
    float others = 0.0f;
    for (int i = 0; i < n; ++i)
        if (i != index) others += w[i];
    for (int i = 0; i < n; ++i) {
        if (i == index) continue;
        w[i] = others > 1e-6f ? w[i] / others * (1.0f - value) : (1.0f - value) / (n - 1);
    }
    w[index] = value;
    return w;
}

StyleEditor::StyleEditor(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    m_rows = new QVBoxLayout;
    layout->addLayout(m_rows);
    // Which key sets the sliders, and the two ways to free them.
    m_keyRow = new QWidget(this);
    m_keyRow->setObjectName("styleKeyRow");
    auto* keyLayout = new QGridLayout(m_keyRow);
    keyLayout->setContentsMargins(0, 0, 0, 0);
    m_keyNote = new QLabel(m_keyRow);
    m_keyNote->setObjectName("styleKeyNote");
    m_keyNote->setWordWrap(true);
    m_editKey = new QPushButton(tr("Edit key"), m_keyRow);
    m_editKey->setObjectName("editStyleKey");
    m_editKey->setCheckable(true);
    m_editKey->setToolTip(
        tr("The sliders change the key that sets them (undoable); click again when done"));
    m_clearKeys = new QPushButton(tr("Clear keys"), m_keyRow);
    m_clearKeys->setObjectName("clearStyleKeys");
    m_clearKeys->setToolTip(
        tr("Remove every style key (undoable): the sliders set the style again"));
    keyLayout->addWidget(m_keyNote, 0, 0, 1, 3);
    keyLayout->addWidget(m_editKey, 1, 1);
    keyLayout->addWidget(m_clearKeys, 1, 2);
    keyLayout->setColumnStretch(0, 1);
    m_keyRow->hide();
    layout->addWidget(m_keyRow);
    connect(m_editKey, &QPushButton::toggled, this, &StyleEditor::updateKeyState);
    connect(m_clearKeys, &QPushButton::clicked, this, &StyleEditor::keysClearRequested);
    m_track = new StyleKeyTrack(this);
    auto* keysLabel = new QLabel(
        tr("Style keys (double-click to add, right-click to add a style by name, drag to move, "
           "Delete to remove)"),
        this);
    keysLabel->setWordWrap(true);
    layout->addWidget(keysLabel);
    layout->addWidget(m_track);
    auto* transition = new QGridLayout;
    m_byIncrement = new QRadioButton(tr("Weight change per frame"), this);
    m_byTime = new QRadioButton(tr("Transition time (s)"), this);
    m_increment = new QDoubleSpinBox(this);
    m_increment->setRange(0.001, 1.0);
    m_increment->setDecimals(3);
    m_increment->setSingleStep(0.01);
    m_increment->setValue(0.1);
    m_transition = new QDoubleSpinBox(this);
    m_transition->setRange(0.05, 30.0);
    m_transition->setDecimals(2);
    m_transition->setValue(1.0);
    m_byIncrement->setChecked(true);
    transition->addWidget(m_byIncrement, 0, 0);
    transition->addWidget(m_increment, 0, 1);
    transition->addWidget(m_byTime, 1, 0);
    transition->addWidget(m_transition, 1, 1);
    layout->addLayout(transition);
    layout->addStretch(1);
    connect(m_byIncrement, &QRadioButton::toggled, this, &StyleEditor::emitTransition);
    connect(m_increment, &QDoubleSpinBox::valueChanged, this, &StyleEditor::emitTransition);
    connect(m_transition, &QDoubleSpinBox::valueChanged, this, &StyleEditor::emitTransition);
    connect(m_track, &StyleKeyTrack::addRequested, this, [this](double seconds) {
        emit keyAddRequested(StyleKey{seconds, m_targets});
    });
    connect(m_track, &StyleKeyTrack::moveRequested, this, &StyleEditor::keyMoveRequested);
    connect(m_track, &StyleKeyTrack::removeRequested, this, &StyleEditor::keyRemoveRequested);
    auto only = [this](int style) {
        std::vector<float> w(m_names.size(), 0.0f);
        if (style >= 0 && style < static_cast<int>(w.size())) w[style] = 1.0f;
        return w;
    };
    connect(m_track, &StyleKeyTrack::styleKeyRequested, this,
            [this, only](double seconds, int style) {
                emit keyAddRequested(StyleKey{seconds, only(style)});
            });
    connect(m_track, &StyleKeyTrack::keyStyleRequested, this,
            [this, only](int index, int style) { emit keyChangeRequested(index, only(style)); });
}

void StyleEditor::setStyles(const QStringList& names) {
    if (names == m_names) return;
    m_names = names;
    m_targets.assign(names.size(), 0.0f);
    if (!m_targets.empty()) m_targets.front() = 1.0f;
    m_track->setStyleNames(names);
    rebuild();
}

void StyleEditor::rebuild() {
    while (QLayoutItem* item = m_rows->takeAt(0)) {
        if (QLayout* l = item->layout()) {
            while (QLayoutItem* inner = l->takeAt(0)) {
                delete inner->widget();
                delete inner;
            }
        }
        delete item->widget();
        delete item;
    }
    m_sliders.clear();
    m_labels.clear();
    for (int i = 0; i < m_names.size(); ++i) {
        auto* row = new QHBoxLayout;
        auto* name = new QLabel(m_names[i], this);
        name->setMinimumWidth(60);
        QPalette p = name->palette();
        p.setColor(QPalette::WindowText, styleColor(i));
        name->setPalette(p);
        auto* slider = new QSlider(Qt::Horizontal, this);
        slider->setRange(0, kSliderSteps);
        slider->setSingleStep(kSliderSteps / 100);  // 1 %
        slider->setPageStep(kSliderSteps / 10);     // 10 %
        slider->setObjectName(QStringLiteral("style_%1").arg(m_names[i]));
        slider->setMinimumWidth(110);
        auto* label = new QLabel(this);
        label->setMinimumWidth(1);
        label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
        row->addWidget(name);
        row->addWidget(slider, 1);
        row->addWidget(label);
        m_rows->addLayout(row);
        m_sliders.push_back(slider);
        m_labels.push_back(label);
        connect(slider, &QSlider::valueChanged, this, [this, i](int v) { sliderMoved(i, v); });
    }
    setTargets(m_targets);
    updateKeyState();
}

void StyleEditor::setTargets(const std::vector<float>& targets) {
    std::vector<float> t = targets;
    t.resize(m_names.size(), 0.0f);
    m_targets = normalized(t);
    m_updating = true;
    for (size_t i = 0; i < m_sliders.size(); ++i)
        m_sliders[i]->setValue(static_cast<int>(std::lround(m_targets[i] * kSliderSteps)));
    m_updating = false;
    setLive(m_liveWeights, m_liveBlends);
}

void StyleEditor::sliderMoved(int index, int value) {
    if (m_updating) return;
    setTargets(rescaled(m_targets, index, static_cast<float>(value) / kSliderSteps));
    if (isEditingKey())
        emit keyChangeRequested(m_drivingKey, m_targets);
    else
        emit targetsChanged(m_targets);
}

bool StyleEditor::isEditingKey() const { return m_drivingKey >= 0 && m_editKey->isChecked(); }

void StyleEditor::setDrivingKey(int index) {
    if (index < 0 || index >= static_cast<int>(keys().size())) index = -1;
    if (index == m_drivingKey) return;
    m_drivingKey = index;
    updateKeyState();
}

void StyleEditor::updateKeyState() {
    const bool driven = m_drivingKey >= 0;
    if (!driven && m_editKey->isChecked()) {
        const QSignalBlocker block(m_editKey);
        m_editKey->setChecked(false);
    }
    const bool editing = isEditingKey();
    m_keyRow->setVisible(driven);
    m_editKey->setText(editing ? tr("Done") : tr("Edit key"));
    QString key;
    if (driven) {
        key = tr("the style key at %1 s").arg(keys()[m_drivingKey].seconds, 0, 'f', 1);
        m_keyNote->setText(
            editing ? tr("The sliders change %1 (%2 of %3 keys).")
                          .arg(key)
                          .arg(m_drivingKey + 1)
                          .arg(keys().size())
                    : tr("Set by %1 (%2 of %3 keys; the track repeats every %4 s). Edit key to "
                         "change it with the sliders, Clear keys to set the style here.")
                          .arg(key)
                          .arg(m_drivingKey + 1)
                          .arg(keys().size())
                          .arg(m_track->length(), 0, 'f', 0));
        m_track->setSelected(editing ? m_drivingKey : m_track->selected());
    }
    for (size_t i = 0; i < m_sliders.size(); ++i) {
        m_sliders[i]->setEnabled(!driven || editing);
        m_sliders[i]->setToolTip(
            driven && !editing ? tr("%1: set by %2. Edit key changes that key; Clear keys lets the "
                                    "sliders set the style.")
                                     .arg(m_names[i], key)
            : editing
                ? tr("%1 in %2 (the others rescale so that they sum to 1)").arg(m_names[i], key)
                : tr("Target weight of %1 (the others rescale so that they sum to 1)")
                      .arg(m_names[i]));
    }
}

void StyleEditor::setLive(const std::vector<float>& weights, const std::vector<float>& blends) {
    m_liveWeights = weights;
    m_liveBlends = blends;
    for (size_t i = 0; i < m_labels.size(); ++i) {
        // Compact, so that seven styles' sliders keep their width in a narrow dock; the tooltip
        // says it in full.
        QString text = tr("%1").arg(m_targets[i], 0, 'f', 2),
                tip = tr("target %1").arg(m_targets[i], 0, 'f', 2);
        if (i < weights.size()) {
            text += tr("  now %1").arg(weights[i], 0, 'f', 2);
            tip += tr(", now %1").arg(weights[i], 0, 'f', 2);
        }
        if (i < blends.size()) {
            text += tr("  turn %1").arg(blends[i], 0, 'f', 2);
            tip += tr(", turn blend %1 (0 = sharpest right, 1 = sharpest left)")
                       .arg(blends[i], 0, 'f', 2);
        }
        m_labels[i]->setText(text);
        m_labels[i]->setToolTip(tip);
    }
}

void StyleEditor::setKeys(const std::vector<StyleKey>& keys) {
    m_track->setKeys(keys);
    if (m_drivingKey >= static_cast<int>(keys.size())) m_drivingKey = -1;
    updateKeyState();
}
const std::vector<StyleKey>& StyleEditor::keys() const { return m_track->keys(); }
void StyleEditor::setTrackLength(double seconds) { m_track->setLength(seconds); }
void StyleEditor::setTime(double seconds) { m_track->setTime(seconds); }

void StyleEditor::setTransition(float increment, float transitionSeconds) {
    m_updating = true;
    m_increment->setValue(increment);
    if (transitionSeconds > 0.0f) m_transition->setValue(transitionSeconds);
    (transitionSeconds > 0.0f ? m_byTime : m_byIncrement)->setChecked(true);
    m_updating = false;
}

void StyleEditor::setTransition(bool byTime, float increment, float transitionSeconds) {
    m_updating = true;
    m_increment->setValue(increment);
    m_transition->setValue(transitionSeconds);
    (byTime ? m_byTime : m_byIncrement)->setChecked(true);
    m_updating = false;
}

float StyleEditor::transitionSeconds() const { return static_cast<float>(m_transition->value()); }

void StyleEditor::emitTransition() {
    if (m_updating) return;
    emit transitionChanged(
        static_cast<float>(m_increment->value()),
        m_byTime->isChecked() ? static_cast<float>(m_transition->value()) : 0.0f);
}

// --- key track

StyleKeyTrack::StyleKeyTrack(QWidget* parent) : QWidget(parent) {
    setFocusPolicy(Qt::ClickFocus);
    setMinimumHeight(44);
}

void StyleKeyTrack::setKeys(const std::vector<StyleKey>& keys) {
    m_keys = keys;
    if (m_selected >= static_cast<int>(m_keys.size())) m_selected = -1;
    update();
}

void StyleKeyTrack::setSelected(int index) {
    if (index < -1 || index >= static_cast<int>(m_keys.size())) index = -1;
    if (index == m_selected) return;
    m_selected = index;
    update();
}

void StyleKeyTrack::setStyleNames(const QStringList& names) {
    m_names = names;
    m_styles = names.size();
    update();
}

QString StyleKeyTrack::keyText(int index) const {
    if (index < 0 || index >= static_cast<int>(m_keys.size())) return {};
    const StyleKey& k = m_keys[index];
    QStringList parts;
    for (int s = 0; s < static_cast<int>(k.weights.size()); ++s)
        if (k.weights[s] > 0.0f)
            parts << QStringLiteral("%1 %2")
                         .arg(s < m_names.size() ? m_names[s] : tr("style %1").arg(s + 1))
                         .arg(k.weights[s], 0, 'f', 2);
    return tr("%1 s: %2").arg(k.seconds, 0, 'f', 1).arg(parts.join(", "));
}

bool StyleKeyTrack::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int key = keyAt(help->pos().x());
        if (key >= 0)
            QToolTip::showText(help->globalPos(), keyText(key), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void StyleKeyTrack::contextMenuEvent(QContextMenuEvent* event) {
    // A style by name: a key of it alone here, or the key under the mouse set to it.
    if (m_names.isEmpty()) return;
    const int key = keyAt(event->pos().x());
    const double seconds = secondsAt(event->pos().x());
    QMenu menu(this);
    menu.setObjectName("styleKeyMenu");
    for (int s = 0; s < m_names.size(); ++s) {
        QAction* a = menu.addAction(key >= 0 ? tr("Set key to %1").arg(m_names[s])
                                             : tr("Add key: %1").arg(m_names[s]));
        QPixmap swatch(12, 12);
        swatch.fill(styleColor(s));
        a->setIcon(QIcon(swatch));
        connect(a, &QAction::triggered, this, [this, key, seconds, s] {
            if (key >= 0)
                emit keyStyleRequested(key, s);
            else
                emit styleKeyRequested(seconds, s);
        });
    }
    if (key >= 0) {
        m_selected = key;
        update();
    }
    menu.exec(event->globalPos());
}

void StyleKeyTrack::setLength(double seconds) {
    m_length = std::clamp(seconds, 1.0, 3600.0);
    update();
}

void StyleKeyTrack::setTime(double seconds) {
    m_time = seconds;
    update();
}

double StyleKeyTrack::xOf(double seconds) const {
    return 8.0 + (width() - 16.0) * seconds / m_length;
}

double StyleKeyTrack::secondsAt(double x) const {
    return std::clamp((x - 8.0) / std::max(1.0, width() - 16.0) * m_length, 0.0, m_length);
}

int StyleKeyTrack::keyAt(double x) const {
    int best = -1;
    double bestDistance = 7.0;  // pixels
    for (int i = 0; i < static_cast<int>(m_keys.size()); ++i) {
        const double d = std::abs(xOf(m_keys[i].seconds) - x);
        if (d < bestDistance) {
            bestDistance = d;
            best = i;
        }
    }
    return best;
}

void StyleKeyTrack::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    p.setPen(palette().mid().color());
    p.drawRect(rect().adjusted(0, 0, -1, -1));
    const double top = 4, bottom = height() - 14.0;
    // Seconds ticks.
    const int step = m_length > 60 ? 10 : m_length > 20 ? 5 : 1;
    for (int s = 0; s <= m_length; s += step) {
        const double x = xOf(s);
        p.drawLine(QPointF(x, bottom), QPointF(x, bottom + 3));
        if (s % (step * 5) == 0) p.drawText(QPointF(x + 2, height() - 2), QString::number(s));
    }
    // Each key: a bar of its weights stacked bottom-up in the styles' colours.
    for (int i = 0; i < static_cast<int>(m_keys.size()); ++i) {
        const StyleKey& k = m_keys[i];
        const double x = xOf(m_dragging == i ? m_dragSeconds : k.seconds);
        double y = bottom;
        for (int s = 0; s < static_cast<int>(k.weights.size()); ++s) {
            const double h = (bottom - top) * k.weights[s];
            p.fillRect(QRectF(x - 4, y - h, 8, h), styleColor(s));
            y -= h;
        }
        if (i == m_selected) {
            p.setPen(QPen(palette().highlight().color(), 2));
            p.drawRect(QRectF(x - 5, top - 1, 10, bottom - top + 2));
            p.setPen(palette().mid().color());
        }
    }
    if (m_time >= 0.0) {
        p.setPen(QPen(QColor(220, 50, 50), 1));
        const double x = xOf(std::fmod(m_time, m_length));
        p.drawLine(QPointF(x, 0), QPointF(x, height()));
    }
}

void StyleKeyTrack::mousePressEvent(QMouseEvent* event) {
    m_selected = keyAt(event->position().x());
    m_dragging = m_selected;
    if (m_dragging >= 0) m_dragSeconds = m_keys[m_dragging].seconds;
    update();
}

void StyleKeyTrack::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging < 0) return;
    m_dragSeconds = secondsAt(event->position().x());
    update();
}

void StyleKeyTrack::mouseReleaseEvent(QMouseEvent*) {
    if (m_dragging < 0) return;
    const int index = m_dragging;
    m_dragging = -1;
    if (std::abs(m_dragSeconds - m_keys[index].seconds) > 1e-6)
        emit moveRequested(index, m_dragSeconds);
    update();
}

void StyleKeyTrack::mouseDoubleClickEvent(QMouseEvent* event) {
    if (keyAt(event->position().x()) >= 0) return;
    emit addRequested(secondsAt(event->position().x()));
}

void StyleKeyTrack::keyPressEvent(QKeyEvent* event) {
    if ((event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) && m_selected >= 0) {
        const int index = m_selected;
        m_selected = -1;
        emit removeRequested(index);
        return;
    }
    QWidget::keyPressEvent(event);
}

}  // namespace gs
