#include "core/io/bvh_check.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <set>

#include "core/io/motion_file.h"
#include "core/authoring_limits.h"

namespace gs {
namespace {

bool isSpace(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

std::string quoted(std::string_view s) { return "'" + limits::echo(s, 40) + "'"; }

Status lineError(int line, const std::string& what) {
    return Status::error("line " + std::to_string(line) + ": " + what);
}

// Whitespace-separated tokens with the line each starts on, split exactly as Assimp's BVH reader
// splits them, so that the two readers see the same structure.
class Tokenizer {
public:
    explicit Tokenizer(std::string_view text) : m_text(text) {}
    // The next token, empty at the end of the text.
    std::string_view next() {
        while (m_pos < m_text.size() && isSpace(m_text[m_pos])) {
            if (m_text[m_pos] == '\n') ++m_line;
            ++m_pos;
        }
        const std::size_t start = m_pos;
        // A brace that starts a token is a token by itself ("}pine" is "}" and "pine"), as in
        // Assimp's reader; a brace inside a token ("a{") is part of it.
        if (m_pos < m_text.size() && (m_text[m_pos] == '{' || m_text[m_pos] == '}'))
            ++m_pos;
        else
            while (m_pos < m_text.size() && !isSpace(m_text[m_pos])) ++m_pos;
        m_tokenLine = m_line;
        return m_text.substr(start, m_pos - start);
    }
    int line() const { return m_tokenLine; }
    // The rest of the current line (after the last token), and moves to the next line.
    std::string_view restOfLine() {
        const std::size_t end = m_text.find('\n', m_pos);
        const std::size_t stop = end == std::string_view::npos ? m_text.size() : end;
        std::string_view rest = m_text.substr(m_pos, stop - m_pos);
        m_pos = stop == m_text.size() ? stop : stop + 1;
        if (stop != m_text.size()) ++m_line;
        return rest;
    }
    std::size_t position() const { return m_pos; }
    bool atEnd() const { return m_pos >= m_text.size(); }
    int nextLine() const { return m_line; }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
    int m_line = 1;
    int m_tokenLine = 1;
};

enum class NumberKind { Ok, NotANumber, NonFinite, TooLarge };

// A plain decimal number ([+-]digits[.digits][e[+-]digits]) within ±kMaxFileValue.
NumberKind parseNumber(std::string_view t, double& value) {
    std::size_t i = 0;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    bool digits = false;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
        ++i;
        digits = true;
    }
    if (i < t.size() && t[i] == '.') {
        ++i;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
            ++i;
            digits = true;
        }
    }
    if (digits && i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
        ++i;
        if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
        bool exp = false;
        while (i < t.size() && t[i] >= '0' && t[i] <= '9') {
            ++i;
            exp = true;
        }
        if (!exp) digits = false;
    }
    if (!digits || i != t.size()) {
        std::string lower;
        for (char c : t.substr(0, 8))
            lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        if (lower.find("nan") != std::string::npos || lower.find("inf") != std::string::npos)
            return NumberKind::NonFinite;
        return NumberKind::NotANumber;
    }
    const std::string_view body = t[0] == '+' ? t.substr(1) : t;
    const auto r = std::from_chars(body.data(), body.data() + body.size(), value);
    if (r.ec == std::errc::result_out_of_range) {
        // Underflow (1e-400) reads as 0; overflow is too large.
        const bool negativeExponent =
            body.find("e-") != std::string_view::npos || body.find("E-") != std::string_view::npos;
        if (!negativeExponent) return NumberKind::TooLarge;
        value = 0.0;
    } else if (r.ec != std::errc()) {
        return NumberKind::NotANumber;
    }
    if (!std::isfinite(value)) return NumberKind::NonFinite;
    if (std::abs(value) > limits::kMaxFileValue) return NumberKind::TooLarge;
    return NumberKind::Ok;
}

Status numberError(int line, std::string_view token, NumberKind kind, const std::string& where) {
    switch (kind) {
        case NumberKind::NonFinite:
            return lineError(line,
                             where + " holds a non-finite value (" + limits::echo(token, 20) + ")");
        case NumberKind::TooLarge:
            return lineError(line, where + " holds " + limits::echo(token, 20) +
                                       ", beyond the plausible ±1e7 file units");
        default:
            return lineError(line, where + ": " + quoted(token) + " is not a number");
    }
}

// A non-negative integer of digits only, or -1 when it is not one; `big` when above `limit`.
std::int64_t parseCount(std::string_view t, std::int64_t limit, bool& big) {
    big = false;
    if (t.empty() || t.size() > 19) {
        big = !t.empty() && t.find_first_not_of("0123456789") == std::string_view::npos;
        return big ? limit + 1 : -1;
    }
    std::int64_t v = 0;
    for (char c : t) {
        if (c < '0' || c > '9') return -1;
        v = v * 10 + (c - '0');
    }
    big = v > limit;
    return v;
}

bool isChannelName(std::string_view n) {
    static const std::set<std::string_view> names = {"Xposition", "Yposition", "Zposition",
                                                     "Xrotation", "Yrotation", "Zrotation"};
    return names.count(n) > 0;
}

struct Node {
    std::string name;
    bool endSite = false;
    bool offset = false;
    bool channels = false;
};

std::string nodeLabel(const Node& n) {
    return n.endSite ? "the End Site of joint '" + n.name + "'" : "joint '" + n.name + "'";
}

// The HIERARCHY section, read token by token: the joints open (a stack of nodes), each with one
// OFFSET and at most one CHANNELS, until the root's brace closes and MOTION follows.
class HierarchyCheck {
public:
    HierarchyCheck(Tokenizer& tk, BvhSummary& summary) : m_tk(tk), m_summary(summary) {}

