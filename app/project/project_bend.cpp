#include "project_bend.h"

#include <cmath>

#include "core/loops/path_bend.h"

namespace gs {

QString bentClipName(const QString& clip, float radius, bool left) {
    return QStringLiteral("%1 (bent %2 %3 m)")
        .arg(clip, left ? "left" : "right", QString::number(radius));
}

// The space's bent turns (spaces[].bent_turns_m) from its straight clips, or why they cannot be
// made. Called once the space's clips are known to be usable.
QString bendSpace(const Project& project, ProjectSpace& s) {
    s.bentClips.clear();
    if (s.bentTurnRadii.empty()) return {};
    int straight = 0;
    for (const QString& id : s.clipIds) {
        const Clip& clip = *project.clip(id)->clip;
        const GroundLine line = groundLine(clip);
        if (!(line.travel >= kMinBendTravel) ||
            !(std::abs(line.curvature) < kBentTurnStraightCurvature))
            continue;
        ++straight;
        for (float radius : s.bentTurnRadii)
            for (bool left : {true, false}) {
                auto bent = bendClip(clip, (left ? 1.0f : -1.0f) / radius);
                if (!bent)
                    return "cannot bend its turns: " + QString::fromStdString(bent.message());
                bent->name = bentClipName(id, radius, left).toStdString();
                s.bentClips.emplace_back(id, std::move(*bent));
            }
    }
    if (straight == 0)
        return QStringLiteral(
                   "asks for bent turns (bent_turns_m) but none of its clips is straight "
                   "(each travels less than %1 m or its path curves by %2 rad/m or more)")
            .arg(kMinBendTravel)
            .arg(kBentTurnStraightCurvature);
    return {};
}

}  // namespace gs
