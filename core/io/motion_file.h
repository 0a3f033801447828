#pragma once
// Reading a file the importers are given, before any parser sees it: only regular files, at most
// a given size, read whole (so a FIFO, a device or a directory gets a clear sentence instead of a
// hang or an endless read), and a structural check of GLB headers whose lengths Assimp trusts.

#include <cstdint>
#include <string>

#include <gaitspace/runtime/status.h>

namespace gs {

// The size of the file at `path` when it is a regular file (symbolic links followed) of 1 to
// maxBytes bytes; otherwise why not ("file not found", "is a FIFO, not a regular file", "the path
// holds the control character U+0000 at character 12", ...).
Expected<std::int64_t> checkRegularFile(const std::string& path, std::int64_t maxBytes);

// The whole content of a regular file of at most maxBytes bytes.
Expected<std::string> readRegularFile(const std::string& path, std::int64_t maxBytes);

// Removes a UTF-8 byte-order mark and turns CRLF and lone CR line ends into LF, in place.
void normalizeLineEnds(std::string& text);

// Checks a binary glTF header (version 1 or 2): magic, total length against the file size, and
// the first chunk's length inside the file. `fileSize` is the real size of the file.
Status checkGlbHeader(const unsigned char* header, std::size_t headerBytes, std::int64_t fileSize);

// The same for a file on disk of `fileSize` bytes (its first 20 bytes are read).
Status checkGlbFile(const std::string& path, std::int64_t fileSize);

// The extension of the format a file's first bytes show, whatever it is named: ".bvh" for text
// that starts with HIERARCHY, ".glb" for the binary glTF signature, ".gltf" for a JSON object
// holding "asset"; else `lowerExtension`. The importers dispatch on it, so that every file of a
// format gets that format's checks before Assimp (which detects formats by content) reads it.
std::string contentExtension(const std::string& path, const std::string& lowerExtension);

// A format's name from a file extension (".glb" -> "glTF binary (GLB)").
std::string formatName(const std::string& lowerExtension);

}  // namespace gs
