#version 330 core
// The ground: a large square on y = 0 centred under the camera.
layout(location = 0) in vec2 aCorner;  // -1..1
uniform mat4 uViewProjection;
uniform vec2 uCentre;
uniform float uHalfSize;
out vec3 vWorldPosition;
void main() {
    vWorldPosition = vec3(uCentre.x + aCorner.x * uHalfSize, 0.0, uCentre.y + aCorner.y * uHalfSize);
    gl_Position = uViewProjection * vec4(vWorldPosition, 1.0);
}
