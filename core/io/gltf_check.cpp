#include "core/io/gltf_check.h"

#include <nlohmann/json.hpp>

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

#include "core/io/motion_file.h"
#include "core/authoring_limits.h"

namespace gs {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr std::uint64_t kNone = ~std::uint64_t(0);  // an optional index that is absent

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

std::uint32_t readU32(std::string_view b, std::size_t at) {
    const auto* p = reinterpret_cast<const unsigned char*>(b.data() + at);
    return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 | std::uint32_t(p[2]) << 16 |
           std::uint32_t(p[3]) << 24;
}

// --- the container and the JSON text ---

struct GltfParts {
    std::string_view json;
    std::string_view bin;
    bool hasBin = false;
};

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

// --- the document ---

struct AccessorInfo {
    std::uint64_t count = 0;
    int componentType = 0;
    std::string type;
};

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

// One pass over a parsed glTF 2 document, in dependency order: what an element refers to is
// checked before the element (a view's buffer before the view, an accessor's view before it).
class GltfChecker {
public:
    GltfChecker(const json& root, const GltfParts& parts, const std::string& folder, bool binary)
        : m_root(root), m_parts(parts), m_folder(folder), m_binary(binary) {}

    // The steps in dependency order; the first failure is the answer.
    Status run() {
        Status s = checkAsset();
        if (s) s = checkCollections();
        if (s) s = checkBuffers();
        if (s) s = checkBufferViews();
        if (s) s = checkAccessors();
        if (s) s = checkImagesAndTextures();
        if (s) s = checkMaterials();
        if (s) s = checkMeshes();
        if (s) s = checkNodeTree();
        if (s) s = checkNodes();
        if (s) s = checkScenes();
        if (s) s = checkSkins();
        if (s) s = checkAnimations();
        return s;
    }

private:
    const json& m_root;
    const GltfParts& m_parts;
    const std::string& m_folder;
    const bool m_binary;
    std::vector<std::uint64_t> m_bufferBytes, m_viewBytes, m_viewStride, m_parent;
    std::vector<AccessorInfo> m_accessors;

    const json& array(const char* key) const {
        static const json empty = json::array();
        const auto it = m_root.find(key);
        return it == m_root.end() ? empty : *it;
    }
    std::size_t count(const char* key) const { return array(key).size(); }

    // A whole-number member: `out` is kNone when it is absent and not required.
    static Status whole(const json& obj, const char* key, const std::string& owner, bool required,
                        std::uint64_t& out) {
        out = kNone;
        const auto it = obj.find(key);
        if (it == obj.end())
            return required ? Status::error(owner + ": has no " + key) : Status::ok();
        if (!it->is_number_unsigned())
            return Status::error(owner + ": " + key + " is not a whole number");
        out = it->get<std::uint64_t>();
        return Status::ok();
    }

    // An index member into the top-level array `into` (its elements called `plural`).
    Status index(const json& obj, const char* key, const std::string& owner, const char* into,
                 const char* plural, bool required, std::uint64_t& out) const {
        if (Status s = whole(obj, key, owner, required, out); !s) return s;
        return out == kNone ? Status::ok() : inRange(out, owner + ": " + key, into, plural);
    }
    Status inRange(std::uint64_t i, const std::string& what, const char* into,
                   const char* plural) const {
        if (i < count(into)) return Status::ok();
        return Status::error(what + " " + num(i) + " is out of range (" + num(count(into)) + " " +
                             plural + ")");
    }
    // Every element of an array member is an index into `into`.
    Status indexArray(const json& obj, const char* key, const std::string& owner, const char* into,
                      const char* plural, bool required, std::vector<std::uint64_t>& out) const {
        out.clear();
        const auto it = obj.find(key);
        if (it == obj.end())
            return required ? Status::error(owner + ": has no " + key) : Status::ok();
        if (!it->is_array()) return Status::error(owner + ": " + key + " is not an array");
        for (const json& v : *it) {
            if (!v.is_number_unsigned())
                return Status::error(owner + ": " + key + " holds something not a whole number");
            out.push_back(v.get<std::uint64_t>());
            if (Status s = inRange(out.back(), owner + ": " + key + " entry", into, plural); !s)
                return s;
        }
        return Status::ok();
    }

