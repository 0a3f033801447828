#version 330 core
// Linear-blend skinning: up to four joints per vertex from a palette of MAX_JOINTS joint matrices
// (world x inverse bind; the renderer defines MAX_JOINTS as gs::limits::kMaxJoints, 256), held in a
// uniform block (16 KiB at 256, GL 3.3's guaranteed block size).
// With VERTEX_LIGHTING the vertex is also lit here (lighting.glsl; untextured closed meshes
// only, whose back faces are culled, so the normal always faces the viewer).
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
layout(location = 2) in vec2 aUv;
layout(location = 3) in uvec4 aJoints;
layout(location = 4) in vec4 aWeights;

layout(std140) uniform Palette {
    mat4 uJoints[MAX_JOINTS];
};
uniform mat4 uViewProjection;

#ifdef VERTEX_LIGHTING
out vec4 vColor;
#else
out vec3 vWorldPosition;
out vec3 vNormal;
out vec2 vUv;
#endif

void main() {
    mat4 skin = aWeights.x * uJoints[aJoints.x] + aWeights.y * uJoints[aJoints.y] +
                aWeights.z * uJoints[aJoints.z] + aWeights.w * uJoints[aJoints.w];
    vec4 world = skin * vec4(aPosition, 1.0);
    // Joint matrices are rigid, so their blend needs no inverse-transpose beyond renormalising.
    vec3 normal = mat3(skin) * aNormal;
#ifdef VERTEX_LIGHTING
    vColor = vec4(shade(uBaseColor.rgb, normalize(normal), world.xyz), uBaseColor.a);
#else
    vWorldPosition = world.xyz;
    vNormal = normal;
    vUv = aUv;
#endif
    gl_Position = uViewProjection * world;
}
