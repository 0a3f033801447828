// gaitspace-cli segment FILE... [--json]: each take cut into labelled segments (standing, start,
// stop, straight, veers, turns, other) with their gait, frames, speed, curvature and cycles.

#include <QCommandLineParser>

#include <cstdio>

#include "cli_common.h"
#include "core/analysis/segments.h"

namespace gs::cli {

int runSegment(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Cuts each take into labelled segments found from its foot strikes, gait period and the "
        "speed and curvature of its root's path: standing, start, stop, straight, veer_left, "
        "veer_right, turn_left, turn_right, other; each with its gait (walk, jog, run or none), "
        "frames [first, last], speed, curvature (rad/m, + = left), whole cycles and whether it "
        "loops.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE", "Motion files (takes).", "FILE...");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    const QStringList files = parser.positionalArguments();
    if (files.isEmpty()) {
        printError({}, "segment needs at least one FILE");
        return 2;
    }
    const bool json = parser.isSet("json");
    int failed = 0;
    QJsonArray takes;
    for (const QString& file : files) {
        const auto clip = loadFirstClip(file);
        if (!clip) {
            ++failed;
            continue;
        }
        SegmentJob job;
        job.clip = &*clip;
        if (Status s = job.run(); !s) {
            printError(file, QString::fromStdString(s.message()));
            ++failed;
            continue;
        }
        const TakeSegments& out = job.output;
        if (json) {
            QJsonArray segments;
            for (const Segment& s : out.segments)
                segments.append(QJsonObject{{"label", segmentLabelName(s.label)},
                                            {"gait", gaitKindName(s.gait)},
                                            {"frames", QJsonArray{s.first, s.last}},
                                            {"speed_mps", s.speed},
                                            {"curvature_rad_m", s.curvature},
                                            {"turn_rad", s.turn},
                                            {"cycles", s.cycles},
                                            {"loops", s.loops}});
            takes.append(QJsonObject{{"file", file},
                                     {"clip", QString::fromStdString(clip->name)},
                                     {"frames", clip->frameCount()},
                                     {"fps", clip->fps},
                                     {"period_frames", out.periodFrames},
                                     {"period_source", QString::fromStdString(out.periodSource)},
                                     {"segments", segments}});
            continue;
        }
        std::printf("%s: %d frames at %.4g fps, gait period %.1f frames (%s), %d segment%s\n",
                    qPrintable(file), clip->frameCount(), clip->fps, out.periodFrames,
                    out.periodSource.c_str(), static_cast<int>(out.segments.size()),
                    out.segments.size() == 1 ? "" : "s");
        for (const Segment& s : out.segments)
            std::printf("  %5d-%-5d %-10s %-4s %5.2f m/s %+6.2f rad/m %+7.1f deg  %d cycle%s%s\n",
                        s.first, s.last, segmentLabelName(s.label), gaitKindName(s.gait), s.speed,
                        s.curvature, s.turn * 57.29578f, s.cycles, s.cycles == 1 ? "" : "s",
                        s.loops ? ", loops" : "");
    }
    if (json) printJson({{"takes", takes}});
    return failed > 0 ? 1 : 0;
}

}  // namespace gs::cli
