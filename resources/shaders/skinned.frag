#version 330 core
// Per-pixel lighting (lighting.glsl), or with VERTEX_LIGHTING the colour lit at the vertices:
// the coarse level is only drawn for characters too small on screen (under 240 px) for
// per-pixel highlights to show, and a crowd's fragment work then shrinks to a copy.
#ifdef VERTEX_LIGHTING
in vec4 vColor;  // sRGB, alpha

out vec4 fragColor;

void main() { fragColor = vColor; }
#else
in vec3 vWorldPosition;
in vec3 vNormal;
in vec2 vUv;

uniform bool uHasTexture;
uniform sampler2D uTexture;   // sRGB texture: sampling returns linear values

out vec4 fragColor;

void main() {
    vec4 base = uBaseColor;
    if (uHasTexture) base *= texture(uTexture, vUv);
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing) n = -n;
    fragColor = vec4(shade(base.rgb, n, vWorldPosition), base.a);
}
#endif
