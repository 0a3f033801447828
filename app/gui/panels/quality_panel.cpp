#include "app/gui/panels/quality_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include "app/document/background_task.h"

#include <cmath>

#include "core/clip/clip_kinematics.h"
#include "core/evaluation/quality.h"
#include "core/spaces/motion_space.h"
#include <gaitspace/runtime/legs.h>
#include "widgets/quality_plot.h"

namespace gs {
namespace {

const QColor kGoalSpace(40, 140, 230), kNaive(230, 120, 30), kSource(120, 120, 120);

enum Row {
    Reached,
    TimeRatio,
    SteadyRatio,
    HeadingError,
    Distance,
    FootSkate,
    RootAccel,
    KneeStep,
    KneeFlexion,
    BlendStep,
    Cost,
    RowCount
};

// Both controllers on one scenario, and the source clips' figures: on a worker thread.
Expected<std::shared_ptr<QualityPanel::Figures>> runBoth(
    std::shared_ptr<const BakedSpaceFile> baked, std::vector<Clip> source,
    SimulationSettings settings) {
    auto f = std::make_shared<QualityPanel::Figures>();
    settings.styleWeights.assign(baked->space.spaces.size(), 0.0f);
    settings.styleWeights.front() = 1.0f;  // the first space, as the CLI's default
    settings.locomotion = baked->locomotion;
    if (!baked->goalSpaces.empty())
        settings.locomotion.maxBlendRate = baked->goalSpaces.front().maxBlendRate;
    settings.steer = baked->steer;
    settings.record = true;
    f->settings = settings;
    for (auto controller :
         {SimulationSettings::Controller::GoalSpace, SimulationSettings::Controller::Naive}) {
        settings.controller = controller;
        auto result = simulate(baked, settings);
        if (!result) return result.status();
        (controller == SimulationSettings::Controller::GoalSpace ? f->goalSpace : f->naive) =
            std::move(*result);
    }
    // The source clips, pooled as the CLI pools them.
    const BakedBehavioralSpace& bs = baked->space;
    const auto legs = findLegs(bs.skeleton, bs.leftToe, bs.rightToe);
    // The cycles each loop was cut from (a whole turn clip also walks straight before and after).
    f->source = pooledFigures(loopSources(bs, source), bs.leftToe, bs.rightToe, bs.floorHeight,
                              legs ? &*legs : nullptr);
    return f;
}

// Foot skate of each whole second of a run (cm/s), at the second's end.
std::vector<QPointF> skatePerSecond(const Clip& motion, const BakedBehavioralSpace& bs) {
    std::vector<QPointF> out;
    const int window = std::max(2, static_cast<int>(std::lround(motion.fps)));
    const auto positions = clipJointPositions(motion);
    const int joints = motion.jointCount();
    for (int start = 0; start + window <= motion.frameCount(); start += window) {
        const std::span<const glm::vec3> part(
            positions.data() + static_cast<size_t>(start) * joints,
            static_cast<size_t>(window) * joints);
        out.emplace_back(
            (start + window) / motion.fps,
            footSkate(part, joints, bs.leftToe, bs.rightToe, bs.floorHeight, motion.fps));
    }
    return out;
}

// Time taken over the optimal time, per goal, at the time the goal was reached (or given up).
std::vector<QPointF> ratioPerGoal(const SimulationResult& r) {
    std::vector<QPointF> out;
    double t = 0.0;
    for (const GoalRecord& g : r.goalRecords) {
        t += g.seconds;
        if (g.reached && g.optimalSeconds > 0.0f) out.emplace_back(t, g.seconds / g.optimalSeconds);
    }
    return out;
}

}  // namespace

QualityPanel::QualityPanel(QWidget* parent) : QWidget(parent), m_task(new BackgroundTask(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    auto* controls = new QHBoxLayout;
    m_scenario = new QComboBox(this);
    m_scenario->setObjectName("qualityScenario");
    m_scenario->addItems({tr("random goals"), tr("circle"), tr("zigzag"), tr("figure eight")});
    m_amount = new QSpinBox(this);
    m_amount->setObjectName("qualityAmount");
    m_amount->setRange(1, 1000);
    m_amount->setValue(50);
    m_amount->setSuffix(tr(" goals"));
    m_run = new QPushButton(tr("Simulate"), this);
    m_run->setObjectName("qualityRun");
    m_run->setToolTip(tr(
        "Run the scenario on the live build with goal-space steering and with the naive baseline "
        "(as gaitspace-cli simulate does)"));
    m_status = new QLabel(this);
    controls->addWidget(m_scenario);
    controls->addWidget(m_amount);
    controls->addWidget(m_run);
    controls->addWidget(m_status, 1);
    layout->addLayout(controls);

    m_table = new QTableWidget(RowCount, 3, this);
    m_table->setObjectName("qualityTable");
    m_table->setHorizontalHeaderLabels({tr("goal space"), tr("naive"), tr("source clips")});
    m_table->setVerticalHeaderLabels({tr("reached"), tr("time / Dubins"), tr("time / steady turns"),
                                      tr("heading err. °"), tr("distance m"), tr("foot skate cm/s"),
                                      tr("root accel. m/s²"), tr("knee step °"),
                                      tr("knee flexion °"), tr("blend step"), tr("ns / update")});
    const QStringList rowTips = {
        tr("Random goals reached within 0.5 m"),
        tr("Mean time to a reached goal over the least time possible: the shortest path with "
           "the space's tightest turn (Dubins' path to a point) at its fastest speed; a lower "
           "bound, so 1 is the best any run can do"),
        tr("Mean time to a reached goal over the quickest path of the steady turns the "
           "clips can hold, each walked at its own speed"),
        tr("Mean heading error, degrees"),
        tr("Moving goals: distance to the goal after 5 s, mean and 95th percentile (metres)"),
        tr("Foot skate, cm/s (toes near the floor)"),
        tr("Root acceleration on the ground, 95th percentile: longitudinal, lateral (m/s²)"),
        tr("Per-frame change of the knee angles, 95th percentile (degrees)"),
        tr("Mean knee flexion (degrees, 0 = straight): a foot held too long stretches the leg"),
        tr("Largest per-frame change of a blend value"),
        tr("Locomotion and steering per frame, nanoseconds")};
    for (int r = 0; r < RowCount; ++r) m_table->verticalHeaderItem(r)->setToolTip(rowTips[r]);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_table->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 4);
    layout->addWidget(m_table, 3);
    // The ratios in words, where the table is read.
    m_explain = new QLabel(
        tr("<b>time / Dubins</b>: the time a goal took over the least time any run could take "
           "(the shortest path at the space's tightest turn, walked at its fastest speed): 1 is "
           "the "
           "bound, 1.20 is 20 % slower. <b>time / steady turns</b>: over the quickest path made of "
           "the turns the clips can hold, each at its own speed: what a good controller can reach. "
           "Hover a row for the others."),
        this);
    m_explain->setObjectName("qualityExplanation");
    m_explain->setWordWrap(true);
    m_explain->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    layout->addWidget(m_explain);
    m_runPlot = new QualityPlot(this);
    m_runPlot->setObjectName("qualityRunPlot");
    layout->addWidget(m_runPlot, 2);
    m_live = new QLabel(tr("Live run: not running"), this);
    // Changing texts never resize the dock (nor, through it, the viewport).
    for (QLabel* label : {m_status, m_live}) {
        label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
        label->setMinimumWidth(1);
    }
    layout->addWidget(m_live);
    m_livePlot = new QualityPlot(this);
    m_livePlot->setObjectName("qualityLivePlot");
    layout->addWidget(m_livePlot, 2);

    connect(m_scenario, &QComboBox::currentIndexChanged, this, [this](int i) {
        if (i == 0) {
            m_amount->setSuffix(tr(" goals"));
            m_amount->setValue(50);
        } else {
            m_amount->setSuffix(tr(" s"));
            m_amount->setValue(60);
        }
    });
    connect(m_run, &QPushButton::clicked, this, &QualityPanel::runRequested);
    connect(m_task, &BackgroundTask::finished, this, [this](bool cancelled) {
        m_run->setEnabled(true);
        if (cancelled) m_status->setText(tr("Cancelled."));
    });
}

QualityPanel::~QualityPanel() = default;

bool QualityPanel::isRunning() const { return m_task->isRunning(); }

void QualityPanel::run(std::shared_ptr<const BakedSpaceFile> baked, std::vector<Clip> source) {
    if (isRunning() || !baked) return;
    SimulationSettings settings;
    settings.scenario = static_cast<SimulationSettings::Scenario>(m_scenario->currentIndex());
    if (settings.scenario == SimulationSettings::Scenario::Random)
        settings.goals = m_amount->value();
    else
        settings.movingSeconds = static_cast<float>(std::max(6, m_amount->value()));
    m_run->setEnabled(false);
    m_status->setText(tr("Simulating %1…").arg(m_scenario->currentText()));
    m_baked = baked;
    m_task->run<Expected<std::shared_ptr<Figures>>>(
        tr("Simulating %1").arg(m_scenario->currentText()),
        [baked, source = std::move(source), settings](TaskControl&) {
            return runBoth(baked, source, settings);
        },
        [this](Expected<std::shared_ptr<Figures>> result) {
            if (!result) {
                m_status->setText(tr("Failed: %1").arg(QString::fromStdString(result.message())));
                emit finished(false);
                return;
            }
            m_figures = *result;
            show(*m_figures);
            emit finished(true);
        });
}

void QualityPanel::show(const Figures& f) {
    const bool random = f.settings.scenario == SimulationSettings::Scenario::Random;
    auto set = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        m_table->setItem(row, column, item);
    };
    for (int r = 0; r < RowCount; ++r)
        for (int c = 0; c < 3; ++c) set(r, c, QString());
    int column = 0;
    for (const SimulationResult* r : {&f.goalSpace, &f.naive}) {
        if (random) {
            set(Reached, column, tr("%1/%2").arg(r->reached).arg(r->goals));
            set(TimeRatio, column, QString::number(r->meanTimeRatio, 'f', 2));
            set(SteadyRatio, column, QString::number(r->meanSteadyRatio, 'f', 2));
        } else {
            set(Distance, column,
                tr("%1, %2").arg(r->meanDistance, 0, 'f', 2).arg(r->p95Distance, 0, 'f', 2));
        }
        set(HeadingError, column, QString::number(r->meanHeadingErrorDeg, 'f', 1));
        set(FootSkate, column, QString::number(r->footSkate, 'f', 2));
        set(RootAccel, column,
            tr("%1, %2")
                .arg(r->rootAccel.longitudinal, 0, 'f', 2)
                .arg(r->rootAccel.lateral, 0, 'f', 2));
        set(KneeStep, column, QString::number(r->kneeStep, 'f', 1));
        set(KneeFlexion, column, QString::number(r->kneeFlexion, 'f', 1));
        set(BlendStep, column, QString::number(r->maxBlendStep, 'f', 3));
        set(Cost, column, QString::number(r->nsPerUpdate, 'f', 0));
        ++column;
    }
    m_table->verticalHeaderItem(BlendStep)->setText(
        tr("blend step (≤ %1)").arg(f.settings.locomotion.maxBlendRate, 0, 'f', 2));
    set(FootSkate, 2, QString::number(f.source.footSkate, 'f', 2));
    set(RootAccel, 2,
        tr("%1, %2")
            .arg(f.source.rootAccel.longitudinal, 0, 'f', 2)
            .arg(f.source.rootAccel.lateral, 0, 'f', 2));
    set(KneeStep, 2, QString::number(f.source.kneeStep, 'f', 1));
    set(KneeFlexion, 2, QString::number(f.source.kneeFlexion, 'f', 1));
    m_status->setText(
        random ? tr("%1 goals, %2 s of goal-space steering")
                     .arg(f.goalSpace.goals)
                     .arg(f.goalSpace.frames / (m_baked ? m_baked->space.fps : 30.0f), 0, 'f', 0)
               : tr("%1 s of a moving goal").arg(f.settings.movingSeconds, 0, 'f', 0));

