#include "app/gui/docks/live_steering_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "app/document/project_document.h"
#include "app/gui/live/live_run.h"
#include "app/gui/live/live_crowd.h"
#include "app/gui/live/steering_demo.h"

namespace gs {

LiveSteeringDock::LiveSteeringDock(ProjectDocument* doc, LiveRun* run, QWidget* parent)
    : QDockWidget(tr("Blend weights"), parent), m_doc(doc), m_run(run) {
    setObjectName("weightsDock");
    createWidgets();
    connectControls();
    connectStyle();
    connectKeys();
    connectDocument();
    connectRun();
}

// The goal mode and controller row, Keep style, the reason line and the style editor.
void LiveSteeringDock::createWidgets() {
    auto* content = new QWidget(this);
    auto* layout = new QVBoxLayout(content);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* row = new QHBoxLayout;
    m_goalMode = new QComboBox(content);
    m_goalMode->setObjectName("goalMode");
    // Go to and stop is the first and the default: a placed goal is stopped on and stood at.
    m_goalMode->addItems({tr("Goal: go to and stop (drag or click)"), tr("Goal: follow the mouse"),
                          tr("Goal: circle"), tr("Goal: zigzag"), tr("Goal: figure eight")});
    refreshGoalTip();
    m_controller = new QComboBox(content);
    m_controller->setObjectName("controller");
    m_controller->addItems({tr("Goal space"), tr("Naive")});
    m_controller->setToolTip(tr(
        "Steering: the goal-space controller, or the naive one (turn toward the goal) to compare"));
    row->addWidget(m_goalMode, 1);
    row->addWidget(m_controller);
    layout->addLayout(row);
    m_keepStyle = new QCheckBox(tr("Keep style"), content);
    m_keepStyle->setObjectName("keepStyle");
    m_keepStyle->setToolTip(
        tr("Steering keeps the style you set: it never borrows a slower style's tighter turn for a "
           "goal inside your style's turning circle, nor blends in a slower or faster style to "
           "keep pace with a moving goal (saved with the project)"));
    // Keep style and the characters' count share a row.
    auto* crowdRow = new QHBoxLayout;
    m_characters = new QSpinBox(content);
    m_characters->setObjectName("characters");
    m_characters->setRange(1, LiveCrowd::kMaxCharacters);
    m_characters->setPrefix(tr("Characters: "));
    m_characters->setKeyboardTracking(false);  // typed digits apply once the number is whole
    // The user's last count, range-checked (a bad value: the default, one).
    const int kept = QSettings().value("live/characters", 1).toInt();
    m_characters->setValue(kept >= 1 && kept <= LiveCrowd::kMaxCharacters ? kept : 1);
    m_run->setCharacters(m_characters->value());
    crowdRow->addWidget(m_keepStyle);
    crowdRow->addStretch(1);
    crowdRow->addWidget(m_characters);
    layout->addLayout(crowdRow);
    refreshCharacters();
    m_reason = new QLabel(content);
    m_reason->setObjectName("styleReason");
    m_reason->setWordWrap(true);
    m_reason->hide();
    layout->addWidget(m_reason);
    m_editor = new StyleEditor(content);
    m_editor->setEnabled(false);
    layout->addWidget(m_editor, 1);
    setWidget(content);
}

// The goal mode, the controller and Keep style, to the run and the document.
void LiveSteeringDock::connectControls() {
    connect(m_goalMode, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_run->setGoalMode(static_cast<SteeringDemo::GoalMode>(i)); });
    connect(m_controller, &QComboBox::currentIndexChanged, this,
            [this](int i) { m_run->setNaive(i == 1); });
    connect(m_keepStyle, &QCheckBox::toggled, this, [this](bool on) { m_doc->setKeepStyle(on); });
    connect(m_characters, &QSpinBox::valueChanged, this, [this](int n) {
        QSettings().setValue("live/characters", n);
        m_run->setCharacters(n);
    });
    connect(m_doc, &ProjectDocument::settingsChanged, this,
            [this] { m_keepStyle->setChecked(m_doc->project().settings.keepStyle); });
}

// The style and its transition, between the sliders, the run and the document.
void LiveSteeringDock::connectStyle() {
    // The style set with the sliders: to the run at once, and to the document (undoable); the
    // document's (opened, undone) back to both.
    connect(m_editor, &StyleEditor::targetsChanged, this,
            [this](const std::vector<float>& targets) {
                m_run->setStyleTargets(targets);
                m_doc->setStyleWeights(toProject(targets));
            });
    connect(m_doc, &ProjectDocument::styleWeightsChanged, this,
            &LiveSteeringDock::applyDocumentStyle);
    connect(m_run, &LiveRun::styleTargetsApplied, m_editor, &StyleEditor::setTargets);
    connect(m_run, &LiveRun::styleKeyChanged, m_editor, &StyleEditor::setDrivingKey);
    connect(m_editor, &StyleEditor::keysClearRequested, this, [this] {
        setKeys({}, tr("Clear style keys"));
        applyDocumentStyle();
    });
    // The style track is the document's: edits go to it, and its changes come back here.
    connect(m_editor, &StyleEditor::transitionChanged, this,
            [this](float increment, float seconds) {
                m_doc->setStyleTransition(seconds > 0.0f, increment,
                                          seconds > 0.0f ? seconds : m_editor->transitionSeconds());
            });
}

