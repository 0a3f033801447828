#include "synthetic_spaces.h"

#include "core/clip/foot_contacts.h"

#include <cstdio>
#include <cstdlib>
#include <map>

#include "core/spaces/goal_space_builder.h"
#include "core/synthetic/synthetic_gait.h"

namespace gs::test {
namespace {

// A build that fails is a broken generator or builder, not a failed check: every test of the
// process needs the space, so it stops here with the reason.
[[noreturn]] void fail(const std::string& what) {
    std::fprintf(stderr, "synthetic spaces: %s\n", what.c_str());
    std::abort();
}

}  // namespace

BehavioralSpaceDesc syntheticWalkJogDesc(int cycles) {
    std::map<std::string, MotionSpaceDesc> spaces;
    for (const SyntheticClipSpec& spec : syntheticClipSet(cycles)) {
        if (spec.space == "run") continue;
        Expected<Clip> clip = generateSyntheticGait(spec.settings);
        if (!clip) fail(clip.message());
        spaces[spec.space].name = spec.space;
        spaces[spec.space].clips.push_back(std::move(*clip));
    }
    BehavioralSpaceDesc desc;
    desc.name = "synthetic walk and jog";
    desc.spaces = {spaces.at("walk"), spaces.at("jog")};
    return desc;
}

const BakedBehavioralSpace& syntheticWalkJog() {
    static const BakedBehavioralSpace space = [] {
        Expected<BakedBehavioralSpace> built = buildBehavioralSpace(syntheticWalkJogDesc());
        if (!built) fail(built.message());
        return std::move(*built);
    }();
    return space;
}

std::shared_ptr<const BakedSpaceFile> syntheticBaked() {
    static const std::shared_ptr<const BakedSpaceFile> baked = [] {
        auto file = std::make_shared<BakedSpaceFile>();
        file->space = syntheticWalkJog();
        Expected<std::vector<GoalSpace>> goals = buildGoalSpaces(file->space);
        if (!goals) fail(goals.message());
        file->goalSpaces = std::move(*goals);
        if (Status s = file->validate(); !s) fail(s.message());
        return std::shared_ptr<const BakedSpaceFile>(std::move(file));
    }();
    return baked;
}

int doubleSupport(const Clip& clip, int from) {
    FootContactJob job;
    job.clip = &clip;
    if (Status s = job.run(); !s) fail("contacts: " + s.message());
    const FootContacts& c = job.output;
    for (int f = from; f < clip.frameCount(); ++f)
        if ((c.leftAnkle[f] || c.leftToe[f]) && (c.rightAnkle[f] || c.rightToe[f])) return f;
    fail("no double support after frame " + std::to_string(from));
}

Clip cutAndHold(const Clip& clip, int first, int last, int held, bool after, int hold) {
    Clip c = clip;
    c.rotations.clear();
    c.rootPositions.clear();
    auto add = [&](int f) {
        const auto r = clip.frameRotations(f);
        c.rotations.insert(c.rotations.end(), r.begin(), r.end());
        c.rootPositions.push_back(clip.rootPositions[f]);
    };
    if (!after)
        for (int k = 0; k < hold; ++k) add(held);
    for (int f = first; f <= last; ++f) add(f);
    if (after)
        for (int k = 0; k < hold; ++k) add(held);
    return c;
}

}  // namespace gs::test
