// Retargeting along a clip: the feet's sideways offsets turned by the body's heading at each
// foot's plant (core/character/retarget.h, footTurnsAt).

#include <algorithm>
#include <cassert>
#include <cmath>

#include "core/clip/foot_contacts.h"
#include "core/character/retarget.h"

namespace gs {
namespace {

// One frame of the source as the feet's turns read it: the body's heading and which IK feet are
// down.
struct FeetFrame {
    glm::quat heading{1, 0, 0, 0};
    std::array<bool, 2> down{false, false};
};

// Frames [first, last] of the clip. A foot is down while its ankle or toe is low and slow by the
// foot contacts' thresholds (core/clip/foot_contacts.h); speeds by the difference to the frame
// before (to the frame after for frame 0).
std::vector<FeetFrame> feetFrames(const Retarget& r, const Clip& clip, int first, int last) {
    const FootContactSettings contact;
    const int from = std::max(first - 1, 0),
              to = std::min(std::max(last, from + 1), clip.frameCount() - 1);
    std::vector<Transform> world(clip.jointCount());
    std::vector<std::array<glm::vec3, 4>>
        joints;  // per frame: left ankle, left toe, right ankle, right toe
    std::vector<glm::quat> headings;
    for (int f = from; f <= to; ++f) {
        forwardKinematics(clip.skeleton, clip.frameRotations(f), clip.rootPositions[f], world);
        headings.push_back(hipsHeading(r, world));
        std::array<glm::vec3, 4> p{};
        for (int side = 0; side < 2; ++side) {
            const Retarget::FootIk& ik = r.footIk[side];
            if (ik.foot < 0) continue;
            p[2 * side] = world[ik.sourceAnkle].translation;
            p[2 * side + 1] = world[ik.sourceToe >= 0 ? ik.sourceToe : ik.sourceAnkle].translation;
        }
        joints.push_back(p);
    }
    std::vector<FeetFrame> out;
    for (int f = first; f <= last; ++f) {
        const int i = f - from, before = i > 0 ? i - 1 : i,
                  after = i > 0 ? i : std::min(i + 1, to - from);
        FeetFrame frame;
        frame.heading = headings[i];
        for (int side = 0; side < 2; ++side) {
            if (r.footIk[side].foot < 0) continue;
            for (int j = 2 * side; j < 2 * side + 2; ++j) {
                const glm::vec3 step = joints[after][j] - joints[before][j];
                const float speed = after > before ? std::hypot(step.x, step.z) * clip.fps : 0.0f;
                if (joints[i][j].y - r.sourceFloor < contact.heightThreshold &&
                    speed < contact.speedThreshold)
                    frame.down[side] = true;
            }
        }
        out.push_back(frame);
    }
    return out;
}

// One foot's turn as the clip plays: frozen while the foot is down, eased to the body's heading
// over `settle` frames once it lifts, the body's heading after that.
struct FootTurn {
    glm::quat turn{1, 0, 0, 0};
    glm::quat atLift{1, 0, 0, 0};
    int air = 0;  // frames in the air, at most `settle`

    // Where nothing before is known: turned to the body, unless the foot is down.
    static FootTurn start(const FeetFrame& frame, int side, int settle) {
        return {frame.heading, frame.heading, frame.down[side] ? 0 : settle};
    }
    void step(const FeetFrame& frame, int side, int settle) {
        if (frame.down[side]) {
            air = 0;
            return;
        }
        if (air == 0) atLift = turn;
        air = std::min(air + 1, settle);
        turn = air >= settle ? frame.heading
                             : glm::slerp(atLift, frame.heading, static_cast<float>(air) / settle);
    }
};

int settleFrames(const Clip& clip) {
    return std::max(1, static_cast<int>(std::lround(kFootTurnSeconds * clip.fps)));
}

}  // namespace

FootTurns footTurnsAt(const Retarget& r, const Clip& clip, int frame) {
    assert(!clip.isEmpty() && clip.skeleton.jointCount() == r.source.jointCount());
    frame = std::clamp(frame, 0, clip.frameCount() - 1);
    const int settle = settleFrames(clip);
    const int longest = static_cast<int>(std::lround(kLongestPlantSeconds * clip.fps));
    // Back from `frame` to where each foot had been in the air for `settle` frames (its turn is
    // the body's heading there, whatever came before): a second at first, then twice as far, at
    // most kLongestPlantSeconds.
    int back = std::max(2 * settle, static_cast<int>(std::lround(clip.fps)));
    for (;;) {
        const int first = std::max(frame - back, 0);
        const std::vector<FeetFrame> frames = feetFrames(r, clip, first, frame);
        std::array<int, 2> from{0, 0};  // per side: the index the turn is known at
        std::array<bool, 2> known{first == 0, first == 0};
        for (int side = 0; side < 2; ++side) {
            int air = 0;
            for (int i = 0; i < static_cast<int>(frames.size()); ++i) {
                air = frames[i].down[side] ? 0 : air + 1;
                if (air >= settle) from[side] = i, known[side] = true;
            }
        }
        if ((known[0] && known[1]) || first == 0 || back >= longest) {
            FootTurns turns;
            for (int side = 0; side < 2; ++side) {
                FootTurn t = FootTurn::start(frames[from[side]], side, settle);
                for (size_t i = from[side] + 1; i < frames.size(); ++i)
                    t.step(frames[i], side, settle);
                turns[side] = t.turn;
            }
            return turns;
        }
        back = std::min(2 * back, longest);
    }
}

void retargetFrame(const Retarget& r, const Clip& clip, float frame,
                   std::span<Transform> targetWorld) {
    assert(!clip.isEmpty());
    assert(targetWorld.size() == static_cast<size_t>(r.target.jointCount()));
    std::vector<glm::quat> rotations(clip.jointCount());
    glm::vec3 root(0.0f);
    samplePose(clip, frame, rotations, root);
    const FootTurns turns = footTurnsAt(r, clip, static_cast<int>(std::lround(frame)));
    retargetPose(r, rotations, root, targetWorld, &turns);
}

std::vector<Transform> retargetClip(const Retarget& r, const Clip& clip) {
    const int joints = r.target.jointCount();
    std::vector<Transform> out(static_cast<size_t>(clip.frameCount()) * joints);
    if (clip.isEmpty()) return out;
    const int settle = settleFrames(clip);
    const std::vector<FeetFrame> frames = feetFrames(r, clip, 0, clip.frameCount() - 1);
    std::array<FootTurn, 2> turn{FootTurn::start(frames[0], 0, settle),
                                 FootTurn::start(frames[0], 1, settle)};
    for (int f = 0; f < clip.frameCount(); ++f) {
        if (f > 0)
            for (int side = 0; side < 2; ++side) turn[side].step(frames[f], side, settle);
        const FootTurns turns{turn[0].turn, turn[1].turn};
        const std::span<Transform> world =
            std::span(out).subspan(static_cast<size_t>(f) * joints, joints);
        retargetPose(r, clip.frameRotations(f), clip.rootPositions[f], world, &turns);
    }
    return out;
}

}  // namespace gs
