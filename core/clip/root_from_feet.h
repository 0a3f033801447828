#pragma once
// Root motion from the planted feet, for clips whose root does not travel ("in place" clips).
//
// While a foot is planted it stays put on the ground, so the ground travel of the root is what
// holds it there: between two frames the root moves by minus the planted foot's displacement. The
// point of the foot followed is its tip (rigid with the toe joint, ahead of the ball and down on
// the floor, y = 0, when the ball's lowest height is 3-6 cm; else 3 cm below the ball), the last to
// leave the floor as the foot rolls: a point above the floor moves forward as the heel rises.
// Frames are measured in two passes: where a foot lies flat (its ankle and its toe joints both
// within a centimetre of their own lowest heights over the clip; a foot without a toe joint: its
// ankle within three centimetres, and its ankle followed, with no rolling pass and gaps blended
// linearly, as it has no tip), double support averaging both feet, the stiller one (its tip
// accelerating least in the clip) carrying more; then, where no foot is flat (the heel has lifted,
// or not yet come down), where the lower of the tip and the heel (under the ankle, on the tip's
// floor) stays within two centimetres of its floor, neither rising nor sinking, and moves backward
// along the direction of travel measured so far at most of its speed (a swing foot passing a
// centimetre or two over the floor moves forward; where the body does not travel, one that stays
// still), in two passes, the second reading the travel with the first's rolling steps. Frames
// measured by neither, a run's flight, are filled for the centre of mass (of the body's segments
// with an adult's average masses, else the joints' mean; the root's velocity plus the centre's own
// in the clip): the direction blended between the mean ones measured within 0.1 s around them and
// the fastest speed measured within 0.1 s before or after (the faster neighbour's where the body
// does not travel, a jump in place; before the first measured frame and after the last, the fastest
// within 0.1 s of it), the root swinging about the centre as in the clip. The root's height and
// every rotation are kept, so yaw still comes from the pelvis facing.
//
// The feet are the ones the humanoid role finder (core/clip/humanoid_names.h) finds, as for
// retargeting: the rigs it reads (CMU, Mixamo, Rigify, Quaternius, Bandai, ...) all work.
// No Qt.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/clip/clip.h"

namespace gs {

// Where a clip's root motion comes from: `Auto` takes the file's where the root travels and the
// feet's where it stays in place (rootStaysInPlace).
enum class RootMotionMode { Auto, File, Feet };

// "auto", "file", "feet".
const char* rootMotionModeName(RootMotionMode mode);
// The mode of a name above, or nullopt.
std::optional<RootMotionMode> parseRootMotionMode(std::string_view name);

struct RootFromFeetSettings {
    // Metres above their own lowest heights under which a foot's ankle and toe both lie when the
    // foot is flat on the floor; (0, 0.1].
    float flatHeight = 0.01f;
    // The same for a foot without a toe joint (game rigs: Quaternius, RobotExpressive), whose
    // ankle alone says whether it is flat: the ankle rises a few centimetres as such a foot rolls
    // from heel to toe while it still holds the floor; (0, 0.1].
    float toelessFlatHeight = 0.03f;
    // Metres: a side this much less flat than the other carries 1/e of its weight; (0, 0.05].
    float sideBlend = 0.005f;

    Status validate() const;
};

// Bits of RootFromFeet::planted.
inline constexpr std::uint8_t kLeftPlanted = 1, kRightPlanted = 2;

struct RootFromFeet {
    std::vector<glm::vec3> rootPositions;  // frameCount; x and z from the feet, y from the file
    std::vector<std::uint8_t> planted;     // frameCount; kLeftPlanted | kRightPlanted per frame
                                           // (a foot lies flat)
    int supportedFrames = 0;               // frames measured by a flat or a rolling foot (the rest
                                           // take their neighbours' direction and speed)
};

// The root positions of `clip` recovered from its planted feet. Fails when the feet cannot be
// found or no foot is ever planted, in a sentence that says so.
Expected<RootFromFeet> rootMotionFromFeet(const Clip& clip,
                                          const RootFromFeetSettings& settings = {});

// Whether the clip's root stays in place: its ground position never leaves a circle of half the
// legs' length around the first frame (legs measured in the rest pose, hip to ankle). A clip whose
// feet cannot be found counts as travelling (nothing could replace its root motion).
bool rootStaysInPlace(const Clip& clip);

// What applyRootMotion did.
struct RootMotionSource {
    bool fromFeet = false;
    std::string sentence;  // "root motion from the file's root", "root motion from the planted
                           // feet (the file's root stays in place)", ...
};

// Gives `clip` the root motion `mode` asks for: with Feet, or with Auto on a clip whose root stays
// in place, its ground travel is replaced by the feet's. Fails only when Feet is asked for and the
// feet cannot give it.
Expected<RootMotionSource> applyRootMotion(Clip& clip, RootMotionMode mode);

}  // namespace gs
