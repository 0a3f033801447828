// gaitspace-cli loop FILE --cycles N -o out.bvh [--json]: cuts a seamless loop of N gait cycles.

#include <QCommandLineParser>

#include <cstdio>

#include "cli_common.h"
#include "core/io/bvh_writer.h"
#include "core/loops/loop.h"

namespace gs::cli {

int runLoop(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Cuts a clip to N whole gait cycles starting on a heel strike, padded so that the last "
        "pose equals the first while the root keeps moving, and writes it as BVH.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE", "Motion file.");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.addOption({"cycles", "Whole cycles in the loop (default 0: all available).", "N", "0"});
    parser.addOption({{"o", "output"}, "BVH file to write.", "file"});
    parser.addOption(
        {"start-phase", "Heel strike the loop starts on: right or left.", "foot", "right"});
    parser.addOption(
        {"any-cycles",
         "Loop any of the clip's cycles (as for a clip trimmed by hand), not "
         "those that do what it is for (its sharpest steady turn, or its steadiest cycles)."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "loop needs one FILE");
        return 2;
    }
    LoopJob job;
    bool ok = false;
    job.settings.cycles = parser.value("cycles").toInt(&ok);
    if (!ok || job.settings.cycles < 0) {
        printError({}, "--cycles wants a whole number >= 0");
        return 2;
    }
    const QString phase = parser.value("start-phase");
    if (phase != "right" && phase != "left") {
        printError({}, "--start-phase is 'right' or 'left'");
        return 2;
    }
    job.settings.startPhase = phase == "left" ? LoopSettings::StartPhase::LeftHeelStrike
                                              : LoopSettings::StartPhase::RightHeelStrike;
    const QString file = parser.positionalArguments().front();
    const auto clip = loadFirstClip(file);
    if (!clip) return 1;
    job.settings.chooseCycles = !parser.isSet("any-cycles");
    job.clip = &*clip;
    if (Status s = job.run(); !s) {
        printError(file, QString::fromStdString(s.message()));
        return 1;
    }
    const LoopedClip& loop = job.output;
    if (parser.isSet("output")) {
        if (Status s = writeBvh(loop.clip, parser.value("output").toStdString()); !s) {
            printError(parser.value("output"), QString::fromStdString(s.message()));
            return 1;
        }
    }
    if (parser.isSet("json")) {
        printJson(
            {{"cycles", loop.cycles},
             {"frames", loop.clip.frameCount()},
             {"seam_error_m", loop.seamErrorM},
             {"seam_error_deg", loop.seamErrorDeg},
             {"seam_step_ratio", loop.seamStepRatio},
             {"period_frames", loop.periodFrames},
             {"source_start", loop.sourceStart},
             {"source_close", loop.sourceClose},
             {"source_phase_frame", loop.sourcePhaseFrame},
             {"window", QJsonObject{{"first", loop.window.first},
                                    {"last", loop.window.last},
                                    {"reason", QString::fromStdString(loop.window.reason)}}}});
        return 0;
    }
    std::printf("%d cycles, %d frames (source frames %d-%d, starting at %d)\n", loop.cycles,
                loop.clip.frameCount(), loop.sourceStart, loop.sourceClose, loop.sourcePhaseFrame);
    std::printf("seam error %.4f m, %.2f deg; seam step ratio %.3f\n", loop.seamErrorM,
                loop.seamErrorDeg, loop.seamStepRatio);
    std::printf("cut within frames %d-%d: %s\n", loop.window.first, loop.window.last,
                loop.window.reason.c_str());
    return 0;
}

}  // namespace gs::cli
