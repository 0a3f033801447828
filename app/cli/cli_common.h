#pragma once
// Shared pieces of gaitspace-cli's commands: the command table, JSON output, clip loading.

#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QCommandLineParser>
#include <QStringList>

#include <optional>
#include <vector>

#include "app/project/project.h"
#include "app/project/project_bake.h"
#include "core/spaces/behavioral_space.h"
#include "core/clip/clip.h"
#include "core/io/clip_import.h"
#include "core/evaluation/quality.h"

namespace gs::cli {

// One sub-command: `gaitspace-cli NAME ARGS...`. run() gets the arguments after NAME (with the
// program name first, as QCommandLineParser expects) and returns the exit status.
struct Command {
    const char* name;
    const char* summary;
    int (*run)(const QStringList& arguments);
    bool needsGui = false;  // true: main() creates a QGuiApplication (offscreen GL rendering)
};

// Every command, in the order `gaitspace-cli --help` lists them.
const std::vector<Command>& commands();

// Prints the object as one compact JSON document on stdout.
void printJson(const QJsonObject& object);
// Prints "gaitspace-cli: FILE: MESSAGE" on stderr (one line; the file once, long text cut).
void printError(const QString& file, const QString& message);
// Prints "gaitspace-cli: FILE: warning: MESSAGE" on stderr (one line).
void printWarning(const QString& file, const QString& message);

// Imports one file's clips; on failure prints nothing and returns the Status.
Expected<ImportedClips> loadClips(const QString& path, const ImportSettings& settings = {});
// Imports the first clip of a file, printing the error line on failure.
std::optional<Clip> loadFirstClip(const QString& path, const ImportSettings& settings = {});

QJsonArray toJson(const std::vector<int>& values);

// A level mesh's units from the options `scaleOption` (metres per unit, (0, kMaxMetresPerUnit]) and
// `upOption` ("y" or "z") into `units`, kept where unset; false, with the error line printed,
// when a value is not one of those.
bool readLevelUnits(const QCommandLineParser& parser, const QString& scaleOption,
                    const QString& upOption, LevelUnits& units);

// A project and the behavioral space built from every space of it without errors, or a baked
// .gspace file; with the settings either one asks for (project_bake.h).
struct LoadedSpace {
    Project project;  // empty for a baked file
    BakedBehavioralSpace space;
    double buildSeconds = 0.0;          // building the spaces, or reading the baked file
    bool baked = false;                 // read from a .gspace file
    std::vector<GoalSpace> goalSpaces;  // a baked file's; empty for a project (built on demand)
    LocomotionSettings locomotion;
    GoalSpaceSettings goalSettings;
    SteerSettings steer;
    BehavioralSpaceNotes notes;  // what the build chose per space, and the spaces it left out
    int brokenEntries = 0;       // clips and spaces of the project with an error (printed)
};
// Loads a project (entry errors go to stderr, one line each) and builds its behavioral space, or
// reads a baked .gspace file (by its suffix).
Expected<LoadedSpace> loadBehavioralSpace(const QString& path);
// Prints one line per entry of the project with an error (a clip, or a space that cannot be built
// by the project's own checks or by the builder: `failed`) and returns how many there were.
int printBrokenEntries(const Project& project,
                       const std::vector<std::pair<std::string, std::string>>& failed);
// The exit status of a command that ran on what builds: 1, with one line saying so, when the
// project had broken entries; else 0.
int exitForBroken(const QString& path, int brokenEntries);
// The message without a leading "FILE: " (printError names the file itself).
std::string withoutFile(const std::string& message, const QString& file);
// The goal spaces of `loaded`: the baked file's when it has them and `horizon` is 0, else built
// with its goal-space settings (and F = horizon when > 0). `seconds` receives the build time.
Expected<SteeringSpace> buildSteering(const LoadedSpace& loaded, double* seconds, int horizon);
// "walk=0.3,jog=0.7" -> one value per space of `space` (others `fill`); errors name the item.
Expected<std::vector<float>> parseSpaceValues(const BakedBehavioralSpace& space,
                                              const QString& text, float fill);
// Style weights as a command line gives them: each in [0, kMaxStyleWeight], their sum above 0.
Status checkStyleWeights(const std::vector<float>& weights);
// "walk,jog" -> those spaces' indices in order; errors name an unknown or repeated space.
Expected<std::vector<int>> spaceIndices(const BakedBehavioralSpace& space, const QString& names);
// The source clips of the spaces with a positive style weight (a baked file's loops).
std::vector<Clip> sourceClips(const LoadedSpace& loaded, const std::vector<float>& styleWeights);
// The figures (quality.h) of the source clips of the spaces with a positive style weight, pooled.
PooledFigures sourceFigures(const LoadedSpace& loaded, const std::vector<float>& styleWeights);
QJsonObject toJson(const RootAcceleration& a);  // {"lateral", "longitudinal"} in m/s^2
// One note on stderr when foot lock is on but the skeleton has no two-bone legs (feet unlocked).
void noteUnlockedFeet(const QString& path, const BakedBehavioralSpace& space, bool footLock);

}  // namespace gs::cli
