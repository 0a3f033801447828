// gaitspace-cli register A B [--json]: the registration curve of B against the reference A.

#include <QCommandLineParser>

#include <cstdio>
#include <numbers>

#include "cli_common.h"
#include "core/analysis/registration.h"

namespace gs::cli {
namespace {

bool parseCell(const QString& text, glm::ivec2& cell) {
    const QStringList parts = text.split(',');
    bool ok1 = false, ok2 = false;
    if (parts.size() == 2) cell = {parts[0].toInt(&ok1), parts[1].toInt(&ok2)};
    return ok1 && ok2;
}

}  // namespace

int runRegister(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Registers clip B to the reference clip A: timewarp (frame of A -> frame of B), alignment "
        "curve (theta, x0, z0 carrying A's world into B's), matched foot strikes and residuals.");
    parser.addHelpOption();
    parser.addPositionalArgument("A", "Reference clip.");
    parser.addPositionalArgument("B", "Clip registered to A.");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"start", "Start cell 'frameA,frameB' (default: automatic).", "i,j"});
    parser.addOption({"end", "End cell 'frameA,frameB' (default: automatic).", "i,j"});
    parser.process(arguments);
    const QStringList files = parser.positionalArguments();
    if (files.size() != 2) {
        printError({}, "register needs two FILEs");
        return 2;
    }
    RegistrationJob job;
    for (const char* name : {"start", "end"}) {
        if (!parser.isSet(name)) continue;
        glm::ivec2& cell = QLatin1String(name) == QLatin1String("start") ? job.settings.startCell
                                                                         : job.settings.endCell;
        if (!parseCell(parser.value(name), cell)) {
            printError({}, QStringLiteral("--%1 wants two frame numbers 'i,j'").arg(name));
            return 2;
        }
    }
    const auto a = loadFirstClip(files[0]);
    if (!a) return 1;
    const auto b = loadFirstClip(files[1]);
    if (!b) return 1;
    job.a = &*a;
    job.b = &*b;
    if (Status s = job.run(); !s) {
        printError(files.join(", "), QString::fromStdString(s.message()));
        return 1;
    }
    const RegistrationCurve& r = job.output;
    QJsonArray warp, alignment, constraints;
    for (const glm::vec2& p : r.path) warp.append(QJsonArray{p.x, p.y});
    for (const Alignment& al : r.alignment) alignment.append(QJsonArray{al.theta, al.x0, al.z0});
    for (const ConstraintMatch& c : r.constraints)
        constraints.append(
            QJsonObject{{"foot", c.foot == ConstraintMatch::Foot::Left ? "left" : "right"},
                        {"a", c.frameA},
                        {"b", c.frameB},
                        {"mapped_a", c.mappedA}});
    if (parser.isSet("json")) {
        printJson({{"timewarp", warp},
                   {"alignment", alignment},
                   {"residual_m", r.residual},
                   {"identity_residual_m", r.identityResidual},
                   {"constraint_matches", constraints},
                   {"monotone", r.isMonotone()},
                   {"slope", r.meanSlope()},
                   {"start", QJsonArray{r.cells.front().x, r.cells.front().y}},
                   {"end", QJsonArray{r.cells.back().x, r.cells.back().y}}});
        return 0;
    }
    const Alignment mid = r.alignment[r.alignment.size() / 2];
    std::printf("timewarp (%d, %d) -> (%d, %d), slope %.3f, %s\n", r.cells.front().x,
                r.cells.front().y, r.cells.back().x, r.cells.back().y, r.meanSlope(),
                r.isMonotone() ? "monotone" : "NOT monotone");
    std::printf("residual %.4f m (linear time, one alignment: %.4f m)\n", r.residual,
                r.identityResidual);
    std::printf("alignment at the middle: theta %.1f deg, x0 %.3f m, z0 %.3f m\n",
                mid.theta * 180.0 / std::numbers::pi, mid.x0, mid.z0);
    std::printf("%zu foot strikes matched\n", r.constraints.size());
    return 0;
}

}  // namespace gs::cli
