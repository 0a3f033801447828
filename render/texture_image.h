#pragma once
// Decoding of a material's image texture (PNG, JPEG, ... through QImage), with an error sentence
// naming the file and the cause when it cannot be read, so callers can fall back to the base
// colour.

#include <QImage>

#include "core/character/skinned_mesh.h"
#include <gaitspace/runtime/status.h>

namespace gs {

// The material's texture as RGBA8888, top row first. Fails when there is no texture, the file is
// missing, or its bytes are not an image QImage can decode.
Expected<QImage> decodeTexture(const Material& material);

}  // namespace gs