    Status checkAsset() const {
        const auto asset = m_root.find("asset");
        if (asset == m_root.end() || !asset->is_object())
            return Status::error("the file has no asset object (where glTF 2 names its version)");
        const auto version = asset->find("version");
        if (version == asset->end() || !version->is_string())
            return Status::error("asset: has no version");
        const std::string& v = version->get_ref<const std::string&>();
        if (v.rfind("1", 0) == 0)
            return Status::error("it is glTF 1 (asset version " + fileText(v) +
                                 "); only glTF 2 is read");
        if (v.rfind("2.", 0) != 0)
            return Status::error("asset version " + fileText(v) + " is not 2.x");
        return Status::ok();
    }

    // Every top-level collection is an array of objects; "scene" is an index.
    Status checkCollections() const {
        static const std::pair<const char*, const char*> kCollections[] = {
            {"buffers", "buffer"},      {"bufferViews", "buffer view"},
            {"accessors", "accessor"},  {"images", "image"},
            {"samplers", "sampler"},    {"textures", "texture"},
            {"materials", "material"},  {"meshes", "mesh"},
            {"nodes", "node"},          {"skins", "skin"},
            {"cameras", "camera"},      {"scenes", "scene"},
            {"animations", "animation"}};
        for (const auto& [key, one] : kCollections) {
            const auto it = m_root.find(key);
            if (it == m_root.end()) continue;
            if (!it->is_array()) return Status::error(std::string(key) + " is not an array");
            for (std::size_t i = 0; i < it->size(); ++i)
                if (!(*it)[i].is_object())
                    return Status::error(std::string(one) + " " + num(i) + " is not an object");
        }
        std::uint64_t scene;
        return index(m_root, "scene", "the file", "scenes", "scenes", false, scene);
    }

    Status checkBuffers() {
        const json& buffers = array("buffers");
        for (std::size_t b = 0; b < buffers.size(); ++b) {
            const json& buffer = buffers[b];
            const std::string owner = "buffer " + num(b);
            std::uint64_t length;
            if (Status s = whole(buffer, "byteLength", owner, true, length); !s) return s;
            if (length == 0) return Status::error(owner + ": byteLength 0");
            if (length > static_cast<std::uint64_t>(limits::kMaxMotionFileBytes))
                return Status::error(owner + ": byteLength " + num(length) +
                                     " is above the limit of " + num(limits::kMaxMotionFileBytes) +
                                     " bytes");
            if (Status s = bufferBytes(buffer, b, length, owner); !s) return s;
            m_bufferBytes.push_back(length);
        }
        return Status::ok();
    }

    // Where buffer `b`'s bytes are (a GLB's BIN chunk, a data: uri or a file), at least `length`.
    Status bufferBytes(const json& buffer, std::size_t b, std::uint64_t length,
                       const std::string& owner) const {
        const auto uri = buffer.find("uri");
        if (uri == buffer.end()) {
            if (!(m_binary && b == 0 && m_parts.hasBin))
                return Status::error(
                    owner + ": has no uri (only buffer 0 of a GLB with a BIN chunk may lack one)");
            if (m_parts.bin.size() < length)
                return Status::error(owner + ": byteLength " + num(length) +
                                     " but the BIN chunk holds " + num(m_parts.bin.size()) +
                                     " bytes");
            return Status::ok();
        }
        // Assimp reads buffer 0 of a GLB from its BIN chunk whatever the uri says.
        if (m_binary && b == 0)
            return Status::error(owner + ": a GLB's buffer 0 has a uri (it is the BIN chunk)");
        return uriBytes(*uri, owner, length, true);
    }

