// NavPathFollower (navigation.h): steering a character along a navigation mesh's shortest path.

#include <gaitspace/runtime/navigation.h>

#include <algorithm>
#include <limits>

#include <glm/geometric.hpp>

namespace gs {
namespace {

glm::vec2 xz(const glm::vec3& p) { return {p.x, p.z}; }

// Metres a character may move before its look-ahead point is found again (each finding checks
// the way to it every 10 cm): the point kept is then at most this much behind, a few degrees off
// the way at the look-ahead's distance.
constexpr float kAimKeptM = 0.15f;

}  // namespace

Status NavFollowSettings::validate() const {
    if (!(lookAheadM >= 0.1f && lookAheadM <= 10.0f))
        return Status::error("the path's look-ahead must be in [0.1, 10] m");
    if (!(replanDistanceM > 0.0f && replanDistanceM <= 100.0f))
        return Status::error(
            "the distance off the path before it is found again must be in "
            "(0, 100] m");
    if (!(cornerOffsetM >= 0.0f && cornerOffsetM <= 1.0f))
        return Status::error("the corners' offset must be in [0, 1] m");
    if (!(aimMarginM >= 0.0f && aimMarginM <= 1.0f))
        return Status::error("the aim's margin must be in [0, 1] m");
    return Status::ok();
}

NavPathFollower::NavPathFollower(const Navigation& navigation, Settings settings)
    : m_nav(&navigation), m_settings(settings) {}

Expected<NavPath> NavPathFollower::setGoal(const glm::vec3& from, const glm::vec3& goal) {
    if (Status s = m_settings.validate(); !s) return s;
    auto path = m_nav->findPath(from, goal);
    if (!path) return path.status();
    m_corners = path->corners;
    offsetCorners();
    m_segment = 0;
    m_aimKept = false;
    m_goal = path->goal.position;
    return path;
}

Status NavPathFollower::findPath(const glm::vec3& from) {
    auto path = m_nav->findPath(from, m_goal);
    if (!path) return path.status();
    m_corners = std::move(path->corners);
    offsetCorners();
    m_segment = 0;
    m_aimKept = false;
    return Status::ok();
}

// Each inner corner moved away from the edge it turns round, by the offset, where the mesh is
// still under it.
void NavPathFollower::offsetCorners() {
    for (size_t k = 1; k + 1 < m_corners.size(); ++k) {
        const glm::vec2 in = xz(m_corners[k]) - xz(m_corners[k - 1]);
        const glm::vec2 out = xz(m_corners[k + 1]) - xz(m_corners[k]);
        if (glm::length(in) < 1e-4f || glm::length(out) < 1e-4f) continue;
        const glm::vec2 inside = glm::normalize(out) - glm::normalize(in);
        if (glm::length(inside) < 1e-3f) continue;
        const glm::vec2 moved =
            xz(m_corners[k]) - m_settings.cornerOffsetM * glm::normalize(inside);
        const glm::vec3 candidate(moved.x, m_corners[k].y, moved.y);
        if (m_nav->onMesh(candidate)) m_corners[k] = candidate;
    }
}

glm::vec2 NavPathFollower::aim(const glm::vec2& p, float y) {
    if (m_corners.size() < 2) return xz(m_goal);
    Nearest on = nearestOnPath(p);
    // Found afresh once (the path then starts at the mesh's point nearest the character); a
    // character still far from it is off the mesh, and walks back onto it first.
    if (on.distance > m_settings.replanDistanceM && findPath(glm::vec3(p.x, y, p.y))) {
        on = nearestOnPath(p);
        if (on.distance > m_settings.replanDistanceM) return xz(m_corners.front());
    }
    if (m_aimKept && on.segment == m_segment && glm::distance(p, m_aimFrom) < kAimKeptM &&
        glm::distance(p, m_aim) > 2.0f * kAimKeptM)
        return m_aim;
    m_segment = on.segment;
    for (float ahead = m_settings.lookAheadM;; ahead *= 0.5f) {
        const glm::vec2 target = alongPath(on.segment, on.point, ahead);
        if (ahead < 0.1f * m_settings.lookAheadM || visible(p, target, y)) {
            m_aimKept = true;
            m_aimFrom = p;
            m_aim = target;
            return target;
        }
    }
}

// The point of the path nearest p, among the segment last followed and the two after it.
NavPathFollower::Nearest NavPathFollower::nearestOnPath(const glm::vec2& p) const {
    Nearest best{std::numeric_limits<float>::max(), m_segment, xz(m_corners[m_segment])};
    for (size_t s = m_segment; s + 1 < m_corners.size() && s <= m_segment + 2; ++s) {
        const glm::vec2 a = xz(m_corners[s]), b = xz(m_corners[s + 1]);
        const glm::vec2 ab = b - a;
        const float len2 = glm::dot(ab, ab);
        const float t = len2 > 1e-8f ? std::clamp(glm::dot(p - a, ab) / len2, 0.0f, 1.0f) : 1.0f;
        const glm::vec2 q = a + t * ab;
        const float d = glm::distance(p, q);
        if (d < best.distance - 1e-4f) best = {d, s, q};
    }
    return best;
}

glm::vec2 NavPathFollower::alongPath(size_t segment, glm::vec2 q, float ahead) const {
    for (size_t s = segment; s + 1 < m_corners.size(); ++s) {
        const glm::vec2 e = xz(m_corners[s + 1]);
        const float len = glm::distance(q, e);
        if (len >= ahead) return q + (e - q) * (ahead / len);
        ahead -= len;
        q = e;
    }
    return xz(m_goal);
}

// Whether the straight way from a to b, and the ways aimMarginM either side of it, lie on the mesh
// (sampled every 10 cm).
bool NavPathFollower::visible(const glm::vec2& a, const glm::vec2& b, float y) const {
    const float length = glm::distance(a, b);
    const int samples = std::max(1, static_cast<int>(length / 0.1f));
    const float margin = m_settings.aimMarginM;
    const glm::vec2 n =
        length > 1e-4f ? glm::vec2(b.y - a.y, a.x - b.x) * (margin / length) : glm::vec2(0.0f);
    for (int k = 1; k <= samples; ++k) {
        const glm::vec2 q = a + (b - a) * (static_cast<float>(k) / samples);
        if (!m_nav->onMesh({q.x, y, q.y})) return false;
        if (margin > 0.0f && (!m_nav->onMesh({q.x + n.x, y, q.y + n.y}) ||
                              !m_nav->onMesh({q.x - n.x, y, q.y - n.y})))
            return false;
    }
    return true;
}

}  // namespace gs
