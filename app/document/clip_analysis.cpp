#include "app/document/clip_analysis.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

#include "core/clip/mirror.h"

namespace gs {

Expected<std::shared_ptr<const ClipAnalysis>> analyzeClipFile(const QString& file, float unitScale,
                                                              RootMotionMode rootMotion,
                                                              const QString& animation) {
    ImportSettings settings;
    settings.unitScale = unitScale;
    settings.rootMotion = rootMotion;
    settings.animation = animation.toStdString();
    auto imported = importClips(file.toStdString(), settings);
    if (!imported) return imported.status();
    if (imported->clips.empty() || imported->clips.front().isEmpty())
        return Status::error("the file holds no animation");
    auto a = std::make_shared<ClipAnalysis>();
    a->file = file;
    a->source = std::move(imported->clips.front());
    a->units = imported->units;
    a->rootMotion = imported->rootMotionSources.front();
    for (const std::string& w : imported->warnings) a->warnings << QString::fromStdString(w);

    FootContactJob contacts;
    contacts.clip = &a->source;
    if (Status s = contacts.run(); s)
        a->contacts = std::move(contacts.output);
    else
        a->contactError = QString::fromStdString(s.message());

    CycleJob cycles;
    cycles.clip = &a->source;
    if (Status s = cycles.run(); s)
        a->cycles = std::move(cycles.output);
    else if (s.isCancelled())
        return s;  // the caller stopped the read (core/support/cancel.h)
    else
        a->cycleError = QString::fromStdString(s.message());
    return std::shared_ptr<const ClipAnalysis>(std::move(a));
}

Expected<Clip> workingClip(const Clip& source, int in, int out, float fps, const QString& name,
                           bool mirror) {
    const int last = source.frameCount() - 1;
    Clip clip = source;
    if (in >= 0 || out >= 0) {
        auto trimmed = trimClip(source, in < 0 ? 0 : in, out < 0 ? last : out);
        if (!trimmed) return trimmed.status();
        clip = std::move(*trimmed);
    }
    if (std::abs(clip.fps - fps) > 1e-3f) {
        auto resampled = resampleClip(clip, fps);
        if (!resampled) return resampled.status();
        clip = std::move(*resampled);
    }
    if (mirror) {
        auto mirrored = mirrorClip(clip, name.toStdString());
        if (!mirrored) return mirrored.status();
        clip = std::move(*mirrored);
    }
    clip.name = name.toStdString();
    return clip;
}

RootMotionStats trimmedStats(const Clip& source, int in, int out) {
    const int last = source.frameCount() - 1;
    if (in <= 0 && (out < 0 || out >= last)) return rootMotionStats(source);
    auto trimmed = trimClip(source, in < 0 ? 0 : in, out < 0 ? last : out);
    return trimmed ? rootMotionStats(*trimmed) : RootMotionStats{};
}

int trimmedCycles(const ClipAnalysis& analysis, int in, int out) {
    const CycleInfo& c = analysis.cycles;
    if (!c.periodic || !(c.periodFrames > 0.0f)) return 0;
    const int last = analysis.source.frameCount() - 1;
    const int first = std::clamp(in < 0 ? 0 : in, 0, std::max(0, last)),
              end = std::clamp(out < 0 ? last : out, first, std::max(0, last));
    if (first == 0 && end == last) return c.cycles;  // the detector's own count
    return static_cast<int>(std::floor(static_cast<float>(end - first) / c.periodFrames + 1e-4f));
}

}  // namespace gs
