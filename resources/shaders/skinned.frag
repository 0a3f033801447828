#version 330 core
// Per-pixel lighting in linear space: one key light (Lambert + Blinn-Phong) and a hemisphere
// ambient (sky above, ground bounce below); the result is encoded to sRGB for display.
in vec3 vWorldPosition;
in vec3 vNormal;
in vec2 vUv;

uniform vec4 uBaseColor;      // linear
uniform bool uHasTexture;
uniform sampler2D uTexture;   // sRGB texture: sampling returns linear values
uniform float uRoughness;
uniform float uEmissive;      // 0 = lit, 1 = flat colour (markers)
uniform vec3 uCameraPosition;
uniform vec3 uLightDirection; // towards the light, unit length
uniform vec3 uLightColor;
uniform vec3 uSkyColor;
uniform vec3 uGroundColor;

out vec4 fragColor;

vec3 encodeSrgb(vec3 c) {
    c = clamp(c, 0.0, 1.0);
    return mix(c * 12.92, 1.055 * pow(c, vec3(1.0 / 2.4)) - 0.055, step(0.0031308, c));
}

void main() {
    vec4 base = uBaseColor;
    if (uHasTexture) base *= texture(uTexture, vUv);
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing) n = -n;
    vec3 v = normalize(uCameraPosition - vWorldPosition);
    vec3 l = uLightDirection;
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0);
    float shininess = mix(96.0, 8.0, clamp(uRoughness, 0.0, 1.0));
    float specular = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), shininess) * (1.0 - uRoughness) * 0.5 : 0.0;
    vec3 ambient = mix(uGroundColor, uSkyColor, 0.5 + 0.5 * n.y);
    // A little rim light separates the figure from the ground in side views.
    // (A cube by products: pow() costs a log and an exp per pixel on a software rasteriser.)
    float edge = 1.0 - max(dot(n, v), 0.0);
    float rim = edge * edge * edge * 0.15;
    vec3 lit = base.rgb * (ambient + uLightColor * diffuse) + uLightColor * specular + rim * uSkyColor;
    // Soft exposure curve: bright materials under the key light roll off instead of clipping.
    lit = 1.0 - exp(-1.5 * lit);
    vec3 color = mix(lit, base.rgb, uEmissive);
    fragColor = vec4(encodeSrgb(color), base.a);
}
