#version 330 core
// Debug lines and points: world positions with a colour each (sRGB, drawn as given).
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec4 aColor;
uniform mat4 uViewProjection;
uniform float uPointSize;
out vec4 vColor;
void main() {
    vColor = aColor;
    gl_PointSize = uPointSize;
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