    // A uri of a buffer or of an image: a base64 data: uri (of exactly a buffer's `length` bytes,
    // as Assimp requires), or a relative path to a regular file inside the folder (of at least a
    // buffer's `length` bytes; an image's file may be missing: the character is drawn untextured).
    Status uriBytes(const json& uri, const std::string& owner, std::uint64_t length,
                    bool isBuffer) const {
        if (!uri.is_string()) return Status::error(owner + ": uri is not a string");
        const std::string& text = uri.get_ref<const std::string&>();
        const std::string what = owner + ": uri " + fileText(text) + " ";
        if (text.rfind("data:", 0) == 0) {
            auto bytes = dataUriBytes(text);
            if (!bytes) return Status::error(what + bytes.message());
            if (isBuffer && *bytes != length)
                return Status::error(what + "holds " + num(*bytes) + " bytes, byteLength says " +
                                     num(length));
            return Status::ok();
        }
        auto path = fileUriPath(text, m_folder);
        if (!path) return Status::error(what + path.message());
        std::error_code ec;
        if (!isBuffer && !fs::exists(fs::symlink_status(*path, ec))) return Status::ok();
        auto size = regularFileBytes(*path);
        if (!size) return Status::error(what + size.message());
        if (*size < length)
            return Status::error(what + "names a file of " + num(*size) +
                                 " bytes, byteLength says " + num(length));
        return Status::ok();
    }

    Status checkBufferViews() {
        const json& views = array("bufferViews");
        for (std::size_t v = 0; v < views.size(); ++v) {
            const json& view = views[v];
            const std::string owner = "buffer view " + num(v);
            std::uint64_t buffer, offset, length, stride;
            for (Status s : {index(view, "buffer", owner, "buffers", "buffers", true, buffer),
                             whole(view, "byteOffset", owner, false, offset),
                             whole(view, "byteLength", owner, true, length),
                             whole(view, "byteStride", owner, false, stride)})
                if (!s) return s;
            if (offset == kNone) offset = 0;
            if (length == 0) return Status::error(owner + ": byteLength 0");
            if (offset > m_bufferBytes[buffer] || length > m_bufferBytes[buffer] - offset)
                return Status::error(owner + ": bytes " + num(offset) + " + " + num(length) +
                                     " run past buffer " + num(buffer) + " (" +
                                     num(m_bufferBytes[buffer]) + " bytes)");
            if (stride != kNone && (stride < 4 || stride > 252 || stride % 4 != 0))
                return Status::error(owner + ": byteStride " + num(stride) +
                                     " is not a multiple of 4 in [4, 252]");
            m_viewBytes.push_back(length);
            m_viewStride.push_back(stride == kNone ? 0 : stride);
        }
        return Status::ok();
    }

    Status checkAccessors() {
        const json& accessors = array("accessors");
        for (std::size_t a = 0; a < accessors.size(); ++a) {
            const json& accessor = accessors[a];
            const std::string owner = "accessor " + num(a);
            std::uint64_t view, offset, count, componentType;
            for (Status s :
                 {whole(accessor, "count", owner, true, count),
                  whole(accessor, "componentType", owner, true, componentType),
                  index(accessor, "bufferView", owner, "bufferViews", "buffer views", false, view),
                  whole(accessor, "byteOffset", owner, false, offset)})
                if (!s) return s;
            if (count == 0) return Status::error(owner + ": count 0");
            if (componentBytes(componentType) == 0)
                return Status::error(owner + ": componentType " + num(componentType) +
                                     " is not one of 5120, 5121, 5122, 5123, 5125, 5126");
            const auto type = accessor.find("type");
            if (type == accessor.end() || !type->is_string() ||
                typeComponents(type->get_ref<const std::string&>()) == 0)
                return Status::error(
                    owner + ": type is not one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4");
            if (accessor.contains("sparse"))
                return Status::error(owner + ": is sparse (sparse accessors are not read)");
            if (view == kNone)
                return Status::error(owner +
                                     ": has no bufferView (accessors of zeros are not read)");
            if (offset == kNone) offset = 0;
            const std::string& typeName = type->get_ref<const std::string&>();
            const std::uint64_t element =
                static_cast<std::uint64_t>(componentBytes(componentType)) *
                typeComponents(typeName);
            const std::uint64_t stride = m_viewStride[view] ? m_viewStride[view] : element;
            const std::uint64_t viewBytes = m_viewBytes[view];
            // count <= viewBytes first, so that the product below cannot overflow.
            if (count > viewBytes || offset > viewBytes ||
                (count - 1) * stride + element > viewBytes - offset)
                return Status::error(owner + ": " + num(count) + " elements of " + num(element) +
                                     " bytes from byte " + num(offset) + " run past buffer view " +
                                     num(view) + " (" + num(viewBytes) + " bytes)");
            m_accessors.push_back({count, static_cast<int>(componentType), typeName});
        }
        return Status::ok();
    }

