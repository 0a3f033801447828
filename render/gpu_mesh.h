#pragma once
// GpuMesh: a SkinnedMesh uploaded to OpenGL (one vertex array, vertex and index buffers, a texture
// per textured material). Created and destroyed by the Renderer with its context current.

#include <QOpenGLFunctions_3_3_Core>
#include <QStringList>

#include <vector>

#include "core/skinned_mesh.h"

namespace gs {

struct GpuMaterial {
    glm::vec4 linearColor{1.0f};  // base colour converted from sRGB
    float roughness = 0.6f;
    GLuint texture = 0;           // 0 = none
};

struct GpuMesh {
    GLuint vertexArray = 0;
    GLuint vertexBuffer = 0;
    GLuint indexBuffer = 0;
    std::vector<MeshPart> parts;
    std::vector<GpuMaterial> materials;
    int jointCount = 0;
};

// Uploads the mesh. A texture that cannot be decoded leaves its material untextured and adds a
// sentence to `warnings`.
GpuMesh uploadMesh(QOpenGLFunctions_3_3_Core& gl, const SkinnedMesh& mesh, QStringList* warnings);
void destroyMesh(QOpenGLFunctions_3_3_Core& gl, GpuMesh& mesh);

// sRGB -> linear for one channel.
float srgbToLinear(float c);

}  // namespace gs
