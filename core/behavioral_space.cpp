#include "core/behavioral_space.h"

#include <algorithm>
#include <numeric>

#include "core/registration.h"

namespace gs {
int BakedBehavioralSpace::spaceIndex(const std::string& spaceName) const {
    for (size_t s = 0; s < spaces.size(); ++s)
        if (spaces[s].name == spaceName) return static_cast<int>(s);
    return -1;
}

Status BakedBehavioralSpace::validate() const {
    if (spaces.empty()) return Status::error("the behavioral space holds no motion space");
    if (phaseMap.size() != spaces.size()) return Status::error("the behavioral space has no phase map per space");
    for (size_t s = 0; s < spaces.size(); ++s) {
        if (Status st = spaces[s].validate(); !st) return st;
        if (!spaces[s].skeleton.sameHierarchy(skeleton))
            return Status::error("motion space '" + spaces[s].name + "' has a different skeleton");
        if (spaces[s].cycles != spaces.front().cycles)
            return Status::error("motion space '" + spaces[s].name + "' loops " +
                                 std::to_string(spaces[s].cycles) + " cycles, the others " +
                                 std::to_string(spaces.front().cycles));
        const auto& map = phaseMap[s];
        if (map.size() != static_cast<size_t>(masterCycleFrames() + 1))
            return Status::error("motion space '" + spaces[s].name + "' has a phase map of the wrong size");
        for (size_t i = 1; i < map.size(); ++i)
            if (!(map[i] > map[i - 1]))
                return Status::error("motion space '" + spaces[s].name + "' has a phase map that is not increasing");
    }
    return Status::ok();
}

Status BehavioralSpaceDesc::validate() const {
    if (spaces.empty()) return Status::error("behavioral space '" + name + "' holds no motion space");
    if (spaces.size() > 8) return Status::error("behavioral space '" + name + "' holds more than 8 motion spaces");
    for (const MotionSpaceDesc& s : spaces) {
        if (Status st = s.validate(); !st) return st;
        if (!s.clips.front().skeleton.sameHierarchy(spaces.front().clips.front().skeleton))
            return Status::error("motion space '" + s.name + "' uses a different skeleton from '" +
                                 spaces.front().name + "'");
    }
    for (size_t a = 0; a < spaces.size(); ++a)
        for (size_t b = a + 1; b < spaces.size(); ++b)
            if (spaces[a].name == spaces[b].name)
                return Status::error("two motion spaces are named '" + spaces[a].name + "'");
    if (cycles < 0) return Status::error("cycles must be >= 0");
    return Status::ok();
}

Expected<BakedBehavioralSpace> buildBehavioralSpace(const BehavioralSpaceDesc& desc) {
    if (Status s = desc.validate(); !s) return s;
    // Every space loops the same number of cycles: the fewest any clip of any space holds.
    int cycles = desc.cycles;
    if (cycles == 0) {
        cycles = 1 << 30;
        for (const MotionSpaceDesc& s : desc.spaces) {
            auto fewest = fewestCycles(s);
            if (!fewest) return fewest.status().withContext("motion space '" + s.name + "'");
            cycles = std::min(cycles, *fewest);
        }
    }
    BakedBehavioralSpace result;
    result.name = desc.name;
    for (MotionSpaceDesc s : desc.spaces) {
        s.settings.cycles = cycles;
        auto built = buildMotionSpace(s);
        if (!built) return built.status();
        result.spaces.push_back(std::move(*built));
    }
    const BakedMotionSpace& master = result.spaces.front();
    result.fps = master.fps;
    result.skeleton = master.skeleton;
    result.floorHeight = master.floorHeight;
    result.leftToe = master.leftToe;
    result.rightToe = master.rightToe;
    for (const auto& s : result.spaces) result.floorHeight = std::min(result.floorHeight, s.floorHeight);

    // Cross-register each space's reference loop to the master's: one shared phase. The loops
    // start on the same phase and hold the same cycles, so the whole cycle maps onto the whole.
    const int masterFrames = master.referenceCycleFrames();
    for (size_t s = 0; s < result.spaces.size(); ++s) {
        const BakedMotionSpace& space = result.spaces[s];
        const int frames = space.referenceCycleFrames();
        std::vector<float> map(masterFrames + 1);
        if (s == 0) {
            std::iota(map.begin(), map.end(), 0.0f);
            result.phaseMap.push_back(map);
            result.crossResidual.push_back(0.0f);
            continue;
        }
        const Clip masterLoop = toClip(master, master.reference, result.fps);
        const Clip loop = toClip(space, space.reference, result.fps);
        RegistrationJob job;
        job.a = &masterLoop;
        job.b = &loop;
        job.settings.startCell = {0, 0};
        job.settings.endCell = {masterFrames, frames};
        if (Status st = job.run(); !st)
            return st.withContext("cross-registering motion space '" + space.name + "' to '" + master.name + "'");
        for (int u = 0; u <= masterFrames; ++u) map[u] = job.output.mapAtoB(static_cast<float>(u));
        map.front() = 0.0f;
        map.back() = static_cast<float>(frames);
        for (int u = 1; u <= masterFrames; ++u) map[u] = std::max(map[u], map[u - 1] + 1e-3f);
        map.back() = std::max(map.back(), static_cast<float>(frames));
        const float scale = static_cast<float>(frames) / map.back();
        for (float& v : map) v *= scale;
        // Walk and jog poses differ too much for point clouds alone to time them, but their
        // footfalls must coincide: pin the cross registration to the matched strikes.
        pinToStrikes(map, referenceStrikes(master), referenceStrikes(space));
        result.phaseMap.push_back(std::move(map));
        result.crossResidual.push_back(job.output.residual);
    }
    if (Status s = result.validate(); !s) return s;
    return result;
}

BakedBehavioralSpace singleSpace(BakedMotionSpace space) {
    BakedBehavioralSpace result;
    result.name = space.name;
    result.fps = space.fps;
    result.skeleton = space.skeleton;
    result.floorHeight = space.floorHeight;
    result.leftToe = space.leftToe;
    result.rightToe = space.rightToe;
    std::vector<float> map(space.referenceCycleFrames() + 1);
    std::iota(map.begin(), map.end(), 0.0f);
    result.phaseMap.push_back(std::move(map));
    result.crossResidual.push_back(0.0f);
    result.spaces.push_back(std::move(space));
    return result;
}

}  // namespace gs
