// MainWindow, the motion spaces: the motion-space editor dock and its Build, the goal-space view
// dock, and File > Export Baked Space.

#include "main_window.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include <atomic>

#include "app/project/project_bake.h"
#include <gaitspace/runtime/gspace.h>
#include "quality_panel.h"
#include "spaces_panel.h"
#include "steering_demo.h"
#include "widgets/goal_space_view.h"

namespace gs {

// What the motion-space docks and the export hold (a child of the window).
class SpacesUi : public QObject {
public:
    using QObject::QObject;
    // An export under way posts its stages to this object: it ends before this does.
    ~SpacesUi() override {
        if (baking) baking->waitForFinished();
    }
    MotionSpacesPanel* panel = nullptr;
    QDockWidget* spacesDock = nullptr;
    QDockWidget* goalDock = nullptr;
    GoalSpaceView* goalView = nullptr;
    QComboBox* goalSpace = nullptr;
    QSpinBox* startFrame = nullptr;
    QSpinBox* startBlend = nullptr;
    QCheckBox* onlyChosen = nullptr;
    QTimer* goalTimer = nullptr;
    QDockWidget* qualityDock = nullptr;
    QualityPanel* quality = nullptr;
    QPointer<SteeringDemo> liveDemo;  // the run the quality panel's live samples are of
    // Builds: each from a copy of the document written to a folder of its own.
    std::unique_ptr<QTemporaryDir> buildDir;
    int builds = 0;
    QPointer<SteeringDemo> building;
    // Export.
    QFutureWatcher<Status>* baking = nullptr;
    std::shared_ptr<std::atomic<bool>> bakeCancelled;
    QString bakePath;
};

MotionSpacesPanel* MainWindow::spacesPanel() const { return m_spacesUi ? m_spacesUi->panel : nullptr; }
GoalSpaceView* MainWindow::goalSpaceView() const { return m_spacesUi ? m_spacesUi->goalView : nullptr; }
QualityPanel* MainWindow::qualityPanel() const { return m_spacesUi ? m_spacesUi->quality : nullptr; }

namespace {
QDockWidget* analysisDock(const QList<QDockWidget*>& docks, const QString& objectName) {
    for (QDockWidget* d : docks)
        if (d->objectName() == objectName) return d;
    return nullptr;
}

// What the live run's build holds: "walk 5 clips, jog 5 clips".
QString describeBuild(const SteeringDemo* demo) {
    if (!demo || !demo->crowd()) return {};
    QStringList parts;
    for (const BakedMotionSpace& s : demo->crowd()->space().spaces)
        parts << QObject::tr("%1 %2 clips").arg(QString::fromStdString(s.name)).arg(s.clips.size());
    return parts.join(", ");
}
}  // namespace

void MainWindow::createSpaceDocks() {
    m_spacesUi = new SpacesUi(this);
    SpacesUi& ui = *m_spacesUi;

    // The motion-space editor in the "Motion spaces" dock.
    ui.spacesDock = analysisDock(m_analysisDocks, "analysis_motionspaces");
    ui.panel = new MotionSpacesPanel(m_doc, ui.spacesDock);
    ui.panel->setObjectName("spacesPanel");
    delete ui.spacesDock->widget();
    ui.spacesDock->setWidget(ui.panel);
    connect(ui.panel, &MotionSpacesPanel::buildRequested, this, &MainWindow::buildSpaces);

    // The goal-space view in the "Goal space" dock.
    ui.goalDock = analysisDock(m_analysisDocks, "analysis_goalspace");
    auto* goal = new QWidget(ui.goalDock);
    auto* goalLayout = new QVBoxLayout(goal);
    goalLayout->setContentsMargins(2, 2, 2, 2);
    auto* choices = new QHBoxLayout;
    ui.goalSpace = new QComboBox(goal);
    ui.goalSpace->setObjectName("goalSpaceChoice");
    ui.startFrame = new QSpinBox(goal);
    ui.startFrame->setObjectName("goalStartFrame");
    ui.startFrame->setToolTip(tr("Start frame: which of the space's start frames (heel strikes and between)"));
    ui.startBlend = new QSpinBox(goal);
    ui.startBlend->setObjectName("goalStartBlend");
    ui.startBlend->setRange(-1, 0);
    ui.startBlend->setSpecialValueText(tr("all"));
    ui.startBlend->setToolTip(tr("Start blend drawn strong (all = every fan alike)"));
    ui.onlyChosen = new QCheckBox(tr("only"), goal);
    ui.onlyChosen->setToolTip(tr("Draw the chosen start blend's fan alone (FIG. 9)"));
    choices->addWidget(ui.goalSpace, 1);
    choices->addWidget(new QLabel(tr("start frame"), goal));
    choices->addWidget(ui.startFrame);
    choices->addWidget(new QLabel(tr("start blend"), goal));
    choices->addWidget(ui.startBlend);
    choices->addWidget(ui.onlyChosen);
    ui.goalView = new GoalSpaceView(goal);
    ui.goalView->setObjectName("goalSpaceView");
    goalLayout->addLayout(choices);
    goalLayout->addWidget(ui.goalView, 1);
    delete ui.goalDock->widget();
    ui.goalDock->setWidget(goal);
    ui.goalTimer = new QTimer(ui.goalView);
    ui.goalTimer->setInterval(100);
    connect(ui.goalTimer, &QTimer::timeout, this, &MainWindow::updateGoalSpaceView);
    ui.goalTimer->start();
    for (QSpinBox* box : {ui.startFrame, ui.startBlend})
        connect(box, &QSpinBox::valueChanged, this, &MainWindow::updateGoalSpaceView);
    connect(ui.goalSpace, &QComboBox::currentIndexChanged, this, &MainWindow::updateGoalSpaceView);
    connect(ui.onlyChosen, &QCheckBox::toggled, this, &MainWindow::updateGoalSpaceView);

    // The quality panel in the "Quality" dock.
    ui.qualityDock = analysisDock(m_analysisDocks, "analysis_quality");
    ui.quality = new QualityPanel(ui.qualityDock);
    ui.quality->setObjectName("qualityPanel");
    delete ui.qualityDock->widget();
    ui.qualityDock->setWidget(ui.quality);
    connect(ui.quality, &QualityPanel::runRequested, this, [this] {
        if (!m_demo || !m_demo->isReady()) {
            addMessage(ProjectDocument::Level::Info, tr("Build the motion spaces first: the scenario runs on the live build."));
            return;
        }
        auto baked = std::make_shared<const BakedSpaceFile>(m_demo->crowd()->baked());
        // The source clips of the first space (the style the scenario runs), from the document.
        std::vector<Clip> source;
        const std::string first = baked->space.spaces.front().name;
        for (const ProjectSpace& s : m_doc->project().spaces)
            if (s.name.toStdString() == first)
                for (const QString& id : s.clipIds)
                    if (const ProjectClip* c = m_doc->clip(id); c && c->clip) source.push_back(*c->clip);
        m_spacesUi->quality->run(std::move(baked), std::move(source));
    });
    connect(ui.goalTimer, &QTimer::timeout, this, [this] {
        SpacesUi& ui = *m_spacesUi;
        if (ui.liveDemo != m_demo) {
            ui.liveDemo = m_demo;
            ui.quality->clearLive();
            // The build the live run uses (opened with a project, or built here).
            if (m_demo && m_demo->isReady() && !ui.panel->buildStatus().contains(describeBuild(m_demo)))
                ui.panel->setBuildStatus(tr("Live: %1").arg(describeBuild(m_demo)));
        }
        if (m_demo && m_demo->isReady() && isSteering())
            ui.quality->addLiveSample(m_demo->seconds(), m_demo->liveFootSkate(), m_demo->distanceToGoal(), m_demo->reachedGoals());
    });

    // Cancel in the messages dock's busy row also drops an export under way.
    connect(m_cancel, &QPushButton::clicked, this, [this] {
        if (m_spacesUi->baking && m_spacesUi->baking->isRunning()) *m_spacesUi->bakeCancelled = true;
    });
}

void MainWindow::buildSpaces() {
    SpacesUi& ui = *m_spacesUi;
    if (m_doc->project().spaces.empty()) {
        addMessage(ProjectDocument::Level::Warning, tr("The project has no motion space to build: add one in the Motion spaces dock."));
        return;
    }
    if (ui.building && ui.building->isBuilding()) {
        addMessage(ProjectDocument::Level::Info, tr("The motion spaces are being built already."));
        return;
    }
    // The document as it is now, in a file of its own (the build reads a project file).
    if (!ui.buildDir) ui.buildDir = std::make_unique<QTemporaryDir>();
    const QString folder = ui.buildDir->filePath(QString::number(++ui.builds));
    QDir().mkpath(folder);
    QString base = QFileInfo(m_doc->path()).completeBaseName();
    if (base.isEmpty()) base = QStringLiteral("untitled");
    const QString file = folder + "/" + base + ".gsproj";
    if (const Status s = m_doc->saveCopy(file); !s) {
        addMessage(ProjectDocument::Level::Error, tr("Cannot build the spaces: %1").arg(QString::fromStdString(s.message())));
        return;
    }
    const QList<SteeringDemo*> before = findChildren<SteeringDemo*>();
    buildSteering(file);
    SteeringDemo* mine = nullptr;
    for (SteeringDemo* d : findChildren<SteeringDemo*>())
        if (!before.contains(d)) mine = d;
    if (!mine) return;
    ui.building = mine;
    ui.panel->setBuildStatus(tr("Building…"));
    ui.panel->buildButton()->setEnabled(false);
    auto done = [this] { m_spacesUi->panel->buildButton()->setEnabled(true); };
    // After the window's own handlers: the live run switches to this build even when a clip is
    // shown (the user asked for it).
    connect(mine, &SteeringDemo::ready, this, [this, mine, done] {
        done();
        if (m_demo != mine) return;
        if (!isSteering()) startSteering();
        m_spacesUi->panel->setBuildStatus(tr("Live: %1 (built %2)").arg(describeBuild(mine), QTime::currentTime().toString("HH:mm:ss")));
        addMessage(ProjectDocument::Level::Info, tr("The live run uses the new build: %1.").arg(describeBuild(mine)));
    });
    connect(mine, &SteeringDemo::cancelled, this, [this, done] {
        done();
        m_spacesUi->panel->setBuildStatus(m_demo && m_demo->isReady() ? tr("Build cancelled; live: %1").arg(describeBuild(m_demo))
                                                                       : tr("Build cancelled"));
    });
    connect(mine, &SteeringDemo::failed, this, [this, done](const QString& message) {
        done();
        m_spacesUi->panel->setBuildStatus(tr("Build failed: %1").arg(message));
    });
}

void MainWindow::updateGoalSpaceView() {
    SpacesUi& ui = *m_spacesUi;
    if (!ui.goalDock->isVisible() && ui.goalTimer->isActive() && sender() == ui.goalTimer) return;
    GoalSpaceViewData data;
    const Crowd* crowd = m_demo && m_demo->isReady() ? m_demo->crowd() : nullptr;
    if (crowd) {
        // The choice of space follows the build.
        QStringList names = m_demo->spaceNames();
        QStringList shown;
        for (int i = 0; i < ui.goalSpace->count(); ++i) shown << ui.goalSpace->itemText(i);
        if (shown != names) {
            const QSignalBlocker block(ui.goalSpace);
            ui.goalSpace->clear();
            ui.goalSpace->addItems(names);
        }
        const int space = std::max(0, ui.goalSpace->currentIndex());
        const auto& goalSpaces = crowd->baked().goalSpaces;
        if (space < static_cast<int>(goalSpaces.size()) && !goalSpaces[space].isEmpty()) {
            const GoalSpace& gs = goalSpaces[space];
            {
                const QSignalBlocker a(ui.startFrame), b(ui.startBlend);
                ui.startFrame->setRange(0, gs.startFrameCount() - 1);
                ui.startBlend->setRange(-1, gs.startBlends - 1);
            }
            const int x = ui.startFrame->value(), y = ui.startBlend->value();
            data = goalSpaceFans(gs, x, y);
            data.onlyChosen = ui.onlyChosen->isChecked() && y >= 0;
            data.title = tr("%1 at frame %2: %3 x %4 futures, F %5")
                             .arg(names.value(space))
                             .arg(gs.startFrames[x], 0, 'f', 1)
                             .arg(gs.startBlends)
                             .arg(gs.endBlends)
                             .arg(gs.horizon);
            if (y >= 0) data.title += tr(", start blend %1").arg(gs.startBlend(y), 0, 'f', 2);
            ui.goalView->setToolTip(tr("Goal space of %1 (FIG. 9/10): start frame %2 of %3 (reference frame %4); one fan "
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
        const GroundFrame ground = *crowd->ground(m_demo->character());
        for (const glm::vec2& p : m_demo->fan()) data.steerFan.push_back(toCharacterFrame(ground, p));
        for (const glm::vec2& p : m_demo->chosenSamples()) data.chosenSamples.push_back(toCharacterFrame(ground, p));
        data.goal = toCharacterFrame(ground, m_demo->goal());
        data.steerTitle = data.steerFan.empty()
                              ? tr("Steer space: none (naive steering or no decision yet)")
                              : tr("Steer space: %1 samples, target %2").arg(data.steerFan.size()).arg(*crowd->steerTarget(m_demo->character()), 0, 'f', 2);
    }
    ui.goalView->setData(std::move(data));
}

bool MainWindow::isExportingBakedSpace() const { return m_spacesUi->baking && m_spacesUi->baking->isRunning(); }

void MainWindow::exportBakedSpaceDialog() {
    const QVariant v = QSettings().value("lastBakeDir");
    QString dir = v.typeId() == QMetaType::QString ? v.toString() : QString();
    if (dir.isEmpty() || !QFileInfo(dir).isDir()) dir = QDir::homePath();
    QString base = QFileInfo(m_doc->path()).completeBaseName();
    if (base.isEmpty()) base = QStringLiteral("untitled");
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Baked Space"), dir + "/" + base + ".gspace",
                                                      tr("Baked space (*.gspace)"));
    if (path.isEmpty()) return;
    QSettings().setValue("lastBakeDir", QFileInfo(path).absolutePath());
    exportBakedSpace(path);
}

void MainWindow::exportBakedSpace(const QString& path) {
    SpacesUi& ui = *m_spacesUi;
    if (isExportingBakedSpace()) {
        addMessage(ProjectDocument::Level::Info, tr("A baked space is being exported already."));
        return;
    }
    if (!ui.baking) {
        ui.baking = new QFutureWatcher<Status>(&ui);
        connect(ui.baking, &QFutureWatcherBase::finished, this, [this] {
            SpacesUi& ui = *m_spacesUi;
            m_busyRow->setVisible(m_opening->isRunning() || m_doc->isImporting() ||
                                  (ui.building && ui.building->isBuilding()));
            const QString name = QFileInfo(ui.bakePath).fileName();
            const Status s = ui.baking->result();
            bool ok = false;
            if (*ui.bakeCancelled) {
                addMessage(ProjectDocument::Level::Info, tr("Exporting %1 cancelled; nothing was written.").arg(name));
            } else if (!s) {
                addMessage(ProjectDocument::Level::Error, tr("Cannot export %1: %2").arg(name, QString::fromStdString(s.message())));
            } else {
                ok = true;
                addMessage(ProjectDocument::Level::Info,
                           tr("Exported the baked space %1 (%2 kB).").arg(name).arg(QFileInfo(ui.bakePath).size() / 1024));
            }
            emit bakedSpaceExported(ui.bakePath, ok);
        });
    }
    ui.bakePath = path;
    ui.bakeCancelled = std::make_shared<std::atomic<bool>>(false);
    const Project project = m_doc->project();
    int spaces = 0;
    for (const ProjectSpace& s : project.spaces) spaces += s.error.isEmpty() ? 1 : 0;
    const int total = spaces + 1;
    const QString name = QFileInfo(path).fileName();
    auto stage = [this, name, total](const QString& what, int done) {
        QMetaObject::invokeMethod(m_spacesUi, [this, name, what, done, total] {
            if (!isExportingBakedSpace()) return;
            m_busyLabel->setText(tr("Exporting %1: %2").arg(name, what));
            m_progress->setRange(0, total);
            m_progress->setValue(done);
            m_busyRow->show();
        }, Qt::QueuedConnection);
    };
    stage(tr("motion spaces"), 0);
    auto cancelled = ui.bakeCancelled;
    ui.baking->setFuture(QtConcurrent::run([project, path, stage, cancelled]() -> Status {
        int done = 1;
        auto baked = bakeProject(project, true, [&](const std::string& space) {
            stage(QObject::tr("goal space of %1").arg(QString::fromStdString(space)), done++);
        });
        if (!baked) return baked.status();
        if (*cancelled) return Status::error("cancelled");
        return saveGSpace(*baked, path.toStdString());
    }));
}

}  // namespace gs