    QualityPlotData plot;
    plot.xUnit = tr("s");
    if (random) {
        plot.title = tr("Time to each goal over the Dubins optimum, as the run goes on");
        plot.yUnit = tr("time ratio");
        plot.series = {{tr("goal space"), kGoalSpace, ratioPerGoal(f.goalSpace)},
                       {tr("naive"), kNaive, ratioPerGoal(f.naive)}};
    } else if (m_baked) {
        plot.title = tr("Foot skate per second of the run");
        plot.yUnit = tr("cm/s");
        plot.series = {
            {tr("goal space"), kGoalSpace, skatePerSecond(f.goalSpace.motion, m_baked->space)},
            {tr("naive"), kNaive, skatePerSecond(f.naive.motion, m_baked->space)}};
    }
    m_runPlot->setData(std::move(plot));
}

QString QualityPanel::explanation() const { return m_explain->text(); }

void QualityPanel::clearLive() {
    m_liveSkate.clear();
    m_liveDistance.clear();
    m_liveLast = -1.0;
    m_live->setText(tr("Live run: not running"));
    m_livePlot->setData({});
}

void QualityPanel::addLiveSample(double seconds, float footSkate, float distance, int reached) {
    if (seconds < m_liveLast) clearLive();
    if (m_liveLast >= 0.0 && seconds - m_liveLast < 0.25) return;
    m_liveLast = seconds;
    m_liveSkate.emplace_back(seconds, footSkate);
    m_liveDistance.emplace_back(seconds, distance);
    // The last minute.
    while (!m_liveSkate.empty() && m_liveSkate.front().x() < seconds - 60.0) {
        m_liveSkate.erase(m_liveSkate.begin());
        m_liveDistance.erase(m_liveDistance.begin());
    }
    m_live->setText(
        tr("Live run: %1 s, %2 goals reached, foot skate %3 cm/s (last 2 s), goal %4 m away")
            .arg(seconds, 0, 'f', 0)
            .arg(reached)
            .arg(footSkate, 0, 'f', 2)
            .arg(distance, 0, 'f', 1));
    QualityPlotData plot;
    plot.title = tr("Live run: foot skate and distance to the goal over the last minute");
    plot.xUnit = tr("s");
    plot.series = {{tr("foot skate cm/s"), kGoalSpace, m_liveSkate},
                   {tr("distance m"), QColor(60, 170, 80), m_liveDistance}};
    m_livePlot->setData(std::move(plot));
}

}  // namespace gs