    // An accessor's type and component type among the allowed ones ("VEC4", {5121, 5123}).
    Status accessorIs(std::uint64_t a, const std::string& what, const char* type,
                      std::initializer_list<int> componentTypes) const {
        const AccessorInfo& info = m_accessors[a];
        bool component = false;
        for (int c : componentTypes) component |= info.componentType == c;
        if (info.type == type && component) return Status::ok();
        std::string allowed;
        for (int c : componentTypes) allowed += (allowed.empty() ? "" : " or ") + std::to_string(c);
        return Status::error(what + " (accessor " + num(a) + ") is " + info.type + " of " +
                             std::to_string(info.componentType) + ", not " + type + " of " +
                             allowed);
    }

    Status checkImagesAndTextures() const {
        const json& images = array("images");
        for (std::size_t i = 0; i < images.size(); ++i) {
            const json& image = images[i];
            const std::string owner = "image " + num(i);
            std::uint64_t view;
            if (Status s =
                    index(image, "bufferView", owner, "bufferViews", "buffer views", false, view);
                !s)
                return s;
            const auto uri = image.find("uri");
            if ((uri == image.end()) == (view == kNone))
                return Status::error(owner + ": has " + (view == kNone ? "neither" : "both") +
                                     " a uri and a bufferView");
            const auto mimeType = image.find("mimeType");
            if (view != kNone && (mimeType == image.end() || !mimeType->is_string()))
                return Status::error(owner + ": has a bufferView but no mimeType");
            if (uri != image.end())
                if (Status s = uriBytes(*uri, owner, 0, false); !s) return s;
        }
        const json& textures = array("textures");
        for (std::size_t t = 0; t < textures.size(); ++t) {
            const std::string owner = "texture " + num(t);
            std::uint64_t unused;
            for (Status s :
                 {index(textures[t], "source", owner, "images", "images", false, unused),
                  index(textures[t], "sampler", owner, "samplers", "samplers", false, unused)})
                if (!s) return s;
        }
        return Status::ok();
    }

    // Every texture reference of a material, extensions included: any "...Texture" object.
    Status textureReferences(const json& value, const std::string& owner) const {
        if (!value.is_object()) return Status::ok();
        for (const auto& [key, member] : value.items()) {
            if (!member.is_object()) continue;
            if (key.size() > 7 && key.compare(key.size() - 7, 7, "Texture") == 0) {
                std::uint64_t unused;
                const std::string what = owner + ", " + key;
                for (Status s : {index(member, "index", what, "textures", "textures", true, unused),
                                 whole(member, "texCoord", what, false, unused)})
                    if (!s) return s;
            }
            // Nesting is bounded by kMaxGltfNesting.
            if (Status s = textureReferences(member, owner); !s) return s;
        }
        return Status::ok();
    }

    Status checkMaterials() const {
        const json& materials = array("materials");
        for (std::size_t m = 0; m < materials.size(); ++m)
            if (Status s = textureReferences(materials[m], "material " + num(m)); !s) return s;
        return Status::ok();
    }

