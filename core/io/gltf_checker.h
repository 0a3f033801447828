#pragma once
// The parts of the glTF 2 structural check (gltf_check.h) that its files share; private to core/io.
// gltf_container.cpp: the GLB container, the JSON text and uris. GltfChecker, one pass over the
// parsed document: gltf_check.cpp (its run, index helpers, buffers, views and accessors) and
// gltf_check_scene.cpp (images, materials, meshes, nodes, scenes, skins and animations).

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <gaitspace/runtime/status.h>

namespace gs::gltf_detail {

namespace fs = std::filesystem;
using json = nlohmann::json;

constexpr std::uint64_t kNone = ~std::uint64_t(0);  // an optional index that is absent

// A whole number as text, for messages.
std::string num(std::uint64_t v);
// A number as "%g" text, for messages.
std::string shortNumber(double v);
// A value of the file for a message: cut short, control characters shown as '?'.
std::string fileText(std::string_view text);

// --- the container and the JSON text (gltf_container.cpp) ---

// The JSON text and the optional BIN chunk of a glTF file; views into the bytes it was split from.
struct GltfParts {
    std::string_view json;
    std::string_view bin;
    bool hasBin = false;
};

// The chunks of a GLB: the 12-byte header, the JSON chunk, then an optional BIN chunk, each
// inside the length the header states (which is inside the bytes).
Expected<GltfParts> splitGlb(std::string_view bytes);

// Nesting and size by a scan of the bytes (brackets and commas outside strings), before any
// parser recurses into them or builds them in memory.
Status checkJsonShape(std::string_view text);

// The parsed document (no exception escapes), refused when a key repeats within an object:
// Assimp's reader takes the first of two equal keys, this parser the last.
Expected<json> parseJson(std::string_view text);

// --- uris (gltf_container.cpp) ---

// Bytes a base64 data: uri holds, or why it cannot be read.
Expected<std::uint64_t> dataUriBytes(std::string_view uri);

// The path a relative uri names inside `folder` (an existing or missing file), or why it cannot
// be one: no scheme, no absolute path, no '..', no backslash, percent-escape or control character.
Expected<fs::path> fileUriPath(std::string_view uri, const std::string& folder);

// The bytes of a regular file (links followed, inside the folder), or why there is none.
Expected<std::uint64_t> regularFileBytes(const fs::path& path);

// --- the document ---

struct AccessorInfo {
    std::uint64_t count = 0;
    int componentType = 0;
    std::string type;
};

// Bytes of one component of a glTF componentType (5120 ... 5126), 0 for an unknown one.
int componentBytes(std::uint64_t componentType);
// Components of an accessor type ("SCALAR" 1 ... "MAT4" 16), 0 for an unknown one.
int typeComponents(const std::string& type);

// One pass over a parsed glTF 2 document, in dependency order: what an element refers to is
// checked before the element (a view's buffer before the view, an accessor's view before it).
// Holds references to the document, its parts and the folder: they must outlive the checker.
class GltfChecker {
public:
    GltfChecker(const json& root, const GltfParts& parts, const std::string& folder, bool binary)
        : m_root(root), m_parts(parts), m_folder(folder), m_binary(binary) {}

    // The steps in dependency order; the first failure is the answer.
    Status run();

private:
    const json& m_root;
    const GltfParts& m_parts;
    const std::string& m_folder;
    const bool m_binary;
    std::vector<std::uint64_t> m_bufferBytes, m_viewBytes, m_viewStride, m_parent;
    std::vector<AccessorInfo> m_accessors;

    const json& array(const char* key) const;
    std::size_t count(const char* key) const { return array(key).size(); }
    // A whole-number member: `out` is kNone when it is absent and not required.
    static Status whole(const json& obj, const char* key, const std::string& owner, bool required,
                        std::uint64_t& out);
    // An index member into the top-level array `into` (its elements called `plural`).
    Status index(const json& obj, const char* key, const std::string& owner, const char* into,
                 const char* plural, bool required, std::uint64_t& out) const;
    Status inRange(std::uint64_t i, const std::string& what, const char* into,
                   const char* plural) const;
    // Every element of an array member is an index into `into`.
    Status indexArray(const json& obj, const char* key, const std::string& owner, const char* into,
                      const char* plural, bool required, std::vector<std::uint64_t>& out) const;
    Status checkAsset() const;
    // Every top-level collection is an array of objects; "scene" is an index.
    Status checkCollections() const;
    Status checkBuffers();
    // Where buffer `b`'s bytes are (a GLB's BIN chunk, a data: uri or a file), at least `length`.
    Status bufferBytes(const json& buffer, std::size_t b, std::uint64_t length,
                       const std::string& owner) const;
    // A uri of a buffer or of an image: a base64 data: uri (of exactly a buffer's `length` bytes,
    // as Assimp requires), or a relative path to a regular file inside the folder (of at least a
    // buffer's `length` bytes; an image's file may be missing: the character is drawn untextured).
    Status uriBytes(const json& uri, const std::string& owner, std::uint64_t length,
                    bool isBuffer) const;
    Status checkBufferViews();
    Status checkAccessors();
    // An accessor's type and component type among the allowed ones ("VEC4", {5121, 5123}).
    Status accessorIs(std::uint64_t a, const std::string& what, const char* type,
                      std::initializer_list<int> componentTypes) const;
    Status checkImagesAndTextures() const;
    // Every texture reference of a material, extensions included: any "...Texture" object.
    Status textureReferences(const json& value, const std::string& owner) const;
    Status checkMaterials() const;
    // An attribute map (a primitive's or a morph target's): accessor indices of `vertices` each.
    Status attributes(const json& map, const std::string& owner, std::uint64_t& vertices) const;
    Status checkMeshes() const;
    Status checkPrimitive(const json& primitive, const std::string& owner) const;
    // Children: in range, one parent each, no cycle, at most kMaxJointDepth deep (Assimp and the
    // importers walk the tree recursively).
    Status checkNodeTree();
    // `n` numbers of a node's transform, finite; `present` false when the member is absent.
    static Status numbers(const json& node, const char* key, std::size_t n,
                          const std::string& owner, std::array<double, 16>& out, bool& present);
    static Status plausibleTranslation(const double* t, const std::string& what);
    static Status plausibleScale(double s, const std::string& what);
    Status checkNodes() const;
    static Status checkTransform(const json& node, const std::string& owner);
    Status checkScenes() const;
    Status checkSkins() const;
    Status checkAnimations() const;
    Status checkSampler(const json& sampler, const std::string& owner) const;
    Status checkChannel(const json& channel, const json& samplers, const std::string& owner) const;
};

}  // namespace gs::gltf_detail
