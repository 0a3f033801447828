#pragma once
// GoalSpaceView: a space's goal space and the live steer space, drawn on the ground seen from
// above in the character's frame (+Z forward = up, the character's left = left).
//
// Left, the goal space's fans (docs/method.md, "Goal spaces"): for one start frame, each start
// blend's fan of futures (one per end blend, F frames ahead), each start blend with a symbol and
// colour of its own; the chosen start blend drawn strong, the others faint (or hidden when only it
// is asked for). Right, the steer space (docs/method.md, "Steering"): the fan the character's last
// decision used, the two samples that bracket its target blend as boxes, and the line to the goal.
// It only paints its data.

#include <QString>
#include <QWidget>

#include <glm/vec2.hpp>

#include <optional>
#include <vector>

namespace gs {

struct GoalSpace;
struct GroundFrame;

struct GoalSpaceFan {
    float startBlend = 0.0f;
    std::vector<glm::vec2> points;  // (x, z) per end blend, in order
};

struct GoalSpaceViewData {
    QString title;                   // the space and its start frame
    std::vector<GoalSpaceFan> fans;  // one per start blend
    int chosenFan = -1;              // the start blend shown strong; -1 = all alike
    bool onlyChosen = false;         // draw the chosen fan alone
    // The live steer space (character frame), the two chosen samples and the goal.
    std::vector<glm::vec2> steerFan;
    std::vector<glm::vec2> chosenSamples;
    std::optional<glm::vec2> goal;
    QString steerTitle;
};

// The fans of goal space `goals` at start frame `startFrame` (an index into its start frames),
// with `startBlend` (an index; -1 = none) chosen.
GoalSpaceViewData goalSpaceFans(const GoalSpace& goals, int startFrame, int startBlend);
// World (x, z) into the frame of `ground` (x left, z forward).
glm::vec2 toCharacterFrame(const GroundFrame& ground, const glm::vec2& world);

class GoalSpaceView : public QWidget {
    Q_OBJECT
public:
    explicit GoalSpaceView(QWidget* parent = nullptr);

    void setData(GoalSpaceViewData data);
    const GoalSpaceViewData& data() const { return m_data; }
    // The symbol a start blend is drawn with (0 circle-plus, 1 square, 2 triangle, 3 diamond,
    // 4 cross, 5 plus, 6 disc, then again).
    static int symbolOf(int fan) { return fan % 7; }

    QSize sizeHint() const override { return {520, 300}; }
    QSize minimumSizeHint() const override { return {240, 140}; }

protected:
    void paintEvent(class QPaintEvent* event) override;

private:
    GoalSpaceViewData m_data;
};

}  // namespace gs