    // An attribute map (a primitive's or a morph target's): accessor indices of `vertices` each.
    Status attributes(const json& map, const std::string& owner, std::uint64_t& vertices) const {
        if (!map.is_object()) return Status::error(owner + " is not an object");
        for (const auto& [name, value] : map.items()) {
            const std::string what = owner + " " + fileText(name);
            if (!value.is_number_unsigned()) return Status::error(what + " is not a whole number");
            const std::uint64_t a = value.get<std::uint64_t>();
            if (Status s = inRange(a, what + ": accessor", "accessors", "accessors"); !s) return s;
            if (vertices == kNone) vertices = m_accessors[a].count;
            if (m_accessors[a].count != vertices)
                return Status::error(what + " has " + num(m_accessors[a].count) +
                                     " elements, not " + num(vertices));
            // The attributes Assimp copies into fixed-size vertex records.
            Status s = Status::ok();
            if (name == "POSITION" || name == "NORMAL")
                s = accessorIs(a, what, "VEC3", {5126});
            else if (name == "TANGENT")
                s = accessorIs(a, what, "VEC4", {5126});
            else if (name.rfind("JOINTS_", 0) == 0)
                s = accessorIs(a, what, "VEC4", {5121, 5123});
            else if (name.rfind("WEIGHTS_", 0) == 0)
                s = accessorIs(a, what, "VEC4", {5126, 5121, 5123});
            if (!s) return s;
        }
        return Status::ok();
    }

    Status checkMeshes() const {
        const json& meshes = array("meshes");
        for (std::size_t m = 0; m < meshes.size(); ++m) {
            const auto primitives = meshes[m].find("primitives");
            if (primitives == meshes[m].end() || !primitives->is_array() || primitives->empty())
                return Status::error("mesh " + num(m) + ": has no primitives");
            for (std::size_t p = 0; p < primitives->size(); ++p)
                if (Status s = checkPrimitive((*primitives)[p],
                                              "mesh " + num(m) + ", primitive " + num(p));
                    !s)
                    return s;
        }
        return Status::ok();
    }

    Status checkPrimitive(const json& primitive, const std::string& owner) const {
        if (!primitive.is_object()) return Status::error(owner + ": is not an object");
        const auto map = primitive.find("attributes");
        if (map == primitive.end()) return Status::error(owner + ": has no attributes");
        if (!map->is_object()) return Status::error(owner + ": attributes is not an object");
        if (!map->contains("POSITION")) return Status::error(owner + ": has no POSITION attribute");
        // Assimp hands a Draco-compressed primitive's bytes to the Draco decoder.
        const auto extensions = primitive.find("extensions");
        if (extensions != primitive.end() && extensions->is_object() &&
            extensions->contains("KHR_draco_mesh_compression"))
            return Status::error(owner +
                                 ": is Draco-compressed (KHR_draco_mesh_compression is not read)");
        std::uint64_t vertices = kNone, indices, material, mode;
        for (Status s :
             {attributes(*map, owner + ", attribute", vertices),
              index(primitive, "indices", owner, "accessors", "accessors", false, indices),
              index(primitive, "material", owner, "materials", "materials", false, material),
              whole(primitive, "mode", owner, false, mode)})
            if (!s) return s;
        if (indices != kNone)
            if (Status s = accessorIs(indices, owner + ": indices", "SCALAR", {5121, 5123, 5125});
                !s)
                return s;
        if (mode != kNone && mode > 6)
            return Status::error(owner + ": mode " + num(mode) + " is not 0 to 6");
        const auto targets = primitive.find("targets");
        if (targets == primitive.end()) return Status::ok();
        if (!targets->is_array()) return Status::error(owner + ": targets is not an array");
        for (std::size_t t = 0; t < targets->size(); ++t)
            if (Status s = attributes((*targets)[t], owner + ", target " + num(t), vertices); !s)
                return s;
        return Status::ok();
    }