// The style keys the editor asks to add, move, change or delete: undoable document edits.
void LiveSteeringDock::connectKeys() {
    connect(m_editor, &StyleEditor::keyAddRequested, this, [this](const StyleKey& key) {
        auto keys = m_keys;
        keys.push_back(key);
        setKeys(keys, tr("Add style key at %1 s").arg(key.seconds, 0, 'f', 1));
    });
    connect(m_editor, &StyleEditor::keyMoveRequested, this, [this](int index, double seconds) {
        if (index < 0 || index >= static_cast<int>(m_keys.size())) return;
        auto keys = m_keys;
        keys[index].seconds = seconds;
        setKeys(keys, tr("Move style key to %1 s").arg(seconds, 0, 'f', 1));
    });
    connect(
        m_editor, &StyleEditor::keyChangeRequested, this,
        [this](int index, const std::vector<float>& weights) {
            if (index < 0 || index >= static_cast<int>(m_keys.size())) return;
            auto keys = m_keys;
            keys[index].weights = weights;
            if (m_editor->isEditingKey()) {  // the sliders, step by step: one undo step
                setKeys(keys, tr("Edit style key at %1 s").arg(keys[index].seconds, 0, 'f', 1),
                        true);
                return;
            }
            QString named;
            for (size_t s = 0; s < weights.size(); ++s)
                if (weights[s] > 0.0f && static_cast<int>(s) < m_editor->styles().size())
                    named = m_editor->styles()[s];
            setKeys(
                keys,
                tr("Set style key at %1 s to %2").arg(keys[index].seconds, 0, 'f', 1).arg(named));
        });
    connect(m_editor, &StyleEditor::keyRemoveRequested, this, [this](int index) {
        if (index < 0 || index >= static_cast<int>(m_keys.size())) return;
        auto keys = m_keys;
        keys.erase(keys.begin() + index);
        setKeys(keys, tr("Delete style key"));
    });
}

// What the document says changed: transition, keys, spaces, a whole new project.
void LiveSteeringDock::connectDocument() {
    connect(m_doc, &ProjectDocument::styleTransitionChanged, this,
            &LiveSteeringDock::applyTransition);
    connect(m_doc, &ProjectDocument::styleKeysChanged, this, &LiveSteeringDock::refreshKeys);
    connect(m_doc, &ProjectDocument::spacesChanged, this, &LiveSteeringDock::refreshKeys);
    connect(m_doc, &ProjectDocument::projectReset, this, [this] {
        m_keepStyle->setChecked(m_doc->project().settings.keepStyle);
        refreshKeys();
        applyTransition();
        applyDocumentStyle();
    });
}

// The live run: styles when it is ready, the editor while it runs, the figures as it advances.
void LiveSteeringDock::connectRun() {
    connect(m_run, &LiveRun::ready, this, &LiveSteeringDock::refreshStyles);
    connect(m_run, &LiveRun::ready, this, &LiveSteeringDock::refreshGoalTip);
    connect(m_run, &LiveRun::ready, this, &LiveSteeringDock::refreshCharacters);
    connect(m_run, &LiveRun::started, this, [this] { m_editor->setEnabled(true); });
    connect(m_run, &LiveRun::stopped, this, [this] { m_editor->setEnabled(false); });
    connect(m_run, &LiveRun::advanced, this, [this] {
        // Ten times a second is enough to read; every frame would cost the 3D view's frame rate.
        if (!m_run->isReady() || !isVisible() || (m_shown.isValid() && m_shown.elapsed() < 100))
            return;
        m_shown.start();
        m_editor->setLive(m_run->demo()->styleWeights(), m_run->demo()->blends());
        m_editor->setTime(m_run->demo()->seconds());
        const QString why = m_run->styleReason();
        if (why != m_reason->text()) m_reason->setText(why);
        m_reason->setVisible(!why.isEmpty());
    });
}

// The count applies on a level; without one the box is off and says why.
void LiveSteeringDock::refreshCharacters() {
    const bool level = m_run->canRunSeveral();
    m_characters->setEnabled(level);
    m_characters->setToolTip(
        level ? tr("Characters walking the level at once: yours goes to the goal you place, the "
                   "others to random goals of the navigation mesh, all avoiding each other")
              : tr("Several characters need a level (File > Level...): they walk its navigation "
                   "mesh and avoid each other"));
}

std::vector<float> LiveSteeringDock::toLive(const std::vector<float>& project) const {
    const QStringList live = m_run->styleNames();
    const auto& spaces = m_doc->project().spaces;
    std::vector<float> out(live.size(), 0.0f);
    for (size_t i = 0; i < spaces.size() && i < project.size(); ++i)
        if (const int at = static_cast<int>(live.indexOf(spaces[i].name)); at >= 0)
            out[at] = project[i];
    return out;
}

