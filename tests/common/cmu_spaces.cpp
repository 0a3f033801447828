#include "common/cmu_spaces.h"

#include "common/test_data.h"
#include "core/spaces/goal_space_builder.h"

namespace gs::test {
namespace {

struct ClipRef {
    const char* id;
    int in = -1, out = -1;  // trim, as in the demo project
};

MotionSpaceDesc spaceOf(const char* name, std::initializer_list<ClipRef> clips, int reference) {
    MotionSpaceDesc desc;
    desc.name = name;
    desc.reference = reference;
    for (const ClipRef& ref : clips) {
        Clip c = loadClip(cmuClip(ref.id));
        if (ref.in >= 0) c = *trimClip(c, ref.in, ref.out);
        c.name = ref.id;
        desc.clips.push_back(std::move(c));
        // A fixture: each clip looped as given (any of its cycles), as these spaces were built
        // before loops chose their cycles, so that the runtime's tests keep their figures.
        desc.trimmed.push_back(1);
    }
    return desc;
}

}  // namespace

MotionSpaceDesc cmuWalkDesc() {
    // The turns are cut around the turning steps, as in the demo project.
    return spaceOf(
        "walk",
        {{"16_19", 46, 96}, {"16_13", 28, 76}, {"16_15"}, {"16_11", 44, 90}, {"16_17", 60, 108}},
        2);
}

MotionSpaceDesc cmuJogDesc() {
    return spaceOf("jog", {{"16_44"}, {"16_39"}, {"16_35"}, {"16_37"}, {"16_41"}}, 2);
}

MotionSpaceDesc cmuWalkVeerDesc() {
    return spaceOf("walk", {{"16_13", 28, 76}, {"16_15"}, {"16_11", 44, 90}}, 1);
}

MotionSpaceDesc cmuJogVeerDesc() { return spaceOf("jog", {{"16_39"}, {"16_35"}, {"16_37"}}, 1); }

MotionSpaceDesc cmuBriskVeerDesc() {
    return spaceOf("brisk", {{"16_21"}, {"16_23"}, {"16_25"}}, 0);
}

MotionSpaceDesc cmuBriskDesc() {
    return spaceOf("brisk", {{"16_21"}, {"16_23"}, {"16_25"}, {"16_27"}, {"16_29"}}, 0);
}

namespace {

std::vector<Clip> clipsOf(std::initializer_list<const char*> ids) {
    std::vector<Clip> clips;
    for (const char* id : ids) {
        Clip c = loadClip(cmuClip(id));
        c.name = id;
        clips.push_back(std::move(c));
    }
    return clips;
}

}  // namespace

MotionSpaceDesc cmuWalkArriveDesc() {
    MotionSpaceDesc desc = cmuWalkDesc();
    desc.stops = clipsOf({"16_33", "16_34"});
    desc.starts = clipsOf({"16_31", "16_32"});
    return desc;
}

MotionSpaceDesc cmuJogArriveDesc() {
    MotionSpaceDesc desc = cmuJogDesc();
    desc.stops = clipsOf({"16_08", "16_57"});
    return desc;
}

BehavioralSpaceDesc cmuWalkJogArriveDesc() {
    BehavioralSpaceDesc desc;
    desc.name = "walk+jog, stops and starts";
    desc.spaces = {cmuWalkArriveDesc(), cmuJogArriveDesc()};
    return desc;
}

BehavioralSpaceDesc cmuWalkJogDesc() {
    BehavioralSpaceDesc desc;
    desc.name = "walk+jog";
    desc.spaces = {cmuWalkDesc(), cmuJogDesc()};
    return desc;
}

Expected<SteeringSpace> steeringFor(const BakedBehavioralSpace& bs) {
    auto goals = buildGoalSpaces(bs);
    if (!goals) return goals.status();
    SteeringSpace s;
    s.space = &bs;
    s.goalSpaces = std::move(*goals);
    return s;
}

}  // namespace gs::test
