#include "app/gui/docks/goal_space_dock.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

#include "app/gui/live/live_run.h"
#include "widgets/goal_space_view.h"

namespace gs {

GoalSpaceDock::GoalSpaceDock(LiveRun* run, QWidget* parent)
    : QDockWidget(tr("Goal space"), parent), m_run(run) {
    setObjectName("analysis_goalspace");
    auto* goal = new QWidget(this);
    auto* layout = new QVBoxLayout(goal);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* choices = new QHBoxLayout;
    m_space = new QComboBox(goal);
    m_space->setObjectName("goalSpaceChoice");
    m_startFrame = new QSpinBox(goal);
    m_startFrame->setObjectName("goalStartFrame");
    m_startFrame->setToolTip(
        tr("Start frame: which of the space's start frames (heel strikes and between)"));
    m_startBlend = new QSpinBox(goal);
    m_startBlend->setObjectName("goalStartBlend");
    m_startBlend->setRange(-1, 0);
    m_startBlend->setSpecialValueText(tr("all"));
    m_startBlend->setToolTip(tr("Start blend drawn strong (all = every fan alike)"));
    m_onlyChosen = new QCheckBox(tr("only"), goal);
    m_onlyChosen->setToolTip(tr("Draw the chosen start blend's fan alone (FIG. 9)"));
    choices->addWidget(m_space, 1);
    choices->addWidget(new QLabel(tr("start frame"), goal));
    choices->addWidget(m_startFrame);
    choices->addWidget(new QLabel(tr("start blend"), goal));
    choices->addWidget(m_startBlend);
    choices->addWidget(m_onlyChosen);
    m_view = new GoalSpaceView(goal);
    m_view->setObjectName("goalSpaceView");
    layout->addLayout(choices);
    layout->addWidget(m_view, 1);
    setWidget(goal);
    for (QSpinBox* box : {m_startFrame, m_startBlend})
        connect(box, &QSpinBox::valueChanged, this, &GoalSpaceDock::refresh);
    connect(m_space, &QComboBox::currentIndexChanged, this, &GoalSpaceDock::refresh);
    connect(m_onlyChosen, &QCheckBox::toggled, this, &GoalSpaceDock::refresh);
    connect(run, &LiveRun::ready, this, &GoalSpaceDock::refresh);
    connect(run, &LiveRun::advanced, this, [this] {
        if (!isVisible() || (m_last.isValid() && m_last.elapsed() < 100)) return;
        refresh();
    });
    m_last.start();
}

void GoalSpaceDock::refresh() {
    m_last.restart();
    GoalSpaceViewData data;
    SteeringDemo* demo = m_run->demo();
    const Crowd* crowd = m_run->isReady() ? demo->crowd() : nullptr;
    if (crowd) {
        // The choice of space follows the build.
        const QStringList names = demo->spaceNames();
        QStringList shown;
        for (int i = 0; i < m_space->count(); ++i) shown << m_space->itemText(i);
        if (shown != names) {
            const QSignalBlocker block(m_space);
            m_space->clear();
            m_space->addItems(names);
        }
        const int space = std::max(0, m_space->currentIndex());
        const auto& goalSpaces = crowd->baked().goalSpaces;
        if (space < static_cast<int>(goalSpaces.size()) && !goalSpaces[space].isEmpty()) {
            const GoalSpace& gs = goalSpaces[space];
            {
                const QSignalBlocker a(m_startFrame), b(m_startBlend);
                m_startFrame->setRange(0, gs.startFrameCount() - 1);
                m_startBlend->setRange(-1, gs.startBlends - 1);
            }
            const int x = m_startFrame->value(), y = m_startBlend->value();
            data = goalSpaceFans(gs, x, y);
            data.onlyChosen = m_onlyChosen->isChecked() && y >= 0;
            data.title = tr("%1 at frame %2: %3 x %4 futures, F %5")
                             .arg(names.value(space))
                             .arg(gs.startFrames[x], 0, 'f', 1)
                             .arg(gs.startBlends)
                             .arg(gs.endBlends)
                             .arg(gs.horizon);
            if (y >= 0) data.title += tr(", start blend %1").arg(gs.startBlend(y), 0, 'f', 2);
            m_view->setToolTip(
                tr("Goal space of %1 (FIG. 9/10): start frame %2 of %3 (reference frame %4); one "
                   "fan "
                   "per start blend (%5, a symbol each), one sample per end blend (%6), %7 frames "
                   "ahead. Right: the live steer space (FIG. 11/12), the chosen samples boxed.")
                    .arg(names.value(space))
                    .arg(x)
                    .arg(gs.startFrameCount())
                    .arg(gs.startFrames[x], 0, 'f', 1)
                    .arg(gs.startBlends)
                    .arg(gs.endBlends)
                    .arg(gs.horizon));
        }
        // The live steer space in the character's frame.
        const GroundFrame ground = *crowd->ground(demo->character());
        for (const glm::vec2& p : demo->fan()) data.steerFan.push_back(toCharacterFrame(ground, p));
        for (const glm::vec2& p : demo->chosenSamples())
            data.chosenSamples.push_back(toCharacterFrame(ground, p));
        data.goal = toCharacterFrame(ground, demo->goal());
        data.steerTitle = data.steerFan.empty()
                              ? tr("Steer space: none (naive steering or no decision yet)")
                              : tr("Steer space: %1 samples, target %2")
                                    .arg(data.steerFan.size())
                                    .arg(*crowd->steerTarget(demo->character()), 0, 'f', 2);
    }
    m_view->setData(std::move(data));
}

}  // namespace gs
