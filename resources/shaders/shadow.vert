#version 330 core
// Blob shadows: one small quad on the ground per character (cost follows the shadow's area,
// not the screen's).
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aLocal;  // quad coordinates in -1..1, darkness
uniform mat4 uViewProjection;
out vec3 vLocal;
void main() {
    vLocal = aLocal;
    gl_Position = uViewProjection * vec4(aPosition, 1.0);
}
