#pragma once
// A structural check of glTF 2 (.gltf and .glb) before Assimp reads it, so that a hostile or
// broken file gets a sentence naming the element at fault ("accessor 12: count 0") instead of a
// crash, a leak or a read outside the file's folder in Assimp's glTF 2 importer.
//
// What is checked: the GLB container (header, JSON chunk, optional BIN chunk, all inside the
// bytes); the JSON's nesting and size (limits.h, scanned before it is parsed) and its syntax, with
// no key repeated within an object; asset.version 2.x; every buffer (its bytes present: the BIN
// chunk, a base64 data: uri, or a regular file inside the folder), buffer view, accessor (count
// >= 1, known types, inside its view; sparse accessors are refused) and every index anywhere in
// range; the node tree (one parent each, no cycle, at most limits::kMaxJointDepth deep) and each
// node's transform (numbers, finite, plausible translation and scale, a rotation of nonzero
// length); meshes (a POSITION, attributes of one count and of the types Assimp copies, no Draco
// compression), skins (joints and their inverse bind matrices) and animations (samplers with
// keys, outputs of the right shape, targets one of translation, rotation, scale or weights).

#include <string>
#include <string_view>

#include <gaitspace/runtime/status.h>

namespace gs {

// Checks a glTF 2 file held in memory: a GLB when `binary`, else JSON text. Relative uris resolve
// in `folder`; an empty folder means the bytes came from memory, where only a GLB's BIN chunk and
// data: uris may hold data. The Status starts "cannot import as glTF[ binary (GLB)]: " and names
// the element at fault. Reads no more than the files the uris name (their type and size).
Status checkGltf(std::string_view bytes, const std::string& folder, bool binary);

// Reads a regular file of at most limits::kMaxMotionFileBytes and checks it, with uris resolved
// in the file's folder.
Status checkGltfFile(const std::string& path, bool binary);

}  // namespace gs
