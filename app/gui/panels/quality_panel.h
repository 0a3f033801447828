#pragma once
// The quality panel: the figures `gaitspace-cli simulate` prints (goals reached, time against
// the Dubins optimum, heading error, foot skate, root smoothness and knee steps against the
// source clips, the largest blend step), for a scenario run from here with goal-space steering
// and the naive baseline side by side, with a plot over the run; and the live run's figures
// with their plot over time.
//
// A scenario runs off the GUI thread on a copy of the live build (core/evaluation/simulation.h, as
// the CLI runs it: the first space's style, the baked settings).

#include <QWidget>

#include <memory>
#include <vector>

#include "core/clip/clip.h"
#include <gaitspace/runtime/gspace.h>
#include "core/evaluation/simulation.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace gs {

class BackgroundTask;
class QualityPlot;

class QualityPanel : public QWidget {
    Q_OBJECT
public:
    explicit QualityPanel(QWidget* parent = nullptr);
    ~QualityPanel() override;

    // What a scenario run gives: per controller (goal space, naive) the run's result, and the
    // source clips' figures.
    struct Figures {
        SimulationSettings settings;
        SimulationResult goalSpace, naive;
        PooledFigures source;  // the source clips' (quality.h)
    };
    // Runs the chosen scenario on `baked` (both controllers, one after the other); `source` are
    // the clips of the first space, for the source figures. finished() follows.
    void run(std::shared_ptr<const BakedSpaceFile> baked, std::vector<Clip> source);
    bool isRunning() const;
    const Figures* figures() const { return m_figures.get(); }
    QTableWidget* table() const { return m_table; }
    QualityPlot* scenarioPlot() const { return m_runPlot; }
    QualityPlot* livePlot() const { return m_livePlot; }
    QComboBox* scenario() const { return m_scenario; }
    QSpinBox* amount() const { return m_amount; }
    BackgroundTask* task() const { return m_task; }
    // The ratios explained in words under the table.
    QString explanation() const;

    // The live run: a sample at `seconds` of the run (samples restart when `seconds` goes back).
    void addLiveSample(double seconds, float footSkate, float distance, int reached);
    void clearLive();

signals:
    void runRequested();
    void finished(bool ok);

private:
    void show(const Figures& f);

    QComboBox* m_scenario;
    QSpinBox* m_amount;
    QPushButton* m_run;
    QLabel* m_status;
    QTableWidget* m_table;
    QualityPlot* m_runPlot;
    QLabel* m_live;
    QualityPlot* m_livePlot;
    QLabel* m_explain;
    BackgroundTask* m_task;
    std::shared_ptr<Figures> m_figures;
    std::shared_ptr<const BakedSpaceFile> m_baked;  // of the last run
    std::vector<QPointF> m_liveSkate, m_liveDistance;
    double m_liveLast = -1.0;
};

}  // namespace gs
