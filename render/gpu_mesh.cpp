#include "render/gpu_mesh.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <map>

#include "render/texture_image.h"

namespace gs {
namespace {

GLuint uploadTexture(QOpenGLFunctions_3_3_Core& gl, const QImage& image) {
    GLuint texture = 0;
    gl.glGenTextures(1, &texture);
    gl.glBindTexture(GL_TEXTURE_2D, texture);
    gl.glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    // sRGB storage: sampling returns linear values for lighting.
    gl.glTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, image.width(), image.height(), 0, GL_RGBA,
                    GL_UNSIGNED_BYTE, image.constBits());
    gl.glGenerateMipmap(GL_TEXTURE_2D);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    gl.glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    gl.glBindTexture(GL_TEXTURE_2D, 0);
    return texture;
}

}  // namespace

bool isClosedMesh(const SkinnedMesh& mesh) {
    // Weld by position: seams duplicate vertices for their UVs but not the surface.
    std::map<std::array<long long, 3>, std::uint32_t> ids;
    std::vector<std::uint32_t> weld(mesh.vertices.size());
    for (size_t i = 0; i < mesh.vertices.size(); ++i) {
        const glm::vec3 p = mesh.vertices[i].position * 1e5f;
        const std::array<long long, 3> key{std::llround(p.x), std::llround(p.y), std::llround(p.z)};
        weld[i] = ids.emplace(key, static_cast<std::uint32_t>(ids.size())).first->second;
    }
    // A closed, consistently wound surface uses each edge as often in one direction as in the
    // other; a boundary (a hole, a single-sided sheet) leaves some edge unbalanced. Counting the
    // balance rather than demanding exactly two uses lets separate closed parts touch (a
    // mannequin's capsules meet at the joints).
    std::map<std::pair<std::uint32_t, std::uint32_t>, int> balance;
    for (size_t t = 0; t + 2 < mesh.indices.size(); t += 3) {
        std::array<std::uint32_t, 3> v{};
        for (int k = 0; k < 3; ++k) {
            if (mesh.indices[t + k] >= weld.size()) return false;
            v[k] = weld[mesh.indices[t + k]];
        }
        if (v[0] == v[1] || v[1] == v[2] || v[2] == v[0]) continue;  // collapsed (a capsule's pole)
        for (int k = 0; k < 3; ++k) {
            const std::uint32_t a = v[k], b = v[(k + 1) % 3];
            balance[{std::min(a, b), std::max(a, b)}] += a < b ? 1 : -1;
        }
    }
    if (balance.empty()) return false;
    for (const auto& [edge, b] : balance)
        if (b != 0) return false;
    return true;
}

float srgbToLinear(float c) {
    return c <= 0.04045f ? c / 12.92f : std::pow((c + 0.055f) / 1.055f, 2.4f);
}

GpuMesh uploadMesh(QOpenGLFunctions_3_3_Core& gl, const SkinnedMesh& mesh, QStringList* warnings) {
    GpuMesh out;
    out.parts = mesh.parts;
    out.jointCount = static_cast<int>(mesh.inverseBind.size());
    out.closed = isClosedMesh(mesh);
    for (const Material& m : mesh.materials) {
        GpuMaterial g;
        g.linearColor = {srgbToLinear(m.baseColor.r), srgbToLinear(m.baseColor.g),
                         srgbToLinear(m.baseColor.b), m.baseColor.a};
        g.roughness = m.roughness;
        if (m.hasTexture()) {
            auto image = decodeTexture(m);
            if (image)
                g.texture = uploadTexture(gl, *image);
            else if (warnings)
                *warnings << QString::fromStdString(image.message());
        }
        out.materials.push_back(g);
    }
    if (out.materials.empty()) out.materials.emplace_back();

    gl.glGenVertexArrays(1, &out.vertexArray);
    gl.glBindVertexArray(out.vertexArray);
    gl.glGenBuffers(1, &out.vertexBuffer);
    gl.glBindBuffer(GL_ARRAY_BUFFER, out.vertexBuffer);
    gl.glBufferData(GL_ARRAY_BUFFER,
                    static_cast<GLsizeiptr>(mesh.vertices.size() * sizeof(SkinVertex)),
                    mesh.vertices.data(), GL_STATIC_DRAW);
    gl.glGenBuffers(1, &out.indexBuffer);
    gl.glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, out.indexBuffer);
    gl.glBufferData(GL_ELEMENT_ARRAY_BUFFER,
                    static_cast<GLsizeiptr>(mesh.indices.size() * sizeof(std::uint32_t)),
                    mesh.indices.data(), GL_STATIC_DRAW);
    const GLsizei stride = sizeof(SkinVertex);
    auto offset = [](size_t o) { return reinterpret_cast<const void*>(o); };
    gl.glEnableVertexAttribArray(0);
    gl.glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride,
                             offset(offsetof(SkinVertex, position)));
    gl.glEnableVertexAttribArray(1);
    gl.glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride,
                             offset(offsetof(SkinVertex, normal)));
    gl.glEnableVertexAttribArray(2);
    gl.glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, offset(offsetof(SkinVertex, uv)));
    gl.glEnableVertexAttribArray(3);
    gl.glVertexAttribIPointer(3, 4, GL_UNSIGNED_SHORT, stride,
                              offset(offsetof(SkinVertex, joints)));
    gl.glEnableVertexAttribArray(4);
    gl.glVertexAttribPointer(4, 4, GL_FLOAT, GL_FALSE, stride,
                             offset(offsetof(SkinVertex, weights)));
    gl.glBindVertexArray(0);
    return out;
}

void destroyMesh(QOpenGLFunctions_3_3_Core& gl, GpuMesh& mesh) {
    for (GpuMaterial& m : mesh.materials)
        if (m.texture) gl.glDeleteTextures(1, &m.texture);
    if (mesh.indexBuffer) gl.glDeleteBuffers(1, &mesh.indexBuffer);
    if (mesh.vertexBuffer) gl.glDeleteBuffers(1, &mesh.vertexBuffer);
    if (mesh.vertexArray) gl.glDeleteVertexArrays(1, &mesh.vertexArray);
    mesh = {};
}

}  // namespace gs