    // HIERARCHY ... up to and including MOTION.
    Status run() {
        if (Status s = header(); !s) return s;
        if (Status s = open(false); !s) return s;
        while (!m_stack.empty())
            if (Status s = nextItem(); !s) return s;
        return motionFollows();
    }

private:
    Tokenizer& m_tk;
    BvhSummary& m_summary;
    std::vector<Node> m_stack;
    std::set<std::string, std::less<>> m_names;
    bool m_bonesHaveLength = false;  // an OFFSET below the root
    bool m_bonesMove = false;        // a joint below the root with position channels

    // "HIERARCHY" then "ROOT".
    Status header() {
        std::string_view t = m_tk.next();
        if (t.empty()) return Status::error("file holds no BVH data");
        if (t != "HIERARCHY")
            return lineError(m_tk.line(),
                             "not a BVH file (expected HIERARCHY, found " + quoted(t) + ")");
        t = m_tk.next();
        if (t != "ROOT")
            return t.empty() ? Status::error("truncated: the file ends inside HIERARCHY (no ROOT)")
                             : lineError(m_tk.line(), "expected ROOT, found " + quoted(t));
        return Status::ok();
    }

    // A joint's name, unique, within the limits of names, joints and depth.
    Status jointName(Node& node) {
        const std::string_view name = m_tk.next();
        if (name.empty() || name == "{" || name == "}")
            return lineError(m_tk.line(),
                             "expected a joint name, found " +
                                 (name.empty() ? std::string("the end") : quoted(name)));
        if (name.size() > static_cast<std::size_t>(limits::kMaxNameChars))
            return lineError(m_tk.line(), "joint name of " + std::to_string(name.size()) +
                                              " characters is above the limit " +
                                              std::to_string(limits::kMaxNameChars));
        if (!m_names.insert(std::string(name)).second)
            return lineError(m_tk.line(), "joint name " + quoted(name) + " is used twice");
        node.name = name;
        if (++m_summary.joints > limits::kMaxJoints)
            return lineError(m_tk.line(), "more than " + std::to_string(limits::kMaxJoints) +
                                              " joints (the limit)");
        const int depth = static_cast<int>(m_stack.size()) + 1;
        if (depth > limits::kMaxJointDepth)
            return lineError(m_tk.line(), "joints nested deeper than " +
                                              std::to_string(limits::kMaxJointDepth) +
                                              " levels (the limit)");
        m_summary.depth = std::max(m_summary.depth, depth);
        return Status::ok();
    }

