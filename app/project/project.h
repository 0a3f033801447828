#pragma once
// Project: the editable document of Gaitspace, stored as a *.gsproj JSON file.
//
// A project lists clips (a source file, an optional trim) and motion spaces (named groups of clip
// ids with a reference clip), plus settings. Loading never gives up on the whole project for one
// bad entry: a missing file, an unknown clip id or a space with too few clips marks that entry
// with an error sentence and the rest opens. Only an unreadable or malformed file fails.
// Paths are stored relative to the project file; ${GAITSPACE_DATA_DIR} inside a path expands to
// the data folder (environment, else a shared/data folder found beside an ancestor folder).

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

#include "core/spaces/behavioral_space.h"
#include "core/clip/clip.h"
#include "core/io/clip_import.h"
#include "core/authoring_limits.h"
#include "core/level/level_mesh.h"
#include <gaitspace/runtime/navigation.h>

namespace gs {

struct ProjectClip {
    QString id;
    QString source;       // as written in the file (relative or with ${GAITSPACE_DATA_DIR})
    QString style;        // a style tag ("walk", "jog"); empty = none
    int trimIn = -1;      // first frame kept; -1 = from the start
    int trimOut = -1;     // last frame kept; -1 = to the end
    float unitScale = 0;  // metres per file unit; 0 = detected; else [1e-5, 1000]
    bool mirror = false;  // mirrored left to right after import and trim (core/clip/mirror.h)
    QString animation;    // the animation of a file of several, by name; empty = the first
    // Where the ground travel comes from ("root_motion": auto, file or feet; root_from_feet.h).
    RootMotionMode rootMotion = RootMotionMode::Auto;
    QJsonObject extra;  // keys this version does not know, kept as they were
    // Loaded data (not saved):
    std::optional<Clip> clip;  // trimmed, mirrored when asked, in metres
    UnitReport units;
    RootMotionSource rootMotionSource;  // what the import did
    QString error;                      // why the clip is not usable; empty when fine
};

struct ProjectSpace {
    QString name;
    QStringList clipIds;
    QString reference;  // a clip id; empty = the straightest
    // Clips that walk to a stop and that start from standing (not looped;
    // core/spaces/transition_builder.h): spaces[].stops and spaces[].starts, clip ids, each at most
    // once.
    QStringList stopIds, startIds;
    // Turns made from the space's straight clips by bending their paths (core/loops/path_bend.h):
    // spaces[].bent_turns_m, radii in metres, each [kMinBentTurnRadius, kMaxBentTurnRadius], at
    // most kMaxBentTurns, no radius twice. Each radius adds two clips per straight clip, bent left
    // and right ("run (bent left 6 m)"), looped, registered and blended like the others.
    std::vector<float> bentTurnRadii;
    QJsonObject extra;  // keys this version does not know, kept as they were
    QString error;      // why the space cannot be built; empty when fine
    // Loaded data (not saved; made by Project::checkSpaces): the bent clips, in metres, each
    // with the id of the clip it was bent from.
    std::vector<std::pair<QString, Clip>> bentClips;
};

inline constexpr float kMinBentTurnRadius =
    2.0f;  // metres (core/loops/path_bend.h's sharpest bend)
inline constexpr float kMaxBentTurnRadius = 1000.0f;
inline constexpr int kMaxBentTurns = 4;
// A clip of a space is straight, and gets bent turns, when its ground path curves by less than
// this (GroundLine::curvature, rad/m; the loop window's straight threshold).
inline constexpr float kBentTurnStraightCurvature = 0.06f;
// The name of a clip bent from `clip` to a turn of `radius` metres: "run (bent left 6 m)".
QString bentClipName(const QString& clip, float radius, bool left);

// The character that plays the project's motion: a skinned model driven through retargeting
// (none = a mannequin around the clips' skeleton), an optional image texture for the mannequin,
// and a user joint map (target joint -> source joint) that replaces the built-in maps.
struct ProjectCharacter {
    QString source;   // model file (glTF/GLB, FBX, COLLADA); empty = mannequin
    QString texture;  // image for the mannequin; empty = base colour
    std::vector<std::pair<QString, QString>> jointMap;  // (target, source)
    QJsonObject extra;  // keys this version does not know, kept as they were
};

// The level the project's characters walk in (optional): a mesh any format Assimp reads, its
// units, and the agent its navigation mesh is built for ("level": {"source", "scale", "up",
// "radius", "height", "max_climb", "max_slope_deg"}; NavAgentSettings' ranges and a person's
// defaults).
struct ProjectLevel {
    QString source;  // level mesh; empty = none (characters on the open ground)
    // "scale": metres per unit of the mesh file (absent: as the file declares, else metres);
    // "up": "z" for a mesh made with Z up (absent or "y": Y up).
    LevelUnits units;
    NavAgentSettings agent;
    QJsonObject extra;  // keys this version does not know, kept as they were
};

// Every value is checked when the file is read (limits in gaitspace/runtime/limits.h); a wrong type
// or an out-of-range value refuses the file with the JSON path at fault, never a silent default.
struct ProjectSettings {
    float fps = 30.0f;            // working rate, frames per second; [1, 240]
    int cycles = 0;               // gait cycles per loop; 0 = the fewest any clip holds; [0, 16]
    float styleIncrement = 0.1f;  // largest style-weight change per frame; (0, 1]
    float maxBlendRate = 0.1f;    // largest blend change per frame; (0, 1]
    // How style weights move toward a key's (or the sliders') targets: by at most styleIncrement
    // per frame ("increment"), or over styleTransitionSeconds ("transition"); both values are
    // kept whichever mode is chosen.
    bool styleByTransition = false;       // settings.style_mode: "increment" | "transition"
    float styleTransitionSeconds = 1.0f;  // settings.style_transition_seconds; [0.05, 30]
    bool footLock = true;                 // planted feet stay put (LocomotionSettings::footLock)
    // Steering keeps the style the user set, never borrowing a slower style's tighter turn
    // (SteerSettings::preferTighterStyles off); settings.keep_style, default false.
    bool keepStyle = false;
    QJsonObject extra;  // the settings object as read (goal_space, unknown keys), kept
};

// The goal_space settings as the loader checks them (the goal-space builder reads them from
// ProjectSettings::extra): X [0, 64], Y and Z [2, 101], F [1, 600] frames, subdivisions [1, 8],
// and X x subdivisions x Y x Z x F within limits::kMaxGoalSpaceUpdates.
struct GoalSpaceLimitsCheck {
    int x = 0, y = 13, z = 25, f = 40, subdivisions = 4;
};

// A key of the style track: from `seconds` of the live run on, the style targets are `weights`
// (one per entry of Project::spaces, in order; each in [0, 1], summing to more than 0; used
// normalized). The track repeats.
struct ProjectStyleKey {
    double seconds = 0.0;        // style_keys[].time; [0, 3600]
    std::vector<float> weights;  // style_keys[].weights
    bool operator==(const ProjectStyleKey&) const = default;
};

struct Project {
    QString path;  // absolute path of the .gsproj (empty until saved or loaded)
    QString name;
    std::vector<ProjectClip> clips;
    std::vector<ProjectSpace> spaces;
    ProjectSettings settings;
    ProjectCharacter character;
    ProjectLevel level;
    std::vector<ProjectStyleKey> styleKeys;  // sorted by time
    // The style set with the sliders: one target weight per entry of spaces, in order (each in
    // [0, 1], summing to more than 0; used normalized); empty = not set (the first space). Saved
    // by space name: "style": {"walk": 0.41, "jog": 0.59}.
    std::vector<float> style;
    QJsonObject extra;     // top-level keys this version does not know, kept as they were
    QStringList warnings;  // accepted oddities: unknown keys (once per key), ignored frame lines

