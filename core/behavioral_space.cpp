#include "core/behavioral_space.h"

#include <algorithm>
#include <numeric>

#include "core/registration.h"
#include "core/warp_table.h"

namespace gs {
int BakedBehavioralSpace::spaceIndex(const std::string& spaceName) const {
    for (size_t s = 0; s < spaces.size(); ++s)
        if (spaces[s].name == spaceName) return static_cast<int>(s);
    return -1;
}

float BakedBehavioralSpace::spacePhase(int s, float phi, int c0, int c1, float w0, float w1) const {
    if (clipPhaseMap.empty()) return warpAt(phaseMap[s], phi);
    return warpAt(clipPhaseMap[s][c0], clipPhaseMap[s][c1], w0, w1, phi);
}

float BakedBehavioralSpace::masterPhase(int s, float u, int c0, int c1, float w0, float w1) const {
    if (clipPhaseMap.empty()) return warpInverse(phaseMap[s], u);
    return warpInverse(clipPhaseMap[s][c0], clipPhaseMap[s][c1], w0, w1, u);
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
        if (!clipPhaseMap.empty()) {
            if (clipPhaseMap.size() != spaces.size() || clipPhaseMap[s].size() != spaces.front().clips.size())
                return Status::error("motion space '" + spaces[s].name + "' has no cross registration per master clip");
            for (const auto& m : clipPhaseMap[s])
                if (m.size() != map.size())
                    return Status::error("motion space '" + spaces[s].name + "' has a clip cross registration of the wrong size");
        }
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

namespace {

// Registers every clip of the master space to the clip of nearest curvature in each other space
// (loops whole onto whole, pinned to matched foot strikes) and turns each into a map from master
// phase to that space's reference frame.
Status buildClipCrossRegistrations(BakedBehavioralSpace& bs) {
    const BakedMotionSpace& master = bs.spaces.front();
    const int L0 = master.referenceCycleFrames();
    bs.clipPhaseMap.assign(bs.spaces.size(), {});
    std::vector<float> identity(L0 + 1);
    std::iota(identity.begin(), identity.end(), 0.0f);
    bs.clipPhaseMap[0].assign(master.clips.size(), identity);
    for (size_t s = 1; s < bs.spaces.size(); ++s) {
        const BakedMotionSpace& space = bs.spaces[s];
        for (size_t c = 0; c < master.clips.size(); ++c) {
            const BakedClip& mc = master.clips[c];
            size_t k = 0;
            for (size_t i = 1; i < space.clips.size(); ++i)
                if (std::abs(space.clips[i].curvature - mc.curvature) <
                    std::abs(space.clips[k].curvature - mc.curvature))
                    k = i;
            const BakedClip& sc = space.clips[k];
            const Clip a = toClip(master, static_cast<int>(c), bs.fps);
            const Clip b = toClip(space, static_cast<int>(k), bs.fps);
            RegistrationJob job;
            job.a = &a;
            job.b = &b;
            job.settings.startCell = {0, 0};
            job.settings.endCell = {mc.cycleFrames(), sc.cycleFrames()};
            if (Status st = job.run(); !st)
                return st.withContext("cross-registering clip '" + mc.name + "' to '" + sc.name + "'");
            // Master clip frame -> space clip frame, pinned to the strikes.
            std::vector<float> cross(mc.cycleFrames() + 1);
            for (int f = 0; f <= mc.cycleFrames(); ++f) cross[f] = job.output.mapAtoB(static_cast<float>(f));
            cross.front() = 0.0f;
            cross.back() = static_cast<float>(sc.cycleFrames());
            for (size_t f = 1; f < cross.size(); ++f) cross[f] = std::max(cross[f], cross[f - 1] + 1e-3f);
            const float scale = static_cast<float>(sc.cycleFrames()) / cross.back();
            for (float& v : cross) v *= scale;
            std::vector<std::pair<int, int>> sa, sb;
            for (const glm::ivec2& st : mc.strikes) sa.push_back({st.x, st.y});
            for (const glm::ivec2& st : sc.strikes) sb.push_back({st.x, st.y});
            pinToStrikes(cross, sa, sb);
            // Master phase -> master clip frame -> space clip frame -> space reference frame.
            std::vector<float> map(L0 + 1);
            for (int u = 0; u <= L0; ++u)
                map[u] = warpInverse(sc.warp, warpAt(cross, warpAt(mc.warp, static_cast<float>(u))));
            map.front() = 0.0f;
            map.back() = static_cast<float>(space.referenceCycleFrames());
            for (int u = 1; u <= L0; ++u) map[u] = std::max(map[u], map[u - 1] + 1e-3f);
            const float mapScale = static_cast<float>(space.referenceCycleFrames()) / map.back();
            for (float& v : map) v *= mapScale;
            bs.clipPhaseMap[s].push_back(std::move(map));
        }
    }
    return Status::ok();
}

}  // namespace

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
    if (Status st = buildClipCrossRegistrations(result); !st) return st;
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
