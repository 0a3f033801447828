#version 330 core
in vec4 vColor;
uniform bool uRoundPoints;
out vec4 fragColor;
void main() {
    if (uRoundPoints) {
        vec2 d = gl_PointCoord - vec2(0.5);
        if (dot(d, d) > 0.25) discard;
    }
    fragColor = vColor;
}
