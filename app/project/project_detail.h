#pragma once
// Private to app/project: the helpers project.cpp, project_check.cpp and project_write.cpp share.

#include <QString>

#include "project.h"

namespace gs::detail {

// The "format" and "version" every project file carries.
inline const QString kFormat = QStringLiteral("gaitspace-project");
inline constexpr int kVersion = 1;

// The file's name for messages ("walk.gsproj").
QString fileLabel(const QString& path);
// "FILE: why" as an error.
Status fail(const QString& path, const QString& why);

}  // namespace gs::detail
