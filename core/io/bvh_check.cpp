#include "core/io/bvh_check.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <vector>

namespace gs {
namespace {

std::vector<std::string> tokens(const std::string& line) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string t; in >> t;) out.push_back(t);
    return out;
}

Status lineError(int line, const std::string& what) {
    return Status::error("line " + std::to_string(line) + ": " + what);
}

}  // namespace

Expected<BvhSummary> checkBvhFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return Status::error("cannot open the file");

    BvhSummary summary;
    enum class Section { Start, Hierarchy, MotionHeader, Frames } section = Section::Start;
    int depth = 0;
    int lineNo = 0;
    int dataLines = 0;
    Status pending;  // a short frame line: an error, or the cut-off end of the file
    int pendingValues = 0;
    bool haveFrames = false, haveTime = false;
    for (std::string line; std::getline(file, line);) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto t = tokens(line);
        if (t.empty()) continue;
        switch (section) {
        case Section::Start:
            if (t[0] != "HIERARCHY")
                return lineError(lineNo, "not a BVH file (expected HIERARCHY, found '" + t[0] + "')");
            section = Section::Hierarchy;
            break;
        case Section::Hierarchy:
            for (const auto& tok : t) {
                if (tok == "{") ++depth;
                if (tok == "}") --depth;
            }
            if (t[0] == "CHANNELS") {
                if (t.size() < 2) return lineError(lineNo, "CHANNELS without a count");
                const int n = std::atoi(t[1].c_str());
                if (n <= 0 || static_cast<int>(t.size()) != n + 2)
                    return lineError(lineNo, "CHANNELS declares " + t[1] + " channels but names " +
                                                 std::to_string(t.size() - 2));
                summary.channels += n;
            } else if (t[0] == "MOTION") {
                if (depth != 0) return lineError(lineNo, "unbalanced braces in HIERARCHY");
                section = Section::MotionHeader;
            }
            break;
        case Section::MotionHeader:
            if (t[0] == "Frames:" && t.size() == 2) {
                summary.frames = std::atoi(t[1].c_str());
                haveFrames = true;
            } else if (t[0] == "Frame" && t.size() == 3 && t[1] == "Time:") {
                summary.frameTime = std::strtod(t[2].c_str(), nullptr);
                haveTime = true;
                if (!(summary.frameTime > 0.0) || !std::isfinite(summary.frameTime))
                    return lineError(lineNo, "Frame Time must be a positive number");
            } else {
                return lineError(lineNo, "expected 'Frames:' and 'Frame Time:' after MOTION");
            }
            if (haveFrames && haveTime) section = Section::Frames;
            break;
        case Section::Frames: {
            if (!pending) return pending;
            ++dataLines;
            if (dataLines > summary.frames)
                return lineError(lineNo, "more frame lines than the " +
                                             std::to_string(summary.frames) + " declared");
            if (static_cast<int>(t.size()) < summary.channels) {
                pending = lineError(lineNo, "frame " + std::to_string(dataLines) + " has " +
                                                std::to_string(t.size()) + " values, expected " +
                                                std::to_string(summary.channels));
                pendingValues = static_cast<int>(t.size());
                break;
            } else if (static_cast<int>(t.size()) > summary.channels)
                return lineError(lineNo, "frame " + std::to_string(dataLines) + " has " +
                                             std::to_string(t.size()) + " values, expected " +
                                             std::to_string(summary.channels));
            for (const auto& tok : t) {
                char* end = nullptr;
                errno = 0;
                const double v = std::strtod(tok.c_str(), &end);
                if (end == tok.c_str() || *end != '\0')
                    return lineError(lineNo, "'" + tok + "' is not a number");
                if (!std::isfinite(v))
                    return lineError(lineNo, "frame " + std::to_string(dataLines) +
                                                 " holds a non-finite value (" + tok + ")");
            }
            break;
        }
        }
    }
    if (!pending)
        return Status::error("truncated: the file ends inside frame " + std::to_string(dataLines) +
                             " (" + std::to_string(pendingValues) + " of " +
                             std::to_string(summary.channels) + " values)");
    if (section == Section::Start) return Status::error("file holds no BVH data");
    if (section == Section::Hierarchy)
        return Status::error("truncated: the file ends inside HIERARCHY (no MOTION section)");
    if (section == Section::MotionHeader)
        return Status::error("truncated: the MOTION header is incomplete");
    if (summary.channels == 0) return Status::error("the hierarchy declares no channels");
    if (summary.frames <= 0) return Status::error("the MOTION section declares no frames");
    if (dataLines < summary.frames)
        return Status::error("truncated: MOTION declares " + std::to_string(summary.frames) +
                             " frames but the file holds " + std::to_string(dataLines));
    return summary;
}

}  // namespace gs
