#include "core/io/gltf_checker.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <set>
#include <system_error>
#include <vector>

#include "core/authoring_limits.h"

namespace gs::gltf_detail {
namespace {

std::uint32_t readU32(std::string_view b, std::size_t at) {
    const auto* p = reinterpret_cast<const unsigned char*>(b.data() + at);
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

// A SAX handler that keeps nothing but where the text stops being JSON.
struct JsonErrorAt : nlohmann::json_sax<json> {
    std::size_t byte = 0;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t position, const std::string&, const json::exception&) override {
        byte = position;
        return false;
    }
};

}  // namespace

std::string num(std::uint64_t v) { return std::to_string(v); }

std::string shortNumber(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

// A value of the file for a message: cut short, control characters shown as '?'.
std::string fileText(std::string_view text) {
    constexpr std::size_t kShown = 60;
    std::string shown(text.substr(0, kShown));
    for (char& c : shown)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) c = '?';
    return "'" + shown + (text.size() > kShown ? "...'" : "'");
}

// --- the container and the JSON text ---

// The chunks of a GLB: the 12-byte header, the JSON chunk, then an optional BIN chunk, each
// inside the length the header states (which is inside the bytes).
Expected<GltfParts> splitGlb(std::string_view bytes) {
    if (bytes.size() < 20) return Status::error("the file is shorter than a GLB header (20 bytes)");
    if (bytes.substr(0, 4) != "glTF") return Status::error("the file does not start with 'glTF'");
    const std::uint32_t version = readU32(bytes, 4);
    if (version == 1) return Status::error("it is glTF 1 (a version 1 GLB); only glTF 2 is read");
    if (version != 2) return Status::error("GLB version " + num(version) + " is not 2");
    const std::uint64_t length = readU32(bytes, 8);
    if (length > bytes.size())
        return Status::error("the header claims " + num(length) + " bytes but the file holds " +
                             num(bytes.size()));
    const std::uint64_t jsonLength = readU32(bytes, 12);
    if (bytes.substr(16, 4) != "JSON") return Status::error("the first chunk is not JSON");
    if (jsonLength + 20 > length)
        return Status::error("the JSON chunk claims " + num(jsonLength) +
                             " bytes but the file holds " + num(length < 20 ? 0 : length - 20) +
                             " after its header");
    if (jsonLength % 4 != 0)
        return Status::error("the JSON chunk's length " + num(jsonLength) +
                             " is not a multiple of 4");
    GltfParts parts;
    parts.json = bytes.substr(20, jsonLength);
    const std::uint64_t at = 20 + jsonLength;
    const std::uint64_t rest = length - at;
    if (rest == 0) return parts;
    if (rest < 8) return Status::error(num(rest) + " stray bytes follow the JSON chunk");
    const std::uint64_t binLength = readU32(bytes, at);
    if (bytes.substr(at + 4, 4) != std::string_view("BIN\0", 4))
        return Status::error("the chunk after the JSON chunk is not BIN");
    if (binLength + 8 > rest)
        return Status::error("the BIN chunk claims " + num(binLength) +
                             " bytes but the file holds " + num(rest - 8) + " after its header");
    parts.bin = bytes.substr(at + 8, binLength);
    parts.hasBin = true;
    return parts;
}

// Nesting and size by a scan of the bytes (brackets and commas outside strings), before any
// parser recurses into them or builds them in memory.
Status checkJsonShape(std::string_view text) {
    int depth = 0;
    std::int64_t values = 1;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
        } else if (c == '[' || c == '{') {
            if (++depth > limits::kMaxGltfNesting)
                return Status::error("the JSON nests deeper than " +
                                     std::to_string(limits::kMaxGltfNesting) + " levels (at byte " +
                                     num(i) + ")");
            ++values;
        } else if (c == ']' || c == '}') {
            --depth;  // an imbalance is the parser's to report
        } else if (c == ',') {
            ++values;
        }
        if (values > limits::kMaxGltfJsonValues)
            return Status::error("the JSON holds more than " +
                                 std::to_string(limits::kMaxGltfJsonValues) +
                                 " values (the limit)");
    }
    return Status::ok();
}

