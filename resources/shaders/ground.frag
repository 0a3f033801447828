#version 330 core
// Ground colour with anti-aliased grid lines (1 m, bolder every 5 m) that fade with distance,
// and a fade into the background at the horizon. (Blob shadows are drawn on top: shadow.frag.)
in vec3 vWorldPosition;

uniform vec3 uCameraPosition;
uniform vec3 uGroundColor;     // linear
uniform vec3 uLineColor;       // linear
uniform vec3 uBackground;      // linear
uniform float uFadeStart;      // metres from the camera where lines start to fade
uniform float uFadeEnd;        // metres where lines and ground have faded away

out vec4 fragColor;

// linear -> sRGB within 0.54/255: a rational function of sqrt(c) fitted to the exact curve, which
// costs a log2 and an exp2 per channel on every ground pixel (see lighting.glsl).
vec3 encodeSrgb(vec3 c) {
    vec3 s = sqrt(clamp(c, 0.0, 1.0));
    vec3 p = ((89.37631 * s + 44.92036) * s - 0.6928475) * s + 0.001579686;
    vec3 q = (104.7673 * s + 27.69494) * s + 1.0;
    return clamp(p / q, 0.0, 1.0);
}

float gridLine(vec2 coord, float spacing, float width) {
    vec2 p = coord / spacing;
    vec2 w = fwidth(p);
    vec2 g = abs(fract(p - 0.5) - 0.5) / max(w, vec2(1e-6));
    float line = 1.0 - min(min(g.x, g.y) / width, 1.0);
    // Where cells shrink below a few pixels the lines would alias: let them go.
    return line * (1.0 - smoothstep(0.15, 0.5, max(w.x, w.y)));
}

void main() {
    vec2 xz = vWorldPosition.xz;
    float distance = length(vWorldPosition - uCameraPosition);
    float fade = 1.0 - smoothstep(uFadeStart, uFadeEnd, distance);
    float minor = gridLine(xz, 1.0, 1.0);
    float major = gridLine(xz, 5.0, 1.6);
    float line = max(minor * 0.55, major) * fade;
    vec3 color = mix(uGroundColor, uLineColor, line);
    float horizon = smoothstep(uFadeEnd * 0.6, uFadeEnd * 1.6, distance);
    color = mix(color, uBackground, horizon);
    fragColor = vec4(encodeSrgb(color), 1.0);
}