std::vector<float> LiveSteeringDock::toProject(const std::vector<float>& live) const {
    const QStringList names = m_run->styleNames();
    const auto& spaces = m_doc->project().spaces;
    std::vector<float> out(spaces.size(), 0.0f);
    for (size_t i = 0; i < spaces.size(); ++i)
        if (const int at = static_cast<int>(names.indexOf(spaces[i].name));
            at >= 0 && at < static_cast<int>(live.size()))
            out[i] = live[at];
    return out;
}

void LiveSteeringDock::applyDocumentStyle() {
    std::vector<float> live = toLive(m_doc->styleWeights());
    float sum = 0.0f;
    for (float w : live) sum += w;
    if (!(sum > 0.0f) && !live.empty())
        live.front() = 1.0f;  // not set (or undone): the first style
    m_editor->setTargets(live);
    if (m_run->isReady()) m_run->setStyleTargets(m_editor->targets());
}

void LiveSteeringDock::refreshStyles() {
    if (!m_run->isReady()) return;
    m_editor->setStyles(m_run->demo()->spaceNames());
    m_editor->setTargets(m_run->demo()->styleWeights());
    refreshKeys();  // in the order of the run's spaces
    applyTransition();
    applyDocumentStyle();
}

void LiveSteeringDock::refreshGoalTip() {
    QString tip =
        tr("How the live run's goal moves. Go to and stop: the character walks to the goal you "
           "place (drag "
           "the marker or click the ground), stops on it with its space's stop clips and stands "
           "until the "
           "goal moves, then starts toward it. A space without stops walks on through the goal.");
    if (m_run->isReady()) {
        QStringList without;
        for (const BakedMotionSpace& space : m_run->demo()->crowd()->space().spaces)
            if (space.stops.empty()) without << QString::fromStdString(space.name);
        if (!without.isEmpty())
            tip += QLatin1Char('\n') +
                   (without.size() == 1
                        ? tr("%1 has no stops: it walks on.").arg(without.front())
                        : tr("%1 have no stops: they walk on.").arg(without.join(", ")));
    }
    m_goalMode->setToolTip(tip);
    m_goalMode->setItemData(0, tip, Qt::ToolTipRole);
}

double LiveSteeringDock::trackLength() const {
    // 20 s, or longer when a key is later; the track repeats.
    const auto& keys = m_doc->styleKeys();
    return keys.empty() ? 20.0 : std::max(20.0, std::ceil(keys.back().seconds + 2.0));
}

void LiveSteeringDock::refreshKeys() {
    const QStringList live = m_run->styleNames();
    const auto& spaces = m_doc->project().spaces;
    m_keys.clear();
    for (const ProjectStyleKey& key : m_doc->styleKeys()) {
        StyleKey k{key.seconds, std::vector<float>(live.size(), 0.0f)};
        for (size_t i = 0; i < spaces.size() && i < key.weights.size(); ++i)
            if (const int at = static_cast<int>(live.indexOf(spaces[i].name)); at >= 0)
                k.weights[at] = key.weights[i];
        m_keys.push_back(std::move(k));
    }
    m_editor->setTrackLength(trackLength());
    m_editor->setKeys(m_keys);
    m_run->setStyleKeys(m_keys, trackLength());
}

void LiveSteeringDock::applyTransition() {
    const ProjectSettings& s = m_doc->project().settings;
    m_editor->setTransition(s.styleByTransition, s.styleIncrement, s.styleTransitionSeconds);
}

void LiveSteeringDock::setKeys(std::vector<StyleKey> keys, const QString& what, bool merging) {
    // To the document's order: one weight per project space, matched by name.
    const QStringList live = m_run->styleNames();
    const auto& spaces = m_doc->project().spaces;
    std::vector<ProjectStyleKey> out;
    for (const StyleKey& key : keys) {
        ProjectStyleKey k{key.seconds, std::vector<float>(spaces.size(), 0.0f)};
        for (size_t i = 0; i < spaces.size(); ++i)
            if (const int at = static_cast<int>(live.indexOf(spaces[i].name));
                at >= 0 && at < static_cast<int>(key.weights.size()))
                k.weights[i] = key.weights[at];
        out.push_back(std::move(k));
    }
    m_doc->setStyleKeys(std::move(out), what, merging);
}

QString LiveSteeringDock::deleteText() const {
    const auto* track = m_editor->findChild<StyleKeyTrack*>();
    return track && track->selected() >= 0 ? tr("Delete style key") : QString();
}

bool LiveSteeringDock::deleteSelection() {
    auto* track = m_editor->findChild<StyleKeyTrack*>();
    if (!track || track->selected() < 0) return false;
    emit m_editor->keyRemoveRequested(track->selected());
    return true;
}

}  // namespace gs
