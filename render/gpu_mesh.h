#pragma once
// GpuMesh: a SkinnedMesh uploaded to OpenGL (one vertex array, vertex and index buffers, a texture
// per textured material). Created and destroyed by the Renderer with its context current.

#include <QOpenGLFunctions_3_3_Core>
#include <QStringList>

#include <vector>

#include "core/character/skinned_mesh.h"

namespace gs {

struct GpuMaterial {
    glm::vec4 linearColor{1.0f};  // base colour converted from sRGB
    float roughness = 0.6f;
    GLuint texture = 0;  // 0 = none
};

struct GpuMesh {
    GLuint vertexArray = 0;
    GLuint vertexBuffer = 0;
    GLuint indexBuffer = 0;
    std::vector<MeshPart> parts;
    std::vector<GpuMaterial> materials;
    int jointCount = 0;
    // Every edge is crossed equally often in both directions (closed surfaces, consistently
    // wound, possibly several touching): back faces are hidden
    // behind front faces, so they can be culled (half the triangles never reach the rasteriser).
    // Open meshes (a cape, a single-sided plane) keep both sides.
    bool closed = false;
};

// Uploads the mesh. A texture that cannot be decoded leaves its material untextured and adds a
// sentence to `warnings`.
GpuMesh uploadMesh(QOpenGLFunctions_3_3_Core& gl, const SkinnedMesh& mesh, QStringList* warnings);
void destroyMesh(QOpenGLFunctions_3_3_Core& gl, GpuMesh& mesh);

// Whether the triangles form closed surfaces with consistent winding (see GpuMesh::closed).
// Vertices at the same position (within 10 micrometres) count as one, so UV seams stay closed.
bool isClosedMesh(const SkinnedMesh& mesh);

// sRGB -> linear for one channel.
float srgbToLinear(float c);

}  // namespace gs
