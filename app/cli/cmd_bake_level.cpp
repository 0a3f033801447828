// gaitspace-cli bake-level LEVEL_MESH|PROJECT -o out.gslevel: reads a level mesh (any format
// Assimp reads; or the one a project's "level" names, for the project's agent), builds its
// navigation mesh with Recast for the agent given and writes the .gslevel file the runtime's
// navigation component loads.

#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFileInfo>

#include <cstdio>

#include "cli_common.h"
#include "core/level/demo_level.h"
#include "app/project/project_level.h"
#include "core/level/level_bake.h"

namespace gs::cli {
namespace {

// A number option into `value`; false, with the error line printed, when it is not a number.
bool readFloat(const QCommandLineParser& parser, const QString& name, float& value) {
    if (!parser.isSet(name)) return true;
    bool ok = false;
    value = parser.value(name).toFloat(&ok);
    if (!ok) printError({}, "--" + name + " takes a number");
    return ok;
}

void addOptions(QCommandLineParser& parser) {
    parser.setApplicationDescription(
        "Builds a level mesh's navigation mesh (Recast) and writes it as a .gslevel file.");
    parser.addHelpOption();
    parser.addPositionalArgument("level",
                                 "A level mesh (any format Assimp reads), or a project (*.gsproj) "
                                 "whose \"level\" names one, its units and its agent.",
                                 "LEVEL_MESH|PROJECT");
    parser.addOption({{"o", "output"}, "The level file to write (*.gslevel).", "out.gslevel"});
    parser.addOption({"scale",
                      "Metres per unit of the mesh (default: as the file declares, an FBX's unit "
                      "scale; else metres): 0.01 for a level made in centimetres.",
                      "m"});
    parser.addOption({"up", "The mesh's up axis, y or z (default y; z is turned to y).", "axis"});
    parser.addOption({"radius", "Agent radius, metres (default 0.3).", "m"});
    parser.addOption({"height", "Agent height, metres (default 1.8).", "m"});
    parser.addOption({"climb", "Highest step walked, metres (default 0.35).", "m"});
    parser.addOption({"slope", "Steepest walkable slope, degrees (default 45).", "deg"});
    parser.addOption({"cell-size", "Recast's horizontal voxel, metres (default 0.1).", "m"});
    parser.addOption({"cell-height", "Recast's vertical voxel, metres (default 0.05).", "m"});
    parser.addOption({"write-demo-mesh",
                      "Write the demo level's mesh (made by code) to FILE (.glb, .gltf, .obj) "
                      "and exit; no LEVEL_MESH.",
                      "FILE"});
    parser.addOption({"json", "Print one JSON object on stdout."});
}

// What to bake: the mesh's file and units, and the agent and voxels.
struct BakeRequest {
    QString path;
    LevelUnits units;
    LevelBakeSettings settings;
};

// The request from the command line (a project's level first, the options over it); 0, or the
// exit code with the error line printed.
int readRequest(const QCommandLineParser& parser, BakeRequest& request) {
    if (parser.positionalArguments().size() != 1) {
        printError({}, "bake-level needs exactly one LEVEL_MESH or PROJECT");
        return 2;
    }
    if (!parser.isSet("output")) {
        printError({}, "bake-level needs -o OUT.gslevel");
        return 2;
    }
    request.path = parser.positionalArguments().first();
    LevelBakeSettings& settings = request.settings;
    if (request.path.endsWith(".gsproj", Qt::CaseInsensitive)) {
        auto project = Project::load(request.path);
        if (!project) {
            printError({}, QString::fromStdString(project.message()));
            return 1;
        }
        if (project->level.source.isEmpty()) {
            printError(request.path, "the project names no level (\"level\": {\"source\"})");
            return 1;
        }
        settings.agent = project->level.agent;
        request.units = project->level.units;
        request.path = project->resolve(project->level.source);
    }
    if (!readLevelUnits(parser, "scale", "up", request.units)) return 2;
    if (!readFloat(parser, "radius", settings.agent.radius) ||
        !readFloat(parser, "height", settings.agent.height) ||
        !readFloat(parser, "climb", settings.agent.maxClimb) ||
        !readFloat(parser, "slope", settings.agent.maxSlopeDeg) ||
        !readFloat(parser, "cell-size", settings.cellSize) ||
        !readFloat(parser, "cell-height", settings.cellHeight))
        return 2;
    if (Status s = settings.validate(); !s) {
        printError({}, QString::fromStdString(s.message()));
        return 2;
    }
    return 0;
}

// The figures of a level baked and written to `out`, as JSON or one line.
void printBaked(const QCommandLineParser& parser, const QString& out, const BakeRequest& request,
                const LevelMesh& mesh, const LevelBakeReport& report, const Navigation& nav,
                double readSeconds) {
    const double bytes = static_cast<double>(QFileInfo(out).size());
    if (parser.isSet("json")) {
        printJson(QJsonObject{{"bytes", bytes},
                              {"triangles", static_cast<double>(mesh.triangleCount())},
                              {"metres_per_unit", mesh.metresPerUnit},
                              {"up", request.units.zUp ? "z" : "y"},
                              {"grid", QJsonArray{report.gridWidth, report.gridDepth}},
                              {"polygons", report.polygons},
                              {"vertices", report.vertices},
                              {"detail_triangles", report.detailTriangles},
                              {"islands", nav.islandCount()},
                              {"read_s", readSeconds},
                              {"navmesh_build_s", report.seconds}});
        return;
    }
    std::printf(
        "%s: %.0f bytes, %zu triangles, %d x %d cells, %d polygons, %d islands, navigation "
        "mesh built in %.3f s\n",
        qPrintable(out), bytes, mesh.triangleCount(), report.gridWidth, report.gridDepth,
        report.polygons, nav.islandCount(), report.seconds);
}

}  // namespace

int runBakeLevel(const QStringList& arguments) {
    QCommandLineParser parser;
    addOptions(parser);
    parser.process(arguments);
    if (parser.isSet("write-demo-mesh")) {
        const QString out = parser.value("write-demo-mesh");
        if (Status s = writeLevelMesh(demoLevel(), out.toStdString()); !s) {
            printError(out, QString::fromStdString(s.message()));
            return 1;
        }
        return 0;
    }
    BakeRequest request;
    if (int code = readRequest(parser, request); code != 0) return code;
    const QString& path = request.path;
    QElapsedTimer timer;
    timer.start();
    auto mesh = readLevelMesh(path.toStdString(), request.units);
    if (!mesh) {
        printError(path, QString::fromStdString(mesh.message()));
        return 1;
    }
    const double readSeconds = timer.nsecsElapsed() * 1e-9;
    if (const std::string doubt = upAxisDoubt(*mesh); !doubt.empty())
        printWarning(path, QString::fromStdString(doubt + " (--up z, or \"up\": \"z\" in the "
                                                          "project's level)"));
    BakedLevel level;
    LevelBakeReport report;
    LevelBakeJob job;
    job.settings = request.settings;
    job.mesh = &*mesh;
    job.name = QFileInfo(path).fileName().toStdString();
    job.output = &level;
    job.report = &report;
    if (Status s = job.run(); !s) {
        printError(path, QString::fromStdString(s.message()));
        return 1;
    }
    auto nav = Navigation::create(level);
    if (!nav) {
        printError(path, QString::fromStdString(nav.message()));
        return 1;
    }
    const QString out = parser.value("output");
    if (Status s = saveGSLevel(level, out.toStdString()); !s) {
        printError({}, QString::fromStdString(s.message()));
        return 1;
    }
    printBaked(parser, out, request, *mesh, report, *nav, readSeconds);
    return 0;
}

}  // namespace gs::cli
