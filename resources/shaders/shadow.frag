#version 330 core
// Darkens what is below by a soft Gaussian falloff (blend: dst x (1 - alpha)).
in vec3 vLocal;
out vec4 fragColor;
void main() {
    float d2 = dot(vLocal.xy, vLocal.xy) * 4.0;
    fragColor = vec4(0.0, 0.0, 0.0, vLocal.z * exp(-3.0 * d2) * step(d2, 4.0));
}
