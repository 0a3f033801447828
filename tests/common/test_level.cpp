#include "common/test_level.h"

#include <QtGlobal>

namespace gs::test {

Navigation bakeNavigation(const LevelMesh& mesh, const std::string& name,
                          const NavAgentSettings& agent) {
    BakedLevel level;
    LevelBakeJob job;
    job.settings.agent = agent;
    job.mesh = &mesh;
    job.name = name;
    job.output = &level;
    if (Status s = job.run(); !s) qFatal("%s: %s", name.c_str(), s.message().c_str());
    auto nav = Navigation::create(std::move(level));
    if (!nav) qFatal("%s: %s", name.c_str(), nav.message().c_str());
    return std::move(*nav);
}

}  // namespace gs::test