// The parsed document (no exception escapes), refused when a key repeats within an object:
// Assimp's reader takes the first of two equal keys, this parser the last.
Expected<json> parseJson(std::string_view text) {
    std::vector<std::set<std::string>> open;
    std::string repeated;
    auto watchKeys = [&](int, json::parse_event_t event, json& parsed) {
        if (event == json::parse_event_t::object_start) {
            open.emplace_back();
        } else if (event == json::parse_event_t::object_end) {
            if (!open.empty()) open.pop_back();
        } else if (event == json::parse_event_t::key && !open.empty() && parsed.is_string() &&
                   repeated.empty()) {
            const std::string& key = parsed.get_ref<const std::string&>();
            if (!open.back().insert(key).second) repeated = key;
        }
        return true;
    };
    json doc = json::parse(text.begin(), text.end(), watchKeys, /*allow_exceptions=*/false);
    if (doc.is_discarded()) {
        JsonErrorAt at;
        (void)json::sax_parse(text.begin(), text.end(), &at);
        return Status::error("the JSON is not valid (at byte " + num(at.byte) + ")");
    }
    if (!repeated.empty())
        return Status::error("the JSON repeats the key " + fileText(repeated) +
                             " within one object");
    if (!doc.is_object()) return Status::error("the JSON is not an object");
    return doc;
}

// --- uris ---

// Bytes a base64 data: uri holds, or why it cannot be read.
Expected<std::uint64_t> dataUriBytes(std::string_view uri) {
    const std::size_t comma = uri.find(',');
    if (comma == std::string_view::npos) return Status::error("is a data: uri without a comma");
    const std::string_view header = uri.substr(0, comma);
    if (header.size() > static_cast<std::size_t>(limits::kMaxGltfDataUriHeaderChars))
        return Status::error("is a data: uri whose header is longer than " +
                             std::to_string(limits::kMaxGltfDataUriHeaderChars) + " characters");
    constexpr std::string_view kBase64 = ";base64";
    if (header.size() < kBase64.size() || header.substr(header.size() - kBase64.size()) != kBase64)
        return Status::error("is a data: uri that is not base64");
    const std::string_view payload = uri.substr(comma + 1);
    if (payload.size() % 4 != 0)
        return Status::error("is a data: uri whose base64 length is not a multiple of 4");
    std::size_t padding = 0;
    for (std::size_t i = 0; i < payload.size(); ++i) {
        const char c = payload[i];
        const bool digit = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                           (c >= '0' && c <= '9') || c == '+' || c == '/';
        if (c == '=' && i + 2 >= payload.size())
            ++padding;
        else if (!digit || padding)
            return Status::error("is a data: uri with a character outside base64");
    }
    return static_cast<std::uint64_t>(payload.size() / 4 * 3 - padding);
}

// The path a relative uri names inside `folder` (an existing or missing file), or why it cannot
// be one: no scheme, no absolute path, no '..', no backslash, percent-escape or control character.
Expected<fs::path> fileUriPath(std::string_view uri, const std::string& folder) {
    if (uri.empty()) return Status::error("is empty");
    for (const char c : uri) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7F) return Status::error("holds a control character");
        if (c == '\\' || c == '%' || c == ':')
            return Status::error("holds '" + std::string(1, c) +
                                 "' (only plain relative paths are read)");
    }
    if (uri.front() == '/') return Status::error("is an absolute path");
    for (std::size_t from = 0; from <= uri.size();) {
        const std::size_t slash = std::min(uri.find('/', from), uri.size());
        if (uri.substr(from, slash - from) == "..")
            return Status::error("leaves the file's folder");
        from = slash + 1;
    }
    if (folder.empty())
        return Status::error("names a file, but a glTF read from memory holds only embedded data");
    std::error_code ec;
    const fs::path base = fs::weakly_canonical(fs::path(folder), ec);
    if (ec) return Status::error("cannot be resolved: " + ec.message());
    const fs::path target = fs::weakly_canonical(base / fs::path(std::string(uri)), ec);
    if (ec) return Status::error("cannot be resolved: " + ec.message());
    const fs::path inside = target.lexically_relative(base);
    if (inside.empty() || *inside.begin() == "..")
        return Status::error("leaves the file's folder (through a link)");
    return target;
}

// The bytes of a regular file (links followed, inside the folder), or why there is none.
Expected<std::uint64_t> regularFileBytes(const fs::path& path) {
    std::error_code ec;
    const fs::file_status status = fs::status(path, ec);
    if (ec || !fs::exists(status)) return Status::error("names a file that does not exist");
    if (!fs::is_regular_file(status))
        return Status::error("names something that is not a regular file");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) return Status::error("names a file whose size cannot be read");
    return static_cast<std::uint64_t>(size);
}

int componentBytes(std::uint64_t componentType) {
    switch (componentType) {
        case 5120:
        case 5121:
            return 1;
        case 5122:
        case 5123:
            return 2;
        case 5125:
        case 5126:
            return 4;
        default:
            return 0;
    }
}

int typeComponents(const std::string& type) {
    static const std::pair<const char*, int> kTypes[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3},
                                                         {"VEC4", 4},   {"MAT2", 4}, {"MAT3", 9},
                                                         {"MAT4", 16}};
    for (const auto& [name, n] : kTypes)
        if (type == name) return n;
    return 0;
}
}  // namespace gs::gltf_detail
