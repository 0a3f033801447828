#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>

#include "core/authoring_limits.h"
#include "core/io/gltf_checker.h"

namespace gs::gltf_detail {

Status GltfChecker::checkImagesAndTextures() const {
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

Status GltfChecker::textureReferences(const json& value, const std::string& owner) const {
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

Status GltfChecker::checkMaterials() const {
    const json& materials = array("materials");
    for (std::size_t m = 0; m < materials.size(); ++m)
        if (Status s = textureReferences(materials[m], "material " + num(m)); !s) return s;
    return Status::ok();
}

Status GltfChecker::attributes(const json& map, const std::string& owner,
                               std::uint64_t& vertices) const {
    if (!map.is_object()) return Status::error(owner + " is not an object");
    for (const auto& [name, value] : map.items()) {
        const std::string what = owner + " " + fileText(name);
        if (!value.is_number_unsigned()) return Status::error(what + " is not a whole number");
        const std::uint64_t a = value.get<std::uint64_t>();
        if (Status s = inRange(a, what + ": accessor", "accessors", "accessors"); !s) return s;
        if (vertices == kNone) vertices = m_accessors[a].count;
        if (m_accessors[a].count != vertices)
            return Status::error(what + " has " + num(m_accessors[a].count) + " elements, not " +
                                 num(vertices));
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

Status GltfChecker::checkMeshes() const {
    const json& meshes = array("meshes");
    for (std::size_t m = 0; m < meshes.size(); ++m) {
        const auto primitives = meshes[m].find("primitives");
        if (primitives == meshes[m].end() || !primitives->is_array() || primitives->empty())
            return Status::error("mesh " + num(m) + ": has no primitives");
        for (std::size_t p = 0; p < primitives->size(); ++p)
            if (Status s =
                    checkPrimitive((*primitives)[p], "mesh " + num(m) + ", primitive " + num(p));
                !s)
                return s;
    }
    return Status::ok();
}

Status GltfChecker::checkPrimitive(const json& primitive, const std::string& owner) const {
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
    for (Status s : {attributes(*map, owner + ", attribute", vertices),
                     index(primitive, "indices", owner, "accessors", "accessors", false, indices),
                     index(primitive, "material", owner, "materials", "materials", false, material),
                     whole(primitive, "mode", owner, false, mode)})
        if (!s) return s;
    if (indices != kNone)
        if (Status s = accessorIs(indices, owner + ": indices", "SCALAR", {5121, 5123, 5125}); !s)
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

Status GltfChecker::checkNodeTree() {
    const json& nodes = array("nodes");
    m_parent.assign(nodes.size(), kNone);
    for (std::size_t n = 0; n < nodes.size(); ++n) {
        std::vector<std::uint64_t> children;
        const std::string owner = "node " + num(n);
        if (Status s = indexArray(nodes[n], "children", owner, "nodes", "nodes", false, children);
            !s)
            return s;
        for (const std::uint64_t c : children) {
            if (c == n) return Status::error(owner + ": is its own child");
            if (m_parent[c] != kNone)
                return Status::error("node " + num(c) + ": is a child of node " + num(m_parent[c]) +
                                     " and of node " + num(n));
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
            return Status::error("node " + num(up) + ": is its own ancestor (a cycle of children)");
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

Status GltfChecker::numbers(const json& node, const char* key, std::size_t n,
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

Status GltfChecker::plausibleTranslation(const double* t, const std::string& what) {
    for (int i = 0; i < 3; ++i)
        if (std::abs(t[i]) > limits::kMaxCoordinateM)
            return Status::error(what + " " + shortNumber(t[i]) + " is beyond the plausible " +
                                 shortNumber(limits::kMaxCoordinateM) + " m");
    return Status::ok();
}

Status GltfChecker::plausibleScale(double s, const std::string& what) {
    if (std::abs(s) >= limits::kMinGltfScale && std::abs(s) <= limits::kMaxGltfScale)
        return Status::ok();
    return Status::error(what + " " + shortNumber(s) + " is outside ±[" +
                         shortNumber(limits::kMinGltfScale) + ", " +
                         shortNumber(limits::kMaxGltfScale) + "]");
}

Status GltfChecker::checkNodes() const {
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

Status GltfChecker::checkTransform(const json& node, const std::string& owner) {
    std::array<double, 16> t{}, r{}, s{}, m{};
    bool hasT, hasR, hasS, hasM;
    for (Status st :
         {numbers(node, "translation", 3, owner, t, hasT),
          numbers(node, "rotation", 4, owner, r, hasR), numbers(node, "scale", 3, owner, s, hasS),
          numbers(node, "matrix", 16, owner, m, hasM)})
        if (!st) return st;
    if (hasT)
        if (Status st = plausibleTranslation(t.data(), owner + ": translation"); !st) return st;
    if (hasR &&
        std::hypot(std::hypot(r[0], r[1]), std::hypot(r[2], r[3])) < limits::kMinGltfRotationLength)
        return Status::error(owner + ": rotation has (nearly) zero length");
    for (int i = 0; hasS && i < 3; ++i)
        if (Status st = plausibleScale(s[i], owner + ": scale"); !st) return st;
    if (!hasM) return Status::ok();
    // Column-major: a rigid transform with scale, its last row (0, 0, 0, 1).
    if (m[3] != 0 || m[7] != 0 || m[11] != 0 || m[15] != 1)
        return Status::error(owner + ": matrix's last row is not 0, 0, 0, 1");
    if (Status st = plausibleTranslation(&m[12], owner + ": matrix translation"); !st) return st;
    for (int c = 0; c < 3; ++c)
        if (Status st = plausibleScale(std::hypot(m[4 * c], m[4 * c + 1], m[4 * c + 2]),
                                       owner + ": matrix scale");
            !st)
            return st;
    return Status::ok();
}

Status GltfChecker::checkScenes() const {
    const json& scenes = array("scenes");
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const std::string owner = "scene " + num(i);
        std::vector<std::uint64_t> roots;
        if (Status s = indexArray(scenes[i], "nodes", owner, "nodes", "nodes", false, roots); !s)
            return s;
        std::set<std::uint64_t> seen;
        for (const std::uint64_t n : roots) {
            if (m_parent[n] != kNone)
                return Status::error(owner + ": node " + num(n) +
                                     " is not a root (it is a child of node " + num(m_parent[n]) +
                                     ")");
            if (!seen.insert(n).second)
                return Status::error(owner + ": lists node " + num(n) + " twice");
        }
    }
    return Status::ok();
}

Status GltfChecker::checkSkins() const {
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
        if (Status s = accessorIs(matrices, owner + ": inverseBindMatrices", "MAT4", {5126}); !s)
            return s;
        if (m_accessors[matrices].count < joints.size())
            return Status::error(owner + ": " + num(joints.size()) + " joints but " +
                                 num(m_accessors[matrices].count) + " inverseBindMatrices");
    }
    return Status::ok();
}

Status GltfChecker::checkAnimations() const {
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
            if (Status st = checkChannel((*channels)[c], *samplers, owner + ", channel " + num(c));
                !st)
                return st;
    }
    return Status::ok();
}

Status GltfChecker::checkSampler(const json& sampler, const std::string& owner) const {
    if (!sampler.is_object()) return Status::error(owner + ": is not an object");
    std::uint64_t input, output;
    for (Status s : {index(sampler, "input", owner, "accessors", "accessors", true, input),
                     index(sampler, "output", owner, "accessors", "accessors", true, output)})
        if (!s) return s;
    if (Status s = accessorIs(input, owner + ": input", "SCALAR", {5126}); !s) return s;
    const auto interpolation = sampler.find("interpolation");
    bool cubic = false;
    if (interpolation != sampler.end()) {
        const bool known =
            interpolation->is_string() && (*interpolation == "LINEAR" || *interpolation == "STEP" ||
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

Status GltfChecker::checkChannel(const json& channel, const json& samplers,
                                 const std::string& owner) const {
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
    static const std::pair<const char*, const char*> kPaths[] = {
        {"translation", "VEC3"}, {"rotation", "VEC4"}, {"scale", "VEC3"}, {"weights", "SCALAR"}};
    for (const auto& [name, type] : kPaths)
        if (path != target->end() && *path == name) {
            std::uint64_t output;
            (void)whole(samplers[sampler], "output", owner, true,
                        output);  // checked with the sampler
            return accessorIs(output, owner + ": " + name + " output", type, {5126});
        }
    return Status::error(owner + ": target path is not translation, rotation, scale or weights");
}

}  // namespace gs::gltf_detail
