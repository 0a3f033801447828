#pragma once
// The arrive scenario of simulate() (SimulationSettings::Scenario::Arrive). Private to core.

#include <memory>
#include <vector>

#include "core/evaluation/simulation.h"

namespace gs {

// The run that stops at every random goal, then the same goals steered to without stopping, for
// the time ratio, into `result`; `positions` receives the stopping run's world joint positions,
// frame by frame.
Status simulateArrive(std::shared_ptr<const BakedSpaceFile> baked,
                      const SimulationSettings& settings, const CrowdSettings& crowdSettings,
                      const std::vector<float>& weights, std::vector<glm::vec3>& positions,
                      SimulationResult& result);

}  // namespace gs
