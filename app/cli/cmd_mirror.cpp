// gaitspace-cli mirror FILE -o out.bvh [--json]: the clip mirrored left to right (its turns
// reverse), written as BVH.

#include <QCommandLineParser>
#include <cstdio>
#include <numbers>

#include "cli_common.h"
#include "core/clip/mirror.h"
#include "core/clip/root_motion.h"
#include "core/io/bvh_writer.h"

namespace gs::cli {

namespace {

float headingChangeDeg(const Clip& clip) {
    return rootMotionStats(clip).headingChange * 180.0f / std::numbers::pi_v<float>;
}

}  // namespace

int runMirror(const QStringList& arguments) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        "Mirrors a clip left to right: the motion reflected across the character's sagittal plane "
        "and each left joint swapped with its right partner, so that its turns reverse; writes it "
        "as BVH.");
    parser.addHelpOption();
    parser.addPositionalArgument("FILE", "Motion file.");
    parser.addOption({{"o", "output"}, "BVH file to write.", "file"});
    parser.addOption({"json", "Print one JSON object on stdout."});
    parser.process(arguments);
    if (parser.positionalArguments().size() != 1) {
        printError({}, "mirror needs one FILE");
        return 2;
    }
    if (!parser.isSet("output") || parser.value("output").isEmpty()) {
        printError({}, "mirror needs -o OUT.bvh");
        return 2;
    }
    const QString file = parser.positionalArguments().front();
    const QString output = parser.value("output");
    const auto clip = loadFirstClip(file);
    if (!clip) return 1;
    const auto mirrored = mirrorClip(*clip);
    if (!mirrored) {
        printError(file, QString::fromStdString(mirrored.message()));
        return 1;
    }
    const auto partners = mirrorPartners(clip->skeleton);  // found: the mirror was made with them
    if (Status s = writeBvh(*mirrored, output.toStdString()); !s) {
        printError(output, QString::fromStdString(s.message()));
        return 1;
    }
    int pairs = 0;
    for (int j = 0; j < static_cast<int>(partners->size()); ++j)
        pairs += (*partners)[j] > j ? 1 : 0;
    const float before = headingChangeDeg(*clip), after = headingChangeDeg(*mirrored);
    if (parser.isSet("json")) {
        printJson({{"clip", QString::fromStdString(clip->name)},
                   {"frames", clip->frameCount()},
                   {"joints", clip->jointCount()},
                   {"pairs", pairs},
                   {"heading_change_deg", before},
                   {"mirror_heading_change_deg", after}});
        return 0;
    }
    std::printf("mirrored '%s': %d frames, %d of %d joints swapped in %d pairs\n",
                clip->name.c_str(), clip->frameCount(), 2 * pairs, clip->jointCount(), pairs);
    std::printf("turn %+.1f deg becomes %+.1f deg\n", before, after);
    std::printf("wrote %s\n", qPrintable(output));
    return 0;
}

}  // namespace gs::cli
