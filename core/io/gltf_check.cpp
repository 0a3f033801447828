#include "core/io/gltf_check.h"

#include <system_error>

#include "core/authoring_limits.h"
#include "core/io/gltf_checker.h"
#include "core/io/motion_file.h"

namespace gs {
namespace gltf_detail {

Status GltfChecker::run() {
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

const json& GltfChecker::array(const char* key) const {
    static const json empty = json::array();
    const auto it = m_root.find(key);
    return it == m_root.end() ? empty : *it;
}

Status GltfChecker::whole(const json& obj, const char* key, const std::string& owner, bool required,
                          std::uint64_t& out) {
    out = kNone;
    const auto it = obj.find(key);
    if (it == obj.end()) return required ? Status::error(owner + ": has no " + key) : Status::ok();
    if (!it->is_number_unsigned())
        return Status::error(owner + ": " + key + " is not a whole number");
    out = it->get<std::uint64_t>();
    return Status::ok();
}

Status GltfChecker::index(const json& obj, const char* key, const std::string& owner,
                          const char* into, const char* plural, bool required,
                          std::uint64_t& out) const {
    if (Status s = whole(obj, key, owner, required, out); !s) return s;
    return out == kNone ? Status::ok() : inRange(out, owner + ": " + key, into, plural);
}

Status GltfChecker::inRange(std::uint64_t i, const std::string& what, const char* into,
                            const char* plural) const {
    if (i < count(into)) return Status::ok();
    return Status::error(what + " " + num(i) + " is out of range (" + num(count(into)) + " " +
                         plural + ")");
}

Status GltfChecker::indexArray(const json& obj, const char* key, const std::string& owner,
                               const char* into, const char* plural, bool required,
                               std::vector<std::uint64_t>& out) const {
    out.clear();
    const auto it = obj.find(key);
    if (it == obj.end()) return required ? Status::error(owner + ": has no " + key) : Status::ok();
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

Status GltfChecker::checkAsset() const {
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
    if (v.rfind("2.", 0) != 0) return Status::error("asset version " + fileText(v) + " is not 2.x");
    return Status::ok();
}

Status GltfChecker::checkCollections() const {
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

Status GltfChecker::checkBuffers() {
    const json& buffers = array("buffers");
    for (std::size_t b = 0; b < buffers.size(); ++b) {
        const json& buffer = buffers[b];
        const std::string owner = "buffer " + num(b);
        std::uint64_t length;
        if (Status s = whole(buffer, "byteLength", owner, true, length); !s) return s;
        if (length == 0) return Status::error(owner + ": byteLength 0");
        if (length > static_cast<std::uint64_t>(limits::kMaxMotionFileBytes))
            return Status::error(owner + ": byteLength " + num(length) + " is above the limit of " +
                                 num(limits::kMaxMotionFileBytes) + " bytes");
        if (Status s = bufferBytes(buffer, b, length, owner); !s) return s;
        m_bufferBytes.push_back(length);
    }
    return Status::ok();
}

Status GltfChecker::bufferBytes(const json& buffer, std::size_t b, std::uint64_t length,
                                const std::string& owner) const {
    const auto uri = buffer.find("uri");
    if (uri == buffer.end()) {
        if (!(m_binary && b == 0 && m_parts.hasBin))
            return Status::error(
                owner + ": has no uri (only buffer 0 of a GLB with a BIN chunk may lack one)");
        if (m_parts.bin.size() < length)
            return Status::error(owner + ": byteLength " + num(length) +
                                 " but the BIN chunk holds " + num(m_parts.bin.size()) + " bytes");
        return Status::ok();
    }
    // Assimp reads buffer 0 of a GLB from its BIN chunk whatever the uri says.
    if (m_binary && b == 0)
        return Status::error(owner + ": a GLB's buffer 0 has a uri (it is the BIN chunk)");
    return uriBytes(*uri, owner, length, true);
}

Status GltfChecker::uriBytes(const json& uri, const std::string& owner, std::uint64_t length,
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
        return Status::error(what + "names a file of " + num(*size) + " bytes, byteLength says " +
                             num(length));
    return Status::ok();
}

Status GltfChecker::checkBufferViews() {
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

Status GltfChecker::checkAccessors() {
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
            return Status::error(owner +
                                 ": type is not one of SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3, MAT4");
        if (accessor.contains("sparse"))
            return Status::error(owner + ": is sparse (sparse accessors are not read)");
        if (view == kNone)
            return Status::error(owner + ": has no bufferView (accessors of zeros are not read)");
        if (offset == kNone) offset = 0;
        const std::string& typeName = type->get_ref<const std::string&>();
        const std::uint64_t element =
            static_cast<std::uint64_t>(componentBytes(componentType)) * typeComponents(typeName);
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

Status GltfChecker::accessorIs(std::uint64_t a, const std::string& what, const char* type,
                               std::initializer_list<int> componentTypes) const {
    const AccessorInfo& info = m_accessors[a];
    bool component = false;
    for (int c : componentTypes) component |= info.componentType == c;
    if (info.type == type && component) return Status::ok();
    std::string allowed;
    for (int c : componentTypes) allowed += (allowed.empty() ? "" : " or ") + std::to_string(c);
    return Status::error(what + " (accessor " + num(a) + ") is " + info.type + " of " +
                         std::to_string(info.componentType) + ", not " + type + " of " + allowed);
}

}  // namespace gltf_detail

using namespace gltf_detail;

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
