// Project::checkSpaces: each space checked against the loaded clips (project.h).

#include "project.h"
#include "project_detail.h"

#include <QSet>

#include "core/authoring_limits.h"
#include "core/clip/skeleton_match.h"
#include "core/spaces/transition_builder.h"
#include "project_bend.h"

namespace gs {

void Project::checkSpaces() {
    for (ProjectSpace& s : spaces) {
        s.error.clear();
        s.bentClips.clear();
        if (s.name.isEmpty()) {
            s.error = "has no name";
            continue;
        }
        if (s.clipIds.isEmpty()) {
            s.error = "has no clips";
            continue;
        }
        const Skeleton* skeleton = nullptr;
        QString first;
        QSet<QString> listed;
        for (const QString& id : s.clipIds) {
            if (listed.contains(id)) {
                s.error = "lists clip '" + id + "' twice";
                break;
            }
            listed.insert(id);
            const ProjectClip* c = clip(id);
            if (!c) {
                s.error = "names an unknown clip '" + id + "'";
                break;
            }
            if (!c->error.isEmpty()) {
                s.error = "clip '" + id + "' is unusable: " + c->error;
                break;
            }
            if (!skeleton) {
                skeleton = &c->clip->skeleton;
                first = id;
            } else if (const std::string why = skeletonDifference(*skeleton, c->clip->skeleton);
                       !why.empty()) {
                s.error = "clip '" + id + "' has a different skeleton from '" + first +
                          "': " + QString::fromStdString(why);
                break;
            }
        }
        if (s.error.isEmpty() && !s.reference.isEmpty() && !s.clipIds.contains(s.reference))
            s.error = "reference '" + s.reference + "' is not one of its clips";
        // Stops and starts: known, usable, of the space's skeleton, and able to serve.
        for (auto [kind, list] : {std::pair{BakedTransition::Kind::Stop, &s.stopIds},
                                  std::pair{BakedTransition::Kind::Start, &s.startIds}}) {
            const QString what = kind == BakedTransition::Kind::Stop ? "stop" : "start";
            QSet<QString> seen;
            for (const QString& id : *list) {
                if (!s.error.isEmpty()) break;
                if (seen.contains(id)) {
                    s.error = "lists " + what + " '" + id + "' twice";
                    break;
                }
                seen.insert(id);
                const ProjectClip* c = clip(id);
                if (!c) {
                    s.error = "names an unknown " + what + " '" + id + "'";
                    break;
                }
                if (!c->error.isEmpty()) {
                    s.error = what + " '" + id + "' is unusable: " + c->error;
                    break;
                }
                if (skeleton && !c->clip->skeleton.sameHierarchy(*skeleton)) {
                    s.error = what + " '" + id + "' has a different skeleton from '" + first + "'";
                    break;
                }
                if (Status ok = checkTransitionClip(*c->clip, kind); !ok)
                    s.error = what + " '" + id + "' cannot serve: it " +
                              QString::fromStdString(ok.message());
            }
        }
        if (s.error.isEmpty()) s.error = bendSpace(*this, s);
        if (s.error.isEmpty() &&
            s.clipIds.size() + s.bentClips.size() > limits::kMaxGSpaceClipsPerSpace)
            s.error =
                QStringLiteral(
                    "has %1 clips with its bent turns, above the limit of %2 a baked space holds")
                    .arg(s.clipIds.size() + s.bentClips.size())
                    .arg(limits::kMaxGSpaceClipsPerSpace);
        if (!s.error.isEmpty()) s.bentClips.clear();
    }
}

}  // namespace gs