    // Children: in range, one parent each, no cycle, at most kMaxJointDepth deep (Assimp and the
    // importers walk the tree recursively).
    Status checkNodeTree() {
        const json& nodes = array("nodes");
        m_parent.assign(nodes.size(), kNone);
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            std::vector<std::uint64_t> children;
            const std::string owner = "node " + num(n);
            if (Status s =
                    indexArray(nodes[n], "children", owner, "nodes", "nodes", false, children);
                !s)
                return s;
            for (const std::uint64_t c : children) {
                if (c == n) return Status::error(owner + ": is its own child");
                if (m_parent[c] != kNone)
                    return Status::error("node " + num(c) + ": is a child of node " +
                                         num(m_parent[c]) + " and of node " + num(n));
                m_parent[c] = n;
            }
        }
        // Depth of every node, each computed once: walk up to a node of known depth.
        std::vector<int> depth(nodes.size(), 0);
        std::vector<std::uint64_t> chain;
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            chain.clear();
            std::uint64_t up = n;
            while (up != kNone && depth[up] == 0) {
                depth[up] = -1;  // on the current chain
                chain.push_back(up);
                up = m_parent[up];
            }
            if (up != kNone && depth[up] < 0)
                return Status::error("node " + num(up) +
                                     ": is its own ancestor (a cycle of children)");
            int d = up == kNone ? 0 : depth[up];
            for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
                depth[*it] = ++d;
                if (d > limits::kMaxJointDepth)
                    return Status::error("node " + num(*it) + ": lies deeper than " +
                                         std::to_string(limits::kMaxJointDepth) +
                                         " levels (the limit)");
            }
        }
        return Status::ok();
    }

    // `n` numbers of a node's transform, finite; `present` false when the member is absent.
    static Status numbers(const json& node, const char* key, std::size_t n,
                          const std::string& owner, std::array<double, 16>& out, bool& present) {
        const auto it = node.find(key);
        present = it != node.end();
        if (!present) return Status::ok();
        if (!it->is_array() || it->size() != n)
            return Status::error(owner + ": " + key + " is not an array of " + num(n) + " numbers");
        for (std::size_t i = 0; i < n; ++i) {
            if (!(*it)[i].is_number())
                return Status::error(owner + ": " + key + " holds something not a number");
            out[i] = (*it)[i].get<double>();
            if (!(std::abs(out[i]) <= std::numeric_limits<float>::max()))  // Assimp holds floats
                return Status::error(owner + ": " + key + " holds a number no float can hold");
        }
        return Status::ok();
    }

    static Status plausibleTranslation(const double* t, const std::string& what) {
        for (int i = 0; i < 3; ++i)
            if (std::abs(t[i]) > limits::kMaxCoordinateM)
                return Status::error(what + " " + shortNumber(t[i]) + " is beyond the plausible " +
                                     shortNumber(limits::kMaxCoordinateM) + " m");
        return Status::ok();
    }
    static Status plausibleScale(double s, const std::string& what) {
        if (std::abs(s) >= limits::kMinGltfScale && std::abs(s) <= limits::kMaxGltfScale)
            return Status::ok();
        return Status::error(what + " " + shortNumber(s) + " is outside ±[" +
                             shortNumber(limits::kMinGltfScale) + ", " +
                             shortNumber(limits::kMaxGltfScale) + "]");
    }

    Status checkNodes() const {
        const json& nodes = array("nodes");
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            const json& node = nodes[n];
            const std::string owner = "node " + num(n);
            std::uint64_t unused;
            for (Status s : {index(node, "mesh", owner, "meshes", "meshes", false, unused),
                             index(node, "skin", owner, "skins", "skins", false, unused),
                             index(node, "camera", owner, "cameras", "cameras", false, unused),
                             checkTransform(node, owner)})
                if (!s) return s;
        }
        return Status::ok();
    }

    static Status checkTransform(const json& node, const std::string& owner) {
        std::array<double, 16> t{}, r{}, s{}, m{};
        bool hasT, hasR, hasS, hasM;
        for (Status st : {numbers(node, "translation", 3, owner, t, hasT),
                          numbers(node, "rotation", 4, owner, r, hasR),
                          numbers(node, "scale", 3, owner, s, hasS),
                          numbers(node, "matrix", 16, owner, m, hasM)})
            if (!st) return st;
        if (hasT)
            if (Status st = plausibleTranslation(t.data(), owner + ": translation"); !st) return st;
        if (hasR && std::hypot(std::hypot(r[0], r[1]), std::hypot(r[2], r[3])) <
                        limits::kMinGltfRotationLength)
            return Status::error(owner + ": rotation has (nearly) zero length");
        for (int i = 0; hasS && i < 3; ++i)
            if (Status st = plausibleScale(s[i], owner + ": scale"); !st) return st;
        if (!hasM) return Status::ok();
        // Column-major: a rigid transform with scale, its last row (0, 0, 0, 1).
        if (m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1)
            return Status::error(owner + ": matrix's last row is not 0, 0, 0, 1");
        if (Status st = plausibleTranslation(&m[12], owner + ": matrix translation"); !st)
            return st;
        for (int c = 0; c < 3; ++c)
            if (Status st = plausibleScale(std::hypot(m[4 * c], m[4 * c + 1], m[4 * c + 2]),
                                           owner + ": matrix scale");
                !st)
                return st;
        return Status::ok();
    }

    Status checkScenes() const {
        const json& scenes = array("scenes");
        for (std::size_t i = 0; i < scenes.size(); ++i) {
            const std::string owner = "scene " + num(i);
            std::vector<std::uint64_t> roots;
            if (Status s = indexArray(scenes[i], "nodes", owner, "nodes", "nodes", false, roots);
                !s)
                return s;
            std::set<std::uint64_t> seen;
            for (const std::uint64_t n : roots) {
                if (m_parent[n] != kNone)
                    return Status::error(owner + ": node " + num(n) +
                                         " is not a root (it is a child of node " +
                                         num(m_parent[n]) + ")");
                if (!seen.insert(n).second)
                    return Status::error(owner + ": lists node " + num(n) + " twice");
            }
        }
        return Status::ok();
    }

    Status checkSkins() const {
        const json& skins = array("skins");
        for (std::size_t k = 0; k < skins.size(); ++k) {
            const std::string owner = "skin " + num(k);
            std::vector<std::uint64_t> joints;
            std::uint64_t skeleton, matrices;
            for (Status s : {indexArray(skins[k], "joints", owner, "nodes", "nodes", true, joints),
                             index(skins[k], "skeleton", owner, "nodes", "nodes", false, skeleton),
                             // Assimp reads a skin's matrices unconditionally.
                             index(skins[k], "inverseBindMatrices", owner, "accessors", "accessors",
                                   true, matrices)})
                if (!s) return s;
            if (joints.empty()) return Status::error(owner + ": has no joints");
            if (Status s = accessorIs(matrices, owner + ": inverseBindMatrices", "MAT4", {5126});
                !s)
                return s;
            if (m_accessors[matrices].count < joints.size())
                return Status::error(owner + ": " + num(joints.size()) + " joints but " +
                                     num(m_accessors[matrices].count) + " inverseBindMatrices");
        }
        return Status::ok();
    }

    Status checkAnimations() const {
        const json& animations = array("animations");
        for (std::size_t a = 0; a < animations.size(); ++a) {
            const json& animation = animations[a];
            const std::string owner = "animation " + num(a);
            const auto samplers = animation.find("samplers");
            const auto channels = animation.find("channels");
            if (samplers == animation.end() || !samplers->is_array())
                return Status::error(owner + ": samplers is not an array");
            if (channels == animation.end() || !channels->is_array())
                return Status::error(owner + ": channels is not an array");
            for (std::size_t s = 0; s < samplers->size(); ++s)
                if (Status st = checkSampler((*samplers)[s], owner + ", sampler " + num(s)); !st)
                    return st;
            for (std::size_t c = 0; c < channels->size(); ++c)
                if (Status st =
                        checkChannel((*channels)[c], *samplers, owner + ", channel " + num(c));
                    !st)
                    return st;
        }
        return Status::ok();
    }

    Status checkSampler(const json& sampler, const std::string& owner) const {
        if (!sampler.is_object()) return Status::error(owner + ": is not an object");
        std::uint64_t input, output;
        for (Status s : {index(sampler, "input", owner, "accessors", "accessors", true, input),
                         index(sampler, "output", owner, "accessors", "accessors", true, output)})
            if (!s) return s;
        if (Status s = accessorIs(input, owner + ": input", "SCALAR", {5126}); !s) return s;
        const auto interpolation = sampler.find("interpolation");
        bool cubic = false;
        if (interpolation != sampler.end()) {
            const bool known = interpolation->is_string() &&
                               (*interpolation == "LINEAR" || *interpolation == "STEP" ||
                                *interpolation == "CUBICSPLINE");
            if (!known)
                return Status::error(owner + ": interpolation is not LINEAR, STEP or CUBICSPLINE");
            cubic = *interpolation == "CUBICSPLINE";
        }
        // A cubic spline holds an in-tangent, a value and an out-tangent per key.
        const std::uint64_t keys = m_accessors[input].count, needed = keys * (cubic ? 3 : 1);
        if (m_accessors[output].count < needed)
            return Status::error(owner + ": output accessor " + num(output) + " holds " +
                                 num(m_accessors[output].count) + " values for " + num(keys) +
                                 " keys (at least " + num(needed) + " needed)");
        return Status::ok();
    }

    Status checkChannel(const json& channel, const json& samplers, const std::string& owner) const {
        if (!channel.is_object()) return Status::error(owner + ": is not an object");
        std::uint64_t sampler, node;
        if (Status s = whole(channel, "sampler", owner, true, sampler); !s) return s;
        if (sampler >= samplers.size())
            return Status::error(owner + ": sampler " + num(sampler) + " is out of range (" +
                                 num(samplers.size()) + " samplers)");
        const auto target = channel.find("target");
        if (target == channel.end() || !target->is_object())
            return Status::error(owner + ": has no target");
        // Assimp looks a channel's node up without a range check.
        if (Status s = index(*target, "node", owner + ", target", "nodes", "nodes", true, node); !s)
            return s;
        const auto path = target->find("path");
        static const std::pair<const char*, const char*> kPaths[] = {{"translation", "VEC3"},
                                                                     {"rotation", "VEC4"},
                                                                     {"scale", "VEC3"},
                                                                     {"weights", "SCALAR"}};
        for (const auto& [name, type] : kPaths)
            if (path != target->end() && *path == name) {
                std::uint64_t output;
                (void)whole(samplers[sampler], "output", owner, true,
                            output);  // checked with the sampler
                return accessorIs(output, owner + ": " + name + " output", type, {5126});
            }
        return Status::error(owner +
                             ": target path is not translation, rotation, scale or weights");
    }
};

}  // namespace

Status checkGltf(std::string_view bytes, const std::string& folder, bool binary) {
    const std::string prefix =
        std::string("cannot import as ") + (binary ? "glTF binary (GLB)" : "glTF") + ": ";
    GltfParts parts;
    if (binary) {
        auto split = splitGlb(bytes);
        if (!split) return Status::error(prefix + split.message());
        parts = *split;
    } else {
        parts.json = bytes;
    }
    if (Status s = checkJsonShape(parts.json); !s) return Status::error(prefix + s.message());
    auto doc = parseJson(parts.json);
    if (!doc) return Status::error(prefix + doc.message());
    if (Status s = GltfChecker(*doc, parts, folder, binary).run(); !s)
        return Status::error(prefix + s.message());
    return Status::ok();
}

Status checkGltfFile(const std::string& path, bool binary) {
    auto bytes = readRegularFile(path, limits::kMaxMotionFileBytes);
    if (!bytes) return bytes.status();
    std::string folder = fs::path(path).parent_path().string();
    if (folder.empty()) folder = ".";
    return checkGltf(*bytes, folder, binary);
}

}  // namespace gs
