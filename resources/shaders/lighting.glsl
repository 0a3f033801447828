// Shared by skinned.frag (per pixel) and skinned.vert with VERTEX_LIGHTING (per vertex, for the
// coarse level of small characters). Inserted after the #version line by the renderer.
// One key light (Lambert + Blinn-Phong) and a hemisphere ambient (sky above, ground bounce
// below), in linear space; the result goes through a soft exposure curve and is encoded to sRGB.
uniform vec4 uBaseColor;      // linear
uniform float uRoughness;
uniform float uEmissive;      // 0 = lit, 1 = flat colour (markers)
uniform vec3 uCameraPosition;
uniform vec3 uLightDirection; // towards the light, unit length
uniform vec3 uLightColor;
uniform vec3 uSkyColor;
uniform vec3 uGroundColor;

// The exposure curve 1 - exp(-1.5 x) and the sRGB encoding, as rational functions fitted to them
// (least squares, reweighted towards the largest error), instead of an exp2 and a log2/exp2 pair
// per channel, each a long polynomial on a software rasteriser. Together they stay within 0.1/255
// on average and 1/255 except in the near black (x < 0.001, below what the ambient light gives).
vec3 exposure(vec3 x) {  // 1 - exp(-1.5 x) within 0.0004 for x in [0, 16]
    vec3 p = ((0.2814612 * x + 0.4192306) * x + 1.516633) * x - 0.0003992666;
    vec3 q = ((0.2793102 * x + 0.4738029) * x + 1.099366) * x + 1.0;
    return p / q;
}

vec3 encodeSrgb(vec3 c) {  // linear -> sRGB within 0.54/255 (the largest error near 0.002)
    vec3 s = sqrt(clamp(c, 0.0, 1.0));
    vec3 p = ((89.37631 * s + 44.92036) * s - 0.6928475) * s + 0.001579686;
    vec3 q = (104.7673 * s + 27.69494) * s + 1.0;
    return clamp(p / q, 0.0, 1.0);
}

// The displayed (sRGB) colour of a surface of linear colour `base` with unit normal `n` facing
// the viewer, at `position`.
vec3 shade(vec3 base, vec3 n, vec3 position) {
    vec3 v = normalize(uCameraPosition - position);
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
    vec3 lit = base * (ambient + uLightColor * diffuse) + uLightColor * specular + rim * uSkyColor;
    // Soft exposure curve: bright materials under the key light roll off instead of clipping.
    return encodeSrgb(mix(exposure(lit), base, uEmissive));
}
