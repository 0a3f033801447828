#include "core/clip/foot_contacts.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "core/clip/clip_kinematics.h"

namespace gs {
namespace {

// Fills holes up to maxHole frames and drops runs shorter than minRun frames.
void clean(std::vector<bool>& c, int maxHole, int minRun) {
    const int n = static_cast<int>(c.size());
    for (int i = 0; i < n;) {
        if (c[i]) {
            ++i;
            continue;
        }
        int j = i;
        while (j < n && !c[j]) ++j;
        if (i > 0 && j < n && j - i <= maxHole) std::fill(c.begin() + i, c.begin() + j, true);
        i = j;
    }
    for (int i = 0; i < n;) {
        if (!c[i]) {
            ++i;
            continue;
        }
        int j = i;
        while (j < n && c[j]) ++j;
        if (j - i < minRun) std::fill(c.begin() + i, c.begin() + j, false);
        i = j;
    }
}

std::vector<int> onsets(const std::vector<bool>& c) {
    std::vector<int> out;
    for (size_t f = 1; f < c.size(); ++f)
        if (c[f] && !c[f - 1]) out.push_back(static_cast<int>(f));
    return out;
}

// Adds to `toe` every stance of `forefoot` (the toe under the looser speed limit) in which the
// ankle never touches: a runner's forefoot stance.
void addForefootStances(const std::vector<bool>& ankle, const std::vector<bool>& forefoot,
                        std::vector<bool>& toe) {
    const int n = static_cast<int>(forefoot.size());
    for (int i = 0; i < n;) {
        if (!forefoot[i]) {
            ++i;
            continue;
        }
        int j = i;
        bool ankleDown = false;
        for (; j < n && forefoot[j]; ++j)
            if (ankle[j]) ankleDown = true;
        if (!ankleDown) std::fill(toe.begin() + i, toe.begin() + j, true);
        i = j;
    }
}

// One strike per stance: a run of ankle-or-toe contact, gaps of up to maxHole frames bridged (a
// turning foot pivots from heel to toe). The strike is the ankle's first onset where the ankle
// touches in that stance, else the stance's onset (a forefoot strike, counted). A stance already
// under way at frame 0 has no forefoot onset in the clip.
std::vector<int> footStrikes(const std::vector<bool>& ankle, const std::vector<bool>& toe,
                             int maxHole, int& forefootStrikes) {
    std::vector<int> out;
    forefootStrikes = 0;
    const int n = static_cast<int>(ankle.size());
    auto down = [&](int f) { return ankle[f] || toe[f]; };
    for (int i = 0; i < n;) {
        if (!down(i)) {
            ++i;
            continue;
        }
        int heel = -1, end = i;  // end: one past the stance's last contact frame
        for (int f = i; f < n; ++f) {
            if (down(f)) {
                end = f + 1;
                if (heel < 0 && ankle[f] && f > 0 && !ankle[f - 1]) heel = f;
            } else if (f - end + 1 > maxHole) {
                break;
            }
        }
        const bool ankleTouches =
            std::find(ankle.begin() + i, ankle.begin() + end, true) != ankle.begin() + end;
        if (heel >= 0) {
            out.push_back(heel);
        } else if (!ankleTouches && i > 0) {
            out.push_back(i);
            ++forefootStrikes;
        }
        i = end;
    }
    return out;
}

}  // namespace

Status FootContactSettings::validate() const {
    if (!(heightThreshold > 0.0f && heightThreshold <= 0.5f))
        return Status::error("contact height threshold must be in (0, 0.5] m");
    if (!(speedThreshold > 0.0f && speedThreshold <= 5.0f))
        return Status::error("contact speed threshold must be in (0, 5] m/s");
    if (!(forefootSpeedThreshold >= speedThreshold && forefootSpeedThreshold <= 5.0f))
        return Status::error(
            "forefoot contact speed threshold must be in [contact speed threshold, 5] m/s");
    if (maxHoleFrames < 0 || maxHoleFrames > 10)
        return Status::error("hole fill must be 0-10 frames");
    if (minRunFrames < 1 || minRunFrames > 10)
        return Status::error("minimum contact must be 1-10 frames");
    return Status::ok();
}

Status FootContactJob::validate() const {
    if (Status s = settings.validate(); !s) return s;
    if (!clip) return Status::error("no clip");
    if (clip->frameCount() < 3) return Status::error("clip has fewer than 3 frames");
    return Status::ok();
}

Status FootContactJob::run() {
    if (Status s = validate(); !s) return s;
    const Skeleton& sk = clip->skeleton;
    FootJoints feet = findFootJoints(sk);
    auto overrideJoint = [&](const std::string& name, int& joint) -> Status {
        if (name.empty()) return Status::ok();
        joint = sk.jointIndex(name);
        if (joint < 0) return Status::error("no joint named '" + name + "'");
        return Status::ok();
    };
    if (Status s = overrideJoint(settings.leftAnkle, feet.leftAnkle); !s) return s;
    if (Status s = overrideJoint(settings.leftToe, feet.leftToe); !s) return s;
    if (Status s = overrideJoint(settings.rightAnkle, feet.rightAnkle); !s) return s;
    if (Status s = overrideJoint(settings.rightToe, feet.rightToe); !s) return s;
    if (!feet.isComplete())
        return Status::error("cannot find the feet by name; set the ankle and toe joints");

    // Frame counts in the settings are for 30 fps; scale them to the clip's rate.
    const float rateScale = clip->fps / 30.0f;
    const int hole = static_cast<int>(std::lround(settings.maxHoleFrames * rateScale));
    const int minRun =
        std::max(1, static_cast<int>(std::lround(settings.minRunFrames * rateScale)));

    const auto pos = clipJointPositions(*clip);
    const int n = clip->frameCount();
    const int jc = clip->jointCount();
    const int joints[4] = {feet.leftAnkle, feet.leftToe, feet.rightAnkle, feet.rightToe};
    float floor = 1e30f;
    for (int f = 0; f < n; ++f)
        for (int j : joints) floor = std::min(floor, pos[f * jc + j].y);
    output = {};
    output.floorHeight = floor;

    // Contact under a speed limit, cleaned of holes and blips.
    auto contactOf = [&](int j, float speedLimit) {
        std::vector<bool> c(n, false);
        for (int f = 0; f < n; ++f) {
            const int a = std::max(f - 1, 0), b = std::min(f + 1, n - 1);
            const glm::vec3 d = pos[b * jc + j] - pos[a * jc + j];
            const float speed = std::hypot(d.x, d.z) * clip->fps / static_cast<float>(b - a);
            const float height = pos[f * jc + j].y - floor;
            c[f] = height < settings.heightThreshold && speed < speedLimit;
        }
        clean(c, hole, minRun);
        return c;
    };
    output.leftAnkle = contactOf(feet.leftAnkle, settings.speedThreshold);
    output.rightAnkle = contactOf(feet.rightAnkle, settings.speedThreshold);
    output.leftToe = contactOf(feet.leftToe, settings.speedThreshold);
    output.rightToe = contactOf(feet.rightToe, settings.speedThreshold);
    addForefootStances(output.leftAnkle, contactOf(feet.leftToe, settings.forefootSpeedThreshold),
                       output.leftToe);
    addForefootStances(output.rightAnkle, contactOf(feet.rightToe, settings.forefootSpeedThreshold),
                       output.rightToe);
    output.leftHeelStrikes = onsets(output.leftAnkle);
    output.rightHeelStrikes = onsets(output.rightAnkle);
    output.leftFootStrikes =
        footStrikes(output.leftAnkle, output.leftToe, hole, output.leftForefootStrikes);
    output.rightFootStrikes =
        footStrikes(output.rightAnkle, output.rightToe, hole, output.rightForefootStrikes);
    return Status::ok();
}

}  // namespace gs