    // Reads and checks a project; clips are imported at their own rate, trimmed (trims are in
    // source frames) and resampled to settings.fps. Fails when the file itself is unreadable or
    // malformed, or any value has a wrong type or is out of range (the message names the JSON
    // path, e.g. "settings.goal_space.F: 100000 is above the limit 600"); entry errors (a missing
    // file, an unknown clip, a trim past the clip's end) are in the entries (see errors()).
    // Inside a CancelScope (core/support/cancel.h) it stops between clips with Status::cancelled().
    static Expected<Project> load(const QString& path);
    // Writes atomically (QSaveFile); paths are written as they are held (relative when loaded).
    Status save(const QString& path) const;

    QJsonObject toJson() const;
    // Every entry error as "PROJECT: clip 'id': cause" lines.
    QStringList errors() const;
    const ProjectClip* clip(const QString& id) const;
    // Re-checks spaces against the loaded clips (after edits).
    void checkSpaces();
    // The absolute file a clip source names (variables expanded, relative to the project).
    QString resolve(const QString& source) const;
    // The behavioral space description of every space without errors.
    Expected<BehavioralSpaceDesc> behavioralDesc() const;
};

// The data folder ${GAITSPACE_DATA_DIR} stands for, for a project at `projectPath`.
QString dataDirFor(const QString& projectPath);

// A file as a project at `projectPath` names it: under `dataDir` (when not empty) as
// ${GAITSPACE_DATA_DIR}/..., else relative to the project's folder.
QString projectSource(const QString& file, const QString& projectPath, const QString& dataDir);

}  // namespace gs
