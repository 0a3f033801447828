// gaitspace-cli cycles FILE [--json]: the gait period and cycle count from the self match web.

#include <QCommandLineParser>

#include <cstdio>

#include "cli_common.h"
#include "core/analysis/cycles.h"
#include "core/loops/loop_window.h"

namespace gs::cli {

int runCycles(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Finds a clip's gait period and whole cycles from its self match web (chains at lags "
        "P, 2P, ...), with foot strikes for clips too short to show chains.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE", "Motion file.");
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "cycles needs one FILE");
        return 2;
    }
    const QString file = parser.positionalArguments().front();
    const auto clip = loadFirstClip(file);
    if (!clip) return 1;
    CycleJob job;
    job.clip = &*clip;
    if (Status s = job.run(); !s) {
        printError(file, QString::fromStdString(s.message()));
        return 1;
    }
    FootContactJob contacts;
    contacts.clip = &*clip;
    QJsonObject strikes{{"left", QJsonArray{}}, {"right", QJsonArray{}}};
    if (contacts.run()) {
        strikes["left"] = toJson(contacts.output.leftStrikes());
        strikes["right"] = toJson(contacts.output.rightStrikes());
    }
    const CycleInfo& c = job.output;
    // The cycles a space's loop would take from the clip untrimmed, and why.
    LoopWindowJob window;
    window.clip = &*clip;
    window.periodFrames = c.periodFrames;
    const Status windowStatus = c.periodic ? window.run() : Status::error("not periodic");
    QJsonObject loopWindow;
    if (windowStatus)
        loopWindow = {{"purpose", loopPurposeName(window.output.purpose)},
                      {"first", window.output.first},
                      {"last", window.output.last},
                      {"start", window.output.start},
                      {"cycles", window.output.cycles},
                      {"cycles_held", window.output.cyclesHeld},
                      {"curvature_rad_m", window.output.curvature},
                      {"speed_mps", window.output.speed},
                      {"reason", QString::fromStdString(window.output.reason)}};
    QJsonArray lags;
    for (float l : c.chainLags) lags.append(l);
    if (parser.isSet("json")) {
        printJson({{"period_frames", c.periodFrames},
                   {"period_s", c.periodSeconds},
                   {"cycles", c.cycles},
                   {"periodic", c.periodic},
                   {"heel_strikes", strikes},
                   {"chain_lags", lags},
                   {"source", QString::fromStdString(c.source)},
                   {"frames", clip->frameCount()},
                   {"fps", clip->fps},
                   {"loop_window", loopWindow}});
        return 0;
    }
    if (c.periodic)
        std::printf("%s: period %.2f frames (%.3f s), %d whole cycles (%s)\n", qPrintable(file),
                    c.periodFrames, c.periodSeconds, c.cycles, c.source.c_str());
    else
        std::printf("%s: not periodic (%s)\n", qPrintable(file), c.source.c_str());
    if (windowStatus)
        std::printf("  loop window: frames %d-%d, %s; holds %d cycle%s for it\n",
                    window.output.first, window.output.last, window.output.reason.c_str(),
                    window.output.cyclesHeld, window.output.cyclesHeld == 1 ? "" : "s");
    return 0;
}

}  // namespace gs::cli
