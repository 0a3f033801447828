#include "core/runtime/baked_space.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/runtime/warp_table.h"

namespace gs {

float BakedMotionSpace::curvatureAt(float blend) const {
    const float lo = clips.front().curvature, hi = clips.back().curvature;
    return lo + (hi - lo) * std::clamp(blend, 0.0f, 1.0f);
}


void BakedMotionSpace::clipWeights(float blend, int& c0, int& c1, float& w0, float& w1) const {
    const int n = static_cast<int>(clips.size());
    const float k = curvatureAt(blend);
    c0 = 0;
    while (c0 + 2 < n && clips[c0 + 1].curvature <= k) ++c0;
    c1 = c0 + 1;
    const float span = clips[c1].curvature - clips[c0].curvature;
    w1 = span > 0.0f ? std::clamp((k - clips[c0].curvature) / span, 0.0f, 1.0f) : 0.0f;
    w0 = 1.0f - w1;
}


float BakedMotionSpace::blendOf(int clip) const {
    const float lo = clips.front().curvature, hi = clips.back().curvature;
    return hi > lo ? std::clamp((clips[clip].curvature - lo) / (hi - lo), 0.0f, 1.0f) : 0.5f;
}


Status BakedMotionSpace::validate() const {
    if (clips.size() < 2) return Status::error("motion space '" + name + "' has fewer than 2 clips");
    if (reference < 0 || reference >= static_cast<int>(clips.size()))
        return Status::error("motion space '" + name + "' has no reference clip");
    const size_t joints = static_cast<size_t>(skeleton.jointCount());
    const int referenceFrames = clips[reference].cycleFrames();
    for (const BakedClip& c : clips) {
        if (c.frames < 3 || c.rotations.size() != joints * c.frames ||
            c.rootHeight.size() != static_cast<size_t>(c.frames) ||
            c.step.size() != static_cast<size_t>(c.cycleFrames()) ||
            c.leftContact.size() != static_cast<size_t>(c.frames) ||
            c.rightContact.size() != static_cast<size_t>(c.frames) ||
            c.warp.size() != static_cast<size_t>(referenceFrames + 1))
            return Status::error("motion space '" + name + "': clip '" + c.name + "' is inconsistent");
        for (size_t i = 1; i < c.warp.size(); ++i)
            if (!(c.warp[i] > c.warp[i - 1]))
                return Status::error("motion space '" + name + "': clip '" + c.name +
                                     "' has a time warp that is not increasing");
    }
    return Status::ok();
}


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