    // A joint (its name) or an End Site (its parent's name), then its '{'.
    Status open(bool endSite) {
        Node node;
        node.endSite = endSite;
        if (endSite) {
            node.name = m_stack.back().name;
        } else if (Status s = jointName(node); !s) {
            return s;
        }
        const std::string_view brace = m_tk.next();
        if (brace != "{")
            return brace.empty() ? Status::error("truncated: the file ends inside HIERARCHY")
                                 : lineError(m_tk.line(), "expected '{' after " + nodeLabel(node) +
                                                              ", found " + quoted(brace));
        m_stack.push_back(std::move(node));
        return Status::ok();
    }

    // One item inside the innermost open node: OFFSET, CHANNELS, JOINT, End Site or '}'.
    Status nextItem() {
        const std::string_view t = m_tk.next();
        Node& node = m_stack.back();
        if (t.empty())
            return Status::error("truncated: the file ends inside HIERARCHY (in " +
                                 nodeLabel(node) + ")");
        const int line = m_tk.line();
        if (t == "OFFSET") return offset(node, line);
        if (t == "CHANNELS") return channels(node, line);
        if (t == "JOINT") {
            if (node.endSite) return lineError(line, "an End Site cannot have joints");
            return open(false);
        }
        if (t == "End") {
            if (node.endSite) return lineError(line, "an End Site cannot have an End Site");
            const std::string_view site = m_tk.next();
            if (site != "Site")
                return lineError(line,
                                 "expected 'End Site', found 'End " + limits::echo(site, 20) + "'");
            return open(true);
        }
        if (t == "}") {
            if (!node.offset) return lineError(line, nodeLabel(node) + " has no OFFSET");
            m_stack.pop_back();
            return Status::ok();
        }
        if (t == "MOTION")
            return lineError(
                line, "MOTION inside " + nodeLabel(node) + " (unbalanced braces in HIERARCHY)");
        return lineError(line, "unexpected " + quoted(t) + " in " + nodeLabel(node));
    }

    // OFFSET x y z, once per node, three plausible numbers.
    Status offset(Node& node, int line) {
        if (node.offset) return lineError(line, nodeLabel(node) + " has a second OFFSET");
        for (int i = 0; i < 3; ++i) {
            const std::string_view v = m_tk.next();
            double value = 0.0;
            if (v.empty()) return Status::error("truncated: the file ends inside HIERARCHY");
            if (const NumberKind k = parseNumber(v, value); k != NumberKind::Ok)
                return numberError(m_tk.line(), v, k, "the OFFSET of " + nodeLabel(node));
            if (m_stack.size() > 1 && value != 0.0) m_bonesHaveLength = true;
        }
        node.offset = true;
        return Status::ok();
    }

    // CHANNELS n name..., once per joint, n within the limit, the names on its line, none twice.
    Status channels(Node& node, int line) {
        if (node.endSite) return lineError(line, "an End Site cannot have CHANNELS");
        if (node.channels) return lineError(line, nodeLabel(node) + " has a second CHANNELS");
        const std::string_view countToken = m_tk.next();
        bool big = false;
        const std::int64_t n = parseCount(countToken, limits::kMaxChannelsPerJoint, big);
        if (n < 0 || big)
            return lineError(line, "CHANNELS of " + nodeLabel(node) + " declares " +
                                       quoted(countToken) + " channels, not 0 to " +
                                       std::to_string(limits::kMaxChannelsPerJoint));
        std::set<std::string_view> seen;
        for (std::int64_t i = 0; i < n; ++i) {
            const std::string_view name = m_tk.next();
            if (!isChannelName(name) || m_tk.line() != line)
                return lineError(
                    line, "CHANNELS of " + nodeLabel(node) + " declares " + std::to_string(n) +
                              " channels but " +
                              (name.empty() || m_tk.line() != line
                                   ? "names " + std::to_string(i)
                                   : quoted(name) + " is not Xposition ... Zrotation"));
            if (!seen.insert(name).second)
                return lineError(
                    line, "CHANNELS of " + nodeLabel(node) + " names " + quoted(name) + " twice");
            if (m_stack.size() > 1 && name.find("position") != std::string_view::npos)
                m_bonesMove = true;
        }
        node.channels = true;
        m_summary.channels += static_cast<int>(n);
        return Status::ok();
    }

