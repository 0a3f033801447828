#include "core/character/mannequin.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numbers>

#include "core/clip/clip_kinematics.h"

namespace gs {
namespace {

constexpr float kPi = std::numbers::pi_v<float>;

// Which joints move a vertex, by its position t along the part (0 = at a, 1 = at b): the part's
// joint alone in the middle, ramping to half the parent's at t = 0 and half the child's at t = 1.
// That matches the neighbouring part's weights at the shared joint, so the skin stays closed.
struct Skinning {
    int joint = 0;
    int parent = -1;      // blended near a
    int child = -1;       // blended near b
    float blend = 0.25f;  // length of each ramp, as a fraction of the part
};

// A tapered capsule from a to b with elliptic cross sections: `radius` across `side`, radius x
// `depthRatio` across the third axis.
struct Part {
    glm::vec3 a{0.0f}, b{0.0f};
    float radiusA = 0.05f, radiusB = 0.05f;
    float depthRatio = 1.0f;
    glm::vec3 side{1.0f, 0.0f, 0.0f};  // hint, made perpendicular to the axis
    Skinning skin;
};

struct Rest {
    std::vector<glm::vec3> pos;  // joint positions
    std::vector<glm::vec3> tip;  // end of each joint's bone (tip offset, or its child)
    std::vector<std::vector<int>> children;
    float height = 1.7f;  // estimated standing height of a person on this skeleton
};

Rest restOf(const Skeleton& s) {
    Rest r;
    const int n = s.jointCount();
    std::vector<Transform> world(n);
    forwardKinematics(s, s.restRotations, glm::vec3(0.0f), world);
    r.pos.resize(n);
    r.tip.resize(n);
    r.children.resize(n);
    for (int j = 0; j < n; ++j) {
        r.pos[j] = world[j].translation;
        r.tip[j] = world[j].apply(s.tipOffsets[j]);
        if (j > 0) r.children[s.parents[j]].push_back(j);
    }
    return r;
}

// Lowest point of a subtree (joints and tips).
float lowestIn(const Rest& r, int j) {
    float y = std::min(r.pos[j].y, r.tip[j].y);
    for (int c : r.children[j]) y = std::min(y, lowestIn(r, c));
    return y;
}
float highestIn(const Rest& r, int j) {
    float y = std::max(r.pos[j].y, r.tip[j].y);
    for (int c : r.children[j]) y = std::max(y, highestIn(r, c));
    return y;
}
// Length of the longest path down a subtree (the main chain of a limb).
float reachOf(const Rest& r, int j) {
    float best = glm::length(r.tip[j] - r.pos[j]);
    for (int c : r.children[j])
        best = std::max(best, glm::length(r.pos[c] - r.pos[j]) + reachOf(r, c));
    return best;
}
int mainChild(const Rest& r, int j) {
    int best = -1;
    float reach = -1.0f;
    for (int c : r.children[j]) {
        const float d = glm::length(r.pos[c] - r.pos[j]) + reachOf(r, c);
        if (d > reach) {
            reach = d;
            best = c;
        }
    }
    return best;
}

// The far end of a subtree's main chain (a toe tip, a finger tip).
glm::vec3 chainEnd(const Rest& r, int j) {
    for (int c = mainChild(r, j); c >= 0; c = mainChild(r, c)) j = c;
    return glm::length(r.tip[j] - r.pos[j]) > 1e-5f ? r.tip[j] : r.pos[j];
}

// Trunk: from the root up the midline, always to the child that reaches highest.
std::vector<int> trunkChain(const Rest& r, float width) {
    std::vector<int> chain{0};
    for (;;) {
        const int j = chain.back();
        int best = -1;
        float top = -1e30f;
        for (int c : r.children[j]) {
            if (std::abs(r.pos[c].x - r.pos[0].x) > width || r.pos[c].y < r.pos[j].y - 0.01f)
                continue;
            const float h = highestIn(r, c);
            if (h > top) {
                top = h;
                best = c;
            }
        }
        if (best < 0) return chain;
        chain.push_back(best);
    }
}

// Point on the trunk polyline at height y (clamped to its ends).
glm::vec3 trunkAt(const Rest& r, const std::vector<int>& trunk, float y) {
    if (y <= r.pos[trunk.front()].y) return {r.pos[trunk.front()].x, y, r.pos[trunk.front()].z};
    for (size_t i = 1; i < trunk.size(); ++i) {
        const glm::vec3 p = r.pos[trunk[i - 1]], q = r.pos[trunk[i]];
        if (y <= q.y && q.y > p.y) return glm::mix(p, q, (y - p.y) / (q.y - p.y));
    }
    const glm::vec3 last = r.pos[trunk.back()];
    return {last.x, y, last.z};
}

// The trunk joint whose bone spans height y (the one below it).
int trunkJointAt(const Rest& r, const std::vector<int>& trunk, float y) {
    int j = trunk.front();
    for (int t : trunk)
        if (r.pos[t].y <= y) j = t;
    return j;
}

// Appends one part as a closed grid of rings x sides (poles collapsed, seam duplicated for UVs).
void appendPart(const Part& part, const Skeleton& skeleton, int rings, int sides,
                SkinnedMesh& mesh) {
    glm::vec3 axis = part.b - part.a;
    const float length = glm::length(axis);
    axis = length > 1e-6f ? axis / length : glm::vec3(0, 1, 0);
    glm::vec3 side = part.side - axis * glm::dot(part.side, axis);
    if (glm::length(side) < 1e-3f) side = glm::cross(axis, glm::vec3(0, 0, 1));
    if (glm::length(side) < 1e-3f) side = glm::cross(axis, glm::vec3(1, 0, 0));
    side = glm::normalize(side);
    const glm::vec3 depth = glm::cross(axis, side);

    // Profile: a hemisphere of radiusA, a cone from radiusA to radiusB, a hemisphere of radiusB.
    const int capRings = std::max(2, rings / 4);
    const int bodyRings = std::max(1, rings - 2 * capRings);
    struct Ring {
        float along;
        float radius;
        float t;
    };
    std::vector<Ring> profile;
    // Poles get a radius of exactly 0 (cos(pi/2) is not, in floats), so a pole is one point and
    // the surface is provably closed (the renderer then culls its back faces).
    for (int i = 0; i <= capRings; ++i) {  // south pole to the equator at a
        const float phi = -0.5f * kPi + 0.5f * kPi * i / capRings;
        profile.push_back(
            {part.radiusA * std::sin(phi), i == 0 ? 0.0f : part.radiusA * std::cos(phi), 0.0f});
    }
    for (int i = 1; i < bodyRings; ++i) {
        const float t = static_cast<float>(i) / bodyRings;
        profile.push_back({t * length, glm::mix(part.radiusA, part.radiusB, t), t});
    }
    for (int i = 0; i <= capRings; ++i) {
        const float phi = 0.5f * kPi * i / capRings;
        profile.push_back({length + part.radiusB * std::sin(phi),
                           i == capRings ? 0.0f : part.radiusB * std::cos(phi), 1.0f});
    }

    const auto base = static_cast<std::uint32_t>(mesh.vertices.size());
    const int ringCount = static_cast<int>(profile.size());
    const float totalAlong = length + part.radiusA + part.radiusB;
    for (int i = 0; i < ringCount; ++i) {
        const Ring& ring = profile[i];
        // Weights by position along the bone, ramping to 50/50 at each end joint.
        const Skinning& s = part.skin;
        const float t = std::clamp(ring.along / std::max(length, 1e-6f), 0.0f, 1.0f);
        float wParent = 0.0f, wChild = 0.0f;
        if (s.parent >= 0 && t < s.blend) wParent = 0.5f * (1.0f - t / s.blend);
        if (s.child >= 0 && t > 1.0f - s.blend) wChild = 0.5f * (t - (1.0f - s.blend)) / s.blend;
        std::array<std::pair<float, int>, 3> w{{{1.0f - wParent - wChild, s.joint},
                                                {wParent, std::max(s.parent, 0)},
                                                {wChild, std::max(s.child, 0)}}};
        std::sort(w.begin(), w.end(), [](auto& x, auto& y) { return x.first > y.first; });
        for (int k = 0; k <= sides; ++k) {
            // The seam's duplicate (k = sides) repeats k = 0's position exactly; only its u
            // differs.
            const float theta = 2.0f * kPi * (k % sides) / sides;
            const glm::vec3 radial =
                std::cos(theta) * side + std::sin(theta) * part.depthRatio * depth;
            SkinVertex v;
            v.position = part.a + axis * ring.along + radial * ring.radius;
            // Normal of the ellipse-scaled surface: undo the depth scaling, tilt by the taper.
            const glm::vec3 flat =
                std::cos(theta) * side + std::sin(theta) / part.depthRatio * depth;
            const float slope = ring.t > 0.0f && ring.t < 1.0f
                                    ? (part.radiusA - part.radiusB) / std::max(length, 1e-6f)
                                    : 0.0f;
            glm::vec3 n;
            if (i <= capRings) {
                const float phi = -0.5f * kPi + 0.5f * kPi * i / capRings;
                n = std::cos(phi) * flat + std::sin(phi) * axis;
            } else if (i >= ringCount - 1 - capRings) {
                const float phi = 0.5f * kPi * (i - (ringCount - 1 - capRings)) / capRings;
                n = std::cos(phi) * flat + std::sin(phi) * axis;
            } else {
                n = glm::normalize(flat) + slope * axis;
            }
            v.normal = glm::normalize(n);
            v.uv = {static_cast<float>(k) / sides, (ring.along + part.radiusA) / totalAlong};
            v.joints = glm::u16vec4(w[0].second, w[1].second, w[2].second, 0);
            v.weights = glm::vec4(w[0].first, w[1].first, w[2].first, 0.0f);
            mesh.vertices.push_back(v);
        }
    }
    const std::uint32_t stride = sides + 1;
    for (int i = 0; i + 1 < ringCount; ++i)
        for (int k = 0; k < sides; ++k) {
            const std::uint32_t v00 = base + i * stride + k, v01 = v00 + 1;
            const std::uint32_t v10 = v00 + stride, v11 = v10 + 1;
            mesh.indices.insert(mesh.indices.end(), {v00, v01, v11, v00, v11, v10});
        }
    (void)skeleton;
}

}  // namespace

Status MannequinSettings::validate() const {
    if (sides < 6) return Status::error("mannequin sides must be at least 6");
    if (rings < 6) return Status::error("mannequin rings must be at least 6");
    return Status::ok();
}

MannequinSettings MannequinSettings::coarse() const {
    MannequinSettings s = *this;
    s.sides = std::min(sides, 8);
    s.rings = std::min(rings, 8);
    return s;
}

namespace {

// A limb: a subtree hanging off the trunk. Its main chain's first joint away from the midline
// (first) is the shoulder or hip; the two joints after it are the elbow/knee and the wrist/ankle.
struct Limb {
    std::vector<int> chain;
    int first;
    bool leg;
    int attach;
};

// Every limb of the trunk (a stub such as pelvis.L is none).
std::vector<Limb> findLimbs(const Rest& r, const std::vector<int>& trunk, float legLength,
                            float H) {
    const glm::vec3 root = r.pos[0];
    std::vector<Limb> limbs;
    for (int t : trunk)
        for (int c : r.children[t]) {
            if (std::find(trunk.begin(), trunk.end(), c) != trunk.end()) continue;
            Limb limb;
            limb.attach = t;
            for (int j = c; j >= 0; j = mainChild(r, j)) limb.chain.push_back(j);
            limb.leg = lowestIn(r, c) < root.y - 0.3f * legLength;
            limb.first = -1;
            for (size_t k = 0; k < limb.chain.size(); ++k)
                if (std::abs(r.pos[limb.chain[k]].x - root.x) > 0.035f * H) {
                    limb.first = static_cast<int>(k);
                    break;
                }
            if (limb.first < 0 || limb.first + 2 >= static_cast<int>(limb.chain.size()) + 1)
                continue;
            if (limb.first + 1 >= static_cast<int>(limb.chain.size()))
                continue;  // a stub (pelvis.L)
            limbs.push_back(limb);
        }
    return limbs;
}

// How wide the figure is at the hips and the shoulders (half widths) and how high its shoulders
// are, from its limbs (a person's proportions when it has none).
struct Widths {
    float hipHalf, shoulderHalf, shoulderY;
};

Widths widthsOf(const Rest& r, const std::vector<Limb>& limbs, float H) {
    const glm::vec3 root = r.pos[0];
    std::vector<glm::vec3> hips, shoulders;
    for (const Limb& limb : limbs)
        (limb.leg ? hips : shoulders).push_back(r.pos[limb.chain[limb.first]]);
    float hipHalf = 0.09f * H, shoulderHalf = 0.11f * H, shoulderY = root.y + 0.3f * H;
    if (!hips.empty()) {
        hipHalf = 0.0f;
        for (const auto& p : hips) hipHalf = std::max(hipHalf, std::abs(p.x - root.x));
    }
    if (!shoulders.empty()) {
        shoulderHalf = 0.0f;
        shoulderY = 0.0f;
        for (const auto& p : shoulders) {
            shoulderHalf = std::max(shoulderHalf, std::abs(p.x - root.x));
            shoulderY += p.y / shoulders.size();
        }
    }
    return {hipHalf, shoulderHalf, shoulderY};
}

const glm::vec3 X(1, 0, 0), Y(0, 1, 0), Z(0, 0, 1);

// Trunk: pelvis across the hips, abdomen, chest up to the shoulders, neck, head.
void addTrunk(const Skeleton& skeleton, const Rest& r, const std::vector<int>& trunk,
              const Widths& w, float H, std::vector<Part>& parts) {
    const glm::vec3 root = r.pos[0];
    const float hipHalf = w.hipHalf, shoulderHalf = w.shoulderHalf, shoulderY = w.shoulderY;
    auto trunkSkin = [&](float y) {
        const int j = trunkJointAt(r, trunk, y);
        const int p = skeleton.parents[j];
        return Skinning{j, p, -1, 0.25f};
    };
    const glm::vec3 pelvisCentre = trunkAt(r, trunk, root.y - 0.015f * H);
    parts.push_back({pelvisCentre - X * (hipHalf * 0.45f),
                     pelvisCentre + X * (hipHalf * 0.45f),
                     0.058f * H,
                     0.058f * H,
                     0.85f,
                     Z,
                     {0, -1, -1}});
    const float waistY = root.y + 0.45f * (shoulderY - root.y);
    const float chestTop = shoulderY - 0.045f * H;
    parts.push_back({trunkAt(r, trunk, root.y + 0.03f * H), trunkAt(r, trunk, waistY), 0.085f * H,
                     0.078f * H, 0.68f, X, trunkSkin(waistY - 0.01f * H)});
    parts.back().skin.child = -1;
    parts.push_back({trunkAt(r, trunk, waistY), trunkAt(r, trunk, chestTop), 0.082f * H,
                     std::max(0.085f * H, 0.72f * shoulderHalf), 0.62f, X, trunkSkin(chestTop)});
    const int headJoint = trunk.back();
    const glm::vec3 headBase = r.pos[headJoint];
    const float neckBottom = std::min(shoulderY, headBase.y);
    const float headCentreY = std::max(headBase.y + 0.065f * H, shoulderY + 0.135f * H);
    const glm::vec3 neckA = trunkAt(r, trunk, neckBottom - 0.02f * H);
    const glm::vec3 headCentre(headBase.x, headCentreY, headBase.z + 0.012f * H);
    parts.push_back({neckA,
                     glm::mix(neckA, headCentre, 0.6f),
                     0.03f * H,
                     0.028f * H,
                     1.0f,
                     X,
                     {headJoint, skeleton.parents[headJoint], -1, 0.3f}});
    parts.push_back({headCentre - Y * (0.018f * H),
                     headCentre + Y * (0.018f * H),
                     0.056f * H,
                     0.052f * H,
                     1.12f,
                     X,
                     {headJoint, -1, -1}});
    // A nose, so the front of the head reads at a glance.
    const glm::vec3 nose = headCentre + Z * (0.05f * H) - Y * (0.008f * H);
    parts.push_back({nose,
                     nose + Z * (0.008f * H) - Y * (0.01f * H),
                     0.009f * H,
                     0.007f * H,
                     1.0f,
                     X,
                     {headJoint, -1, -1}});
}

// A leg (thigh, shin, foot) or an arm (collar, upper arm, forearm, hand).
void addLimb(const Skeleton& skeleton, const Rest& r, const std::vector<int>& trunk,
             const Limb& limb, float H, std::vector<Part>& parts) {
    const int j0 = limb.chain[limb.first];
    const int j1 = limb.chain[limb.first + 1];
    const int j2 =
        limb.first + 2 < static_cast<int>(limb.chain.size()) ? limb.chain[limb.first + 2] : -1;
    const int p0 = skeleton.parents[j0];
    const glm::vec3 a = r.pos[j0], b = r.pos[j1];
    const glm::vec3 c = j2 >= 0 ? r.pos[j2] : r.tip[j1];
    if (limb.leg) {
        parts.push_back({a, b, 0.058f * H, 0.04f * H, 0.95f, X, {j0, p0, j1, 0.2f}});
        parts.push_back({b, c, 0.039f * H, 0.025f * H, 0.95f, X, {j1, j0, j2, 0.2f}});
        if (j2 < 0) return;
        // Foot: from the heel to the toe tip, flat, resting just below the ankle.
        glm::vec3 toe = chainEnd(r, j2);
        glm::vec3 forward = toe - c;
        forward.y = 0.0f;
        forward = glm::length(forward) > 1e-4f ? glm::normalize(forward) : Z;
        const float drop = 0.012f * H;
        const glm::vec3 heel = c - forward * 0.035f * H - Y * drop;
        toe.y = heel.y;
        const int toes = mainChild(r, j2);
        parts.push_back({heel,
                         toe - forward * 0.02f * H,
                         0.03f * H,
                         0.028f * H,
                         0.7f,
                         X,
                         {j2, j1, toes, 0.3f}});
    } else {
        // Collar bone from the trunk to the shoulder, then a rounded shoulder.
        if (limb.first > 0) {
            const glm::vec3 collar = trunkAt(r, trunk, a.y);
            parts.push_back({glm::mix(collar, a, 0.3f),
                             a,
                             0.03f * H,
                             0.034f * H,
                             0.8f,
                             Z,
                             {limb.chain[limb.first - 1], limb.attach, j0, 0.3f}});
        }
        parts.push_back({a, b, 0.034f * H, 0.027f * H, 1.0f, X, {j0, p0, j1, 0.2f}});
        parts.push_back({b, c, 0.027f * H, 0.02f * H, 1.0f, X, {j1, j0, j2, 0.2f}});
        if (j2 < 0) return;
        // Hand: a flat paddle along the forearm, palm across the body's depth.
        glm::vec3 dir = c - b;
        dir = glm::length(dir) > 1e-5f ? glm::normalize(dir) : -Y;
        parts.push_back({c + dir * 0.015f * H,
                         c + dir * 0.07f * H,
                         0.026f * H,
                         0.02f * H,
                         0.45f,
                         Z,
                         {j2, j1, -1, 0.3f}});
    }
}

// The mannequin's one material and part, and the inverse bind matrices of the rest pose.
void finishMesh(const Skeleton& skeleton, const MannequinSettings& settings, SkinnedMesh& mesh) {
    Material material;
    material.name = "mannequin";
    material.baseColor = settings.color;
    material.texturePath = settings.texturePath;
    material.roughness = 0.55f;
    mesh.materials.push_back(material);
    mesh.parts.push_back({0, static_cast<std::uint32_t>(mesh.indices.size()), 0});

    std::vector<Transform> world(skeleton.jointCount());
    forwardKinematics(skeleton, skeleton.restRotations, glm::vec3(0.0f), world);
    mesh.inverseBind.resize(world.size());
    for (size_t j = 0; j < world.size(); ++j) mesh.inverseBind[j] = glm::inverse(world[j].matrix());
}

}  // namespace

Expected<SkinnedMesh> buildMannequin(const Skeleton& skeleton, const MannequinSettings& settings) {
    if (Status s = settings.validate(); !s) return s;
    if (skeleton.jointCount() < 2) return Status::error("the skeleton has fewer than two joints");
    if (Status s = skeleton.validate(); !s) return s;

    const Rest r = restOf(skeleton);
    const glm::vec3 root = r.pos[0];
    float lo = 1e30f, hi = -1e30f;
    for (int j = 0; j < skeleton.jointCount(); ++j) {
        lo = std::min({lo, r.pos[j].y, r.tip[j].y});
        hi = std::max({hi, r.pos[j].y, r.tip[j].y});
    }
    const float extent = std::max(hi - lo, 1e-3f);
    // A person is about 2.1 hip heights tall; fall back to the extent when there are no legs.
    const float legLength = root.y - lo;
    const float H = legLength > 0.25f * extent ? legLength / 0.47f : extent;

    const std::vector<int> trunk = trunkChain(r, 0.04f * H);
    if (trunk.size() < 2)
        return Status::error("the skeleton has no trunk (no joint above the root)");

    const std::vector<Limb> limbs = findLimbs(r, trunk, legLength, H);
    std::vector<Part> parts;
    addTrunk(skeleton, r, trunk, widthsOf(r, limbs, H), H, parts);
    for (const Limb& limb : limbs) addLimb(skeleton, r, trunk, limb, H, parts);
    SkinnedMesh mesh;
    for (const Part& part : parts) appendPart(part, skeleton, settings.rings, settings.sides, mesh);
    finishMesh(skeleton, settings, mesh);
    return mesh;
}

}  // namespace gs
