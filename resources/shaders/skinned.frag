#version 330 core
// Per-pixel lighting (lighting.glsl), or with VERTEX_LIGHTING the colour lit at the vertices:
// with 4x MSAA llvmpipe runs this shader for every covered sample, and the coarse level is only
// drawn for characters too small on screen for per-pixel highlights to show.
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