    // After the root's closing brace: MOTION, some channels, and a skeleton with a size.
    Status motionFollows() {
        const std::string_view t = m_tk.next();
        if (t.empty())
            return Status::error("truncated: the file ends inside HIERARCHY (no MOTION section)");
        if (t == "ROOT")
            return lineError(m_tk.line(), "a second ROOT (one skeleton per file is supported)");
        if (t != "MOTION")
            return lineError(m_tk.line(),
                             "expected MOTION after the hierarchy, found " + quoted(t));
        if (m_summary.channels == 0) return Status::error("the hierarchy declares no channels");
        // A skeleton with no size gives no unit (centimetres would read as metres), unless the
        // joints' own position channels place them.
        if (!m_bonesHaveLength && !m_bonesMove)
            return Status::error(
                "every OFFSET below the root is 0: the skeleton has no size, so its unit cannot be "
                "known");
        if (!m_bonesHaveLength)
            m_summary.warnings.push_back(
                "every OFFSET below the root is 0: the bones' lengths and the unit come from the "
                "joints' position channels");
        return Status::ok();
    }
};

// HIERARCHY ... up to and including MOTION.
Status checkHierarchy(Tokenizer& tk, BvhSummary& summary) {
    return HierarchyCheck(tk, summary).run();
}

// "Frames: N" and "Frame Time: T".
Status checkMotionHeader(Tokenizer& tk, BvhSummary& summary) {
    std::string_view t = tk.next();
    if (t.empty()) return Status::error("truncated: the MOTION header is incomplete");
    if (t != "Frames:")
        return lineError(tk.line(), "expected 'Frames:' after MOTION, found " + quoted(t));
    t = tk.next();
    bool big = false;
    const std::int64_t frames = parseCount(t, limits::kMaxFrames, big);
    if (t.empty()) return Status::error("truncated: the MOTION header is incomplete");
    if (frames < 0) return lineError(tk.line(), "Frames: " + quoted(t) + " is not a whole number");
    if (big)
        return lineError(tk.line(), "Frames: " + limits::echo(t, 24) + " is above the limit " +
                                        std::to_string(limits::kMaxFrames));
    if (frames == 0) return lineError(tk.line(), "the MOTION section declares no frames");
    if (frames * summary.joints > limits::kMaxClipSamples)
        return lineError(tk.line(), "Frames: " + std::to_string(frames) + " x " +
                                        std::to_string(summary.joints) +
                                        " joints is above the limit of " +
                                        std::to_string(limits::kMaxClipSamples) + " joint samples");
    summary.frames = static_cast<int>(frames);
    t = tk.next();
    if (t.empty()) return Status::error("truncated: the MOTION header is incomplete");
    const int line = tk.line();
    if (t != "Frame" || tk.next() != "Time:")
        return lineError(line, "expected 'Frame Time:' after 'Frames:'");
    t = tk.next();
    if (t.empty()) return Status::error("truncated: the MOTION header is incomplete");
    double frameTime = 0.0;
    const NumberKind kind = parseNumber(t, frameTime);
    if (kind == NumberKind::NotANumber || kind == NumberKind::NonFinite)
        return lineError(tk.line(), "Frame Time: " + quoted(t) + " is not a number of seconds");
    if (kind == NumberKind::TooLarge || frameTime < limits::kMinFrameTime ||
        frameTime > limits::kMaxFrameTime)
        return lineError(tk.line(), "Frame Time: " + limits::echo(t, 24) +
                                        " s is outside [0.001, 1] s (1 to 1000 frames per second)");
    summary.frameTime = frameTime;
    if (const auto rest = tk.restOfLine();
        rest.find_first_not_of(" \t\v\f") != std::string_view::npos)
        return lineError(line, "unexpected text after the Frame Time");
    return Status::ok();
}

std::string framePlace(int frame) { return "frame " + std::to_string(frame); }

}  // namespace

