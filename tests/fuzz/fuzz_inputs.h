#pragma once
// Inputs shared by the fuzz targets and their seed maker: small generated BVH clips and projects.

#include <QByteArray>
#include <QString>
#include <vector>

namespace gs::fuzz {

// A valid BVH of 7 joints in centimetres: `frames` frames, the root walking `stepCm` per frame,
// legs swinging with period `period` frames.
QByteArray walkBvh(int frames, double stepCm, double period);

// Seeds of the import target: valid files and their CR, CRLF, BOM, extra-line variants.
std::vector<QByteArray> importSeeds();
// Files shaped like the other capture sources (Bandai, GAMES-105, 100STYLE;
// tests/common/foreign_bvh.h).
std::vector<QByteArray> foreignSeeds();

// Seeds of the project target: projects over the clips written by writeProjectClips().
std::vector<QByteArray> projectSeeds();

// Writes a.bvh, b.bvh and c.bvh (walks of different step and period) into `folder`.
void writeProjectClips(const QString& folder);

}  // namespace gs::fuzz