Expected<BvhSummary> checkBvhText(std::string_view text) {
    BvhSummary summary;
    Tokenizer tk(text);
    // An error on the last token of the text is the cut-off end of a file (a token cut in two).
    if (Status s = checkHierarchy(tk, summary); !s)
        return tk.atEnd() && !s.message().starts_with("truncated")
                   ? Status::error("truncated: the file ends inside HIERARCHY (" + s.message() +
                                   ")")
                   : s;
    if (Status s = checkMotionHeader(tk, summary); !s)
        return tk.atEnd() && !s.message().starts_with("truncated")
                   ? Status::error("truncated: the MOTION header is incomplete (" + s.message() +
                                   ")")
                   : s;

    // Frame lines: one frame per line, exactly `channels` numbers.
    int lineNo = tk.nextLine();
    std::size_t pos = tk.position();
    int frame = 0, extraLines = 0, firstExtra = 0;
    Status pending;  // a short frame line: an error, or the cut-off end of the file
    int pendingValues = 0;
    std::vector<std::string_view> values;
    values.reserve(static_cast<std::size_t>(summary.channels) + 1);
    while (pos < text.size()) {
        const std::size_t end = std::min(text.find('\n', pos), text.size());
        const std::string_view line = text.substr(pos, end - pos);
        const int here = lineNo;
        pos = end + 1;
        ++lineNo;
        values.clear();
        for (std::size_t i = 0; i < line.size();) {
            while (i < line.size() && isSpace(line[i])) ++i;
            const std::size_t start = i;
            while (i < line.size() && !isSpace(line[i])) ++i;
            if (i > start) {
                if (static_cast<int>(values.size()) > summary.channels) break;
                values.push_back(line.substr(start, i - start));
            }
        }
        if (values.empty()) continue;
        if (!pending) return pending;
        if (frame >= summary.frames) {
            if (extraLines++ == 0) firstExtra = here;
            continue;
        }
        ++frame;
        const int count = static_cast<int>(values.size());
        if (count > summary.channels)
            return lineError(here, framePlace(frame) + " has more than " +
                                       std::to_string(summary.channels) + " values, expected " +
                                       std::to_string(summary.channels));
        if (count < summary.channels) {
            pending = lineError(here, framePlace(frame) + " has " + std::to_string(count) +
                                          " values, expected " + std::to_string(summary.channels));
            pendingValues = count;
            continue;
        }
        for (std::string_view v : values) {
            double value = 0.0;
            if (const NumberKind k = parseNumber(v, value); k != NumberKind::Ok)
                return numberError(here, v, k, framePlace(frame));
        }
    }
    if (!pending)
        return Status::error("truncated: the file ends inside frame " + std::to_string(frame) +
                             " (" + std::to_string(pendingValues) + " of " +
                             std::to_string(summary.channels) + " values)");
    if (frame < summary.frames)
        return Status::error("truncated: MOTION declares " + std::to_string(summary.frames) +
                             " frames but the file holds " + std::to_string(frame));
    if (extraLines > 0)
        summary.warnings.push_back(
            std::to_string(extraLines) + " frame line" + (extraLines > 1 ? "s" : "") +
            " after the " + std::to_string(summary.frames) +
            " declared frames ignored (from line " + std::to_string(firstExtra) + ")");
    return summary;
}

Expected<BvhSummary> checkBvhFile(const std::string& path) {
    auto text = readRegularFile(path, limits::kMaxMotionFileBytes);
    if (!text) return text.status();
    normalizeLineEnds(*text);
    return checkBvhText(*text);
}

}  // namespace gs
